// Bugs a new player hit (issue 11): a game scored several times, a stale
// message, silent computer decisions, imports that start the computer, the
// phone start position, and the per-game seed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, clickPoint, appState, waitForActions, assertNoErrors, play, freePoint } from './lib.mjs';

let b;
before(async () => { b = await openBrowser(); });
after(async () => { await b.close(); });

test('session score: a game is counted once, however often it is undone and finished again', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'freestyle', opponent: 'friend', opening: 'free' });
  await page.click('#btn-reset-score');
  await play(page, ['h8', 'a1', 'i8', 'a3', 'j8', 'a5', 'k8', 'a7', 'l8']);
  assert.match(await page.locator('#session-score').textContent(), /Player 1 1 – 0 Player 2/);
  for (let i = 0; i < 3; i++) {
    await page.click('#btn-undo');
    await page.waitForFunction(() => window.gomokuApp.tokens.length === 8);
    await play(page, ['l8']);
    assert.ok((await appState(page)).state.result, 'l8 wins again');
  }
  assert.match(await page.locator('#session-score').textContent(), /Player 1 1 – 0 Player 2/);
  // A new game that ends counts as a second game.
  await page.click('#btn-rematch');
  await page.waitForFunction(() => window.gomokuApp.tokens.length === 0);
  await play(page, ['h8', 'a1', 'i8', 'a3', 'j8', 'a5', 'k8', 'a7', 'l8']);
  assert.match(await page.locator('#session-score').textContent(), /Player 1 1 – 1 Player 2/);
  assertNoErrors(b.errors);
});

test('the "earlier position" message goes when the view returns to the game', async () => {
  const { page } = b;
  await page.click('#nav-first');
  await clickPoint(page, 'h8');
  await page.waitForFunction(() => !document.querySelector('#message').hidden);
  assert.match(await page.locator('#message').textContent(), /earlier position/);
  await page.click('#nav-last');
  assert.ok(await page.locator('#message').isHidden(), 'no stale message under the live result');
  assert.match(await page.locator('#status').textContent(), /wins/);
  assertNoErrors(b.errors);
});

test('the computer declining a draw offer is told', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'renju', level: 'easy', side: 'first', opening: 'free' });
  await clickPoint(page, 'h8');
  await waitForActions(page, 2);
  await page.click('#actionbar [data-token=draw]');
  await waitForActions(page, 4);
  const { tokens } = await appState(page);
  assert.deepEqual(tokens.slice(2), ['draw', 'decline']);
  assert.match(await page.locator('#message').textContent(), /The computer declines the draw/);
  assertNoErrors(b.errors);
});

test('the computer\'s swap decision is said in words', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'freestyle', level: 'easy', side: 'first', opening: 'swap' });
  await play(page, ['h8', 'i9']);
  await clickPoint(page, 'j8');
  await waitForActions(page, 4);
  const { tokens } = await appState(page);
  assert.ok(['swap', 'stay'].includes(tokens[3]), `the computer chose ${tokens[3]}`);
  const msg = await page.locator('#message').textContent();
  if (tokens[3] === 'swap') assert.match(msg, /The computer swaps: it now plays Black, you play White/);
  else assert.match(msg, /The computer keeps the colours: it plays White, you play Black/);
  assertNoErrors(b.errors);
});

test('an imported record opens for study unless the computer is asked for', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'freestyle', level: 'easy', side: 'first', opening: 'free' });
  await page.click('#btn-import');
  await page.fill('#import-text', 'h8 i9 h9');
  await page.click('#import-ok');
  await page.waitForFunction(() => window.gomokuApp.tokens.length === 3);
  await page.waitForTimeout(1200);
  let s = await page.evaluate(() => ({ n: window.gomokuApp.tokens.length, vs: window.gomokuApp.settings.opponent, thinking: !!window.gomokuApp.thinking }));
  assert.deepEqual(s, { n: 3, vs: 'friend', thinking: false }, 'the computer does not move in a study');
  // White to move, played by hand.
  await play(page, ['h10']);
  assert.equal((await appState(page)).tokens.length, 4);

  await page.click('#btn-import');
  await page.fill('#import-text', 'h8 i9 h9');
  await page.check('#import-vs-cpu');
  await page.click('#import-ok');
  await page.waitForFunction(() => window.gomokuApp.settings.opponent === 'cpu');
  await waitForActions(page, 4);
  s = await page.evaluate(() => ({ n: window.gomokuApp.tokens.length, vs: window.gomokuApp.settings.opponent }));
  assert.deepEqual(s, { n: 4, vs: 'cpu' }, 'asked for, the computer answers');
  assertNoErrors(b.errors);
});

test('each game sends its own seed with the computer\'s searches', async () => {
  const { page } = b;
  const seeds = [];
  const onRequest = (r) => {
    // By record: a busy server (503) makes the page send a search again.
    if (r.url().endsWith('/api/v1/search') && r.method() === 'POST') {
      const body = JSON.parse(r.postData());
      seeds.push({ seed: body.seed, game: body.record === '' ? 2 : 1 });
    }
  };
  page.on('request', onRequest);
  await openApp(page);
  await startFromForm(page, { rules: 'freestyle', level: 'easy', side: 'first', opening: 'free' });
  await play(page, ['h8']);
  await waitForActions(page, 2);
  await play(page, [freePoint((await appState(page)).state, 'j10', 'g6')]);
  await waitForActions(page, 4);
  await page.click('#btn-rematch'); // the computer opens the rematch
  // Exactly one action: the old game's four also pass waitForActions(1).
  await page.waitForFunction(() => {
    const s = window.gomokuApp;
    return s.tokens.length === 1 && !s.thinking && !s.busy && !s.animating;
  }, null, { timeout: 60000 });
  page.off('request', onRequest);
  const first = [...new Set(seeds.filter((x) => x.game === 1).map((x) => x.seed))];
  const second = [...new Set(seeds.filter((x) => x.game === 2).map((x) => x.seed))];
  assert.ok(seeds.every((x) => Number.isInteger(x.seed) && x.seed >= 0), `seeds ${JSON.stringify(seeds)}`);
  assert.equal(first.length, 1, `one seed for the whole game: ${JSON.stringify(seeds)}`);
  assert.equal(second.length, 1);
  assert.notEqual(first[0], second[0], 'a new game draws a new seed');
  // The same seed repeats the computer's answers (the server's part of it).
  const replies = [];
  for (let i = 0; i < 2; i++) {
    await openApp(page);
    await startFromForm(page, { rules: 'freestyle', level: 'easy', side: 'first', opening: 'free' });
    await page.evaluate(() => { window.gomokuApp.seed = 12345; });
    await play(page, ['h8']);
    await waitForActions(page, 2);
    replies.push((await appState(page)).tokens[1]);
  }
  assert.equal(replies[0], replies[1], `one seed, one answer: ${replies}`);
  assertNoErrors(b.errors);
});

test('phone: Start from the bottom of the start page opens the game at its top', async () => {
  const phone = await openBrowser({ width: 390, height: 844 });
  try {
    const { page } = phone;
    await openApp(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    assert.ok(await page.evaluate(() => window.scrollY) > 0, 'the start page scrolls on a phone');
    await page.tap('#btn-start').catch(() => page.click('#btn-start'));
    await page.waitForSelector('#game:not([hidden])');
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    for (const sel of ['#status', '#players']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 844, `${sel} is on screen (y ${box.y})`);
    }
    assertNoErrors(phone.errors);
  } finally {
    await phone.close();
  }
});
