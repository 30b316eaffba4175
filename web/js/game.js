// A game: the board turned to the player's seat (at a hot-seat table, to the seat to move; a
// spectator turns it by hand), each army's plate (clock, delay, name, points) in the board's
// corner beside it, a low-time warning, the move
// panel (any earlier position can be reviewed while the game goes on), premoves, statuses,
// connections, FFA points, partner chat and arrows, resign (confirmed) and claim (offered only
// when possible), sounds, announcements for screen readers, and the endings: the game-over
// dialog (winners, placings, rating changes, rematch) and an FFA player's place when he is out.
// The game's state is gamestate.js's: this view feeds it the server's messages and draws it.

import { Board, SEATS, colourOf, colourName, kingsOf, pieceName } from "./board.js";
import { MoveList } from "./movelist.js";
import { h, dialog } from "./dom.js";
import { t, num } from "./i18n.js";
import { pieceShape } from "./pieces.js";
import { prefs } from "./prefs.js";
import { play as sound } from "./sound.js";
import { seatLabel, timeLabel } from "./lobby.js";
import { endingWords, reasonWords, resultWordsOf, verdictWords } from "./results.js";
import { baseRules, centre, centreText, eachForHimself, optionsOf, rulesName, scored } from "./rulesets.js";
import {
  LOW_MS, actingSeat, active, bottomSeat, canBerserk, canClaim, clocksAt, mySeatToMove, newGame, placeOf, playing, premoveSeat,
  receive, seatTo, squaresOf, statusKey, statusOf,
} from "./gamestate.js";
import { drawPlates } from "./plates.js";

/** The game view; returns its cleanup. `ctx.guard` is set to a function saying whether leaving
 *  now would leave a game of ours that is still running (the router asks first). */
/** The codes of chat lines FFA's rule did not deliver, each with its words in the catalogues. */
const CHAT_REFUSALS = ["chat_teaming", "chat_hint", "chat_points", "chat_banned"];

export function gameView(ctx, id) {
  const held = ctx.tokens.of(id); // seat letter -> token
  const heldSeats = Object.keys(held).map((s) => SEATS.indexOf(s)).filter((i) => i >= 0);
  const g = newGame(id, heldSeats);
  const low = {};

  const boardEl = h("div", { class: "boardwrap" });
  const platesEl = h("div", { class: "plates", "data-testid": "clocks" });
  const arena = h("div", { class: "arena" }, boardEl, platesEl);
  const title = h("p", { class: "game-title", "data-testid": "game-title" });
  const info = h("div", { class: "info", "data-testid": "info", role: "status" });
  const reviewBar = h("div", { class: "review-bar", "data-testid": "review" });
  const premoveEl = h("div", { class: "premove", "data-testid": "premove" });
  const notice = h("div", { class: "notice", "data-testid": "notice", role: "status" });
  const buttons = h("div", { class: "row buttons" });
  const moveList = new MoveList((i) => review(i));
  const movePanel = h("section", { class: "movepanel", "aria-labelledby": "moves-title" }, h("h3", { id: "moves-title" }, t("moves.title")), reviewBar, moveList.el);
  const chatLog = h("div", { class: "chat", "data-testid": "chat", role: "log", "aria-label": t("chat.title") });
  const chatInput = h("input", { placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder"), "data-testid": "chat-input", maxlength: 500 });
  const chatTo = h("select", { "data-testid": "chat-to", "aria-label": t("chat.to") });
  const chatBox = heldSeats.length
    ? h("div", { class: "row chat-input" }, chatTo, chatInput)
    : h("p", { class: "muted" }, t("chat.spectators"));
  const report = h("button", { "data-testid": "report-chat", onclick: async () => {
    const reason = prompt(t("chat.report_why"));
    if (!reason) return;
    try {
      await ctx.api(`/api/games/${id}/report`, { method: "POST", body: JSON.stringify({ reason }),
        headers: { "content-type": "application/json", authorization: `Bearer ${ctx.session.token}` } });
      notice.textContent = t("chat.reported");
    } catch (e) { notice.textContent = e.message; }
  } }, t("chat.report"));
  const side = h("div", { class: "side" }, title, info, notice, premoveEl, buttons,
    movePanel,
    h("section", { class: "chatpanel", "aria-labelledby": "chat-title" }, h("h3", { id: "chat-title" }, t("chat.title")), chatLog, chatBox, heldSeats.length ? report : ""));
  const root = h("div", { class: "game" }, arena, side);
  ctx.view.append(root);
  ctx.guard = () => playing(g);

  const board = new Board(boardEl, {
    onMove: (from, to, promotion) => playMove(from, to, promotion),
    onPromote: (from, to, options) => promote(from, to, options),
    onPremove: (from, to) => {
      const seat = premoveSeat(g);
      if (seat !== null) ctx.send({ type: "premove", game: id, seat: SEATS[seat], from, to });
    },
    onArrow: (from, to) => { if (heldSeats.length) ctx.send({ type: "arrow", game: id, seat: SEATS[actingSeat(g)], from, to }); },
    onClearArrows: () => { if (heldSeats.length) ctx.send({ type: "clear_arrows", game: id, seat: SEATS[actingSeat(g)] }); },
    onClick: () => {
      // A click on the board while reviewing returns it to the live position.
      if (g.review !== null) { review(null); return; }
      g.arrows = g.arrows.filter((a) => heldSeats.includes(a.seat)); draw();
    },
  });

  function playMove(from, to, promotion) {
    const seat = mySeatToMove(g);
    if (seat === null || g.review !== null) return;
    ctx.send({ type: "play", game: id, seat: SEATS[seat], from, to, promotion: promotion || undefined });
  }

  function promote(from, to, options) {
    const seat = mySeatToMove(g);
    const dlg = dialog("promotion", t("game.promote"), [h("p", {}, t("game.promote")), h("div", { class: "promo row" },
      ...options.map((p) => {
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("viewBox", "0 0 1 1");
        svg.appendChild(pieceShape(prefs.get("pieces"), p === "D" ? "Q" : p, colourOf(g.state.colours[seat ?? 0])));
        return h("button", { "data-promo": p, "aria-label": pieceName(p), onclick: () => { dlg.remove(); playMove(from, to, p); } }, svg);
      }))]);
  }

  // Our seat is to move but its legal moves have not come: ask again (once a second at most).
  let lastAsk = 0;
  function askLegal(seat) {
    const now = Date.now();
    if (now - lastAsk < 1000) return;
    lastAsk = now;
    setTimeout(() => {
      if (g.legal[seat] || mySeatToMove(g) !== seat) return;
      ctx.send({ type: "join", game: id, seat_token: held[SEATS[seat]], since: g.seq });
    }, 1000);
  }

  // Events were missed (a gap in the numbers): join again from the last one seen.
  let lastResync = 0;
  function resync() {
    const now = Date.now();
    if (now - lastResync < 500) return;
    lastResync = now;
    const tokens = Object.values(held);
    if (!tokens.length) ctx.send({ type: "join", game: id, since: g.seq });
    for (const tk of tokens) ctx.send({ type: "join", game: id, seat_token: tk, since: g.seq });
  }

  // ---- Reviewing an earlier position ---------------------------------------------------------
  async function review(i) {
    if (i === null || i >= g.entries.length - 1) { g.review = null; draw(); return; }
    g.review = Math.max(-1, i);
    if (g.review >= 0 && !g.fens[g.review]) await loadPositions();
    draw();
  }
  async function loadPositions() {
    try {
      const p = await ctx.api(`/api/games/${id}/positions`);
      p.moves.forEach((text, i) => {
        if (!g.fens[i]) g.fens[i] = p.fens[i];
        if (!g.checksAt[i]) g.checksAt[i] = p.checks?.[i] || [];
      });
      if (p.moves.length >= g.entries.length) {
        g.entries = p.moves.map((text, i) => {
          const sq = p.squares?.[i];
          return sq ? { seat: p.seats[i], text, from: sq[0], to: sq[1] } : { seat: p.seats[i], text };
        });
      }
    } catch { /* stays live */ }
  }
  // The move panel's keys: they step through the record while the panel has the focus, or
  // nothing has (never while the board, a field or a button does).
  const keys = (e) => {
    const at = document.activeElement;
    if (at && at !== document.body && !movePanel.contains(at)) return;
    const cur = g.review ?? g.entries.length - 1;
    if (e.key === "ArrowLeft") { e.preventDefault(); review(cur - 1); }
    else if (e.key === "ArrowRight") { e.preventDefault(); review(cur + 1); }
    else if (e.key === "Home") { e.preventDefault(); review(-1); }
    else if (e.key === "End") { e.preventDefault(); review(null); }
  };
  window.addEventListener("keydown", keys);

  // ---- Drawing ----------------------------------------------------------------------------------
  function draw() {
    const s = g.state;
    if (!s) return;
    const tm = mySeatToMove(g);
    if (tm !== null && !g.legal[tm]) askLegal(tm);
    const pSeat = premoveSeat(g);
    const inert = s.statuses.map((x, i) => (x === "mated" ? i : -1)).filter((i) => i >= 0);
    const zombies = s.statuses.map((x, i) => (statusOf(x).state === "zombie" ? i : -1)).filter((i) => i >= 0);
    const hill = optionsOf(s.rules).includes("KotH");
    if (g.review !== null) {
      const fen = g.review < 0 ? s.start_fen4 : g.fens[g.review];
      const e = g.entries[g.review];
      const sq = squaresOf(e);
      board.set({
        fen, bottom: bottomSeat(g), colours: s.colours, legal: [], last: sq ? { [SEATS.indexOf(e.seat)]: sq } : {},
        checks: fen ? kingsOf(fen, g.checksAt[g.review] || []) : [], inert: [], zombies: [], arrows: [], premove: null, premoveSeat: null,
        hill, centre: centre(s.rules),
      });
      reviewBar.replaceChildren(h("span", {}, g.review < 0 ? t("review.start") : t("review.at", { n: g.review + 1, total: g.entries.length })),
        h("button", { "data-testid": "live", onclick: () => review(null) }, t("review.live")));
      reviewBar.hidden = false;
    } else {
      board.set({
        fen: s.fen4, bottom: bottomSeat(g), colours: s.colours, legal: tm !== null ? g.legal[tm] || [] : [],
        last: g.last, checks: kingsOf(s.fen4, s.in_check || []), inert, zombies, arrows: g.arrows,
        premove: pSeat !== null ? g.premoves[pSeat] || null : null, premoveSeat: pSeat,
        hill, centre: centre(s.rules),
      });
      reviewBar.replaceChildren();
      reviewBar.hidden = true;
    }
    root.dataset.rules = s.rules;
    // Chaturaji's board is its 8×8 alone, with no corners: the plates go above and below it.
    arena.classList.toggle("outside", centre(s.rules));
    title.replaceChildren(h("b", {}, rulesName(s.rules)), ` · ${timeLabel(s.time)}`, s.rated ? ` · ${t("table.rated")}` : "");
    const stillPlaying = SEATS.filter((_, i) => ["active", "zombie"].includes(statusOf(s.statuses[i]).state));
    moveList.set({ entries: g.entries, colours: s.colours, current: g.review, playing: stillPlaying, centre: centre(s.rules) });
    drawClocks();
    const toMove = seatTo(g);
    info.textContent = s.result ? t("game.over") : tm !== null ? t("game.your_turn", { colour: colourName(s.colours[tm]) })
      : toMove >= 0 ? t("game.to_move", { colour: colourName(s.colours[toMove]) }) : "";
    const q = pSeat !== null ? g.premoves[pSeat] : null;
    premoveEl.replaceChildren(...(q ? [h("span", {}, t("premove.queued", { move: `${q.from}-${q.to}` })), " ",
      h("button", { "data-testid": "premove-cancel", onclick: () => ctx.send({ type: "cancel_premove", game: id, seat: SEATS[pSeat] }) }, t("common.cancel"))] : []));
    const me = actingSeat(g);
    const mine = heldSeats.length && !s.result && me !== undefined && active(g, me);
    buttons.replaceChildren(
      ...(mine ? [h("button", { "data-testid": "resign", onclick: confirmResign }, t("game.resign"))] : []),
      ...(mine && canBerserk(g, me) ? [h("button", { "data-testid": "berserk", title: t("game.berserk_title"),
        onclick: () => ctx.send({ type: "berserk", game: id, seat: SEATS[me] }) }, t("game.berserk"))] : []),
      ...(mine && canClaim(g, me) ? [h("button", { "data-testid": "claim", onclick: () => ctx.send({ type: "claim_win", game: id, seat: SEATS[me] }) }, t("game.claim"))] : []),
      ...(!heldSeats.length ? [h("button", { "data-testid": "rotate", onclick: () => { g.rotate = (g.rotate + 1) % 4; draw(); } }, t("board.rotate"))] : []),
      h("a", { href: `/api/games/${id}/pgn4`, download: `fourhand-${id}.pgn4`, "data-testid": "export" }, t("game.export")),
    );
  }

  function confirmResign() {
    const s = g.state;
    const seat = actingSeat(g);
    const base = baseRules(s.rules);
    const key = base === "ffa" && !scored(s.rules) ? "out" : base; // Play4Mate, FirstMate: no zombie king
    const text = ["ffa", "chaturaji", "conquest", "teams", "out"].includes(key) ? t(`resign.${key}`) : t("resign.historic");
    const dlg = dialog("resign-confirm", t("resign.title"), [h("h2", {}, t("resign.title")), h("p", {}, text),
      h("div", { class: "row" },
        h("button", { class: "danger", "data-testid": "resign-yes", onclick: () => { dlg.remove(); ctx.send({ type: "resign", game: id, seat: SEATS[seat] }); } }, t("resign.yes")),
        h("button", { "data-testid": "resign-no", onclick: () => dlg.remove() }, t("common.cancel")))]);
  }

  function drawClocks() {
    const now = Date.now();
    drawPlates(platesEl, g, now, bottomSeat(g));
    clocksAt(g, now).forEach((c, i) => { if (c.running && heldSeats.includes(i)) lowTime(i, c.bank); });
  }

  // Under ten seconds on our own clock: a warning sound once, then a tick each second.
  function lowTime(i, bank) {
    if (bank >= LOW_MS) { low[i] = null; return; }
    const sec = Math.ceil(bank / 1000);
    if (low[i] === null || low[i] === undefined) { low[i] = sec; sound("lowtime"); return; }
    if (sec < low[i]) { low[i] = sec; sound("tick"); }
  }

  function chatLine(ev) {
    const cls = ev.to === "partner" ? "partner" : "";
    chatLog.append(h("div", { class: cls, "data-chat": ev.to }, `${ev.name}${ev.to === "partner" ? ` (${t("chat.partner")})` : ""}: ${ev.text}`));
    chatLog.scrollTop = chatLog.scrollHeight;
  }

  // ---- Endings ------------------------------------------------------------------------------------
  function outDialog(seat) {
    const s = g.state;
    const dlg = dialog("ffa-out", t("out.title"), [h("h2", {}, t("out.title")),
      h("p", { "data-testid": "out-place" }, t("out.place", { place: placeOf(g, seat), n: s.points[seat] })),
      h("p", { class: "muted" }, t("out.final")),
      h("div", { class: "row" },
        h("button", { "data-testid": "watch", onclick: () => dlg.remove() }, t("out.watch")),
        h("button", { "data-testid": "leave", onclick: () => { dlg.remove(); ctx.go("lobby"); } }, t("out.leave")))]);
  }

  async function overDialog(ev) {
    document.querySelectorAll("[data-testid=ffa-out]").forEach((d) => d.remove());
    const s = g.state;
    const lines = [h("h2", {}, t("over.title"))];
    const verdict = verdictWords(ev, heldSeats);
    if (verdict) lines.push(h("p", { class: "verdict", "data-testid": "verdict" }, verdict));
    if (ev.placings && ev.result !== "aborted") {
      // Places are written in each line (ties share one), so the list numbers nothing itself.
      lines.push(h("ul", { class: "placings", "data-testid": "placings" }, ...[0, 1, 2, 3].sort((a, b) => ev.placings[a] - ev.placings[b])
        .map((i) => h("li", { "data-place": ev.placings[i] }, h("span", { class: "chip", style: `background:${colourOf(s.colours[i])}` }),
          t("over.placing", { place: ev.placings[i], colour: colourName(s.colours[i]), name: seatLabel(s.seats[i]), n: ev.points[i] })))));
    } else {
      lines.push(h("p", { class: "winners", "data-testid": "winners" },
        endingWords(ev.ending, s.colours) ?? resultWordsOf(ev.result, s.rules, s.colours, ev.points)));
    }
    const reason = reasonWords(ev.ending, s.colours);
    if (reason) lines.push(h("p", { "data-testid": "reason" }, reason));
    // How each player left, when more than the reason says (an FFA game's several exits).
    const how = s.statuses.map((x, i) => (x !== "active" ? `${colourName(s.colours[i])}: ${t(statusKey(x))}` : null)).filter(Boolean);
    if (how.length && !(how.length === 1 && reason === how[0])) lines.push(h("p", { class: "muted", "data-testid": "how" }, how.join(" · ")));
    const ratings = h("ul", { class: "ratings", "data-testid": "rating-changes" });
    lines.push(ratings);
    const offer = h("div", { class: "rematch-offer", "data-testid": "rematch-offer", role: "status" });
    lines.push(offer);
    const rematch = h("button", { "data-testid": "rematch", onclick: () => {
      ctx.send({ type: "create_table", rules: s.rules, rematch_of: id });
      rematch.disabled = true;
      offer.textContent = t("over.rematch_wait");
    } }, t("over.rematch"));
    const dlg = dialog("game-over", t("over.title"), [...lines, h("div", { class: "row" },
      ...(heldSeats.length && ev.result !== "aborted" ? [rematch] : []),
      h("button", { "data-testid": "new-game", onclick: () => { dlg.remove(); ctx.go("play"); } }, t("over.new_game")),
      h("button", { "data-testid": "to-lobby", onclick: () => { dlg.remove(); ctx.go("lobby"); } }, t("over.lobby")),
      h("a", { href: `#replay/game/${id}`, "data-testid": "replay-link" }, t("over.replay")),
      ...(ev.result !== "aborted" ? [h("a", { href: `#analysis/game/${id}/review`, "data-testid": "review-link" }, t("review.link"))] : []),
      ...(localStorage.getItem(`fh.arena.${id}`) ? [h("a", { class: "button primary", href: `#arena/${localStorage.getItem(`fh.arena.${id}`)}`, "data-testid": "back-to-arena" }, t("arena.back"))] : []),
      h("button", { "data-testid": "close", onclick: () => dlg.remove() }, t("common.close")))]);
    ctx.announce(t("over.title"));
    if (heldSeats.length) watchRematch(offer);
    // Rating changes, once the result is stored.
    if (s.rated) {
      for (let k = 0; k < 10; k++) {
        try {
          const r = await ctx.api(`/api/games/${id}`);
          if (r.ratings && r.ratings.length) {
            ratings.replaceChildren(...r.ratings.map((x) => {
              const i = SEATS.indexOf(x.seat);
              const d = x.after - x.before;
              return h("li", { "data-rating-seat": x.seat }, t("over.rating", { colour: colourName(s.colours[i]), name: seatLabel(s.seats[i]), before: x.before, after: x.after, diff: `${d >= 0 ? "+" : "−"}${num(Math.abs(d))}` }));
            }));
            break;
          }
        } catch { /* not stored yet */ }
        await new Promise((r) => setTimeout(r, 400));
      }
    }
  }

  // A rematch table for this game: offer to take the seats it keeps for us.
  let offLobby = null;
  function watchRematch(offer) {
    const myName = ctx.session.name;
    offLobby = ctx.on((m) => {
      const tables = m.type === "tables" ? m.tables : m.type === "table" ? [m.table] : [];
      for (const tb of tables) {
        if (tb.rematch_of !== id) continue;
        const mine = tb.seats.filter((x) => x.reserved === myName);
        const who = tb.seats.filter((x) => x.name && !x.bot).map((x) => x.name);
        if (!mine.length) { if (who.includes(myName)) offer.textContent = t("over.rematch_wait"); continue; }
        offer.replaceChildren(h("span", {}, t("over.rematch_asked", { names: who.join(", ") })), " ",
          h("button", { "data-testid": "rematch-accept", onclick: () => { for (const x of mine) ctx.send({ type: "sit", table: tb.id, seat: x.seat }); offer.textContent = t("over.rematch_wait"); } }, t("over.accept")));
      }
    });
    ctx.send({ type: "lobby_subscribe" });
  }

  // ---- Messages -------------------------------------------------------------------------------------
  function announceMove(ev, kind) {
    const s = g.state;
    const colour = colourName(s.colours[SEATS.indexOf(ev.seat)]);
    const c = centre(s.rules);
    const words = { colour, piece: pieceName(kind, c), from: c ? centreText(ev.from) : ev.from, to: c ? centreText(ev.to) : ev.to };
    let text = t(/x/.test(ev.text) ? "announce.capture" : "announce.move", words);
    if (/#/.test(ev.text)) text += `, ${t("announce.mate")}`;
    else if (/\+/.test(ev.text)) text += `, ${t("announce.check")}`;
    ctx.announce(text);
  }

  function effect(fx) {
    if (fx.sound) sound(fx.sound);
    if (fx.announce === "move") announceMove(fx.event, fx.kind);
    if (fx.announce === "status") ctx.announce(`${colourName(g.state.colours[fx.seat])}: ${t(statusKey(fx.status))}`);
    if (fx.announce === "berserk") ctx.announce(t("announce.berserk", { colour: colourName(g.state.colours[fx.seat]) }));
    if (fx.chat) chatLine(fx.chat);
    if ("notice" in fx) notice.textContent = fx.notice ? t(fx.notice) : "";
    // FFA's chat rule: why a line was not delivered, in the page's words.
    if (fx.error) notice.textContent = CHAT_REFUSALS.includes(fx.code) ? t(`chat.${fx.code}`) : fx.error;
    if (fx.resync) resync();
    if (fx.out !== undefined) setTimeout(() => outDialog(fx.out), 0);
    if (fx.over) overDialog(fx.over);
  }

  const off = ctx.on((m) => {
    const hadState = Boolean(g.state);
    const effects = receive(g, m, Date.now());
    if (effects === null) return;
    if (!hadState && g.state) fillChatTargets();
    draw();
    effects.forEach(effect);
  });

  const fillChatTargets = () => {
    const sides = g.state && !eachForHimself(g.state.rules);
    chatTo.replaceChildren(...[...(sides ? ["partner"] : []), "table"].map((v) => h("option", { value: v }, t(`chat.${v}`))));
  };
  chatInput.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || !chatInput.value.trim() || !heldSeats.length) return;
    ctx.send({ type: "chat", game: id, seat: SEATS[actingSeat(g)], to: chatTo.value, text: chatInput.value });
    chatInput.value = "";
  });

  ctx.follow(id, Object.values(held));
  const tick = setInterval(() => g.state && drawClocks(), 200);
  return () => {
    off(); if (offLobby) { offLobby(); ctx.send({ type: "lobby_unsubscribe" }); }
    clearInterval(tick); window.removeEventListener("keydown", keys); board.destroy(); ctx.unfollow(id);
    document.querySelectorAll(".dialog").forEach((d) => d.remove());
  };
}
