// Replaying a finished, imported or built-in game position by position, with the same move panel
// as live games (arrow keys too), checks shown, the board turned by hand, the result in words and
// the PGN4 saved as a file.

import { Board, SEATS, colourName, kingsOf } from "./board.js";
import { MoveList, entryText } from "./movelist.js";
import { squaresOf } from "./gamestate.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { centre, centreText, optionsOf, rulesName } from "./rulesets.js";
import { endingWords, resultWordsOf } from "./results.js";

export async function libraryView(ctx) {
  const games = await ctx.api("/api/library");
  ctx.view.append(h("section", { class: "panel" }, h("h2", {}, t("library.title")),
    h("ul", {}, ...games.map((g) => h("li", {}, h("a", { href: `#replay/lib/${g.id}`, "data-lib": g.id }, g.title))))));
  return () => {};
}

/** A replay's result in words (FFA points, a side's win, a draw, or unfinished). */
export function resultWords(p) {
  if ((!p.result || p.result === "*") && p.error) return t("replay.stops");
  return endingWords(p.ending, p.colours) ?? resultWordsOf(p.result, p.rules, p.colours, p.points);
}

export async function replayView(ctx, kind, id) {
  const base = kind === "lib" ? `/api/library/${id}` : `/api/games/${id}`;
  const p = await ctx.api(`${base}/positions`);
  const seats = p.seats && p.seats.length === p.moves.length ? p.seats : p.moves.map(() => "S");
  const entries = p.moves.map((text, i) => {
    const sq = p.squares?.[i];
    return sq ? { seat: seats[i], text, from: sq[0], to: sq[1] } : { seat: seats[i], text };
  });
  let ply = 0;
  let bottom = 0;
  const boardEl = h("div", { class: "boardwrap" });
  const label = h("div", { "data-testid": "replay-ply", role: "status" });
  const list = new MoveList((i) => { ply = i + 1; show(); });
  list.el.setAttribute("data-testid", "replay-moves");
  const board = new Board(boardEl, {});
  const tags = Object.fromEntries(p.tags);
  const show = () => {
    const fen = ply === 0 ? p.start : p.fens[ply - 1];
    const e = entries[ply - 1];
    const sq = squaresOf(e);
    board.set({
      fen, bottom, colours: p.colours, legal: [], arrows: [], hill: optionsOf(p.rules).includes("KotH"), centre: centre(p.rules),
      last: sq ? { [SEATS.indexOf(e.seat)]: sq } : {},
      checks: ply > 0 && p.checks ? kingsOf(fen, p.checks[ply - 1]) : [],
    });
    const text = ply === 0 ? "" : centre(p.rules) ? centreText(p.moves[ply - 1]) : p.moves[ply - 1];
    label.textContent = ply === 0 ? t("replay.start") : `${ply}/${p.moves.length}: ${text}`;
    label.setAttribute("aria-label", ply === 0 ? t("replay.start") : `${ply}/${p.moves.length}: ${entryText(text)}`);
    list.set({ entries, colours: p.colours, current: ply - 1, centre: centre(p.rules) });
  };
  const step = (d) => { ply = Math.max(0, Math.min(p.moves.length, ply + d)); show(); };
  const keys = (e) => {
    if (board.svg.contains(e.target)) return;
    if (e.key === "ArrowRight") step(1);
    if (e.key === "ArrowLeft") step(-1);
    if (e.key === "Home") { ply = 0; show(); }
    if (e.key === "End") { ply = p.moves.length; show(); }
  };
  window.addEventListener("keydown", keys);
  const btn = (testid, label, fn, icon) => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 20 20"); svg.setAttribute("aria-hidden", "true"); svg.setAttribute("class", "icon");
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", icon); path.setAttribute("fill", "currentColor");
    svg.appendChild(path);
    return h("button", { "data-testid": testid, "aria-label": label, title: label, onclick: fn }, svg);
  };
  ctx.view.append(h("div", { class: "game" }, boardEl, h("div", { class: "side" },
    h("h2", {}, tags.Event || rulesName(p.rules)),
    h("p", { class: "muted" }, p.colours.map((c) => `${colourName(c)}: ${tags[c] || "?"}`).join(" · ")),
    h("p", { "data-testid": "replay-result" }, resultWords(p), p.termination ? ` — ${p.termination}` : ""),
    p.error ? h("p", { class: "muted" }, t("replay.error", { error: p.error })) : "",
    h("div", { class: "row" },
      btn("first", t("replay.first"), () => { ply = 0; show(); }, "M3 3h2v14H3zM17 3v14L7 10z"),
      btn("prev", t("replay.prev"), () => step(-1), "M15 3v14L5 10z"),
      btn("next", t("replay.next"), () => step(1), "M5 3v14l10-7z"),
      btn("end", t("replay.last"), () => { ply = p.moves.length; show(); }, "M15 3h2v14h-2zM3 3v14l10-7z"),
      h("button", { "data-testid": "rotate", onclick: () => { bottom = (bottom + 1) % 4; show(); } }, t("board.rotate")),
      h("a", { href: `${base}/pgn4`, download: `fourhand-${id}.pgn4`, "data-testid": "export" }, t("game.export"))),
    // A finished game of the server's: to the analysis board, and its review.
    kind === "game" && p.ending ? h("div", { class: "row" },
      h("a", { href: `#analysis/game/${id}`, "data-testid": "analyse-link" }, t("analysis.link")),
      h("a", { href: `#analysis/game/${id}/review`, "data-testid": "review-link" }, t("review.link"))) : "",
    label, h("section", { class: "movepanel" }, h("h3", {}, t("moves.title")), list.el))));
  show();
  return () => { window.removeEventListener("keydown", keys); board.destroy(); };
}
