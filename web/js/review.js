// Game review: the server analyses every position of the game
// (POST /api/v1/review, polled like a search) while the player goes on; this
// module draws the progress, an evaluation graph over the moves with marks on
// mistakes and blunders, a list of them, and tells the board which better
// move to show for the position being looked at.
import { api, gameBody } from './api.js';
import { t } from './i18n.js';
import { placedPoint, shown } from './points.js';

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const NS = 'http://www.w3.org/2000/svg';
const W = 300;             // graph size in its own units (viewBox)
const H = 90;
const MARKED = ['mistake', 'blunder'];
const TIME_PER_POSITION_MS = 250;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  parent.appendChild(e);
  return e;
}

/** Black's advantage squashed to -1..1 (a proven result is ±1). */
const squash = (evalBlack) => Math.tanh((evalBlack || 0) / 600);

export class GameReview {
  /**
   * @param {{onJump: (n: number) => void, onChange: () => void}} handlers
   *   onJump(n): show the position after n actions; onChange(): the board's marks may have changed.
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.gen = 0;
    this.key = null;
    this.data = null;      // {tokens, positions, moves, total, done, complete, finished, error}
    this.view = 0;         // the position the player looks at
    $('review-close').addEventListener('click', () => this.close());
    $('review-graph').addEventListener('click', (e) => this.onGraphClick(e));
    $('review-graph').addEventListener('keydown', (e) => this.onGraphKey(e));
  }

  get isOpen() {
    return !$('review').hidden;
  }

  /** Starts (or shows again) the review of a game; analysis runs in the background. */
  start(settings, tokens) {
    $('review').hidden = false;
    const key = JSON.stringify(gameBody(settings, tokens));
    if (key === this.key && this.data && !this.data.error) {
      this.draw();
      return;
    }
    this.stop();
    this.key = key;
    this.data = { tokens: tokens.slice(), positions: [], moves: [], total: tokens.length + 1, done: 0, complete: false, error: null };
    this.draw();
    this.run(++this.gen, settings, tokens);
  }

  /** Stops the analysis (if running) and forgets it. */
  stop() {
    this.gen++;
    if (this.job) api.stopSearch(this.job).catch(() => {});
    this.job = null;
  }

  close() {
    this.stop();
    this.key = null;
    this.data = null;
    $('review').hidden = true;
    this.handlers.onChange();
  }

  async run(gen, settings, tokens) {
    const stale = () => gen !== this.gen;
    try {
      let job;
      for (let attempt = 0; ; attempt++) {
        try {
          job = await api.startReview(settings, tokens, TIME_PER_POSITION_MS);
          break;
        } catch (e) {
          // Busy: the computer or other reviews hold the search slots; wait.
          if (e.status !== 503 || attempt >= 120 || stale()) throw e;
          this.data.waiting = true;
          this.draw();
          await sleep(1000);
        }
      }
      if (stale()) { api.stopSearch(job.id).catch(() => {}); return; }
      this.job = job.id;
      this.data.waiting = false;
      while (job.status === 'running') {
        this.absorb(job.progress || {});
        this.draw();
        await sleep(250);
        if (stale()) return;
        job = await api.pollSearch(job.id);
        if (stale()) return;
      }
      this.job = null;
      if (job.status !== 'done') throw new Error(job.error || 'review failed');
      const r = job.result || {};
      this.data.positions = r.positions || [];
      this.data.moves = r.moves || [];
      this.data.done = this.data.positions.length;
      this.data.complete = !!r.complete;  // false: stopped or cut off by the server's cap
      this.data.finished = true;
    } catch (e) {
      if (stale()) return;
      this.job = null;
      this.data.error = e.message || String(e);
    }
    this.draw();
    this.handlers.onChange();
  }

  absorb(progress) {
    if (Array.isArray(progress.positions)) this.data.positions = progress.positions;
    if (progress.total) this.data.total = progress.total;
    this.data.done = progress.done ?? this.data.positions.length;
  }

  /** The better move to show on the board for the position after n actions, or null. */
  betterAt(n) {
    const m = this.data && this.data.moves[n - 1];
    if (!m || !MARKED.includes(m.mark)) return null;
    const best = (m.best || []).map(placedPoint).find(Boolean);
    return best ? { point: best, mark: m.mark, played: placedPoint(m.token) } : null;
  }

  /** Follows the position the player looks at (a cursor on the graph, a note). */
  setView(n) {
    this.view = n;
    if (this.isOpen) this.draw();
  }

  onGraphClick(e) {
    const d = this.data;
    if (!d || d.total < 2) return;
    const box = $('review-graph').getBoundingClientRect();
    const f = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
    const n = Math.round(f * (d.total - 1));
    this.handlers.onJump(Math.min(n, d.tokens.length));
  }

  /** Arrow keys walk the game along the graph; Home and End jump to its ends. */
  onGraphKey(e) {
    const d = this.data;
    if (!d) return;
    const last = d.tokens.length;
    const to = { ArrowLeft: this.view - 1, ArrowRight: this.view + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.handlers.onJump(Math.max(0, Math.min(last, to)));
  }

  draw() {
    const d = this.data;
    if (!d) return;
    const pct = d.total ? Math.round((100 * d.done) / d.total) : 0;
    $('review-bar').style.width = `${d.complete ? 100 : pct}%`;
    $('review-progress').setAttribute('aria-valuenow', String(d.complete ? 100 : pct));
    $('review-progress').hidden = !!(d.finished || d.error);
    let status;
    if (d.error) status = t('reviewFailed', { error: d.error });
    else if (d.waiting) status = t('serverBusy');
    else if (!d.finished) status = t('reviewRunning', { done: d.done, total: d.total });
    else status = this.summary();
    $('review-status').textContent = status;
    this.drawGraph();
    this.drawMarks();
  }

  summary() {
    const d = this.data;
    const count = (mark) => d.moves.filter((m) => m.mark === mark).length;
    const base = t('reviewDone', { mistakes: count('mistake'), blunders: count('blunder') });
    const m = d.moves[this.view - 1];
    if (m && MARKED.includes(m.mark)) {
      const better = (m.best || []).map(placedPoint).find(Boolean);
      const said = t('reviewMoveNote', { n: this.view, color: t(m.side), point: shown(placedPoint(m.token) || m.token), mark: t(`mark_${m.mark}`) });
      return better ? `${said} ${t('reviewBetter', { point: shown(better) })}` : said;
    }
    return base;
  }

  drawGraph() {
    const d = this.data;
    const svg = $('review-graph');
    svg.textContent = '';
    svg.setAttribute('aria-label', t('reviewGraph'));
    el('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'half black' }, svg);
    el('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'half white' }, svg);
    el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'zero' }, svg);
    const span = Math.max(1, d.total - 1);
    const x = (k) => (k / span) * W;
    const y = (v) => H / 2 - squash(v) * (H / 2 - 3);
    // Decisions (swap choices, RIF proposals, draw answers) carry no value:
    // the curve keeps the last one through them.
    let lastValue = 0;
    const values = d.positions.map((p) => (lastValue = p.evalBlack ?? lastValue));
    const pts = values.map((v, k) => [x(k), y(v)]);
    if (pts.length) {
      const line = pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ');
      el('polygon', { points: `0,${H / 2} ${line} ${pts[pts.length - 1][0].toFixed(1)},${H / 2}`, class: 'area' }, svg);
      el('polyline', { points: line, class: 'curve' }, svg);
    }
    d.moves.forEach((m, i) => {
      if (!MARKED.includes(m.mark) || !d.positions[i + 1]) return;
      el('circle', { cx: x(i + 1), cy: y(values[i + 1]), r: m.mark === 'blunder' ? 4 : 3, class: `mark ${m.mark}`, 'data-n': String(i + 1) }, svg);
    });
    el('line', { x1: x(this.view), y1: 0, x2: x(this.view), y2: H, class: 'cursor' }, svg);
  }

  drawMarks() {
    const d = this.data;
    const list = $('review-marks');
    list.textContent = '';
    d.moves.forEach((m, i) => {
      if (!MARKED.includes(m.mark)) return;
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `mark ${m.mark}`;
      b.dataset.n = String(i + 1);
      const better = (m.best || []).map(placedPoint).find(Boolean);
      b.textContent = `${i + 1}. ${t(m.side)} ${shown(placedPoint(m.token) || m.token)}: ${t(`mark_${m.mark}`)}`
        + (better ? ` · ${t('reviewBetterShort', { point: shown(better) })}` : '');
      if (this.view === i + 1) b.setAttribute('aria-current', 'step');
      b.addEventListener('click', () => this.handlers.onJump(i + 1));
      li.appendChild(b);
      list.appendChild(li);
    });
  }
}
