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
    const key = `option.${o}`;
    const w = t(key);
    return w === key ? o : w;
  });
  return [t(`rules.${baseRules(name)}`), ...words].join(" · ");
}
