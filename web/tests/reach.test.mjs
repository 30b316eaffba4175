// Browser tests of reach: the client in Russian, Arabic (right to left), Slovak and Serbian with no
// English string left, an axe-core audit of four pages, and the phone layout.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, launch, player, click, moves, ourTurn, withShots, audit, tableAtDevice, ratedTeamsGame, createTable, root } from "./harness.mjs";

let server, browser;
before(async () => { server = await startServer(); browser = await launch(); });
after(async () => { await browser?.close(); server?.stop(); });

const catalogue = (lang) => JSON.parse(readFileSync(join(root, "web", "i18n", `${lang}.json`), "utf8"));
const english = catalogue("en");

/** Every English message (each plural form, slots filled with anything) that the language says
 *  differently, as a pattern that matches a whole visible text. */
function englishPatterns(lang) {
  const other = catalogue(lang);
  const out = [];
  for (const [key, msg] of Object.entries(english)) {
    const forms = typeof msg === "object" ? Object.values(msg) : [msg];
    const theirs = typeof other[key] === "object" ? Object.values(other[key]) : [other[key]];
    for (const f of forms) {
      if (theirs.includes(f)) continue; // the same in both (a name, a number pattern)
      const re = f.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*");
      if (re.replace(/\.\*/g, "").trim().length < 2) continue;
      out.push({ key, re: new RegExp(`^${re}$`) });
    }
  }
  return out;
}

/** The visible texts of the page: text nodes, buttons' and inputs' placeholders and labels. */
async function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest("script, style, [hidden], .sr-only")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0 && el.tagName !== "OPTION") continue;
      const t = n.textContent.trim();
      if (t) out.push(t);
    }
    for (const el of document.querySelectorAll("[placeholder], [aria-label]")) {
      for (const a of ["placeholder", "aria-label"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
    return out;
  });
}

async function inLanguage(lang, how) {
  const ctx = await browser.newContext(how === "locale" ? { locale: lang === "sr" ? "sr-Cyrl-RS" : `${lang}` } : {});
  const page = await ctx.newPage();
  await page.goto(`${server.base}/`);
  if (how === "switch") {
    await page.waitForSelector("[data-testid=lang]");
    await page.selectOption("[data-testid=lang]", lang);
    await page.waitForLoadState("load");
  }
  await page.waitForSelector("#net.online");
  await page.waitForSelector("[data-testid=play-start]");
  return page;
}

for (const [lang, how, sample] of [["ru", "locale", "Играть с ботами"], ["ar", "switch", "العب ضد الروبوتات"], ["sk", "switch", "Hrať proti robotom"], ["sr", "locale", "Играј против робота"]]) {
  test(`the lobby in ${lang} (${how === "locale" ? "from the browser's language" : "from the switch, remembered"}) has no English string left`, async () => {
    let pages = [];
    await withShots(`lang-${lang}`, () => pages, async () => {
      const page = await inLanguage(lang, how);
      pages = [page];
      assert.equal(await page.textContent("[data-testid=play-start]"), sample);
      assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
      // Open a table so that its seats are on the page too.
      const tb = await createTable(page);
      await page.waitForSelector(`${tb} [data-sit=S]`);
      const texts = await visibleTexts(page);
      const patterns = englishPatterns(lang);
      const left = texts.filter((x) => patterns.some((p) => p.re.test(x)));
      assert.deepEqual(left, [], `English on the ${lang} lobby`);
      if (how === "switch") {
        await page.reload();
        await page.waitForSelector("[data-testid=play-start]");
        assert.equal(await page.textContent("[data-testid=play-start]"), sample, "the choice is remembered");
      }
      if (lang === "ar") {
        // The layout is mirrored; the board is not.
        await page.click("[data-testid=play-start]");
        await page.waitForSelector("[data-testid=board] [data-piece]");
        const a1 = await page.locator('rect[data-sq="d1"]').boundingBox();
        const k1 = await page.locator('rect[data-sq="k1"]').boundingBox();
        assert.ok(a1.x < k1.x, "d1 stays left of k1 in a right-to-left page");
        const board = await page.locator("[data-testid=board]").boundingBox();
        const panel = await page.locator(".side").boundingBox();
        assert.ok(panel.x < board.x, "the side panel is on the left in Arabic");
        const expected = await page.evaluate(() => `${new Intl.NumberFormat("ar").format(1)}:${new Intl.NumberFormat("ar", { minimumIntegerDigits: 2 }).format(0)}`);
        assert.equal(await page.textContent("[data-clock=S] .time"), expected, "the clock is formatted by Intl for Arabic");
        // The delay reads "+15", not "15+": the sign stays before the number in a right-to-left page.
        const delay = await page.waitForSelector("[data-clock=S] .delay bdi[dir=ltr]");
        assert.match(await delay.textContent(), /^\+\S+$/);
      }
    });
  });
}


test("axe-core finds no serious or critical violation on the lobby, a game running and ended, a replay, a rule page and a profile", async () => {
  let pages = [];
  await withShots("axe", () => pages, async () => {
    // axe is injected as a script: this context lets it past the page's Content-Security-Policy.
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 860 }, bypassCSP: true });
    const p = await ctx.newPage();
    pages = [p];
    await p.goto(`${server.base}/`);
    await p.waitForSelector("#net.online");
    await p.waitForSelector("[data-testid=create]");
    await audit(p, "lobby");
    await tableAtDevice(p, "teams", ["S"], ["W", "N", "E"]);
    await ourTurn(p);
    await click(p, "h2", "h3");
    await moves(p, 2);
    await audit(p, "game");
    // The same game ended: Red resigns (after his first move, so his side loses).
    await p.click("[data-testid=resign]");
    await p.click("[data-testid=resign-yes]");
    await p.waitForSelector("[data-testid=game-over] [data-testid=verdict]");
    await audit(p, "ended game");
    await p.goto(`${server.base}/#replay/lib/london-cambridge-1892`);
    await p.waitForSelector("[data-testid=replay-ply]");
    await p.keyboard.press("End");
    await audit(p, "replay");
    await p.goto(`${server.base}/#rules/koth`);
    await p.waitForSelector(".diagram [data-piece]");
    await audit(p, "rule page");
    const game = await ratedTeamsGame(browser, server.base, `x${Date.now() % 100000}`);
    pages.push(...game.pages);
    await p.goto(`${server.base}/#player/${game.names[0]}`);
    await p.waitForSelector("[data-testid=profile] [data-rating]");
    await audit(p, "profile");
  });
});

test("on a 360×740 phone nothing scrolls sideways, the header folds into a menu and the board fills the width", async () => {
  let pages = [];
  await withShots("phone", () => pages, async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const p = await ctx.newPage();
    pages = [p];
    await p.goto(`${server.base}/`);
    await p.waitForSelector("#net.online", { state: "attached" });
    await p.waitForSelector("[data-testid=play-start]");
    const wide = () => p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok((await wide()) <= 360, `lobby ${await wide()} px wide`);
    assert.equal(await p.isVisible("header nav"), false, "the menu is folded");
    await p.click("[data-testid=menu]");
    assert.equal(await p.isVisible("header nav"), true);
    await p.click("[data-testid=menu]");
    const tb = await createTable(p);
    assert.ok((await wide()) <= 360, "with a table open");
    await p.tap(`${tb} [data-sit=S]`);
    for (const s of ["W", "N", "E"]) { await p.waitForSelector(`${tb} [data-bot=${s}]`); await p.tap(`${tb} [data-bot=${s}]`); }
    await p.waitForSelector("[data-testid=board] [data-piece]");
    assert.ok((await wide()) <= 360, `game ${await wide()} px wide`);
    const board = await p.locator("[data-testid=board]").boundingBox();
    assert.ok(board.width >= 340, `board ${board.width} px`);
    const panel = await p.locator("[data-testid=moves]").boundingBox();
    assert.ok(panel.y > board.y + board.height - 1, "the move panel folds below the board");
    // Tap-tap moves.
    await ourTurn(p);
    await p.tap('rect[data-sq="h2"]');
    await p.waitForSelector('circle[data-target="h3"]');
    await p.tap('rect[data-sq="h3"]');
    assert.equal((await moves(p, 1))[0], "h2-h3");
  });
});

test("every message the client asks for is in all five catalogues, with each language's plural forms", async () => {
  const { readdirSync } = await import("node:fs");
  const dir = join(root, "web", "js");
  const used = new Set();
  for (const f of readdirSync(dir)) {
    const src = readFileSync(join(dir, f), "utf8");
    for (const m of src.matchAll(/\b(?:t|tr)\("([a-z_]+\.[a-z0-9_]+)"/g)) used.add(m[1]);
  }
  assert.ok(used.size > 150, `${used.size} keys found in the client`);
  for (const lang of ["en", "sk", "sr", "ru", "ar"]) {
    const cat = catalogue(lang);
    const missing = [...used].filter((k) => !(k in cat));
    assert.deepEqual(missing, [], `${lang}: keys the client uses but the catalogue lacks`);
    assert.deepEqual(Object.keys(cat).sort(), Object.keys(english).sort(), `${lang}: the same keys as English`);
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, msg] of Object.entries(cat)) {
      if (typeof msg !== "object") continue;
      for (const f of forms) assert.ok(f in msg || "other" in msg, `${lang} ${key}: no '${f}' form`);
      for (const f of forms) if (f !== "other" && lang !== "en") assert.ok(f in msg, `${lang} ${key}: the '${f}' form is missing`);
    }
  }
});
