// The connection to the server: a session from /api/guest, one WebSocket that reconnects by
// itself, re-sends `hello` and re-joins every followed game from its last event number.

import { t } from "./i18n.js";

const listeners = new Set();
let ws = null;
let ready = false;
let queue = [];
let backoff = 500;
const followed = new Map(); // game id -> { tokens: Set, seq }
/** The protocol version this client speaks (proto-docs: `hello`). */
const PROTOCOL = 1;

/** The session, kept in this browser: this module alone reads and writes it. */
export const session = {
  get token() { return localStorage.getItem("fh.session"); },
  get name() { return localStorage.getItem("fh.name"); },
  /** Signed in to an account (not a guest). */
  get registered() { return localStorage.getItem("fh.registered") === "true"; },
  /** Keeps a new session (`registered`: an account's). */
  keep(token, name, registered) {
    localStorage.setItem("fh.session", token);
    localStorage.setItem("fh.name", name);
    localStorage.setItem("fh.registered", String(registered));
  },
  /** Forgets the session (expired or revoked). */
  forget() {
    for (const k of ["fh.session", "fh.name", "fh.registered"]) localStorage.removeItem(k);
  },
};

export async function api(path, opts = {}) {
  const r = await fetch(path, opts);
  const text = await r.text();
  let body;
  try { body = JSON.parse(text); } catch { body = text; }
  if (!r.ok) throw Object.assign(new Error(body.message || r.statusText), { body, status: r.status });
  return body;
}

export async function ensureSession() {
  if (session.token) return;
  const g = await api("/api/guest", { method: "POST" });
  session.keep(g.session, g.name, false);
}

export function on(fn) { listeners.add(fn); return () => listeners.delete(fn); }

function emit(m) {
  if (m.type === "event" && followed.has(m.game)) {
    // Only a number that follows the last one counts: after a gap the game view resyncs, and
    // a reconnect must ask for the events after the last one actually seen.
    const f = followed.get(m.game);
    if (m.seq === f.seq + 1) f.seq = m.seq;
  }
  if (m.type === "snapshot" && followed.has(m.state.game)) {
    followed.get(m.state.game).seq = m.state.seq;
  }
  for (const fn of listeners) fn(m);
}

function status(text, online) {
  const el = document.getElementById("net");
  if (el) { el.textContent = text; el.classList.toggle("online", online); }
}

export function connect() {
  if (ws) return;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws`);
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "hello", session: session.token, protocol: PROTOCOL }));
  };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "error" && m.code === "not_authenticated" && !ready) {
      // The session expired or was revoked: start again as a guest (the socket closes and
      // reconnects with the new session).
      session.forget();
      ensureSession().catch(() => {});
      return;
    }
    if (m.type === "welcome") {
      ready = true;
      backoff = 500;
      status(t("net.online"), true);
      for (const [game, f] of followed) rejoin(game, f);
      const q = queue; queue = [];
      q.forEach((x) => ws.send(x));
    }
    emit(m);
  };
  ws.onclose = () => {
    ws = null; ready = false;
    status(t("net.reconnecting"), false);
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 8000);
  };
}

export function send(msg) {
  const t = JSON.stringify(msg);
  if (ws && ready) ws.send(t); else queue.push(t);
}

function rejoin(game, f) {
  const since = f.seq > 0 ? f.seq : undefined;
  if (f.tokens.size === 0) send({ type: "join", game, since });
  for (const t of f.tokens) send({ type: "join", game, seat_token: t, since });
}

/** Follows a game with the seat tokens this browser holds for it (none: as a spectator). */
export function follow(game, tokens) {
  const f = { tokens: new Set(tokens), seq: 0 };
  followed.set(game, f);
  if (ready) rejoin(game, f);
}

export function unfollow(game) {
  followed.delete(game);
  send({ type: "leave_game", game });
}

/** Seat tokens kept in this browser, per table and per game. */
export const tokens = {
  all() { return JSON.parse(localStorage.getItem("fh.tokens") || "{}"); },
  save(all) { localStorage.setItem("fh.tokens", JSON.stringify(all)); },
  add(key, seat, token) { const a = this.all(); (a[key] ||= {})[seat] = token; this.save(a); },
  remove(key, seat) { const a = this.all(); if (a[key]) { delete a[key][seat]; this.save(a); } },
  of(key) { return this.all()[key] || {}; },
  move(from, to) { const a = this.all(); if (a[from]) { a[to] = { ...(a[to] || {}), ...a[from] }; delete a[from]; this.save(a); } },
};
