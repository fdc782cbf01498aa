// A clear end of game: the result banner with Rematch and Review, the newest
// stone animated, optional sounds (off by default), and the colour theme as
// a remembered choice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, startFromForm, clickPoint, appState, waitForActions, screenshot, assertNoErrors, play } from './lib.mjs';

let b;
before(async () => { b = await openBrowser(); });
after(async () => { await b.close(); });

const WIN = ['h8', 'a1', 'i8', 'a3', 'j8', 'a5', 'k8', 'a7', 'l8'];
const bg = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the banner: result, Rematch, close with ✕ or Escape; the newest stone is animated', async () => {
  const { page } = b;
  await openApp(page);
  await startFromForm(page, { rules: 'freestyle', opponent: 'friend', opening: 'free' });
  await play(page, ['h8']);
  const fresh = page.locator('#board .stone.fresh');
  assert.equal(await fresh.getAttribute('data-point'), 'h8');
  assert.equal(await fresh.evaluate((e) => getComputedStyle(e).animationName), 'settle');
  assert.ok(await page.locator('#banner').isHidden());
  await play(page, WIN.slice(1));
  assert.ok(await page.locator('#banner').isVisible());
  assert.equal(await page.locator('#banner-title').textContent(), 'Black wins!');
  assert.equal(await page.locator('#banner-detail').textContent(), 'Five in a row');
  await screenshot(page, 'banner');
  // Looking back hides it; the live position shows it again.
  await page.click('#nav-prev');
  assert.ok(await page.locator('#banner').isHidden());
  await page.click('#nav-last');
  assert.ok(await page.locator('#banner').isVisible());
  await page.click('#banner-close');
  assert.ok(await page.locator('#banner').isHidden());
  // Undo and the same win: the banner is back; Escape closes it.
  await page.click('#btn-undo');
  await play(page, ['l8']);
  await page.focus('#banner-rematch');
  await page.keyboard.press('Escape');
  assert.ok(await page.locator('#banner').isHidden());
  await page.click('#btn-undo');
  await play(page, ['l8']);
  await page.click('#banner-rematch');
  await page.waitForFunction(() => window.gomokuApp.tokens.length === 0);
  assert.ok(await page.locator('#banner').isHidden());
  // German.
  await page.selectOption('#lang-select', 'de');
  await play(page, WIN);
  assert.equal(await page.locator('#banner-title').textContent(), 'Schwarz gewinnt!');
  assert.equal(await page.locator('#banner-rematch').textContent(), 'Revanche');
  await page.selectOption('#lang-select', 'en');
  assertNoErrors(b.errors);
});

test('the banner against the computer says who won, from the player\'s side', async () => {
  const { page } = b;
  // The computer (White) has four in a row and is to move after h8.
  await openApp(page, 'rules=freestyle&size=15&vs=cpu&level=easy&side=first&rec=h8 a1 i9 a2 j10 a3 k11 a4');
  await clickPoint(page, 'o15');
  await waitForActions(page, 10);
  assert.ok((await appState(page)).state.result, 'the computer completes its five');
  assert.equal(await page.locator('#banner-title').textContent(), 'The computer wins');
  assert.equal(await page.locator('#banner').getAttribute('data-mood'), 'loss');
  assertNoErrors(b.errors);
});

test('sounds: off by default, a remembered toggle, tones for stones and the result', async () => {
  const { page } = b;
  await openApp(page, 'rules=freestyle&size=15&vs=friend');
  assert.equal(await page.isChecked('#opt-sound'), false);
  await play(page, ['h8']);
  assert.equal(await page.evaluate(() => window.gomokuSound.count), 0, 'silent by default');
  await page.check('#opt-sound');
  const after = await page.evaluate(() => window.gomokuSound.count);
  assert.equal(after, 1, 'a sample tone when switched on');
  await play(page, ['a1']);
  assert.deepEqual(await page.evaluate(() => ({ ...window.gomokuSound })), { count: 2, last: 'stone' });
  await openApp(page, 'rules=freestyle&size=15&vs=friend&rec=h8 a1 i8 a3 j8 a5 k8 a7');
  assert.equal(await page.isChecked('#opt-sound'), true, 'remembered');
  await play(page, ['l8']);
  assert.equal(await page.evaluate(() => window.gomokuSound.last), 'win');
  const ctx = await page.evaluate(() => typeof AudioContext);
  assert.equal(ctx, 'function');
  await page.uncheck('#opt-sound');
  assertNoErrors(b.errors);
});

test('colour theme: system, light or dark, remembered', async () => {
  const { page } = b;
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page, 'rules=freestyle&size=15&vs=friend&rec=h8 a1 i8 a3 j8 a5 k8 a7 l8');
  assert.equal(await page.inputValue('#theme-select'), 'system');
  const light = await bg(page);
  assert.equal(light, 'rgb(243, 239, 231)');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await bg(page), 'rgb(23, 22, 20)', 'system: follows the system');
  await page.selectOption('#theme-select', 'light');
  assert.equal(await bg(page), 'rgb(243, 239, 231)', 'light even on a dark system');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.selectOption('#theme-select', 'dark');
  assert.equal(await bg(page), 'rgb(23, 22, 20)', 'dark even on a light system');
  await screenshot(page, 'banner-dark');
  await openApp(page);
  assert.equal(await page.inputValue('#theme-select'), 'dark', 'remembered');
  assert.equal(await bg(page), 'rgb(23, 22, 20)');
  await page.selectOption('#theme-select', 'system');
  assert.equal(await bg(page), 'rgb(243, 239, 231)');
  assertNoErrors(b.errors);
});

test('phone: the banner fits and its buttons work', async () => {
  const phone = await openBrowser({ width: 390, height: 844 });
  try {
    const { page } = phone;
    await openApp(page, 'rules=freestyle&size=15&vs=friend&rec=h8 a1 i8 a3 j8 a5 k8 a7 l8');
    const box = await page.locator('#banner').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `banner ${box.x}+${box.width}`);
    const top = await page.locator('.topbar').boundingBox();
    assert.ok(top.width <= 390, 'the top bar fits with the theme choice');
    await screenshot(page, 'banner-phone');
    await page.click('#banner-rematch');
    await page.waitForFunction(() => window.gomokuApp.tokens.length === 0);
    assertNoErrors(phone.errors);
  } finally {
    await phone.close();
  }
});
