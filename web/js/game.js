// A game: the board turned to the player's seat (at a hot-seat table, to the seat to move; a
// spectator turns it by hand), four clocks with the delay phase and a low-time warning, the move
// panel (any earlier position can be reviewed while the game goes on), premoves, statuses,
// connections, FFA points, partner chat and arrows, resign (confirmed) and claim (offered only
// when possible), sounds, announcements for screen readers, and the endings: the game-over
// dialog (winners, placings, rating changes, rematch) and an FFA player's place when he is out.

import { Board, SEATS, colourOf, colourName, kingsOf, parseFen, pieceName } from "./board.js";
import { MoveList } from "./movelist.js";
import { h, dialog } from "./dom.js";
import { t, num, clock } from "./i18n.js";
import { pieceShape } from "./pieces.js";
import { prefs } from "./prefs.js";
import { play as sound } from "./sound.js";
import { ratingText, seatLabel } from "./lobby.js";
import { endingWords, reasonWords, resultWordsOf, verdictWords } from "./results.js";
import { baseRules, centre, centreText, claimLead, eachForHimself, livesOf, optionsOf, scored } from "./rulesets.js";

const LOW_MS = 10000;

/** Why a seat left, by the code's words (proto-docs lists them), and its catalogue word. */
const REASONS = { "checkmated": "checkmated", "stalemated": "stalemated", "resigned": "resigned", "timed out": "timed_out",
  "disconnected": "disconnected", "king captured": "king_captured", "the hill taken": "the_hill_taken" };

/** Every status code the server sends, as data: { state, reason, key } (key: its catalogue entry). */
export const STATUSES = Object.fromEntries([
  ["active", { state: "active", reason: null, key: "status.active" }],
  ["mated", { state: "mated", reason: null, key: "status.mated" }],
  ["absent", { state: "absent", reason: null, key: "status.absent" }],
  ...Object.entries(REASONS).flatMap(([words, word]) => ["zombie", "out"].map((state) =>
    [`${state} (${words})`, { state, reason: word, key: `status.${state}_${word}` }])),
]);

/** A status code as data (an unknown code reads as active, so nothing is hidden by it). */
export const statusOf = (code) => STATUSES[code] || STATUSES.active;

/** A status code's catalogue key ("zombie (resigned)" -> "status.zombie_resigned"). */
export const statusKey = (code) => statusOf(code).key;

/** A record entry's move squares, as the server sends them (`from`, `to`), or null. */
export const squaresOf = (e) => (e && e.from && e.to ? [e.from, e.to] : null);

export function gameView(ctx, id) {
  const held = ctx.tokens.of(id); // seat letter -> token
  const heldSeats = Object.keys(held).map((s) => SEATS.indexOf(s)).filter((i) => i >= 0);
  const st = {
    state: null, seq: 0, legal: {}, last: {}, arrows: [], clockRef: 0, delayAtRef: 0, away: {},
    entries: [], fens: [], checksAt: [], review: null, positions: null, premoves: {}, rotate: 0,
    low: {}, outShown: false, overShown: false, started: false,
  };
  window.__fourhandGame = { st, heldSeats }; // for debugging and tests

  const boardEl = h("div", { class: "boardwrap" });
  const clocksEl = h("div", { class: "clocks", "data-testid": "clocks" });
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
  const side = h("div", { class: "side" }, clocksEl, info, notice, premoveEl, buttons,
    movePanel,
    h("section", { class: "chatpanel", "aria-labelledby": "chat-title" }, h("h3", { id: "chat-title" }, t("chat.title")), chatLog, chatBox, heldSeats.length ? report : ""));
  ctx.view.append(h("div", { class: "game" }, boardEl, side));

  const seatTo = () => (st.state && st.state.to_move ? SEATS.indexOf(st.state.to_move) : -1);
  const mySeatToMove = () => (heldSeats.includes(seatTo()) && !st.state?.result ? seatTo() : null);
  const active = (i) => st.state && st.state.statuses[i] === "active";
  const actingSeat = () => mySeatToMove() ?? heldSeats.find(active) ?? heldSeats[0];
  /** The held seat a premove would be for: the next of ours to move that still plays. */
  const premoveSeat = () => {
    if (!st.state || st.state.result || mySeatToMove() !== null) return null;
    const to = seatTo();
    for (let k = 1; k <= 4; k++) { const s = (to + k) % 4; if (heldSeats.includes(s) && active(s)) return s; }
    return null;
  };

  const board = new Board(boardEl, {
    onMove: (from, to, promotion) => playMove(from, to, promotion),
    onPromote: (from, to, options) => promote(from, to, options),
    onPremove: (from, to) => {
      const seat = premoveSeat();
      if (seat !== null) ctx.send({ type: "premove", game: id, seat: SEATS[seat], from, to });
    },
    onArrow: (from, to) => { if (heldSeats.length) ctx.send({ type: "arrow", game: id, seat: SEATS[actingSeat()], from, to }); },
    onClearArrows: () => { if (heldSeats.length) ctx.send({ type: "clear_arrows", game: id, seat: SEATS[actingSeat()] }); },
    onClick: () => {
      // A click on the board while reviewing returns it to the live position.
      if (st.review !== null) { review(null); return; }
      st.arrows = st.arrows.filter((a) => heldSeats.includes(a.seat)); draw();
    },
  });

  function playMove(from, to, promotion) {
    const seat = mySeatToMove();
    if (seat === null || st.review !== null) return;
    ctx.send({ type: "play", game: id, seat: SEATS[seat], from, to, promotion: promotion || undefined });
  }

  function promote(from, to, options) {
    const s = st.state;
    const seat = mySeatToMove();
    const dlg = dialog("promotion", t("game.promote"), [h("p", {}, t("game.promote")), h("div", { class: "promo row" },
      ...options.map((p) => {
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("viewBox", "0 0 1 1");
        svg.appendChild(pieceShape(prefs.get("pieces"), p === "D" ? "Q" : p, colourOf(s.colours[seat ?? 0])));
        return h("button", { "data-promo": p, "aria-label": pieceName(p), onclick: () => { dlg.remove(); playMove(from, to, p); } }, svg);
      }))]);
  }

  function bottom() {
    if (!heldSeats.length) return st.rotate;
    return mySeatToMove() ?? (heldSeats.find(active) ?? heldSeats[0]);
  }

  // Our seat is to move but its legal moves have not come: ask again (once a second at most).
  let lastAsk = 0;
  function askLegal(seat) {
    const now = Date.now();
    if (now - lastAsk < 1000) return;
    lastAsk = now;
    setTimeout(() => {
      if (st.legal[seat] || mySeatToMove() !== seat) return;
      ctx.send({ type: "join", game: id, seat_token: held[SEATS[seat]], since: st.seq });
    }, 1000);
  }

  // Events were missed (a gap in the numbers): join again from the last one seen.
  let lastResync = 0;
  function resync() {
    const now = Date.now();
    if (now - lastResync < 500) return;
    lastResync = now;
    const tokens = Object.values(held);
    if (!tokens.length) ctx.send({ type: "join", game: id, since: st.seq });
    for (const tk of tokens) ctx.send({ type: "join", game: id, seat_token: tk, since: st.seq });
  }

  // ---- Reviewing an earlier position ---------------------------------------------------------
  async function review(i) {
    if (i === null || i >= st.entries.length - 1) { st.review = null; draw(); return; }
    st.review = Math.max(-1, i);
    if (st.review >= 0 && !st.fens[st.review]) await loadPositions();
    draw();
  }
  async function loadPositions() {
    try {
      const p = await ctx.api(`/api/games/${id}/positions`);
      st.positions = p;
      p.moves.forEach((text, i) => {
        if (!st.fens[i]) st.fens[i] = p.fens[i];
        if (!st.checksAt[i]) st.checksAt[i] = p.checks?.[i] || [];
      });
      if (p.moves.length >= st.entries.length) {
        st.entries = p.moves.map((text, i) => {
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
    const cur = st.review ?? st.entries.length - 1;
    if (e.key === "ArrowLeft") { e.preventDefault(); review(cur - 1); }
    else if (e.key === "ArrowRight") { e.preventDefault(); review(cur + 1); }
    else if (e.key === "Home") { e.preventDefault(); review(-1); }
    else if (e.key === "End") { e.preventDefault(); review(null); }
  };
  window.addEventListener("keydown", keys);

  // ---- Drawing ----------------------------------------------------------------------------------
  function draw() {
    const s = st.state;
    if (!s) return;
    const tm = mySeatToMove();
    if (tm !== null && !st.legal[tm]) askLegal(tm);
    const pSeat = premoveSeat();
    const inert = s.statuses.map((x, i) => (x === "mated" ? i : -1)).filter((i) => i >= 0);
    const zombies = s.statuses.map((x, i) => (statusOf(x).state === "zombie" ? i : -1)).filter((i) => i >= 0);
    if (st.review !== null) {
      const fen = st.review < 0 ? s.start_fen4 : st.fens[st.review];
      const e = st.entries[st.review];
      const sq = squaresOf(e);
      board.set({
        fen, bottom: bottom(), colours: s.colours, legal: [], last: sq ? { [SEATS.indexOf(e.seat)]: sq } : {},
        checks: fen ? kingsOf(fen, st.checksAt[st.review] || []) : [], inert: [], zombies: [], arrows: [], premove: null, premoveSeat: null,
        hill: optionsOf(s.rules).includes("KotH"), centre: centre(s.rules),
      });
      reviewBar.replaceChildren(h("span", {}, st.review < 0 ? t("review.start") : t("review.at", { n: st.review + 1, total: st.entries.length })),
        h("button", { "data-testid": "live", onclick: () => review(null) }, t("review.live")));
      reviewBar.hidden = false;
    } else {
      board.set({
        fen: s.fen4, bottom: bottom(), colours: s.colours, legal: tm !== null ? st.legal[tm] || [] : [],
        last: st.last, checks: kingsOf(s.fen4, s.in_check || []), inert, zombies, arrows: st.arrows,
        premove: pSeat !== null ? st.premoves[pSeat] || null : null, premoveSeat: pSeat,
        hill: optionsOf(s.rules).includes("KotH"), centre: centre(s.rules),
      });
      reviewBar.replaceChildren();
      reviewBar.hidden = true;
    }
    const stillPlaying = SEATS.filter((_, i) => ["active", "zombie"].includes(statusOf(s.statuses[i]).state));
    moveList.set({ entries: st.entries, colours: s.colours, current: st.review, playing: stillPlaying, centre: centre(s.rules) });
    drawClocks();
    const toMove = seatTo();
    info.textContent = s.result ? t("game.over") : tm !== null ? t("game.your_turn", { colour: colourName(s.colours[tm]) })
      : toMove >= 0 ? t("game.to_move", { colour: colourName(s.colours[toMove]) }) : "";
    const q = pSeat !== null ? st.premoves[pSeat] : null;
    premoveEl.replaceChildren(...(q ? [h("span", {}, t("premove.queued", { move: `${q.from}-${q.to}` })), " ",
      h("button", { "data-testid": "premove-cancel", onclick: () => ctx.send({ type: "cancel_premove", game: id, seat: SEATS[pSeat] }) }, t("common.cancel"))] : []));
    const me = actingSeat();
    const playing = heldSeats.length && !s.result && me !== undefined && active(me);
    buttons.replaceChildren(
      ...(playing ? [h("button", { "data-testid": "resign", onclick: confirmResign }, t("game.resign"))] : []),
      ...(playing && canClaim(me) ? [h("button", { "data-testid": "claim", onclick: () => ctx.send({ type: "claim_win", game: id, seat: SEATS[me] }) }, t("game.claim"))] : []),
      ...(!heldSeats.length ? [h("button", { "data-testid": "rotate", onclick: () => { st.rotate = (st.rotate + 1) % 4; draw(); } }, t("board.rotate"))] : []),
      h("a", { href: `/api/games/${id}/pgn4`, download: `fourhand-${id}.pgn4`, "data-testid": "export" }, t("game.export")),
    );
  }

  function canClaim(seat) {
    const s = st.state;
    if (!scored(s.rules)) return false;
    const left = s.statuses.map((x, i) => (x === "active" ? i : -1)).filter((i) => i >= 0);
    if (left.length !== 2 || !left.includes(seat)) return false;
    const other = left.find((i) => i !== seat);
    return s.points[seat] >= s.points[other] + claimLead(s.rules);
  }

  function confirmResign() {
    const s = st.state;
    const seat = actingSeat();
    const base = baseRules(s.rules);
    const key = base === "ffa" && !scored(s.rules) ? "out" : base; // Play4Mate, FirstMate: no zombie king
    const text = ["ffa", "chaturaji", "conquest", "teams", "out"].includes(key) ? t(`resign.${key}`) : t("resign.historic");
    const dlg = dialog("resign-confirm", t("resign.title"), [h("h2", {}, t("resign.title")), h("p", {}, text),
      h("div", { class: "row" },
        h("button", { class: "danger", "data-testid": "resign-yes", onclick: () => { dlg.remove(); ctx.send({ type: "resign", game: id, seat: SEATS[seat] }); } }, t("resign.yes")),
        h("button", { "data-testid": "resign-no", onclick: () => dlg.remove() }, t("common.cancel")))]);
  }

  function drawClocks() {
    const s = st.state;
    const now = Date.now();
    const running = s.to_move && !s.result ? SEATS.indexOf(s.to_move) : -1;
    const elapsed = now - st.clockRef;
    const delayLeft = Math.max(0, st.delayAtRef - elapsed);
    clocksEl.replaceChildren(...SEATS.map((letter, i) => {
      let bank = s.clocks_ms[i];
      if (i === running) bank -= Math.max(0, elapsed - st.delayAtRef);
      // A flag fell: 0:00, whatever the last move's clocks said.
      if (statusOf(s.statuses[i]).reason === "timed_out") bank = 0;
      bank = Math.max(0, bank);
      const seat = s.seats[i] || {};
      const away = st.away[i];
      const low = i === running && bank < LOW_MS;
      if (i === running && heldSeats.includes(i)) lowTime(i, bank);
      return h("div", { class: `clock${i === running ? " tomove" : ""}${low ? " low" : ""}${seat.connected === false && !seat.bot ? " away" : ""}`, "data-clock": letter },
        h("span", { class: "stripe", style: `background:${colourOf(s.colours[i])}` }),
        h("span", { class: "name" }, `${colourName(s.colours[i])} · ${seatLabel(seat)}${ratingText(seat.rating)}`,
          seat.connected === false && !seat.bot ? h("span", { class: "warn" }, ` ${t("game.away")}`) : ""),
        h("span", { class: "extra" }, s.statuses[i] !== "active" ? h("span", { class: "muted" }, ` ${t(statusKey(s.statuses[i]))} `) : "",
          scored(s.rules) ? h("span", { "data-points": letter }, ` ${t("game.points", { n: s.points[i] })} `) : "",
          livesOf(s.fen4) ? h("span", { "data-lives": letter, title: t("game.lives", { n: livesOf(s.fen4)[i] }) }, ` ♥${num(livesOf(s.fen4)[i])} `) : "",
          i === running && delayLeft > 0 ? h("span", { class: "delay" }, `+${num(Math.ceil(delayLeft / 1000))} `) : "",
          away ? h("span", { class: "muted" }, ` ${t("game.back_in", { n: Math.max(0, Math.ceil((away - now) / 1000)) })} `) : "",
          h("span", { class: "time" }, clock(bank, low))));
    }));
  }

  // Under ten seconds on our own clock: a warning sound once, then a tick each second.
  function lowTime(i, bank) {
    if (bank >= LOW_MS) { st.low[i] = null; return; }
    const sec = Math.ceil(bank / 1000);
    if (st.low[i] === null || st.low[i] === undefined) { st.low[i] = sec; sound("lowtime"); return; }
    if (sec < st.low[i]) { st.low[i] = sec; sound("tick"); }
  }

  function chatLine(ev) {
    const cls = ev.to === "partner" ? "partner" : "";
    chatLog.append(h("div", { class: cls, "data-chat": ev.to }, `${ev.name}${ev.to === "partner" ? ` (${t("chat.partner")})` : ""}: ${ev.text}`));
    chatLog.scrollTop = chatLog.scrollHeight;
  }

  // ---- Endings ------------------------------------------------------------------------------------
  function placeOf(seat) {
    const s = st.state;
    return 1 + s.points.filter((p, i) => i !== seat && p > s.points[seat]).length;
  }

  function outDialog(seat) {
    if (st.outShown || st.state.result) return;
    st.outShown = true;
    const s = st.state;
    const dlg = dialog("ffa-out", t("out.title"), [h("h2", {}, t("out.title")),
      h("p", { "data-testid": "out-place" }, t("out.place", { place: placeOf(seat), n: s.points[seat] })),
      h("p", { class: "muted" }, t("out.final")),
      h("div", { class: "row" },
        h("button", { "data-testid": "watch", onclick: () => dlg.remove() }, t("out.watch")),
        h("button", { "data-testid": "leave", onclick: () => { dlg.remove(); ctx.go("lobby"); } }, t("out.leave")))]);
  }

  async function overDialog(ev) {
    if (st.overShown) return;
    st.overShown = true;
    document.querySelectorAll("[data-testid=ffa-out]").forEach((d) => d.remove());
    const s = st.state;
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
    const how = s.statuses.map((x, i) => (x !== "active" ? `${colourName(s.colours[i])}: ${t(statusKey(x))}` : null)).filter(Boolean);
    if (how.length) lines.push(h("p", { class: "muted", "data-testid": "how" }, how.join(" · ")));
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
      h("button", { "data-testid": "new-game", onclick: () => { dlg.remove(); ctx.go("lobby/play"); } }, t("over.new_game")),
      h("button", { "data-testid": "to-lobby", onclick: () => { dlg.remove(); ctx.go("lobby"); } }, t("over.lobby")),
      h("a", { href: `#replay/game/${id}`, "data-testid": "replay-link" }, t("over.replay")),
      h("button", { "data-testid": "close", onclick: () => dlg.remove() }, t("common.close")))]);
    ctx.announce(t("over.title"));
    if (heldSeats.length) watchRematch(offer);
    // Rating changes, once the result is stored.
    if (s.rated) {
      for (let k = 0; k < 10; k++) {
        try {
          const g = await ctx.api(`/api/games/${id}`);
          if (g.ratings && g.ratings.length) {
            ratings.replaceChildren(...g.ratings.map((r) => {
              const i = SEATS.indexOf(r.seat);
              const d = r.after - r.before;
              return h("li", { "data-rating-seat": r.seat }, t("over.rating", { colour: colourName(s.colours[i]), name: seatLabel(s.seats[i]), before: r.before, after: r.after, diff: `${d >= 0 ? "+" : "−"}${num(Math.abs(d))}` }));
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

  // ---- Events ---------------------------------------------------------------------------------------
  function announceMove(ev, before) {
    const s = st.state;
    const p = before.get(ev.from);
    const colour = colourName(s.colours[SEATS.indexOf(ev.seat)]);
    const c = centre(s.rules);
    const words = { colour, piece: pieceName(p?.kind, c), from: c ? centreText(ev.from) : ev.from, to: c ? centreText(ev.to) : ev.to };
    let text = t(/x/.test(ev.text) ? "announce.capture" : "announce.move", words);
    if (/#/.test(ev.text)) text += `, ${t("announce.mate")}`;
    else if (/\+/.test(ev.text)) text += `, ${t("announce.check")}`;
    ctx.announce(text);
  }

  function apply(ev) {
    const s = st.state;
    switch (ev.kind) {
      case "moved": {
        const before = parseFen(s.fen4);
        delete st.legal[SEATS.indexOf(ev.seat)];
        s.fen4 = ev.fen4; s.moves.push(ev.text); s.to_move = ev.to_move; s.clocks_ms = ev.clocks_ms;
        st.entries.push({ seat: ev.seat, text: ev.text, from: ev.from, to: ev.to });
        st.fens[st.entries.length - 1] = ev.fen4;
        st.checksAt[st.entries.length - 1] = ev.in_check || [];
        st.clockRef = Date.now(); st.delayAtRef = s.time.delay_ms;
        st.last[SEATS.indexOf(ev.seat)] = [ev.from, ev.to];
        s.in_check = ev.in_check || [];
        st.review = null; // back to the live position with every move
        notice.textContent = "";
        sound(/[#+]/.test(ev.text) ? "check" : /x/.test(ev.text) ? "capture" : "move");
        announceMove(ev, before);
        break;
      }
      case "passed": s.to_move = ev.to_move; st.clockRef = Date.now(); st.delayAtRef = s.time.delay_ms; break;
      case "status": {
        const i = SEATS.indexOf(ev.seat);
        s.statuses[i] = ev.status;
        const word = { resigned: "R", timed_out: "T", stalemated: "S" }[statusOf(ev.status).reason] || null;
        if (word) { st.entries.push({ seat: ev.seat, text: word }); st.fens[st.entries.length - 1] = s.fen4; }
        ctx.announce(`${colourName(s.colours[i])}: ${t(statusKey(ev.status))}`);
        if (eachForHimself(s.rules) && heldSeats.includes(i) && ev.status !== "active" && !heldSeats.some(active)) setTimeout(() => outDialog(i), 0);
        break;
      }
      case "scored": s.points[SEATS.indexOf(ev.seat)] += ev.points; break;
      case "connection": {
        const i = SEATS.indexOf(ev.seat);
        if (s.seats[i]) s.seats[i].connected = ev.connected;
        st.away[i] = ev.connected ? null : Date.now() + (ev.grace_ms || 0);
        break;
      }
      case "chat": chatLine(ev); break;
      case "arrow": st.arrows.push({ seat: SEATS.indexOf(ev.seat), from: ev.from, to: ev.to }); break;
      case "arrows_cleared": st.arrows = st.arrows.filter((a) => a.seat !== SEATS.indexOf(ev.seat)); break;
      case "over": s.result = ev.result; s.termination = ev.termination; s.ending = ev.ending; s.points = ev.points; s.placings = ev.placings; s.to_move = null; overDialog(ev); break;
      default: break; // "hidden": another audience's event
    }
  }

  const off = ctx.on((m) => {
    if (m.type === "snapshot" && m.state.game === id) {
      st.state = m.state;
      st.seq = m.state.seq;
      st.clockRef = Date.now();
      st.delayAtRef = m.state.delay_left_ms;
      const record = m.state.record && m.state.record.length ? m.state.record : null;
      if (record) st.entries = record.map((e) => ({ seat: e.seat, text: e.text, from: e.from, to: e.to }));
      else if (st.entries.length < m.state.moves.length) st.entries = m.state.moves.map((text) => ({ seat: "S", text }));
      st.fens[st.entries.length - 1] = m.state.fen4;
      st.checksAt[st.entries.length - 1] = m.state.in_check || [];
      fillChatTargets();
      if (!st.started) {
        st.started = true;
        if (heldSeats.length && !m.state.moves.length && !m.state.result) sound("start");
      }
      draw();
      if (m.state.result && !st.overShown) overDialog({ result: m.state.result, termination: m.state.termination, ending: m.state.ending, points: m.state.points, placings: m.state.placings });
    } else if (m.type === "event" && m.game === id && st.state) {
      if (m.seq <= st.seq) return; // already seen (a resync may repeat events)
      if (m.seq !== st.seq + 1) { resync(); return; } // a gap: ask for what was missed
      st.seq = m.seq;
      apply(m.event);
      draw();
    } else if (m.type === "legal" && m.game === id) {
      st.legal[SEATS.indexOf(m.seat)] = m.moves;
      draw();
    } else if (m.type === "premove" && m.game === id) {
      st.premoves[SEATS.indexOf(m.seat)] = m.premove;
      if (m.dropped) notice.textContent = t("premove.dropped");
      draw();
    } else if (m.type === "error" && st.state) {
      notice.textContent = m.message;
    }
  });

  const fillChatTargets = () => {
    const sides = st.state && !eachForHimself(st.state.rules);
    chatTo.replaceChildren(...[...(sides ? ["partner"] : []), "table"].map((v) => h("option", { value: v }, t(`chat.${v}`))));
  };
  chatInput.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || !chatInput.value.trim() || !heldSeats.length) return;
    ctx.send({ type: "chat", game: id, seat: SEATS[actingSeat()], to: chatTo.value, text: chatInput.value });
    chatInput.value = "";
  });

  ctx.follow(id, Object.values(held));
  const tick = setInterval(() => st.state && drawClocks(), 200);
  return () => {
    off(); if (offLobby) { offLobby(); ctx.send({ type: "lobby_unsubscribe" }); }
    clearInterval(tick); window.removeEventListener("keydown", keys); board.destroy(); ctx.unfollow(id);
    document.querySelectorAll(".dialog").forEach((d) => d.remove());
  };
}

