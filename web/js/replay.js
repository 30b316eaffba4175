// Replaying a finished, imported or built-in game position by position (arrow keys too).

import { Board } from "./board.js";
import { h } from "./lobby.js";

export async function libraryView(ctx) {
  const games = await ctx.api("/api/library");
  ctx.view.append(h("section", { class: "panel" }, h("h2", {}, "Library"),
    h("ul", {}, ...games.map((g) => h("li", {}, h("a", { href: `#replay/lib/${g.id}`, "data-lib": g.id }, g.title))))));
  return () => {};
}

export async function replayView(ctx, kind, id) {
  const base = kind === "lib" ? `/api/library/${id}` : `/api/games/${id}`;
  const p = await ctx.api(`${base}/positions`);
  let ply = 0;
  const boardEl = h("div", { class: "boardwrap" });
  const label = h("div", { "data-testid": "replay-ply" });
  const list = h("div", { class: "moves", "data-testid": "replay-moves" });
  const board = new Board(boardEl, {});
  const tags = Object.fromEntries(p.tags);
  const show = () => {
    board.set({ fen: ply === 0 ? p.start : p.fens[ply - 1], colours: p.colours, legal: [], arrows: [] });
    label.textContent = ply === 0 ? "start" : `${ply}/${p.moves.length}: ${p.moves[ply - 1]}`;
    list.replaceChildren(...p.moves.map((m, i) => h("span", { style: i + 1 === ply ? "background:#456" : "", onclick: () => { ply = i + 1; show(); } }, `${m} `)));
  };
  const step = (d) => { ply = Math.max(0, Math.min(p.moves.length, ply + d)); show(); };
  const keys = (e) => {
    if (e.key === "ArrowRight") step(1);
    if (e.key === "ArrowLeft") step(-1);
    if (e.key === "Home") { ply = 0; show(); }
    if (e.key === "End") { ply = p.moves.length; show(); }
  };
  window.addEventListener("keydown", keys);
  ctx.view.append(h("div", { class: "game" }, boardEl, h("div", {},
    h("h2", {}, tags.Event || `${p.rules} game`),
    h("p", { class: "muted" }, p.colours.map((c) => `${c}: ${tags[c] || "?"}`).join(" · ")),
    h("p", {}, `Result: ${p.result}`),
    p.error ? h("p", { class: "muted" }, `Stops at: ${p.error}`) : "",
    h("div", { class: "row" },
      h("button", { onclick: () => { ply = 0; show(); } }, "⏮"),
      h("button", { "data-testid": "prev", onclick: () => step(-1) }, "◀"),
      h("button", { "data-testid": "next", onclick: () => step(1) }, "▶"),
      h("button", { "data-testid": "end", onclick: () => { ply = p.moves.length; show(); } }, "⏭"),
      h("a", { href: `${base}/pgn4`, target: "_blank" }, "Export PGN4")),
    label, list)));
  show();
  return () => window.removeEventListener("keydown", keys);
}
