// The browser client: lobby and Play panel, games (playing, hot-seat, watching), replays and
// imports, the analysis board and game reviews, profiles, the archive, leaderboards and the rule
// pages — in five languages.

import { api, connect, ensureSession, follow, on, send, session, tokens, unfollow } from "./net.js";
import { initI18n, LANGS, currentLang, switchLang, t } from "./i18n.js";
import { prefs, THEMES } from "./prefs.js";
import { PIECE_SETS } from "./pieces.js";
import { h } from "./dom.js";
import { icon } from "./icons.js";
import { lobbyView } from "./lobby.js";
import { gameView } from "./game.js";
import { libraryView, replayView } from "./replay.js";
import { archiveView, leaderboardView, profileView } from "./records.js";
import { adminView } from "./admin.js";
import { rulesView, RULE_PAGES } from "./rules.js";
import { arenaView, tournamentsView } from "./tournaments.js";
import { swissView } from "./swiss.js";
import { analysisView } from "./analysis.js";

const view = document.getElementById("view");
let cleanup = null;
/** The route shown now, and whether leaving it would leave a running game of ours. */
let shown = location.hash;
const ctx = { guard: null };

/** Says `text` to screen readers: each announcement is a line added to the page's polite live
 *  region (read as an addition, so a burst of moves — bots answer at once — reads every move in
 *  order instead of only the last); the region keeps the last eight lines. */
export function announce(text) {
  const el = document.getElementById("announce");
  const line = document.createElement("div");
  line.textContent = text;
  el.append(line);
  while (el.childElementCount > 8) el.firstElementChild.remove();
}

async function route() {
  closeMenu();
  if (location.hash === shown && cleanup) return;
  // Leaving a running game of ours asks first; staying puts the address back.
  if (ctx.guard && ctx.guard() && !confirm(t("game.leave_confirm"))) {
    history.replaceState(null, "", shown || "#lobby");
    return;
  }
  shown = location.hash;
  if (cleanup) { cleanup(); cleanup = null; }
  view.replaceChildren();
  const [name, ...rest] = (location.hash.slice(1) || "lobby").split("/");
  Object.assign(ctx, { view, api, send, on, follow, unfollow, tokens, session, announce, guard: null, go: (hash) => { location.hash = hash; } });
  document.title = `fourhand — ${t("app.tagline")}`;
  markCurrent(name);
  if (name === "game") cleanup = gameView(ctx, rest[0]);
  else if (name === "replay") cleanup = await replayView(ctx, rest[0], rest[1]);
  else if (name === "library") cleanup = await libraryView(ctx);
  else if (name === "player") cleanup = await profileView(ctx, decodeURIComponent(rest[0] || ""));
  else if (name === "archive") cleanup = await archiveView(ctx, rest[0]);
  else if (name === "leaderboard") cleanup = await leaderboardView(ctx, rest[0]);
  else if (name === "admin") cleanup = await adminView(ctx);
  else if (name === "rules") cleanup = await rulesView(ctx, rest[0]);
  else if (name === "tournaments") cleanup = await tournamentsView(ctx);
  else if (name === "arena") cleanup = await arenaView(ctx, rest[0]);
  else if (name === "swiss") cleanup = await swissView(ctx, rest[0]);
  else if (name === "analysis") cleanup = await analysisView(ctx, rest[0], rest[1], rest[2]);
  else if (["play", "tables", "watch"].includes(name)) cleanup = lobbyView(ctx, name);
  else cleanup = lobbyView(ctx, rest[0] === "play" ? "play" : null);
}

/** The header's link of the page shown is marked as the current page. */
function markCurrent(name) {
  for (const a of document.querySelectorAll("#nav a[data-page]")) {
    if (a.dataset.page === name) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  }
}

function closeMenu() {
  document.body.classList.remove("menu-open");
  document.getElementById("menu").setAttribute("aria-expanded", "false");
  document.querySelectorAll("details.rules-menu").forEach((d) => { d.open = false; });
}

function header() {
  const nav = document.getElementById("nav");
  nav.setAttribute("aria-label", t("nav.label"));
  // The players' pages, then the rules in one menu.
  const page = (name) => h("a", { href: `#${name}`, "data-page": name }, t(`nav.${name}`));
  nav.replaceChildren(
    ...["play", "tables", "watch", "tournaments", "analysis", "library", "archive", "leaderboard"].map(page),
    h("details", { class: "rules-menu", "data-testid": "rules-menu" }, h("summary", {}, t("nav.rules")),
      h("ul", {}, ...RULE_PAGES.map((r) => h("li", {}, h("a", { href: `#rules/${r}` }, t(`rules.${r}`)))))));
  const menu = document.getElementById("menu");
  menu.textContent = t("nav.menu");
  menu.onclick = () => {
    const open = !document.body.classList.contains("menu-open");
    document.body.classList.toggle("menu-open", open);
    menu.setAttribute("aria-expanded", String(open));
  };
  const lang = h("select", { "data-testid": "lang", "aria-label": t("settings.language"), onchange: () => switchLang(lang.value) },
    LANGS.map(([code, label]) => h("option", { value: code, lang: code, selected: code === currentLang() }, label)));
  // Sound and settings as icons, named for screen readers and in a tooltip.
  const soundWords = () => (prefs.get("muted") ? t("settings.sound_off") : t("settings.sound_on"));
  const mute = h("button", { class: "icon-button", "data-testid": "sound", "aria-pressed": String(prefs.get("muted")), "aria-label": soundWords(), title: soundWords(), onclick: () => {
    prefs.set("muted", !prefs.get("muted"));
    mute.setAttribute("aria-pressed", String(prefs.get("muted")));
    mute.setAttribute("aria-label", soundWords());
    mute.title = soundWords();
    mute.replaceChildren(icon(prefs.get("muted") ? "muted" : "sound"));
  } }, icon(prefs.get("muted") ? "muted" : "sound"));
  const settings = h("button", { class: "icon-button", "data-testid": "settings", "aria-label": t("settings.title"), title: t("settings.title"), onclick: settingsDialog }, icon("settings"));
  const me = document.getElementById("me");
  if (session.registered) {
    me.append(h("a", { href: `#player/${encodeURIComponent(session.name)}` }, session.name));
  } else me.textContent = session.name;
  const net = document.getElementById("net");
  if (!net.classList.contains("online")) net.textContent = t("net.offline");
  document.getElementById("tools").replaceChildren(lang, mute, settings, me, net);
}

function settingsDialog() {
  const choice = (key, options) => h("select", { "data-testid": `pref-${key}`, "aria-label": t(`settings.${key}`), onchange: (e) => prefs.set(key, e.target.value) },
    Object.entries(options).map(([v, label]) => h("option", { value: v, selected: prefs.get(key) === v }, t(typeof label === "string" ? label : label.label))));
  const coords = h("input", { type: "checkbox", "data-testid": "pref-coords", checked: prefs.get("coords"), onchange: (e) => prefs.set("coords", e.target.checked) });
  const dlg = h("div", { class: "dialog", "data-testid": "settings-dialog" }, h("div", { role: "dialog", "aria-modal": "true", "aria-label": t("settings.title") },
    h("h2", {}, t("settings.title")),
    h("label", { class: "field" }, t("settings.theme"), " ", choice("theme", THEMES)),
    h("label", { class: "field" }, t("settings.pieces"), " ", choice("pieces", PIECE_SETS)),
    h("label", { class: "field" }, coords, " ", t("settings.coords")),
    h("div", { class: "row" }, h("button", { onclick: () => dlg.remove(), "data-testid": "settings-close" }, t("common.close")))));
  dlg.addEventListener("keydown", (e) => { if (e.key === "Escape") dlg.remove(); });
  document.body.append(dlg);
  dlg.querySelector("select").focus();
}

async function main() {
  await initI18n();
  await ensureSession();
  header();
  connect();
  // A game starting at a table where this browser holds seats opens it.
  on((m) => {
    if (m.type === "seated") tokens.add(m.table, m.seat, m.seat_token);
    // An arena's game: its game-over dialog offers the way back to the arena.
    if (m.type === "paired") localStorage.setItem(`fh.arena.${m.game}`, m.tournament);
    if (m.type === "game_started" && Object.keys(tokens.of(m.table)).length) {
      tokens.move(m.table, m.game);
      location.hash = `game/${m.game}`;
    }
  });
  window.addEventListener("hashchange", route);
  // Closing the page during a running game of ours asks too.
  window.addEventListener("beforeunload", (e) => { if (ctx.guard && ctx.guard()) e.preventDefault(); });
  route();
}

main();
