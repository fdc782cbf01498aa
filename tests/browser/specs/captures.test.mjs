// Gomoku with captures: 19x19 by default; captured pairs vanish and are
// counted under the board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, clickPoint, appState, waitForActions, cell, stonesOf,
  screenshot, assertNoErrors } from './lib.mjs';

let b;
before(async () => { b = await openBrowser(); });
after(async () => { await b.close(); });

test('captures: the computer answers on the 19x19 board', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'captures', level: 'easy' });
  assert.equal(await page.locator('#board').getAttribute('data-size'), '19');
  await clickPoint(page, 'j10');
  await waitForActions(page, 2);
  const { state } = await appState(page);
  assert.equal(cell(state, 'j10'), 'black');
  assert.equal(stonesOf(state, 'white'), 1);
  assert.ok(await page.locator('#scorebar').isVisible());
  assertNoErrors(b.errors);
});

test('captures: a flanked pair is taken and counted', async () => {
  const { page } = b;
  await openApp(page, 'rules=captures&size=19&vs=cpu&level=easy&side=first&rec=j10+d3+c3+e3');
  await clickPoint(page, 'f3');
  await page.waitForFunction(() => window.gomokuApp.tokens.length >= 5);
  let { state } = await appState(page);
  const after5 = await page.evaluate(() => window.gomokuApp.history[5]);
  assert.equal(after5.captures.black, 1);
  assert.equal(cell(after5, 'd3'), null);
  assert.equal(cell(after5, 'e3'), null);
  assert.equal(await page.locator('#scorebar .score.black .value').textContent(), '1');
  await waitForActions(page, 6);
  ({ state } = await appState(page));
  assert.equal(state.toMove, 'black');
  await screenshot(page, 'captures');
  assertNoErrors(b.errors);
});
