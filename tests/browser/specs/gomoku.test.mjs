// Gomoku against the computer: start from the start screen, play by
// clicking, undo, reopen the link, keyboard play.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, clickPoint, appState, waitForActions, cell, stonesOf,
  screenshot, assertNoErrors, freePoint } from './lib.mjs';

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

  await clickPoint(page, freePoint(state, 'j10', 'g6'));
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

test('gomoku: export as text and .psq, import them again', async () => {
  const { page } = b;
  await openApp(page, 'rules=freestyle&size=15&exact=1&vs=friend&rec=h8+i9+j10+g7');
  const [text] = await Promise.all([page.waitForEvent('download'), page.click('#btn-export-txt')]);
  const content = await (await import('node:fs/promises')).readFile(await text.path(), 'utf8');
  assert.match(content, /^# gomoku rules=freestyle size=15 exactFive=true opening=free\nh8 i9 j10 g7\n$/);
  const [psq] = await Promise.all([page.waitForEvent('download'), page.click('#btn-export-psq')]);
  const psqText = await (await import('node:fs/promises')).readFile(await psq.path(), 'utf8');
  assert.match(psqText, /^Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n10,6,0\n7,9,0\n-1\n$/);

  // Import the .psq into a fresh game, then the text export.
  await openApp(page);
  await page.click('#btn-import-start');
  await page.fill('#import-text', psqText);
  await page.click('#import-ok');
  await page.waitForSelector('#game:not([hidden])');
  await waitForActions(page, 4);
  assert.deepEqual((await appState(page)).tokens, ['h8', 'i9', 'j10', 'g7']);
  await page.click('#btn-import');
  await page.fill('#import-text', content.replace('g7', 'g7 k11'));
  await page.click('#import-ok');
  await waitForActions(page, 5);
  const { tokens, state } = await appState(page);
  assert.deepEqual(tokens, ['h8', 'i9', 'j10', 'g7', 'k11']);
  assert.equal(state.exactFive, true);
  assertNoErrors(b.errors);
});

test('gomoku: analysis panel, forced wins and the hint', async () => {
  const { page } = b;
  // Black to move with an open three: a forced win.
  await openApp(page, 'rules=freestyle&size=15&vs=friend&rec=h8+a1+i8+a2+j8+a15');
  await page.click('#btn-analysis');
  await page.waitForFunction(() => /wins by force|better|even/.test(document.querySelector('#analysis-eval').textContent),
    null, { timeout: 30000 });
  assert.match(await page.locator('#analysis-eval').textContent(), /Black wins by force/);
  assert.notEqual(await page.locator('#analysis-pv').textContent(), '–');
  await page.click('#btn-hint');
  await page.waitForSelector('#board .hint-ring');
  assert.match(await page.locator('#message').textContent(), /Hint: try [A-O]\d+/);
  const hinted = await page.locator('#board .hint-ring').getAttribute('data-point');
  assert.ok(['g8', 'k8', 'f8', 'l8'].includes(hinted), hinted);
  await screenshot(page, 'gomoku-analysis');
  await page.click('#btn-analysis');
  assertNoErrors(b.errors);
});
