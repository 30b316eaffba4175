// The move panel of live games, spectating and replays: numbered rounds, one column per seat
// still playing in that round (in the seat's colour), checks and mates marked, resignations,
// time-outs, stalemates and passes in words. Clicking an entry (or the arrow keys) picks the
// position after it.

import { colourOf, colourName, SEATS } from "./board.js";
import { t, num } from "./i18n.js";
import { h } from "./dom.js";
import { centreText } from "./rulesets.js";

const WORDS = { R: "entry.resigns", T: "entry.timeout", S: "entry.stalemated", "#": "entry.mated", "-": "entry.passes", "R#": "entry.resigns" };

/** The words of an entry: a move's PGN4 text as it is, the other entries in words. */
export function entryText(text) {
  if (WORDS[text]) return t(WORDS[text]);
  const m = text.match(/^(.*?)([RT])$/);
  if (m && /\d/.test(m[1])) return `${m[1]} (${t(WORDS[m[2]])})`;
  return text;
}

/** Splits entries into rounds: a new round starts when the seat order wraps. */
export function rounds(entries) {
  const out = [];
  let last = null;
  entries.forEach((e, i) => {
    const s = SEATS.indexOf(e.seat);
    if (last === null || s <= last) out.push([]);
    out[out.length - 1].push({ ...e, index: i });
    last = s;
  });
  return out;
}

/** Without the statuses (a replay): the seats of the last two rounds whose last entry is not
 *  a leaving one (resigned, out of time, stalemated, mated). */
function stillIn(all) {
  const last = new Map();
  for (const round of all.slice(-2)) for (const e of round) last.set(e.seat, e.text);
  return [...last].filter(([, text]) => !WORDS[text] || text === "-").map(([seat]) => seat);
}

export class MoveList {
  /** `onPick(index)`: the entry chosen (-1: the start). */
  constructor(onPick) {
    this.onPick = onPick;
    this.el = h("div", { class: "moves", "data-testid": "moves", role: "list", "aria-label": t("moves.label") });
    this.entries = [];
    this.colours = ["Red", "Blue", "Yellow", "Green"];
    this.current = null;
  }

  /** `playing`: the seats still in the game (live games; a finished one: those that were in
   *  at its end), for the last round's columns. */
  set({ entries, colours, current, playing, centre }) {
    if (playing) this.playing = playing;
    // Chaturaji's 8×8: squares as its players read them (a1–h8).
    if (centre !== undefined) this.centre = centre;
    if (entries) this.entries = entries;
    if (colours) this.colours = colours;
    if (current !== undefined) this.current = current;
    this.render();
  }

  render() {
    const follow = this.el.scrollTop + this.el.clientHeight >= this.el.scrollHeight - 30;
    const all = rounds(this.entries);
    // A round's columns: the seats that act in it or later (the last round: also those still to
    // play), so that a seat's column goes when its player has left.
    const later = new Set(this.playing || stillIn(all));
    const columns = [];
    for (let n = all.length - 1; n >= 0; n--) {
      for (const e of all[n]) later.add(e.seat);
      columns[n] = SEATS.filter((x) => later.has(x));
    }
    const rows = all.map((round, n) => {
      const cols = columns[n];
      const row = h("div", { class: "round", role: "listitem", "data-round": n + 1, style: `grid-template-columns: 2.4em repeat(${cols.length}, 1fr)` },
        h("span", { class: "num" }, `${num(n + 1)}.`),
        ...round.map((e) => {
          const i = SEATS.indexOf(e.seat);
          const shown = entryText(this.centre ? centreText(e.text) : e.text);
          const mark = /#$/.test(e.text) ? " mate" : /\+$/.test(e.text) ? " check" : WORDS[e.text] ? " word" : "";
          return h("button", {
            class: `mv${mark}${e.index === this.current ? " current" : ""}`, "data-seat": e.seat, "data-ply": e.index,
            style: `--seat: ${colourOf(this.colours[i])}; grid-column: ${cols.indexOf(e.seat) + 2}`, "aria-label": `${colourName(this.colours[i])}: ${shown}`,
            "aria-current": e.index === this.current ? "true" : "false",
            onclick: () => this.onPick(e.index),
          }, shown);
        }));
      return row;
    });
    // A list only when there is something in it (a list may hold list items alone).
    if (rows.length) this.el.setAttribute("role", "list"); else this.el.removeAttribute("role");
    this.el.replaceChildren(...(rows.length ? rows : [h("p", { class: "muted" }, t("moves.none"))]));
    if (this.current === null && follow) this.el.scrollTop = this.el.scrollHeight;
    else this.el.querySelector(".current")?.scrollIntoView({ block: "nearest" });
  }
}
