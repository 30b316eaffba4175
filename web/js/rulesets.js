// Rule set names as the server writes them — "teams", "teams Teammate=1", "ffa Prom=11": the
// base game, its chess.com options, their names in words, and who plays with whom.

import { t } from "./i18n.js";

/** The base game of a rule set name ("teams" of "teams Teammate=1"). */
export const baseRules = (name) => String(name || "").trim().split(/\s+/)[0];

/** The options of a rule set name, as tokens. */
export const optionsOf = (name) => String(name || "").trim().split(/\s+/).slice(1);

/** The seat indices (S 0, W 1, N 2, E 3) of the two sides, South's first (PGN4 "1-0"). */
export function sidesOf(name) {
  const opts = optionsOf(name);
  if (opts.includes("Teammate=1")) return [[0, 1], [2, 3]];
  if (opts.includes("Teammate=3")) return [[0, 3], [1, 2]];
  return [[0, 2], [1, 3]];
}

/** N-check: each seat's remaining check lives from a FEN4's `'lives'` extra, or null. */
export function livesOf(fen4) {
  const m = /'lives':\(([\d,\s]+)\)/.exec(fen4 || "");
  return m ? m[1].split(",").map((x) => Number(x.trim())) : null;
}

/** A rule set name in words: the game, then each option ("Teams · partners side by side …"). */
export function rulesName(name) {
  const words = optionsOf(name).map((o) => {
    const n = /^Chess960=(\d+)$/.exec(o);
    if (n) return t("option.Chess960", { n: n[1] });
    if (o === "Chess960") return t("option.Chess960_any"); // a rating family: every number
    const key = `option.${o}`;
    const w = t(key);
    return w === key ? o : w;
  });
  return [t(`rules.${baseRules(name)}`), ...words].join(" · ");
}

/** Each for himself (no sides): FFA, Chaturaji and Conquest, with or without points. */
export const eachForHimself = (name) => ["ffa", "chaturaji", "conquest"].includes(baseRules(name));

/** Kept in points: each for himself, except FFA played for mate (`Play4Mate`, `FirstMate`) and
 *  Conquest, which place players by who went out when. */
export const scored = (name) => eachForHimself(name) && baseRules(name) !== "conquest"
  && !optionsOf(name).some((o) => o === "Play4Mate" || o === "FirstMate");

/** Chaturaji: played on the 8×8 centre (d4–k11) of the grid. */
export const centre = (name) => baseRules(name) === "chaturaji";

/** Squares in a text (a square, a move) of the 8×8 centre as its players read them: the
 *  engine's d4–k11 become a1–h8 (d4 → a1, k11 → h8). */
export const centreText = (text) => String(text)
  .replace(/([d-k])(1[01]|[4-9])(?!\d)/g, (_, f, r) => String.fromCharCode(f.charCodeAt(0) - 3) + (Number(r) - 3));

/** The lead a claim of the win needs: one more than a mate in FFA (21, or N + 1 under
 *  `PointsForMate=N`), one more than a king in Chaturaji (4). */
export function claimLead(name) {
  if (centre(name)) return 4;
  const m = optionsOf(name).map((o) => /^PointsForMate=(\d+)$/.exec(o)).find(Boolean);
  return m ? Number(m[1]) + 1 : 21;
}
