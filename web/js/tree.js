// The analysis board's move tree as the server sends it (`TREE`: nodes with their children,
// the main continuation first) and what the board does with it: walk it, add the entries of a
// move (an existing one is reused), make a variation the main line, delete one, and hand it back
// compacted for export. Plain data, no page: the unit tests run it under node.

/** Index of the tree's start (before the first entry). */
export const ROOT = -1;

export class Tree {
  /** `t`: the server's `TREE` (`{rules, tags, start, checks, comment, nodes, first}`). */
  constructor(t) {
    this.rules = t.rules;
    this.tags = t.tags || [];
    this.start = t.start;
    this.startChecks = t.checks || [];
    this.comment = t.comment || null;
    this.nodes = t.nodes.map((n) => ({ ...n, children: [...(n.children || [])] }));
    this.first = [...t.first];
    this.parents = new Map();
    this.reparent();
  }

  reparent() {
    this.parents = new Map();
    this.first.forEach((c) => this.parents.set(c, ROOT));
    this.nodes.forEach((n, i) => { if (n) n.children.forEach((c) => this.parents.set(c, i)); });
  }

  /** The entries after `i` (ROOT: the first entries), the main continuation first. */
  children(i) { return i === ROOT ? this.first : this.nodes[i].children; }

  /** The entry before `i` (ROOT for a first entry). */
  parent(i) { return i === ROOT ? null : this.parents.get(i); }

  /** The position after `i` (FEN4). */
  fen(i) { return i === ROOT ? this.start : this.nodes[i].fen; }

  /** Seats in check after `i`. */
  checks(i) { return i === ROOT ? this.startChecks : this.nodes[i].checks || []; }

  /** The entries from the first to `i`. */
  path(i) {
    const out = [];
    for (let at = i; at !== ROOT && at !== undefined; at = this.parent(at)) out.unshift(at);
    return out;
  }

  /** The main continuation of `i` (null at a line's end). */
  next(i) { const c = this.children(i); return c.length ? c[0] : null; }

  /** The line `i` is on, from the start to its end (following main continuations after `i`). */
  line(i) {
    const out = this.path(i);
    for (let at = this.next(i); at !== null; at = this.next(at)) out.push(at);
    return out;
  }

  /** The main line. */
  mainLine() { return this.line(ROOT); }

  /** Whether `i` lies on the main line. */
  onMainLine(i) { return this.path(i).every((n) => this.children(this.parent(n))[0] === n); }

  /** Adds the entries of a move after `at` (as `/api/analysis/move` gives them: each with its
   *  text, seat, round, squares, position); an entry already there is reused. Returns the last. */
  add(at, entries) {
    let parent = at;
    for (const e of entries) {
      const siblings = this.children(parent);
      const same = siblings.find((c) => this.nodes[c].text === e.text);
      if (same !== undefined) { parent = same; continue; }
      this.nodes.push({ ...e, comment: e.comment || null, children: [] });
      const i = this.nodes.length - 1;
      siblings.push(i);
      this.parents.set(i, parent);
      parent = i;
    }
    return parent;
  }

  /** Makes the line through `i` the main one at the nearest branch above it where it is not. */
  promote(i) {
    for (let at = i; at !== ROOT; at = this.parent(at)) {
      const siblings = this.children(this.parent(at));
      const k = siblings.indexOf(at);
      if (k > 0) { siblings.splice(k, 1); siblings.unshift(at); return true; }
    }
    return false;
  }

  /** Deletes `i` and everything after it; returns the entry before it. */
  remove(i) {
    const p = this.parent(i);
    const siblings = this.children(p);
    siblings.splice(siblings.indexOf(i), 1);
    const gone = [i];
    while (gone.length) {
      const g = gone.pop();
      gone.push(...this.nodes[g].children);
      this.nodes[g] = null;
      this.parents.delete(g);
    }
    return p;
  }

  /** Sets the comment after `i` (ROOT: before the first entry); empty removes it. */
  setComment(i, text) {
    const c = text.trim() ? text.trim() : null;
    if (i === ROOT) this.comment = c; else this.nodes[i].comment = c;
  }

  /** The tree for `/api/analysis/pgn4`: deleted entries left out, indices renumbered. */
  toJSON() {
    const map = new Map();
    const order = [];
    const walk = [...this.first].reverse();
    while (walk.length) {
      const i = walk.pop();
      map.set(i, order.length);
      order.push(i);
      walk.push(...[...this.nodes[i].children].reverse());
    }
    return {
      rules: this.rules, tags: this.tags, start: this.start, checks: this.startChecks, comment: this.comment,
      nodes: order.map((i) => ({ ...this.nodes[i], children: this.nodes[i].children.map((c) => map.get(c)) })),
      first: this.first.map((c) => map.get(c)),
    };
  }
}
