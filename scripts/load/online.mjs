#!/usr/bin/env node
// Online-games load (scripts/load.sh --online): N games at once, each played
// through the API by its two players with random legal moves, until the game
// ends or --moves actions are played (then the side to act resigns).
//   node online.mjs play   --url URL --games 500 --moves 40 --sockets 64 [--streams] --out records.json
//   node online.mjs verify --url URL --in records.json
// play prints requests/s, p50/p99 latency and errors, and writes every game's
// record as its clients last had it answered; verify reads each game back
// (from a restarted server on the same database) and counts mismatches.
// With --streams each player also holds the game's event stream, as the
// browser does, and the time from sending a move to its arrival on the
// other player's stream is measured.
import http from 'node:http';
import fs from 'node:fs';

const args = process.argv.slice(2);
const mode = args[0];
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const url = new URL(opt('url', 'http://127.0.0.1:8080/'));
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(opt('sockets', 64)) });

const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const useStreams = args.includes('--streams');
const delivery = [];  // ms from sending a move to its event on the opponent's stream
let streamErrors = 0;

/** Opens a game's event stream; onEvent(seq) for each event; returns close(). */
function openStream(id, onEvent) {
  const req = http.get({ host: url.hostname, port: url.port, path: `/api/v1/games/${id}/events`, agent: streamAgent,
    headers: { Accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) { streamErrors++; res.resume(); return; }
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (c) => {
      buf += c;
      for (let end; (end = buf.indexOf('\n\n')) >= 0;) {
        const msg = buf.slice(0, end);
        buf = buf.slice(end + 2);
        const m = /^id: (\d+)$/m.exec(msg);
        if (m) onEvent(Number(m[1]));
      }
    });
    res.on('error', () => {});
  });
  req.on('error', () => {});
  return () => req.destroy();
}

const latencies = [];
let errors = 0;
const errorKinds = {};

function request(method, path, body) {
  const data = body ? JSON.stringify(body) : null;
  const t0 = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request({
      host: url.hostname, port: url.port, path, method, agent,
      headers: data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {},
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => {
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        let json = null;
        try { json = JSON.parse(text); } catch { /* counted below */ }
        if (res.statusCode >= 300 || !json) {
          errors++;
          const k = `${method} ${res.statusCode} ${json && json.error}`;
          errorKinds[k] = (errorKinds[k] || 0) + 1;
        }
        resolve({ status: res.statusCode, json });
      });
    });
    req.on('error', (e) => {
      errors++;
      errorKinds[e.code || e.message] = (errorKinds[e.code || e.message] || 0) + 1;
      resolve({ status: 0, json: null });
    });
    if (data) req.write(data);
    req.end();
  });
}

async function playGame(maxMoves) {
  const c = await request('POST', '/api/v1/games', { rules: 'freestyle', size: 15, seat: 'black' });
  if (c.status !== 201) return null;
  const id = c.json.id;
  const tokens = { black: c.json.token };
  const j = await request('POST', `/api/v1/games/${id}/join`, {});
  if (j.status !== 200) return { id, record: '' };
  tokens.white = j.json.token;
  let game = j.json.game;
  let record = game.record;
  // Each player's stream; sent[seq] is when the move that became event seq
  // was sent, and the other player's stream resolves its wait.
  const sent = {};
  const waits = {};
  const closers = [];
  if (useStreams) {
    for (const seat of ['black', 'white']) {
      let first = true;
      closers.push(openStream(id, (seq) => {
        if (first) { first = false; return; }  // the snapshot
        if (waits[`${seat}:${seq}`]) waits[`${seat}:${seq}`]();
      }));
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  for (let n = 0; game.status === 'playing'; n++) {
    const seat = game.turn;
    const other = seat === 'black' ? 'white' : 'black';
    const legal = game.state.legal;
    const action = n >= maxMoves || legal.length === 0 ? 'resign' : legal[Math.floor(Math.random() * legal.length)];
    const seq = game.version + 1;
    const arrived = useStreams
      ? new Promise((resolve) => {
        const timer = setTimeout(() => { streamErrors++; resolve(); }, 10000);
        waits[`${other}:${seq}`] = () => { clearTimeout(timer); delivery.push(performance.now() - sent[seq]); resolve(); };
      })
      : null;
    sent[seq] = performance.now();
    const r = await request('POST', `/api/v1/games/${id}/actions`, { token: tokens[seat], action });
    if (r.status !== 200) break;
    game = r.json.game;
    record = game.record;  // what this game's clients have been answered
    if (arrived) await arrived;  // the other player sees the move, then answers
  }
  for (const close of closers) close();
  return { id, record };
}

function pct(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

if (mode === 'play') {
  const games = Number(opt('games', 500));
  const maxMoves = Number(opt('moves', 40));
  const t0 = Date.now();
  const results = await Promise.all(Array.from({ length: games }, () => playGame(maxMoves)));
  const seconds = (Date.now() - t0) / 1000;
  const sorted = latencies.slice().sort((a, b) => a - b);
  const played = results.filter(Boolean);
  const actions = played.reduce((s, g) => s + (g.record ? g.record.split(' ').length : 0), 0);
  fs.writeFileSync(opt('out', 'records.json'), JSON.stringify(played));
  console.log(`games ${played.length}/${games} at once, ${actions} actions, ${latencies.length} requests in ${seconds.toFixed(1)} s`);
  console.log(`RESULT requests_per_s=${(latencies.length / seconds).toFixed(0)} p50_ms=${pct(sorted, 50).toFixed(2)} ` +
    `p99_ms=${pct(sorted, 99).toFixed(2)} max_ms=${sorted[sorted.length - 1].toFixed(1)} errors=${errors}`);
  for (const [k, n] of Object.entries(errorKinds)) console.log(`  error ${k}: ${n}`);
  if (useStreams) {
    const d = delivery.slice().sort((a, b) => a - b);
    console.log(`STREAMS ${2 * games} event streams: move sent -> event on the other stream ` +
      `p50_ms=${pct(d, 50).toFixed(2)} p99_ms=${pct(d, 99).toFixed(2)} max_ms=${(d[d.length - 1] || 0).toFixed(1)} ` +
      `events=${d.length} late_over_10s_or_refused=${streamErrors}`);
  }
  agent.destroy();
  process.exit(errors === 0 && streamErrors === 0 && played.length === games ? 0 : 1);
} else if (mode === 'verify') {
  const played = JSON.parse(fs.readFileSync(opt('in', 'records.json'), 'utf8'));
  let same = 0;
  const wrong = [];
  for (let i = 0; i < played.length; i += 50) {
    await Promise.all(played.slice(i, i + 50).map(async (g) => {
      const r = await request('GET', `/api/v1/games/${g.id}`);
      if (r.status === 200 && r.json.record === g.record) same++;
      else wrong.push(g.id);
    }));
  }
  console.log(`RESULT records_equal=${same}/${played.length} mismatches=${wrong.length}`);
  for (const id of wrong.slice(0, 5)) console.log(`  mismatch: ${id}`);
  agent.destroy();
  process.exit(wrong.length === 0 ? 0 : 1);
} else {
  console.error('usage: online.mjs play|verify --url URL ...');
  process.exit(2);
}
