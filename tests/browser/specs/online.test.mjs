// Play a friend online (issue 12): two separate browsers (profiles) play a
// whole game through the invite link; one reloads in the middle and goes on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, openBrowser, clickPoint, assertNoErrors, screenshot } from './lib.mjs';

let a;
let b;
before(async () => {
  a = await openBrowser();
  b = await openBrowser({ width: 390, height: 844 });  // the friend on a phone
});
after(async () => {
  await a.close();
  await b.close();
});

const BOARD = '#online-board';
const version = (page) => page.locator(BOARD).getAttribute('data-version').then(Number);
const waitVersion = (page, v) =>
  page.waitForFunction((k) => Number(document.getElementById('online-board').dataset.version) >= k, v);
const mySeat = (page) => page.evaluate(() => {
  const id = new URLSearchParams(location.search).get('game');
  return JSON.parse(localStorage.getItem(`gomoku.online.${id}`)).seat;
});

test('two browsers play a whole game through an invite link; a reload continues it', async () => {
  const pa = a.page;
  const pb = b.page;
  await pa.goto(BASE);
  await pa.waitForSelector('#start:not([hidden])');
  await pa.locator('input[name=rules][value=freestyle]').check({ force: true });
  await pa.selectOption('select[name=clock]', '10+5');
  await pa.click('#btn-online');
  await pa.waitForSelector('#online:not([hidden])');
  await pa.waitForSelector('#online-share:not([hidden])');
  const invite = await pa.locator('#online-invite').inputValue();
  assert.match(invite, /\?game=[A-Za-z0-9_-]{16}$/);
  assert.match(await pa.locator('#online-status').textContent(), /Waiting for your friend/);
  await screenshot(pa, 'online-1-share');

  // The friend opens the link in another browser: joined at once.
  await pb.goto(invite);
  await pb.waitForSelector('#online:not([hidden])');
  await pa.waitForFunction(() => document.getElementById('online-share').hidden);
  await pa.waitForFunction(() => document.getElementById('online-conn').dataset.state === 'connected');
  await pb.waitForFunction(() => document.getElementById('online-conn').dataset.state === 'connected');
  const seatA = await mySeat(pa);
  const seatB = await mySeat(pb);
  assert.notEqual(seatA, seatB);
  const black = seatA === 'black' ? pa : pb;
  const white = seatA === 'black' ? pb : pa;
  assert.match(await black.locator('#online-status').textContent(), /Your turn/);
  assert.match(await white.locator('#online-status').textContent(), /thinking/);
  // Clocks are shown: 10 minutes each.
  assert.equal(await black.locator('#online-players [data-seat=white] .clock').textContent(), '10:00');

  // Black lines up five on row 8, White answers on row 1; each move shows
  // up on the other screen by itself.
  const moves = [['h8', black], ['a1', white], ['i8', black], ['b1', white], ['j8', black],
    ['c1', white], ['k8', black], ['d1', white], ['l8', black]];
  let v = await version(black);
  for (let i = 0; i < moves.length; i++) {
    const [p, page] = moves[i];
    if (i === 4) {
      // The friend reloads in the middle of the game and continues.
      await pb.reload();
      await pb.waitForSelector('#online:not([hidden])');
      await waitVersion(pb, v);
      assert.equal(await mySeat(pb), seatB);
    }
    await clickPoint(page, p, BOARD);
    v += 1;
    await waitVersion(pa, v);
    await waitVersion(pb, v);
  }
  for (const [page, won] of [[black, true], [white, false]]) {
    await page.waitForFunction(() => document.getElementById('online-board').dataset.status === 'over');
    assert.match(await page.locator('#online-status').textContent(), won ? /You win/ : /You lose/);
  }
  assert.equal(await pb.locator(`${BOARD} .stone`).count(), 9);
  await screenshot(pa, 'online-2-over-a');
  await screenshot(pb, 'online-2-over-b');

  // A rematch with colours swapped: offered by one, accepted by the other.
  await white.click('#online-rematch');
  await black.waitForSelector('[data-answer=accept-rematch]');
  await black.click('[data-answer=accept-rematch]');
  // Both move on to the new game by themselves.
  for (const page of [black, white]) {
    await page.waitForFunction(() => document.getElementById('online-board').dataset.status === 'playing');
  }
  assert.notEqual(await pa.evaluate(() => location.search), new URL(invite).search);
  // The old White places the first stone now.
  assert.match(await white.locator('#online-status').textContent(), /Your turn/);
  assert.match(await black.locator('#online-status').textContent(), /thinking/);
  assertNoErrors(a.errors);
  assertNoErrors(b.errors);
});

test('in German, a move by keyboard, and a third visitor only watches', async () => {
  const pa = a.page;
  await pa.goto(BASE);
  await pa.waitForSelector('#start:not([hidden])');
  await pa.selectOption('#lang-select', 'de');
  assert.equal(await pa.locator('#btn-online').textContent(), 'Online mit Freund spielen');
  await pa.click('#btn-online');
  await pa.waitForSelector('#online-share:not([hidden])');
  assert.match(await pa.locator('#online-status').textContent(), /Warte/);
  assert.equal(await pa.locator('#online-copy').textContent(), 'Kopieren');
  const invite = await pa.locator('#online-invite').inputValue();
  const pb = b.page;
  await pb.goto(invite);
  await pb.waitForSelector('#online:not([hidden])');
  await pa.waitForFunction(() => document.getElementById('online-board').dataset.status === 'playing');
  const black = (await mySeat(pa)) === 'black' ? pa : pb;
  // Arrow keys move the cursor from the centre, Enter places the stone.
  await black.focus(BOARD);
  await black.keyboard.press('ArrowUp');
  await black.keyboard.press('Enter');
  await waitVersion(pa, 2);
  await waitVersion(pb, 2);
  assert.equal(await pa.locator(`${BOARD} .stone[data-point=h9]`).count(), 1);
  // A third browser profile opens the same link: both seats are taken.
  const c = await openBrowser();
  try {
    await c.page.goto(invite);
    await c.page.waitForSelector('#online:not([hidden])');
    await c.page.waitForFunction(() => document.getElementById('online-board').dataset.version === '2');
    assert.match(await c.page.locator('#online-note').textContent(), /Both seats are taken/);
    assert.ok(await c.page.locator('#online-controls').isHidden());
    assertNoErrors(c.errors);
  } finally {
    await c.close();
  }
  await pa.selectOption('#lang-select', 'en');
  assertNoErrors(a.errors);
  assertNoErrors(b.errors);
});
