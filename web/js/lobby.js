// The lobby: open tables, seats and bots, quick pairing, live games, PGN4 import.

const RULES = [["teams", "chess.com Teams"], ["ffa", "chess.com Free-For-All"], ["verney1881", "Verney 1881"], ["club1893", "Club 1893"]];
const SETUPS = ["4PC", "4PCo", "4PCb", "4PCn", "4PCrg"];

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  for (const k of kids.flat()) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
export { h };

export function lobbyView(ctx) {
  const tables = new Map();
  const tablesEl = h("tbody");
  const gamesEl = h("tbody");
  const status = h("span", { class: "muted", "data-testid": "pair-status" });

  const timeOf = () => ({
    base_ms: Number(form.base.value) * 60000,
    increment_ms: form.mode.value === "inc" ? Number(form.extra.value) * 1000 : 0,
    delay_ms: form.mode.value === "delay" ? Number(form.extra.value) * 1000 : 0,
  });
  const form = {
    rules: h("select", { "data-testid": "rules" }, RULES.map(([v, t]) => h("option", { value: v }, t))),
    setup: h("select", { "data-testid": "setup" }, h("option", { value: "" }, "default setup"), SETUPS.map((s) => h("option", { value: s }, s))),
    base: h("input", { type: "number", value: 1, min: 1, max: 180, style: "width:4rem" }),
    mode: h("select", {}, h("option", { value: "delay" }, "s delay"), h("option", { value: "inc" }, "s increment")),
    extra: h("input", { type: "number", value: 15, min: 0, max: 600, style: "width:4rem" }),
    rated: h("input", { type: "checkbox", "data-testid": "rated" }),
    ratedBots: h("input", { type: "checkbox", "data-testid": "rated-bots" }),
    ratedPair: h("input", { type: "checkbox", "data-testid": "rated-pair" }),
    chat: h("input", { type: "checkbox", checked: "" }),
  };
  const create = () => ctx.send({
    type: "create_table", rules: form.rules.value, setup: form.setup.value || undefined,
    time: timeOf(), rated: form.rated.checked, rated_bots: form.rated.checked && form.ratedBots.checked,
    table_chat: form.chat.checked,
  });

  function renderTables() {
    tablesEl.replaceChildren(...[...tables.values()].map((t) => h("tr", { "data-table": t.id },
      h("td", {}, `${t.rules} · ${t.setup} · ${Math.round(t.time.base_ms / 60000)}+${(t.time.delay_ms || t.time.increment_ms) / 1000}${t.time.delay_ms ? "D" : ""}${t.rated ? ` · rated${t.rated_bots ? " (bots allowed)" : ""}` : ""}`),
      ...t.seats.map((s) => h("td", {},
        s.name ? h("span", {}, s.name) : h("span", {},
          h("button", { "data-sit": s.seat, onclick: () => ctx.send({ type: "sit", table: t.id, seat: s.seat }) }, `Sit ${s.seat}`), " ",
          h("button", { "data-bot": s.seat, onclick: () => ctx.send({ type: "add_bot", table: t.id, seat: s.seat, level: "greedy" }) }, "Bot")))),
    )));
  }

  async function refreshGames() {
    const games = await ctx.api("/api/games");
    gamesEl.replaceChildren(...games.map((g) => h("tr", { "data-live": g.id },
      h("td", {}, g.rules), h("td", {}, g.players.join(", ")),
      h("td", {}, h("button", { "data-watch": g.id, onclick: () => ctx.go(`game/${g.id}`) }, "Watch")))));
  }

  const off = ctx.on((m) => {
    if (m.type === "tables") { tables.clear(); m.tables.forEach((t) => tables.set(t.id, t)); renderTables(); }
    if (m.type === "table") { tables.set(m.table.id, m.table); renderTables(); }
    if (m.type === "table_closed") { tables.delete(m.id); renderTables(); refreshGames(); }
    if (m.type === "queued") status.textContent = `waiting for a ${m.rules} game (${m.waiting} in the queue)…`;
    if (m.type === "error") status.textContent = m.message;
  });
  ctx.send({ type: "lobby_subscribe" });
  refreshGames();
  const timer = setInterval(refreshGames, 5000);

  const pgn = h("textarea", { rows: 6, cols: 60, placeholder: "Paste a PGN4 (chess.com export or historical game)", "data-testid": "import-text" });
  const importMsg = h("span", { class: "muted" });
  const doImport = async () => {
    try {
      const r = await ctx.api("/api/import", { method: "POST", body: pgn.value });
      ctx.go(`replay/game/${r.id}`);
    } catch (e) { importMsg.textContent = e.message; }
  };

  const user = h("input", { placeholder: "name", "data-testid": "login-name", style: "width:9rem" });
  const pass = h("input", { placeholder: "password", type: "password", "data-testid": "login-password", style: "width:9rem" });
  const loginMsg = h("span", { class: "muted", "data-testid": "login-status" },
    localStorage.getItem("fh.registered") === "true" ? `logged in as ${ctx.session.name}` : `playing as guest ${ctx.session.name ?? ""}`);
  const account = (path) => async () => {
    try {
      const r = await ctx.api(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: user.value, password: pass.value }) });
      localStorage.setItem("fh.session", r.session);
      localStorage.setItem("fh.name", r.name);
      localStorage.setItem("fh.registered", "true");
      location.reload();
    } catch (e) { loginMsg.textContent = e.message; }
  };

  ctx.view.append(
    h("section", { class: "panel" }, h("div", { class: "row" }, loginMsg, user, pass,
      h("button", { "data-testid": "login", onclick: account("/api/login") }, "Log in"),
      h("button", { "data-testid": "register", onclick: account("/api/register") }, "Register"))),
    h("section", { class: "panel" }, h("h2", {}, "Quick pairing"),
      h("div", { class: "row" }, RULES.map(([v, t]) => h("button", { "data-pair": v, onclick: () => ctx.send({ type: "quick_pair", rules: v, rated: form.ratedPair.checked }) }, t)),
        h("label", {}, form.ratedPair, " rated"),
        h("button", { onclick: () => { ctx.send({ type: "cancel_pair" }); status.textContent = ""; } }, "Cancel"), status)),
    h("section", { class: "panel" }, h("h2", {}, "New table"),
      h("div", { class: "row" }, form.rules, form.setup, form.base, "min +", form.extra, form.mode,
        h("label", {}, form.rated, " rated"), h("label", {}, form.ratedBots, " bots allowed"), h("label", {}, form.chat, " table chat"),
        h("button", { "data-testid": "create", onclick: create }, "Create table"))),
    h("section", { class: "panel" }, h("h2", {}, "Open tables"),
      h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", {}, "table"), ...["S", "W", "N", "E"].map((s) => h("th", {}, s)))), tablesEl)),
    h("section", { class: "panel" }, h("h2", {}, "Live games"), h("table", { class: "list" }, gamesEl)),
    h("section", { class: "panel" }, h("h2", {}, "Import a game"), pgn, h("div", { class: "row" }, h("button", { onclick: doImport, "data-testid": "import" }, "Import and replay"), importMsg)),
  );
  return () => { off(); clearInterval(timer); ctx.send({ type: "lobby_unsubscribe" }); };
}
