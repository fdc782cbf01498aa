#!/usr/bin/env node
// Browser tests driver (run by CTest): installs playwright-core with `npm ci`
// when node_modules is missing, starts one `gomoku serve` per worker on a
// free loopback port, runs specs/*.test.mjs with node's test runner against
// them in Debian's Chromium, and stops the servers.
//   node run.mjs --gomoku build/test/gomoku [--screenshots DIR] [--web DIR] [--only WORD] [--jobs N]
// --only runs the specs whose file name contains WORD (while iterating).
// --jobs runs N spec files at a time (default 2), each worker with a server
// of its own (the server's per-address limits and search slots are not
// shared); most of a spec's time is spent waiting on the browser and the
// computer's moves, not computing. Each spec's output is printed when it ends.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const gomoku = opt('gomoku', path.join(here, '../../build/test/gomoku'));
const shots = path.resolve(opt('screenshots', path.join(here, 'screenshots')));
const web = path.resolve(opt('web', path.join(here, '../../web')));

if (!fs.existsSync(path.join(here, 'node_modules', 'playwright-core'))) {
  console.log('browser tests: installing playwright-core (npm ci)');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: here, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (r.status !== 0) process.exit(r.status || 1);
}
fs.mkdirSync(shots, { recursive: true });
console.log(`browser tests: screenshots in ${shots}`);

// Port 0: the server picks a free port and prints it.
const servers = [];
process.on('exit', () => { for (const s of servers) s.kill('SIGTERM'); });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(1));

function startServer() {
  const server = spawn(gomoku, ['serve', '--host', '127.0.0.1', '--port', '0', '--web', web, '--quiet', '--db', ':memory:'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(server);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start')), 15000);
    server.stdout.on('data', (d) => {
      out += d;
      const m = /Open (http:\/\/\S+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const only = opt('only', '');
const specs = fs.readdirSync(path.join(here, 'specs')).filter((f) => f.endsWith('.test.mjs') && f.includes(only)).sort();
const jobs = Math.max(1, Math.min(Number(opt('jobs', '2')) || 1, specs.length));
const urls = await Promise.all(Array.from({ length: jobs }, startServer)).catch((e) => {
  console.error(`browser tests: ${e.message}`);
  process.exit(1);
});
console.log(`browser tests: ${specs.length} spec files, ${jobs} at a time; servers at ${urls.join(' ')}`);

// One spec file in node's test runner; its output is kept and printed whole.
function runSpec(file, url) {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(process.execPath, ['--test', path.join(here, 'specs', file)], {
      cwd: here, stdio: ['ignore', 'pipe', 'pipe'], // Specs that stop and restart a server of their own (server loss) get the binary.
      env: { ...process.env, GOMOKU_URL: url, GOMOKU_SCREENSHOTS: shots, GOMOKU_BIN: path.resolve(gomoku), GOMOKU_WEB: web },
    });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('close', (c, sig) => {
      const code = sig ? 1 : c;
      process.stdout.write(`${out}browser tests: ${file} ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
      resolve(code);
    });
  });
}

const t0 = Date.now();
const queue = specs.slice();
let code = 0;
await Promise.all(urls.map(async (url) => {
  while (queue.length) {
    if ((await runSpec(queue.shift(), url)) !== 0) code = 1;
  }
}));
console.log(`browser tests: ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in ${shots}`);
process.exit(code);
