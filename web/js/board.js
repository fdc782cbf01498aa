// The board: an SVG drawn in board units (one cell = 10), so it stays crisp
// at any size. It only draws what it is given and reports clicks, hovers and
// keyboard actions through callbacks; it knows no rules.
import { LETTERS, pointName, parsePoint, starPoints, cellAt } from './points.js';

const NS = 'http://www.w3.org/2000/svg';
const U = 10;          // one cell in SVG units
const MARGIN = 13;     // room for the coordinates, clear of edge stones

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class BoardView {
  /**
   * @param {SVGSVGElement} svg
   * @param {{onPoint: (p: string) => void, onCursor: (p: string) => void}} handlers
   */
  constructor(svg, handlers) {
    this.svg = svg;
    this.handlers = handlers;
    this.size = 0;
    this.cursor = null;     // {x, y} keyboard cursor
    this.cursorShown = false;
    this.hover = null;      // "h8"
    this.view = null;       // what render() got last
    svg.addEventListener('pointermove', (e) => this.onPointerMove(e));
    svg.addEventListener('pointerleave', () => this.setHover(null));
    svg.addEventListener('click', (e) => this.onClick(e));
    svg.addEventListener('keydown', (e) => this.onKey(e));
    svg.addEventListener('focus', () => {
      // The cursor shows for keyboard focus, not after a click.
      this.cursorShown = svg.matches(':focus-visible');
      this.drawOverlay();
      this.reportCursor();
    });
    svg.addEventListener('blur', () => { this.cursorShown = false; this.drawOverlay(); });
  }

  /** Builds the static layers (wood, grid, coordinates) for a size. */
  setup(size) {
    if (size === this.size) return;
    this.size = size;
    const svg = this.svg;
    svg.textContent = '';
    const span = (size - 1) * U;
    const total = span + 2 * MARGIN;
    svg.setAttribute('viewBox', `${-MARGIN} ${-MARGIN} ${total} ${total}`);
    svg.dataset.size = String(size);

    const defs = el('defs', {}, svg);
    const gb = el('radialGradient', { id: 'stone-black', cx: '35%', cy: '30%', r: '70%' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#6b6b6b' }, gb);
    el('stop', { offset: '45%', 'stop-color': '#262626' }, gb);
    el('stop', { offset: '100%', 'stop-color': '#050505' }, gb);
    const gw = el('radialGradient', { id: 'stone-white', cx: '35%', cy: '30%', r: '75%' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#ffffff' }, gw);
    el('stop', { offset: '70%', 'stop-color': '#e9e9e4' }, gw);
    el('stop', { offset: '100%', 'stop-color': '#bdbdb5' }, gw);
    const sh = el('filter', { id: 'stone-shadow', x: '-30%', y: '-30%', width: '160%', height: '160%' }, defs);
    el('feDropShadow', { dx: '0.5', dy: '0.7', stdDeviation: '0.6', 'flood-opacity': '0.35' }, sh);

    el('rect', { class: 'wood', x: -MARGIN, y: -MARGIN, width: total, height: total, rx: 3 }, svg);
    const grid = el('g', { class: 'grid', 'aria-hidden': 'true' }, svg);
    let d = '';
    for (let i = 0; i < size; i++) {
      d += `M0 ${i * U}H${span}M${i * U} 0V${span}`;
    }
    el('path', { d, class: 'lines' }, grid);
    el('rect', { x: 0, y: 0, width: span, height: span, class: 'frame' }, grid);
    for (const [x, y] of starPoints(size)) {
      el('circle', { cx: x * U, cy: (size - 1 - y) * U, r: 1.1, class: 'star' }, grid);
    }
    const coords = el('g', { class: 'coords', 'aria-hidden': 'true' }, svg);
    for (let i = 0; i < size; i++) {
      const letter = LETTERS[i].toUpperCase();
      el('text', { x: i * U, y: -MARGIN + 5 }, coords).textContent = letter;
      el('text', { x: i * U, y: span + MARGIN - 5 }, coords).textContent = letter;
      const num = String(size - i);
      el('text', { x: -MARGIN + 5.5, y: i * U }, coords).textContent = num;
      el('text', { x: span + MARGIN - 5.5, y: i * U }, coords).textContent = num;
    }
    this.marksLayer = el('g', { class: 'marks-under' }, svg);
    this.stonesLayer = el('g', { class: 'stones' }, svg);
    this.topLayer = el('g', { class: 'marks-over' }, svg);
    this.overlay = el('g', { class: 'overlay' }, svg);
    this.ghostLayer = el('g', { class: 'ghosts', 'aria-hidden': 'true' }, svg);
    if (!this.cursor || this.cursor.x >= size || this.cursor.y >= size) {
      const c = Math.floor(size / 2);
      this.cursor = { x: c, y: c };
    }
  }

  xy(p) {
    const q = typeof p === 'string' ? parsePoint(p) : p;
    return { cx: q.x * U, cy: (this.size - 1 - q.y) * U };
  }

  /**
   * Draws a position.
   * view = {rows, lastMove, numbers: Map|null, forbidden: [], rod: [],
   *         winLine: [], converted: [], proposals: [], selected: [],
   *         hint: point|null, legal: Set|null, previewColor: 'black'|'white'|null,
   *         interactive: bool, clickable: Set|null, zone: Set|null,
   *         better: {point, played, mark}|null (review: a better move than the one played)}
   */
  render(view) {
    this.view = view;
    this.setup(view.rows.length);
    const size = this.size;
    this.stonesLayer.textContent = '';
    this.marksLayer.textContent = '';
    this.topLayer.textContent = '';
    const win = new Set(view.winLine || []);
    const rod = new Set(view.rod || []);
    const conv = new Set(view.converted || []);

    // An opening zone: the points where the next stone may go, shaded.
    for (const p of view.zone || []) {
      const { cx, cy } = this.xy(p);
      el('rect', { x: cx - U / 2, y: cy - U / 2, width: U, height: U, class: 'zone', 'data-point': p }, this.marksLayer);
    }

    // Winning line under the stones.
    if (view.winLine && view.winLine.length >= 2) {
      const pts = view.winLine.map((p) => this.xy(p));
      pts.sort((a, b) => a.cx - b.cx || a.cy - b.cy);
      const a = pts[0], b = pts[pts.length - 1];
      el('line', { x1: a.cx, y1: a.cy, x2: b.cx, y2: b.cy, class: 'winline' }, this.marksLayer);
    }

    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const color = cellAt(view.rows, x, y);
        if (!color) continue;
        const p = pointName(x, y);
        const { cx, cy } = this.xy({ x, y });
        const g = el('g', { class: `stone ${color}`, 'data-point': p }, this.stonesLayer);
        el('circle', { cx, cy, r: 4.6, fill: `url(#stone-${color})`, filter: 'url(#stone-shadow)' }, g);
        if (win.has(p)) g.classList.add('win');
        if (rod.has(p)) {
          g.classList.add('rod');
          el('circle', { cx, cy, r: 5.3, class: 'rod-ring' }, this.topLayer);
        }
        if (conv.has(p)) el('circle', { cx, cy, r: 5.4, class: 'converted-ring' }, this.topLayer);
        if (view.clickable && view.clickable.has(p)) g.classList.add('clickable');
        const n = view.numbers && view.numbers.get(p);
        if (n) {
          el('text', { x: cx, y: cy + 1.45, class: `num ${n > 99 ? 'n3' : ''}` }, g).textContent = String(n);
        } else if (view.lastMove === p) {
          el('circle', { cx, cy, r: 1.4, class: 'last-dot' }, g);
        }
        if (view.lastMove === p && n) g.classList.add('last');
        // A newly placed stone settles with a short animation (once).
        if (view.lastMove === p && p !== this.lastAnimated) g.classList.add('fresh');
      }
    }
    for (const p of view.forbidden || []) {
      const { cx, cy } = this.xy(p);
      el('path', { d: `M${cx - 2.2} ${cy - 2.2}L${cx + 2.2} ${cy + 2.2}M${cx + 2.2} ${cy - 2.2}L${cx - 2.2} ${cy + 2.2}`,
        class: 'forbidden', 'data-point': p }, this.topLayer);
    }
    for (const p of view.proposals || []) {
      const { cx, cy } = this.xy(p);
      el('circle', { cx, cy, r: 3.2, class: 'proposal', 'data-point': p }, this.topLayer);
    }
    for (const p of view.selected || []) {
      const { cx, cy } = this.xy(p);
      el('circle', { cx, cy, r: 4.4, class: `ghost-stone ${view.previewColor || 'black'}` }, this.topLayer);
    }
    this.lastAnimated = view.lastMove;
    if (view.better) {
      const b = view.better;
      if (b.played) {
        const { cx, cy } = this.xy(b.played);
        el('circle', { cx, cy, r: 5.4, class: `played-ring ${b.mark}` }, this.topLayer);
      }
      const { cx, cy } = this.xy(b.point);
      el('circle', { cx, cy, r: 4.2, class: `better-ring ${b.mark}`, 'data-point': b.point }, this.topLayer);
      el('text', { x: cx, y: cy + 1.4, class: 'better-text' }, this.topLayer).textContent = '✓';
    }
    if (view.hint) {
      const { cx, cy } = this.xy(view.hint);
      el('circle', { cx, cy, r: 4.2, class: 'hint-ring', 'data-point': view.hint }, this.topLayer);
    }
    this.svg.classList.toggle('interactive', !!view.interactive);
    this.drawOverlay();
  }

  /** Stones that left the board fade out where they stood. */
  showRemoved(points, color) {
    if (!this.ghostLayer) return;
    for (const p of points) {
      const { cx, cy } = this.xy(p);
      const c = el('circle', { cx, cy, r: 4.6, class: `removed ${color(p)}` }, this.ghostLayer);
      setTimeout(() => c.remove(), 1600);
    }
  }

  setHover(p) {
    if (this.hover === p) return;
    this.hover = p;
    this.drawOverlay();
  }

  drawOverlay() {
    if (!this.overlay) return;
    this.overlay.textContent = '';
    const v = this.view;
    if (!v) return;
    const preview = (p, cls) => {
      if (!p || !v.interactive || !v.previewColor) return;
      if (v.legal && !v.legal.has(p)) return;
      const q = parsePoint(p);
      if (cellAt(v.rows, q.x, q.y)) return;
      const { cx, cy } = this.xy(p);
      el('circle', { cx, cy, r: 4.4, class: `ghost-stone ${v.previewColor} ${cls}` }, this.overlay);
    };
    preview(this.hover, 'hover');
    if (v.pendingTap) preview(v.pendingTap, 'tap');
    if (this.cursorShown && this.cursor) {
      const { cx, cy } = this.xy(this.cursor);
      el('rect', { x: cx - 5, y: cy - 5, width: 10, height: 10, rx: 1.5, class: 'cursor' }, this.overlay);
    }
  }

  pointFromEvent(e) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    const x = Math.round(pt.x / U);
    const row = Math.round(pt.y / U);
    if (x < 0 || row < 0 || x >= this.size || row >= this.size) return null;
    // Only react within the cell (not from the coordinate margin).
    if (Math.abs(pt.x - x * U) > U / 2 + 0.5 || Math.abs(pt.y - row * U) > U / 2 + 0.5) return null;
    return pointName(x, this.size - 1 - row);
  }

  onPointerMove(e) {
    if (e.pointerType === 'touch') return;
    this.setHover(this.pointFromEvent(e));
  }

  onClick(e) {
    const p = this.pointFromEvent(e);
    if (!p) return;
    this.cursor = parsePoint(p);
    this.cursorShown = false;
    this.handlers.onPoint(p);
  }

  onKey(e) {
    if (!this.cursor) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[e.key]) {
      const [dx, dy] = moves[e.key];
      this.cursor = {
        x: Math.min(this.size - 1, Math.max(0, this.cursor.x + dx)),
        y: Math.min(this.size - 1, Math.max(0, this.cursor.y + dy)),
      };
      this.cursorShown = true;
      this.drawOverlay();
      this.reportCursor();
      e.preventDefault();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.handlers.onPoint(pointName(this.cursor.x, this.cursor.y));
      e.preventDefault();
    }
  }

  reportCursor() {
    if (this.cursor) this.handlers.onCursor(pointName(this.cursor.x, this.cursor.y));
  }
}
