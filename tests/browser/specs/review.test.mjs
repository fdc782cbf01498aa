// Game review: after a game (or on an imported one) every position is
// analysed on the server in the background, with a progress bar, an
// evaluation graph, marks on mistakes and blunders, the better move on the
// board, and the graph to jump through the game. All four games.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, appState, screenshot, assertNoErrors, play } from './lib.mjs';

let b;
before(async () => { b = await openBrowser(); });
after(async () => { await b.close(); });

const viewIndex = (page) => page.evaluate(() => window.gomokuApp.viewIndex);
const reviewDone = (page) => page.waitForFunction(() => {
  const s = document.querySelector('#review-status').textContent;
  // Finished (or failed): the bar is gone and the text is no longer the progress.
  return document.querySelector('#review-progress').hidden && !/Analysing|ausgewertet|busy|ausgelastet/.test(s);
}, null, { timeout: 90000 }).catch(async (e) => {
  const said = await page.evaluate(() => `${document.querySelector('#review-status').textContent} / progress hidden: ${document.querySelector('#review-progress').hidden}`);
  throw new Error(`${e.message}; the review: ${said}`);
});

test('review after a game: progress, graph, marks, the better move, jumping by graph and keys', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'freestyle', opponent: 'friend', opening: 'free' });
  // White ignores Black's growing line: its last replies throw the game away.
  await play(page, ['h8', 'a1', 'i8', 'a3', 'j8', 'a5', 'k8', 'a7', 'l8']);
  await page.click('#banner-review');
  assert.ok(await page.locator('#review').isVisible());
  assert.ok(await page.locator('#banner').isHidden(), 'Review makes way for the board');
  // The progress bar shows while the server works through the positions.
  await page.waitForFunction(() => /Analysing the game: \d+ of 10 positions/.test(document.querySelector('#review-status').textContent)
    || document.querySelector('#review-progress').hidden);
  await reviewDone(page);
  const status = await page.locator('#review-status').textContent();
  assert.doesNotMatch(status, /could not/, status);
  assert.equal(await page.locator('#review-graph polyline').count(), 1);
  const pts = (await page.locator('#review-graph polyline').getAttribute('points')).trim().split(/\s+/);
  assert.equal(pts.length, 10, 'one point per position');
  const marks = await page.$$eval('#review-marks button', (es) => es.map((e) => ({ n: Number(e.dataset.n), text: e.textContent, cls: e.className })));
  assert.ok(marks.length >= 1, 'White\'s careless replies are marked');
  assert.ok(marks.some((m) => /blunder/.test(m.cls) && m.n % 2 === 0), `a White move letting the four through is a blunder: ${JSON.stringify(marks)}`);
  assert.equal(await page.locator('#review-graph .mark').count(), marks.length);

  // A mark shows the position after that move, with the better move on the board.
  const m = marks.find((x) => /blunder/.test(x.cls) && x.n % 2 === 0);
  await page.click(`#review-marks button[data-n="${m.n}"]`);
  assert.equal(await viewIndex(page), m.n);
  const better = page.locator('#board .better-ring');
  assert.equal(await better.count(), 1);
  const betterPoint = await better.getAttribute('data-point');
  assert.match(m.text, new RegExp(`better ${betterPoint.toUpperCase()}`));
  assert.match(await page.locator('#review-status').textContent(), /blunder.*Better: [A-O]\d+/);
  await screenshot(page, 'review');

  // The graph: a click goes to the position under it; arrows walk the game.
  const box = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  assert.equal(await viewIndex(page), 0);
  await page.mouse.click(box.x + box.width * (4 / 9), box.y + box.height / 2);
  assert.equal(await viewIndex(page), 4);
  await page.focus('#review-graph');
  await page.keyboard.press('ArrowRight');
  assert.equal(await viewIndex(page), 5);
  await page.keyboard.press('Home');
  assert.equal(await viewIndex(page), 0);
  await page.keyboard.press('End');
  assert.equal(await viewIndex(page), null, 'the end is the live position');
  await page.click('#review-close');
  assert.ok(await page.locator('#review').isHidden());
  assert.equal(await page.locator('#board .better-ring').count(), 0);
  assertNoErrors(b.errors);
});

for (const [rules, size, rec] of [
  ['renju', 15, 'h8 h9 i8 g8 i10 i9 j9 k10 j7'],
  ['captures', 19, 'j10 d3 c3 e3 f3 o15 k11'],
  ['fishing', 15, 'h8 a1 i8 a3 j8 n1 k8 g5 c5 n3 d5 a13 e5 n13 f5 g13 l8 reel:a1'],
]) {
  test(`review of an imported ${rules} game`, async () => {
    const { page } = b;
    await openApp(page);
    await page.click('#btn-import-start');
    await page.fill('#import-text', `# gomoku rules=${rules} size=${size} exactFive=false opening=free\n${rec}\n`);
    await page.click('#import-ok');
    const n = rec.split(' ').length;
    await page.waitForFunction((k) => window.gomokuApp.tokens.length === k, n);
    assert.equal((await appState(page)).tokens.length, n);
    await page.click('#btn-review');
    await reviewDone(page);
    const status = await page.locator('#review-status').textContent();
    assert.doesNotMatch(status, /could not/, status);
    const pts = (await page.locator('#review-graph polyline').getAttribute('points')).trim().split(/\s+/);
    assert.equal(pts.length, n + 1);
    assert.equal(await page.getAttribute('#btn-review', 'aria-pressed'), 'true');
    assertNoErrors(b.errors);
  });
}

test('review in German, and an undo closes a review of the old record', async () => {
  const { page } = b;
  await openApp(page, 'rules=freestyle&size=15&vs=friend&rec=h8 a1 i8 a3 j8 a5 k8 a7 l8');
  await page.selectOption('#lang-select', 'de');
  assert.equal(await page.locator('#banner-review').textContent(), 'Auswertung');
  await page.click('#banner-review');
  await reviewDone(page);
  assert.match(await page.locator('#review-status').textContent(), /grobe?r? Patzer|Fehler/);
  await page.click('#btn-undo');
  assert.ok(await page.locator('#review').isHidden());
  await page.selectOption('#lang-select', 'en');
  assertNoErrors(b.errors);
});

test('phone: the review fits the screen', async () => {
  const phone = await openBrowser({ width: 390, height: 844 });
  try {
    const { page } = phone;
    await openApp(page, 'rules=freestyle&size=15&vs=friend&rec=h8 a1 i8 a3 j8 a5 k8 a7 l8');
    await page.click('#banner-review');
    await reviewDone(page);
    const box = await page.locator('#review-graph').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `graph ${box.x}+${box.width}`);
    await page.locator('#review-marks button').first().click();
    assert.equal(await page.locator('#board .better-ring').count(), 1);
    await screenshot(page, 'review-phone');
    assertNoErrors(phone.errors);
  } finally {
    await phone.close();
  }
});
