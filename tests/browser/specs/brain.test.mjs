// `gomoku serve --brain NAME=COMMAND`: a Gomocup brain (our own
// pbrain-gomoku, built next to gomoku) offered in the level choices and
// playing the computer's stones; not offered for Captures and Fishing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openBrowser, startFromForm, clickPoint, waitForActions, appState, assertNoErrors,
  startOwnServer } from './lib.mjs';

let b;
let server;
before(async () => { b = await openBrowser(); });
after(async () => {
  if (server) await server.stop();
  await b.close();
});

test('a Gomocup brain is offered as the computer in Gomoku, not in Captures', async () => {
  const brain = path.join(path.dirname(process.env.GOMOKU_BIN), 'pbrain-gomoku');
  assert.ok(fs.existsSync(brain), `${brain} is built with gomoku`);
  server = await startOwnServer(0, ['--brain', `ours=${brain}`]);
  const { page } = b;
  const bodies = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/search') && r.method() === 'POST') bodies.push(JSON.parse(r.postData()));
  });
  await page.goto(server.url);
  await page.waitForSelector('#start:not([hidden])');
  await page.waitForSelector('select[name=level] option[value="engine:ours"]', { state: 'attached' });
  // Not for Captures or Fishing.
  await page.locator('input[name=rules][value=captures]').check({ force: true });
  assert.equal(await page.locator('select[name=level] option[value="engine:ours"]').isDisabled(), true);
  await startFromForm(page, { rules: 'freestyle', level: 'engine:ours', side: 'first', opening: 'free' });
  await clickPoint(page, 'h8');
  await waitForActions(page, 2);
  const { state } = await appState(page);
  assert.equal(state.stones, 2);
  assert.equal(bodies.at(-1).engine, 'ours');
  assert.match(await page.locator('#players').textContent(), /ours/);
  assertNoErrors(b.errors);
});

test('a brain that fails is named as the cause, with Retry and no flood; the link keeps the brain', async () => {
  const brain = path.join(path.dirname(process.env.GOMOKU_BIN), 'pbrain-gomoku');
  if (server) await server.stop();
  server = await startOwnServer(0, ['--brain', `ours=${brain}`, '--brain', 'broken=/bin/false']);
  const { page } = b;
  await page.goto(server.url);
  await page.waitForSelector('#start:not([hidden])');
  await page.waitForSelector('select[name=level] option[value="engine:broken"]', { state: 'attached' });
  await startFromForm(page, { rules: 'freestyle', level: 'engine:broken', side: 'first', opening: 'free' });
  let count = 0;
  page.on('request', (r) => { if (r.url().includes('/api/v1/search')) count++; });
  await clickPoint(page, 'h8');
  await page.waitForFunction(() => !document.querySelector('#btn-retry').hidden, null, { timeout: 30000 });
  const msg = await page.locator('#message').textContent();
  assert.match(msg, /The computer could not move/);
  assert.doesNotMatch(msg, /Cannot reach the server/);
  await page.waitForTimeout(3000);
  assert.ok(count <= 4, `${count} search requests after a brain failure`);

  // The link reopens the game with the same brain (here the working one).
  const hash = new URL(page.url()).hash.replace('engine%3Abroken', 'engine%3Aours');
  assert.match(hash, /level=engine%3Aours/);
  await page.goto('about:blank');
  await page.goto(server.url + hash);
  await page.waitForSelector('#game:not([hidden])');
  await waitForActions(page, 2);
  assert.equal(await page.evaluate(() => window.gomokuApp.settings.level), 'engine:ours');
  assert.match(await page.locator('#players').textContent(), /ours/);
  assertNoErrors(b.errors.filter((e) => !/status of 502/.test(e)));
});
