// Before/after screenshots at 1366×768 for a change to the play page: a game against bots, the
// end of an FFA game and the end of a Teams game. `SHOTS=before FOURHAND_BIN=<old build> node
// compare-shots.mjs`, then `SHOTS=after node compare-shots.mjs`; the files go to
// docs/play-experience/. Only steps both clients have (clicks, data-testid) are used.

import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { startServer, launch, click, moves, root } from "./harness.mjs";

const prefix = process.env.SHOTS || "after";
const dir = join(root, "docs", "play-experience");
mkdirSync(dir, { recursive: true });
const out = (n) => join(dir, `${prefix}-${n}.png`);
const server = await startServer();
const browser = await launch();

async function page() {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const p = await ctx.newPage();
  p.on("dialog", (d) => d.accept());
  await p.goto(`${server.base}/`);
  await p.waitForSelector("[data-testid=create]");
  await p.waitForSelector("#net.online", { state: "attached" });
  return p;
}

/** A table of `rules` at this page: `seats` here, random bots in `bots`. */
async function table(p, rules, seats, bots = []) {
  const before = await p.$$eval("[data-table]", (els) => els.map((e) => e.dataset.table));
  await p.selectOption("[data-testid=rules]", rules);
  await p.click("[data-testid=create]");
  const id = await (await p.waitForFunction((b) => [...document.querySelectorAll("[data-table]")].find((e) => !b.includes(e.dataset.table))?.dataset.table, before)).jsonValue();
  const t = `[data-table="${id}"]`;
  for (const s of seats) { await p.waitForSelector(`${t} [data-sit=${s}]`); await p.click(`${t} [data-sit=${s}]`); }
  if (bots.length) await p.selectOption(`${t} [data-bot-level]`, "random");
  for (const s of bots) { await p.waitForSelector(`${t} [data-bot=${s}]`); await p.click(`${t} [data-bot=${s}]`); }
  await p.waitForSelector("[data-testid=board] [data-piece]");
}

const bottomIs = (p, s) => p.waitForFunction((s) => document.querySelector("[data-testid=board]").getAttribute("data-bottom") === s, s);

try {
  // A Teams game against bots, a round played, Red to move again.
  const game = await page();
  await table(game, "teams", ["S"], ["W", "N", "E"]);
  await click(game, "h2", "h3");
  await moves(game, 4);
  await game.waitForTimeout(1500);
  await game.screenshot({ path: out("game") });

  // FFA at one device: two rounds, then Red, Blue and Yellow resign.
  const ffa = await page();
  await table(ffa, "ffa", ["S", "W", "N", "E"]);
  const line = [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"], ["i2", "i3"], ["b9", "c9"], ["d13", "d12"], ["m9", "l9"],
    ["e2", "e3"], ["b10", "c10"], ["e13", "e12"], ["m10", "l10"]];
  for (const [i, [f, t]] of line.entries()) { await bottomIs(ffa, "SWNE"[i % 4]); await click(ffa, f, t); await moves(ffa, i + 1); }
  for (const s of ["S", "W", "N"]) {
    await bottomIs(ffa, s);
    await ffa.click("[data-testid=resign]");
    await ffa.click("[data-testid=resign-yes]");
    if (s !== "N") await ffa.waitForSelector("[data-testid=ffa-out] [data-testid=watch]").then((b) => b.click()).catch(() => {});
  }
  await ffa.waitForSelector("[data-testid=game-over]");
  await ffa.waitForTimeout(500);
  await ffa.screenshot({ path: out("ffa-over") });

  // Teams against bots: Red moves once, then resigns.
  const teams = await page();
  await table(teams, "teams", ["S"], ["W", "N", "E"]);
  await click(teams, "h2", "h3");
  await moves(teams, 1);
  await teams.click("[data-testid=resign]");
  await teams.click("[data-testid=resign-yes]");
  await teams.waitForSelector("[data-testid=game-over]");
  await teams.waitForTimeout(500);
  await teams.screenshot({ path: out("teams-over") });
} finally {
  await browser.close();
  server.stop();
}
