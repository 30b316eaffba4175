// Browser tests of the first ten minutes on ordinary screens: the board and the four plates fit
// the window at every common size, each army's plate sits beside it and turns with the board,
// the delay shows, quick pairing is honest, leaving a running game asks first, nothing is cut,
// and the header is a player's.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, moves, ourTurn, playOneOf, withShots, createTable } from "./harness.mjs";

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); server?.stop(); });

/** A new visitor's page at `width`×`height` (a phone below 500 px), on `hash`. */
async function visitor(width, height, hash = "#play") {
  const phone = width < 500;
  const ctx = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone });
  const p = await ctx.newPage();
  await p.goto(`${server.base}/${hash}`);
  await p.waitForSelector("#net.online", { state: "attached" });
  return p;
}

/** From the Play panel: a game of `rules` against random bots, seated in `seat`. */
async function botGame(p, rules = "teams", seat = "S") {
  await p.waitForSelector("[data-testid=play-start]");
  await p.selectOption("[data-testid=play-rules]", rules);
  await p.selectOption("[data-testid=play-level]", "random");
  await p.selectOption("[data-testid=play-seat]", seat);
  await p.click("[data-testid=play-start]");
  await p.waitForSelector("[data-testid=board] [data-piece]");
}

/** The box of `selector` lies wholly inside a `width`×`height` window. */
async function inWindow(p, selector, width, height) {
  const b = await p.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is drawn`);
  const inside = b.x >= -0.5 && b.y >= -0.5 && b.x + b.width <= width + 0.5 && b.y + b.height <= height + 0.5;
  assert.ok(inside, `${selector} at ${JSON.stringify(b)} in ${width}×${height}`);
  return b;
}

const SIZES = [[1280, 720], [1366, 768], [1536, 864], [1920, 1080], [2560, 1440], [390, 844], [360, 740]];

test("at every common size the whole board, the four plates and the own back rank are in the window, the board as large as it can be", async () => {
  let pages = [];
  await withShots("fit", () => pages, async () => {
    for (const [w, h] of SIZES) {
      const p = await visitor(w, h);
      pages = [p];
      await botGame(p);
      assert.equal(await p.evaluate(() => window.scrollY), 0);
      const board = await inWindow(p, "[data-testid=board]", w, h);
      for (const s of ["S", "W", "N", "E"]) await inWindow(p, `[data-clock=${s}]`, w, h);
      // Red's back rank (the bottom: Red is at the bottom) — his king's row is not below the fold.
      for (const sq of ["d1", "h1", "k1"]) await inWindow(p, `rect[data-sq="${sq}"]`, w, h);
      // As large as the space allows: the window's height less the header on wide screens, the
      // width on a phone.
      if (w >= 1000) assert.ok(board.height >= h - 80, `${w}×${h}: a board of ${board.height} px`);
      else assert.ok(board.width >= w - 24, `${w}×${h}: a board of ${board.width} px`);
      // The header is one row.
      const head = await p.locator("header").boundingBox();
      assert.ok(head.height <= 50, `${w}×${h}: a header of ${head.height} px`);
      await p.context().close();
    }
  });
});

test("each army's plate sits in the corner beside it and turns with the board; you and your partner are marked; the delay runs first", async () => {
  let pages = [];
  await withShots("plates", () => pages, async () => {
    const p = await visitor(1366, 768);
    pages = [p];
    await botGame(p, "teams", "S");
    const corners = async () => p.$$eval("[data-clock]", (els) => Object.fromEntries(els.map((e) => [e.dataset.clock, e.dataset.corner])));
    // Red at the bottom: his plate at the bottom right, each army's on its right as it sits.
    assert.deepEqual(await corners(), { S: "br", W: "bl", N: "tl", E: "tr" });
    assert.deepEqual(await p.$$eval("[data-clock] .tag", (els) => els.map((e) => [e.closest("[data-clock]").dataset.clock, e.className])),
      [["S", "tag you"], ["N", "tag partner"]]);
    assert.match(await p.textContent("[data-clock=S] .tag"), /^You$/);
    assert.match(await p.textContent("[data-clock=N] .tag"), /^Partner$/);
    // Our clock runs — in its delay first: a countdown of its own, the bank untouched.
    await ourTurn(p);
    await p.waitForSelector("[data-clock=S].running.in-delay .delaybar");
    assert.match(await p.textContent("[data-clock=S] .delay bdi[dir=ltr]"), /^\+\d+$/);
    assert.equal(await p.textContent("[data-clock=S] .time"), "1:00");
    assert.equal(await p.locator("[data-clock].running").count(), 1);
    await p.context().close();

    // Seated as Blue: the board turns, Blue at the bottom, and the plates with it.
    const q = await visitor(1366, 768);
    pages = [q];
    await botGame(q, "teams", "W");
    await q.waitForFunction(() => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === "W");
    const turned = await q.$$eval("[data-clock]", (els) => Object.fromEntries(els.map((e) => [e.dataset.clock, e.dataset.corner])));
    assert.deepEqual(turned, { W: "br", N: "bl", E: "tl", S: "tr" });
    assert.equal(await q.getAttribute("[data-clock=E] .tag", "class"), "tag partner");
    await q.context().close();
  });
});

test("quick pairing with one person waiting: a rated game never gets bots; the offer appears, and makes an unrated game", async () => {
  let pages = [];
  await withShots("pairing", () => pages, async () => {
    const p = await visitor(1366, 768, "");
    pages = [p];
    const name = `wait${Date.now() % 100000}`;
    await p.fill("[data-testid=login-name]", name);
    await p.fill("[data-testid=login-password]", "long enough secret");
    await p.click("[data-testid=register]");
    await p.waitForFunction((n) => document.querySelector("#me")?.textContent === n, name);
    await p.waitForSelector("#net.online", { state: "attached" });
    await p.click("[data-mode=people]");
    await p.check("[data-testid=play-rated]");
    await p.click("[data-testid=play-start]");
    // How many wait, for what, and for how long.
    await p.waitForFunction(() => /rated Teams game \(1 player in the queue\)/.test(document.querySelector("[data-testid=waiting]")?.textContent || ""));
    await p.waitForSelector("[data-testid=waited]");
    // The server's wait runs out (2 s here): the offer, never a game by itself.
    await p.waitForSelector("[data-testid=fill-bots]", { timeout: 15000 });
    assert.match(await p.textContent("[data-testid=waiting] .offer"), /unrated/);
    assert.ok(!p.url().includes("#game/"), "no game started by itself");
    assert.equal(await p.locator("[data-testid=board]").count(), 0);
    await p.click("[data-testid=fill-bots]");
    await p.waitForSelector("[data-testid=board] [data-piece]");
    const title = await p.textContent("[data-testid=game-title]");
    assert.ok(!/rated/.test(title), `an unrated game: ${title}`);
    assert.equal(await p.locator("[data-clock] .tag.you").count(), 1);
  });
});

test("leaving a running game asks first; the Watch page offers Return to your game", async () => {
  let pages = [];
  await withShots("leave", () => pages, async () => {
    const p = await visitor(1366, 768);
    pages = [p];
    await botGame(p, "ffa");
    const game = p.url();
    // Stay: the game is still there.
    const stay = p.waitForEvent("dialog").then(async (d) => { const m = d.message(); await d.dismiss(); return m; });
    await p.click("header nav a[data-page=watch]");
    assert.match(await stay, /still running/);
    await p.waitForFunction((u) => location.href === u, game);
    assert.equal(await p.locator("[data-testid=board]").count(), 1);
    // Leave: then Watch lists the game as ours.
    const go = p.waitForEvent("dialog").then((d) => d.accept());
    await p.click("header nav a[data-page=watch]");
    await go;
    const id = game.split("/").pop();
    await p.waitForSelector(`[data-return="${id}"]`);
    assert.match(await p.textContent(`[data-return="${id}"]`), /Return to your game/);
    await p.click(`[data-return="${id}"]`);
    await p.waitForSelector("[data-testid=board] [data-piece]");
    assert.equal(p.url(), game);
  });
});

test("nothing is cut: whole moves in the move list, whole names beside a status", async () => {
  let pages = [];
  await withShots("uncut", () => pages, async () => {
    const p = await visitor(390, 844, "#replay/lib/london-cambridge-1892-mate");
    pages = [p];
    await p.waitForSelector("[data-testid=replay-ply]");
    await p.click("[data-testid=end]");
    await p.waitForSelector("[data-testid=replay-moves] .mv");
    const cut = await p.$$eval("[data-testid=replay-moves] .mv", (els) => els
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === "ellipsis").map((e) => e.textContent));
    assert.deepEqual(cut, []);
    assert.ok(await p.locator("[data-testid=replay-moves] .mv", { hasText: /x[KQRBN]/ }).count() > 0, "long capture moves are in the list");
    await p.context().close();

    // An FFA player who resigned: his status has a line of its own, his name stays whole.
    const q = await visitor(1366, 768);
    pages = [q];
    await botGame(q, "ffa");
    // Three moves first: an earlier resignation aborts an FFA game.
    for (let k = 0; k < 3; k++) { await playOneOf(q, ["h2-h3", "i2-i3", "e2-e3"]); await moves(q, 4 * k + 1); }
    await q.click("[data-testid=resign]");
    await q.click("[data-testid=resign-yes]");
    await q.waitForFunction(() => document.querySelector("[data-clock=S] .status")?.textContent.includes("resigned"));
    const names = await q.$$eval("[data-clock] .name", (els) => els
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === "ellipsis").map((e) => e.textContent));
    assert.deepEqual(names, []);
  });
});

test("a header for players, one bot level by default, seats named by their colour", async () => {
  let pages = [];
  await withShots("header", () => pages, async () => {
    const p = await visitor(1366, 768, "");
    pages = [p];
    await p.waitForSelector("[data-testid=create]");
    const links = await p.$$eval("header nav > a", (els) => els.map((e) => e.textContent));
    assert.deepEqual(links, ["Play", "Tables", "Watch", "Tournaments", "Analysis", "Library", "Archive", "Leaderboard"]);
    // The rules in one menu, closed until opened.
    assert.equal(await p.isVisible("[data-testid=rules-menu] a[href='#rules/teams']"), false);
    await p.click("[data-testid=rules-menu] summary");
    await p.click("[data-testid=rules-menu] a[href='#rules/teams']");
    await p.waitForSelector(".diagram [data-piece]");
    assert.equal(await p.locator(".diagram").count(), 2, "the start and a key position");
    // The Play panel's and a table's bot level are the same, and seats are colours.
    await p.goto(`${server.base}/`);
    await p.waitForSelector("[data-testid=create]");
    assert.equal(await p.inputValue("[data-testid=play-level]"), "engine1");
    const seats = await p.$$eval("[data-testid=play-seat] option", (els) => els.map((e) => e.textContent));
    assert.deepEqual(seats, ["Red", "Blue", "Yellow", "Green"]);
    const t = await createTable(p, () => p.selectOption("[data-testid=rules]", "teams"));
    await p.click(`${t} [data-sit=S]`);
    await p.waitForSelector(`${t} [data-bot-level]`);
    assert.equal(await p.inputValue(`${t} [data-bot-level]`), "engine1");
    assert.ok(!/\bS = /.test(await p.textContent("[data-testid=tables]")), "no seat letters");
  });
});
