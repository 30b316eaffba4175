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

/**
 * The player's own outcome first ("You won", "You finished in place 2 with 34 points"), when
 * the seats `held` (indices) say whose it is: null for a spectator, and for a hot-seat page that
 * played both sides or several free-for-all seats.
 */
export function verdictWords(ev, held) {
  const e = ev.ending;
  if (!e || !held.length) return null;
  if (e.kind === "won") {
    const mine = held.map((i) => e.winners.includes(SEATS[i]));
    if (mine.every(Boolean)) return t("over.you_won");
    if (!mine.some(Boolean)) return t("over.you_lost");
    return null;
  }
  if (e.kind === "finished" && held.length === 1 && ev.placings) {
    const i = held[0];
    return t("over.you_placed", { place: ev.placings[i], n: ev.points[i] });
  }
  return null;
}

/** Why a game ended (the `ending` of an `over` event), in words; null for a free-for-all's end. */
export function reasonWords(e, colours) {
  if (!e) return null;
  const colour = (s) => colourName(colours[SEATS.indexOf(s)]);
  switch (e.kind) {
    case "won": {
      const how = e.reason === "hill_taken" ? "the_hill_taken" : e.reason;
      return `${colour(e.loser)}: ${t(`status.out_${how}`)}`;
    }
    case "drawn": return t(`over.draw_${e.reason}`);
    case "aborted": return e.cause === "player" ? t("over.abort_player", { colour: colour(e.by) }) : t(`over.abort_${e.cause}`);
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
