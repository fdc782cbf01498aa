// The server goes away during a game (issue 11, bugs 1 and 2): the page
// must not flood it with requests, must say so in words, keep the game, and
// go on once the server is back on the same port.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, startFromForm, clickPoint, waitForActions, assertNoErrors, startOwnServer, appState,
  freePoint } from './lib.mjs';

let b;
let server;
before(async () => { b = await openBrowser(); });
after(async () => {
  await b.close();
  if (server) await server.stop();
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('server loss during the computer\'s turn: backoff, a message, Retry, and the game goes on', async () => {
  const { page } = b;
  server = await startOwnServer();
  const port = server.port;
  let requests = 0;
  page.on('request', (r) => { if (r.url().includes('/api/')) requests++; });
  await page.goto(server.url);
  await page.waitForSelector('#start:not([hidden])');
  // Hard: its search surely runs when the server dies (Medium's first replies can be instant).
  await startFromForm(page, { rules: 'freestyle', level: 'hard', opening: 'free', side: 'first' });
  // Stop the server as soon as the computer's search has started.
  const started = page.waitForResponse((r) => r.url().endsWith('/api/v1/search') && r.request().method() === 'POST');
  await clickPoint(page, 'h8');
  await started;
  await server.stop('SIGKILL');
  server = null;
  const before = requests;
  await sleep(5000);
  const during = requests - before;
  // The old loop sent about 1,000 requests in 5 s; with backoff it is a handful.
  assert.ok(during <= 8, `${during} requests in 5 s while the server was down`);
  assert.ok(during >= 2, `${during} requests in 5 s: the page should keep trying`);
  const msg = await page.locator('#message').textContent();
  assert.match(msg, /Cannot reach the server; your game is kept/);
  assert.ok(await page.locator('#btn-retry').isVisible(), 'a Retry button is shown');
  // It no longer claims to be thinking.
  assert.doesNotMatch(await page.locator('#status').textContent(), /thinking/);
  assert.ok(await page.locator('#thinking').isHidden());
  const st = await page.evaluate(() => ({ tokens: window.gomokuApp.tokens.slice() }));
  assert.deepEqual(st.tokens, ['h8'], 'the game is kept');

  // Retry by hand while still down: one more try, the same message.
  const beforeRetry = requests;
  await page.click('#btn-retry');
  await page.waitForFunction(() => !document.querySelector('#btn-retry').hidden);
  assert.ok(requests > beforeRetry, 'Retry sends a request');
  assert.match(await page.locator('#message').textContent(), /Cannot reach the server/);

  // Back on the same port: the computer moves without any further click.
  server = await startOwnServer(port);
  await waitForActions(page, 2);
  assert.ok(await page.locator('#message').isHidden(), 'the message goes once the game continues');
  assert.ok(await page.locator('#btn-retry').isHidden());

  // Bug 2: a point clicked while the server is down gets a translated sentence, not "network".
  const free = freePoint((await appState(page)).state, 'j10', 'g6');
  await server.stop('SIGKILL');
  server = null;
  await clickPoint(page, free);
  await page.waitForFunction(() => !document.querySelector('#message').hidden);
  const said = await page.locator('#message').textContent();
  assert.match(said, /Cannot reach the server; your game is kept/);
  assert.doesNotMatch(said, /^network$/);
  const tokens = await page.evaluate(() => window.gomokuApp.tokens.length);
  assert.equal(tokens, 2, 'the game is kept');
  // The same in German.
  await page.selectOption('#lang-select', 'de');
  await clickPoint(page, free);
  await page.waitForFunction(() => /nicht erreichbar/.test(document.querySelector('#message').textContent));
  assertNoErrors(b.errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(e)));
});
