// The lobby: the Play panel (one click to a game against bots, or quick pairing against people:
// how many wait and for how long, and after a while the offer of an unrated game against bots),
// open tables with their seats' colours, players' ratings and bots, live games (your own with
// "Return to your game"), an account, PGN4 import. The header's Play, Tables and Watch show its
// parts one at a time; the home page shows them all.

import { h } from "./dom.js";
import { t, num } from "./i18n.js";
import { colourOf, colourName } from "./board.js";
import { baseRules, centre, rulesName } from "./rulesets.js";

export const RULES = ["teams", "teams Teammate=1", "teams Teammate=3", "teams KotH", "teams 3-check", "teams CaptureTheKing", "teams BothMate", "teams Chess960=random", "ffa", "ffa KotH", "ffa 3-check", "ffa CaptureTheKing", "ffa Play4Mate", "ffa FirstMate", "ffa Chess960=random", "chaturaji", "conquest", "conquest Players=3", "verney1881", "club1893"];
const SETUPS = ["4PC", "4PCo", "4PCb", "4PCn", "4PCrg"];
export const LEVELS = ["random", "greedy", "engine1", "engine2", "engine3"];
/** The bot level offered first, in the Play panel and at a table alike. */
export const DEFAULT_LEVEL = "engine1";
const SEAT_LETTERS = ["S", "W", "N", "E"];
/** Colours of S, W, N, E under each rule set. */
export const COLOURS = {
  teams: ["Red", "Blue", "Yellow", "Green"], ffa: ["Red", "Blue", "Yellow", "Green"],
  verney1881: ["Yellow", "Red", "White", "Black"], club1893: ["White", "Black", "Yellow", "Red"],
  chaturaji: ["Red", "Blue", "Yellow", "Green"], conquest: ["Red", "Blue", "Yellow", "Green"],
};
/** Time controls offered by the Play panel: [minutes, seconds, delay?]. */
const TIMES = [[1, 15, true], [3, 10, true], [5, 15, true], [2, 5, false], [10, 0, false]];

/** A time control in words: "1 min + 15 s delay". */
export function timeLabel(time) {
  const m = time.base_ms / 60000, s = (time.delay_ms || time.increment_ms) / 1000;
  if (time.delay_ms) return t("time.delay", { m, s });
  if (time.increment_ms) return t("time.increment", { m, s });
  return t("time.plain", { m });
}

/** A rating as shown beside a name: " (1532)". */
export const ratingText = (r) => (r === undefined || r === null ? "" : ` (${num(r)})`);

/** A seat's name as shown: a bot's level in words, a person's name. */
export function seatLabel(seat) {
  if (!seat || !seat.name) return "—";
  if (seat.bot) return t("bot.named", { level: seat.level ? t(`level.${seat.level}`) : seat.name });
  return seat.name;
}

const timeOfPreset = ([m, s, delay]) => ({ base_ms: m * 60000, increment_ms: delay ? 0 : s * 1000, delay_ms: delay ? s * 1000 : 0 });

/** The lobby; `section` ("play", "tables", "watch") shows that part alone, none shows all. */
export function lobbyView(ctx, section) {
  const focus = section;
  const tables = new Map();
  const tablesEl = h("div", { class: "tables", "data-testid": "tables" });
  const gamesEl = h("tbody");
  const status = h("span", { class: "muted", "data-testid": "pair-status", role: "status" });

  // ---- The Play panel -------------------------------------------------------------------
  const savedPlay = JSON.parse(localStorage.getItem("fh.play") || "{}");
  const play = {
    rules: h("select", { id: "play-rules", "data-testid": "play-rules" }, RULES.map((v) => h("option", { value: v, selected: savedPlay.rules === v }, rulesName(v)))),
    time: h("select", { id: "play-time", "data-testid": "play-time" }, TIMES.map((p, i) => h("option", { value: i, selected: savedPlay.time === i }, timeLabel(timeOfPreset(p))))),
    level: h("select", { id: "play-level", "data-testid": "play-level" }, LEVELS.map((l) => h("option", { value: l, selected: (savedPlay.level || DEFAULT_LEVEL) === l }, t(`level.${l}`)))),
    seat: h("select", { id: "play-seat", "data-testid": "play-seat" }),
    rated: h("input", { type: "checkbox", id: "play-rated", "data-testid": "play-rated" }),
  };
  const fillSeats = () => {
    const colours = COLOURS[baseRules(play.rules.value)];
    const keep = play.seat.value || savedPlay.seat || "S";
    play.seat.replaceChildren(...SEAT_LETTERS.map((s, i) => h("option", { value: s, selected: s === keep }, colourName(colours[i]))));
  };
  play.rules.addEventListener("change", fillSeats);
  fillSeats();
  let mode = savedPlay.mode || "bots";
  const modeBtn = (m) => h("button", { class: `tab${mode === m ? " on" : ""}`, role: "tab", "aria-selected": String(mode === m), "data-mode": m, onclick: () => { mode = m; renderPlay(); } }, t(`play.${m}`));
  const playBody = h("div", { class: "play-body" });
  const remember = () => localStorage.setItem("fh.play", JSON.stringify({ rules: play.rules.value, time: Number(play.time.value), level: play.level.value, seat: play.seat.value, mode }));
  const start = () => {
    remember();
    const time = timeOfPreset(TIMES[Number(play.time.value)]);
    if (mode === "bots") {
      const me = play.seat.value;
      const bots = Object.fromEntries(SEAT_LETTERS.filter((s) => s !== me).map((s) => [s, play.level.value]));
      ctx.send({ type: "create_table", rules: play.rules.value, time, sit: [me], bots });
      status.textContent = t("play.starting");
    } else {
      ctx.send({ type: "quick_pair", rules: play.rules.value, time, rated: play.rated.checked });
    }
  };
  // Quick pairing: who waits and how long (counted here from the server's figure), and the offer
  // of bots once the server makes it.
  let waiting = null; // the last `queued`, with the instant it came
  const waitEl = h("div", { class: "waiting", "data-testid": "waiting", role: "status" });
  const drawWaiting = () => {
    if (!waiting) { waitEl.replaceChildren(); return; }
    const secs = Math.floor((waiting.waited_ms + Date.now() - waiting.at) / 1000);
    const since = `${num(Math.floor(secs / 60))}:${String(secs % 60).padStart(2, "0")}`;
    waitEl.replaceChildren(
      h("p", {}, t(waiting.rated ? "play.waiting_rated" : "play.waiting", { n: waiting.waiting, rules: rulesName(waiting.rules) }), " ",
        h("span", { class: "muted", "data-testid": "waited" }, h("bdi", { dir: "ltr" }, since))),
      waiting.bots_offered ? h("p", { class: "offer" }, t("play.offer_bots"), " ",
        h("button", { class: "primary", "data-testid": "fill-bots", onclick: () => { ctx.send({ type: "fill_with_bots" }); waiting = null; drawWaiting(); status.textContent = t("play.starting"); } },
          t("play.fill_bots"))) : "");
  };
  const waitTimer = setInterval(drawWaiting, 1000);
  function renderPlay() {
    const field = (label, input) => h("label", { class: "field", for: input.id }, label, input);
    playBody.replaceChildren(
      h("div", { class: "tabs", role: "tablist" }, modeBtn("bots"), modeBtn("people")),
      h("div", { class: "row" }, field(t("play.rules"), play.rules), field(t("play.time"), play.time),
        ...(mode === "bots" ? [field(t("play.level"), play.level), field(t("play.seat"), play.seat)]
          : [h("label", { class: "field" }, play.rated, " ", t("play.rated"))])),
      h("div", { class: "row" },
        h("button", { class: "primary", "data-testid": "play-start", onclick: start }, mode === "bots" ? t("play.start_bots") : t("play.start_people")),
        mode === "people" ? h("button", { "data-testid": "pair-cancel", onclick: () => { ctx.send({ type: "cancel_pair" }); status.textContent = ""; waiting = null; drawWaiting(); } }, t("common.cancel")) : "",
        status),
      mode === "people" ? waitEl : "");
  }
  renderPlay();

  // ---- A custom table --------------------------------------------------------------------
  const form = {
    rules: h("select", { "data-testid": "rules", "aria-label": t("play.rules") }, RULES.map((v) => h("option", { value: v }, rulesName(v)))),
    setup: h("select", { "data-testid": "setup", "aria-label": t("table.setup") }, h("option", { value: "" }, t("table.default_setup")), SETUPS.map((s) => h("option", { value: s }, s))),
    base: h("input", { type: "number", value: 1, min: 1, max: 180, class: "narrow", "aria-label": t("table.minutes") }),
    mode: h("select", { "aria-label": t("table.extra_kind") }, h("option", { value: "delay" }, t("table.delay")), h("option", { value: "inc" }, t("table.increment"))),
    extra: h("input", { type: "number", value: 15, min: 0, max: 600, class: "narrow", "aria-label": t("table.seconds") }),
    rated: h("input", { type: "checkbox", "data-testid": "rated" }),
    ratedBots: h("input", { type: "checkbox", "data-testid": "rated-bots" }),
    chat: h("input", { type: "checkbox", checked: true }),
  };
  const timeOf = () => ({
    base_ms: Number(form.base.value) * 60000,
    increment_ms: form.mode.value === "inc" ? Number(form.extra.value) * 1000 : 0,
    delay_ms: form.mode.value === "delay" ? Number(form.extra.value) * 1000 : 0,
  });
  // Chaturaji and Chess960 start from a position of their own: no setup to choose.
  const ownStart = () => centre(form.rules.value) || /\bChess960=/.test(form.rules.value);
  form.rules.addEventListener("change", () => { form.setup.disabled = ownStart(); });
  const create = () => ctx.send({
    type: "create_table", rules: form.rules.value, setup: (!ownStart() && form.setup.value) || undefined,
    time: timeOf(), rated: form.rated.checked, rated_bots: form.rated.checked && form.ratedBots.checked,
    table_chat: form.chat.checked,
  });

  // ---- Open tables ----------------------------------------------------------------------
  const botLevel = new Map(); // table id -> level chosen for its Bot buttons
  function renderTables() {
    const list = [...tables.values()];
    tablesEl.replaceChildren(...(list.length ? list.map((tb) => {
      const colours = COLOURS[baseRules(tb.rules)] || COLOURS.teams;
      const mine = ctx.tokens.of(tb.id);
      const seated = Object.keys(mine).length > 0;
      const level = h("select", { "data-bot-level": tb.id, "aria-label": t("play.level"), onchange: (e) => botLevel.set(tb.id, e.target.value) },
        LEVELS.map((l) => h("option", { value: l, selected: (botLevel.get(tb.id) || DEFAULT_LEVEL) === l }, t(`level.${l}`))));
      return h("div", { class: "table-card", "data-table": tb.id },
        h("div", { class: "table-head" },
          h("b", {}, rulesName(tb.rules)), ` · ${tb.setup} · ${timeLabel(tb.time)}`,
          tb.rated ? ` · ${t("table.rated")}${tb.rated_bots ? ` (${t("table.bots_allowed")})` : ""}` : "",
          tb.rematch_of ? h("span", { class: "badge" }, t("table.rematch")) : "",
          seated ? h("span", { class: "bot-level" }, t("table.bot_level"), " ", level) : ""),
        h("div", { class: "seats" }, ...tb.seats.map((s, i) => h("div", { class: "seat", "data-seat-cell": s.seat },
          h("span", { class: "chip", style: `background:${colourOf(colours[i])}` }),
          h("span", { class: "seat-name" }, colourName(colours[i])),
          s.name ? h("span", { class: "who" }, seatLabel(s), ratingText(s.rating),
            mine[s.seat] ? h("button", { "data-stand": s.seat, onclick: () => { ctx.send({ type: "stand", table: tb.id, seat: s.seat }); ctx.tokens.remove(tb.id, s.seat); } }, t("table.leave")) : "")
            : h("span", { class: "who" },
              s.reserved ? h("span", { class: "muted" }, t("table.kept_for", { name: s.reserved }), " ") : "",
              h("button", { "data-sit": s.seat, onclick: () => ctx.send({ type: "sit", table: tb.id, seat: s.seat }) }, t("table.sit")), " ",
              seated ? h("button", { "data-bot": s.seat, onclick: () => ctx.send({ type: "add_bot", table: tb.id, seat: s.seat, level: botLevel.get(tb.id) || DEFAULT_LEVEL }) }, t("table.bot")) : "")))));
    }) : [h("p", { class: "muted" }, t("table.none"))]));
  }

  // ---- Live games -----------------------------------------------------------------------
  const live = new Map();
  function renderGames() {
    // Our own games first, each with "Return to your game".
    const ours = (g) => Object.keys(ctx.tokens.of(g.id)).length > 0;
    const list = [...live.values()].sort((a, b) => ours(b) - ours(a));
    gamesEl.replaceChildren(...(list.length ? list.map((g) => h("tr", { "data-live": g.id },
      h("td", {}, rulesName(g.rules)), h("td", {}, g.players.join(", ")),
      h("td", {}, ours(g)
        ? h("button", { class: "primary", "data-return": g.id, onclick: () => ctx.go(`game/${g.id}`) }, t("live.return"))
        : h("button", { "data-watch": g.id, onclick: () => ctx.go(`game/${g.id}`) }, t("live.watch"))))) : [h("tr", {}, h("td", { class: "muted" }, t("live.none")))]));
  }
  async function refreshGames() {
    try {
      const games = await ctx.api("/api/games");
      live.clear();
      for (const g of games) if (!ended.has(g.id)) live.set(g.id, g);
      renderGames();
    } catch { /* the next refresh */ }
  }
  const ended = new Set();

  const off = ctx.on((m) => {
    if (m.type === "tables") { tables.clear(); m.tables.forEach((x) => tables.set(x.id, x)); renderTables(); }
    if (m.type === "table") { tables.set(m.table.id, m.table); renderTables(); }
    if (m.type === "table_closed") { tables.delete(m.id); renderTables(); }
    if (m.type === "game_started") refreshGames();
    if (m.type === "game_ended") { ended.add(m.game); live.delete(m.game); renderGames(); }
    if (m.type === "seated") renderTables();
    if (m.type === "queued") { waiting = { ...m, at: Date.now() }; status.textContent = ""; drawWaiting(); }
    if (m.type === "seated" || m.type === "game_started") { waiting = null; drawWaiting(); }
    if (m.type === "error") status.textContent = m.message;
  });
  ctx.send({ type: "lobby_subscribe" });
  refreshGames();
  const timer = setInterval(refreshGames, 10000);

  // ---- Import and account ------------------------------------------------------------------
  const pgn = h("textarea", { rows: 5, placeholder: t("import.placeholder"), "aria-label": t("import.title"), "data-testid": "import-text" });
  const importMsg = h("span", { class: "muted", role: "status" });
  const doImport = async () => {
    try {
      const r = await ctx.api("/api/import", { method: "POST", body: pgn.value });
      ctx.go(`replay/game/${r.id}`);
    } catch (e) { importMsg.textContent = e.message; }
  };
  const user = h("input", { placeholder: t("account.name"), "aria-label": t("account.name"), "data-testid": "login-name", autocomplete: "username" });
  const pass = h("input", { placeholder: t("account.password"), "aria-label": t("account.password"), type: "password", "data-testid": "login-password", autocomplete: "current-password" });
  const registered = ctx.session.registered;
  const loginMsg = h("span", { class: "muted", "data-testid": "login-status", role: "status" },
    registered ? t("account.logged_in", { name: ctx.session.name }) : t("account.guest", { name: ctx.session.name ?? "" }));
  const account = (path) => async () => {
    try {
      const r = await ctx.api(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: user.value, password: pass.value }) });
      ctx.session.keep(r.session, r.name, true);
      location.reload();
    } catch (e) { loginMsg.textContent = e.message; }
  };

  const playPanel = h("section", { class: "panel play", "data-testid": "play-panel", "aria-labelledby": "play-title" }, h("h2", { id: "play-title" }, t("play.title")), playBody);
  const parts = {
    play: [playPanel,
      h("section", { class: "panel", "aria-labelledby": "account-title" }, h("h2", { id: "account-title" }, t("account.title")),
        h("div", { class: "row" }, loginMsg),
        registered ? "" : h("div", { class: "row" }, user, pass,
          h("button", { "data-testid": "login", onclick: account("/api/login") }, t("account.login")),
          h("button", { "data-testid": "register", onclick: account("/api/register") }, t("account.register"))))],
    tables: [h("section", { class: "panel", "aria-labelledby": "tables-title" }, h("h2", { id: "tables-title" }, t("table.open")), tablesEl),
      h("section", { class: "panel", "aria-labelledby": "new-title" }, h("h2", { id: "new-title" }, t("table.new")),
        h("div", { class: "row" }, form.rules, form.setup, form.base, t("table.min_plus"), form.extra, form.mode),
        h("div", { class: "row" }, h("label", {}, form.rated, " ", t("table.rated")), h("label", {}, form.ratedBots, " ", t("table.bots_allowed")), h("label", {}, form.chat, " ", t("table.chat")),
          h("button", { "data-testid": "create", onclick: create }, t("table.create"))))],
    watch: [h("section", { class: "panel", "aria-labelledby": "live-title" }, h("h2", { id: "live-title" }, t("live.title")), h("table", { class: "list" }, h("caption", { class: "sr-only" }, t("live.title")), gamesEl))],
    import: [h("section", { class: "panel", "aria-labelledby": "import-title" }, h("h2", { id: "import-title" }, t("import.title")), pgn,
      h("div", { class: "row" }, h("button", { onclick: doImport, "data-testid": "import" }, t("import.go")), importMsg))],
  };
  const shown = section ? parts[section] : [parts.play[0], parts.watch[0], parts.tables[0], parts.tables[1], parts.play[1], parts.import[0]];
  ctx.view.append(h("div", { class: "lobby" }, ...shown));
  if (focus === "play") playPanel.querySelector("[data-testid=play-start]").focus();
  renderTables();
  renderGames();
  return () => { off(); clearInterval(timer); clearInterval(waitTimer); ctx.send({ type: "lobby_unsubscribe" }); };
}
