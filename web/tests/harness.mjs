// Starts a fourhand server and Debian's Chromium for the browser tests.

import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import net from "node:net";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, "..", "..");

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

/** A fourhand server on a free port with its own data directory; `restart()` stops it
 *  (SIGTERM, waiting for it to exit) and starts it again on the same port and data. */
export async function startServer() {
  const port = await freePort();
  const bin = process.env.FOURHAND_BIN || join(root, "target", "debug", "fourhand");
  const data = mkdtempSync(join(tmpdir(), "fourhand-web-"));
  const base = `http://127.0.0.1:${port}`;
  let proc;
  const up = async () => {
    proc = spawn(bin, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data,
      "--bot-delay-ms", "150", "--start-secs", "120", "--pair-wait-secs", "2", "--admins", "arbiter"], { stdio: "ignore" });
    for (let i = 0; i < 200; i++) {
      try { const r = await fetch(`${base}/healthz`); if (r.ok) break; } catch {}
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await up();
  const down = () => new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once("exit", resolve);
    proc.kill("SIGTERM");
  });
  return { base, stop: () => proc.kill("SIGINT"), restart: async () => { await down(); await up(); } };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
}

/** Runs `body`; on failure saves a screenshot of every page to test-results/ and rethrows. */
export async function withShots(name, pages, body) {
  try {
    await body();
  } catch (e) {
    mkdirSync(join(here, "test-results"), { recursive: true });
    for (const [i, p] of pages().entries()) {
      await p.screenshot({ path: join(here, "test-results", `${name}-${i}.png`) }).catch(() => {});
    }
    throw e;
  }
}

/** A new browser context (its own guest session) on the lobby. */
export async function player(browser, base) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector("[data-testid=create]");
  await page.waitForSelector("#net.online");
  return page;
}

/** Clicks `from` then `to` on the page's board (waiting for `to` to be offered when it is legal). */
export async function click(page, from, to, { legal = true } = {}) {
  for (let i = 0; i < 150; i++) {
    await page.click(`rect[data-sq="${from}"]`);
    if (!legal || (await page.locator(`circle[data-target="${to}"]`).count()) > 0) break;
    await page.waitForTimeout(100);
  }
  await page.click(`rect[data-sq="${to}"]`);
}

/** Waits until one of our pieces has a move (the board marks them when it is our turn). */
export async function ourTurn(page, timeout = 30000) {
  await page.waitForSelector("rect[data-movable]", { timeout, state: "attached" });
}

/** Plays the first of `preferred` ("h2-h3") the board offers, else any move it offers — as a
 *  player finds them: a click on a piece shows its targets. Returns the move played. */
export async function playOneOf(page, preferred = [], timeout = 30000) {
  await ourTurn(page, timeout);
  for (const m of preferred) {
    const [f, t] = m.split("-");
    if (!(await page.locator(`rect[data-sq="${f}"][data-movable]`).count())) continue;
    await page.click(`rect[data-sq="${f}"]`);
    if (await page.locator(`circle[data-target="${t}"]`).count()) { await page.click(`rect[data-sq="${t}"]`); return m; }
    await page.click(`rect[data-sq="${f}"]`); // not offered: put the piece down
  }
  const from = await page.getAttribute("rect[data-movable]", "data-sq");
  await page.click(`rect[data-sq="${from}"]`);
  const to = await page.getAttribute("circle[data-target]", "data-target");
  await page.click(`rect[data-sq="${to}"]`);
  return `${from}-${to}`;
}

/** The rule set of the game on the page, as the server names it. */
export const rulesOf = (page) => page.getAttribute(".game", "data-rules");

/** Goes to `url` from a game the page still plays: the page asks first, and the test says yes. */
export async function leaveFor(page, url) {
  const asked = page.waitForEvent("dialog").then(async (d) => { await d.accept(); return d.message(); });
  await page.goto(url);
  return asked;
}

/** Waits until the page's move panel has `n` entries; returns their texts. */
export async function moves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] .mv").length >= n, n);
  return page.$$eval("[data-testid=moves] .mv", (els) => els.map((e) => e.textContent));
}

/** Right-drags an arrow from one square to another. */
export async function arrow(page, from, to) {
  const a = await page.locator(`rect[data-sq="${from}"]`).boundingBox();
  const b = await page.locator(`rect[data-sq="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down({ button: "right" });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up({ button: "right" });
}

/** Clicks "Create table" on `page` (after `setup`, e.g. choosing the rules) and returns the
 *  selector of the new table's card (other tables may be open in the lobby too). */
export async function createTable(page, setup = async () => {}) {
  await page.waitForSelector("[data-testid=create]");
  const before = await page.$$eval("[data-table]", (els) => els.map((e) => e.dataset.table));
  await setup();
  await page.click("[data-testid=create]");
  const id = await (await page.waitForFunction((before) => {
    const t = [...document.querySelectorAll("[data-table]")].find((e) => !before.includes(e.dataset.table));
    return t && t.dataset.table;
  }, before)).jsonValue();
  return `[data-table="${id}"]`;
}

/** Creates a table of `rules` on `page`, sits it in `seats` (hot-seat) and puts bots of `level`
 *  (greedy: they rarely end a game early) in `bots`; waits for the game's board. */
export async function tableAtDevice(page, rules, seats, bots = [], level = "greedy") {
  const t = await createTable(page, () => page.selectOption("[data-testid=rules]", rules));
  for (const s of seats) { await page.waitForSelector(`${t} [data-sit=${s}]`); await page.click(`${t} [data-sit=${s}]`); }
  if (bots.length) await page.selectOption(`${t} [data-bot-level]`, level);
  for (const s of bots) { await page.waitForSelector(`${t} [data-bot=${s}]`); await page.click(`${t} [data-bot=${s}]`); }
  await page.waitForSelector("[data-testid=board] [data-piece]");
}

/** Four new accounts (`<tag>s`, `<tag>w`, `<tag>n`, `<tag>e`), registered through the lobby, play
 *  a rated Teams game: five moves, then Blue resigns (after his first move: no abort), so Red
 *  and Yellow win. Returns the names and the four pages (on the finished game). */
export async function ratedTeamsGame(browser, base, tag) {
  const names = ["s", "w", "n", "e"].map((x) => `${tag}${x}`);
  const pages = [];
  for (const name of names) {
    const p = await player(browser, base);
    pages.push(p);
    await p.fill("[data-testid=login-name]", name);
    await p.fill("[data-testid=login-password]", "long enough secret");
    await p.click("[data-testid=register]");
    await p.waitForFunction((n) => document.querySelector("#me")?.textContent === n, name);
    await p.waitForSelector("#net.online");
  }
  const t = await createTable(pages[0], async () => {
    await pages[0].selectOption("[data-testid=rules]", "teams");
    await pages[0].check("[data-testid=rated]");
  });
  for (const [i, seat] of ["S", "W", "N", "E"].entries()) {
    await pages[i].waitForSelector(`${t} [data-sit=${seat}]`);
    await pages[i].click(`${t} [data-sit=${seat}]`);
    if (i < 3) await pages[i].waitForSelector(`${t} [data-sit=${seat}]`, { state: "detached" });
  }
  for (const p of pages) await p.waitForSelector("[data-testid=board] [data-piece]");
  const line = [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"], ["h3", "h4"]];
  for (const [k, [from, to]] of line.entries()) {
    const p = pages[k % 4];
    await p.waitForSelector(".plate.running");
    await click(p, from, to);
    await moves(p, k + 1);
  }
  await moves(pages[1], 5);
  await pages[1].click("[data-testid=resign]");
  await pages[1].click("[data-testid=resign-yes]");
  await pages[0].waitForSelector("[data-testid=game-over]");
  return { names, pages };
}

/** Runs axe-core on the page (its context must bypass the page's CSP) and fails on any
 *  violation of serious or critical impact. */
export async function audit(page, what) {
  await page.addScriptTag({ path: join(root, "web", "tests", "node_modules", "axe-core", "axe.min.js") });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  if (result.length) throw new Error(`axe on the ${what}: ${result.join("; ")}`);
}

/** Records every frame the page's sockets send from now on (read them with `sentFrames`). */
export async function recordSent(page) {
  await page.evaluate(() => {
    window.__sent = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      window.__sent.push(String(data));
      return send.call(this, data);
    };
  });
}

/** The messages the page's sockets sent since `recordSent`, parsed. */
export async function sentFrames(page) {
  return (await page.evaluate(() => window.__sent || [])).map((t) => JSON.parse(t));
}

