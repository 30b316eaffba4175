// Results in words: "Red and Yellow won", "Draw", FFA points, "Aborted".

import { t } from "./i18n.js";
import { colourName, SEATS } from "./board.js";
import { COLOURS } from "./lobby.js";
import { baseRules, rulesName, sidesOf } from "./rulesets.js";

/**
 * `result` of a game of `rules` (or with these `colours`) in the page's language: the PGN4
 * token of a side's win, a draw or an abort, or — in a free-for-all — each colour's `points`.
 */
export function resultWordsOf(result, rules, colours = COLOURS[baseRules(rules)] || COLOURS.teams, points = null) {
  const [first, second] = sidesOf(rules);
  if (!result || result === "*") return t("replay.unfinished");
  if (result === "aborted") return t("over.aborted");
  if (result === "1-0") return t("over.side_wins", { a: colourName(colours[first[0]]), b: colourName(colours[first[1]]) });
  if (result === "0-1") return t("over.side_wins", { a: colourName(colours[second[0]]), b: colourName(colours[second[1]]) });
  if (result === "1/2-1/2") return t("over.draw");
  // FFA: "Red: 72 - Blue: 14 - …" from the points, colour names in the page's language.
  if (points) return colours.map((c, i) => `${colourName(c)}: ${points[i]}`).join(" - ");
  return result;
}

/**
 * How a game ended (the `ending` of an `over` event or a state) in the page's language; null
 * for a free-for-all's end, which its placings show.
 */
export function endingWords(ending, colours) {
  switch (ending && ending.kind) {
    case "won": {
      const [a, b] = ending.winners.map((s) => colourName(colours[SEATS.indexOf(s)]));
      return t("over.side_wins", { a, b: b ?? a });
    }
    case "drawn": return t("over.draw");
    case "aborted": return t("over.aborted");
    default: return null;
  }
}

/** A rating pool ("teams-blitz") in words. */
export function poolName(pool) {
  // `teams-blitz`, or an option family's `teams+3-check+KotH-bullet`: the speed follows the
  // last dash, the options are joined by `+`.
  const at = pool.lastIndexOf("-");
  const family = pool.slice(0, at).split("+").join(" ");
  return `${rulesName(family)} · ${t(`speed.${pool.slice(at + 1)}`)}`;
}
