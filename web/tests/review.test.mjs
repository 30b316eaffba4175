// Browser tests of the analysis board and game review: a finished game's review opened from its
// replay (the graph, a blunder in the move list read out with its verdict, the better move shown
// on the board), the graph clicked to a position, engine lines with the evaluation bar, and a
// variation made on the board, commented and exported as PGN4 that reads back the same.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, withShots, click, audit } from "./harness.mjs";

/** Red opens the queen's diagonal, puts the queen en prise on c5 (the planted blunder), Blue
 *  takes it, Yellow resigns. */
const BLUNDER = "[Variant \"Teams\"]\n[RuleVariants \"\"]\n\n1. f2-f4 .. b7-c7 .. i13-i12 .. m8-l8\n2. Qg1-c5 .. b6xQc5 .. R\n";

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); server?.stop(); });

async function page(viewport = { width: 1366, height: 768 }) {
  // axe is injected as a script: this context lets it past the page's Content-Security-Policy.
  const ctx = await browser.newContext({ viewport, bypassCSP: true });
  const p = await ctx.newPage();
  await p.goto(`${server.base}/`);
  await p.waitForSelector("#net.online", { state: "attached" });
  return p;
}

test("a finished game's review: the graph, a blunder and the better move", async () => {
  const imported = await (await fetch(`${server.base}/api/import`, { method: "POST", body: BLUNDER })).json();
  const p = await page();
  await withShots("review", () => [p], async () => {
    await p.goto(`${server.base}/#replay/game/${imported.id}`);
    await p.click("[data-testid=review-link]");
    await p.waitForSelector("[data-testid=review-graph] polyline", { timeout: 60000 });
    assert.equal(await p.locator("[data-testid=review-graph] polyline").count(), 2, "one line per side");
    const blunder = p.locator("[data-testid=move-tree] [data-judgement=blunder]", { hasText: "Qg1-c5" });
    assert.equal(await blunder.count(), 1);
    assert.equal(await blunder.getAttribute("aria-label"), "Qg1-c5??, Red, blunder");
    assert.match(await blunder.textContent(), /Qg1-c5\?\?/);
    assert.match(await p.textContent("[data-testid=review-accuracy]"), /Red/);
    await audit(p, "review");
    await blunder.click();
    const better = p.locator("[data-testid=show-better]");
    assert.match(await better.textContent(), /^Better: /);
    await better.click();
    // The position before the blunder, with the better move drawn.
    await p.waitForSelector("svg.board line[data-arrow]", { state: "attached" });
    assert.match(await p.textContent("[data-testid=analysis-status]"), /f2-f4|b7-c7|i13-i12|m8-l8/);
    // The graph's left end is the start.
    const box = await p.locator("[data-testid=review-graph]").boundingBox();
    await p.mouse.click(box.x + 2, box.y + box.height / 2);
    await p.waitForFunction(() => document.querySelector("[data-testid=analysis-status]").textContent === "start");
    await p.screenshot({ path: "/tmp/shots/review-1366.png" });
  });
});

test("engine lines with the evaluation bar; a variation made, commented and exported", async () => {
  const p = await page();
  await withShots("analysis", () => [p], async () => {
    await p.click("#nav a[data-page=analysis]");
    await p.waitForSelector("svg.board rect[data-sq=h2]");
    await p.click("[data-testid=engine-toggle]");
    await p.waitForSelector("[data-testid=engine-lines] li", { timeout: 30000 });
    assert.ok(await p.isVisible("[data-testid=eval-bar]"));
    await audit(p, "analysis board");
    await click(p, "h2", "h3");
    await p.waitForSelector("[data-testid=move-tree] .mv[data-node]");
    await p.keyboard.press("ArrowLeft");
    await p.waitForFunction(() => document.querySelector("[data-testid=analysis-status]").textContent === "start");
    await click(p, "i2", "i3");
    await p.waitForSelector("[data-testid=move-tree] .variation");
    await p.fill("[data-testid=analysis-comment]", "the other pawn");
    await p.locator("[data-testid=analysis-comment]").blur();
    await p.click("[data-testid=export-pgn4]");
    const text = await p.inputValue("[data-testid=export-text]");
    assert.match(text, /1\. h2-h3 \( 1\. i2-i3 \{ the other pawn \} \)/);
    await p.click("[data-testid=export-close]");
    // Read back: the same tree.
    await p.click(".open-box summary");
    await p.fill("[data-testid=analysis-input]", text);
    await p.click("[data-testid=analysis-open]");
    await p.waitForSelector("[data-testid=move-tree] .variation");
    await p.click("[data-testid=export-pgn4]");
    assert.equal(await p.inputValue("[data-testid=export-text]"), text);
    await p.click("[data-testid=export-close]");
    // A bad PGN4 is placed by line and column.
    await p.fill("[data-testid=analysis-input]", "[Variant \"Teams\"]\n\n1. h2-h3 ( .. b7-c7");
    await p.click("[data-testid=analysis-open]");
    await p.waitForFunction(() => document.querySelector("[data-testid=analysis-error]").textContent !== "");
    assert.match(await p.textContent("[data-testid=analysis-error]"), /Line 3, column 10/);
    await p.screenshot({ path: "/tmp/shots/analysis-1366.png" });
  });
});

test("on a phone the board, the tree and the engine fit the width", async () => {
  const p = await page({ width: 390, height: 844 });
  await withShots("analysis-phone", () => [p], async () => {
    await p.goto(`${server.base}/#analysis`);
    await p.waitForSelector("svg.board rect[data-sq=h2]");
    await p.click("[data-testid=engine-toggle]");
    await p.waitForSelector("[data-testid=engine-lines] li", { timeout: 30000 });
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `no sideways scrolling: ${wide}`);
    await p.screenshot({ path: "/tmp/shots/analysis-phone.png", fullPage: true });
  });
});
