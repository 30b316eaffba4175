// The engine's scores as the page shows them (proto-docs "Analysis"): pawns for a side in the
// sides games, a seat's lead in points over its strongest rival in the others, mates in rounds;
// the evaluation bar's share, the review's marks, and the review graph's lines. Plain data: the
// unit tests run it under node.

/** `SCORE` as text: "+1.25", "−0.50", "0.00", "#3" (this side mates), "−#2" (is mated). */
export function scoreText(s) {
  if (s.mate !== undefined && s.mate !== null) {
    if (s.mate === 0) return s.centi > 0 ? "1-0" : s.centi < 0 ? "0-1" : "½";
    return s.mate > 0 ? `#${s.mate}` : `−#${-s.mate}`;
  }
  const v = (s.centi / 100).toFixed(2);
  return s.centi > 0 ? `+${v}` : s.centi < 0 ? `−${v.slice(1)}` : "0.00";
}

/** The first side's share of the evaluation bar in percent, from its score (lichess's winning
 *  chances: 50 % at 0, a mate fills it). */
export function barShare(s) {
  if (s.mate) return s.mate > 0 ? 100 : 0;
  const x = Math.max(-1000, Math.min(1000, s.centi));
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * x)) - 1);
}

/** The marks of the review's verdicts, as annotators write them. */
export const MARKS = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };

/** The verdicts in order, best to blunder (the review's `counts` columns). */
export const JUDGEMENTS = ["best", "good", "inaccuracy", "mistake", "blunder"];

/** A score for the graph, in pawns or points, capped at ±10 (mates at the cap). */
export function graphValue(s) {
  if (s.mate) return s.mate > 0 ? 10 : -10;
  return Math.max(-10, Math.min(10, s.centi / 100));
}

/** The review graph's lines: per seat of `seats` (sides games: one seat of each side; otherwise
 *  every seat), its polyline over `width`×`height` from the positions' `scores`. */
export function graphLines(scores, seats, width, height) {
  const n = Math.max(1, scores.length - 1);
  const y = (v) => height / 2 - (v / 10) * (height / 2);
  return seats.map((seat) => ({
    seat,
    points: scores.map((s, k) => `${((k / n) * width).toFixed(1)},${y(graphValue(s[seat])).toFixed(1)}`).join(" "),
  }));
}

/** The position (0: the start; k: after entry k) a click at `x` of a graph `width` wide shows. */
export function graphPosition(x, width, positions) {
  const n = Math.max(1, positions - 1);
  return Math.max(0, Math.min(positions - 1, Math.round((x / width) * n)));
}
