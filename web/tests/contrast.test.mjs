// Unit test (no browser): every army's last-move mark stays visible on every square of every
// theme — the frame around it contrasts at least 3:1 with the square (WCAG's figure for
// graphics), whatever the army's own colour does.

import { test } from "node:test";
import assert from "node:assert/strict";
import { PALETTE, contrast, frameFor } from "../js/palette.js";
import { THEMES } from "../js/prefs.js";

test("a last-move mark is framed in a colour that contrasts with its square", () => {
  for (const [theme, { light, dark }] of Object.entries(THEMES)) {
    for (const square of [light, dark]) {
      const frame = frameFor(square);
      assert.ok(contrast(frame, square) >= 3, `${theme} ${square}: ${frame} ${contrast(frame, square).toFixed(2)}`);
    }
  }
});

test("the army colours alone do not: Blue on the dark wood and Black on it are the cases seen", () => {
  // Why the frame is needed: a mark in the army's colour alone is near the square's own.
  assert.ok(contrast(PALETTE.Blue, THEMES.wood.dark) < 3);
  assert.ok(contrast(PALETTE.White, THEMES.wood.light) < 3);
});
