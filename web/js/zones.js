// Opening zones: where the rules let the next stone go while an opening rule
// narrows the board (first stone on the centre, the captures tournament rule
// for Black's second stone, the RIF opening's second and third stones). The
// server's `legal` list is the truth; this module only names the rule, so the
// board can shade the zone and an illegal click can say why.

const PLACING = ['play', 'opening-stones'];

/** {points: Set, reason: i18n key} while a zone applies to the state, else null. */
export function zoneOf(st, settings) {
  if (!st || st.result || !PLACING.includes(st.phaseName) || !st.legal || !st.legal.length) return null;
  const empty = st.board.join('').split('').filter((c) => c === '.').length;
  if (st.legal.length >= empty) return null;
  let reason = null;
  if (st.stones === 0) reason = 'zoneCentre';
  else if (settings.opening === 'rif' && st.phaseName === 'opening-stones') reason = st.stones === 1 ? 'zoneRif2' : 'zoneRif3';
  else if (settings.rules === 'captures' && st.stones === 2) reason = 'zoneCaptures';
  // Other narrowed lists (none known today) get no shading, only the plain reason.
  if (!reason) return null;
  return { points: new Set(st.legal), reason };
}
