// Takes the README's screenshots into docs/: `node screenshots.mjs` (needs a built fourhand).

import { join } from "node:path";
import { startServer, launch, player, click, moves, ourTurn, playOneOf, root, tableAtDevice, ratedTeamsGame, createTable } from "./harness.mjs";

const out = (n) => join(root, "docs", n);
const server = await startServer();
const browser = await launch();

/** Plays `line` at a hot-seat page whose board turns to the seat to move. */
async function line(p, moves_, seats = "SWNE") {
  for (const [i, [f, t]] of moves_.entries()) {
    await p.waitForFunction((s) => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === s, seats[i % seats.length]);
    await click(p, f, t);
    await moves(p, i + 1);
  }
}

try {
  // Teams in progress: all four seats at this device, three rounds played.
  const teams = await player(browser, server.base);
  await tableAtDevice(teams, "teams", ["S", "W", "N", "E"]);
  await line(teams, [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"], ["i2", "i3"], ["b9", "c9"],
    ["d13", "d12"], ["m9", "l9"], ["e1", "f3"], ["a10", "c11"], ["j14", "i12"]]);
  await teams.waitForTimeout(500);
  await teams.screenshot({ path: out("teams-game.png") });
  // Reviewing round 2 while the game goes on.
  await teams.click('[data-testid=moves] .round[data-round="2"] .mv[data-seat="W"]');
  await teams.waitForSelector("[data-testid=review] [data-testid=live]");
  await teams.screenshot({ path: out("review.png") });

  // FFA against engine bots from the Play panel.
  const ffa = await player(browser, server.base);
  await ffa.selectOption("[data-testid=play-rules]", "ffa");
  await ffa.selectOption("[data-testid=play-level]", "engine1");
  await ffa.click("[data-testid=play-start]");
  await ffa.waitForSelector("[data-testid=board] [data-piece]");
  for (let k = 0; k < 4; k++) {
    await playOneOf(ffa, ["h2-h3", "g1-k5", "k5-m7", "i2-i3"]);
    await moves(ffa, 4 * k + 1);
  }
  await ffa.waitForTimeout(800);
  await ffa.screenshot({ path: out("ffa-game.png") });

  // Verney: Black mated, his army inert.
  const v = await player(browser, server.base);
  await tableAtDevice(v, "verney1881", ["S", "W", "N", "E"]);
  await line(v, [["h2", "h3"], ["a5", "c4"], ["i13", "i12"], ["m9", "l9"], ["g1", "m7"], ["c4", "d2"], ["h14", "n8"]]);
  await v.waitForTimeout(600);
  await v.screenshot({ path: out("verney-mated.png") });

  // A rated game: the game-over dialog, a winner's profile and the leaderboard.
  const { names, pages } = await ratedTeamsGame(browser, server.base, "ada");
  await pages[0].waitForFunction(() => document.querySelectorAll("[data-testid=rating-changes] li").length === 4);
  await pages[0].screenshot({ path: out("game-over.png") });
  await pages[0].goto(`${server.base}/#player/${names[0]}`);
  await pages[0].waitForSelector("[data-testid=profile] [data-rating=teams-blitz]");
  await pages[0].screenshot({ path: out("profile.png") });
  await pages[2].goto(`${server.base}/#leaderboard/teams-blitz`);
  await pages[2].waitForSelector("[data-testid=leaderboard-rule]");
  await pages[2].screenshot({ path: out("leaderboard.png") });

  // A phone: the lobby and a game.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })).newPage();
  await phone.goto(`${server.base}/`);
  await phone.waitForSelector("[data-testid=play-start]");
  await phone.screenshot({ path: out("phone-lobby.png") });
  await phone.tap("[data-testid=play-start]");
  await phone.waitForSelector("[data-testid=board] [data-piece]");
  await ourTurn(phone);
  await phone.tap('rect[data-sq="h2"]');
  await phone.tap('rect[data-sq="h3"]');
  await moves(phone, 3);
  await phone.waitForTimeout(400);
  await phone.screenshot({ path: out("phone-game.png") });

  // Arabic, right to left: a game against bots.
  const ar = await (await browser.newContext({ viewport: { width: 1200, height: 860 }, locale: "ar" })).newPage();
  await ar.goto(`${server.base}/`);
  await ar.waitForSelector("[data-testid=play-start]");
  await ar.click("[data-testid=play-start]");
  await ar.waitForSelector("[data-testid=board] [data-piece]");
  await ourTurn(ar);
  await click(ar, "h2", "h3");
  await moves(ar, 3);
  await ar.waitForTimeout(400);
  await ar.screenshot({ path: out("arabic-game.png") });

  // The lobby with open tables (last: its tables stay open).
  const host = await player(browser, server.base);
  for (const rules of ["teams", "ffa", "verney1881"]) await createTable(host, () => host.selectOption("[data-testid=rules]", rules));
  await host.click("[data-sit=S]");
  await host.waitForTimeout(300);
  await host.screenshot({ path: out("lobby.png") });
} finally {
  await browser.close();
  server.stop();
}
