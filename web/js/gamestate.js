// A game's state as plain data, without the page (like chessground's headless state): the
// server's messages go in through `receive`, the state and what the view should do about each
// message (sounds, announcements, dialogs, a resync) come out; the selectors below answer the
// view's questions (whose turn, which seat acts, each clock at an instant, who is whose
// partner). Unit tests under node's test runner drive it with plain messages.

import { SEATS, parseFen } from "./fen4.js";
import { claimLead, eachForHimself, scored, sidesOf } from "./rulesets.js";

/** A clock under ten seconds is low: drawn in red, and our own ticks. */
export const LOW_MS = 10000;

/** Why a seat left, by the code's words (proto-docs lists them), and its catalogue word. */
const REASONS = { "checkmated": "checkmated", "stalemated": "stalemated", "resigned": "resigned", "timed out": "timed_out",
  "disconnected": "disconnected", "king captured": "king_captured", "the hill taken": "the_hill_taken" };

/** Every status code the server sends, as data: { state, reason, key } (key: its catalogue entry). */
export const STATUSES = Object.fromEntries([
  ["active", { state: "active", reason: null, key: "status.active" }],
  ["mated", { state: "mated", reason: null, key: "status.mated" }],
  ["absent", { state: "absent", reason: null, key: "status.absent" }],
  ...Object.entries(REASONS).flatMap(([words, word]) => ["zombie", "out"].map((state) =>
    [`${state} (${words})`, { state, reason: word, key: `status.${state}_${word}` }])),
]);

/** A status code as data (an unknown code reads as active, so nothing is hidden by it). */
export const statusOf = (code) => STATUSES[code] || STATUSES.active;

/** A status code's catalogue key ("zombie (resigned)" -> "status.zombie_resigned"). */
export const statusKey = (code) => statusOf(code).key;

/** A record entry's move squares, as the server sends them (`from`, `to`), or null. */
export const squaresOf = (e) => (e && e.from && e.to ? [e.from, e.to] : null);

/** A new game `id` seen by a browser holding `held` (seat indices; none: a spectator). */
export function newGame(id, held) {
  return {
    id, held, state: null, seq: 0, legal: {}, last: {}, arrows: [], clockRef: 0, delayAtRef: 0, away: {},
    entries: [], fens: [], checksAt: [], review: null, premoves: {}, rotate: 0,
    outShown: false, overShown: false, started: false,
  };
}

/**
 * Applies one server message received at `now` (ms). Returns null when the message is not this
 * game's (nothing to redraw), else the list of effects for the view:
 * `{ sound }`, `{ announce: "move", event, kind }` (the moved piece's kind),
 * `{ announce: "status", seat, status }`, `{ announce: "berserk", seat }`, `{ chat: event }`, `{ notice: key }`, `{ notice: null }`,
 * `{ error: text }`, `{ out: seat }` (an FFA player of ours is out), `{ over: ending }`,
 * `{ resync: true }` (events were missed: join again from `g.seq`).
 */
export function receive(g, m, now) {
  if (m.type === "snapshot" && m.state.game === g.id) return snapshot(g, m.state, now);
  if (m.type === "event" && m.game === g.id && g.state) {
    if (m.seq <= g.seq) return []; // already seen (a resync may repeat events)
    if (m.seq !== g.seq + 1) return [{ resync: true }]; // a gap: ask for what was missed
    g.seq = m.seq;
    return apply(g, m.event, now);
  }
  if (m.type === "legal" && m.game === g.id) { g.legal[SEATS.indexOf(m.seat)] = m.moves; return []; }
  if (m.type === "premove" && m.game === g.id) {
    g.premoves[SEATS.indexOf(m.seat)] = m.premove;
    return m.dropped ? [{ notice: "premove.dropped" }] : [];
  }
  if (m.type === "error" && g.state) return [{ error: m.message, code: m.code }];
  return null;
}

function snapshot(g, state, now) {
  const effects = [];
  g.state = state;
  g.seq = state.seq;
  g.clockRef = now;
  g.delayAtRef = state.delay_left_ms;
  const record = state.record && state.record.length ? state.record : null;
  if (record) g.entries = record.map((e) => ({ seat: e.seat, text: e.text, from: e.from, to: e.to }));
  else if (g.entries.length < state.moves.length) g.entries = state.moves.map((text) => ({ seat: "S", text }));
  g.fens[g.entries.length - 1] = state.fen4;
  g.checksAt[g.entries.length - 1] = state.in_check || [];
  if (!g.started) {
    g.started = true;
    if (g.held.length && !state.moves.length && !state.result) effects.push({ sound: "start" });
  }
  if (state.result && !g.overShown) {
    g.overShown = true;
    effects.push({ over: { result: state.result, termination: state.termination, ending: state.ending, points: state.points, placings: state.placings } });
  }
  return effects;
}

/** Seat `seat`'s delay (ms): the time control's, halved for a seat that berserked. */
export function delayOf(s, seat) {
  const d = s.time.delay_ms || 0;
  return (s.berserked || []).includes(seat) ? Math.floor(d / 2) : d;
}

function apply(g, ev, now) {
  const s = g.state;
  switch (ev.kind) {
    case "moved": {
      const kind = parseFen(s.fen4).get(ev.from)?.kind;
      delete g.legal[SEATS.indexOf(ev.seat)];
      s.fen4 = ev.fen4; s.moves.push(ev.text); s.to_move = ev.to_move; s.clocks_ms = ev.clocks_ms;
      g.entries.push({ seat: ev.seat, text: ev.text, from: ev.from, to: ev.to });
      g.fens[g.entries.length - 1] = ev.fen4;
      g.checksAt[g.entries.length - 1] = ev.in_check || [];
      g.clockRef = now; g.delayAtRef = s.to_move ? delayOf(s, s.to_move) : 0;
      g.last[SEATS.indexOf(ev.seat)] = [ev.from, ev.to];
      s.in_check = ev.in_check || [];
      g.review = null; // back to the live position with every move
      const sound = /[#+]/.test(ev.text) ? "check" : /x/.test(ev.text) ? "capture" : "move";
      return [{ notice: null }, { sound }, { announce: "move", event: ev, kind }];
    }
    case "passed": s.to_move = ev.to_move; g.clockRef = now; g.delayAtRef = s.to_move ? delayOf(s, s.to_move) : 0; return [];
    case "berserk": {
      // The seat's bank is halved now; if its turn runs, what is left of its delay shrinks by
      // the half it lost.
      const full = delayOf(s, ev.seat);
      s.berserked = [...(s.berserked || []), ev.seat];
      if (s.to_move === ev.seat) {
        const used = full - Math.max(0, g.delayAtRef - (now - g.clockRef));
        g.delayAtRef = Math.max(0, delayOf(s, ev.seat) - used);
      } else g.delayAtRef = Math.max(0, g.delayAtRef - (now - g.clockRef));
      s.clocks_ms = ev.clocks_ms; g.clockRef = now;
      return [{ announce: "berserk", seat: SEATS.indexOf(ev.seat) }];
    }
    case "status": {
      const i = SEATS.indexOf(ev.seat);
      s.statuses[i] = ev.status;
      const word = { resigned: "R", timed_out: "T", stalemated: "S" }[statusOf(ev.status).reason] || null;
      if (word) { g.entries.push({ seat: ev.seat, text: word }); g.fens[g.entries.length - 1] = s.fen4; }
      const effects = [{ announce: "status", seat: i, status: ev.status }];
      const ours = g.held.includes(i) && ev.status !== "active";
      if (eachForHimself(s.rules) && ours && !g.held.some((x) => active(g, x)) && !g.outShown && !s.result) {
        g.outShown = true;
        effects.push({ out: i });
      }
      return effects;
    }
    case "scored": s.points[SEATS.indexOf(ev.seat)] += ev.points; return [];
    case "connection": {
      const i = SEATS.indexOf(ev.seat);
      if (s.seats[i]) s.seats[i].connected = ev.connected;
      g.away[i] = ev.connected ? null : now + (ev.grace_ms || 0);
      return [];
    }
    case "chat": return [{ chat: ev }];
    case "arrow": g.arrows.push({ seat: SEATS.indexOf(ev.seat), from: ev.from, to: ev.to }); return [];
    case "arrows_cleared": g.arrows = g.arrows.filter((a) => a.seat !== SEATS.indexOf(ev.seat)); return [];
    case "over": {
      Object.assign(s, { result: ev.result, termination: ev.termination, ending: ev.ending, points: ev.points, placings: ev.placings, to_move: null });
      if (g.overShown) return [];
      g.overShown = true;
      return [{ over: ev }];
    }
    default: return []; // "hidden": another audience's event
  }
}

// ---- Selectors ------------------------------------------------------------------------------

/** The seat (0–3) to move, or -1. */
export const seatTo = (g) => (g.state && g.state.to_move ? SEATS.indexOf(g.state.to_move) : -1);

/** Seat `i` still plays (not out, not a zombie, not mated). */
export const active = (g, i) => Boolean(g.state && g.state.statuses[i] === "active");

/** The seat of ours that is to move now, or null. */
export const mySeatToMove = (g) => (g.held.includes(seatTo(g)) && !g.state?.result ? seatTo(g) : null);

/** The seat of ours that acts (resigns, chats, draws arrows): the one to move, else one still
 *  playing, else the first. */
export const actingSeat = (g) => mySeatToMove(g) ?? g.held.find((i) => active(g, i)) ?? g.held[0];

/** The held seat a premove would be for: the next of ours to move that still plays. */
export function premoveSeat(g) {
  if (!g.state || g.state.result || mySeatToMove(g) !== null) return null;
  const to = seatTo(g);
  for (let k = 1; k <= 4; k++) { const s = (to + k) % 4; if (g.held.includes(s) && active(g, s)) return s; }
  return null;
}

/** The seat drawn at the bottom: ours (the one to move at a hot-seat table), or the
 *  spectator's choice. */
export function bottomSeat(g) {
  if (!g.held.length) return g.rotate;
  return mySeatToMove(g) ?? actingSeat(g);
}

/** Each seat's clock at `now`: `{ bank, running, delayLeft, low, flagged }` — the running
 *  seat's bank less the time past its delay, 0:00 for a fallen flag. */
export function clocksAt(g, now) {
  const s = g.state;
  const running = s.to_move && !s.result ? SEATS.indexOf(s.to_move) : -1;
  const elapsed = now - g.clockRef;
  const delayLeft = Math.max(0, g.delayAtRef - elapsed);
  return SEATS.map((_, i) => {
    let bank = s.clocks_ms[i];
    if (i === running) bank -= Math.max(0, elapsed - g.delayAtRef);
    const flagged = statusOf(s.statuses[i]).reason === "timed_out";
    bank = flagged ? 0 : Math.max(0, bank);
    return { bank, running: i === running, delayLeft: i === running ? delayLeft : 0, low: i === running && bank < LOW_MS, flagged };
  });
}

/** Who seat `i` is to this browser: "you" (a held seat), "partner" (on a held seat's side),
 *  or null. */
export function relationOf(g, i) {
  if (g.held.includes(i)) return "you";
  if (!g.state || eachForHimself(g.state.rules)) return null;
  const side = sidesOf(g.state.rules).find((pair) => pair.includes(i));
  return side && side.some((x) => g.held.includes(x)) ? "partner" : null;
}

/** An FFA seat's place by points now (ties share the better place). */
export const placeOf = (g, seat) => 1 + g.state.points.filter((p, i) => i !== seat && p > g.state.points[seat]).length;

/** The seat may claim the win: two left, he leads by the claim's margin (points games). */
export function canClaim(g, seat) {
  const s = g.state;
  if (!scored(s.rules)) return false;
  const left = s.statuses.map((x, i) => (x === "active" ? i : -1)).filter((i) => i >= 0);
  if (left.length !== 2 || !left.includes(seat)) return false;
  const other = left.find((i) => i !== seat);
  return s.points[seat] >= s.points[other] + claimLead(s.rules);
}

/** Seat `seat` may berserk: an arena game that allows it, still running, and the seat has
 *  neither moved nor berserked. */
export function canBerserk(g, seat) {
  const s = g.state;
  if (!s || !s.berserk_allowed || s.result || !active(g, seat)) return false;
  const letter = SEATS[seat];
  return !(s.berserked || []).includes(letter) && !g.entries.some((e) => e.seat === letter && e.from);
}

/** A game of ours is running: leaving the page would leave it. */
export const playing = (g) => Boolean(g.held.length && g.state && !g.state.result && g.held.some((i) => active(g, i)));
