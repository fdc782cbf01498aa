// The JSON API (docs/api.md). The UI is stateless towards the server: every
// call carries the whole game {rules, size, exactFive, opening, record}.
import { t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body, signal) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    // Status 0: no answer at all (server down, network gone); the caller keeps the game.
    throw new ApiError(0, t('netDown'));
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = new ApiError(res.status, (data && data.error) || `HTTP ${res.status}`);
    // Our server explains its errors (a failing brain is a 502 too); a bare
    // 502/504 comes from a proxy whose server is gone.
    err.explained = !!(data && data.error);
    throw err;
  }
  return data;
}

/** The game part of a request. */
export function gameBody(settings, tokens) {
  return {
    rules: settings.rules,
    size: settings.size,
    exactFive: settings.exactFive,
    opening: settings.opening,
    record: tokens.join(' '),
  };
}

/** A level, or an external engine ("engine:NAME", see engines.js) at the medium level's time. */
const levelFields = (level) =>
  String(level).startsWith('engine:') ? { engine: level.slice(7), level: 'medium' } : { level };

export const api = {
  health: () => call('GET', '/api/v1/health'),
  state: (settings, tokens, signal) => call('POST', '/api/v1/state', gameBody(settings, tokens), signal),
  replay: (settings, tokens) => call('POST', '/api/v1/replay', gameBody(settings, tokens)),
  analyze: (settings, tokens, timeMs, signal) =>
    call('POST', '/api/v1/analyze', { ...gameBody(settings, tokens), timeMs }, signal),
  // `seed`: drawn once per game, so the computer varies between games but
  // answers the same way within one (the server ignores it if unknown).
  startSearch: (settings, tokens, level, seed) =>
    call('POST', '/api/v1/search', { ...gameBody(settings, tokens), ...levelFields(level), ...(seed === undefined ? {} : { seed }) }),
  // Game review: every position analysed on the server, polled like a search.
  startReview: (settings, tokens, timeMs) =>
    call('POST', '/api/v1/review', { ...gameBody(settings, tokens), timeMs }),
  pollSearch: (id) => call('GET', `/api/v1/search/${encodeURIComponent(id)}`),
  stopSearch: (id) => call('POST', `/api/v1/search/${encodeURIComponent(id)}/stop`),
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the computer's turn with live progress. Retries while the server is
 * busy (503). `isCancelled()` lets the caller drop a stale search.
 */
export async function computerTurn(settings, tokens, level, onProgress, isCancelled, seed) {
  let started;
  for (let attempt = 0; ; attempt++) {
    try {
      started = await api.startSearch(settings, tokens, level, seed);
      break;
    } catch (e) {
      if (e.status === 503 && attempt < 60 && !isCancelled()) {
        onProgress({ busy: true, elapsedMs: 0, depth: 0 });
        await sleep(500);
        continue;
      }
      throw e;
    }
  }
  const t0 = performance.now();
  let job = started;
  while (job.status === 'running') {
    if (isCancelled()) {
      api.stopSearch(job.id).catch(() => {});
      return null;
    }
    onProgress({ ...job.progress, clientElapsedMs: performance.now() - t0 });
    await sleep(120);
    job = await api.pollSearch(job.id);
  }
  if (isCancelled()) return null;
  if (job.status !== 'done') throw new ApiError(500, job.error || 'search failed');
  return job.result;
}
