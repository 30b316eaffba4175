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

export async function startServer() {
  const port = await freePort();
  const bin = process.env.FOURHAND_BIN || join(root, "target", "debug", "fourhand");
  const data = mkdtempSync(join(tmpdir(), "fourhand-web-"));
  const proc = spawn(bin, ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", data,
    "--web-dir", join(root, "web"), "--bot-delay-ms", "150", "--start-secs", "120"], { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try { const r = await fetch(`${base}/healthz`); if (r.ok) break; } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base, stop: () => proc.kill("SIGINT") };
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

/** Waits until the page's move list has `n` moves. */
export async function moves(page, n) {
  await page.waitForFunction((n) => {
    const el = document.querySelector("[data-testid=moves]");
    return el && el.textContent.trim().split(/\s+/).filter(Boolean).length >= n;
  }, n);
  return (await page.textContent("[data-testid=moves]")).trim().split(/\s+/);
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

/** Creates a table of `rules` on `page`, sits it in `seats` (hot-seat) and puts bots in `bots`;
 *  waits for the game's board. */
export async function tableAtDevice(page, rules, seats, bots = []) {
  await page.selectOption("[data-testid=rules]", rules);
  await page.click("[data-testid=create]");
  for (const s of seats) { await page.waitForSelector(`[data-sit=${s}]`); await page.click(`[data-sit=${s}]`); }
  for (const s of bots) { await page.waitForSelector(`[data-bot=${s}]`); await page.click(`[data-bot=${s}]`); }
  await page.waitForSelector("[data-testid=board] [data-piece]");
}
