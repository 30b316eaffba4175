// The player's display choices, remembered in this browser: board theme, piece set,
// coordinates, sound.

const DEFAULTS = { theme: "wood", pieces: "staunton", coords: true, muted: false };

/** Board themes: light and dark square colours, with their label keys. */
export const THEMES = {
  wood: { light: "#e8dcc0", dark: "#a88a66", label: "theme.wood" },
  green: { light: "#eeeed2", dark: "#6f8f4e", label: "theme.green" },
  blue: { light: "#dee3e6", dark: "#7d97a6", label: "theme.blue" },
};

const listeners = new Set();

export const prefs = {
  get(key) {
    const v = localStorage.getItem(`fh.pref.${key}`);
    if (v === null) return DEFAULTS[key];
    return typeof DEFAULTS[key] === "boolean" ? v === "true" : v;
  },
  set(key, value) {
    localStorage.setItem(`fh.pref.${key}`, String(value));
    for (const fn of listeners) fn(key, value);
  },
  /** Calls `fn(key, value)` on every change; returns the function that stops it. */
  watch(fn) { listeners.add(fn); return () => listeners.delete(fn); },
};
