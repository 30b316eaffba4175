// Player records: a profile (ratings per pool with their history, results, recent games), the
// game archive (search by player, mode and date) and the leaderboard of each pool.

import { h } from "./lobby.js";

const MODES = [["", "any mode"], ["teams", "Teams"], ["ffa", "FFA"], ["verney1881", "Verney 1881"], ["club1893", "Club 1893"]];

const rated = (r) => `${r.rating}${r.provisional ? "?" : ""}`;
const when = (ms) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");
const nameLink = (n) => h("a", { href: `#player/${encodeURIComponent(n)}` }, n);

/// One finished game as a table row: when, mode, players, result, replay and PGN4 links.
function gameRow(g) {
  const players = g.players.flatMap((n, i) => [i ? ", " : "", g.seat === i ? h("b", {}, n) : n]);
  return h("tr", { "data-archive": g.id },
    h("td", {}, when(g.ended_ms)), h("td", {}, `${g.rules}${g.rated ? " · rated" : ""}`),
    h("td", {}, ...players), h("td", {}, g.result),
    h("td", {}, h("a", { href: `#replay/game/${g.id}`, "data-replay": g.id }, "Replay"), " ",
      h("a", { href: `/api/games/${g.id}/pgn4`, target: "_blank" }, "PGN4")));
}

const gamesTable = (games) => h("table", { class: "list" },
  h("thead", {}, h("tr", {}, ...["ended", "mode", "players", "result", ""].map((t) => h("th", {}, t)))),
  h("tbody", {}, ...games.map(gameRow)));

/// A small line chart of one pool's rating after each change.
function chart(points) {
  const W = 320, H = 90;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart");
  const ys = points.map((p) => p.after).concat(points.length ? [points[0].before] : []);
  const lo = Math.min(...ys) - 10, hi = Math.max(...ys) + 10;
  const all = points.length ? [points[0].before, ...points.map((p) => p.after)] : [];
  const xy = all.map((v, i) => `${(i / Math.max(1, all.length - 1)) * (W - 10) + 5},${H - 5 - ((v - lo) / (hi - lo)) * (H - 10)}`);
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", xy.join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "#6fa8dc");
  line.setAttribute("stroke-width", "2");
  svg.append(line);
  return svg;
}

export async function profileView(ctx, name) {
  let p;
  try { p = await ctx.api(`/api/players/${encodeURIComponent(name)}`); } catch (e) {
    ctx.view.append(h("section", { class: "panel" }, h("h2", {}, name), h("p", { class: "muted" }, e.message)));
    return () => {};
  }
  const byPool = (pool) => p.history.filter((c) => c.pool === pool);
  const records = Object.entries(p.record).map(([mode, r]) => h("li", { "data-record": mode },
    `${mode}: `, r.placings ? `places 1st ${r.placings[0]} · 2nd ${r.placings[1]} · 3rd ${r.placings[2]} · 4th ${r.placings[3]}`
      : `won ${r.won} · drawn ${r.drawn} · lost ${r.lost}`, r.aborted ? ` · aborted ${r.aborted}` : ""));
  ctx.view.append(
    h("section", { class: "panel", "data-testid": "profile" }, h("h2", {}, p.name),
      h("p", { class: "muted" }, `player since ${when(p.since_ms).slice(0, 10)} · `, h("a", { href: `#archive/${encodeURIComponent(p.name)}` }, "all games")),
      h("table", { class: "list" },
        h("thead", {}, h("tr", {}, ...["pool", "rating", "deviation", "games", "history"].map((t) => h("th", {}, t)))),
        h("tbody", {}, ...p.ratings.map((r) => h("tr", { "data-pool": r.pool },
          h("td", {}, h("a", { href: `#leaderboard/${r.pool}` }, r.pool)), h("td", { "data-rating": r.pool }, rated(r)),
          h("td", {}, r.rd), h("td", {}, r.games), h("td", {}, chart(byPool(r.pool))))))),
      p.ratings.length ? "" : h("p", { class: "muted" }, "no rated games yet"),
      h("h3", {}, "Results"), h("ul", {}, ...records)),
    h("section", { class: "panel" }, h("h3", {}, "Recent games"), gamesTable(p.recent)));
  return () => {};
}

export async function archiveView(ctx, player) {
  const f = {
    player: h("input", { placeholder: "player", value: player ? decodeURIComponent(player) : "", "data-testid": "archive-player" }),
    rules: h("select", { "data-testid": "archive-rules" }, MODES.map(([v, t]) => h("option", { value: v }, t))),
    from: h("input", { type: "date", "data-testid": "archive-from" }),
    to: h("input", { type: "date", "data-testid": "archive-to" }),
  };
  const out = h("div", { "data-testid": "archive-results" });
  const search = async () => {
    const q = new URLSearchParams({ player: f.player.value, rules: f.rules.value, from: f.from.value, to: f.to.value });
    try {
      const games = await ctx.api(`/api/archive?${q}`);
      out.replaceChildren(games.length ? gamesTable(games) : h("p", { class: "muted" }, "no games found"));
    } catch (e) { out.replaceChildren(h("p", { class: "muted" }, e.message)); }
  };
  ctx.view.append(h("section", { class: "panel" }, h("h2", {}, "Game archive"),
    h("div", { class: "row" }, f.player, f.rules, "from", f.from, "to", f.to,
      h("button", { "data-testid": "archive-search", onclick: search }, "Search")), out));
  await search();
  return () => {};
}

export async function leaderboardView(ctx, pool) {
  const pools = await ctx.api("/api/pools");
  pool = pools.includes(pool) ? pool : "teams-blitz";
  const pick = h("select", { "data-testid": "pool", onchange: () => ctx.go(`leaderboard/${pick.value}`) },
    pools.map((p) => h("option", p === pool ? { value: p, selected: "" } : { value: p }, p)));
  const board = await ctx.api(`/api/leaderboard/${pool}`);
  ctx.view.append(h("section", { class: "panel" }, h("h2", {}, "Leaderboard"), h("div", { class: "row" }, pick),
    board.entries.length ? h("table", { class: "list", "data-testid": "leaderboard" },
      h("thead", {}, h("tr", {}, ...["#", "player", "rating", "deviation", "games"].map((t) => h("th", {}, t)))),
      h("tbody", {}, ...board.entries.map((e) => h("tr", { "data-rank": e.rank },
        h("td", {}, e.rank), h("td", {}, nameLink(e.name)), h("td", {}, rated(e)), h("td", {}, e.rd), h("td", {}, e.games)))))
      : h("p", { class: "muted" }, "no rated games in this pool yet"),
    h("p", { class: "muted" }, "? marks a provisional rating (deviation above 110).")));
  return () => {};
}
