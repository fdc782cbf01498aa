// The app: start screen, game screen and the flow of a game. The record and
// the state history live here; the server is asked for every state.
import { BoardView } from './board.js';
import { api, computerTurn } from './api.js';
import { t, setLang, getLang, applyI18n } from './i18n.js';
import { rulesHtml } from './rules.js';
import * as rec from './record.js';
import { parsePoint, shown, cellAt, moveNumbers, placedPoint, pointName } from './points.js';
import { zoneOf } from './zones.js';
import { GameReview } from './review.js';
import { renderBanner, wireBanner } from './banner.js';
import { playSound, setSoundOn, soundLog } from './sound.js';
import { applyTheme } from './theme.js';
import { initOnline, openOnlineFromUrl } from './online.js';

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const PREFS_KEY = 'gomoku.prefs.v1';
const SCORE_KEY = 'gomoku.session.v1';

const S = {
  settings: null,     // {rules, size, exactFive, opening, opponent, level, side}
  tokens: [],         // the record
  history: [],        // history[i] = state after the first i tokens
  viewIndex: null,    // reviewing an earlier position (number of tokens shown)
  searchGen: 0,       // bumps to cancel a running computer turn
  thinking: null,     // {t0, depth, busy}
  animating: false,   // the computer's actions are being shown one by one
  busy: false,        // a request for the person's action is in flight
  selected: [],       // RIF: proposals being picked
  pendingTap: null,   // tap-twice: the first tap
  hint: null,
  converted: [],      // stones converted by the last action (fishing)
  counted: false,     // the finished game is in the session score
  analysisOn: false,
  analysisGen: 0,
  message: null,      // {text, error, kind}; kind 'retry' shows the Retry button
  seed: 0,            // drawn once per game: the computer varies between games
  retry: { attempt: 0, timer: 0 },  // the computer's turn waiting for the server
  bannerClosed: false, // the end-of-game banner was dismissed
};

let board;
let review;
// For tests and debugging in the console.
window.gomokuApp = S;
window.gomokuSound = soundLog;
let prefs = loadJson(PREFS_KEY, {});

function loadJson(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) || fallback;
  } catch {
    return fallback;
  }
}
function saveJson(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: nothing to keep */
  }
}

// ---------------------------------------------------------------- players

const liveState = () => S.history[S.tokens.length] || null;
const shownState = () => (S.viewIndex === null ? liveState() : S.history[S.viewIndex]);
const isFishing = () => S.settings && S.settings.rules === 'fishing';
const vsCpu = () => S.settings && S.settings.opponent === 'cpu';

/** The colour the first player (who placed the first stone) holds. */
function firstColor(st) {
  return st.swapped ? 'white' : 'black';
}
const other = (c) => (c === 'black' ? 'white' : 'black');

/** Who must act: 'first' or 'second' player (the opener is 'first'), or null. */
function actorOf(st) {
  if (!st || st.result || st.phaseName === 'over') return null;
  switch (st.phaseName) {
    case 'opening-stones':
    case 'swap2-final-choice':
      return 'first';
    case 'swap-choice':
    case 'swap2-choice':
    case 'swap2-stones':
      return 'second';
    default:
      if (!st.toMove) return null;
      return st.toMove === firstColor(st) ? 'first' : 'second';
  }
}

/** The colour of a party ('first'/'second') in a state. */
function colorOf(party, st) {
  return party === 'first' ? firstColor(st) : other(firstColor(st));
}

function humanActs(st) {
  const a = actorOf(st);
  if (!a) return false;
  return !vsCpu() || a === S.settings.side;
}

/** Display name of a party. In hot-seat, player 1 is the one whose "side" is set. */
function partyName(party) {
  if (vsCpu()) return party === S.settings.side ? t('you') : t('computer');
  return party === S.settings.side ? t('player1') : t('player2');
}

function levelLabel(level) {
  if (String(level).startsWith('engine:')) return level.slice(7);  // an external engine (engines.js)
  if (level === 'medium' && isFishing()) return t('level_normal');
  return t(`level_${level}`);
}

// ---------------------------------------------------------------- start screen

function showStart() {
  S.searchGen++;
  S.analysisGen++;
  $('game').hidden = true;
  $('start').hidden = false;
  const f = $('start-form');
  const s = S.settings || prefs.last || {};
  if (s.rules) f.rules.value = s.rules;
  if (s.opponent) f.opponent.value = s.opponent;
  if (s.level) f.level.value = s.level;
  if (s.side) f.side.value = s.side;
  if (s.rules === 'captures' && s.size) f.size.value = String(s.size);
  f.exactFive.value = String(!!s.exactFive);
  updateStartForm();
  if (s.opening) f.opening.value = s.opening;
  history.replaceState(null, '', location.pathname + location.search);
  document.title = t('appName');
  f.querySelector('input[name=rules]:checked')?.focus();
}

function updateStartForm() {
  const f = $('start-form');
  const rules = f.rules.value;
  const cpu = f.opponent.value === 'cpu';
  $('field-level').hidden = !cpu;
  $('field-side').hidden = !cpu || rules === 'fishing';
  $('field-size').hidden = rules !== 'captures';
  $('field-win').hidden = rules !== 'freestyle';
  $('field-opening').hidden = rules !== 'freestyle' && rules !== 'renju';
  const allowed = rules === 'freestyle' ? ['free', 'swap', 'swap2'] : rules === 'renju' ? ['free', 'swap', 'rif'] : ['free'];
  for (const o of f.opening.options) o.hidden = o.disabled = !allowed.includes(o.value);
  if (!allowed.includes(f.opening.value)) f.opening.value = 'free';
  f.level.querySelector('option[value=medium]').textContent = rules === 'fishing' ? t('level_normal') : t('level_medium');
  const opening = f.opening.value;
  f.side.options[0].textContent = opening === 'free' ? t('side_first') : t('side_opener');
  f.side.options[1].textContent = opening === 'free' ? t('side_second') : t('side_chooser');
  let note = '';
  if (rules === 'fishing' && cpu) note = t('note_fishing');
  else if (opening !== 'free') note = t(`note_${opening}`);
  $('start-note').textContent = note;
}

function settingsFromForm() {
  const f = $('start-form');
  const rules = f.rules.value;
  const cpu = f.opponent.value === 'cpu';
  return {
    rules,
    size: rules === 'captures' ? Number(f.size.value) : 15,
    exactFive: rules === 'freestyle' && f.exactFive.value === 'true',
    opening: rules === 'freestyle' || rules === 'renju' ? f.opening.value : 'free',
    opponent: cpu ? 'cpu' : 'friend',
    level: f.level.value,
    side: cpu && rules !== 'fishing' ? f.side.value : 'first',
  };
}

// ---------------------------------------------------------------- game lifecycle

/** Replays a record into the state history; throws the server's error. */
async function loadHistory(settings, tokens) {
  const { states } = await api.replay(settings, tokens);
  return states;
}

async function startGame(settings, tokens = []) {
  S.searchGen++;
  S.analysisGen++;
  const hist = await loadHistory(settings, tokens);
  S.settings = settings;
  S.tokens = tokens.slice();
  S.history = hist;
  S.viewIndex = null;
  S.thinking = null;
  S.animating = false;
  S.busy = false;
  S.selected = [];
  S.pendingTap = null;
  S.hint = null;
  S.converted = [];
  S.counted = !!liveState().result; // a finished game loaded from a link is not scored again
  S.message = null;
  S.seed = Math.floor(Math.random() * 2 ** 32);
  S.bannerClosed = false;
  review.close();
  clearTimeout(S.retry.timer);
  S.retry.attempt = 0;
  prefs.last = settings;
  saveJson(PREFS_KEY, prefs);
  $('start').hidden = true;
  $('game').hidden = false;
  // The start form may have been scrolled (phones): the game opens at its top.
  window.scrollTo(0, 0);
  $('level-select').value = settings.level;
  board.setup(settings.size);
  render();
  updateHash();
  announce(t('gameStarted', { game: t(`game_${settings.rules}`) }));
  maybeComputer();
}

function updateHash() {
  const h = rec.toHash(S.settings, S.tokens);
  history.replaceState(null, '', location.pathname + location.search + h);
}

/** Adds an action and its resulting state; shows what changed. */
function pushState(token, st) {
  const prev = liveState();
  S.tokens.push(token);
  S.history.push(st);
  S.viewIndex = null;
  S.selected = [];
  S.pendingTap = null;
  S.hint = null;
  S.message = null;
  // Stones that vanished (captures, reels) fade out; changed colours are conversions.
  const removed = [];
  const converted = [];
  const n = st.size;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const a = cellAt(prev.board, x, y);
      const b = cellAt(st.board, x, y);
      if (a && !b) removed.push(pointName(x, y));
      else if (a && b && a !== b) converted.push(pointName(x, y));
    }
  }
  S.converted = converted;
  render();
  if (removed.length) board.showRemoved(removed, (p) => { const q = parsePoint(p); return cellAt(prev.board, q.x, q.y); });
  const said = describeAction(prev, token, st, removed, converted);
  announce(said);
  updateHash();
  if (st.result) gameOver(st);
  if (S.analysisOn) runAnalysis();
  actionFeedback(token, st, removed);
  return said;
}

/** A sound for the action (when sounds are on). */
function actionFeedback(token, st, removed) {
  S.bannerClosed = false;
  if (st.result) {
    const w = st.result.winner;
    const mine = w !== 'draw' && (!vsCpu() || (w === firstColor(st) ? 'first' : 'second') === S.settings.side);
    playSound(w === 'draw' ? 'draw' : mine ? 'win' : 'lose');
  } else if (removed.length) playSound('capture');
  else if (placedPoint(token)) playSound('stone');
}

function bannerView(st) {
  const r = st.result;
  const reason = t(`reason_${r.reason}`);
  const detail = reason.charAt(0).toUpperCase() + reason.slice(1);
  if (r.winner === 'draw') return { title: t('bannerDraw'), detail, mood: 'draw' };
  if (!vsCpu()) return { title: t('bannerWins', { color: t(r.winner) }), detail, mood: 'neutral' };
  const mine = (r.winner === firstColor(st) ? 'first' : 'second') === S.settings.side;
  return { title: t(mine ? 'bannerYouWin' : 'bannerCpuWins'), detail, mood: mine ? 'win' : 'loss' };
}

function openReview() {
  S.bannerClosed = true;
  review.start(S.settings, S.tokens);
  render();
  $('review').scrollIntoView({ block: 'nearest' });
  $('review-close').focus({ preventScroll: true });
}

function describeAction(prev, token, st, removed, converted) {
  const color = t(prev.toMove || 'black');
  let text;
  if (placedPoint(token)) text = t('saidPlace', { color, point: shown(placedPoint(token)) });
  else if (token.startsWith('reel')) {
    const who = prev.toMove || 'black';
    const gained = st.captures[who] - prev.captures[who];
    text = t('saidReel', { color, n: removed.length, p: gained, total: st.captures[who] });
  }
  else if (token.startsWith('propose:')) text = t('saidPropose', { color, points: token.slice(8).split(',').map(shown).join(', ') });
  else text = t('saidToken', { color, action: tokenLabel(token, prev) });
  if (token.startsWith('reel') && converted.length) text += ' ' + t('saidConverted', { point: shown(converted[0]) });
  else if (removed.length && !token.startsWith('reel')) text += ' ' + t('saidCaptured', { n: removed.length });
  if (st.result) text += ' ' + resultText(st);
  return text;
}

function tokenLabel(token, st) {
  if (token === 'decline') return st && st.phaseName === 'reel-pending' ? t('tok_reelLater') : t('tok_declineDraw');
  const key = `tok_${token.split(':')[0]}`;
  const s = t(key);
  return s === key ? token : s;
}

function announce(text) {
  const live = $('live');
  live.textContent = '';
  // A fresh text node makes screen readers speak repeated phrases too.
  setTimeout(() => { live.textContent = text; }, 30);
}

/** Plays the person's action (after the server accepted it). */
async function humanAction(token) {
  if (S.busy) return;
  S.busy = true;
  try {
    const st = await api.state(S.settings, [...S.tokens, token]);
    pushState(token, st);
  } catch (e) {
    showMessage(e.message || String(e), true);
    S.selected = [];
    render();
    return;
  } finally {
    S.busy = false;
  }
  maybeComputer();
}

function maybeComputer() {
  const st = liveState();
  if (!vsCpu() || !st || st.result || humanActs(st) || S.thinking || S.animating) return;
  runComputer();
}

async function runComputer() {
  const gen = ++S.searchGen;
  let failed = null;
  S.thinking = { t0: performance.now(), depth: 0, busy: false };
  renderStatus();
  const ticker = setInterval(renderThinking, 100);
  const cancelled = () => gen !== S.searchGen;
  try {
    const result = await computerTurn(S.settings, S.tokens, S.settings.level, (p) => {
      if (cancelled()) return;
      S.thinking.depth = p.depth || 0;
      S.thinking.busy = !!p.busy;
      // The computer's own search feeds the analysis panel meanwhile.
      if (S.analysisOn && S.viewIndex === null && p.depth) {
        showEval(liveState().toMove, { eval: p.eval, depth: p.depth, pv: p.pv });
      }
    }, cancelled, S.seed);
    if (!result || cancelled()) return;
    clearInterval(ticker);
    S.thinking = null;
    const steps = result.steps || [result.state];
    S.animating = true;
    S.retry.attempt = 0;
    const notes = [];
    for (let i = 0; i < result.actions.length; i++) {
      if (cancelled()) return;
      if (i > 0) {
        // Let the person follow a chain of reels: one action at a time.
        await sleep(700);
        if (cancelled()) return;
      }
      const before = liveState();
      const said = pushState(result.actions[i], steps[i] || result.state);
      // Spell out the computer's reels so they can be followed.
      if (result.actions[i].startsWith('reel')) showMessage(said, false);
      const note = cpuDecision(result.actions[i], before, liveState());
      if (note) notes.push(note);
    }
    if (notes.length) showMessage(notes.join(' '), false);
    S.animating = false;
    if (result.search && S.analysisOn === false && result.search.mateIn && result.search.mateIn > 0) {
      showMessage(t('cpuSeesWin'), false);
    }
  } catch (e) {
    failed = e;
  } finally {
    clearInterval(ticker);
    if (!cancelled()) {
      S.thinking = null;
      S.animating = false;
      if (failed) computerFailed(failed);
      else {
        render();
        setTimeout(maybeComputer, 0);
      }
    }
  }
}

/** Words for the computer's choices that a stone on the board does not show. */
function cpuDecision(token, before, after) {
  if (before.phaseName === 'draw-offered' && token === 'decline') return t('cpuDeclinesDraw');
  if (!['swap', 'stay', 'add2'].includes(token)) return null;
  if (token === 'add2') return t('cpuAdd2');
  const you = colorOf(S.settings.side, after);
  return t(token === 'swap' ? 'cpuSwapped' : 'cpuStayed', { cpu: t(other(you)), you: t(you) });
}

/**
 * The computer's turn failed. Without an answer from the server (or a
 * gateway error) it is tried again after 1, 2, 4 … 30 s; any other error
 * waits for the Retry button. The game itself is never touched.
 */
function computerFailed(e) {
  const unreachable = e.status === 0 || (e.status >= 502 && !e.explained);
  S.retry.attempt++;
  showMessage(unreachable ? t('netDownRetrying') : t('cpuError', { error: e.message || String(e) }), true, 'retry');
  clearTimeout(S.retry.timer);
  if (unreachable) {
    const gen = S.searchGen;
    const delay = Math.min(30000, 1000 * 2 ** (S.retry.attempt - 1));
    S.retry.timer = setTimeout(() => { if (gen === S.searchGen) retryComputer(); }, delay);
  }
  render();
}

function retryComputer() {
  clearTimeout(S.retry.timer);
  if (S.message && S.message.kind === 'retry') S.message = null;
  render();
  maybeComputer();
}

function gameOver(st) {
  if (S.counted) return;
  S.counted = true;
  const score = loadJson(SCORE_KEY, {});
  const key = vsCpu() ? 'cpu' : 'friend';
  const s = score[key] || { a: 0, b: 0, d: 0 };
  const w = st.result.winner;
  if (w === 'draw') s.d++;
  else {
    const party = w === firstColor(st) ? 'first' : 'second';
    if (party === S.settings.side) s.a++;
    else s.b++;
  }
  score[key] = s;
  saveJson(SCORE_KEY, score);
  renderSession();
}

// ---------------------------------------------------------------- board input

async function onPoint(p) {
  board.setHover(p);
  if (S.viewIndex !== null) {
    showMessage(t('reviewing'), false, 'reviewing');
    return;
  }
  const st = liveState();
  if (!st || st.result || S.busy || S.thinking || S.animating || !humanActs(st)) return;
  const q = parsePoint(p);
  const cell = cellAt(st.board, q.x, q.y);
  switch (st.phaseName) {
    case 'reel-pending': {
      // Only an enemy stone completes the reel; anything else does nothing.
      if (cell && cell !== st.pending.player) humanAction(`reel:${p}`);
      return;
    }
    case 'rif-propose-fifth': {
      if (cell) return;
      if (!st.legal.includes(p)) { illegalClick(st, p); return; }
      const i = S.selected.indexOf(p);
      if (i >= 0) S.selected.splice(i, 1);
      else S.selected.push(p);
      if (S.selected.length === 2) humanAction(`propose:${S.selected[0]},${S.selected[1]}`);
      else render();
      return;
    }
    case 'rif-keep-fifth': {
      if ((st.proposals || []).includes(p)) humanAction(`keep:${p}`);
      return;
    }
    case 'play':
    case 'opening-stones':
    case 'swap2-stones':
      break;
    default:
      return;
  }
  if (cell) return;
  if (!st.legal.includes(p)) { illegalClick(st, p); return; }
  if ($('opt-tap2').checked && S.pendingTap !== p) {
    S.pendingTap = p;
    render();
    return;
  }
  S.pendingTap = null;
  if (st.toMove === 'black' && (st.forbidden || []).includes(p)) {
    const ok = await confirmDialog(t('forbiddenTitle'), t('forbiddenText', { point: shown(p) }), t('playAnyway'));
    if (!ok) { render(); return; }
  }
  humanAction(p);
}

/** An empty point the rules refuse now: say why instead of doing nothing. */
function illegalClick(st, p) {
  const zone = zoneOf(st, S.settings);
  showMessage(zone ? t(zone.reason) : t('notLegal', { point: shown(p) }), false, 'zone');
}

function onCursor(p) {
  const st = shownState();
  if (!st) return;
  const q = parsePoint(p);
  const c = cellAt(st.board, q.x, q.y);
  let what = c ? t(`stone_${c}`) : t('empty');
  if (!c && st.toMove === 'black' && (st.forbidden || []).includes(p)) what += ', ' + t('forbiddenShort');
  const text = `${shown(p)}: ${what}`;
  $('cursor-desc').textContent = text;
  $('board').setAttribute('aria-label', t('boardLabel', { n: st.size }) + ' ' + text);
}

function confirmDialog(title, text, okLabel) {
  const dlg = $('dlg-confirm');
  $('confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  $('confirm-ok').textContent = okLabel;
  return new Promise((resolve) => {
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'ok'), { once: true });
    dlg.returnValue = 'cancel';
    dlg.showModal();
    $('confirm-cancel').focus();
  });
}

// ---------------------------------------------------------------- rendering

function render() {
  const st = shownState();
  if (!st) return;
  const live = S.viewIndex === null;
  const myTurn = live && !st.result && !S.thinking && humanActs(st);
  const numbers = $('opt-numbers').checked ? moveNumbers(S.tokens.slice(0, S.viewIndex ?? S.tokens.length)) : null;
  const pending = st.pending;
  const clickable = new Set();
  if (myTurn && pending) {
    for (let y = 0; y < st.size; y++) {
      for (let x = 0; x < st.size; x++) {
        const c = cellAt(st.board, x, y);
        if (c && c !== pending.player) clickable.add(pointName(x, y));
      }
    }
  }
  const placing = myTurn && ['play', 'opening-stones', 'swap2-stones', 'rif-propose-fifth'].includes(st.phaseName);
  board.render({
    rows: st.board,
    lastMove: st.lastMove,
    numbers,
    forbidden: st.toMove === 'black' && !st.result ? st.forbidden || [] : [],
    rod: pending ? pending.rod : [],
    winLine: st.result ? st.result.line : [],
    converted: live ? S.converted : [],
    proposals: st.proposals || [],
    selected: S.selected,
    hint: live ? S.hint : null,
    better: review.isOpen ? review.betterAt(S.viewIndex ?? S.tokens.length) : null,
    legal: new Set(st.legal || []),
    previewColor: placing ? st.toMove : null,
    interactive: placing || (myTurn && (pending || st.phaseName === 'rif-keep-fifth')),
    clickable,
    pendingTap: S.pendingTap,
    zone: placing ? zoneOf(st, S.settings)?.points : null,
  });
  $('board').dataset.phase = st.phaseName;
  $('board').dataset.toMove = st.toMove || '';
  $('board').setAttribute('aria-label', t('boardLabel', { n: st.size }));
  renderPlayers(st);
  renderScorebar(st);
  renderActions(st, myTurn);
  renderStatus();
  renderMoves();
  renderControls();
  renderSession();
  renderBanner(live && st.result && !S.bannerClosed ? bannerView(st) : null);
  review.setView(S.viewIndex ?? S.tokens.length);
}

function renderPlayers(st) {
  const box = $('players');
  box.textContent = '';
  const actor = actorOf(st);
  for (const party of ['first', 'second']) {
    const color = colorOf(party, st);
    const chip = document.createElement('div');
    chip.className = `player ${color}` + (actor === party && !st.result ? ' to-move' : '');
    chip.dataset.party = party;
    const dot = document.createElement('span');
    dot.className = `dot ${color}`;
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = partyName(party);
    const sub = document.createElement('span');
    sub.className = 'sub';
    sub.textContent = t(color) + (vsCpu() && party !== S.settings.side ? ` · ${levelLabel(S.settings.level)}` : '');
    chip.append(dot, name, sub);
    box.appendChild(chip);
  }
}

function renderScorebar(st) {
  const bar = $('scorebar');
  const rules = S.settings.rules;
  const visible = rules === 'captures' || rules === 'fishing';
  bar.hidden = !visible;
  bar.parentElement.classList.toggle('has-score', visible);
  if (!visible) return;
  bar.textContent = '';
  const goal = rules === 'fishing' ? 10 : 5;
  for (const color of ['black', 'white']) {
    const n = st.captures[color];
    const item = document.createElement('div');
    item.className = `score ${color}`;
    item.dataset.color = color;
    const label = document.createElement('span');
    label.className = 'label';
    label.innerHTML = `<span class="dot ${color}"></span>`;
    label.append(t(color));
    const value = document.createElement('b');
    value.className = 'value';
    value.textContent = String(n);
    const unit = document.createElement('span');
    unit.className = 'unit';
    unit.textContent = rules === 'fishing' ? t('pointsUnit', { n }) : t('pairsUnit', { n });
    const meter = document.createElement('span');
    meter.className = 'meter';
    meter.setAttribute('aria-hidden', 'true');
    for (let i = 0; i < goal; i++) {
      const pip = document.createElement('i');
      if (i < n) pip.className = 'on';
      meter.appendChild(pip);
    }
    item.append(label, value, unit, meter);
    bar.appendChild(item);
  }
  bar.setAttribute('aria-label', rules === 'fishing' ? t('pointsTitle') : t('pairsTitle'));
}

function renderActions(st, myTurn) {
  const bar = $('actionbar');
  bar.textContent = '';
  if (!myTurn) return;
  const tokens = st.legalTokens || [];
  const add = (token, label, cls = '') => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.dataset.token = token;
    if (cls) b.className = cls;
    b.addEventListener('click', async () => {
      if (token === 'resign' && !(await confirmDialog(t('resignTitle'), t('resignText'), t('tok_resign')))) return;
      humanAction(token);
    });
    bar.appendChild(b);
  };
  const ph = st.phaseName;
  if (ph === 'reel-pending') {
    if (tokens.includes('reel')) add('reel', t('tok_reel'), 'primary');
    if (tokens.includes('decline')) add('decline', t('tok_reelLater'), 'reel-later');
    return;
  }
  if (ph === 'draw-offered') {
    add('accept', t('tok_accept'), 'primary');
    add('decline', t('tok_declineDraw'));
    return;
  }
  if (tokens.includes('swap')) add('swap', t('tok_swap'), 'primary');
  if (tokens.includes('stay')) add('stay', t('tok_stay'));
  if (tokens.includes('add2')) add('add2', t('tok_add2'));
  if (tokens.includes('pass')) add('pass', t('tok_pass'));
  if (tokens.includes('draw')) add('draw', t('tok_draw'));
  if (tokens.includes('resign') && ph === 'play') add('resign', t('tok_resign'), 'danger');
}

function resultText(st) {
  const r = st.result;
  const reason = t(`reason_${r.reason}`);
  if (r.winner === 'draw') return t('resultDraw', { reason });
  const party = r.winner === firstColor(st) ? 'first' : 'second';
  if (vsCpu()) return t(party === S.settings.side ? 'resultYouWin' : 'resultCpuWins', { reason, color: t(r.winner) });
  return t('resultWins', { color: t(r.winner), reason });
}

function promptText(st) {
  const color = t(st.toMove || 'black');
  const you = vsCpu() ? ` — ${t('yourTurn')}` : '';
  switch (st.phaseName) {
    case 'opening-stones':
      return t('promptOpening', { color }) + you;
    case 'swap-choice':
      return t('promptSwap') + you;
    case 'swap2-choice':
      return t('promptSwap2') + you;
    case 'swap2-stones':
      return t('promptSwap2Stones', { color }) + you;
    case 'swap2-final-choice':
      return t('promptSwap2Final') + you;
    case 'rif-propose-fifth':
      return t('promptPropose', { n: S.selected.length }) + you;
    case 'rif-keep-fifth':
      return t('promptKeep') + you;
    case 'reel-pending':
      // Ten points end the game at once: say so, it is the move to make.
      return t(st.captures[st.pending.player] + st.pending.points >= 10 ? 'promptReelWins' : 'promptReel',
        { points: st.pending.points, color: t(other(st.pending.player)) });
    case 'draw-offered':
      return t('promptDrawOffered', { color: t(other(st.toMove)) });
    default:
      return t('toMove', { color }) + you;
  }
}

function renderStatus() {
  const st = shownState();
  if (!st) return;
  let text;
  if (S.viewIndex !== null) text = t('reviewStatus', { n: S.viewIndex, total: S.tokens.length });
  else if (st.result) text = resultText(st);
  else if (S.thinking) text = t('cpuThinking', { color: t(st.toMove || 'black') });
  else if (humanActs(st)) text = promptText(st);
  else text = t('toMove', { color: t(st.toMove || 'black') });
  $('status').textContent = text;
  $('status-card').classList.toggle('over', !!st.result);
  $('thinking').hidden = !S.thinking;
  renderThinking();
  const msg = $('message');
  msg.hidden = !S.message;
  if (S.message) {
    msg.textContent = S.message.text;
    msg.classList.toggle('error', S.message.error);
  }
  $('btn-retry').hidden = !(S.message && S.message.kind === 'retry');
}

function renderThinking() {
  if (!S.thinking) return;
  const secs = ((performance.now() - S.thinking.t0) / 1000).toFixed(1);
  $('thinking-text').textContent = S.thinking.busy
    ? t('serverBusy')
    : t('thinkingProgress', { depth: S.thinking.depth || '–', secs });
}

function showMessage(text, error, kind = '') {
  S.message = { text, error, kind };
  renderStatus();
  if (error) announce(text);
}

function renderMoves() {
  const list = $('movelist');
  list.textContent = '';
  let stone = 0;
  S.tokens.forEach((token, i) => {
    const before = S.history[i];
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    // The actor's colour; a kept RIF proposal is a black stone chosen by White.
    const color = token.startsWith('keep:') ? 'black' : (before && before.toMove) || 'black';
    const p = placedPoint(token);
    if (p) stone++;
    b.innerHTML = `<span class="dot ${color}"></span>`;
    const label = document.createElement('span');
    label.textContent = p ? `${stone}. ${shown(p)}${token.startsWith('keep:') ? ' ✓' : ''}` : describeToken(token, before);
    b.appendChild(label);
    b.dataset.index = String(i + 1);
    if (!p) li.className = 'wide';
    if ((S.viewIndex ?? S.tokens.length) === i + 1) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => setView(i + 1));
    li.appendChild(b);
    list.appendChild(li);
  });
  // Keep the current action visible inside the list (never scroll the page).
  const cur = list.querySelector('[aria-current]');
  if (cur) {
    const top = cur.offsetTop; // the list is the offset parent
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + cur.offsetHeight - list.clientHeight;
  }
  const shownSt = shownState();
  const opening = shownSt && shownSt.openingName;
  $('opening-name').hidden = !opening;
  if (opening) $('opening-name').textContent = t('openingName', { name: opening });
  $('review-note').hidden = S.viewIndex === null;
  if (S.viewIndex !== null) $('review-note').textContent = t('reviewNote');
  $('nav-first').disabled = $('nav-prev').disabled = (S.viewIndex ?? S.tokens.length) === 0;
  $('nav-next').disabled = $('nav-last').disabled = S.viewIndex === null;
}

function describeToken(token, before) {
  if (token.startsWith('reel:')) return `${t('tok_reel')} → ${shown(token.slice(5))}`;
  if (token.startsWith('propose:')) return `${t('tok_propose')} ${token.slice(8).split(',').map(shown).join(' / ')}`;
  return tokenLabel(token, before);
}

function setView(n) {
  if (n === null || n >= S.tokens.length) S.viewIndex = null;
  else S.viewIndex = Math.max(0, n);
  // "You are looking at an earlier position" is over once the view moves.
  if (S.message && S.message.kind === 'reviewing') S.message = null;
  render();
  if (S.analysisOn) runAnalysis();
}

function renderControls() {
  const live = liveState();
  // Undo needs an action of the person to take back.
  let canUndo = !isFishing() && S.tokens.length > 0;
  if (canUndo && vsCpu()) canUndo = S.history.slice(0, S.tokens.length).some((h) => actorOf(h) === S.settings.side);
  $('btn-undo').disabled = !canUndo;
  $('btn-undo').hidden = isFishing();
  $('btn-rematch').classList.toggle('primary', !!(live && live.result));
  $('btn-review').disabled = !S.tokens.length;
  $('btn-review').setAttribute('aria-pressed', String(review.isOpen));
  $('btn-hint').disabled = !live || !!live.result || !humanActs(live) || !!S.thinking || S.viewIndex !== null;
  $('level-switch').hidden = !vsCpu();
  $('level-select').querySelector('option[value=medium]').textContent = levelLabel('medium');
  $('btn-analysis').setAttribute('aria-pressed', String(S.analysisOn));
  $('analysis').hidden = !S.analysisOn;
}

function renderSession() {
  const score = loadJson(SCORE_KEY, {});
  const key = vsCpu() ? 'cpu' : 'friend';
  const s = score[key] || { a: 0, b: 0, d: 0 };
  const a = vsCpu() ? t('you') : t('player1');
  const b = vsCpu() ? t('computer') : t('player2');
  $('session-score').textContent = t('sessionLine', { a, b, sa: s.a, sb: s.b, d: s.d });
}

// ---------------------------------------------------------------- controls

function undo() {
  if (isFishing() || !S.tokens.length || S.busy) return;
  S.searchGen++; // drop a running computer turn
  S.thinking = null;
  S.animating = false;
  let n = S.tokens.length;
  if (vsCpu()) {
    // Take back the computer's reply, then the person's last action.
    while (n > 0 && actorOf(S.history[n - 1]) !== S.settings.side) n--;
    if (n > 0) n--;
  } else {
    n--;
  }
  S.tokens.length = n;
  S.history.length = n + 1;
  S.viewIndex = null;
  S.selected = [];
  S.hint = null;
  S.converted = [];
  S.message = null;
  S.bannerClosed = false;
  review.close(); // it was about the record before the undo
  // S.counted stays: a game is scored once, with its first result, however
  // often it is taken back and finished again.
  render();
  updateHash();
  announce(t('undone'));
  if (S.analysisOn) runAnalysis();
  maybeComputer();
}

async function hint() {
  const st = liveState();
  if (!st || st.result || S.thinking) return;
  showMessage(t('hintThinking'), false);
  try {
    const r = await api.analyze(S.settings, S.tokens, 1000);
    if (liveState() !== st) return;
    const best = (r.best && r.best[0]) || (r.pv && r.pv[0]);
    const p = best && placedPoint(best);
    if (p) {
      S.hint = p;
      showMessage(t('hintPoint', { point: shown(p) }), false);
    } else if (best) {
      showMessage(t('hintToken', { action: describeToken(best, st) }), false);
    } else {
      showMessage(t('hintNone'), false);
    }
    render();
  } catch (e) {
    showMessage(e.message || String(e), true);
  }
}

async function runAnalysis() {
  const gen = ++S.analysisGen;
  const st = shownState();
  const n = S.viewIndex ?? S.tokens.length;
  const evalText = $('analysis-eval');
  if (!st) return;
  if (st.result) {
    evalText.textContent = resultText(st);
    $('analysis-pv').textContent = '–';
    setEvalBar(st.result.winner === 'black' ? 1 : st.result.winner === 'white' ? -1 : 0);
    return;
  }
  // While the computer thinks about the live position, its progress is shown.
  if (S.thinking && S.viewIndex === null) return;
  evalText.textContent = t('analysing');
  $('analysis-pv').textContent = '…';
  await sleep(150); // coalesce quick successions of moves
  if (gen !== S.analysisGen) return;
  try {
    const r = await api.analyze(S.settings, S.tokens.slice(0, n), 1500);
    if (gen !== S.analysisGen) return;
    showEval(r.side || st.toMove || 'black', r);
  } catch (e) {
    if (gen === S.analysisGen) evalText.textContent = e.status === 503 ? t('serverBusy') : e.message;
  }
}

/** Shows an evaluation given for `side` (the side to act). */
function showEval(side, r) {
  const sign = side === 'black' ? 1 : -1;
  let text;
  if (r.mateIn !== null && r.mateIn !== undefined && r.mateIn !== 0) {
    const winner = r.mateIn > 0 ? side : other(side);
    text = t('forcedWin', { color: t(winner), n: Math.ceil(Math.abs(r.mateIn) / 2) });
    setEvalBar(winner === 'black' ? 1 : -1);
  } else {
    const e = (r.eval || 0) * sign;
    const pawns = (Math.abs(e) / 100).toFixed(1);
    if (Math.abs(e) < 30) text = t('evalEven', { v: pawns });
    else text = t('evalBetter', { color: t(e > 0 ? 'black' : 'white'), v: pawns });
    setEvalBar(Math.tanh(e / 600));
  }
  $('analysis-eval').textContent = r.depth ? `${text} · ${t('depthN', { n: r.depth })}` : text;
  $('analysis-pv').textContent = (r.pv || []).map(shown).join(' ') || '–';
}

function setEvalBar(v) {
  $('evalbar-fill').style.width = `${50 + 50 * v}%`;
}

function rematch() {
  const s = { ...S.settings, side: S.settings.side === 'first' ? 'second' : 'first' };
  if (s.rules === 'fishing' && s.opponent === 'cpu') s.side = 'first';
  startGame(s, []).catch((e) => showMessage(e.message, true));
}

function download(name, text) {
  const blob = new Blob([text], { type: 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function fileStem() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return `${S.settings.rules}-${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
}

function openImport() {
  $('import-error').textContent = '';
  $('import-text').value = '';
  $('import-file').value = '';
  $('import-vs-cpu').checked = false;
  $('dlg-import').showModal();
  $('import-text').focus();
}

async function doImport(e) {
  e.preventDefault();
  const text = $('import-text').value;
  try {
    const parsed = rec.parseImport(text);
    const base = S.settings || settingsFromForm();
    const settings = { ...base, ...parsed.settings };
    if (!parsed.settings.size && parsed.settings.rules) settings.size = rec.defaultSize(settings.rules);
    if (settings.rules !== 'freestyle') settings.exactFive = false;
    // An imported game is for study (both sides by hand, not scored) unless
    // the player asks to go on against the computer.
    const vsComputer = $('import-vs-cpu').checked;
    settings.opponent = vsComputer ? 'cpu' : 'friend';
    if (vsComputer && !settings.level) settings.level = 'medium';
    if (vsComputer && !settings.side) settings.side = 'first';
    await startGame(settings, parsed.tokens);
    if (!vsComputer) S.counted = true;
    $('dlg-import').close();
  } catch (err) {
    $('import-error').textContent = t('importFailed', { error: err.message || String(err) });
  }
}

async function copyLink() {
  updateHash();
  try {
    await navigator.clipboard.writeText(location.href);
    showMessage(t('linkCopied'), false);
  } catch {
    window.prompt(t('copyLink'), location.href);
  }
}

// ---------------------------------------------------------------- rules dialog

const RULE_TABS = ['freestyle', 'renju', 'captures', 'fishing'];

function openRules(which) {
  const tabs = $('rules-tabs');
  tabs.textContent = '';
  for (const r of RULE_TABS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('role', 'tab');
    b.dataset.rules = r;
    b.textContent = t(`game_${r}`);
    b.setAttribute('aria-selected', String(r === which));
    b.addEventListener('click', () => showRulesTab(r));
    tabs.appendChild(b);
  }
  showRulesTab(which);
  const dlg = $('dlg-rules');
  if (!dlg.open) dlg.showModal();
}

function showRulesTab(which) {
  for (const b of $('rules-tabs').children) b.setAttribute('aria-selected', String(b.dataset.rules === which));
  $('rules-body').innerHTML = rulesHtml(which, getLang());
  $('rules-body').dataset.rules = which;
  $('rules-body').scrollTop = 0;
}

// ---------------------------------------------------------------- wiring

function wire() {
  board = new BoardView($('board'), { onPoint, onCursor });
  review = new GameReview({ onJump: (n) => setView(n), onChange: () => render() });
  wireBanner({
    onRematch: rematch,
    onReview: openReview,
    onClose: () => { S.bannerClosed = true; render(); $('board').focus(); },
  });

  const f = $('start-form');
  f.addEventListener('change', updateStartForm);
  f.addEventListener('submit', (e) => {
    e.preventDefault();
    startGame(settingsFromForm(), []).catch((err) => { $('start-note').textContent = err.message; });
  });
  $('btn-import-start').addEventListener('click', openImport);

  $('btn-new').addEventListener('click', showStart);
  $('brand').addEventListener('click', (e) => { e.preventDefault(); showStart(); });
  $('btn-rules').addEventListener('click', () => {
    const current = S.settings && !$('game').hidden ? S.settings.rules : $('start-form').rules.value;
    openRules(current);
  });
  $('rules-close').addEventListener('click', () => $('dlg-rules').close());
  $('dlg-rules').addEventListener('click', (e) => { if (e.target === $('dlg-rules')) $('dlg-rules').close(); });

  $('lang-select').value = getLang();
  $('lang-select').addEventListener('change', (e) => {
    setLang(e.target.value);
    prefs.lang = e.target.value;
    saveJson(PREFS_KEY, prefs);
    applyI18n(document);
    updateStartForm();
    if (S.settings && !$('game').hidden) render();
    if ($('dlg-rules').open) openRules($('rules-body').dataset.rules);
  });

  $('btn-undo').addEventListener('click', undo);
  $('btn-hint').addEventListener('click', hint);
  $('btn-rematch').addEventListener('click', rematch);
  $('btn-analysis').addEventListener('click', () => {
    S.analysisOn = !S.analysisOn;
    prefs.analysis = S.analysisOn;
    saveJson(PREFS_KEY, prefs);
    render();
    if (S.analysisOn) runAnalysis();
    else S.analysisGen++;
  });
  $('level-select').addEventListener('change', (e) => {
    // Takes effect at the computer's next turn; the game goes on.
    S.settings.level = e.target.value;
    prefs.last = S.settings;
    saveJson(PREFS_KEY, prefs);
    updateHash();
    if (S.thinking) {
      // A search at the old level is running: restart it at the new one.
      S.searchGen++;
      S.thinking = null;
      maybeComputer();
    }
    render();
    announce(t('levelNow', { level: levelLabel(S.settings.level) }));
  });
  for (const [id, key] of [['opt-numbers', 'numbers'], ['opt-tap2', 'tap2']]) {
    $(id).checked = prefs[key] ?? false;
    $(id).addEventListener('change', (e) => {
      prefs[key] = e.target.checked;
      saveJson(PREFS_KEY, prefs);
      S.pendingTap = null;
      render();
    });
  }
  $('btn-reset-score').addEventListener('click', () => {
    const score = loadJson(SCORE_KEY, {});
    delete score[vsCpu() ? 'cpu' : 'friend'];
    saveJson(SCORE_KEY, score);
    renderSession();
  });
  $('nav-first').addEventListener('click', () => setView(0));
  $('nav-prev').addEventListener('click', () => setView((S.viewIndex ?? S.tokens.length) - 1));
  $('nav-next').addEventListener('click', () => setView(S.viewIndex === null ? null : S.viewIndex + 1));
  $('nav-last').addEventListener('click', () => setView(null));

  $('btn-export-txt').addEventListener('click', () => download(`${fileStem()}.txt`, rec.toText(S.settings, S.tokens)));
  $('btn-export-psq').addEventListener('click', () => {
    // .psq holds stones only: reels, passes and opening choices do not fit.
    if (S.tokens.some((tok) => !/^[a-z]\d{1,2}$/.test(tok))) {
      showMessage(t('psqOnlyStones'), true);
      return;
    }
    download(`${fileStem()}.psq`, rec.toPsq(S.settings, S.tokens));
  });
  $('btn-import').addEventListener('click', openImport);
  $('import-form').addEventListener('submit', (e) => {
    if (e.submitter && e.submitter.value === 'cancel') return;
    doImport(e);
  });
  $('import-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) $('import-text').value = await file.text();
  });
  $('btn-link').addEventListener('click', copyLink);
  $('btn-review').addEventListener('click', () => (review.isOpen ? review.close() : openReview()));
  $('opt-sound').checked = !!prefs.sound;
  setSoundOn(prefs.sound);
  $('opt-sound').addEventListener('change', (e) => {
    prefs.sound = e.target.checked;
    saveJson(PREFS_KEY, prefs);
    setSoundOn(prefs.sound);
    playSound('stone'); // a sample, and the click lets the browser start audio
  });
  $('theme-select').value = prefs.theme || 'system';
  $('theme-select').addEventListener('change', (e) => {
    prefs.theme = e.target.value;
    saveJson(PREFS_KEY, prefs);
    applyTheme(prefs.theme);
  });
  // A retry asked for by hand starts the waiting times afresh.
  $('btn-retry').addEventListener('click', () => { S.retry.attempt = 0; retryComputer(); });

  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea, dialog')) return;
    if ($('game').hidden) return;
    if ((e.ctrlKey || e.metaKey) && e.key === 'z') { e.preventDefault(); undo(); }
  });
  window.addEventListener('hashchange', () => openFromHash());
}

async function openFromHash() {
  const h = rec.fromHash(location.hash);
  if (!h) return false;
  if (S.settings && rec.toHash(S.settings, S.tokens) === location.hash) return true;
  try {
    await startGame(h.settings, h.tokens);
    return true;
  } catch (e) {
    showStart();
    $('start-note').textContent = t('linkBroken', { error: e.message });
    return false;
  }
}

async function init() {
  applyTheme(prefs.theme);
  setLang(prefs.lang || (navigator.language || 'en').slice(0, 2));
  applyI18n(document);
  wire();
  initOnline({ settingsFromForm });
  S.analysisOn = !!prefs.analysis;
  if (await openOnlineFromUrl()) return;  // an invite link (?game=ID)
  if (!(await openFromHash())) {
    if ($('start').hidden && $('game').hidden) showStart();
  }
}

init();
