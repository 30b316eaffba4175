// Short sounds of the game (the project's own files in /sounds), with a mute switch that is
// remembered.

import { prefs } from "./prefs.js";

const NAMES = ["move", "capture", "check", "start", "lowtime", "tick"];
const cache = new Map();

/** Plays one of the game's sounds unless muted (a browser that blocks audio stays silent). */
export function play(name) {
  if (prefs.get("muted") || !NAMES.includes(name)) return;
  let a = cache.get(name);
  if (!a) { a = new Audio(`/sounds/${name}.wav`); a.preload = "auto"; cache.set(name, a); }
  try { a.currentTime = 0; const p = a.play(); if (p) p.catch(() => {}); } catch { /* no audio */ }
}
