// The browser client: lobby, games (playing, hot-seat, watching), replays and imports,
// profiles, the archive and leaderboards.

import { api, connect, ensureSession, follow, on, send, session, tokens, unfollow } from "./net.js";
import { lobbyView } from "./lobby.js";
import { gameView } from "./game.js";
import { libraryView, replayView } from "./replay.js";
import { archiveView, leaderboardView, profileView } from "./records.js";
import { adminView } from "./admin.js";

const view = document.getElementById("view");
let cleanup = null;

async function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  view.replaceChildren();
  const [name, ...rest] = (location.hash.slice(1) || "lobby").split("/");
  const ctx = { view, api, send, on, follow, unfollow, tokens, session, go: (h) => { location.hash = h; } };
  if (name === "game") cleanup = gameView(ctx, rest[0]);
  else if (name === "replay") cleanup = await replayView(ctx, rest[0], rest[1]);
  else if (name === "library") cleanup = await libraryView(ctx);
  else if (name === "player") cleanup = await profileView(ctx, decodeURIComponent(rest[0] || ""));
  else if (name === "archive") cleanup = await archiveView(ctx, rest[0]);
  else if (name === "leaderboard") cleanup = await leaderboardView(ctx, rest[0]);
  else if (name === "admin") cleanup = await adminView(ctx);
  else cleanup = lobbyView(ctx);
}

async function main() {
  await ensureSession();
  const me = document.getElementById("me");
  if (localStorage.getItem("fh.registered") === "true") {
    me.replaceChildren(Object.assign(document.createElement("a"), { href: `#player/${encodeURIComponent(session.name)}`, textContent: session.name }));
  } else me.textContent = session.name;
  connect();
  // A game starting at a table where this browser holds seats opens it.
  on((m) => {
    if (m.type === "seated") tokens.add(m.table, m.seat, m.seat_token);
    if (m.type === "game_started" && Object.keys(tokens.of(m.table)).length) {
      tokens.move(m.table, m.game);
      location.hash = `game/${m.game}`;
    }
  });
  window.addEventListener("hashchange", route);
  route();
}

main();
