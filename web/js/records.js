// Player records: a profile (ratings per pool with their history, results, recent games), the
// game archive (search by player, mode and date) and the leaderboard of each pool.

import { h } from "./dom.js";
import { t, num } from "./i18n.js";
import { rulesName } from "./rulesets.js";
import { poolName, resultWordsOf } from "./results.js";

const MODES = ["", "teams", "ffa", "chaturaji", "conquest", "verney1881", "club1893"];

const rated = (r) => `${num(r.rating)}${r.provisional ? "?" : ""}`;
const when = (ms) => new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
const day = (ms) => new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium" }).format(new Date(ms));
const nameLink = (n) => h("a", { href: `#player/${encodeURIComponent(n)}` }, n);

/// One finished game as a table row: when, mode, players, result, replay and PGN4 links.
function gameRow(g) {
  const players = g.players.flatMap((n, i) => [i ? ", " : "", g.seat === i ? h("b", {}, n) : n]);
  return h("tr", { "data-archive": g.id },
    h("td", {}, when(g.ended_ms)), h("td", {}, `${rulesName(g.rules)}${g.rated ? ` · ${t("table.rated")}` : ""}`),
    h("td", {}, ...players), h("td", {}, resultWordsOf(g.result, g.rules, undefined, g.points)),
    h("td", {}, h("a", { href: `#replay/game/${g.id}`, "data-replay": g.id }, t("over.replay")), " ",
      h("a", { href: `#analysis/game/${g.id}/review`, "data-review": g.id }, t("review.link")), " ",
      h("a", { href: `/api/games/${g.id}/pgn4`, download: `fourhand-${g.id}.pgn4` }, t("game.export"))));
}

const gamesTable = (games) => h("table", { class: "list" },
  h("thead", {}, h("tr", {}, ...["ended", "mode", "players", "result", "links"].map((k) => h("th", {}, t(`records.col_${k}`))))),
  h("tbody", {}, ...games.map(gameRow)));

/// A small line chart of one pool's rating after each change.
function chart(points) {
  const W = 320, H = 90;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("records.chart"));
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
    `${rulesName(mode)}: `, r.placings ? t("records.placings", { a: r.placings[0], b: r.placings[1], c: r.placings[2], d: r.placings[3] })
      : t("records.wdl", { won: r.won, drawn: r.drawn, lost: r.lost }), r.aborted ? ` · ${t("records.aborted", { n: r.aborted })}` : ""));
  ctx.view.append(
    h("section", { class: "panel", "data-testid": "profile" }, h("h2", {}, p.name),
      h("p", { class: "muted" }, `${t("records.since", { date: day(p.since_ms) })} · `, h("a", { href: `#archive/${encodeURIComponent(p.name)}` }, t("records.all_games"))),
      h("table", { class: "list" },
        h("thead", {}, h("tr", {}, ...["pool", "rating", "deviation", "games", "history"].map((k) => h("th", {}, t(`records.col_${k}`))))),
        h("tbody", {}, ...p.ratings.map((r) => h("tr", { "data-pool": r.pool },
          h("td", {}, h("a", { href: `#leaderboard/${r.pool}` }, poolName(r.pool))), h("td", { "data-rating": r.pool }, rated(r)),
          h("td", {}, num(r.rd)), h("td", {}, num(r.games)), h("td", {}, chart(byPool(r.pool))))))),
      p.ratings.length ? "" : h("p", { class: "muted" }, t("records.no_rated")),
      h("h3", {}, t("records.results")), h("ul", {}, ...records)),
    h("section", { class: "panel" }, h("h3", {}, t("records.recent")), gamesTable(p.recent)));
  return () => {};
}

export async function archiveView(ctx, player) {
  const f = {
    player: h("input", { placeholder: t("records.player"), "aria-label": t("records.player"), value: player ? decodeURIComponent(player) : "", "data-testid": "archive-player" }),
    rules: h("select", { "data-testid": "archive-rules", "aria-label": t("records.mode") }, MODES.map((v) => h("option", { value: v }, v ? rulesName(v) : t("records.any_mode")))),
    from: h("input", { type: "date", "data-testid": "archive-from", "aria-label": t("records.from") }),
    to: h("input", { type: "date", "data-testid": "archive-to", "aria-label": t("records.to") }),
  };
  const out = h("div", { "data-testid": "archive-results" });
  const search = async () => {
    const q = new URLSearchParams({ player: f.player.value, rules: f.rules.value, from: f.from.value, to: f.to.value });
    try {
      const games = await ctx.api(`/api/archive?${q}`);
      out.replaceChildren(games.length ? gamesTable(games) : h("p", { class: "muted" }, t("records.none_found")));
    } catch (e) { out.replaceChildren(h("p", { class: "muted" }, e.message)); }
  };
  ctx.view.append(h("section", { class: "panel" }, h("h2", {}, t("records.archive")),
    h("div", { class: "row" }, f.player, f.rules, t("records.from"), f.from, t("records.to"), f.to,
      h("button", { "data-testid": "archive-search", onclick: search }, t("records.search"))), out));
  await search();
  return () => {};
}

export async function leaderboardView(ctx, pool) {
  const pools = await ctx.api("/api/pools");
  pool = pools.includes(pool) ? pool : "teams-blitz";
  const pick = h("select", { "data-testid": "pool", "aria-label": t("records.pool"), onchange: () => ctx.go(`leaderboard/${pick.value}`) },
    pools.map((p) => h("option", { value: p, selected: p === pool }, poolName(p))));
  const board = await ctx.api(`/api/leaderboard/${pool}`);
  ctx.view.append(h("section", { class: "panel" }, h("h2", {}, t("nav.leaderboard")), h("div", { class: "row" }, pick),
    board.entries.length ? h("table", { class: "list", "data-testid": "leaderboard" },
      h("thead", {}, h("tr", {}, ...["rank", "player", "rating", "deviation", "games"].map((k) => h("th", {}, t(`records.col_${k}`))))),
      h("tbody", {}, ...board.entries.map((e) => h("tr", { "data-rank": e.rank },
        h("td", {}, num(e.rank)), h("td", {}, nameLink(e.name)), h("td", {}, rated(e)), h("td", {}, num(e.rd)), h("td", {}, num(e.games))))))
      : h("p", { class: "muted", "data-testid": "leaderboard-empty" }, t("records.board_empty")),
    h("p", { class: "muted", "data-testid": "leaderboard-rule" }, t("records.board_rule", { games: num(board.min_games), days: num(board.active_days) }))));
  return () => {};
}
