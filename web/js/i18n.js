// Message catalogues (web/i18n/<lang>.json) in five languages, with the browser's own `Intl`
// for plural rules, numbers and clocks. A message is a string with `{name}` slots, or an object
// of plural forms (`one`, `few`, `many`, `other` …) chosen by `Intl.PluralRules` for `{n}`.
// The language comes from the player's choice (remembered), else the browser's languages.

export const LANGS = [["en", "English"], ["sk", "Slovenčina"], ["sr", "Српски"], ["ru", "Русский"], ["ar", "العربية"]];
const RTL = new Set(["ar"]);

let lang = "en";
let cat = {};
let english = {};
let plural = new Intl.PluralRules("en");
let number = new Intl.NumberFormat("en", { useGrouping: false });
let two = new Intl.NumberFormat("en", { minimumIntegerDigits: 2 });
let tenth = new Intl.NumberFormat("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

async function load(code) {
  const r = await fetch(`/i18n/${code}.json`);
  return r.ok ? r.json() : {};
}

/** The language to use: the remembered choice, else the first of the browser's we have. */
export function preferred() {
  const saved = localStorage.getItem("fh.lang");
  if (saved && LANGS.some(([c]) => c === saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = l.toLowerCase().split("-")[0];
    if (LANGS.some(([c]) => c === base)) return base;
  }
  return "en";
}

/** Loads the catalogues and sets the page's language and direction. */
export async function initI18n(code = preferred()) {
  english = await load("en");
  lang = code;
  cat = code === "en" ? english : await load(code);
  plural = new Intl.PluralRules(code);
  number = new Intl.NumberFormat(code, { useGrouping: false });
  two = new Intl.NumberFormat(code, { minimumIntegerDigits: 2, useGrouping: false });
  tenth = new Intl.NumberFormat(code, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  document.documentElement.lang = code === "sr" ? "sr-Cyrl" : code;
  document.documentElement.dir = RTL.has(code) ? "rtl" : "ltr";
}

/** Switches language (remembered) and reloads the page in it. */
export function switchLang(code) {
  localStorage.setItem("fh.lang", code);
  location.reload();
}

export const currentLang = () => lang;

/** The message `key` with `params` put in its slots (numbers formatted for the language). */
export function t(key, params = {}) {
  let m = cat[key] ?? english[key] ?? key;
  if (typeof m === "object") m = m[plural.select(params.n ?? 0)] ?? m.other;
  return m.replace(/\{(\w+)\}/g, (all, k) => {
    if (!(k in params)) return all;
    const v = params[k];
    return typeof v === "number" ? number.format(v) : String(v);
  });
}

/** A number in the language's digits. */
export const num = (n) => number.format(n);

/** Milliseconds as a clock `m:ss` (tenths under 10 s when `tenths`). */
export function clock(ms, tenths = false) {
  const t10 = Math.max(0, Math.ceil(ms / 100));
  if (tenths && t10 < 100) return tenth.format(t10 / 10);
  const s = Math.ceil(t10 / 10);
  return `${number.format(Math.floor(s / 60))}:${two.format(s % 60)}`;
}

/** The English catalogue (the browser tests compare pages against it). */
export const englishCatalogue = () => english;
