// The rule pages, one per rule set in each of the five languages (web/rules/<lang>/<name>.html).

import { h } from "./dom.js";
import { currentLang, t } from "./i18n.js";

export const RULE_PAGES = ["teams", "ffa", "teammate", "koth", "three-check", "capture-the-king", "both-mate", "play-for-mate", "chess960",
  "chaturaji", "conquest", "verney1881", "club1893"];

export async function rulesView(ctx, name) {
  const page = RULE_PAGES.includes(name) ? name : "teams";
  const r = await fetch(`/rules/${currentLang()}/${page}.html`);
  const article = h("article", { class: "rules panel", "data-testid": "rules", lang: document.documentElement.lang });
  // The fragment is the project's own file, served by this server.
  article.innerHTML = r.ok ? await r.text() : `<p>${t("rules.missing")}</p>`;
  ctx.view.append(h("nav", { class: "row rule-tabs", "aria-label": t("rules.title") },
    ...RULE_PAGES.map((p) => h("a", { href: `#rules/${p}`, "aria-current": p === page ? "page" : false }, t(`rules.${p}`)))), article);
  return () => {};
}
