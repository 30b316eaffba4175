// Browser tests of playing: the Play panel, the move panel and reviewing, premoves, resigning,
// the endings, a move by keyboard, and a reload and a server restart in the middle of a game.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, player, click, moves, ourTurn, leaveFor, playOneOf, rulesOf, withShots, tableAtDevice, ratedTeamsGame, createTable, recordSent, sentFrames } from "./harness.mjs";

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); server?.stop(); });

/** At a hot-seat table (all four seats here), plays `line` by clicking, the board turning. */
async function hotSeat(p, rules, line) {
  await tableAtDevice(p, rules, ["S", "W", "N", "E"]);
  for (const [k, [from, to]] of line.entries()) {
    await p.waitForFunction((s) => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === s, ["S", "W", "N", "E"][k % 4]);
    await click(p, from, to);
    await moves(p, k + 1);
  }
}

/** From the Play panel, starts a game of `rules` against bots of `level` in `seat`. */
async function fromPlayPanel(p, rules, level, seat) {
  await p.selectOption("[data-testid=play-rules]", rules);
  await p.selectOption("[data-testid=play-level]", level);
  await p.selectOption("[data-testid=play-seat]", seat);
  await p.click("[data-testid=play-start]");
  await p.waitForSelector("[data-testid=board] [data-piece]");
}

const TWELVE = [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"], ["i2", "i3"], ["b9", "c9"],
  ["d13", "d12"], ["m9", "l9"], ["e2", "e3"], ["b10", "c10"], ["e13", "e12"], ["m10", "l10"]];

test("the Play panel starts a game against engine bots of the chosen level in the chosen seat", async () => {
  let pages = [];
  await withShots("play-panel", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await fromPlayPanel(p, "ffa", "engine2", "N");
    assert.equal(await p.getAttribute("[data-testid=board]", "data-bottom"), "N", "my seat at the bottom");
    const names = await p.$$eval("[data-clock]", (els) => els.map((e) => `${e.querySelector(".name").textContent} ${e.querySelector(".rating")?.textContent}`));
    for (const i of [0, 1, 3]) assert.match(names[i], /engine 2 1\d{3}/, names.join(" | "));
    assert.ok(!/\(bot\)/.test(names.join(" ")), "no doubled bot label");
    // The bots play South and West; then it is North's turn here.
    await ourTurn(p);
    await moves(p, 2);
  });
});

test("a Teams game with partners side by side (Red with Blue) starts from the Play panel and is played", async () => {
  let pages = [];
  await withShots("side-by-side", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    const label = await p.$eval('[data-testid=play-rules] option[value="teams Teammate=1"]', (o) => o.textContent);
    assert.match(label, /partners side by side: Red \+ Blue/);
    await fromPlayPanel(p, "teams Teammate=1", "random", "S");
    const state = await rulesOf(p);
    assert.equal(state, "teams Teammate=1");
    await ourTurn(p);
    await click(p, "h2", "h3");
    // Red's move, then the three bots (Blue, Red's partner, first).
    await moves(p, 4);
    // Partner chat is offered (the server sends it to Blue, the pairing's partner).
    await p.waitForSelector('[data-testid=chat-to] option[value="partner"]', { state: "attached" });
  });
});

test("a King of the Hill game frames the hill on the board", async () => {
  let pages = [];
  await withShots("king-of-the-hill", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await fromPlayPanel(p, "ffa KotH", "random", "S");
    const hill = await p.$$eval("[data-testid=board] [data-hill]", (els) => els.map((e) => e.dataset.hill).sort());
    assert.deepEqual(hill, ["g7", "g8", "h7", "h8"]);
    await ourTurn(p);
    await click(p, "h2", "h3");
    await moves(p, 4);
  });
});

test("a three-check game shows each king's lives beside its player", async () => {
  let pages = [];
  await withShots("three-check", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await fromPlayPanel(p, "teams 3-check", "random", "S");
    await p.waitForSelector("[data-lives=S]");
    const lives = await p.$$eval("[data-lives]", (els) => els.map((e) => e.textContent.trim()));
    assert.deepEqual(lives, ["♥3", "♥3", "♥3", "♥3"]);
    await ourTurn(p);
    await click(p, "h2", "h3");
    await moves(p, 4);
  });
});

test("a Chaturaji table is created, drawn as an 8×8 with sailboats, and played", async () => {
  let pages = [];
  await withShots("chaturaji", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    const label = await p.$eval('[data-testid=rules] option[value="chaturaji"]', (o) => o.textContent);
    assert.match(label, /Chaturaji/);
    // A hot-seat table: the four armies in the corners of the 8×8, the board turning.
    await hotSeat(p, "chaturaji", [["e4", "f6"], ["d10", "f9"], ["j11", "i9"], ["k5", "i6"]]);
    assert.equal(await p.getAttribute("[data-testid=board]", "data-centre"), "1");
    assert.equal(await p.getAttribute("[data-testid=board]", "viewBox"), "3 3 8 8");
    assert.equal(await p.locator("[data-testid=board] rect[data-sq]").count(), 64);
    assert.equal(await p.locator("[data-testid=board] [data-piece]").count(), 32);
    // The squares as Chaturaji players read them: d4 is a1; the rook is the sailboat.
    assert.match(await p.getAttribute('rect[data-sq="d4"]', "aria-label"), /^a1, Red sailboat/);
    const texts = await p.$$eval("[data-testid=moves] .mv", (els) => els.map((e) => e.textContent));
    assert.deepEqual(texts, ["Nb1-c3", "Na7-c6", "Ng8-f6", "Nh2-f3"]);
    // The rule page is there in words.
    await leaveFor(p, `${server.base}/#rules/chaturaji`);
    await p.waitForSelector("[data-testid=rules] h1");
    assert.match(await p.textContent("[data-testid=rules] h1"), /Chaturaji/);
  });
});

test("a Chess960 table draws its number, gives the four armies one back row, and is played", async () => {
  let pages = [];
  await withShots("chess960", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await p.waitForSelector("[data-testid=create]");
    await p.selectOption("[data-testid=rules]", "teams Chess960=random");
    assert.equal(await p.isDisabled("[data-testid=setup]"), true, "the arrangement is the start: no setup to choose");
    await hotSeat(p, "teams Chess960=random", [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"]]);
    const rules = await rulesOf(p);
    assert.match(rules, /^teams Chess960=\d+$/);
    // Red's back row from d1 is Yellow's from k14 (and Blue's from a4), piece by piece.
    const row = async (sqs) => Promise.all(sqs.map(async (s) => (await p.getAttribute(`[data-on="${s}"]`, "data-piece")).slice(1)));
    const red = await row(["d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1"]);
    assert.deepEqual(await row(["k14", "j14", "i14", "h14", "g14", "f14", "e14", "d14"]), red);
    assert.deepEqual(await row(["a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"]), red);
    assert.deepEqual([...red].sort(), ["B", "B", "K", "N", "N", "Q", "R", "R"]);
    assert.ok(red.indexOf("R") < red.indexOf("K") && red.indexOf("K") < red.lastIndexOf("R"), red.join(""));
    // Its rule page, reached from the rules menu, and every option's.
    await leaveFor(p, `${server.base}/#rules/chess960`);
    for (const [page, title] of [["chess960", /Chess960/], ["teammate", /side by side/], ["koth", /King of the Hill/],
      ["three-check", /Three-check/], ["capture-the-king", /King capture/], ["both-mate", /both opponents/],
      ["play-for-mate", /Playing for mate/]]) {
      await p.goto(`${server.base}/#rules/${page}`);
      await p.waitForFunction((re) => new RegExp(re).test(document.querySelector("[data-testid=rules] h1")?.textContent || ""), title.source);
    }
  });
});

test("a Conquest table is created and played; a replayed conquest draws the armies in their conqueror's colour", async () => {
  let pages = [];
  await withShots("conquest", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    const label = await p.$eval('[data-testid=rules] option[value="conquest"]', (o) => o.textContent);
    assert.match(label, /Conquest/);
    await hotSeat(p, "conquest", [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"]]);
    assert.equal(await rulesOf(p), "conquest");
    assert.equal(await p.locator("[data-points]").count(), 0, "no points: players are placed");
    // A recorded game in which Red mates Blue and Yellow mates Green, replayed to its end.
    const pgn = [
      '[Variant "Conquest"]',
      '[StartFen4 "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,yK,7,x,x,x/x,x,x,yP,yP,6,x,x,x/x,x,x,8,x,x,x/bK,11,yR,1/bR,bP,12/14/14/14/14/7,rR,1,rR,2,gP,1/12,gP,gK/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"]',
      "",
      "1. Rh5-h11# .. # .. Rm11-n11+# .. #",
    ].join("\n");
    const res = await p.evaluate(async (body) => {
      const r = await fetch("/api/import", { method: "POST", body });
      return { status: r.status, json: await r.json() };
    }, pgn);
    assert.equal(res.status, 201, JSON.stringify(res.json));
    await leaveFor(p, `${server.base}/#replay/game/${res.json.id}`);
    await p.waitForSelector("[data-testid=replay-moves]");
    await p.keyboard.press("End");
    for (let i = 0; i < 4; i++) await p.keyboard.press("ArrowRight");
    await p.waitForSelector('[data-on="a10"][data-controller="S"]');
    assert.equal(await p.getAttribute('[data-on="b10"]', "data-controller"), "S", "Blue's pawn is Red's");
    assert.equal(await p.getAttribute('[data-on="m5"]', "data-controller"), "N", "Green's pawns are Yellow's");
    assert.equal(await p.locator("[data-conquered]").count(), 4, "each keeps a badge of its own colour");
    assert.equal(await p.locator('[data-on="a11"]').count(), 0, "the mated king has left the board");
    assert.match(await p.getAttribute('rect[data-sq="a10"]', "aria-label"), /Blue rook \(moved by Red\)/);
    // A stalemated army freezes: grey pieces, its king marked.
    const frozen = [
      '[Variant "Conquest"]',
      '[StartFen4 "G-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,yK,1,bB,5,x,x,x/x,x,x,8,x,x,x/x,x,x,2,bN,5,x,x,x/14/10,yR,3/14/1,bR,12/bK,13/14/11,rB,gP,gP/13,gK/x,x,x,8,x,x,x/x,x,x,7,rR,x,x,x/x,x,x,4,rK,3,x,x,x"]',
      "",
      "1. S",
      "2. Kh1-i1",
    ].join("\n");
    const res2 = await p.evaluate(async (body) => {
      const r = await fetch("/api/import", { method: "POST", body });
      return { status: r.status, json: await r.json() };
    }, frozen);
    assert.equal(res2.status, 201, JSON.stringify(res2.json));
    await p.goto(`${server.base}/#replay/game/${res2.json.id}`);
    await p.waitForSelector("[data-testid=replay-moves]");
    for (let i = 0; i < 2; i++) await p.keyboard.press("ArrowRight");
    await p.waitForSelector('[data-frozen="n4"]');
    assert.equal(await p.getAttribute('[data-on="n5"]', "data-piece"), "EP-dead", "the frozen pawn is grey");
    // The rule page is there in words.
    await p.goto(`${server.base}/#rules/conquest`);
    await p.waitForSelector("[data-testid=rules] h1");
    assert.match(await p.textContent("[data-testid=rules] h1"), /Conquest/);
  });
});

test("an FFA game played for mate (Play4Mate) keeps no points and offers no partner chat", async () => {
  let pages = [];
  await withShots("play4mate", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    const label = await p.$eval('[data-testid=play-rules] option[value="ffa Play4Mate"]', (o) => o.textContent);
    assert.match(label, /last one standing/);
    await fromPlayPanel(p, "ffa Play4Mate", "random", "S");
    await ourTurn(p);
    await click(p, "h2", "h3");
    await moves(p, 4);
    assert.equal(await p.locator("[data-points]").count(), 0, "no points beside the names");
    assert.equal(await p.locator('[data-testid=chat-to] option[value="partner"]').count(), 0);
  });
});

test("the move panel shows numbered rounds in seat columns and reviews an earlier position", async () => {
  let pages = [];
  await withShots("move-panel", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await hotSeat(p, "teams", TWELVE);
    const rounds = await p.$$eval("[data-testid=moves] .round", (rs) => rs.map((r) => ({
      n: r.querySelector(".num").textContent, seats: [...r.querySelectorAll(".mv")].map((m) => m.dataset.seat),
      texts: [...r.querySelectorAll(".mv")].map((m) => m.textContent) })));
    assert.equal(rounds.length, 3);
    assert.deepEqual(rounds.map((r) => r.n), ["1.", "2.", "3."]);
    for (const r of rounds) assert.deepEqual(r.seats, ["S", "W", "N", "E"]);
    assert.deepEqual(rounds[1].texts, ["i2-i3", "b9-c9", "d13-d12", "m9-l9"]);
    // Round 2, Red's move: the board shows the position after it (i3 taken, d12 not yet).
    await p.click('[data-testid=moves] .round[data-round="2"] .mv[data-seat="S"]');
    await p.waitForSelector("[data-testid=review] [data-testid=live]");
    assert.equal(await p.getAttribute('[data-on="i3"]', "data-piece"), "SP");
    assert.equal(await p.locator('[data-on="d12"]').count(), 0, "North's d13-d12 comes later");
    assert.equal(await p.locator('[data-testid=board] [data-last="S"]').count(), 2, "that move is highlighted in Red");
    // Arrow keys step through the record; the button returns to the game.
    await p.keyboard.press("ArrowRight");
    await p.waitForSelector('[data-on="c9"]');
    assert.equal(await p.locator('[data-on="d12"]').count(), 0);
    await p.click("[data-testid=live]");
    await p.waitForSelector('[data-on="d12"]');
    assert.equal(await p.locator("[data-testid=review] [data-testid=live]").count(), 0);
  });
});

test("a premove is played at the seat's turn, and one that is illegal then is dropped", async () => {
  let pages = [];
  await withShots("premove", () => pages, async () => {
    const south = await player(browser, server.base);
    const west = await player(browser, server.base);
    pages = [south, west];
    const tb = await createTable(south, () => south.selectOption("[data-testid=rules]", "teams"));
    await south.waitForSelector(`${tb} [data-sit=S]`);
    await south.click(`${tb} [data-sit=S]`);
    await west.waitForSelector(`${tb} [data-sit=W]`);
    await west.click(`${tb} [data-sit=W]`);
    for (const s of ["N", "E"]) { await south.waitForSelector(`${tb} [data-bot=${s}]`); await south.click(`${tb} [data-bot=${s}]`); }
    for (const p of pages) await p.waitForSelector("[data-testid=board] [data-piece]");
    // South is to move; West queues b7-c7.
    await west.click('rect[data-sq="b7"]');
    await west.click('rect[data-sq="c7"]');
    await west.waitForSelector("[data-testid=premove-cancel]");
    assert.equal(await west.locator("[data-testid=board] [data-premove]").count(), 2, "the queued move is shown");
    await click(south, "h2", "h3");
    const m = await moves(west, 2);
    assert.deepEqual(m.slice(0, 2), ["h2-h3", "b7-c7"], "played the moment West's turn came");
    assert.equal(await west.locator("[data-testid=premove-cancel]").count(), 0);
    // Next round West queues a knight jump onto its own pawn: never legal, dropped at its turn.
    await moves(south, 4); // the bots moved
    await ourTurn(south);
    await west.click('rect[data-sq="a10"]');
    await west.click('rect[data-sq="b8"]');
    await west.waitForSelector("[data-testid=premove-cancel]");
    await playOneOf(south, ["i2-i3"]);
    await west.waitForFunction(() => /no longer legal/.test(document.querySelector("[data-testid=notice]").textContent));
    assert.equal(await west.locator("[data-testid=premove-cancel]").count(), 0);
    assert.equal((await moves(west, 5)).length, 5, "West's dropped premove made no move; West is to move");
    // A queued move can be cancelled.
    await click(west, "b9", "c9");
    await moves(west, 6);
    await west.click('rect[data-sq="b10"]');
    await west.click('rect[data-sq="c10"]');
    await west.click("[data-testid=premove-cancel]");
    await west.waitForFunction(() => !document.querySelector("[data-testid=premove-cancel]"));
  });
});

test("resign asks first; an FFA player who resigns is told his place and offered Watch or Leave", async () => {
  let pages = [];
  await withShots("resign", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await tableAtDevice(p, "ffa", ["S"], ["W", "N", "E"]);
    // Three moves first: an earlier resignation aborts an FFA game (rules.md §5.3).
    for (const [k, [f, t]] of [["h2", "h3"], ["i2", "i3"], ["e2", "e3"]].entries()) {
      await playOneOf(p, [`${f}-${t}`], 20000);
      await moves(p, 4 * k + 1);
    }
    assert.equal(await p.locator("[data-testid=claim]").count(), 0, "no claim while four play");
    await recordSent(p);
    await p.click("[data-testid=resign]");
    await p.waitForSelector("[data-testid=resign-confirm]");
    await p.click("[data-testid=resign-no]");
    await p.waitForSelector("[data-testid=resign-confirm]", { state: "detached" });
    assert.deepEqual((await sentFrames(p)).filter((m) => m.type === "resign"), [], "cancelled: nothing sent");
    assert.equal(await p.locator("[data-testid=ffa-out]").count(), 0, "cancelled: nothing happened");
    await p.click("[data-testid=resign]");
    await p.click("[data-testid=resign-yes]");
    await p.waitForSelector("[data-testid=ffa-out]");
    assert.match(await p.textContent("[data-testid=out-place]"), /place [1-4] with \d+ points?/);
    await p.click("[data-testid=watch]");
    assert.equal(await p.locator("[data-testid=resign]").count(), 0, "dead buttons disappear");
    assert.ok((await p.textContent('[data-clock="S"]')).includes("resigned"));
  });
});

test("the game-over dialog names the placings of an FFA game", async () => {
  let pages = [];
  await withShots("ffa-over", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await hotSeat(p, "ffa", TWELVE);
    // Someone in the lobby sees the game among the live games …
    const lobby = await player(browser, server.base);
    pages.push(lobby);
    const id = p.url().split("/").pop();
    await lobby.waitForSelector(`[data-live="${id}"]`);
    for (const s of ["S", "W", "N"]) {
      await p.waitForFunction((s) => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === s, s);
      await p.click("[data-testid=resign]");
      await p.click("[data-testid=resign-yes]");
      if (s !== "N") await p.waitForFunction((s) => document.querySelector(`[data-clock=${s}]`).textContent.includes("resigned"), s);
    }
    await p.waitForSelector("[data-testid=game-over] [data-testid=placings]");
    const places = await p.$$eval("[data-testid=placings] li", (li) => li.map((x) => x.textContent));
    assert.equal(places.length, 4);
    assert.match(places[0], /^1\. Green/, places.join(" | "));
    // Each line carries its place (ties share one); the list numbers nothing itself.
    const style = await p.$eval("[data-testid=placings]", (e) => [e.tagName, getComputedStyle(e).listStyleType]);
    assert.deepEqual(style, ["UL", "none"]);
    for (const b of ["rematch", "new-game", "to-lobby", "replay-link"]) assert.equal(await p.locator(`[data-testid=game-over] [data-testid=${b}]`).count(), 1, b);
    // … and it leaves them at once when it ends (the list's own refresh is every 10 s).
    await lobby.waitForSelector(`[data-live="${id}"]`, { state: "detached", timeout: 3000 });
  });
});

test("a rated game's dialog shows the rating changes; a rematch seats those who accept", async () => {
  let pages = [];
  await withShots("rematch", () => pages, async () => {
    const game = await ratedTeamsGame(browser, server.base, `m${Date.now() % 100000}`);
    pages = game.pages;
    const p = pages[0];
    assert.match(await p.textContent("[data-testid=winners]"), /Red and Yellow win/);
    await p.waitForFunction(() => document.querySelectorAll("[data-testid=rating-changes] li").length === 4);
    const red = await p.textContent('[data-rating-seat="S"]');
    assert.match(red, /1500 → 1\d{3} \(\+\d+\)/, red);
    // Red asks for a rematch; the others accept; the new game opens for all four.
    const before = p.url();
    await p.click("[data-testid=rematch]");
    for (const q of pages.slice(1)) {
      await q.waitForSelector("[data-testid=rematch-accept]");
      await q.click("[data-testid=rematch-accept]");
    }
    for (const q of pages) await q.waitForFunction((u) => location.href !== u && location.hash.startsWith("#game/"), before);
    for (const q of pages) await q.waitForSelector("[data-testid=board] [data-piece]");
    assert.equal(await pages[1].getAttribute("[data-testid=board]", "data-bottom"), "W", "same seats");
  });
});

test("a whole move made with the keyboard only", async () => {
  let pages = [];
  await withShots("keyboard", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await tableAtDevice(p, "teams", ["S"], ["W", "N", "E"]);
    await ourTurn(p);
    // Tab until a square of the board has the focus.
    for (let i = 0; i < 80; i++) {
      if (await p.evaluate(() => document.activeElement?.matches?.("rect[data-sq]"))) break;
      await p.keyboard.press("Tab");
    }
    assert.equal(await p.evaluate(() => document.activeElement.getAttribute("data-sq")), "h7");
    assert.equal(await p.evaluate(() => document.activeElement.getAttribute("aria-label")), "h7, empty");
    // ← and → move the board's focus only: the move panel does not step back to the start
    // (where the board would refuse moves).
    await p.keyboard.press("ArrowLeft");
    assert.equal(await p.evaluate(() => document.activeElement.getAttribute("data-sq")), "g7");
    await p.keyboard.press("ArrowRight");
    assert.equal(await p.evaluate(() => document.activeElement.getAttribute("data-sq")), "h7");
    assert.equal(await p.locator("[data-testid=review] [data-testid=live]").count(), 0, "not reviewing");
    for (let i = 0; i < 5; i++) await p.keyboard.press("ArrowDown");
    assert.equal(await p.evaluate(() => document.activeElement.getAttribute("aria-label")), "h2, Red pawn");
    await p.keyboard.press("Enter");
    await p.waitForSelector('circle[data-target="h3"]');
    await p.keyboard.press("ArrowUp");
    await p.keyboard.press("Enter");
    const m = await moves(p, 1);
    assert.equal(m[0], "h2-h3");
    // Every move is its own line of the live region: the bots' answers do not replace Red's move.
    await p.waitForFunction(() => [...document.querySelectorAll("[data-testid=announce] > div")].some((d) => d.textContent === "Red: pawn h2 to h3"));
  });
});

test("a reload and a server restart in the middle of a game keep the move list complete", async () => {
  let pages = [];
  await withShots("restart", () => pages, async () => {
    const p = await player(browser, server.base);
    pages = [p];
    await hotSeat(p, "teams", TWELVE.slice(0, 6));
    await p.reload();
    await p.waitForSelector("[data-testid=board] [data-piece]");
    assert.deepEqual(await moves(p, 6), TWELVE.slice(0, 6).map(([f, t]) => `${f}-${t}`));
    await server.restart();
    await p.waitForSelector("#net:not(.online)").catch(() => {});
    await p.waitForSelector("#net.online", { timeout: 20000 });
    // The game goes on: North moves, and the list still holds every move.
    await p.waitForFunction(() => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === "N");
    await ourTurn(p, 20000);
    await click(p, "d13", "d12");
    assert.deepEqual(await moves(p, 7), TWELVE.slice(0, 7).map(([f, t]) => `${f}-${t}`));
    await p.reload();
    await p.waitForSelector("[data-testid=board] [data-piece]");
    assert.equal((await moves(p, 7)).length, 7);
  });
});
