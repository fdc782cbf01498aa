// Opening zones are shaded and an illegal click says why (issue 11 bug 5);
// plural forms in both languages (bug 6); the rod that wins (bug 10).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, clickPoint, appState, waitForActions, screenshot, assertNoErrors, play } from './lib.mjs';

let b;
before(async () => { b = await openBrowser(); });
after(async () => { await b.close(); });

const zonePoints = (page) => page.$$eval('#board .zone', (es) => es.map((e) => e.dataset.point));
const message = (page) => page.locator('#message').textContent();

test('captures 19×19: the centre, then Black\'s second stone outside the central 5×5', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'captures', opponent: 'friend', size: 19 });
  assert.deepEqual(await zonePoints(page), ['j10']);
  await clickPoint(page, 'k11');
  await page.waitForFunction(() => !document.querySelector('#message').hidden);
  assert.match(await message(page), /first stone goes on the centre/);
  assert.equal((await appState(page)).tokens.length, 0);
  await play(page, ['j10']);
  // White's first stone: anywhere, no zone.
  assert.equal((await zonePoints(page)).length, 0);
  await play(page, ['a1']);
  const zone = await zonePoints(page);
  assert.ok(zone.length > 300, `${zone.length} shaded points`);
  assert.ok(!zone.includes('k11') && zone.includes('n10') && zone.includes('a19'));
  await clickPoint(page, 'k11');
  await page.waitForFunction(() => /three lines from the centre/.test(document.querySelector('#message').textContent));
  assert.equal((await appState(page)).tokens.length, 2, 'the refused click changes nothing');
  await screenshot(page, 'zones-captures');
  await play(page, ['n10']);
  assert.equal((await zonePoints(page)).length, 0, 'the zone ends with the rule');
  assert.ok(await page.locator('#message').isHidden());
  assertNoErrors(b.errors);
});

test('renju RIF: stones 2 and 3 in their zones, refused clicks explained (German too)', async () => {
  const { page } = b;
  await openApp(page, 'rules=renju&size=15&opening=rif&vs=friend');
  await play(page, ['h8']);
  assert.equal((await zonePoints(page)).length, 8);
  await clickPoint(page, 'j10');
  await page.waitForFunction(() => /second stone goes right next to the first/.test(document.querySelector('#message').textContent));
  await play(page, ['i9']);
  const zone = await zonePoints(page);
  assert.equal(zone.length, 23, 'the central 5×5 less two stones');
  await page.selectOption('#lang-select', 'de');
  await clickPoint(page, 'a1');
  await page.waitForFunction(() => /dritte Stein kommt in das mittlere 5×5-Quadrat/.test(document.querySelector('#message').textContent));
  await screenshot(page, 'zones-rif');
  await page.selectOption('#lang-select', 'en');
  assert.equal((await appState(page)).tokens.length, 2);
  assertNoErrors(b.errors);
});

test('plurals: one pair, one point, in English and German', async () => {
  const { page } = b;
  await openApp(page, 'rules=captures&size=19&vs=friend&rec=j10 d3 c3 e3 f3');
  const unit = (color) => page.locator(`#scorebar [data-color=${color}] .unit`).textContent();
  assert.equal(await unit('black'), 'pair');
  assert.equal(await unit('white'), 'pairs');
  await page.selectOption('#lang-select', 'de');
  assert.equal(await unit('black'), 'Paar');
  assert.equal(await unit('white'), 'Paare');
  await page.selectOption('#lang-select', 'en');

  await openApp(page, 'rules=fishing&size=15&vs=friend&rec=h8 a1 i8 a3 j8 n1 k8 g5 c5 n3 d5 a13 e5 n13 f5 g13 l8');
  assert.match(await page.locator('#status').textContent(), /Rod: \+1\. Click a White stone/);
  await clickPoint(page, 'a1');
  await waitForActions(page, 18);
  await page.waitForFunction(() => /reels in 5 stones: \+1 \(now 1 point\)\./.test(document.querySelector('#live').textContent));
  assert.equal(await unit('black'), 'point');
  assertNoErrors(b.errors);
});

test('fishing: a rod worth ten says that reeling wins', async () => {
  const { page } = b;
  const black = ['d8', 'e8', 'f8', 'g8', 'i8', 'j8', 'k8', 'l8', 'h4', 'h5', 'h6', 'h7', 'h9', 'h10', 'h11', 'h12'];
  const white = ['a1', 'c1', 'e1', 'g1', 'i1', 'k1', 'm1', 'o1', 'a15', 'c15', 'e15', 'g15', 'i15', 'k15', 'm15', 'o15'];
  const rec = black.flatMap((p, i) => [p, white[i]]).concat('h8');
  await openApp(page, `rules=fishing&size=15&vs=friend&rec=${rec.join(' ')}`);
  const { state } = await appState(page);
  assert.equal(state.pending.points, 10);
  assert.match(await page.locator('#status').textContent(), /Rod: \+10, and reeling it in wins the game/);
  await page.selectOption('#lang-select', 'de');
  assert.match(await page.locator('#status').textContent(), /wer jetzt einholt, gewinnt die Partie/);
  await page.selectOption('#lang-select', 'en');
  assertNoErrors(b.errors);
});
