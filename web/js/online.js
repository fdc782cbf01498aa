// Play a friend online (docs/api.md, "Online games"): create a game and share
// its link, join by opening the link, then play live. The server keeps the
// game; this page keeps only its seat token (localStorage), so a reload
// continues the game. Moves arrive as server-sent events; when the stream
// breaks the page says "reconnecting…" (EventSource resumes with
// Last-Event-ID), and when the server has no room for a stream it polls.
import { BoardView } from './board.js';
import { t, addStrings } from './i18n.js';
import { cellAt, pointName } from './points.js';

const $ = (id) => document.getElementById(id);
const seatKey = (id) => `gomoku.online.${id}`;

addStrings({
  en: {
    playOnline: 'Play a friend online',
    clock: 'Clock (online)',
    clock_none: 'No clock',
    onlineTitle: 'Online game',
    shareTitle: 'Invite your friend',
    shareText: 'Send this link. The game starts when your friend opens it.',
    copy: 'Copy',
    copied: 'Copied',
    friend: 'Your friend',
    spectating: 'You are watching this game.',
    waitingFriend: 'Waiting for your friend to open the link…',
    onlineYourTurn: 'Your turn',
    theirTurn: 'Your friend is thinking…',
    connected: 'Connected',
    reconnecting: 'Reconnecting…',
    polling: 'Connected (slow updates)',
    resign: 'Resign',
    resignConfirm: 'Resign this game?',
    offerDraw: 'Offer a draw',
    askUndo: 'Ask to take back',
    rematchOffer: 'Offer a rematch',
    accept: 'Accept',
    decline: 'Decline',
    offer_draw: 'Your friend offers a draw.',
    offer_undo: 'Your friend asks to take back the last move.',
    offer_rematch: 'Your friend offers a rematch (colours swapped).',
    offerSent: 'Offer sent; waiting for the answer.',
    youWin: 'You win ({reason})',
    youLose: 'You lose ({reason})',
    winsColor: '{color} wins ({reason})',
    drawResult: 'Draw ({reason})',
    abandoned: 'The game was abandoned.',
    why_five: 'five in a row', why_resignation: 'resignation', why_time: 'time',
    why_agreement: 'agreement', why_captures: 'captures', why_points: 'points',
    why_passes: 'two passes', 'why_full-board': 'full board', 'why_forbidden-overline': 'forbidden overline',
    'why_forbidden-double-four': 'forbidden double four', 'why_forbidden-double-three': 'forbidden double three',
    gameGone: 'This online game does not exist (any more).',
    seatsTaken: 'Both seats are taken: you are watching.',
    tooMany: 'Too many new games from here; try again in a minute.',
    colorBlack: 'Black', colorWhite: 'White',
    onlineBoard: 'Online board, {n} by {n}',
  },
  de: {
    playOnline: 'Online mit Freund spielen',
    clock: 'Bedenkzeit (online)',
    clock_none: 'Ohne Uhr',
    onlineTitle: 'Online-Partie',
    shareTitle: 'Lade deinen Freund ein',
    shareText: 'Schicke diesen Link. Die Partie beginnt, wenn dein Freund ihn öffnet.',
    copy: 'Kopieren',
    copied: 'Kopiert',
    friend: 'Dein Freund',
    spectating: 'Du schaust dieser Partie zu.',
    waitingFriend: 'Warte, bis dein Freund den Link öffnet …',
    onlineYourTurn: 'Du bist am Zug',
    theirTurn: 'Dein Freund überlegt …',
    connected: 'Verbunden',
    reconnecting: 'Verbinde neu …',
    polling: 'Verbunden (langsame Updates)',
    resign: 'Aufgeben',
    resignConfirm: 'Diese Partie aufgeben?',
    offerDraw: 'Remis anbieten',
    askUndo: 'Zurücknahme erbitten',
    rematchOffer: 'Revanche anbieten',
    accept: 'Annehmen',
    decline: 'Ablehnen',
    offer_draw: 'Dein Freund bietet Remis an.',
    offer_undo: 'Dein Freund möchte den letzten Zug zurücknehmen.',
    offer_rematch: 'Dein Freund bietet eine Revanche an (Farben getauscht).',
    offerSent: 'Angebot gesendet; warte auf die Antwort.',
    youWin: 'Du gewinnst ({reason})',
    youLose: 'Du verlierst ({reason})',
    winsColor: '{color} gewinnt ({reason})',
    drawResult: 'Remis ({reason})',
    abandoned: 'Die Partie wurde abgebrochen.',
    why_five: 'fünf in einer Reihe', why_resignation: 'Aufgabe', why_time: 'Zeit',
    why_agreement: 'Einigung', why_captures: 'Schläge', why_points: 'Punkte',
    why_passes: 'zweimal gepasst', 'why_full-board': 'volles Brett', 'why_forbidden-overline': 'verbotene Überlänge',
    'why_forbidden-double-four': 'verbotener Doppel-Vierer', 'why_forbidden-double-three': 'verbotener Doppel-Dreier',
    gameGone: 'Diese Online-Partie gibt es nicht (mehr).',
    seatsTaken: 'Beide Plätze sind besetzt: du schaust zu.',
    tooMany: 'Zu viele neue Partien von hier; versuche es in einer Minute wieder.',
    colorBlack: 'Schwarz', colorWhite: 'Weiß',
    onlineBoard: 'Online-Brett, {n} mal {n}',
  },
});

const O = {
  id: null,
  token: null,    // this page's seat token; null: watching
  seat: null,     // 'black' | 'white' | null
  game: null,     // the server's game JSON
  es: null,       // EventSource
  pollTimer: 0,
  clockTimer: 0,
  gotAt: 0,       // performance.now() when `game` arrived (clocks run from it)
  conn: 'reconnecting',
  sent: false,    // our own offer is pending
  selected: [],   // RIF: the fifth-move proposals being picked
  busy: false,
  gen: 0,         // bumps when the screen is left: late answers are dropped
};
let board;

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  return { status: res.status, data: data || {} };
}

function saveSeat(id, token, seat) {
  try { localStorage.setItem(seatKey(id), JSON.stringify({ token, seat })); } catch { /* private mode */ }
}
function loadSeat(id) {
  try { return JSON.parse(localStorage.getItem(seatKey(id)) || 'null'); } catch { return null; }
}

/** Wires the start screen's button; settingsFromForm reads the game chosen there. */
export function initOnline({ settingsFromForm }) {
  board = new BoardView($('online-board'), { onPoint, onCursor: () => {} });
  $('btn-online').addEventListener('click', () => create(settingsFromForm()));
  for (const id of ['btn-new', 'brand']) $(id).addEventListener('click', leave);
  $('online-copy').addEventListener('click', copyInvite);
  $('online-resign').addEventListener('click', () => {
    if (window.confirm(t('resignConfirm'))) act('resign');
  });
  $('online-draw').addEventListener('click', () => act('offer-draw', true));
  $('online-undo').addEventListener('click', () => act('undo', true));
  $('online-rematch').addEventListener('click', () => act('rematch', true));
  $('lang-select').addEventListener('change', () => { if (O.game && !$('online').hidden) render(); });
  window.addEventListener('popstate', () => {
    const id = new URLSearchParams(location.search).get('game');
    if (id && id !== O.id) open(id);
  });
}

/** Opens the online game named in the address (?game=ID); false if none. */
export async function openOnlineFromUrl() {
  const id = new URLSearchParams(location.search).get('game');
  if (!id) return false;
  await open(id);
  return true;
}

async function create(settings) {
  const f = $('start-form');
  const clock = f.clock ? f.clock.value : 'none';
  const body = {
    rules: settings.rules, size: settings.size, exactFive: settings.exactFive, opening: settings.opening,
    seat: 'random',
  };
  if (clock !== 'none') {
    const [minutes, increment] = clock.split('+').map(Number);
    body.clock = { minutes, increment };
  }
  const r = await call('POST', '/api/v1/games', body);
  if (r.status !== 201) {
    window.alert(r.status === 429 ? t('tooMany') : r.data.error || `HTTP ${r.status}`);
    return;
  }
  saveSeat(r.data.id, r.data.token, r.data.seat);
  history.pushState(null, '', `${location.pathname}?game=${r.data.id}`);
  await open(r.data.id, r.data.invite);
}

async function open(id, invite = null) {
  leave();
  const gen = ++O.gen;
  O.id = id;
  O.sent = false;
  O.game = null;
  let seat = loadSeat(id);
  let note = '';
  if (!seat) {
    // Opening a friend's link joins the free seat; if there is none, watch.
    const g = await call('GET', `/api/v1/games/${id}`);
    const free = g.status === 200 && g.data.status === 'waiting';
    const r = free ? await call('POST', `/api/v1/games/${id}/join`, {}) : g;
    if (free && r.status === 200) {
      seat = { token: r.data.token, seat: r.data.seat };
      saveSeat(id, seat.token, seat.seat);
    } else if (r.status === 404) {
      note = t('gameGone');
    } else {
      note = t('seatsTaken');
    }
  }
  if (gen !== O.gen) return;
  O.token = seat ? seat.token : null;
  O.seat = seat ? seat.seat : null;
  $('start').hidden = true;
  $('game').hidden = true;
  $('online').hidden = false;
  if (location.search !== `?game=${id}`) history.replaceState(null, '', `${location.pathname}?game=${id}`);
  $('online-invite').value = invite || `${location.origin}${location.pathname}?game=${id}`;
  $('online-note').textContent = note;
  $('online-note').hidden = !note;
  const g = await call('GET', `/api/v1/games/${id}`);
  if (gen !== O.gen) return;
  if (g.status !== 200) {
    $('online-note').textContent = t('gameGone');
    $('online-note').hidden = false;
    return;
  }
  show(g.data);
  connect(gen);
  O.clockTimer = setInterval(renderClocks, 250);
}

function leave() {
  O.gen++;
  if (O.es) O.es.close();
  O.es = null;
  clearTimeout(O.pollTimer);
  clearInterval(O.clockTimer);
  if (!$('online').hidden) {
    $('online').hidden = true;
    if (new URLSearchParams(location.search).has('game')) history.replaceState(null, '', location.pathname);
  }
}

function setConn(c) {
  O.conn = c;
  const el = $('online-conn');
  el.textContent = t(c);
  el.dataset.state = c;
}

function connect(gen) {
  const es = new EventSource(`/api/v1/games/${O.id}/events`);
  O.es = es;
  es.onopen = () => { if (gen === O.gen) setConn('connected'); };
  es.onmessage = (e) => {
    if (gen !== O.gen) return;
    setConn('connected');
    const msg = JSON.parse(e.data);
    show(msg.game);
  };
  es.onerror = () => {
    if (gen !== O.gen) return;
    if (es.readyState === EventSource.CLOSED) {
      // Refused (the server's live connections are full): poll instead.
      es.close();
      O.es = null;
      setConn('polling');
      poll(gen);
    } else {
      setConn('reconnecting');  // EventSource retries with Last-Event-ID
    }
  };
}

async function poll(gen) {
  if (gen !== O.gen) return;
  try {
    const v = O.game ? O.game.version : 0;
    const r = await call('GET', `/api/v1/games/${O.id}?after=${v}`);
    if (gen !== O.gen) return;
    if (r.status === 200) {
      setConn('polling');
      show(r.data);
    } else {
      setConn('reconnecting');
    }
  } catch {
    if (gen === O.gen) setConn('reconnecting');
  }
  O.pollTimer = setTimeout(() => poll(gen), 1000);
}

function show(game) {
  if (O.game && game.version < O.game.version) return;  // an older answer
  O.game = game;
  O.gotAt = performance.now();
  if (game.rematch && O.seat) {
    // The rematch was accepted: both players move on to it, seats swapped,
    // with the same token.
    saveSeat(game.rematch, O.token, O.seat === 'black' ? 'white' : 'black');
    history.pushState(null, '', `${location.pathname}?game=${game.rematch}`);
    open(game.rematch);
    return;
  }
  const mine = O.seat && game.offers;
  if (mine && !Object.values(game.offers).includes(O.seat)) O.sent = false;
  render();
}

async function act(action, isOffer = false) {
  if (!O.token || O.busy) return;
  O.busy = true;
  const gen = O.gen;
  try {
    const r = await call('POST', `/api/v1/games/${O.id}/actions`, { token: O.token, action });
    if (gen !== O.gen) return;
    if (r.status === 200) {
      if (isOffer && action !== 'resign') O.sent = true;
      show(r.data.game);
    } else {
      message(r.data.error || `HTTP ${r.status}`);
    }
  } catch {
    message(t('reconnecting'));
  } finally {
    O.busy = false;
  }
}

function message(text) {
  const m = $('online-message');
  m.textContent = text;
  m.hidden = !text;
}

function myTurn() {
  const g = O.game;
  return !!(g && O.seat && g.status === 'playing' && g.turn === O.seat);
}

function onPoint(p) {
  if (!myTurn() || O.busy) return;
  const st = O.game.state;
  message('');
  if (st.pending) {
    const c = cellAt(st.board, ...xy(p));
    if (c && c !== st.pending.player) act(`reel:${p}`);
    return;
  }
  if (st.phaseName === 'rif-keep-fifth') {
    if ((st.proposals || []).includes(p)) act(`keep:${p}`);
    return;
  }
  if (!(st.legal || []).includes(p)) return;
  if (st.phaseName === 'rif-propose-fifth') {
    // Two proposals: the second click sends both.
    O.selected = O.selected.includes(p) ? O.selected.filter((q) => q !== p) : [...O.selected, p];
    if (O.selected.length === 2) {
      const [a, b] = O.selected;
      O.selected = [];
      act(`propose:${a},${b}`);
    } else {
      render();
    }
    return;
  }
  act(p);
}

function xy(p) {
  const x = p.charCodeAt(0) - 97;
  return [x, Number(p.slice(1)) - 1];
}

function colorWord(c) {
  return c === 'black' ? t('colorBlack') : t('colorWhite');
}

function resultLine(g) {
  const r = g.result;
  if (!r) return '';
  if (r.reason === 'abandoned') return t('abandoned');
  const reason = t(`why_${r.reason}`);
  if (r.winner === 'draw') return t('drawResult', { reason });
  if (O.seat) {
    const myColor = g.seats[O.seat].color;
    return t(r.winner === myColor ? 'youWin' : 'youLose', { reason });
  }
  return t('winsColor', { color: colorWord(r.winner), reason });
}

function fmt(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function renderClocks() {
  const g = O.game;
  if (!g) return;
  for (const seat of ['black', 'white']) {
    const el = document.querySelector(`#online-players [data-seat=${seat}] .clock`);
    if (!el) continue;
    if (!g.clock) { el.textContent = ''; continue; }
    let ms = g.clock[seat];
    if (g.clock.running === seat) ms -= performance.now() - O.gotAt;
    el.textContent = fmt(ms);
    el.classList.toggle('low', ms < 10000);
  }
}

function render() {
  const g = O.game;
  const st = g.state;
  const mine = myTurn();
  const pending = st.pending;
  const clickable = new Set();
  if (mine && pending) {
    for (let y = 0; y < st.size; y++) {
      for (let x = 0; x < st.size; x++) {
        const c = cellAt(st.board, x, y);
        if (c && c !== pending.player) clickable.add(pointName(x, y));
      }
    }
  }
  const placing = mine && ['play', 'opening-stones', 'swap2-stones', 'rif-propose-fifth'].includes(st.phaseName);
  board.render({
    rows: st.board,
    lastMove: st.lastMove,
    numbers: null,
    forbidden: st.toMove === 'black' && !st.result ? st.forbidden || [] : [],
    rod: pending ? pending.rod : [],
    winLine: st.result ? st.result.line : [],
    converted: [],
    proposals: st.proposals || [],
    selected: O.selected,
    hint: null,
    legal: new Set(st.legal || []),
    previewColor: placing ? st.toMove : null,
    interactive: placing || (mine && (!!pending || st.phaseName === 'rif-keep-fifth')),
    clickable,
  });
  const svg = $('online-board');
  svg.dataset.version = String(g.version);
  svg.dataset.status = g.status;
  svg.setAttribute('aria-label', t('onlineBoard', { n: st.size }));

  // Players with their colours and clocks.
  const box = $('online-players');
  box.textContent = '';
  for (const seat of ['black', 'white']) {
    const color = g.seats[seat].color;
    const chip = document.createElement('div');
    chip.className = `player ${color}` + (g.turn === seat ? ' to-move' : '');
    chip.dataset.seat = seat;
    const dot = document.createElement('span');
    dot.className = `dot ${color}`;
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = O.seat ? (seat === O.seat ? t('you') : t('friend')) : colorWord(color);
    const sub = document.createElement('span');
    sub.className = 'sub';
    sub.textContent = colorWord(color);
    const clock = document.createElement('span');
    clock.className = 'clock';
    chip.append(dot, name, sub, clock);
    box.appendChild(chip);
  }
  renderClocks();

  // The share box until the friend has joined.
  $('online-share').hidden = !(O.seat && g.status === 'waiting');

  // Status line.
  let status;
  if (g.status === 'over') status = resultLine(g);
  else if (g.status === 'waiting') status = O.seat ? t('waitingFriend') : t('spectating');
  else if (!O.seat) status = t('spectating');
  else status = mine ? t('onlineYourTurn') : t('theirTurn');
  $('online-status').textContent = status;
  $('online-status-card').classList.toggle('over', g.status === 'over');

  // Record-level choices of this turn (swap, pass, reel later, ...).
  const bar = $('online-actions');
  bar.textContent = '';
  if (mine) {
    const skip = new Set(['resign', 'draw', 'accept', 'decline']);
    for (const tok of st.legalTokens || []) {
      if (skip.has(tok) && !(tok === 'decline' && pending)) continue;
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.token = tok;
      b.textContent = tok === 'decline' ? t('tok_reelLater') : t(`tok_${tok}`);
      b.addEventListener('click', () => act(tok));
      bar.appendChild(b);
    }
  }

  // Offers from the other player, with Accept / Decline.
  const offers = $('online-offers');
  offers.textContent = '';
  for (const what of ['draw', 'undo', 'rematch']) {
    const by = g.offers[what];
    if (!by || !O.seat || by === O.seat) continue;
    if (what === 'rematch' && g.rematch) continue;
    const p = document.createElement('p');
    p.textContent = t(`offer_${what}`);
    const yes = document.createElement('button');
    yes.type = 'button';
    yes.className = 'primary';
    yes.dataset.answer = `accept-${what}`;
    yes.textContent = t('accept');
    yes.addEventListener('click', () => act(`accept-${what}`));
    const no = document.createElement('button');
    no.type = 'button';
    no.dataset.answer = `decline-${what}`;
    no.textContent = t('decline');
    no.addEventListener('click', () => act(`decline-${what}`));
    const row = document.createElement('div');
    row.className = 'row';
    row.append(yes, no);
    offers.append(p, row);
  }
  offers.hidden = !offers.firstChild;

  const playing = O.seat && g.status === 'playing';
  $('online-controls').hidden = !O.seat || g.status === 'waiting';
  $('online-resign').hidden = !playing;
  $('online-draw').hidden = !playing;
  $('online-undo').hidden = !playing || st.rules === 'fishing';
  $('online-rematch').hidden = !(O.seat && g.status === 'over');
  $('online-sent').hidden = !O.sent;
}

async function copyInvite() {
  const link = $('online-invite').value;
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    $('online-invite').select();
    document.execCommand('copy');
  }
  $('online-copy').textContent = t('copied');
  setTimeout(() => { $('online-copy').textContent = t('copy'); }, 2000);
}
