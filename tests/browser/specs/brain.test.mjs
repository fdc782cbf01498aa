// `gomoku serve --brain NAME=COMMAND`: a Gomocup brain (our own
// pbrain-gomoku, built next to gomoku) offered in the level choices and
// playing the computer's stones; not offered for Captures and Fishing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openBrowser, startFromForm, clickPoint, waitForActions, appState, assertNoErrors,
  startOwnServer } from './lib.mjs';

let b;
let server;
before(async () => { b = await openBrowser(); });
after(async () => {
  if (server) await server.stop();
  await b.close();
});

test('a Gomocup brain is offered as the computer in Gomoku, not in Captures', async () => {
  const brain = path.join(path.dirname(process.env.GOMOKU_BIN), 'pbrain-gomoku');
  assert.ok(fs.existsSync(brain), `${brain} is built with gomoku`);
  server = await startOwnServer(0, ['--brain', `ours=${brain}`]);
  const { page } = b;
  const bodies = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/search') && r.method() === 'POST') bodies.push(JSON.parse(r.postData()));
  });
  await page.goto(server.url);
  await page.waitForSelector('#start:not([hidden])');
  await page.waitForSelector('select[name=level] option[value="engine:ours"]', { state: 'attached' });
  // Not for Captures or Fishing.
  await page.locator('input[name=rules][value=captures]').check({ force: true });
  assert.equal(await page.locator('select[name=level] option[value="engine:ours"]').isDisabled(), true);
  await startFromForm(page, { rules: 'freestyle', level: 'engine:ours', side: 'first', opening: 'free' });
  await clickPoint(page, 'h8');
  await waitForActions(page, 2);
  const { state } = await appState(page);
  assert.equal(state.stones, 2);
  assert.equal(bodies.at(-1).engine, 'ours');
  assert.match(await page.locator('#players').textContent(), /ours/);
  assertNoErrors(b.errors);
});
