// Gomoku against the computer: start from the start screen, play by
// clicking, undo, reopen the link, keyboard play.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, clickPoint, appState, waitForActions, cell, stonesOf,
  screenshot, assertNoErrors } from './lib.mjs';

let b;
before(async () => { b = await openBrowser(); });
after(async () => { await b.close(); });

test('gomoku: the computer answers clicked moves', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'freestyle', level: 'easy' });
  assert.match(await page.locator('#status').textContent(), /Black to move/);
  await clickPoint(page, 'h8');
  await waitForActions(page, 2);
  let { state, tokens } = await appState(page);
  assert.equal(tokens[0], 'h8');
  assert.equal(cell(state, 'h8'), 'black');
  assert.equal(stonesOf(state, 'white'), 1);
  assert.equal(state.toMove, 'black');
  assert.equal(await page.locator('#board .stone').count(), 2);
  assert.equal(await page.locator('#movelist li').count(), 2);

  await clickPoint(page, 'j10');
  await waitForActions(page, 4);
  ({ state } = await appState(page));
  assert.equal(stonesOf(state, 'black'), 2);
  assert.equal(stonesOf(state, 'white'), 2);
  assert.match(await page.locator('#status').textContent(), /your turn/);
  // Each action is announced for screen readers.
  await page.waitForFunction(() => /White [A-O]\d+\./.test(document.querySelector('#live').textContent));
  await page.check('#opt-numbers');
  await screenshot(page, 'gomoku');

  // Undo takes back the person's move and the computer's reply.
  await page.click('#btn-undo');
  ({ tokens } = await appState(page));
  assert.equal(tokens.length, 2);
  assert.equal(await page.locator('#board .stone').count(), 2);
  assertNoErrors(b.errors);
});

test('gomoku: the link reopens the same position', async () => {
  const { page } = b;
  const hash = new URL(page.url()).hash;
  assert.match(hash, /rec=/);
  await openApp(page, hash.slice(1));
  await waitForActions(page, 2);
  const { tokens } = await appState(page);
  assert.equal(tokens.length, 2);
  assert.equal(tokens[0], 'h8');
  assertNoErrors(b.errors);
});

test('gomoku: keyboard play with arrow keys and Enter', async () => {
  const { page } = b;
  await openApp(page, 'rules=freestyle&size=15&vs=friend');
  await page.focus('#board');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await waitForActions(page, 1);
  const { tokens } = await appState(page);
  assert.deepEqual(tokens, ['i9']);
  await page.waitForFunction(() => /Black I9/.test(document.querySelector('#live').textContent));
  assertNoErrors(b.errors);
});

test('gomoku: German texts and rules pages', async () => {
  const { page } = b;
  await page.selectOption('#lang-select', 'de');
  assert.equal(await page.locator('#btn-new').textContent(), 'Neues Spiel');
  await page.click('#btn-rules');
  await page.waitForSelector('#dlg-rules[open]');
  assert.match(await page.locator('#rules-body').textContent(), /Brett und Züge/);
  await page.click('#rules-tabs [data-rules=fishing]');
  assert.match(await page.locator('#rules-body').textContent(), /Einholen/);
  await screenshot(page, 'rules-german');
  await page.click('#rules-close');
  await page.selectOption('#lang-select', 'en');
  assert.equal(await page.locator('#btn-new').textContent(), 'New game');
  assertNoErrors(b.errors);
});

test('gomoku: swap2 opening with the computer as the opener', async () => {
  const { page } = b;
  await openApp(page);
  await page.locator('input[name=rules][value=freestyle]').check({ force: true });
  await page.locator('input[name=opponent][value=cpu]').check({ force: true });
  await page.selectOption('select[name=level]', 'easy');
  await page.selectOption('select[name=opening]', 'swap2');
  await page.selectOption('select[name=side]', 'second');
  await page.click('#btn-start');
  // The computer places the three opening stones, then the person chooses.
  await page.waitForSelector('#actionbar [data-token=add2]', { timeout: 60000 });
  assert.equal((await appState(page)).tokens.length, 3);
  assert.ok(await page.locator('#actionbar [data-token=swap]').isVisible());
  await page.click('#actionbar [data-token=stay]');
  await waitForActions(page, 4);
  let { state, tokens } = await appState(page);
  assert.equal(tokens[3], 'stay');
  assert.equal(state.toMove, 'white');
  // The person keeps White and plays the fourth stone; the computer answers.
  const free = ['h8', 'g7', 'j9', 'f6', 'k10'].find((p) => cell(state, p) === null);
  await clickPoint(page, free);
  await waitForActions(page, 6);
  ({ state, tokens } = await appState(page));
  assert.equal(tokens[4], free);
  assert.equal(stonesOf(state, 'black'), 3);
  assert.equal(stonesOf(state, 'white'), 2);
  await screenshot(page, 'gomoku-swap2');
  assertNoErrors(b.errors);
});
