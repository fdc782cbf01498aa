// A phone-sized screen: everything fits, the board is tappable, tap-twice
// placement works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, clickPoint, appState, waitForActions, screenshot, assertNoErrors } from './lib.mjs';

let b;
before(async () => { b = await openBrowser({ width: 390, height: 844 }); });
after(async () => { await b.close(); });

test('mobile: board fits the screen and tap-twice places', async () => {
  const { page } = b;
  await openApp(page);
  await screenshot(page, 'mobile-start');
  await openApp(page, 'rules=freestyle&size=15&vs=friend');
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `board width ${box.width}`);
  await page.check('#opt-tap2');
  await clickPoint(page, 'h8');
  await page.waitForTimeout(200);
  assert.equal((await appState(page)).tokens.length, 0);
  await clickPoint(page, 'h8');
  await waitForActions(page, 1);
  await clickPoint(page, 'i9');
  await clickPoint(page, 'i9');
  await waitForActions(page, 2);
  assert.deepEqual((await appState(page)).tokens, ['h8', 'i9']);
  await screenshot(page, 'mobile-game');
  assertNoErrors(b.errors);
});
