// A game: the board turned to the player's seat (or, at a hot-seat table, to the seat to move),
// four clocks with the delay phase, statuses and connections, FFA points, partner chat and
// arrows, resign and claim, and the game-over dialog.

import { Board, SEATS, colourOf, parseFen } from "./board.js";
import { h } from "./lobby.js";

const fmt = (ms) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

export function gameView(ctx, id) {
  const held = ctx.tokens.of(id); // seat letter -> token
  const heldSeats = Object.keys(held).map((s) => SEATS.indexOf(s)).filter((i) => i >= 0);
  const st = { state: null, seq: 0, legal: {}, last: {}, arrows: [], clockRef: 0, away: {} };

  window.__fourhandGame = { st, heldSeats }; // for debugging and tests
  const boardEl = h("div", { class: "boardwrap" });
  const side = h("div");
  const clocksEl = h("div", { "data-testid": "clocks" });
  const info = h("div", { class: "muted", "data-testid": "info" });
  const movesEl = h("div", { class: "moves", "data-testid": "moves" });
  const chatLog = h("div", { class: "chat", "data-testid": "chat" });
  const chatInput = h("input", { placeholder: "message", "data-testid": "chat-input", style: "width:100%" });
  const chatTo = h("select", { "data-testid": "chat-to" });
  const buttons = h("div", { class: "row" });
  ctx.view.append(h("div", { class: "game" }, boardEl, side));
  // Reporting the chat (collusion, point begging …): the server keeps the lines this player saw.
  const report = h("button", { "data-testid": "report-chat", onclick: async () => {
    const reason = prompt("Why do you report this game's chat?");
    if (!reason) return;
    try {
      await ctx.api(`/api/games/${id}/report`, { method: "POST", body: JSON.stringify({ reason }),
        headers: { "content-type": "application/json", authorization: `Bearer ${ctx.session.token}` } });
      info.textContent = "Reported: a moderator will read the chat.";
    } catch (e) { info.textContent = e.message; }
  } }, "Report chat");
  side.append(clocksEl, info, buttons, h("h3", {}, "Moves"), movesEl, h("h3", {}, "Chat"), chatLog, h("div", { class: "row" }, chatTo, chatInput), report);

  const mySeatToMove = () => {
    const t = st.state && st.state.to_move ? SEATS.indexOf(st.state.to_move) : -1;
    return heldSeats.includes(t) ? t : null;
  };
  const actingSeat = () => mySeatToMove() ?? heldSeats[0];

  const board = new Board(boardEl, {
    onMove: (from, to, promotion) => play(from, to, promotion),
    onPromote: (from, to, options) => promote(from, to, options),
    onArrow: (from, to) => {
      if (heldSeats.length) ctx.send({ type: "arrow", game: id, seat: SEATS[actingSeat()], from, to });
    },
    onClearArrows: () => {
      if (heldSeats.length) ctx.send({ type: "clear_arrows", game: id, seat: SEATS[actingSeat()] });
    },
    onClick: () => { st.arrows = st.arrows.filter((a) => heldSeats.includes(a.seat)); draw(); },
  });

  function play(from, to, promotion) {
    const seat = mySeatToMove();
    if (seat === null) return;
    ctx.send({ type: "play", game: id, seat: SEATS[seat], from, to, promotion: promotion || undefined });
  }

  function promote(from, to, options) {
    const names = { Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", D: "\u265B" };
    const dlg = h("div", { class: "dialog", "data-testid": "promotion" }, h("div", { class: "promo" }, h("p", {}, "Promote to"),
      ...options.map((p) => h("button", { "data-promo": p, onclick: () => { dlg.remove(); play(from, to, p); } }, names[p] || p))));
    document.body.append(dlg);
  }

  function bottom() {
    if (!heldSeats.length) return 0;
    return mySeatToMove() ?? heldSeats[0];
  }

  // Our seat is to move but its legal moves have not come: ask again (once a second at most) by
  // joining with the last event number, which the server answers with what was missed and the
  // legal moves.
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

  // Events were missed (a gap in the numbers): join again from the last one seen; the server
  // answers with the missing events or a snapshot.
  let lastResync = 0;
  function resync() {
    const now = Date.now();
    if (now - lastResync < 500) return;
    lastResync = now;
    const tokens = Object.values(held);
    if (!tokens.length) ctx.send({ type: "join", game: id, since: st.seq });
    for (const t of tokens) ctx.send({ type: "join", game: id, seat_token: t, since: st.seq });
  }

  function checks() {
    return kingsInCheck(st.state.fen4, st.state.in_check || []);
  }

  function draw() {
    const s = st.state;
    if (!s) return;
    const t = mySeatToMove();
    if (t !== null && !st.legal[t] && !s.result) askLegal(t);
    board.set({
      fen: s.fen4,
      bottom: bottom(),
      colours: s.colours,
      legal: t !== null ? st.legal[t] || [] : [],
      last: st.last,
      checks: checks(),
      inert: s.statuses.map((x, i) => (x === "mated" ? i : -1)).filter((i) => i >= 0),
      zombies: s.statuses.map((x, i) => (x.startsWith("zombie") ? i : -1)).filter((i) => i >= 0),
      arrows: st.arrows,
    });
    drawClocks();
    movesEl.textContent = s.moves.join("  ");
    movesEl.scrollTop = movesEl.scrollHeight;
    info.textContent = s.result ? `Result: ${s.result} — ${s.termination}` : s.to_move ? `${s.colours[SEATS.indexOf(s.to_move)]} to move` : "";
    buttons.replaceChildren(
      ...(heldSeats.length && !s.result ? [
        h("button", { "data-testid": "resign", onclick: () => ctx.send({ type: "resign", game: id, seat: SEATS[actingSeat()] }) }, "Resign"),
        ...(s.rules === "ffa" ? [h("button", { "data-testid": "claim", onclick: () => ctx.send({ type: "claim_win", game: id, seat: SEATS[actingSeat()] }) }, "Claim win")] : []),
      ] : []),
      h("a", { href: `/api/games/${id}/pgn4`, target: "_blank" }, "PGN4"),
    );
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
      const seat = s.seats[i] || {};
      const away = st.away[i];
      const row = h("div", { class: `clock${i === running ? " tomove" : ""}${seat.connected === false && !seat.bot ? " away" : ""}`, "data-clock": letter },
        h("span", { class: "name", style: `border-left: .6rem solid ${colourOf(s.colours[i])}; padding-left:.4rem` },
          `${s.colours[i]} · ${seat.name || "—"}${seat.bot ? " (bot)" : ""}`),
        h("span", {}, s.statuses[i] !== "active" ? h("span", { class: "muted" }, ` ${s.statuses[i]} `) : "",
          s.rules === "ffa" ? h("span", { "data-points": letter }, ` ${s.points[i]} pts `) : "",
          i === running && delayLeft > 0 ? h("span", { class: "delay" }, `+${Math.ceil(delayLeft / 1000)}s `) : "",
          away ? h("span", { class: "muted" }, ` back in ${Math.max(0, Math.ceil((away - now) / 1000))}s `) : "",
          h("span", { class: "time" }, fmt(bank))));
      return row;
    }));
  }

  function chatLine(ev) {
    const cls = ev.to === "partner" ? "partner" : "";
    chatLog.append(h("div", { class: cls, "data-chat": ev.to }, `${ev.name}${ev.to === "partner" ? " (partner)" : ""}: ${ev.text}`));
    chatLog.scrollTop = chatLog.scrollHeight;
  }

  function overDialog(ev) {
    const s = st.state;
    const lines = [h("h2", {}, "Game over"), h("p", { "data-testid": "result" }, ev.result), h("p", {}, ev.termination)];
    if (ev.placings) {
      lines.push(h("ol", {}, ...SEATS.map((_, i) => i).sort((a, b) => ev.placings[a] - ev.placings[b])
        .map((i) => h("li", {}, `${s.colours[i]} (${s.seats[i]?.name}): ${ev.points[i]} points, place ${ev.placings[i]}`))));
    }
    const dlg = h("div", { class: "dialog", "data-testid": "game-over" }, h("div", {}, ...lines,
      h("button", { onclick: () => dlg.remove() }, "Close"), " ", h("a", { href: `#replay/game/${id}` }, "Replay")));
    document.body.append(dlg);
  }

  function apply(ev) {
    const s = st.state;
    switch (ev.kind) {
      case "moved": {
        delete st.legal[SEATS.indexOf(ev.seat)]; // that turn's moves are spent
        s.fen4 = ev.fen4; s.moves.push(ev.text); s.to_move = ev.to_move; s.clocks_ms = ev.clocks_ms;
        st.clockRef = Date.now(); st.delayAtRef = s.time.delay_ms;
        st.last[SEATS.indexOf(ev.seat)] = [ev.from, ev.to];
        s.in_check = ev.in_check || [];
        break;
      }
      case "passed": s.to_move = ev.to_move; st.clockRef = Date.now(); st.delayAtRef = s.time.delay_ms; break;
      case "status": s.statuses[SEATS.indexOf(ev.seat)] = ev.status; break;
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
      case "over": s.result = ev.result; s.termination = ev.termination; s.points = ev.points; s.to_move = null; overDialog(ev); break;
    }
  }

  function kingsInCheck(fen, seats) {
    const pieces = parseFen(fen);
    return [...pieces].filter(([, p]) => p.kind === "K" && !p.dead && seats.includes(SEATS[p.seat])).map(([sq]) => sq);
  }

  const off = ctx.on((m) => {
    if (m.type === "snapshot" && m.state.game === id) {
      st.state = m.state;
      st.seq = m.state.seq;
      st.clockRef = Date.now();
      st.delayAtRef = m.state.delay_left_ms;
      draw();
    } else if (m.type === "event" && m.game === id && st.state) {
      if (m.seq <= st.seq) return; // already seen (a resync may repeat events)
      if (m.seq !== st.seq + 1) { resync(); return; } // a gap: ask for what was missed
      st.seq = m.seq;
      apply(m.event);
      draw();
    } else if (m.type === "legal" && m.game === id) {
      st.legal[SEATS.indexOf(m.seat)] = m.moves;
      draw();
    } else if (m.type === "error" && st.state) {
      info.textContent = m.message;
    }
  });

  const sides = () => st.state && st.state.rules !== "ffa";
  const fillChatTargets = () => {
    chatTo.replaceChildren(...[...(sides() ? ["partner"] : []), "table"].map((v) => h("option", { value: v }, v)));
  };
  chatInput.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || !chatInput.value.trim() || !heldSeats.length) return;
    ctx.send({ type: "chat", game: id, seat: SEATS[actingSeat()], to: chatTo.value, text: chatInput.value });
    chatInput.value = "";
  });
  const offChat = ctx.on((m) => { if (m.type === "snapshot" && m.state.game === id) fillChatTargets(); });

  ctx.follow(id, Object.values(held));
  const tick = setInterval(() => st.state && drawClocks(), 200);
  return () => { off(); offChat(); clearInterval(tick); ctx.unfollow(id); document.querySelectorAll(".dialog").forEach((d) => d.remove()); };
}
