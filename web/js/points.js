// Point notation shared by the UI: columns are letters from "a" including
// "i", rows count from 1 at the bottom. Internally x, y start at 0 and y = 0
// is the bottom row.

export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** {x, y} -> "h8" (lower case, as in records). */
export function pointName(x, y) {
  return LETTERS[x] + String(y + 1);
}

/** "h8" / "H8" -> {x, y}, or null. */
export function parsePoint(s) {
  const m = /^([a-z])(\d{1,2})$/i.exec(String(s).trim());
  if (!m) return null;
  return { x: LETTERS.indexOf(m[1].toLowerCase()), y: Number(m[2]) - 1 };
}

/** "h8" -> "H8" for display. */
export function shown(p) {
  return String(p).toUpperCase();
}

/** Star points for a board size (handicap-style points of the usual boards). */
export function starPoints(size) {
  if (size < 9) return [];
  const e = size >= 13 ? 3 : 2;
  const c = Math.floor(size / 2);
  const far = size - 1 - e;
  const pts = [[e, e], [far, e], [e, far], [far, far], [c, c]];
  if (size >= 19) pts.push([c, e], [c, far], [e, c], [far, c]);
  return pts;
}

/** Board rows from the state JSON (first = top row) -> cell(x, y). */
export function cellAt(rows, x, y) {
  const size = rows.length;
  const ch = rows[size - 1 - y][x];
  return ch === 'x' ? 'black' : ch === 'o' ? 'white' : null;
}

/** Splits a record string into tokens. */
export function tokensOf(record) {
  if (Array.isArray(record)) return record.slice();
  return String(record || '').trim().split(/\s+/).filter(Boolean);
}

/** The point a token places a stone on ("h8", "keep:h8"), or null. */
export function placedPoint(token) {
  if (/^[a-z]\d{1,2}$/i.test(token)) return token.toLowerCase();
  const m = /^keep:([a-z]\d{1,2})$/i.exec(token);
  return m ? m[1].toLowerCase() : null;
}

/** Move number of the stone standing on each point, from the record. */
export function moveNumbers(tokens) {
  const nums = new Map();
  let n = 0;
  for (const t of tokens) {
    const p = placedPoint(t);
    if (p) nums.set(p, ++n);
  }
  return nums;
}
