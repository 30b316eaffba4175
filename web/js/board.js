// The 160-square cross board as SVG, turned so that a chosen seat sits at the bottom, with
// click-click and drag-and-drop moves, highlighted legal targets, last moves, checks, and
// right-drag arrows.

export const SEATS = ["S", "W", "N", "E"];
const GLYPH = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };
const FEN_SEAT = { r: 0, b: 1, y: 2, g: 3 };
const PALETTE = {
  Red: "#d0454f", Blue: "#3f7fc8", Yellow: "#d8b12a", Green: "#3f9a5a",
  White: "#f4f1e8", Black: "#262626",
};

export function colourOf(name) { return PALETTE[name] || "#999"; }

export function square(f, r) { return String.fromCharCode(97 + f) + (r + 1); }
export function parseSquare(s) { return [s.charCodeAt(0) - 97, parseInt(s.slice(1), 10) - 1]; }
const offBoard = (f, r) => (f < 3 || f > 10) && (r < 3 || r > 10);

/** Pieces of a FEN4: Map square -> { seat, kind, dead }. */
export function parseFen(fen) {
  const board = fen.split("-").pop();
  const rows = board.split("/");
  const pieces = new Map();
  rows.forEach((row, i) => {
    const r = 13 - i;
    let f = 0;
    for (const cell of row.split(",")) {
      if (/^\d+$/.test(cell)) { f += parseInt(cell, 10); continue; }
      if (cell === "x") { f += 1; continue; }
      let c = cell, dead = false;
      if (c[0] === "d" && c.length > 2) { dead = true; c = c.slice(1); }
      pieces.set(square(f, r), { seat: FEN_SEAT[c[0]] ?? 0, kind: c[1] === "D" ? "Q" : c[1], dead });
      f += 1;
    }
  });
  return pieces;
}

function toDisplay(f, r, bottom) {
  switch (bottom) {
    case 1: return [13 - r, 13 - f];
    case 2: return [13 - f, r];
    case 3: return [r, f];
    default: return [f, 13 - r];
  }
}

/** Seats a FEN4's `'status'` extra marks as mated or resigned (inert). */
export function fenMated(fen) {
  const m = fen.match(/'status':\(([^)]*)\)/);
  if (!m) return [];
  return m[1].split(",").map((v, i) => (/mated|resigned/.test(v) ? i : -1)).filter((i) => i >= 0);
}

const NS = "http://www.w3.org/2000/svg";
function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  constructor(container, handlers = {}) {
    this.h = handlers;
    this.svg = el("svg", { viewBox: "0 0 14 14", class: "board", "data-testid": "board" });
    container.appendChild(this.svg);
    this.state = { fen: null, bottom: 0, colours: ["Red", "Blue", "Yellow", "Green"], legal: [], last: {}, checks: [], inert: [], arrows: [] };
    this.selected = null;
    this.drag = null;
    this.svg.addEventListener("contextmenu", (e) => e.preventDefault());
    this.svg.addEventListener("pointerdown", (e) => this.down(e));
    this.svg.addEventListener("pointerup", (e) => this.up(e));
  }

  set(patch) { Object.assign(this.state, patch); this.render(); }

  squareAt(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    const dx = Math.floor(p.x), dy = Math.floor(p.y);
    for (let f = 0; f < 14; f++) for (let r = 0; r < 14; r++) {
      const [x, y] = toDisplay(f, r, this.state.bottom);
      if (x === dx && y === dy && !offBoard(f, r)) return square(f, r);
    }
    return null;
  }

  targets(from) { return this.state.legal.filter((m) => m.startsWith(from + "-")); }

  down(e) {
    const sq = this.squareAt(e);
    if (!sq) return;
    if (e.button === 2) { this.drag = { arrow: sq }; return; }
    if (e.shiftKey) { this.h.onClearArrows?.(); return; }
    if (this.selected && this.tryMove(this.selected, sq)) return;
    if (this.targets(sq).length) { this.selected = sq; this.drag = { from: sq }; this.render(); return; }
    this.selected = null;
    this.h.onClick?.(sq);
    this.render();
  }

  up(e) {
    const sq = this.squareAt(e);
    const d = this.drag; this.drag = null;
    if (!d || !sq) return;
    if (d.arrow && sq !== d.arrow) this.h.onArrow?.(d.arrow, sq);
    else if (d.from && sq !== d.from) this.tryMove(d.from, sq);
  }

  tryMove(from, to) {
    const options = this.targets(from).filter((m) => m.split("=")[0] === `${from}-${to}`);
    if (!options.length) return false;
    this.selected = null;
    const promos = options.map((m) => m.split("=")[1]).filter(Boolean);
    if (promos.length > 1) this.h.onPromote?.(from, to, promos);
    else this.h.onMove?.(from, to, promos[0] || null);
    this.render();
    return true;
  }

  render() {
    const s = this.state;
    this.svg.replaceChildren();
    this.svg.setAttribute("data-bottom", SEATS[s.bottom]);
    const pieces = s.fen ? parseFen(s.fen) : new Map();
    const inertSeats = new Set([...s.inert, ...(s.fen ? fenMated(s.fen) : [])]);
    const targets = new Set((this.selected ? this.targets(this.selected) : []).map((m) => m.split("-")[1].split("=")[0]));
    const lastSquares = new Set(Object.values(s.last).flat());
    const checks = new Set(s.checks);
    for (let f = 0; f < 14; f++) for (let r = 0; r < 14; r++) {
      if (offBoard(f, r)) continue;
      const sq = square(f, r);
      const [x, y] = toDisplay(f, r, s.bottom);
      const light = (f + r) % 2 === 0; // rules.md §1: d1 dark, k1 light
      let fill = light ? "#e8dcc0" : "#a88a66";
      if (lastSquares.has(sq)) fill = light ? "#e6e08a" : "#bfae52";
      if (sq === this.selected) fill = "#7fb0e0";
      el("rect", { x, y, width: 1, height: 1, fill, "data-sq": sq }, this.svg);
      if (checks.has(sq)) el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.48, fill: "rgba(230,40,40,.55)", "pointer-events": "none" }, this.svg);
      if (targets.has(sq)) el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.15, fill: "rgba(30,60,160,.6)", "data-target": sq, "pointer-events": "none" }, this.svg);
    }
    for (const [sq, p] of pieces) {
      const [f, r] = parseSquare(sq);
      const [x, y] = toDisplay(f, r, s.bottom);
      const colour = p.dead ? "#8a8a8a" : colourOf(s.colours[p.seat]);
      const inert = inertSeats.has(p.seat) && !p.dead;
      const t = el("text", {
        x: x + 0.5, y: y + 0.78, "text-anchor": "middle", "font-size": 0.85,
        fill: colour, stroke: colour === "#262626" ? "#bbb" : "#111", "stroke-width": 0.03,
        opacity: inert ? 0.45 : 1, "data-inert": inert ? "1" : "0", "data-piece": `${SEATS[p.seat]}${p.kind}${p.dead ? "-dead" : ""}`, "data-on": sq,
        "pointer-events": "none",
      }, this.svg);
      t.textContent = GLYPH[p.kind] || "?";
      if (p.kind === "K" && s.zombies?.includes(p.seat)) {
        el("text", { x: x + 0.85, y: y + 0.3, "font-size": 0.3, fill: "#ddd", "pointer-events": "none" }, this.svg).textContent = "\u2620";
      }
    }
    const defs = el("defs", {}, this.svg);
    s.arrows.forEach((a, i) => {
      const colour = colourOf(s.colours[a.seat]);
      const m = el("marker", { id: `ah${i}`, markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: "auto" }, defs);
      el("path", { d: "M0,0 L4,2 L0,4 z", fill: colour }, m);
      const [f1, r1] = parseSquare(a.from), [f2, r2] = parseSquare(a.to);
      const [x1, y1] = toDisplay(f1, r1, s.bottom), [x2, y2] = toDisplay(f2, r2, s.bottom);
      el("line", {
        x1: x1 + 0.5, y1: y1 + 0.5, x2: x2 + 0.5, y2: y2 + 0.5, stroke: colour, "stroke-width": 0.15,
        opacity: 0.8, "marker-end": `url(#ah${i})`, "data-arrow": `${a.from}-${a.to}`, "pointer-events": "none",
      }, this.svg);
    });
  }
}
