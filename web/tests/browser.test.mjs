// Browser tests: real Chromium pages against a real server.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, player, click, moves, arrow, playOneOf, withShots, tableAtDevice, ratedTeamsGame, createTable, recordSent, sentFrames } from "./harness.mjs";

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); server?.stop(); });

/** Four players at a new table of `rules`; returns their pages (S, W, N, E) on the game. */
async function fourAtTable(rules) {
  const pages = [];
  for (let i = 0; i < 4; i++) pages.push(await player(browser, server.base));
  const t = await createTable(pages[0], () => pages[0].selectOption("[data-testid=rules]", rules));
  for (const [i, seat] of ["S", "W", "N", "E"].entries()) {
    const sel = `${t} [data-sit=${seat}]`;
    await pages[i].waitForSelector(sel);
    await pages[i].click(sel);
    if (i < 3) await pages[i].waitForSelector(sel, { state: "detached" });
  }
  for (const p of pages) await p.waitForSelector("[data-testid=board] [data-piece]");
  return pages;
}

test("four players take the seats of a Teams table and play by clicking; a spectator sees the moves", async () => {
  let pages = [];
  await withShots("teams", () => pages, async () => {
    pages = await fourAtTable("teams");
    for (const [i, side] of ["S", "W", "N", "E"].entries()) {
      assert.equal(await pages[i].getAttribute("[data-testid=board]", "data-bottom"), side, "own seat at the bottom");
    }
    const watcher = await player(browser, server.base);
    const gameUrl = pages[0].url();
    await watcher.goto(gameUrl);
    await watcher.waitForSelector("[data-testid=board] [data-piece]");
    pages.push(watcher);
    const line = [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"]];
    for (const [i, [from, to]] of line.entries()) {
      await pages[i].waitForSelector(".plate.running");
      await click(pages[i], from, to);
      await moves(pages[i], i + 1);
    }
    for (const p of pages) assert.deepEqual(await moves(p, 4), ["h2-h3", "b7-c7", "g13-g12", "m8-l8"]);
    // An illegal attempt is never sent: the page's socket sends nothing for it. Every frame
    // it sends from here on is recorded; a legal move after it is the barrier (frames leave
    // in order), and the moves between are only that one.
    await recordSent(pages[0]);
    await click(pages[0], "h3", "h6", { legal: false });
    await click(pages[0], "h3", "h4");
    assert.deepEqual((await moves(pages[0], 5)).slice(4), ["h3-h4"]);
    const plays = (await sentFrames(pages[0])).filter((m) => m.type === "play");
    assert.deepEqual(plays.map((m) => `${m.from}-${m.to}`), ["h3-h4"], "only the legal move was sent");
  });
});

test("an arrow reaches the partner and no opponent or spectator; partner chat too", async () => {
  let pages = [];
  await withShots("arrows", () => pages, async () => {
    pages = await fourAtTable("teams");
    const watcher = await player(browser, server.base);
    await watcher.goto(pages[0].url());
    await watcher.waitForSelector("[data-testid=board] [data-piece]");
    pages.push(watcher);
    await arrow(pages[0], "g1", "j4");
    await pages[2].waitForSelector('line[data-arrow="g1-j4"]');
    await pages[0].waitForSelector('line[data-arrow="g1-j4"]');
    await pages[0].fill("[data-testid=chat-input]", "queen to j4?");
    await pages[0].press("[data-testid=chat-input]", "Enter");
    await pages[2].waitForSelector('[data-chat=partner]');
    // A table line sent after them is the barrier: whoever shows it has had everything before.
    await pages[0].selectOption("[data-testid=chat-to]", "table");
    await pages[0].fill("[data-testid=chat-input]", "good luck");
    await pages[0].press("[data-testid=chat-input]", "Enter");
    for (const p of [pages[1], pages[3], watcher]) await p.waitForSelector('[data-chat=table]');
    for (const p of [pages[1], pages[3], watcher]) {
      assert.equal(await p.locator('line[data-arrow]').count(), 0, "no arrow for opponents or spectators");
      assert.equal(await p.locator('[data-chat=partner]').count(), 0, "no partner chat either");
    }
  });
});

test("a hot-seat game with bots turns the board to the seat to move; a reload resumes it", async () => {
  let pages = [];
  await withShots("hotseat", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await tableAtDevice(p, "teams", ["S", "N"], ["W", "E"]);
    await p.waitForFunction(() => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === "S");
    await click(p, "h2", "h3");
    // West's bot moves, then it is North's turn at this device: the board turns.
    await p.waitForFunction(() => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === "N");
    await click(p, "g13", "g12");
    await moves(p, 3);
    await p.reload();
    await p.waitForSelector("[data-testid=board] [data-piece]");
    const again = await moves(p, 4);
    assert.deepEqual(again.slice(0, 3).map((m) => m.length > 0), [true, true, true]);
    assert.equal(again[0], "h2-h3");
    assert.ok(again[2].startsWith("g13-g12"));
    await p.waitForFunction(() => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === "S");
    // The bots' moves are random: i2-i3 was once illegal (Green's m6-l6 pinned the pawn), so
    // take a move from the legal list the server sent.
    await playOneOf(p, ["j1-k3"]);
    try {
      await moves(p, 5);
    } catch (e) {
      const seen = await p.evaluate(() => ({ info: document.querySelector("[data-testid=info]").textContent, notice: document.querySelector("[data-testid=notice]").textContent }));
      throw new Error(`${e.message}\n${JSON.stringify(seen)}`);
    }
  });
});

test("the 1892 game and its printed mating line replay move by move", async () => {
  let pages = [];
  await withShots("replay", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await p.goto(`${server.base}/#library`);
    await p.click('[data-lib="london-cambridge-1892"]');
    await p.waitForSelector("[data-testid=replay-ply]");
    for (let i = 0; i < 24; i++) await p.keyboard.press("ArrowRight");
    assert.match(await p.textContent("[data-testid=replay-ply]"), /^24\/24/);
    await p.goto(`${server.base}/#replay/lib/london-cambridge-1892-mate`);
    await p.waitForSelector("[data-testid=replay-ply]");
    for (let i = 0; i < 24; i++) await p.click("[data-testid=next]");
    assert.match(await p.textContent("[data-testid=replay-ply]"), /24\/28: Ql7xh3#/);
    assert.doesNotMatch(await p.textContent("[data-testid=replay-result]"), /^\*$/, "a result in words, not '*'");
    assert.equal(await p.getAttribute("[data-testid=export]", "download"), "fourhand-london-cambridge-1892-mate.pgn4");
    assert.equal(await p.getAttribute('[data-on="h1"]', "data-inert"), "1", "White's army is inert when mated");
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("ArrowRight");
    assert.match(await p.textContent("[data-testid=replay-ply]"), /26\/28: Qg2xg12/);
    assert.equal(await p.getAttribute('[data-on="h1"]', "data-inert"), "0", "and live again when revived");
    assert.equal(await p.locator("[data-testid=board] [data-check]").count(), 2, "Qg2xg12+ checks two kings: both shown");
  });
});

test("a guest registers, and a pasted PGN4 is imported and replayed", async () => {
  let pages = [];
  await withShots("account", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    const name = `ann${Date.now() % 100000}`;
    await p.fill("[data-testid=login-name]", name);
    await p.fill("[data-testid=login-password]", "long enough secret");
    await p.click("[data-testid=register]");
    await p.waitForFunction((n) => document.querySelector("#me")?.textContent === n, name);
    await p.waitForSelector("#net.online");
    const pgn = "[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]\n\n1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n2. Qg1-j4\n";
    await p.fill("[data-testid=import-text]", pgn);
    await p.click("[data-testid=import]");
    await p.waitForSelector("[data-testid=replay-ply]");
    await p.keyboard.press("End");
    assert.match(await p.textContent("[data-testid=replay-ply]"), /^5\/5: Qg1-j4/);
  });
});

test("a move by drag and drop", async () => {
  let pages = [];
  await withShots("drag", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await tableAtDevice(p, "ffa", ["S"], ["W", "N", "E"]);
    await p.waitForSelector(".plate.running[data-clock=S]");
    await p.waitForTimeout(300);
    const a = await p.locator('rect[data-sq="j2"]').boundingBox();
    const b = await p.locator('rect[data-sq="j4"]').boundingBox();
    await p.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await p.mouse.down();
    await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await p.mouse.up();
    const m = await moves(p, 1);
    assert.equal(m[0], "j2-j4");
    assert.ok(await p.locator("[data-points=S]").count() === 1, "FFA shows the scoreboard");
  });
});

test("a rated game shows in the profiles, the archive and the leaderboard", async () => {
  let pages = [];
  await withShots("records", () => pages, async () => {
    const tag = `r${Date.now() % 100000}`;
    const game = await ratedTeamsGame(browser, server.base, tag);
    pages = game.pages;
    const names = game.names;
    // The ending in words, the player's own first; no raw result code.
    await pages[0].waitForSelector("[data-testid=game-over] [data-testid=verdict]");
    assert.equal(await pages[0].textContent("[data-testid=verdict]"), "You won");
    await pages[1].waitForSelector("[data-testid=game-over] [data-testid=verdict]");
    assert.equal(await pages[1].textContent("[data-testid=verdict]"), "You lost");
    assert.equal(await pages[0].textContent("[data-testid=reason]"), "Blue: resigned");
    assert.doesNotMatch(await pages[0].textContent("[data-testid=game-over]"), /\b1-0\b|\b0-1\b/);

    // Profiles: the winners gained, the losers lost, all provisional.
    const rating = async (p, name) => {
      await p.goto(`${server.base}/#player/${name}`);
      await p.waitForSelector("[data-testid=profile] [data-rating=teams-blitz]");
      return p.textContent("[data-testid=profile] [data-rating=teams-blitz]");
    };
    const red = await rating(pages[0], names[0]);
    const blue = await rating(pages[1], names[1]);
    assert.match(red, /^\d+\?$/);
    assert.ok(parseInt(red) > 1500 && parseInt(blue) < 1500, `${red} ${blue}`);
    assert.match(await pages[0].textContent("[data-record=teams]"), /won 1 · drawn 0 · lost 0/);
    assert.equal(await pages[0].locator("[data-testid=profile] svg.chart polyline").count(), 1);

    // The archive finds the game by player, mode and date, and opens its replay.
    const a = pages[2];
    await a.goto(`${server.base}/#archive`);
    await a.fill("[data-testid=archive-player]", names[2]);
    await a.selectOption("[data-testid=archive-rules]", "teams");
    const today = new Date().toISOString().slice(0, 10);
    await a.fill("[data-testid=archive-from]", today);
    await a.fill("[data-testid=archive-to]", today);
    await a.click("[data-testid=archive-search]");
    await a.waitForSelector("[data-testid=archive-results] [data-archive]");
    assert.equal(await a.locator("[data-testid=archive-results] [data-archive]").count(), 1);
    await a.selectOption("[data-testid=archive-rules]", "ffa");
    await a.click("[data-testid=archive-search]");
    await a.waitForSelector("[data-testid=archive-results] >> text=no games found");
    await a.selectOption("[data-testid=archive-rules]", "teams");
    await a.click("[data-testid=archive-search]");
    await a.click("[data-testid=archive-results] [data-replay]");
    await a.waitForSelector("[data-testid=replay-ply]");
    await a.keyboard.press("End");
    assert.match(await a.textContent("[data-testid=replay-ply]"), /^6\/6: R/, "five moves and Blue's resignation");
    const id = (await a.url()).split("/").pop();
    const pgn = await (await fetch(`${server.base}/api/games/${id}/pgn4`)).text();
    assert.match(pgn, /\[RedElo "1500"\]/);

    // The leaderboard lists none of the four yet (one game each, provisional), and says why.
    const l = pages[3];
    await l.goto(`${server.base}/#leaderboard/teams-blitz`);
    await l.waitForSelector("[data-testid=leaderboard-rule]");
    assert.match(await l.textContent("[data-testid=leaderboard-rule]"), /25 or more rated games .* last 14 days/);
    const rows = await l.locator("[data-testid=leaderboard] tbody tr").allTextContents();
    assert.equal(rows.filter((r) => r.includes(tag)).length, 0, rows.join("\n"));
  });
});
