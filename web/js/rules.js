// The rule pages, one per rule set in each of the five languages (web/rules/<lang>/<name>.html),
// each with two diagrams drawn by the board itself: the start position and a key position
// (web/rules/diagrams.json, checked against the rules crate by the server's tests).

import { h } from "./dom.js";
import { currentLang, t } from "./i18n.js";
import { Board, SEATS } from "./board.js";
import { COLOURS } from "./lobby.js";
import { baseRules, centre, optionsOf } from "./rulesets.js";

export const RULE_PAGES = ["teams", "ffa", "teammate", "koth", "three-check", "capture-the-king", "both-mate", "play-for-mate", "chess960",
  "chaturaji", "conquest", "verney1881", "club1893"];

/** A diagram: a board that is only drawn (no moves), with its caption. */
function diagram(rules, position, caption, boards) {
  const wrap = h("div", { class: "boardwrap" });
  const fig = h("figure", { class: "diagram", "data-diagram": caption.key }, wrap, h("figcaption", {}, caption.text));
  const board = new Board(wrap, {});
  boards.push(board);
  const seat = (letter) => SEATS.indexOf(letter);
  board.set({
    fen: position.fen4, bottom: 0, colours: COLOURS[baseRules(rules)] || COLOURS.teams, legal: [], last: {},
    checks: position.checks || [], inert: (position.inert || []).map(seat), zombies: [],
    arrows: (position.arrows || []).map(([s, from, to]) => ({ seat: seat(s), from, to })),
    premove: null, premoveSeat: null, hill: Boolean(position.hill) || optionsOf(rules).includes("KotH"), centre: centre(rules),
  });
  board.svg.setAttribute("aria-label", caption.text);
  return fig;
}

export async function rulesView(ctx, name) {
  const page = RULE_PAGES.includes(name) ? name : "teams";
  const [r, d] = await Promise.all([fetch(`/rules/${currentLang()}/${page}.html`), fetch("/rules/diagrams.json")]);
  const article = h("article", { class: "rules panel", "data-testid": "rules", lang: document.documentElement.lang });
  // The fragment is the project's own file, served by this server.
  article.innerHTML = r.ok ? await r.text() : `<p>${t("rules.missing")}</p>`;
  const boards = [];
  const entry = d.ok ? (await d.json())[page] : null;
  if (entry) {
    const figures = [diagram(entry.rules, { fen4: entry.start }, { key: "start", text: entry.key ? t("diagram.start") : t(`diagram.${page}`) }, boards)];
    if (entry.key) figures.push(diagram(entry.key.rules || entry.rules, entry.key, { key: "key", text: t(`diagram.${page}`) }, boards));
    // The diagrams follow the page's title.
    article.querySelector("h1")?.after(h("div", { class: "diagrams" }, ...figures));
  }
  ctx.view.append(h("nav", { class: "row rule-tabs", "aria-label": t("rules.title") },
    ...RULE_PAGES.map((p) => h("a", { href: `#rules/${p}`, "aria-current": p === page ? "page" : false }, t(`rules.${p}`)))), article);
  return () => boards.forEach((b) => b.destroy());
}
