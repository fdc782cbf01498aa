// Renju: play against the computer; a forbidden point asks for confirmation
// and, when confirmed, loses.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, clickPoint, appState, waitForActions, cell, stonesOf,
  screenshot, assertNoErrors } from './lib.mjs';

let b;
before(async () => { b = await openBrowser(); });
after(async () => { await b.close(); });

test('renju: the computer answers and forbidden points are marked', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'renju', level: 'easy' });
  await clickPoint(page, 'h8');
  await waitForActions(page, 2);
  const { state } = await appState(page);
  assert.equal(cell(state, 'h8'), 'black');
  assert.equal(stonesOf(state, 'white'), 1);
  assert.ok(await page.locator('#actionbar [data-token=resign]').isVisible());
  assertNoErrors(b.errors);
});

test('renju: a forbidden point asks first, then loses', async () => {
  const { page } = b;
  // i8 would make two open threes for Black.
  await openApp(page, 'rules=renju&size=15&vs=cpu&level=easy&side=first&rec=h8+a1+j8+a15+i9+o1+i10+o15');
  await page.waitForSelector('#board .forbidden[data-point=i8]');
  await screenshot(page, 'renju-forbidden');

  await clickPoint(page, 'i8');
  await page.waitForSelector('#dlg-confirm[open]');
  assert.match(await page.locator('#confirm-text').textContent(), /I8 is forbidden/);
  await page.click('#confirm-cancel');
  let { tokens } = await appState(page);
  assert.equal(tokens.length, 8);

  await clickPoint(page, 'i8');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-ok');
  await waitForActions(page, 9);
  const { state } = await appState(page);
  assert.equal(state.result.winner, 'white');
  assert.equal(state.result.reason, 'forbidden-double-three');
  assert.match(await page.locator('#status').textContent(), /computer wins.*double-three/i);
  assert.match(await page.locator('#session-score').textContent(), /You 0 – 1 Computer/);
  await screenshot(page, 'renju-lost');
  assertNoErrors(b.errors);
});

test('renju: the RIF 1996 opening played on one device', async () => {
  const { page } = b;
  await openApp(page, 'rules=renju&size=15&opening=rif&vs=friend');
  // A click made while the previous one is still with the server is ignored
  // (as it would be for a person), so wait for each stone.
  for (const [i, p] of ['h8', 'h9', 'j10'].entries()) {
    await clickPoint(page, p);
    await waitForActions(page, i + 1);
  }
  await page.waitForSelector('#actionbar [data-token=stay]');
  assert.match(await page.locator('#opening-name').textContent(), /Opening: \w+/);
  await page.click('#actionbar [data-token=stay]');
  await waitForActions(page, 4);
  await clickPoint(page, 'i7');                      // White's fourth stone
  await waitForActions(page, 5);
  await clickPoint(page, 'f6');                      // two proposed fifth moves
  await clickPoint(page, 'k12');
  await page.waitForSelector('#board .proposal[data-point=k12]');
  await clickPoint(page, 'f6');                      // White keeps f6
  await waitForActions(page, 7);
  const { tokens, state } = await appState(page);
  assert.deepEqual(tokens, ['h8', 'h9', 'j10', 'stay', 'i7', 'propose:f6,k12', 'keep:f6']);
  assert.equal(cell(state, 'f6'), 'black');
  assert.equal(cell(state, 'k12'), null);
  assert.equal(state.toMove, 'white');
  await screenshot(page, 'renju-rif');
  assertNoErrors(b.errors);
});
