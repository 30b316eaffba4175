// The browser client: lobby and Play panel, games (playing, hot-seat, watching), replays and
// imports, profiles, the archive, leaderboards and the rule pages — in five languages.

import { api, connect, ensureSession, follow, on, send, session, tokens, unfollow } from "./net.js";
import { initI18n, LANGS, currentLang, switchLang, t } from "./i18n.js";
import { prefs, THEMES } from "./prefs.js";
import { PIECE_SETS } from "./pieces.js";
import { h } from "./dom.js";
import { lobbyView } from "./lobby.js";
import { gameView } from "./game.js";
import { libraryView, replayView } from "./replay.js";
import { archiveView, leaderboardView, profileView } from "./records.js";
import { adminView } from "./admin.js";
import { rulesView, RULE_PAGES } from "./rules.js";

const view = document.getElementById("view");
let cleanup = null;

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
  if (cleanup) { cleanup(); cleanup = null; }
  view.replaceChildren();
  closeMenu();
  const [name, ...rest] = (location.hash.slice(1) || "lobby").split("/");
  const ctx = { view, api, send, on, follow, unfollow, tokens, session, announce, go: (hash) => { location.hash = hash; } };
  document.title = `fourhand — ${t("app.tagline")}`;
  if (name === "game") cleanup = gameView(ctx, rest[0]);
  else if (name === "replay") cleanup = await replayView(ctx, rest[0], rest[1]);
  else if (name === "library") cleanup = await libraryView(ctx);
  else if (name === "player") cleanup = await profileView(ctx, decodeURIComponent(rest[0] || ""));
  else if (name === "archive") cleanup = await archiveView(ctx, rest[0]);
  else if (name === "leaderboard") cleanup = await leaderboardView(ctx, rest[0]);
  else if (name === "admin") cleanup = await adminView(ctx);
  else if (name === "rules") cleanup = await rulesView(ctx, rest[0]);
  else cleanup = lobbyView(ctx, rest[0]);
}

function closeMenu() {
  document.body.classList.remove("menu-open");
  document.getElementById("menu").setAttribute("aria-expanded", "false");
}

function header() {
  const nav = document.getElementById("nav");
  nav.setAttribute("aria-label", t("nav.label"));
  nav.replaceChildren(
    h("a", { href: "#lobby" }, t("nav.lobby")), h("a", { href: "#library" }, t("nav.library")),
    h("a", { href: "#archive" }, t("nav.archive")), h("a", { href: "#leaderboard" }, t("nav.leaderboard")),
    ...RULE_PAGES.map((r) => h("a", { href: `#rules/${r}` }, t(`rules.${r}`))));
  const menu = document.getElementById("menu");
  menu.textContent = t("nav.menu");
  menu.onclick = () => {
    const open = !document.body.classList.contains("menu-open");
    document.body.classList.toggle("menu-open", open);
    menu.setAttribute("aria-expanded", String(open));
  };
  const lang = h("select", { "data-testid": "lang", "aria-label": t("settings.language"), onchange: () => switchLang(lang.value) },
    LANGS.map(([code, label]) => h("option", { value: code, lang: code, selected: code === currentLang() }, label)));
  const mute = h("button", { "data-testid": "sound", "aria-pressed": String(prefs.get("muted")), onclick: () => {
    prefs.set("muted", !prefs.get("muted"));
    mute.setAttribute("aria-pressed", String(prefs.get("muted")));
    mute.textContent = prefs.get("muted") ? t("settings.sound_off") : t("settings.sound_on");
  } }, prefs.get("muted") ? t("settings.sound_off") : t("settings.sound_on"));
  const settings = h("button", { "data-testid": "settings", onclick: settingsDialog }, t("settings.title"));
  const me = document.getElementById("me");
  if (localStorage.getItem("fh.registered") === "true") {
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
    if (m.type === "game_started" && Object.keys(tokens.of(m.table)).length) {
      tokens.move(m.table, m.game);
      location.hash = `game/${m.game}`;
    }
  });
  window.addEventListener("hashchange", route);
  route();
}

main();
