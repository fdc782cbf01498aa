// Fishing Gomoku: the pending reel (reel, chain, decline), clicks that must
// do nothing, the computer's reels, live points, no undo.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, clickPoint, appState, waitForActions, cell, stonesOf,
  screenshot, assertNoErrors } from './lib.mjs';

let b;
before(async () => { b = await openBrowser(); });
after(async () => { await b.close(); });

// Black: h8-k8 (four) and c5-f5 (four, capped by White's g5). Black to move.
const SETUP = 'h8+a1+i8+a3+j8+n1+k8+g5+c5+n3+d5+a13+e5+n13+f5+g13';

test('fishing: the computer answers; Medium is called Normal; no undo', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'fishing', level: 'medium' });
  assert.equal(await page.locator('#level-select option:checked').textContent(), 'Normal');
  assert.ok(await page.locator('#btn-undo').isHidden());
  await clickPoint(page, 'h8');
  await waitForActions(page, 2);
  const { state } = await appState(page);
  assert.equal(cell(state, 'h8'), 'black');
  assert.equal(stonesOf(state, 'white'), 1);
  assertNoErrors(b.errors);
});

test('fishing: reel, chain and reel later', async () => {
  const { page } = b;
  await openApp(page, `rules=fishing&size=15&vs=cpu&level=easy&side=first&rec=${SETUP}`);
  await clickPoint(page, 'l8');
  await page.waitForSelector('#board[data-phase=reel-pending]');
  assert.equal(await page.locator('#board .stone.rod').count(), 5);
  assert.ok(await page.locator('#actionbar [data-token=decline]').isVisible());
  assert.match(await page.locator('#status').textContent(), /reel/i);
  await screenshot(page, 'fishing-pending');

  // An empty point or an own stone does nothing during a pending reel.
  await clickPoint(page, 'h12');
  await clickPoint(page, 'c5');
  await page.waitForTimeout(300);
  let { tokens, state } = await appState(page);
  assert.equal(tokens.length, 17);
  assert.equal(state.phaseName, 'reel-pending');

  // Clicking a white stone completes the reel: the rod leaves, g5 turns black
  // and completes c5-g5, so a chained reel is pending.
  await clickPoint(page, 'g5');
  await page.waitForFunction(() => window.gomokuApp.tokens.length === 18);
  ({ tokens, state } = await appState(page));
  assert.equal(tokens[17], 'reel:g5');
  for (const p of ['h8', 'i8', 'j8', 'k8', 'l8']) assert.equal(cell(state, p), null, p);
  assert.equal(cell(state, 'g5'), 'black');
  assert.equal(state.captures.black, 1);
  assert.equal(state.phaseName, 'reel-pending');
  assert.deepEqual([...state.pending.rod].sort(), ['c5', 'd5', 'e5', 'f5', 'g5']);
  assert.equal(await page.locator('#scorebar .score.black .value').textContent(), '1');
  assert.equal(await page.locator('#board .stone.rod').count(), 5);
  await screenshot(page, 'fishing-chain');

  // Reel later: the stones stay, the turn passes, the computer answers.
  await page.click('#actionbar [data-token=decline]');
  await waitForActions(page, 20);
  ({ tokens, state } = await appState(page));
  assert.equal(tokens[18], 'decline');
  for (const p of ['c5', 'd5', 'e5', 'f5', 'g5']) assert.equal(cell(state, p), 'black', p);
  assert.equal(state.captures.black, 1);
  assertNoErrors(b.errors);
});

test('fishing: the computer reels in and its reel is shown', async () => {
  const { page } = b;
  // White has four on the a-file; Black's stones are scattered.
  await openApp(page, 'rules=fishing&size=15&vs=cpu&level=medium&side=first&rec=h8+a1+c14+a2+o8+a3+n1+a4');
  await clickPoint(page, 'o15');
  await waitForActions(page, 10);
  const { tokens, state } = await appState(page);
  // The computer's turn is a stone plus its reel(s), written into the record.
  assert.ok(tokens.slice(9).some((t) => t.startsWith('reel')), tokens.join(' '));
  assert.ok(state.captures.white >= 1);
  assert.ok(await page.locator('#movelist').textContent().then((t) => /Reel in/.test(t)));
  // The converted stone is marked on the board.
  assert.ok(await page.locator('#board .converted-ring').count() >= 1);
  await screenshot(page, 'fishing-computer-reel');
  assertNoErrors(b.errors);
});
