// The moderators' page (#admin): open reports with the chat they kept, and the actions —
// close a report, mute or ban a player, close a table, abort a game — each with its reason,
// and the log of what moderators did. The server refuses all of it to anyone who is not one.

import { h } from "./lobby.js";

export async function adminView(ctx) {
  const auth = { "content-type": "application/json", authorization: `Bearer ${ctx.session.token}` };
  const call = (method, path, body) => ctx.api(path, { method, headers: auth, body: body ? JSON.stringify(body) : undefined });
  const status = h("p", { "data-testid": "admin-status", role: "status" });
  const reportsEl = h("div", { "data-testid": "admin-reports" });
  const logEl = h("tbody");
  const field = (placeholder, testid, extra = {}) => h("input", { placeholder, "data-testid": testid, ...extra });
  const done = (what) => (r) => { status.textContent = `${what}: done`; refresh(); return r; };
  const failed = (e) => { status.textContent = e.message; };

  async function refresh() {
    try {
      const reports = await call("GET", "/api/admin/reports");
      reportsEl.replaceChildren(...(reports.length ? reports.map((r) => {
        const why = field("reason for closing", "close-reason");
        return h("div", { class: "report", "data-report": r.id },
          h("p", {}, h("b", {}, r.reporter_name), ` reported game `, h("a", { href: `#game/${r.game}` }, r.game.slice(0, 8)), `: ${r.reason}`),
          h("ul", {}, ...r.chat.map((l) => h("li", {}, l))),
          why, h("button", { onclick: () => call("POST", `/api/admin/reports/${r.id}/close`, { reason: why.value }).then(done("report closed"), failed) }, "Close report"));
      }) : [h("p", {}, "No open reports.")]));
      const log = await call("GET", "/api/admin/log");
      logEl.replaceChildren(...log.map((a) => h("tr", {},
        h("td", {}, new Date(a.at_ms).toISOString().slice(0, 16).replace("T", " ")), h("td", {}, a.admin),
        h("td", {}, a.action), h("td", {}, a.target), h("td", {}, a.reason),
        h("td", {}, a.until_ms ? new Date(a.until_ms).toISOString().slice(0, 16).replace("T", " ") : (a.action === "mute" || a.action === "ban" ? "for good" : "")))));
    } catch (e) { failed(e); }
  }

  const who = field("player name", "mod-name");
  const minutes = field("minutes (empty: for good)", "mod-minutes", { type: "number", min: 1 });
  const reason = field("reason", "mod-reason");
  const target = field("table or game id", "mod-target");
  const sanction = (action) => call("POST", `/api/admin/${action}`, {
    name: who.value, reason: reason.value, minutes: minutes.value ? Number(minutes.value) : undefined,
  }).then(done(action), failed);
  ctx.view.append(h("section", { class: "admin" },
    h("h2", {}, "Moderation"), status,
    h("h3", {}, "Open reports"), reportsEl,
    h("h3", {}, "Act"),
    h("p", {}, who, " ", minutes, " ", reason, " ",
      h("button", { "data-testid": "mute", onclick: () => sanction("mute") }, "Mute chat"), " ",
      h("button", { "data-testid": "ban", onclick: () => sanction("ban") }, "Ban from playing")),
    h("p", {}, target, " ",
      h("button", { "data-testid": "close-table", onclick: () => call("POST", `/api/admin/tables/${target.value}/close`, { reason: reason.value }).then(done("table closed"), failed) }, "Close table"), " ",
      h("button", { "data-testid": "abort-game", onclick: () => call("POST", `/api/admin/games/${target.value}/abort`, { reason: reason.value }).then(done("game aborted"), failed) }, "Abort game")),
    h("h3", {}, "What moderators did"),
    h("table", { class: "list" }, h("thead", {}, h("tr", {}, ...["when", "moderator", "action", "target", "reason", "until"].map((t) => h("th", {}, t)))), logEl)));
  await refresh();
  return () => {};
}
