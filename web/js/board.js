// The 160-square cross board as SVG, turned so that a chosen seat sits at the bottom: click-click,
// drag-and-drop (the piece follows the pointer) and keyboard moves (arrows move the focus, Enter
// picks and drops, Escape cancels), premoves, highlighted legal targets, each seat's last move in
// its own colour, checks, partner arrows, themes, piece sets and coordinates. Every square has an
// accessible name ("j1, Red knight").

import { pieceShape } from "./pieces.js";
import { THEMES, prefs } from "./prefs.js";
import { PALETTE, frameFor } from "./palette.js";
import { t } from "./i18n.js";
import { centreText } from "./rulesets.js";
import { SEATS, controllersOf, fenMated, frozenOf, parseFen, parseSquare, square } from "./fen4.js";

export { SEATS, controllersOf, fenMated, frozenOf, kingsOf, parseFen, parseSquare, square } from "./fen4.js";

const KIND_KEY = { K: "piece.king", Q: "piece.queen", R: "piece.rook", B: "piece.bishop", N: "piece.knight", P: "piece.pawn" };

/** A piece kind ("N", or FFA's "D" for the queen) in the page's language; on Chaturaji's 8×8
 *  (`centre`) the rook is the sailboat. */
export const pieceName = (kind, centre = false) =>
  (centre && kind === "R" ? t("piece.sailboat") : t(KIND_KEY[kind === "D" ? "Q" : kind] || "piece.pawn"));

export function colourOf(name) { return PALETTE[name] || "#999"; }
/** A colour's name in the page's language. */
export const colourName = (name) => t(`colour.${name}`);

const offBoard = (f, r) => f < 0 || r < 0 || f > 13 || r > 13 || ((f < 3 || f > 10) && (r < 3 || r > 10));
/** Off the board in use: the cross, or (Chaturaji) only its 8×8 centre d4–k11. */
const offFor = (centre) => (f, r) => offBoard(f, r) || (centre && (f < 3 || f > 10 || r < 3 || r > 10));

function toDisplay(f, r, bottom) {
  switch (bottom) {
    case 1: return [13 - r, 13 - f];
    case 2: return [13 - f, r];
    case 3: return [r, f];
    default: return [f, 13 - r];
  }
}

/** The inverse of `toDisplay`: the file and rank shown at column x, row y (null off the grid). */
function fromDisplay(x, y, bottom) {
  if (x < 0 || y < 0 || x > 13 || y > 13) return null;
  switch (bottom) {
    case 1: return [13 - y, 13 - x];
    case 2: return [13 - x, y];
    case 3: return [y, x];
    default: return [x, 13 - y];
  }
}

/** "j1, Red knight" (or "j1, empty"); on Chaturaji's 8×8 (`centre`) the square as its players
 *  read it (a1–h8). */
export function squareName(sq, piece, colours, centre = false, controller = null) {
  const square = centre ? centreText(sq) : sq;
  if (!piece) return t("board.empty", { square });
  const who = piece.dead ? t("board.dead") : colourName(colours[piece.seat]);
  const name = t("board.piece", { square, colour: who, piece: pieceName(piece.kind, centre) });
  // Conquest: a conquered piece says who moves it now.
  return controller !== null && controller !== piece.seat && !piece.dead
    ? `${name} (${t("board.moved_by", { colour: colourName(colours[controller]) })})`
    : name;
}

const NS = "http://www.w3.org/2000/svg";
function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** The four centre squares of King of the Hill. */
export const HILL = ["g7", "h7", "g8", "h8"];

export class Board {
  /** `handlers`: onMove(from, to, promo), onPromote(from, to, options), onPremove(from, to),
   *  onArrow(from, to), onClearArrows(), onClick(sq). */
  constructor(container, handlers = {}) {
    this.h = handlers;
    this.svg = el("svg", { viewBox: "0 0 14 14", class: "board", "data-testid": "board", role: "group", "aria-label": t("board.label") });
    container.appendChild(this.svg);
    this.state = {
      fen: null, bottom: 0, colours: ["Red", "Blue", "Yellow", "Green"], legal: [], last: {}, checks: [], inert: [],
      zombies: [], arrows: [], premove: null, premoveSeat: null, hill: false, centre: false,
    };
    this.selected = null;
    this.drag = null;
    this.focus = null;
    this.svg.addEventListener("contextmenu", (e) => e.preventDefault());
    this.svg.addEventListener("pointerdown", (e) => this.down(e));
    this.svg.addEventListener("pointermove", (e) => this.moveDrag(e));
    this.svg.addEventListener("pointerup", (e) => this.up(e));
    this.svg.addEventListener("keydown", (e) => this.key(e));
    this.offPrefs = prefs.watch(() => this.render());
  }

  set(patch) { Object.assign(this.state, patch); this.render(); }

  /** Off the board in use (`state.centre`: Chaturaji's 8×8). */
  off(f, r) { return offFor(this.state.centre)(f, r); }

  squareAt(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    const fr = fromDisplay(Math.floor(p.x), Math.floor(p.y), this.state.bottom);
    return fr && !this.off(...fr) ? square(...fr) : null;
  }

  targets(from) { return this.state.legal.filter((m) => m.startsWith(from + "-")); }

  /** A piece on `sq` this board may queue a premove for. */
  premovable(sq) {
    if (this.state.premoveSeat === null || this.state.premoveSeat === undefined || !this.state.fen) return false;
    const p = parseFen(this.state.fen).get(sq);
    return !!p && !p.dead && p.seat === this.state.premoveSeat;
  }

  /** Picks `sq` up, drops the picked piece on it, or clears the selection. */
  pick(sq) {
    if (this.selected && this.selected !== sq && this.tryMove(this.selected, sq)) return true;
    if (this.selected === sq) { this.selected = null; this.render(); return false; }
    if (this.targets(sq).length || this.premovable(sq)) { this.selected = sq; this.render(); return true; }
    this.selected = null;
    this.h.onClick?.(sq);
    this.render();
    return false;
  }

  down(e) {
    const sq = this.squareAt(e);
    if (!sq) return;
    if (e.button === 2) { this.drag = { arrow: sq }; return; }
    if (e.shiftKey) { this.h.onClearArrows?.(); return; }
    this.focus = sq;
    const wasSelected = this.selected;
    if (this.pick(sq) && this.selected === sq && wasSelected !== sq) {
      this.drag = { from: sq, x: e.clientX, y: e.clientY, moved: false };
      try { this.svg.setPointerCapture(e.pointerId); } catch { /* synthetic events */ }
    }
  }

  moveDrag(e) {
    const d = this.drag;
    if (!d || !d.from) return;
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 4) return;
    d.moved = true;
    d.at = [p.x - 0.5, p.y - 0.5];
    if (!this.ghost) this.render();
    else this.ghost.setAttribute("transform", `translate(${d.at[0]} ${d.at[1]})`);
  }

  up(e) {
    const sq = this.squareAt(e);
    const d = this.drag; this.drag = null;
    if (this.ghost) { this.ghost = null; this.render(); }
    if (!d || !sq) return;
    if (d.arrow && sq !== d.arrow) this.h.onArrow?.(d.arrow, sq);
    else if (d.from && sq !== d.from) this.tryMove(d.from, sq);
  }

  key(e) {
    if (!this.focus) return;
    // The board's keys are the board's alone: the page's (the move panel's arrows) never see
    // them, even when a redraw has replaced the square that had the focus.
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape", "Home", "End"].includes(e.key)) {
      e.stopPropagation();
    }
    const [f, r] = parseSquare(this.focus);
    const [x, y] = toDisplay(f, r, this.state.bottom);
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (step) {
      e.preventDefault();
      // RTL pages mirror the layout but not the board: arrows keep their board meaning.
      for (let k = 1; k < 14; k++) {
        const fr = fromDisplay(x + step[0] * k, y + step[1] * k, this.state.bottom);
        if (fr && !this.off(...fr)) { this.focus = square(...fr); break; }
        if (!fr) break;
      }
      this.render();
      return;
    }
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.pick(this.focus); return; }
    if (e.key === "Escape") { this.selected = null; this.render(); }
  }

  tryMove(from, to) {
    const options = this.targets(from).filter((m) => m.split("=")[0] === `${from}-${to}`);
    if (!options.length) {
      if (!this.targets(from).length && this.premovable(from) && to !== from) {
        this.selected = null;
        this.h.onPremove?.(from, to);
        this.render();
        return true;
      }
      return false;
    }
    this.selected = null;
    const promos = options.map((m) => m.split("=")[1]).filter(Boolean);
    if (promos.length > 1) this.h.onPromote?.(from, to, promos);
    else this.h.onMove?.(from, to, promos[0] || null);
    this.render();
    return true;
  }

  render() {
    const s = this.state;
    const hadFocus = this.svg.contains(document.activeElement);
    this.svg.replaceChildren();
    this.svg.setAttribute("data-bottom", SEATS[s.bottom]);
    // Chaturaji's 8×8 fills the frame; it stands on d4–k11 under every rotation.
    this.svg.setAttribute("viewBox", s.centre ? "3 3 8 8" : "0 0 14 14");
    this.svg.setAttribute("data-centre", s.centre ? "1" : "0");
    const theme = THEMES[prefs.get("theme")] || THEMES.wood;
    const set = prefs.get("pieces");
    const coords = prefs.get("coords");
    const pieces = s.fen ? parseFen(s.fen) : new Map();
    const inertSeats = new Set([...s.inert, ...(s.fen ? fenMated(s.fen) : [])]);
    // Conquest: conquered armies in their conqueror's colour, frozen kings marked.
    const controllers = controllersOf(s.fen);
    const frozen = frozenOf(s.fen);
    const targets = new Set((this.selected ? this.targets(this.selected) : []).map((m) => m.split("-")[1].split("=")[0]));
    const lastBy = new Map();
    for (const [seat, sqs] of Object.entries(s.last)) for (const sq of sqs || []) lastBy.set(sq, Number(seat));
    const checks = new Set(s.checks);
    const pre = s.premove ? [s.premove.from, s.premove.to] : [];
    this.focus ||= "h7";
    const movable = new Set(s.legal.map((m) => m.split("-")[0]));
    for (let f = 0; f < 14; f++) for (let r = 0; r < 14; r++) {
      if (this.off(f, r)) continue;
      const sq = square(f, r);
      const [x, y] = toDisplay(f, r, s.bottom);
      const light = (f + r) % 2 === 0; // rules.md §1: d1 dark, k1 light
      const shade = light ? theme.light : theme.dark;
      const rect = el("rect", {
        x, y, width: 1, height: 1, fill: shade, "data-sq": sq,
        role: "button", tabindex: sq === this.focus ? 0 : -1, "aria-label": squareName(sq, pieces.get(sq), s.colours, s.centre, pieces.get(sq) ? controllers[pieces.get(sq).seat] : null),
        "aria-pressed": sq === this.selected ? "true" : "false",
        // A piece that has a move now (the player's own turn).
        "data-movable": movable.has(sq) ? "true" : undefined,
      }, this.svg);
      rect.addEventListener("focus", () => { this.focus = sq; });
      // King of the Hill: the four centre squares wear a gold frame.
      if (s.hill && HILL.includes(sq)) el("rect", { x: x + 0.05, y: y + 0.05, width: 0.9, height: 0.9, fill: "none", stroke: "#d4a017", "stroke-width": 0.1, "data-hill": sq, "pointer-events": "none" }, this.svg);
      if (lastBy.has(sq)) {
        // The army's colour, framed in black or white for the square: visible for every army
        // on every theme (Blue and Black alone fade into dark squares).
        const colour = colourOf(s.colours[lastBy.get(sq)]);
        el("rect", { x, y, width: 1, height: 1, fill: colour, opacity: 0.42, "data-last": SEATS[lastBy.get(sq)], "pointer-events": "none" }, this.svg);
        el("rect", { x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, fill: "none", stroke: colour, "stroke-width": 0.1, "pointer-events": "none" }, this.svg);
        el("rect", { x: x + 0.015, y: y + 0.015, width: 0.97, height: 0.97, fill: "none", stroke: frameFor(shade), "stroke-width": 0.03, "data-last-frame": sq, "pointer-events": "none" }, this.svg);
      }
      if (pre.includes(sq)) el("rect", { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, fill: "none", stroke: "#1d4ed8", "stroke-width": 0.08, "stroke-dasharray": "0.12 0.08", "data-premove": sq, "pointer-events": "none" }, this.svg);
      if (sq === this.selected) el("rect", { x, y, width: 1, height: 1, fill: "#5b8fd6", opacity: 0.6, "pointer-events": "none" }, this.svg);
      if (checks.has(sq)) el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.48, fill: "rgba(230,40,40,.6)", "data-check": sq, "pointer-events": "none" }, this.svg);
      if (targets.has(sq)) el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.15, fill: "rgba(20,40,120,.65)", "data-target": sq, "pointer-events": "none" }, this.svg);
      if (sq === this.focus && hadFocus) el("rect", { x: x + 0.03, y: y + 0.03, width: 0.94, height: 0.94, fill: "none", stroke: "#111", "stroke-width": 0.07, "pointer-events": "none" }, this.svg);
    }
    if (coords) this.coordinates(theme);
    for (const [sq, p] of pieces) {
      const [f, r] = parseSquare(sq);
      const [x, y] = toDisplay(f, r, s.bottom);
      const by = controllers[p.seat];
      const colour = p.dead ? "#8a8a8a" : colourOf(s.colours[by]);
      const inert = inertSeats.has(p.seat) && !p.dead;
      const dragging = this.drag?.from === sq && this.drag.moved;
      const g = pieceShape(set, p.kind, colour, `translate(${x + 0.06} ${y + 0.06}) scale(0.0088)`);
      g.setAttribute("opacity", dragging ? 0.3 : inert ? 0.45 : 1);
      g.setAttribute("data-inert", inert ? "1" : "0");
      g.setAttribute("data-piece", `${SEATS[p.seat]}${p.kind}${p.dead ? "-dead" : ""}`);
      g.setAttribute("data-on", sq);
      g.setAttribute("pointer-events", "none");
      g.setAttribute("aria-hidden", "true");
      this.svg.appendChild(g);
      if (by !== p.seat && !p.dead) {
        // A conquered piece: its conqueror's colour, its own in a badge.
        g.setAttribute("data-controller", SEATS[by]);
        el("circle", { cx: x + 0.2, cy: y + 0.2, r: 0.13, fill: colourOf(s.colours[p.seat]), stroke: "#222", "stroke-width": 0.03, "data-conquered": sq, "pointer-events": "none" }, this.svg);
      }
      if (p.kind === "K" && p.dead && frozen.includes(p.seat)) {
        // A frozen king: it stays to the end, untouchable; no king may stand beside it.
        const f = el("text", { x: x + 0.8, y: y + 0.3, "font-size": 0.3, "text-anchor": "middle", fill: "#5bc0eb", "data-frozen": sq, "pointer-events": "none" }, this.svg);
        f.textContent = "❄";
      }
      if (p.kind === "K" && s.zombies?.includes(p.seat)) {
        // A zombie king (Dead King Walking): a grey badge with a cross.
        el("circle", { cx: x + 0.82, cy: y + 0.18, r: 0.15, fill: "#555", stroke: "#eee", "stroke-width": 0.03, "data-zombie": sq, "pointer-events": "none" }, this.svg);
        el("path", { d: `M${x + 0.75} ${y + 0.11} L${x + 0.89} ${y + 0.25} M${x + 0.89} ${y + 0.11} L${x + 0.75} ${y + 0.25}`, stroke: "#eee", "stroke-width": 0.04, "pointer-events": "none" }, this.svg);
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
    this.ghost = null;
    if (this.drag?.from && this.drag.moved && pieces.get(this.drag.from)) {
      const p = pieces.get(this.drag.from);
      const g = pieceShape(set, p.kind, colourOf(s.colours[p.seat]));
      const wrap = el("g", { transform: `translate(${this.drag.at[0]} ${this.drag.at[1]})`, "data-dragging": this.drag.from, "pointer-events": "none" }, this.svg);
      wrap.appendChild(g);
      this.ghost = wrap;
    }
    if (hadFocus) this.svg.querySelector(`rect[data-sq="${this.focus}"]`)?.focus({ preventScroll: true });
  }

  /** File letters under the bottom squares of each column, rank numbers beside the leftmost. */
  coordinates(theme) {
    const s = this.state;
    for (let x = 0; x < 14; x++) {
      for (let y = 13; y >= 0; y--) {
        const fr = fromDisplay(x, y, s.bottom);
        if (fr && !this.off(...fr)) {
          const light = (fr[0] + fr[1]) % 2 === 0;
          const name = s.centre ? centreText(square(...fr)) : square(...fr);
          const label = s.bottom % 2 === 0 ? name[0] : name.slice(1);
          el("text", { x: x + 0.94, y: y + 0.95, "text-anchor": "end", "font-size": 0.24, fill: light ? theme.dark : theme.light, "pointer-events": "none", "aria-hidden": "true", class: "coord" }, this.svg).textContent = label;
          break;
        }
      }
    }
    for (let y = 0; y < 14; y++) {
      for (let x = 0; x < 14; x++) {
        const fr = fromDisplay(x, y, s.bottom);
        if (fr && !this.off(...fr)) {
          const light = (fr[0] + fr[1]) % 2 === 0;
          const name = s.centre ? centreText(square(...fr)) : square(...fr);
          const label = s.bottom % 2 === 0 ? name.slice(1) : name[0];
          el("text", { x: x + 0.05, y: y + 0.26, "font-size": 0.24, fill: light ? theme.dark : theme.light, "pointer-events": "none", "aria-hidden": "true", class: "coord" }, this.svg).textContent = label;
          break;
        }
      }
    }
  }

  destroy() { this.offPrefs(); }
}
