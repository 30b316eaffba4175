// Unit tests (no browser) of the analysis board's tree and the engine's scores as shown.

import { test } from "node:test";
import assert from "node:assert/strict";
import { Tree, ROOT } from "../js/tree.js";
import { scoreText, barShare, graphLines, graphPosition, graphValue } from "../js/evaluation.js";

const node = (text, seat, children = []) => ({ text, seat, round: 1, fen: `after ${text}`, children });

/** 1. h3 (b7-c7 | b9-c9) i12 */
function sample() {
  return new Tree({
    rules: "teams", tags: [], start: "start", first: [0],
    nodes: [node("h2-h3", "S", [1, 2]), node("b7-c7", "W", [3]), node("b9-c9", "W"), node("i13-i12", "N")],
  });
}

test("walking the tree: main line, paths, positions", () => {
  const t = sample();
  assert.deepEqual(t.mainLine(), [0, 1, 3]);
  assert.deepEqual(t.path(2), [0, 2]);
  assert.equal(t.parent(0), ROOT);
  assert.equal(t.fen(ROOT), "start");
  assert.equal(t.fen(2), "after b9-c9");
  assert.equal(t.next(0), 1);
  assert.equal(t.next(3), null);
  assert.ok(t.onMainLine(3));
  assert.ok(!t.onMainLine(2));
});

test("a move adds its entries once; a variation is promoted, another deleted", () => {
  const t = sample();
  const a = t.add(2, [{ text: "i13-i11", seat: "N", round: 1, fen: "x" }]);
  assert.equal(t.add(2, [{ text: "i13-i11", seat: "N", round: 1, fen: "x" }]), a, "the same entry again is the one there");
  assert.deepEqual(t.line(a), [0, 2, a]);
  assert.ok(t.promote(a));
  assert.deepEqual(t.mainLine(), [0, 2, a]);
  assert.ok(!t.promote(a), "already the main line");
  assert.equal(t.remove(1), 0);
  assert.deepEqual(t.children(0), [2]);
  // Exported without the deleted entries, renumbered.
  const j = t.toJSON();
  assert.deepEqual(j.nodes.map((n) => n.text), ["h2-h3", "b9-c9", "i13-i11"]);
  assert.deepEqual(j.first, [0]);
  assert.deepEqual(j.nodes[0].children, [1]);
  assert.deepEqual(j.nodes[1].children, [2]);
  t.setComment(ROOT, "  a game  ");
  assert.equal(t.toJSON().comment, "a game");
});

test("scores as text, the bar and the graph", () => {
  assert.equal(scoreText({ centi: 125 }), "+1.25");
  assert.equal(scoreText({ centi: -50 }), "−0.50");
  assert.equal(scoreText({ centi: 0 }), "0.00");
  assert.equal(scoreText({ centi: 10000, mate: 2 }), "#2");
  assert.equal(scoreText({ centi: -10000, mate: -1 }), "−#1");
  assert.equal(barShare({ centi: 0 }), 50);
  assert.ok(barShare({ centi: 300 }) > 70);
  assert.equal(barShare({ centi: -10000, mate: -3 }), 0);
  assert.equal(graphValue({ centi: 5000 }), 10);
  const scores = [[{ centi: 0 }, { centi: 0 }], [{ centi: 500 }, { centi: -500 }], [{ centi: -1000 }, { centi: 1000 }]];
  const lines = graphLines(scores, [0, 1], 200, 100);
  assert.equal(lines.length, 2);
  assert.equal(lines[0].points, "0.0,50.0 100.0,25.0 200.0,100.0");
  assert.equal(graphPosition(0, 200, 3), 0);
  assert.equal(graphPosition(110, 200, 3), 1);
  assert.equal(graphPosition(500, 200, 3), 2);
});
