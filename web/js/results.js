// Results in words: "Red and Yellow won", "Draw", FFA points, "Aborted".

import { t } from "./i18n.js";
import { colourName } from "./board.js";
import { COLOURS } from "./lobby.js";

/** `result` of a game of `rules` (or with these `colours`) in the page's language. */
export function resultWordsOf(result, rules, colours = COLOURS[rules] || COLOURS.teams) {
  if (!result || result === "*") return t("replay.unfinished");
  if (result === "aborted") return t("over.aborted");
  if (result === "1-0") return t("over.side_wins", { a: colourName(colours[0]), b: colourName(colours[2]) });
  if (result === "0-1") return t("over.side_wins", { a: colourName(colours[1]), b: colourName(colours[3]) });
  if (result === "1/2-1/2") return t("over.draw");
  // FFA: "Red: 72 - Blue: 14 - …" with colour names translated.
  return result.replace(/(Red|Blue|Yellow|Green)(?=:)/g, (c) => colourName(c));
}

/** A rating pool ("teams-blitz") in words. */
export function poolName(pool) {
  const [mode, speed] = pool.split("-");
  return `${t(`rules.${mode}`)} · ${t(`speed.${speed}`)}`;
}
