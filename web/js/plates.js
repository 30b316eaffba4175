// The player plates: each army's name, rating, clock, status and (FFA) points in the corner of
// the board beside its side, turning with the board — the seat at the bottom in the bottom-right
// corner, then round clockwise as each army would see it on its right. The player's own plate
// and his partner's are marked; the running clock is framed, and its delay counts down in a
// bar of its own before the bank runs. On a phone the plates sit above and below the board.

import { colourOf, colourName, SEATS } from "./board.js";
import { h } from "./dom.js";
import { t, num, clock } from "./i18n.js";
import { seatLabel } from "./lobby.js";
import { livesOf, scored } from "./rulesets.js";
import { clocksAt, delayOf, relationOf, statusKey } from "./gamestate.js";

/** The corner of the seat `pos` places clockwise from the bottom (0 bottom, 1 left …). */
const CORNERS = ["br", "bl", "tl", "tr"];

/** Draws the four plates of game `g` at `now` into `el`, the board's bottom seat `bottom`. */
export function drawPlates(el, g, now, bottom) {
  const s = g.state;
  const clocks = clocksAt(g, now);
  const lives = livesOf(s.fen4);
  SEATS.map((letter, i) => {
    const c = clocks[i];
    const seat = s.seats[i] || {};
    const who = relationOf(g, i);
    const away = g.away[i];
    const status = s.statuses[i];
    const gone = status === "absent";
    const cls = ["plate", c.running ? "running" : "", c.delayLeft > 0 ? "in-delay" : "", c.low ? "low" : "", who ? `is-${who}` : "",
      status !== "active" ? "left" : ""].filter(Boolean).join(" ");
    const delay = delayOf(s, letter);
    const berserk = (s.berserked || []).includes(letter);
    return h("section", {
      class: cls, "data-clock": letter, "data-corner": CORNERS[(i - bottom + 4) % 4], style: `--army:${colourOf(s.colours[i])}`,
      "aria-label": `${colourName(s.colours[i])}: ${seatLabel(seat)}`,
    },
      h("div", { class: "who" },
        h("span", { class: "chip", "aria-hidden": "true" }),
        h("span", { class: "name" }, seatLabel(seat)),
        who ? h("span", { class: `tag ${who}` }, t(`plate.${who}`)) : "",
        berserk ? h("span", { class: "tag berserk", "data-berserk": letter, title: t("plate.berserk_title") }, t("plate.berserk")) : ""),
      h("div", { class: "meta" },
        h("span", {}, colourName(s.colours[i])),
        seat.rating !== undefined && seat.rating !== null ? h("span", { class: "rating" }, num(seat.rating)) : ""),
      status !== "active" && !gone ? h("div", { class: "status" }, t(statusKey(status))) : "",
      seat.connected === false && !seat.bot ? h("div", { class: "status warn" }, t("game.away"),
        away ? ` · ${t("game.back_in", { n: Math.max(0, Math.ceil((away - now) / 1000)) })}` : "") : "",
      scored(s.rules) ? h("div", { class: "points", "data-points": letter }, t("game.points", { n: s.points[i] })) : "",
      lives ? h("div", { class: "lives", "data-lives": letter, title: t("game.lives", { n: lives[i] }) }, `♥${num(lives[i])}`) : "",
      gone ? "" : h("div", { class: "clockline" },
        h("span", { class: "time", role: "timer", "aria-label": t("plate.clock", { colour: colourName(s.colours[i]) }) }, clock(c.bank, c.low)),
        c.delayLeft > 0 ? h("span", { class: "delay", title: t("plate.delay") },
          h("bdi", { dir: "ltr" }, `+${num(Math.ceil(c.delayLeft / 1000))}`)) : ""),
      c.delayLeft > 0 && delay ? h("div", { class: "delaybar", "aria-hidden": "true" },
        h("span", { style: `width:${Math.round((100 * c.delayLeft) / delay)}%` })) : "");
  }).forEach((fresh, i) => keep(el, i, fresh));
}

/** Puts `fresh` in `el`'s child `i`, keeping the element that is there (a plate is the same
 *  element from one tick to the next; only what changed is replaced). */
function keep(el, i, fresh) {
  const old = el.children[i];
  if (!old) { el.append(fresh); return; }
  if (old.outerHTML === fresh.outerHTML) return;
  for (const a of [...old.attributes]) if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of [...fresh.attributes]) old.setAttribute(a.name, a.value);
  old.replaceChildren(...fresh.childNodes);
}
