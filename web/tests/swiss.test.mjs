// Browser tests of a Swiss for pairs: a pair registers from its page — one invites his partner
// by name, the partner accepts — and both see their pair in the table; a refused invitation
// says why in the page's own words; the page fits a phone and passes axe.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, withShots, audit } from "./harness.mjs";

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); server?.stop(); });

/** A moderator's Swiss, made over HTTP, starting in an hour: its id. */
async function makeSwiss(name) {
  const body = JSON.stringify({ name: "arbiter", password: "long enough secret" });
  const r = await fetch(`${server.base}/api/register`, { method: "POST", headers: { "content-type": "application/json" }, body });
  const session = r.ok ? (await r.json()).session
    : (await (await fetch(`${server.base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body })).json()).session;
  const made = await fetch(`${server.base}/api/tournaments`, { method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${session}` },
    body: JSON.stringify({ kind: "swiss", name, rules: "teams", time: { base_ms: 180000, delay_ms: 0, increment_ms: 2000 }, rated: false,
      starts_ms: Date.now() + 3600000 }) });
  assert.equal(made.status, 201);
  return (await made.json()).id;
}

/** A page with a new account `name` (on a phone: 390×844, touch), its context open to axe. */
async function account(name, phone = false) {
  const ctx = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true }
    : { viewport: { width: 1366, height: 768 }, bypassCSP: true });
  const p = await ctx.newPage();
  await p.goto(`${server.base}/`);
  await p.waitForSelector("#net.online", { state: "attached" });
  await p.fill("[data-testid=login-name]", name);
  await p.fill("[data-testid=login-password]", "long enough secret");
  await p.click("[data-testid=register]");
  await p.waitForFunction((n) => document.querySelector("#me")?.textContent === n, name);
  await p.waitForSelector("#net.online", { state: "attached" });
  return p;
}

test("a pair registers by invitation from the Swiss page, fitting a phone, and a refusal says why", async () => {
  let pages = [];
  await withShots("swiss", () => pages, async () => {
    const id = await makeSwiss("Sunday pairs");
    const ada = await account("swiss_ada");
    const bob = await account("swiss_bob", true);
    const cy = await account("swiss_cy");
    pages = [ada, bob, cy];
    // The Tournaments page lists it as a Swiss.
    await ada.click("header nav a[data-page=tournaments]");
    await ada.waitForSelector(`[data-tournament="${id}"]`);
    assert.match(await ada.textContent(`[data-tournament="${id}"]`), /Sunday pairs.*Swiss for pairs/);
    await ada.click(`[data-tournament="${id}"] a`);
    await ada.waitForSelector("[data-testid=swiss-partner-name]");
    await ada.fill("[data-testid=swiss-partner-name]", "swiss_bob");
    await ada.click("[data-testid=swiss-invite]");
    await ada.waitForSelector("[data-testid=swiss-invited]");
    // Bob, on his phone, sees the invitation and accepts it.
    await bob.goto(`${server.base}/#swiss/${id}`);
    await bob.waitForSelector("[data-invite=swiss_ada]");
    await bob.tap("[data-invite=swiss_ada]");
    await bob.waitForSelector("[data-testid=swiss-partner]");
    assert.equal(await bob.textContent("[data-testid=swiss-partner]"), "Your partner: swiss_ada");
    await ada.waitForSelector("[data-testid=swiss-partner]");
    assert.equal(await ada.locator("[data-testid=swiss-table] tbody tr").count(), 1);
    assert.equal(await ada.textContent("[data-testid=swiss-table] tbody tr td:nth-child(2)"), "swiss_ada & swiss_bob");
    assert.match(await bob.textContent("[data-testid=swiss-when]"), /4 rounds|1 round/);
    assert.ok(await bob.evaluate(() => document.documentElement.scrollWidth) <= 390, "nothing scrolls sideways");
    await audit(bob, "Swiss page on a phone");
    // Cy's invitation to a player in a pair is refused, in the page's words.
    await cy.goto(`${server.base}/#swiss/${id}`);
    await cy.waitForSelector("[data-testid=swiss-partner-name]");
    await cy.fill("[data-testid=swiss-partner-name]", "swiss_bob");
    await cy.click("[data-testid=swiss-invite]");
    await cy.waitForFunction(() => /in a pair already/.test(document.querySelector("[data-testid=swiss-note]")?.textContent || ""));
    await audit(cy, "Swiss page");
  });
});
