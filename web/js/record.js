// Records in files and links: our text export (a header line with the
// variant, then the tokens), Piskvork .psq (stones only), and the URL hash.
import { LETTERS, parsePoint, placedPoint, tokensOf } from './points.js';

export const RULES = ['freestyle', 'renju', 'captures', 'fishing'];
export const OPENINGS = ['free', 'swap', 'swap2', 'rif'];

export function defaultSize(rules) {
  return rules === 'captures' ? 19 : 15;
}

/** Text export: "# gomoku rules=renju size=15 exactFive=false opening=free" + record. */
export function toText(settings, tokens) {
  const head = `# gomoku rules=${settings.rules} size=${settings.size} exactFive=${settings.exactFive} opening=${settings.opening}`;
  const lines = [];
  for (let i = 0; i < tokens.length; i += 10) lines.push(tokens.slice(i, i + 10).join(' '));
  return `${head}\n${lines.join('\n')}\n`;
}

/** Piskvork .psq: "Piskvorky WxH, 11:11, 0", then "x,y,ms" per stone (1-based, y from the top). */
export function toPsq(settings, tokens) {
  const n = settings.size;
  const out = [`Piskvorky ${n}x${n}, 11:11, 0`];
  for (const t of tokens) {
    const p = placedPoint(t);
    if (!p) continue;
    const q = parsePoint(p);
    out.push(`${q.x + 1},${n - q.y},0`);
  }
  out.push("-1");
  return out.join("\n") + "\n";
}

/**
 * Reads our text export, a plain record, or a .psq file.
 * Returns {settings: partial settings found in the text, tokens} or throws.
 */
export function parseImport(text) {
  const src = String(text || '').replace(/\r/g, '');
  const settings = {};
  const first = src.trimStart().split('\n')[0] || '';
  const psq = /^Piskvorky\s+(\d+)x(\d+)/i.exec(first);
  if (psq) {
    const n = Number(psq[1]);
    settings.size = n;
    const tokens = [];
    for (const line of src.split('\n').slice(1)) {
      const m = /^\s*(\d+)\s*,\s*(\d+)\s*(,.*)?$/.exec(line);
      if (!m) continue;
      const x = Number(m[1]) - 1, yTop = Number(m[2]);
      if (x < 0 || x >= n || yTop < 1 || yTop > n) throw new Error(`bad psq line: ${line}`);
      tokens.push(LETTERS[x] + String(n - yTop + 1));
    }
    return { settings, tokens };
  }
  const body = [];
  for (const line of src.split('\n')) {
    const t = line.trim();
    if (t.startsWith('#')) {
      for (const m of t.matchAll(/(\w+)=(\S+)/g)) {
        const [, k, v] = m;
        if (k === 'rules' && RULES.includes(v)) settings.rules = v;
        if (k === 'size' && /^\d+$/.test(v)) settings.size = Number(v);
        if (k === 'exactFive') settings.exactFive = v === 'true';
        if (k === 'opening' && OPENINGS.includes(v)) settings.opening = v;
      }
      continue;
    }
    body.push(t.replace(/[,;]\s*/g, ' ').replace(/\b\d+\.\s*/g, ' '));
  }
  return { settings, tokens: tokensOf(body.join(' ')) };
}

/** Settings + record -> URL hash. */
export function toHash(settings, tokens) {
  const q = new URLSearchParams();
  q.set('rules', settings.rules);
  q.set('size', String(settings.size));
  if (settings.exactFive) q.set('exact', '1');
  if (settings.opening !== 'free') q.set('opening', settings.opening);
  q.set('vs', settings.opponent);
  if (settings.opponent === 'cpu') {
    q.set('level', settings.level);
    q.set('side', settings.side);
  }
  if (tokens.length) q.set('rec', tokens.join(' '));
  return '#' + q.toString();
}

/** URL hash -> {settings, tokens} or null when the hash holds no game. */
export function fromHash(hash) {
  const q = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const rules = q.get('rules');
  if (!RULES.includes(rules)) return null;
  const size = Number(q.get('size')) || defaultSize(rules);
  const opening = OPENINGS.includes(q.get('opening')) ? q.get('opening') : 'free';
  const vs = q.get('vs') === 'friend' ? 'friend' : 'cpu';
  // A level, or an external engine the server offers ("engine:NAME", engines.js).
  const level = ['easy', 'medium', 'hard'].includes(q.get('level')) || /^engine:[\w-]{1,40}$/.test(q.get('level') || '')
    ? q.get('level') : 'medium';
  const side = q.get('side') === 'second' ? 'second' : 'first';
  const settings = { rules, size, exactFive: q.get('exact') === '1', opening, opponent: vs, level, side };
  const tokens = tokensOf(q.get('rec') || '');
  return { settings, tokens };
}
