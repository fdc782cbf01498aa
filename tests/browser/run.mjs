#!/usr/bin/env node
// Browser tests driver (run by CTest): installs playwright-core with `npm ci`
// when node_modules is missing, starts `gomoku serve` on a free loopback
// port, runs specs/*.test.mjs with node's test runner against it in Debian's
// Chromium, and stops the server.
//   node run.mjs --gomoku build/test/gomoku [--screenshots DIR] [--web DIR] [--only WORD]
// --only runs the specs whose file name contains WORD (while iterating).
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
const server = spawn(gomoku, ['serve', '--host', '127.0.0.1', '--port', '0', '--web', web, '--quiet', '--db', ':memory:'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let stopped = false;
const stop = () => {
  if (!stopped) {
    stopped = true;
    server.kill('SIGTERM');
  }
};
process.on('exit', stop);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { stop(); process.exit(1); });

const url = await new Promise((resolve, reject) => {
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
}).catch((e) => {
  console.error(`browser tests: ${e.message}`);
  stop();
  process.exit(1);
});
console.log(`browser tests: server at ${url}`);

const only = opt('only', '');
const specs = fs.readdirSync(path.join(here, 'specs')).filter((f) => f.endsWith('.test.mjs') && f.includes(only)).sort()
  .map((f) => path.join(here, 'specs', f));
const t0 = Date.now();
const code = await new Promise((resolve) => {
  const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...specs], {
    cwd: here, stdio: 'inherit', // Specs that stop and restart a server of their own (server loss) get the binary.
    env: { ...process.env, GOMOKU_URL: url, GOMOKU_SCREENSHOTS: shots, GOMOKU_BIN: path.resolve(gomoku), GOMOKU_WEB: web },
  });
  child.on('exit', (c, sig) => resolve(sig ? 1 : c));
});
console.log(`browser tests: ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in ${shots}`);
stop();
process.exit(code);
