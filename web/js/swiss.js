// A Swiss for Teams pairs: its page — before the start, a pair registers by invitation (invite a
// partner by name, accept an invitation, take it back or leave); then the rounds with their
// pairings and results (forfeits and byes marked), your game, and the table with its tiebreaks
// (Buchholz cut 1, Sonneborn–Berger). The view comes as the server pushes it (`swiss`).

import { h } from "./dom.js";
import { t, num } from "./i18n.js";
import { timeLabel } from "./lobby.js";
import { rulesName } from "./rulesets.js";
import { span } from "./tournaments.js";

/** A board's result as a score for the first team, then the second. */
const SCORES = { first_wins: "1–0", draw: "½–½", second_wins: "0–1", neither_wins: "0–0" };

/** The error codes a pair request may meet, each with its catalogue words. */
const ERRORS = ["invite_self", "already_paired", "unknown_player", "tournament_started", "tournament_over",
  "tournament_full", "entry_conditions", "banned", "not_entered", "unknown_tournament"];

const team = (names) => names.join(" & ");

export async function swissView(ctx, id) {
  const info = await ctx.api(`/api/tournaments/${id}`);
  let sw = info.swiss;
  const me = ctx.session.name;
  const head = h("div", { class: "arena-head" });
  const whenEl = h("p", { class: "when", "data-testid": "swiss-when" });
  const actions = h("div", { class: "swiss-actions", "data-testid": "swiss-actions" });
  const note = h("p", { class: "muted", role: "status", "data-testid": "swiss-note" });
  const rows = h("tbody");
  const table = h("table", { class: "list standings", "data-testid": "swiss-table" },
    h("caption", { class: "sr-only" }, t("swiss.table")),
    h("thead", {}, h("tr", {}, ...["rank", "team", "points", "buchholz", "sb"].map((k) => h("th", { scope: "col" }, t(`swiss.${k}`))))),
    rows);
  const roundsEl = h("div", { "data-testid": "swiss-rounds" });
  ctx.view.append(h("div", { class: "arena-page" },
    h("section", { class: "panel" }, h("h1", {}, info.name), head, whenEl, actions, note),
    h("section", { class: "panel", "aria-labelledby": "swiss-table-title" }, h("h2", { id: "swiss-table-title" }, t("swiss.table")),
      h("div", { class: "scroll-x", tabindex: 0, role: "region", "aria-label": t("swiss.table") }, table)),
    h("section", { class: "panel", "aria-labelledby": "swiss-rounds-title" }, h("h2", { id: "swiss-rounds-title" }, t("swiss.rounds_title")), roundsEl)));
  head.replaceChildren(h("p", {}, rulesName(info.rules), " · ", timeLabel(info.time),
    info.rated ? ` · ${t("table.rated")}` : ""));

  const myTeam = () => sw.teams.find((x) => x.players.includes(me));
  const tick = () => {
    const now = Date.now();
    const round = sw.round ? t("swiss.round_of", { n: sw.round, total: sw.rounds }) : t("swiss.rounds", { n: sw.rounds });
    const when = sw.status === "created" ? t("arena.starts_in", { time: span(sw.starts_ms - now) })
      : sw.status === "running" && sw.next_round_ms ? t("swiss.next_round", { time: span(sw.next_round_ms - now) })
        : t(`arena.status_${sw.status}`);
    whenEl.textContent = `${round} · ${when}`;
  };
  function send(type, extra = {}) { note.textContent = ""; ctx.send({ type, tournament: id, ...extra }); }
  function draw() {
    tick();
    const mine = myTeam();
    const open = sw.status === "created";
    const invitedBy = sw.invitations.filter((i) => i.to === me);
    const myInvite = sw.invitations.find((i) => i.from === me);
    const parts = [];
    if (!ctx.session.registered && open) parts.push(h("p", { class: "muted" }, t("swiss.accounts")));
    else if (mine) {
      const partner = mine.players.find((p) => p !== me);
      parts.push(h("p", { "data-testid": "swiss-partner" }, t("swiss.partner", { name: partner })));
      if (sw.status === "created" || sw.status === "running") {
        parts.push(h("button", { "data-testid": "swiss-leave", onclick: () => send("swiss_leave") }, t("swiss.leave")));
      }
    } else if (open) {
      if (myInvite) {
        parts.push(h("p", { "data-testid": "swiss-invited" }, t("swiss.invited", { name: myInvite.to })),
          h("button", { "data-testid": "swiss-take-back", onclick: () => send("swiss_leave") }, t("swiss.take_back")));
      }
      for (const i of invitedBy) {
        parts.push(h("p", { class: "row" }, t("swiss.invites_you", { name: i.from }), " ",
          h("button", { class: "primary", "data-invite": i.from, onclick: () => send("swiss_accept", { partner: i.from }) }, t("swiss.accept"))));
      }
      const input = h("input", { "data-testid": "swiss-partner-name", "aria-label": t("swiss.partner_name"), placeholder: t("swiss.partner_name"), maxlength: 40 });
      parts.push(h("form", { class: "row", onsubmit: (e) => {
        e.preventDefault();
        if (input.value.trim()) send("swiss_invite", { partner: input.value.trim() });
      } }, input, h("button", { class: "primary", type: "submit", "data-testid": "swiss-invite" }, t("swiss.invite"))));
    }
    // Your game now: a board of the current round with your name and no result yet.
    const board = (sw.played.find((r) => r.round === sw.round)?.boards || [])
      .find((b) => b.game && !b.result && [...b.first, ...(b.second || [])].includes(me));
    if (board) parts.push(h("a", { class: "button primary", href: `#game/${board.game}`, "data-testid": "swiss-your-game" }, t("arena.your_game")));
    actions.replaceChildren(...parts);
    rows.replaceChildren(...sw.teams.map((x) => h("tr", { "data-team": team(x.players), class: x.players.includes(me) ? "me" : "" },
      h("td", {}, num(x.rank)),
      h("td", {}, team(x.players), x.withdrawn ? h("span", { class: "muted" }, ` (${t("swiss.withdrawn")})`) : ""),
      h("td", { "data-points": team(x.players) }, num(x.points)),
      h("td", {}, num(x.buchholz_cut1)),
      h("td", {}, num(x.sonneborn_berger)))));
    if (!sw.played.length) { roundsEl.replaceChildren(h("p", { class: "muted" }, t("swiss.no_rounds"))); return; }
    roundsEl.replaceChildren(...[...sw.played].reverse().map((r) => h("section", { class: "swiss-round", "data-round": r.round },
      h("h3", {}, t("swiss.round", { n: r.round })),
      h("ul", { class: "boards" }, ...r.boards.map((b) => h("li", { "data-board": team(b.first) },
        b.second
          ? [team(b.first), " — ", team(b.second), " ",
            h("b", { "data-result": "" }, b.result ? SCORES[b.result] : "…"),
            b.forfeit ? h("span", { class: "muted" }, ` (${t("swiss.forfeit")})`) : "",
            b.game ? [" ", h("a", { href: `#game/${b.game}` }, t(b.result ? "swiss.game" : "swiss.watch"))] : ""]
          : [team(b.first), " ", h("span", { class: "muted" }, `(${t("swiss.bye")})`)]))))));
  }
  const off = ctx.on((m) => {
    if (m.type === "swiss" && m.swiss.tournament === id) { sw = m.swiss; draw(); }
    if (m.type === "swiss_entry" && m.tournament === id) note.textContent = m.team ? t("swiss.paired") : "";
    if (m.type === "error" && ERRORS.includes(m.code)) note.textContent = t(`swiss.error_${m.code}`);
  });
  ctx.send({ type: "arena_follow", tournament: id });
  const timer = setInterval(tick, 1000);
  draw();
  return () => { off(); clearInterval(timer); ctx.send({ type: "arena_unfollow", tournament: id }); };
}
