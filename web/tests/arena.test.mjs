// Browser tests of an arena: four players join it from its page, are paired and brought to
// their game, play it to its end, come back to the arena and see the points and the standings
// change; the Tournaments page lists it; the arena page fits a phone.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, player, ourTurn, playOneOf, withShots, audit } from "./harness.mjs";

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); server?.stop(); });

/** A moderator's arena, made over HTTP: its id. */
async function makeArena(name, extra = {}) {
  const r = await fetch(`${server.base}/api/register`, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "arbiter", password: "long enough secret" }) });
  const session = r.ok ? (await r.json()).session
    : (await (await fetch(`${server.base}/api/login`, { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "arbiter", password: "long enough secret" }) })).json()).session;
  const made = await fetch(`${server.base}/api/tournaments`, { method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${session}` },
    body: JSON.stringify({ name, rules: "ffa", time: { base_ms: 60000, delay_ms: 0, increment_ms: 0 }, minutes: 30, rated: false, ...extra }) });
  assert.equal(made.status, 201);
  return (await made.json()).id;
}

/** Plays three moves as its turns come (an earlier resignation aborts an FFA game), then resigns. */
async function threeMovesThenResign(p) {
  for (let k = 0; k < 3; k++) {
    await playOneOf(p, [], 60000);
    await p.waitForFunction(() => !document.querySelector("rect[data-movable]"));
  }
  await ourTurn(p, 60000);
  await p.click("[data-testid=resign]");
  await p.click("[data-testid=resign-yes]");
}

/** Plays whatever its turn offers until the game is over. */
async function playOn(p) {
  for (;;) {
    await p.waitForSelector("rect[data-movable], [data-testid=game-over]", { state: "attached", timeout: 60000 });
    if (await p.locator("[data-testid=game-over]").count()) return;
    await playOneOf(p, []);
    await p.waitForFunction(() => !document.querySelector("rect[data-movable]") || document.querySelector("[data-testid=game-over]"));
  }
}

test("four players join an arena, are paired, play, and see the standings change", async () => {
  let pages = [];
  await withShots("arena", () => pages, async () => {
    const id = await makeArena("Evening arena", { berserk: true });
    for (let i = 0; i < 4; i++) pages.push(await player(browser, server.base));
    // The Tournaments page lists it as running.
    await pages[0].click("header nav a[data-page=tournaments]");
    await pages[0].waitForSelector(`[data-tournament="${id}"]`);
    assert.match(await pages[0].textContent(`[data-tournament="${id}"]`), /Evening arena/);
    for (const p of pages) {
      await p.goto(`${server.base}/#arena/${id}`);
      await p.waitForSelector("[data-testid=arena-join]");
      await p.click("[data-testid=arena-join]");
    }
    // Paired: each is brought to his game.
    for (const p of pages) await p.waitForSelector("[data-testid=board] [data-piece]", { timeout: 20000 });
    // One berserks before his first move: his plate says so to everyone, the button goes.
    await pages[0].click("[data-testid=berserk]");
    for (const p of pages) await p.waitForSelector("[data-clock] [data-berserk]");
    assert.equal(await pages[0].locator("[data-testid=berserk]").count(), 0);
    const bank = await pages[0].locator(".plate.is-you .time").textContent();
    assert.ok(/^0:[0-3]\d$/.test(bank.trim()), `his minute halved: ${bank}`);
    await Promise.all([...pages.slice(0, 3).map(threeMovesThenResign), playOn(pages[3])]);
    for (const p of pages) await p.waitForSelector("[data-testid=game-over] [data-testid=back-to-arena]", { timeout: 20000 });
    await pages[0].click("[data-testid=back-to-arena]");
    // The standings: four players, each with one game on his sheet, the points handed out.
    await pages[0].waitForFunction(() => document.querySelectorAll("[data-testid=standings] tbody tr").length === 4);
    await pages[0].waitForFunction(() => [...document.querySelectorAll("[data-testid=standings] .sheet")].every((s) => s.querySelectorAll(".mark").length === 1), null, { timeout: 15000 });
    const points = await pages[0].$$eval("[data-points]", (els) => els.map((e) => Number(e.textContent)));
    assert.equal(points.reduce((a, b) => a + b, 0), 7, `FFA places give 4 + 2 + 1 + 0: ${points}`);
    assert.ok(points[0] >= points[3], "ranked by points");
    assert.equal(await pages[0].locator("[data-testid=standings] .mark.berserk").count(), 1, "the berserk marked on his sheet");
    assert.match(await pages[0].textContent("[data-testid=arena-conditions]"), /berserk allowed/);
  });
});

test("the arena page fits a phone, and it and the Tournaments page pass axe", async () => {
  let pages = [];
  await withShots("arena-phone", () => pages, async () => {
    const id = await makeArena("Phone arena");
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
    const p = await ctx.newPage();
    pages = [p];
    await p.goto(`${server.base}/#arena/${id}`);
    await p.waitForSelector("[data-testid=arena-join]");
    await p.tap("[data-testid=arena-join]");
    await p.waitForSelector("[data-testid=arena-pause]");
    assert.ok(await p.evaluate(() => document.documentElement.scrollWidth) <= 390, "nothing scrolls sideways");
    const join = await p.locator("[data-testid=arena-pause]").boundingBox();
    assert.ok(join.x >= 0 && join.x + join.width <= 390);
    await audit(p, "arena page");
    await p.goto(`${server.base}/#tournaments`);
    await p.waitForSelector(`[data-tournament="${id}"]`);
    await audit(p, "Tournaments page");
    // An arena with entry conditions says who may enter.
    const strict = await makeArena("Club arena", { max_rating: 2000, min_games: 3 });
    await p.goto(`${server.base}/#arena/${strict}`);
    await p.waitForSelector("[data-testid=arena-conditions]");
    assert.equal(await p.textContent("[data-testid=arena-conditions]"), "accounts only · rated 2000 or less · at least 3 rated games");
  });
});
