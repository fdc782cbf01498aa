// Shared helpers: Debian's Chromium through playwright-core (never a
// downloaded browser), a fresh profile per test, console-error capture, and
// board coordinates.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BASE = process.env.GOMOKU_URL || 'http://127.0.0.1:8080/';
const SHOTS = process.env.GOMOKU_SCREENSHOTS || path.join(os.tmpdir(), 'gomoku-screenshots');

export async function openBrowser({ width = 1280, height = 860 } = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gomoku-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
    viewport: { width, height },
  });
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(20000);
  return {
    page,
    errors,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the app afresh; `hash` is a game link such as "rules=renju&rec=h8". */
export async function openApp(page, hash = '') {
  // A new document each time (a hash-only change would keep the old game).
  await page.goto('about:blank');
  await page.goto(BASE + (hash ? `#${hash}` : ''));
  await page.waitForSelector(hash ? '#game:not([hidden])' : '#start:not([hidden])');
  if (hash) {
    const rec = (new URLSearchParams(hash).get('rec') || '').split(' ').filter(Boolean);
    await page.waitForFunction((n) => {
      const s = window.gomokuApp;
      return s.settings && s.tokens.length >= n && s.history.length === s.tokens.length + 1;
    }, rec.length);
  }
}

export async function startFromForm(page, { rules, opponent = 'cpu', level = 'easy', side, size, opening }) {
  await page.locator(`input[name=rules][value=${rules}]`).check({ force: true });
  if (opening) await page.selectOption('select[name=opening]', opening);
  await page.locator(`input[name=opponent][value=${opponent}]`).check({ force: true });
  if (opponent === 'cpu') await page.selectOption('select[name=level]', level);
  if (side) await page.selectOption('select[name=side]', side);
  if (size) await page.selectOption('select[name=size]', String(size));
  await page.click('#btn-start');
  await page.waitForSelector('#game:not([hidden])');
}

/** Screen position of a point such as "h8". */
export async function pointXY(page, name, boardSelector = '#board') {
  const board = page.locator(boardSelector);
  const box = await board.boundingBox();
  const [minX, minY, w, h] = (await board.getAttribute('viewBox')).split(' ').map(Number);
  const size = Number(await board.getAttribute('data-size'));
  const x = 'abcdefghijklmnopqrstuvwxyz'.indexOf(name[0]);
  const y = Number(name.slice(1)) - 1;
  return {
    x: box.x + ((x * 10 - minX) / w) * box.width,
    y: box.y + (((size - 1 - y) * 10 - minY) / h) * box.height,
  };
}

export async function clickPoint(page, name, boardSelector = '#board') {
  const p = await pointXY(page, name, boardSelector);
  await page.mouse.click(p.x, p.y);
}

/** The app's state (exposed for tests as window.gomokuApp). */
export async function appState(page) {
  return page.evaluate(() => {
    const s = window.gomokuApp;
    const live = s.history[s.tokens.length];
    return { tokens: s.tokens.slice(), thinking: !!s.thinking || s.animating, busy: s.busy, state: live };
  });
}

/** Waits until the record has n actions and nobody is thinking. */
export async function waitForActions(page, n) {
  await page.waitForFunction((k) => {
    const s = window.gomokuApp;
    return s.tokens.length >= k && !s.thinking && !s.busy && !s.animating;
  }, n, { timeout: 60000 }).catch(async (e) => {
    const s = await page.evaluate(() => JSON.stringify({ tokens: window.gomokuApp.tokens, settings: window.gomokuApp.settings,
      thinking: window.gomokuApp.thinking, busy: window.gomokuApp.busy, message: window.gomokuApp.message }));
    throw new Error(`${e.message}; the app: ${s}`);
  });
}

/** Clicks points one after another, each once the previous action is in the record. */
export async function play(page, points) {
  for (const p of points) {
    const n = (await appState(page)).tokens.length;
    await clickPoint(page, p);
    await waitForActions(page, n + 1);
  }
}

export function stonesOf(state, color) {
  const ch = color === 'black' ? 'x' : 'o';
  return state.board.join('').split('').filter((c) => c === ch).length;
}

export function cell(state, name) {
  const size = state.size;
  const x = 'abcdefghijklmnopqrstuvwxyz'.indexOf(name[0]);
  const y = Number(name.slice(1)) - 1;
  const c = state.board[size - 1 - y][x];
  return c === 'x' ? 'black' : c === 'o' ? 'white' : null;
}

export async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export function assertNoErrors(errors) {
  assert.deepEqual(errors, [], `console errors: ${errors.join('\n')}`);
}

/**
 * A server of the test's own (GOMOKU_BIN, set by run.mjs), for tests that
 * stop it and start it again on the same port. port 0: a free one;
 * extraArgs: more `gomoku serve` options (e.g. --brain).
 */
export async function startOwnServer(port = 0, extraArgs = []) {
  const { spawn } = await import('node:child_process');
  const bin = process.env.GOMOKU_BIN;
  assert.ok(bin, 'GOMOKU_BIN is not set (run the specs through run.mjs)');
  const args = ['serve', '--host', '127.0.0.1', '--port', String(port), '--quiet'];
  if (process.env.GOMOKU_WEB) args.push('--web', process.env.GOMOKU_WEB);
  args.push(...extraArgs);
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('own server did not start')), 15000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /Open (http:\/\/\S+\/)/.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`own server exited with ${code}`)); });
  });
  return {
    url,
    port: Number(new URL(url).port),
    // SIGKILL: the server vanishes at once, as in a crash (SIGTERM lets it
    // finish the requests of open connections first).
    stop: (signal = 'SIGTERM') => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
      child.once('exit', () => resolve());
      child.kill(signal);
    }),
  };
}

/** The first of `points` that is empty in `state`: the computer's replies
 *  vary with each game's seed, so a test's next click must avoid them. */
export function freePoint(state, ...points) {
  const p = points.find((q) => cell(state, q) === null);
  if (!p) throw new Error(`none of ${points.join(', ')} is free`);
  return p;
}
