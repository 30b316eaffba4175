// The moderators' page (#admin): open reports with the chat they kept, and the actions —
// close a report, mute a player, ban him from play or from rated play, close a table, abort a
// game — each with its reason,
// and the log of what moderators did. The server refuses all of it to anyone who is not one.

import { h } from "./dom.js";
import { t as tr } from "./i18n.js";

export async function adminView(ctx) {
  const auth = { "content-type": "application/json", authorization: `Bearer ${ctx.session.token}` };
  const call = (method, path, body) => ctx.api(path, { method, headers: auth, body: body ? JSON.stringify(body) : undefined });
  const status = h("p", { "data-testid": "admin-status", role: "status" });
  const reportsEl = h("div", { "data-testid": "admin-reports" });
  const logEl = h("tbody");
  const field = (placeholder, testid, extra = {}) => h("input", { placeholder, "data-testid": testid, ...extra });
  const done = (what) => (r) => { status.textContent = tr("admin.done", { what }); refresh(); return r; };
  const failed = (e) => { status.textContent = e.message; };

  async function refresh() {
    try {
      const reports = await call("GET", "/api/admin/reports");
      reportsEl.replaceChildren(...(reports.length ? reports.map((r) => {
        const why = field(tr("admin.close_reason"), "close-reason");
        return h("div", { class: "report", "data-report": r.id },
          h("p", {}, h("b", {}, r.reporter_name), ` ${tr("admin.reported")} `, h("a", { href: `#game/${r.game}` }, r.game.slice(0, 8)), `: ${r.reason}`),
          h("ul", {}, ...r.chat.map((l) => h("li", {}, l))),
          why, h("button", { onclick: () => call("POST", `/api/admin/reports/${r.id}/close`, { reason: why.value }).then(done(tr("admin.report_closed")), failed) }, tr("admin.close_report")));
      }) : [h("p", {}, tr("admin.no_reports"))]));
      const log = await call("GET", "/api/admin/log");
      logEl.replaceChildren(...log.map((a) => h("tr", {},
        h("td", {}, new Date(a.at_ms).toISOString().slice(0, 16).replace("T", " ")), h("td", {}, a.admin),
        h("td", {}, a.action), h("td", {}, a.target), h("td", {}, a.reason),
        h("td", {}, a.until_ms ? new Date(a.until_ms).toISOString().slice(0, 16).replace("T", " ") : (["mute", "ban", "ban_rated"].includes(a.action) ? tr("admin.for_good") : "")))));
    } catch (e) { failed(e); }
  }

  const who = field(tr("admin.player"), "mod-name");
  const minutes = field(tr("admin.minutes"), "mod-minutes", { type: "number", min: 1 });
  const reason = field(tr("admin.reason"), "mod-reason");
  const target = field(tr("admin.target"), "mod-target");
  const sanction = (action) => call("POST", `/api/admin/${action}`, {
    name: who.value, reason: reason.value, minutes: minutes.value ? Number(minutes.value) : undefined,
  }).then(done(action), failed);
  ctx.view.append(h("section", { class: "admin" },
    h("h2", {}, tr("admin.title")), status,
    h("h3", {}, tr("admin.open_reports")), reportsEl,
    h("h3", {}, tr("admin.act")),
    h("p", {}, who, " ", minutes, " ", reason, " ",
      h("button", { "data-testid": "mute", onclick: () => sanction("mute") }, tr("admin.mute")), " ",
      h("button", { "data-testid": "ban", onclick: () => sanction("ban") }, tr("admin.ban")), " ",
      h("button", { "data-testid": "ban-rated", onclick: () => sanction("ban_rated") }, tr("admin.ban_rated"))),
    h("p", {}, target, " ",
      h("button", { "data-testid": "close-table", onclick: () => call("POST", `/api/admin/tables/${target.value}/close`, { reason: reason.value }).then(done(tr("admin.table_closed")), failed) }, tr("admin.close_table")), " ",
      h("button", { "data-testid": "abort-game", onclick: () => call("POST", `/api/admin/games/${target.value}/abort`, { reason: reason.value }).then(done(tr("admin.game_aborted")), failed) }, tr("admin.abort_game"))),
    h("h3", {}, tr("admin.log")),
    h("table", { class: "list" }, h("thead", {}, h("tr", {}, ...["when", "moderator", "action", "target", "reason", "until"].map((k) => h("th", {}, tr(`admin.col_${k}`))))), logEl)));
  await refresh();
  return () => {};
}
