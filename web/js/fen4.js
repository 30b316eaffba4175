// Positions as text: squares ("h2"), FEN4 boards and their extras (mated seats, Conquest's
// controllers and frozen armies), without the page — the board, the game's state and the
// tests under node all read positions through this module.

export const SEATS = ["S", "W", "N", "E"];
const FEN_SEAT = { r: 0, b: 1, y: 2, g: 3 };

export function square(f, r) { return String.fromCharCode(97 + f) + (r + 1); }
export function parseSquare(s) { return [s.charCodeAt(0) - 97, parseInt(s.slice(1), 10) - 1]; }

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

/** Seats a FEN4's `'status'` extra marks as mated or resigned (inert). */
export function fenMated(fen) {
  const m = fen.match(/'status':\(([^)]*)\)/);
  if (!m) return [];
  return m[1].split(",").map((v, i) => (/mated|resigned/.test(v) ? i : -1)).filter((i) => i >= 0);
}

/** Conquest: the seat (0–3) that moves each seat's pieces, from a FEN4's `'controller'` extra
 *  (each seat its own when there is none). */
export function controllersOf(fen) {
  const out = [0, 1, 2, 3];
  const m = /'controller':\(([^)]*)\)/.exec(fen || "");
  if (!m) return out;
  m[1].split(",").forEach((v, i) => {
    const k = "rbyg".indexOf(v.replace(/'/g, "").trim().toLowerCase());
    if (i < 4 && k >= 0 && v.replace(/'/g, "").trim()) out[i] = k;
  });
  return out;
}

/** Conquest: the seats whose army is frozen (stalemated), from a FEN4's `'frozen'` extra. */
export function frozenOf(fen) {
  const m = /'frozen':\(([^)]*)\)/.exec(fen || "");
  return m ? m[1].split(",").map((v, i) => (v.trim() === "true" ? i : -1)).filter((i) => i >= 0) : [];
}

/** Kings of `seats` on the board of `fen` (for the check highlight). */
export function kingsOf(fen, seats) {
  return [...parseFen(fen)].filter(([, p]) => p.kind === "K" && !p.dead && seats.includes(SEATS[p.seat])).map(([sq]) => sq);
}
