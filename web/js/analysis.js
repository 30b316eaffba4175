// The analysis board: a finished game, a pasted PGN4 (variations and comments kept) or FEN4, or
// a rule set's start, as a move tree — moves played on the board make variations, a variation is
// made the main line or deleted, comments added, the tree saved as PGN4 — with the server's
// engine lines on request (an evaluation bar in the sides games, each seat's score otherwise) and,
// for a finished game, its review: the evaluation graph, each move's verdict in the move list,
// the better move, each player's accuracy. The keys step through the line (← → Home End).

import { Board, SEATS, colourName, colourOf, kingsOf, pieceName } from "./board.js";
import { h, dialog } from "./dom.js";
import { t, num } from "./i18n.js";
import { Tree, ROOT } from "./tree.js";
import { scoreText, barShare, MARKS, JUDGEMENTS, graphLines, graphPosition } from "./evaluation.js";
import { entryText } from "./movelist.js";
import { centre, centreText, eachForHimself, optionsOf, rulesName, sidesOf } from "./rulesets.js";
import { pieceShape } from "./pieces.js";
import { prefs } from "./prefs.js";
import { session } from "./net.js";

const RULES = ["teams", "ffa", "verney1881", "club1893", "chaturaji"];

/** POSTs `body` as JSON to `path`; the answer's JSON (or text), or throws with the server's body. */
async function post(path, body, headers = {}) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const text = await r.text();
  let v;
  try { v = JSON.parse(text); } catch { v = text; }
  if (!r.ok) throw Object.assign(new Error(v.message || r.statusText), { body: v, status: r.status });
  return v;
}

/** A refusal in words: a PGN4's line and column, a live game, or the server's message. */
function refusal(e) {
  const b = e.body || {};
  if (b.code === "game_in_progress") return t("analysis.live");
  if (b.code === "illegal_move") return t("analysis.illegal");
  if (b.code === "rate_limited") return t("analysis.limited");
  if (b.code === "review_pending") return t("review.pending");
  if (b.code === "analysis_busy") return t("analysis.busy");
  if (b.line) return t("analysis.error_at", { line: num(b.line), column: num(b.column), message: b.message });
  return b.message || e.message;
}

/** `#analysis` (a rule set's start), `#analysis/game/<id>` (a finished game) and
 *  `#analysis/game/<id>/review` (its review asked for at once). */
export async function analysisView(ctx, kind, id, extra) {
  let opened;
  try {
    opened = kind === "game" ? await post("/api/analysis/open", { game: id }) : await post("/api/analysis/open", { rules: "teams" });
  } catch (e) {
    ctx.view.append(h("section", { class: "panel" }, h("h2", {}, t("analysis.title")), h("p", { "data-testid": "analysis-refused", role: "alert" }, refusal(e))));
    return () => {};
  }
  const page = { tree: new Tree(opened), colours: opened.colours, cur: ROOT, bottom: 0, legal: new Map(), verdicts: new Map(),
    engine: false, engineId: 0, lines: null, engineNote: "", arrow: null, review: null, reviewNote: "", game: kind === "game" ? id : null };

  const boardEl = h("div", { class: "boardwrap" });
  const board = new Board(boardEl, {
    onMove: (from, to, promotion) => play(from, to, promotion),
    onPromote: (from, to, options) => promote(from, to, options),
  });
  const bar = h("div", { class: "evalbar", "data-testid": "eval-bar", role: "meter", "aria-valuemin": "0", "aria-valuemax": "100" }, h("div", { class: "fill" }));
  const engineBox = h("div", { class: "engine-lines", "data-testid": "engine-lines", "aria-live": "polite" });
  const engineButton = h("button", { "data-testid": "engine-toggle", "aria-pressed": "false", onclick: () => toggleEngine() }, t("analysis.engine"));
  const treeBox = h("div", { class: "movetree", "data-testid": "move-tree", role: "list", "aria-label": t("moves.label") });
  const comment = h("textarea", { "data-testid": "analysis-comment", rows: 2, maxlength: 2000, "aria-label": t("analysis.comment"), onchange: () => { page.tree.setComment(page.cur, comment.value); drawTree(); } });
  const status = h("p", { "data-testid": "analysis-status", role: "status" });
  const betterBox = h("p", { "data-testid": "review-better" });
  const reviewBox = h("section", { class: "review", "data-testid": "review" });
  const input = h("textarea", { "data-testid": "analysis-input", rows: 4, "aria-label": t("analysis.paste"), placeholder: t("analysis.paste") });
  const rulesSel = h("select", { "data-testid": "analysis-rules", "aria-label": t("analysis.rules") }, RULES.map((r) => h("option", { value: r }, t(`rules.${r}`))));
  const inputError = h("p", { "data-testid": "analysis-error", role: "alert", class: "error" });

  const sidesGame = () => !eachForHimself(page.tree.rules);
  const node = (i) => (i === ROOT ? null : page.tree.nodes[i]);

  async function legalAt(fen) {
    if (!page.legal.has(fen)) {
      try { page.legal.set(fen, await post("/api/analysis/position", { rules: page.tree.rules, fen4: fen })); } catch { page.legal.set(fen, { legal: [] }); }
    }
    return page.legal.get(fen);
  }

  async function show() {
    const n = node(page.cur);
    const fen = page.tree.fen(page.cur);
    const pos = await legalAt(fen);
    const sq = n && n.from && n.to ? [n.from, n.to] : null;
    board.set({
      fen, bottom: page.bottom, colours: page.colours, legal: pos.legal || [], hill: optionsOf(page.tree.rules).includes("KotH"), centre: centre(page.tree.rules),
      last: sq ? { [SEATS.indexOf(n.seat)]: sq } : {}, checks: kingsOf(fen, page.tree.checks(page.cur)),
      arrows: page.arrow ? [page.arrow] : [],
    });
    comment.value = page.cur === ROOT ? page.tree.comment || "" : n.comment || "";
    status.textContent = n ? `${t("analysis.after")} ${num(n.round)}. ${entryText(n.text)}` : t("replay.start");
    drawTree();
    drawBetter();
    if (page.engine) askEngine();
  }

  function go(i) { page.cur = i; page.arrow = null; show(); }

  async function play(from, to, promotion) {
    const n = node(page.cur);
    try {
      const r = await post("/api/analysis/move", { rules: page.tree.rules, fen4: page.tree.fen(page.cur), from, to, promotion: promotion || undefined, after: n ? [n.seat, n.round] : undefined });
      page.legal.set(r.entries[r.entries.length - 1].fen, r.position);
      go(page.tree.add(page.cur, r.entries));
    } catch (e) {
      status.textContent = refusal(e);
    }
  }

  function promote(from, to, options) {
    const fen = page.tree.fen(page.cur);
    const seat = SEATS.indexOf(fen.trim()[0] === "R" ? "S" : fen.trim()[0] === "B" ? "W" : fen.trim()[0] === "Y" ? "N" : "E");
    const dlg = dialog("promotion", t("game.promote"), [h("p", {}, t("game.promote")), h("div", { class: "promo row" },
      ...options.map((p) => {
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("viewBox", "0 0 1 1");
        svg.appendChild(pieceShape(prefs.get("pieces"), p === "D" ? "Q" : p, colourOf(page.colours[Math.max(0, seat)])));
        return h("button", { "data-promo": p, "aria-label": pieceName(p), onclick: () => { dlg.remove(); play(from, to, p); } }, svg);
      }))]);
  }

  // The move tree: the main line, each variation in parentheses after the entry it replaces.
  /** An entry as a button (its round's number before it where a round or a line opens): its
   *  text and the review's mark, read out with its colour and verdict. */
  function moveButton(i, opensLine) {
    const n = node(i);
    const seat = SEATS.indexOf(n.seat);
    const prev = node(page.tree.parent(i));
    const number = opensLine || !prev || prev.round !== n.round ? h("span", { class: "num" }, `${num(n.round)}.`) : "";
    const v = page.verdicts.get(i);
    const words = entryText(centre(page.tree.rules) ? centreText(n.text) : n.text);
    const shown = `${words}${v ? MARKS[v.judgement] : ""}`;
    const label = `${shown}, ${colourName(page.colours[seat])}${v ? `, ${t(`review.${v.judgement}`)}` : ""}`;
    const button = h("button", {
      class: `mv${i === page.cur ? " current" : ""}${v ? ` j-${v.judgement}` : ""}`, "data-node": i, "data-seat": n.seat,
      "data-judgement": v ? v.judgement : undefined, style: `--seat: ${colourOf(page.colours[seat])}`, "aria-label": label,
      "aria-current": i === page.cur ? "true" : "false", onclick: () => go(i),
    }, shown);
    return number ? h("span", { class: "entry" }, number, " ", button) : button;
  }

  function lineFrom(parent, into) {
    let at = parent;
    let opens = true;
    for (;;) {
      const kids = page.tree.children(at);
      if (!kids.length) return;
      const [main, ...alts] = kids;
      into.push(moveButton(main, opens));
      const c = node(main).comment;
      if (c) into.push(h("span", { class: "comment" }, c));
      for (const alt of alts) {
        const inner = [moveButton(alt, true)];
        const ca = node(alt).comment;
        if (ca) inner.push(h("span", { class: "comment" }, ca));
        lineFrom(alt, inner);
        into.push(h("span", { class: "variation", role: "group", "aria-label": t("analysis.variation") }, "(", ...inner, ")"));
      }
      opens = alts.length > 0;
      at = main;
    }
  }

  function drawTree() {
    const items = [];
    if (page.tree.comment) items.push(h("span", { class: "comment" }, page.tree.comment));
    lineFrom(ROOT, items);
    // A list only when there is something in it (a list may hold list items alone).
    if (items.length) treeBox.setAttribute("role", "list"); else treeBox.removeAttribute("role");
    treeBox.replaceChildren(...(items.length ? items.map((x) => h("span", { role: "listitem" }, x)) : [h("p", { class: "muted" }, t("moves.none"))]));
    treeBox.querySelector(".current")?.scrollIntoView({ block: "nearest" });
  }

  // Engine lines.
  function toggleEngine() {
    page.engine = !page.engine;
    engineButton.setAttribute("aria-pressed", String(page.engine));
    if (page.engine) askEngine();
    else { ctx.send({ type: "analyse_stop" }); page.lines = null; page.engineNote = ""; drawEngine(); }
  }

  function askEngine() {
    page.engineId += 1;
    page.lines = null;
    page.engineNote = t("analysis.thinking");
    page.waiting = true;
    ctx.send({ type: "analyse", id: page.engineId, rules: page.tree.rules, fen4: page.tree.fen(page.cur), lines: 3 });
    drawEngine();
  }

  const offMessages = ctx.on((m) => {
    if (m.type === "analysis" && m.id === page.engineId && page.engine) {
      page.lines = m;
      page.waiting = !m.done;
      page.engineNote = m.lines.length ? "" : t("analysis.no_moves");
      drawEngine();
    } else if (m.type === "error" && page.engine && page.waiting && ["game_in_progress", "rate_limited", "bad_request", "analysis_busy"].includes(m.code)) {
      page.waiting = false;
      page.engineNote = refusal({ body: m });
      drawEngine();
    }
  });

  function seatScores(scores) {
    return h("span", { class: "seat-scores" }, ...scores.map((s, k) => h("span", { style: `--seat: ${colourOf(page.colours[k])}`, class: "seat-score" },
      `${colourName(page.colours[k])} ${scoreText(s)}`)));
  }

  function drawEngine() {
    const m = page.lines;
    const sides = sidesGame();
    bar.hidden = !sides || !page.engine;
    if (sides && m && m.lines.length) {
      const first = sidesOf(page.tree.rules)[0][0];
      const s = m.lines[0].scores[first];
      const share = barShare(s);
      bar.firstChild.style.width = `${share}%`;
      bar.setAttribute("aria-valuenow", String(Math.round(share)));
      bar.setAttribute("aria-label", t("analysis.bar", { side: colourName(page.colours[first]), score: scoreText(s) }));
    }
    const rows = (m ? m.lines : []).map((line, k) => {
      const mover = line.moves[0] ? SEATS.indexOf(line.moves[0].seat) : 0;
      const view = sides ? sidesOf(page.tree.rules)[0][0] : mover;
      const score = scoreText(line.scores[view]);
      const who = sides ? "" : `${colourName(page.colours[mover])} `;
      return h("li", {},
        h("button", { class: "line", "data-line": k, onclick: () => playLine(line) },
          h("b", { class: "score" }, `${who}${score}`), " ",
          line.moves.slice(0, 10).map((mv) => (centre(page.tree.rules) ? centreText(mv.text) : mv.text)).join(" ")),
        !sides && k === 0 ? seatScores(line.scores) : "");
    });
    engineBox.replaceChildren(
      h("p", { class: "muted" }, page.engine ? (m ? t("analysis.depth", { depth: num(m.depth) }) + (m.cached ? ` · ${t("analysis.cached")}` : "") + (m.done ? "" : " …") : "") : t("analysis.engine_off")),
      page.engineNote ? h("p", { "data-testid": "engine-note" }, page.engineNote) : "",
      rows.length ? h("ol", {}, ...rows) : "",
      page.engine ? h("p", { class: "muted small" }, sides ? t("analysis.sides_scores") : t("analysis.ffa_scores")) : "");
  }

  function playLine(line) {
    const mv = line.moves[0];
    if (!mv) return;
    const promo = /=([QRBND])/.exec(mv.text);
    play(mv.from, mv.to, promo ? promo[1] : undefined);
  }

  // Review.
  function drawBetter() {
    const v = page.verdicts.get(page.cur);
    if (!v || !v.better) { betterBox.replaceChildren(); return; }
    const before = page.tree.parent(page.cur);
    betterBox.replaceChildren(h("span", {}, `${t(`review.${v.judgement}`)}. `),
      h("button", { "data-testid": "show-better", onclick: () => {
        page.cur = before;
        page.arrow = { from: v.better.from, to: v.better.to, seat: SEATS.indexOf(v.better.seat) };
        show();
      } }, t("review.better", { move: v.better.text })));
  }

  async function askReview() {
    page.reviewNote = "";
    try {
      page.review = await post(`/api/games/${page.game}/review`, {}, { authorization: `Bearer ${session.token}` });
    } catch (e) {
      page.reviewNote = refusal(e);
    }
    drawReview();
    poll();
  }

  let polling = null;
  function poll() {
    clearTimeout(polling);
    if (!page.review || page.review.status === "done" || page.review.status === "failed") return;
    polling = setTimeout(async () => {
      try { page.review = await (await fetch(`/api/games/${page.game}/review`)).json(); } catch { /* try again */ }
      drawReview();
      poll();
    }, 1000);
  }

  function applyReview(r) {
    const main = page.tree.mainLine();
    page.verdicts = new Map();
    r.moves.forEach((v, k) => { if (v && main[k] !== undefined) page.verdicts.set(main[k], v); });
    page.reviewScores = r.scores;
  }

  function graph(r) {
    const W = 300, H = 100;
    const seats = sidesGame() ? sidesOf(page.tree.rules).map((side) => side[0]) : [0, 1, 2, 3];
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("class", "review-graph");
    svg.setAttribute("data-testid", "review-graph");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("review.graph"));
    const mk = (name, attrs) => { const e = document.createElementNS("http://www.w3.org/2000/svg", name); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); svg.appendChild(e); return e; };
    mk("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, stroke: "currentColor", "stroke-opacity": 0.3 });
    for (const l of graphLines(r.scores, seats, W, H)) {
      mk("polyline", { points: l.points, fill: "none", stroke: colourOf(page.colours[l.seat]), "stroke-width": 1.5 });
    }
    const main = page.tree.mainLine();
    const k = page.cur === ROOT ? 0 : main.indexOf(page.cur) + 1;
    if (k >= 0 && (page.cur === ROOT || main.includes(page.cur))) {
      const x = (k / Math.max(1, r.scores.length - 1)) * W;
      mk("line", { x1: x, y1: 0, x2: x, y2: H, stroke: "currentColor", "stroke-dasharray": "2 2" });
    }
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      const k2 = graphPosition(((e.clientX - box.left) / box.width) * W, W, r.scores.length);
      go(k2 === 0 ? ROOT : main[k2 - 1]);
    });
    return svg;
  }

  function drawReview() {
    if (!page.game) { reviewBox.replaceChildren(); return; }
    const r = page.review;
    const kids = [h("h3", {}, t("review.title"))];
    if (!r) kids.push(h("button", { "data-testid": "review-ask", onclick: askReview }, t("review.ask")));
    else if (r.status === "queued") kids.push(h("p", { role: "status" }, t("review.waiting")));
    else if (r.status === "running") kids.push(h("p", { role: "status" }, t("review.running", { done: num(r.done), total: num(r.total || 0) })));
    else if (r.status === "failed") kids.push(h("p", { role: "alert" }, t("review.failed")));
    if (page.reviewNote) kids.push(h("p", { role: "alert" }, page.reviewNote));
    if (r && r.status === "done" && r.review) {
      if (page.verdicts.size === 0) { applyReview(r.review); drawTree(); drawBetter(); }
      kids.push(graph(r.review));
      const seats = [0, 1, 2, 3].filter((s) => r.review.accuracy[s] !== null);
      kids.push(h("table", { class: "accuracy", "data-testid": "review-accuracy" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("review.accuracy")),
          ...JUDGEMENTS.slice(2).map((j) => h("th", { title: t(`review.${j}`), "aria-label": t(`review.${j}`) }, MARKS[j])))),
        h("tbody", {}, ...seats.map((s) => h("tr", {},
          h("th", { style: `--seat: ${colourOf(page.colours[s])}`, class: "seat-score" }, colourName(page.colours[s])),
          h("td", {}, `${num(Math.round(r.review.accuracy[s]))} %`),
          ...JUDGEMENTS.slice(2).map((j, k) => h("td", {}, num(r.review.counts[s][k + 2]))))))));
      // The mistakes and blunders, to go to.
      const main = page.tree.mainLine();
      const moments = [];
      r.review.moves.forEach((v, k) => {
        if (v && (v.judgement === "mistake" || v.judgement === "blunder") && main[k] !== undefined) moments.push(moveButton(main[k], true));
      });
      if (moments.length) kids.push(h("div", { class: "moments", "data-testid": "review-moments" }, h("p", { class: "muted" }, t("review.moments")), ...moments));
      kids.push(h("p", { class: "muted small" }, t("review.thresholds")));
    }
    reviewBox.replaceChildren(...kids);
  }

  // Opening another game, PGN4 or FEN4.
  async function openInput() {
    const text = input.value.trim();
    inputError.textContent = "";
    if (!text) return;
    const isPgn = text.startsWith("[") || /^\s*1\./m.test(text);
    try {
      const opened2 = await post("/api/analysis/open", isPgn ? { pgn4: text } : { fen4: text, rules: rulesSel.value });
      replaceTree(opened2);
      page.game = null;
      page.review = null;
      drawReview();
    } catch (e) {
      inputError.textContent = refusal(e);
    }
  }

  async function newBoard() {
    try { replaceTree(await post("/api/analysis/open", { rules: rulesSel.value })); page.game = null; page.review = null; drawReview(); } catch (e) { inputError.textContent = refusal(e); }
  }

  function replaceTree(tr) {
    page.tree = new Tree(tr);
    page.colours = tr.colours;
    page.verdicts = new Map();
    title.textContent = rulesName(tr.rules);
    go(ROOT);
  }

  async function exportPgn() {
    try {
      const text = await post("/api/analysis/pgn4", page.tree.toJSON());
      const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      const dlg = dialog("export-dialog", t("analysis.export"), [
        h("h2", {}, t("analysis.export")),
        h("textarea", { "data-testid": "export-text", rows: 10, readonly: true, "aria-label": "PGN4" }, text),
        h("div", { class: "row" },
          h("a", { href: url, download: "fourhand-analysis.pgn4", "data-testid": "export-download" }, t("game.export")),
          h("button", { "data-testid": "export-close", onclick: () => { URL.revokeObjectURL(url); dlg.remove(); } }, t("common.close")))]);
    } catch (e) {
      status.textContent = refusal(e);
    }
  }

  const step = (d) => {
    if (d < 0) { if (page.cur !== ROOT) go(page.tree.parent(page.cur)); return; }
    const n = page.tree.next(page.cur);
    if (n !== null) go(n);
  };
  const keys = (e) => {
    if (board.svg.contains(e.target) || ["TEXTAREA", "INPUT", "SELECT"].includes(e.target.tagName)) return;
    if (e.key === "ArrowRight") { e.preventDefault(); step(1); }
    if (e.key === "ArrowLeft") { e.preventDefault(); step(-1); }
    if (e.key === "Home") go(ROOT);
    if (e.key === "End") { const l = page.tree.line(page.cur); go(l.length ? l[l.length - 1] : ROOT); }
  };
  window.addEventListener("keydown", keys);

  const icon = (d) => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 20 20"); svg.setAttribute("aria-hidden", "true"); svg.setAttribute("class", "icon");
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", d); path.setAttribute("fill", "currentColor");
    svg.appendChild(path);
    return svg;
  };
  const btn = (testid, label, fn, d) => h("button", { "data-testid": testid, "aria-label": label, title: label, onclick: fn }, icon(d));
  const title = h("h2", {}, rulesName(page.tree.rules));
  ctx.view.append(h("div", { class: "game analysis" }, h("div", { class: "boardcol" }, bar, boardEl), h("div", { class: "side" },
    title,
    h("div", { class: "row" },
      btn("first", t("replay.first"), () => go(ROOT), "M3 3h2v14H3zM17 3v14L7 10z"),
      btn("prev", t("replay.prev"), () => step(-1), "M15 3v14L5 10z"),
      btn("next", t("replay.next"), () => step(1), "M5 3v14l10-7z"),
      btn("end", t("replay.last"), () => { const l = page.tree.line(page.cur); go(l.length ? l[l.length - 1] : ROOT); }, "M15 3h2v14h-2zM3 3v14l10-7z"),
      h("button", { "data-testid": "rotate", onclick: () => { page.bottom = (page.bottom + 1) % 4; show(); } }, t("board.rotate"))),
    status,
    betterBox,
    reviewBox,
    h("section", { class: "engine" }, engineButton, engineBox),
    h("section", { class: "movepanel" }, h("h3", {}, t("moves.title")), treeBox),
    h("div", { class: "row" },
      h("button", { "data-testid": "promote-variation", onclick: () => { if (page.cur !== ROOT && page.tree.promote(page.cur)) show(); } }, t("analysis.promote")),
      h("button", { "data-testid": "delete-variation", onclick: () => { if (page.cur !== ROOT) go(page.tree.remove(page.cur)); } }, t("analysis.delete")),
      h("button", { "data-testid": "export-pgn4", onclick: exportPgn }, t("analysis.export"))),
    h("label", { class: "field" }, t("analysis.comment"), comment),
    h("details", { class: "open-box" }, h("summary", {}, t("analysis.open")),
      input, h("div", { class: "row" }, h("label", {}, t("analysis.rules"), " ", rulesSel),
        h("button", { "data-testid": "analysis-open", onclick: openInput }, t("analysis.load")),
        h("button", { "data-testid": "analysis-new", onclick: newBoard }, t("analysis.new"))),
      inputError))));
  drawEngine();
  drawReview();
  await show();
  if (page.game) {
    // A review asked for before is shown; `…/review` asks for one.
    try {
      const r = await fetch(`/api/games/${page.game}/review`);
      if (r.ok) { page.review = await r.json(); drawReview(); poll(); } else if (extra === "review") await askReview();
    } catch { /* shown when asked */ }
  }
  return () => {
    window.removeEventListener("keydown", keys);
    clearTimeout(polling);
    offMessages();
    if (page.engine) ctx.send({ type: "analyse_stop" });
    board.destroy();
  };
}
