// Takes the README's screenshots into docs/: `node screenshots.mjs` (needs a built fourhand).

import { join } from "node:path";
import { startServer, launch, player, click, moves, root, tableAtDevice, ratedTeamsGame } from "./harness.mjs";

const out = (n) => join(root, "docs", n);
const server = await startServer();
const browser = await launch();
try {
  // Teams in progress: two seats at this device, bots in the others.
  const teams = await player(browser, server.base);
  await tableAtDevice(teams, "teams", ["S", "N"], ["W", "E"]);
  const line = [["h2", "h3"], ["g13", "g12"], ["i2", "i3"], ["h13", "h12"], ["e1", "f3"], ["j14", "i12"]];
  for (const [i, [f, t]] of line.entries()) {
    await teams.waitForFunction((s) => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === s, i % 2 ? "N" : "S");
    await click(teams, f, t);
    await moves(teams, 2 * i + 1);
  }
  await teams.waitForTimeout(600);
  await teams.screenshot({ path: out("teams-game.png") });

  // FFA with the scoreboard.
  const ffa = await player(browser, server.base);
  await tableAtDevice(ffa, "ffa", ["S"], ["W", "N", "E"]);
  for (const [i, [f, t]] of [["h2", "h3"], ["g1", "k5"], ["k5", "m7"], ["m7", "l8"]].entries()) {
    await ffa.waitForSelector(".clock.tomove[data-clock=S]");
    try { await click(ffa, f, t); await moves(ffa, 4 * i + 1); } catch { break; }
  }
  await ffa.waitForTimeout(800);
  await ffa.screenshot({ path: out("ffa-game.png") });

  // Verney: Black mated, his army inert.
  const v = await player(browser, server.base);
  await tableAtDevice(v, "verney1881", ["S", "W", "N", "E"]);
  const vl = [["h2", "h3"], ["a5", "c4"], ["i13", "i12"], ["m9", "l9"], ["g1", "m7"], ["c4", "d2"], ["h14", "n8"]];
  for (const [i, [f, t]] of vl.entries()) {
    await v.waitForFunction((s) => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === s, "SWNE"[i % 4]);
    await click(v, f, t);
    await moves(v, i + 1);
  }
  await v.waitForTimeout(600);
  await v.screenshot({ path: out("verney-mated.png") });
  // A rated game, then a winner's profile and the leaderboard.
  const { names, pages } = await ratedTeamsGame(browser, server.base, "ada");
  await pages[0].goto(`${server.base}/#player/${names[0]}`);
  await pages[0].waitForSelector("[data-testid=profile] [data-rating=teams-blitz]");
  await pages[0].screenshot({ path: out("profile.png") });
  await pages[2].goto(`${server.base}/#leaderboard/teams-blitz`);
  await pages[2].waitForSelector("[data-testid=leaderboard] [data-rank]");
  await pages[2].screenshot({ path: out("leaderboard.png") });

  // Lobby with open tables (last: its tables stay open).
  const host = await player(browser, server.base);
  for (const rules of ["teams", "ffa", "verney1881"]) {
    await host.selectOption("[data-testid=rules]", rules);
    await host.click("[data-testid=create]");
    await host.waitForTimeout(200);
  }
  await host.click("[data-sit=S]");
  await host.waitForTimeout(300);
  await host.screenshot({ path: out("lobby.png") });

} finally {
  await browser.close();
  server.stop();
}
