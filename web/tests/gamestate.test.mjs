// Unit tests (no browser) of the game's state module: plain server messages in, the state,
// the clocks and the view's effects out.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  newGame, receive, clocksAt, relationOf, mySeatToMove, premoveSeat, bottomSeat, actingSeat, playing, placeOf, canClaim,
  canBerserk,
} from "../js/gamestate.js";

const START = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";

/** A game's state as `snapshot` carries it, at its start. */
function state(rules = "teams", over = {}) {
  return {
    game: "g1", seq: 3, rules, fen4: START, start_fen4: START, moves: [], record: [], to_move: "S",
    clocks_ms: [60000, 60000, 60000, 60000], time: { base_ms: 60000, increment_ms: 0, delay_ms: 15000 }, delay_left_ms: 15000,
    statuses: ["active", "active", "active", "active"], points: [0, 0, 0, 0], seats: [{}, {}, {}, {}],
    colours: ["Red", "Blue", "Yellow", "Green"], in_check: [], result: null, ...over,
  };
}
const snap = (st) => ({ type: "snapshot", state: st });
const event = (seq, ev) => ({ type: "event", game: "g1", seq, event: ev });
const moved = (seat, from, to, text, to_move, clocks) => ({ kind: "moved", seat, from, to, text, to_move, fen4: START, clocks_ms: clocks, in_check: [] });

test("a snapshot starts the game: the start sound for a player, none for a spectator", () => {
  const g = newGame("g1", [0]);
  assert.deepEqual(receive(g, snap(state()), 1000), [{ sound: "start" }]);
  assert.equal(mySeatToMove(g), 0);
  assert.equal(bottomSeat(g), 0);
  const watcher = newGame("g1", []);
  assert.deepEqual(receive(watcher, snap(state()), 1000), []);
  assert.equal(mySeatToMove(watcher), null);
  // Another game's messages are not this one's.
  assert.equal(receive(g, { type: "event", game: "other", seq: 4, event: {} }, 0), null);
});

test("a move: the record, the last move, the clocks restart, back to live, a sound and an announcement", () => {
  const g = newGame("g1", [0]);
  receive(g, snap(state()), 0);
  g.review = -1;
  const fx = receive(g, event(4, moved("S", "h2", "h3", "h3", "W", [59000, 60000, 60000, 60000])), 5000);
  assert.deepEqual(fx, [{ notice: null }, { sound: "move" }, { announce: "move", event: fx[2].event, kind: "P" }]);
  assert.deepEqual(g.entries, [{ seat: "S", text: "h3", from: "h2", to: "h3" }]);
  assert.deepEqual(g.last[0], ["h2", "h3"]);
  assert.equal(g.review, null);
  assert.equal(g.seq, 4);
  assert.equal(mySeatToMove(g), null);
  assert.equal(premoveSeat(g), 0, "our next turn takes a premove");
  // A capture sounds as one, a check as a check.
  assert.equal(receive(g, event(5, moved("W", "b7", "c7", "Nxc7", "N", [59000, 60000, 60000, 60000])), 6000)[1].sound, "capture");
  assert.equal(receive(g, event(6, moved("N", "h13", "h12", "Qh12+", "E", [59000, 60000, 60000, 60000])), 7000)[1].sound, "check");
});

test("a gap asks for a resync and changes nothing; an event seen before is dropped", () => {
  const g = newGame("g1", [0]);
  receive(g, snap(state()), 0);
  assert.deepEqual(receive(g, event(6, moved("S", "h2", "h3", "h3", "W", [60000, 60000, 60000, 60000])), 1), [{ resync: true }]);
  assert.equal(g.entries.length, 0);
  assert.deepEqual(receive(g, event(3, moved("S", "h2", "h3", "h3", "W", [60000, 60000, 60000, 60000])), 1), []);
  assert.equal(g.seq, 3);
});

test("the clock: free during the delay, then the bank runs; a fallen flag reads 0:00", () => {
  const g = newGame("g1", [0]);
  receive(g, snap(state()), 0);
  let c = clocksAt(g, 10000);
  assert.deepEqual(c[0], { bank: 60000, running: true, delayLeft: 5000, low: false, flagged: false });
  assert.equal(c[1].running, false);
  c = clocksAt(g, 70000); // 15 s free, then 55 s of the bank
  assert.deepEqual(c[0], { bank: 5000, running: true, delayLeft: 0, low: true, flagged: false });
  // Blue flags: his last move's clocks said 57 s, the clock says 0.
  receive(g, event(4, { kind: "status", seat: "W", status: "out (timed out)" }), 71000);
  assert.deepEqual(clocksAt(g, 71000)[1], { bank: 0, running: false, delayLeft: 0, low: false, flagged: true });
  assert.deepEqual(g.entries.at(-1), { seat: "W", text: "T" });
});

test("who is whose partner, by the rules' sides", () => {
  const g = newGame("g1", [0]);
  receive(g, snap(state("teams")), 0);
  assert.deepEqual([0, 1, 2, 3].map((i) => relationOf(g, i)), ["you", null, "partner", null]);
  const side = newGame("g1", [0]);
  receive(side, snap(state("teams Teammate=1")), 0);
  assert.deepEqual([0, 1, 2, 3].map((i) => relationOf(side, i)), ["you", "partner", null, null]);
  const ffa = newGame("g1", [0]);
  receive(ffa, snap(state("ffa")), 0);
  assert.deepEqual([0, 1, 2, 3].map((i) => relationOf(ffa, i)), ["you", null, null, null]);
});

test("FFA: our player out says so once, with his place; the end comes once", () => {
  const g = newGame("g1", [1]);
  receive(g, snap(state("ffa", { points: [5, 0, 12, 3] })), 0);
  assert.equal(playing(g), true);
  const fx = receive(g, event(4, { kind: "status", seat: "W", status: "zombie (resigned)" }), 1);
  assert.deepEqual(fx, [{ announce: "status", seat: 1, status: "zombie (resigned)" }, { out: 1 }]);
  assert.equal(placeOf(g, 1), 4);
  assert.equal(playing(g), false, "nothing of ours left to leave");
  assert.equal(actingSeat(g), 1);
  assert.deepEqual(receive(g, event(5, { kind: "status", seat: "N", status: "zombie (resigned)" }), 2).filter((e) => e.out !== undefined), []);
  const over = { kind: "over", result: "Red: 5 - Blue: 0 - Yellow: 12 - Green: 3", points: [5, 0, 12, 3], placings: [2, 4, 1, 3], ending: { kind: "finished" } };
  assert.deepEqual(receive(g, event(6, over), 3), [{ over }]);
  assert.equal(g.state.to_move, null);
  // The snapshot after a reconnect does not show the end again.
  assert.deepEqual(receive(g, snap({ ...g.state, seq: 6, result: over.result }), 4), []);
});

test("a claim needs two left and the margin", () => {
  const g = newGame("g1", [0]);
  receive(g, snap(state("ffa", { points: [40, 0, 19, 0], statuses: ["active", "out (resigned)", "active", "out (timed out)"] })), 0);
  assert.equal(canClaim(g, 0), true);
  g.state.points[2] = 20;
  assert.equal(canClaim(g, 0), false);
});

test("a berserk: offered before one's first move only, the bank and the delay halved, the others untouched", () => {
  const g = newGame("g1", [0]);
  receive(g, snap(state("teams", { berserk_allowed: true })), 0);
  assert.equal(canBerserk(g, 0), true);
  // 4 s into Red's 15 s delay, Red berserks: 30 s left, and 7.5 − 4 = 3.5 s of delay.
  const fx = receive(g, event(4, { kind: "berserk", seat: "S", clocks_ms: [30000, 60000, 60000, 60000] }), 4000);
  assert.deepEqual(fx, [{ announce: "berserk", seat: 0 }]);
  assert.equal(canBerserk(g, 0), false, "once");
  let c = clocksAt(g, 4000);
  assert.equal(c[0].bank, 30000);
  assert.equal(c[0].delayLeft, 3500);
  assert.equal(clocksAt(g, 9500)[0].bank, 28000, "2 s past the halved delay");
  // Red moves; Blue's turn runs on his whole delay; Red's next turn on half of it.
  receive(g, event(5, moved("S", "h2", "h3", "h3", "W", [28000, 60000, 60000, 60000])), 9500);
  assert.equal(clocksAt(g, 9500)[1].delayLeft, 15000);
  receive(g, event(6, moved("W", "b7", "c7", "c7", "N", [28000, 60000, 60000, 60000])), 10000);
  receive(g, event(7, moved("N", "g13", "g12", "g12", "E", [28000, 60000, 60000, 60000])), 10500);
  receive(g, event(8, moved("E", "m7", "l7", "l7", "S", [28000, 60000, 60000, 60000])), 11000);
  assert.equal(clocksAt(g, 11000)[0].delayLeft, 7500);
  // Blue has moved: too late for him; in a game without berserk nobody may.
  const blue = newGame("g1", [1]);
  receive(blue, snap(state("teams", { berserk_allowed: true, to_move: "N", record: [{ seat: "W", text: "c7", from: "b7", to: "c7" }] })), 0);
  assert.equal(canBerserk(blue, 1), false);
  const plain = newGame("g1", [0]);
  receive(plain, snap(state()), 0);
  assert.equal(canBerserk(plain, 0), false);
});
