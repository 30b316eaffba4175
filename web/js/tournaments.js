// Tournaments: the list (upcoming with a countdown, running with the time left, finished), and
// an arena's page — join / pause / come back / withdraw, the standings with each player's
// sheet and streak, your game, the top game on a small board, the time left and, at the end,
// the podium. The standings come as the server pushes them (`standings`, at most once a second).

import { h } from "./dom.js";
import { t, num } from "./i18n.js";
import { Board, SEATS } from "./board.js";
import { timeLabel } from "./lobby.js";
import { rulesName } from "./rulesets.js";

/** A span of milliseconds as "1:02:03" or "4:05". */
export function span(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (x) => String(x).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/** When a tournament starts or ends, in words, from now. */
function when(tn, now) {
  if (tn.kind === "swiss" && tn.status === "running") return t("arena.status_running");
  if (tn.status === "created") return t("arena.starts_in", { time: span(tn.starts_ms - now) });
  if (tn.status === "running") return t("arena.ends_in", { time: span(tn.ends_ms - now) });
  return t(`arena.status_${tn.status}`);
}

/** Who may enter, in words: accounts only, a rating floor or ceiling, rated games (none: all);
 *  and whether berserk is allowed. */
function conditions(tn) {
  const words = [
    ...(tn.accounts_only ? [t("arena.accounts_only")] : []),
    ...(tn.min_rating ? [t("arena.min_rating", { n: tn.min_rating })] : []),
    ...(tn.max_rating ? [t("arena.max_rating", { n: tn.max_rating })] : []),
    ...(tn.min_games ? [t("arena.min_games", { n: tn.min_games })] : []),
    ...(tn.berserk ? [t("arena.berserk_allowed")] : []),
  ];
  return words.length ? h("p", { class: "muted", "data-testid": "arena-conditions" }, words.join(" · ")) : "";
}

export async function tournamentsView(ctx) {
  const list = await ctx.api("/api/tournaments");
  const groups = { running: [], created: [], finished: [] };
  for (const tn of list) (groups[tn.status] || groups.finished).push(tn);
  const times = [];
  const section = (key, items) => h("section", { class: "panel", "aria-labelledby": `t-${key}` },
    h("h2", { id: `t-${key}` }, t(`tournaments.${key}`)),
    items.length ? h("table", { class: "list" }, h("tbody", {}, ...items.map((tn) => {
      const w = h("span", { class: "muted", "data-when": tn.id }, when(tn, Date.now()));
      times.push([w, tn]);
      return h("tr", { "data-tournament": tn.id },
        h("td", {}, h("a", { href: `#${tn.kind === "swiss" ? "swiss" : "arena"}/${tn.id}` }, tn.name)),
        h("td", {}, rulesName(tn.rules), " · ", timeLabel(tn.time), tn.kind === "swiss" ? ` · ${t("swiss.kind")}` : ""),
        h("td", {}, t("arena.players", { n: tn.players })),
        h("td", {}, w));
    }))) : h("p", { class: "muted" }, t("tournaments.none")));
  ctx.view.append(h("div", { class: "tournaments" }, h("h1", {}, t("tournaments.title")),
    section("running", groups.running), section("created", groups.created), section("finished", groups.finished)));
  const timer = setInterval(() => { for (const [w, tn] of times) w.textContent = when(tn, Date.now()); }, 1000);
  return () => clearInterval(timer);
}

export async function arenaView(ctx, id) {
  const info = await ctx.api(`/api/tournaments/${id}`);
  // A Swiss's game leads back here too: its own page shows it.
  if (info.kind === "swiss") { location.replace(`#swiss/${id}`); return () => {}; }
  let st = info.standings;
  const me = ctx.session.name;
  const head = h("div", { class: "arena-head" });
  const actions = h("div", { class: "row", "data-testid": "arena-actions" });
  const note = h("p", { class: "muted", role: "status", "data-testid": "arena-note" });
  const podium = h("ol", { class: "podium", "data-testid": "podium" });
  const rows = h("tbody");
  const table = h("table", { class: "list standings", "data-testid": "standings" },
    h("caption", { class: "sr-only" }, t("arena.standings")),
    h("thead", {}, h("tr", {}, ...["rank", "player", "points", "sheet", "performance"].map((k) => h("th", { scope: "col" }, t(`arena.${k}`))))),
    rows);
  const topWrap = h("div", { class: "boardwrap top-board" });
  const top = h("section", { class: "panel top-game", "aria-labelledby": "top-title" }, h("h2", { id: "top-title" }, t("arena.top_game")), topWrap);
  const board = new Board(topWrap, {});
  let topGame = null;
  top.hidden = true;
  ctx.view.append(h("div", { class: "arena-page" },
    h("section", { class: "panel" }, h("h1", {}, info.name), head, actions, note, podium),
    h("section", { class: "panel", "aria-labelledby": "standings-title" }, h("h2", { id: "standings-title" }, t("arena.standings")), h("div", { class: "scroll-x", tabindex: 0, role: "region", "aria-label": t("arena.standings") }, table)),
    top));

  // The settings do not change; the time left is counted each second; the rest follows the
  // standings as they come.
  const whenEl = h("p", { class: "when", "data-testid": "arena-when" });
  head.replaceChildren(h("p", {}, rulesName(info.rules), " · ", timeLabel(info.time), ` · ${t("arena.minutes", { n: info.minutes })}`,
    info.rated ? ` · ${t("table.rated")}` : ""), conditions(info), whenEl);
  const tick = () => { whenEl.textContent = when(st, Date.now()); };
  const mine = () => st.rows.find((r) => r.name === me);
  function draw() {
    tick();
    const row = mine();
    const live = st.status === "created" || st.status === "running";
    actions.replaceChildren(
      ...(live && !row ? [h("button", { class: "primary", "data-testid": "arena-join", onclick: () => ctx.send({ type: "arena_join", tournament: id }) }, t("arena.join"))] : []),
      ...(live && row && !row.paused ? [h("button", { "data-testid": "arena-pause", onclick: () => ctx.send({ type: "arena_pause", tournament: id }) }, t("arena.pause"))] : []),
      ...(live && row && row.paused ? [h("button", { class: "primary", "data-testid": "arena-resume", onclick: () => ctx.send({ type: "arena_join", tournament: id }) }, t("arena.resume"))] : []),
      ...(row && row.playing ? [h("a", { class: "button", href: `#game/${row.playing}`, "data-testid": "arena-your-game" }, t("arena.your_game"))] : []),
      ...(live && row ? [h("button", { "data-testid": "arena-withdraw", onclick: () => ctx.send({ type: "arena_withdraw", tournament: id }) }, t("arena.withdraw"))] : []));
    note.textContent = st.status === "running" && row && !row.playing && !row.paused ? t("arena.waiting", { n: st.waiting }) : "";
    podium.replaceChildren(...(st.status === "finished" ? st.rows.slice(0, 3).map((r) => h("li", {}, `${r.name} — ${num(r.points)}`)) : []));
    rows.replaceChildren(...st.rows.map((r) => h("tr", { "data-row": r.name, class: r.name === me ? "me" : "" },
      h("td", {}, num(r.rank)),
      h("td", {}, r.name, r.on_fire ? h("span", { class: "fire", title: t("arena.on_fire"), "aria-label": t("arena.on_fire") }, " 🔥") : "",
        r.paused ? h("span", { class: "muted" }, ` (${t("arena.paused")})`) : ""),
      h("td", { "data-points": r.name }, num(r.points)),
      h("td", { class: "sheet" }, ...r.sheet.map((x) => h("span", { class: `mark${x.doubled ? " doubled" : ""}${x.berserk ? " berserk" : ""}`,
        title: [num(x.points), x.berserk ? t(x.berserk_point ? "arena.berserk_point" : "arena.berserked") : ""].filter(Boolean).join(" · ") }, x.mark))),
      h("td", {}, r.performance === null || r.performance === undefined ? "—" : num(r.performance)))));
    if ((st.top_game || null) !== topGame) followTop(st.top_game || null);
  }

  // The top game on the small board: followed as a spectator.
  function followTop(game) {
    if (topGame) ctx.unfollow(topGame);
    topGame = game;
    top.hidden = !game;
    if (game) ctx.follow(game, []);
  }
  const off = ctx.on((m) => {
    if (m.type === "standings" && m.standings.tournament === id) { st = m.standings; draw(); }
    if (m.type === "arena_entry" && m.tournament === id) note.textContent = "";
    if (m.type === "error" && m.code && /tournament|entered|entry/.test(m.code)) note.textContent = m.message;
    const s = m.type === "snapshot" ? m.state : null;
    if (s && s.game === topGame) board.set({ fen: s.fen4, bottom: 0, colours: s.colours, legal: [], last: {}, checks: [], inert: [], zombies: [], arrows: [], premove: null, premoveSeat: null, hill: false, centre: false });
    if (m.type === "event" && m.game === topGame && m.event.kind === "moved") {
      board.set({ ...board.state, fen: m.event.fen4, last: { [SEATS.indexOf(m.event.seat)]: [m.event.from, m.event.to] } });
    }
  });
  ctx.send({ type: "arena_follow", tournament: id });
  const timer = setInterval(tick, 1000);
  draw();
  return () => {
    off(); clearInterval(timer);
    ctx.send({ type: "arena_unfollow", tournament: id });
    if (topGame) ctx.unfollow(topGame);
    board.destroy();
  };
}
