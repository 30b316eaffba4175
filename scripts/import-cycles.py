#!/usr/bin/env python3
"""Finds import circles between the files of each crate: a file-level walk of `use` paths.

Every `use crate::…`, `use super::…` and `use self::…` (and such paths written inline in code)
is resolved to the file that defines the item: a module's own file, or — when the item is a
name a module re-exports with `pub use` — the file it comes from. An edge A → B means A names
something defined in B; a parent declaring `mod child;` is no edge, and neither is a `pub use`
(a path through it is followed to the file it names). `#[cfg(test)]` modules are left out. The strongly connected
components with more than one file are the circles. Prints each, and exits 1 if there is one.

    python3 scripts/import-cycles.py [crates/NAME …]    # default: every crate under crates/
"""

import os
import re
import sys

USE_RE = re.compile(r"\buse\s+((?:crate|super|self)(?:::[^;]*)?);", re.S)
INLINE_RE = re.compile(r"\b((?:crate|super)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def strip_tests(text):
    """Drops `#[cfg(test)]` modules: they are not part of what the crate builds."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text)
        if not m:
            return text
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += text[i] == "{"
            depth -= text[i] == "}"
            i += 1
        text = text[: m.start()] + text[i:]


def expand(path):
    """`a::{b, c::{d, e}}` → [`a::b`, `a::c::d`, `a::c::e`]."""
    path = re.sub(r"\s+", "", path)
    i = path.find("{")
    if i < 0:
        return [re.sub(r"\bas\b.*$", "", path)]
    head, body = path[:i], path[i + 1 : path.rfind("}")]
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    if cur:
        parts.append(cur)
    out = []
    for p in parts:
        for e in expand(p):
            out.append((head + e) if e != "self" else head.rstrip(":"))
    return out


class Crate:
    def __init__(self, root):
        self.src = os.path.join(root, "src")
        self.root_file = next(
            os.path.join(self.src, f)
            for f in ("lib.rs", "main.rs")
            if os.path.exists(os.path.join(self.src, f))
        )
        self.texts = {}
        for d, _, files in os.walk(self.src):
            for f in files:
                if f.endswith(".rs"):
                    p = os.path.join(d, f)
                    self.texts[p] = strip_tests(strip_comments(open(p, encoding="utf-8").read()))
        self.reexports = {p: self._reexports(p) for p in self.texts}

    def module_of(self, path):
        """The module path (list of names) of a file."""
        rel = os.path.relpath(path, self.src)[:-3].split(os.sep)
        if rel[-1] in ("lib", "main", "mod"):
            rel = rel[:-1]
        return rel

    def file_of(self, module):
        base = os.path.join(self.src, *module) if module else None
        if not module:
            return self.root_file
        for cand in (base + ".rs", os.path.join(base, "mod.rs")):
            if cand in self.texts:
                return cand
        return None

    def _reexports(self, path):
        out = {}
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]*);", self.texts[path], re.S):
            for full in expand(m.group(1)):
                alias = re.search(r"\bas\s+(\w+)$", full)
                full = re.sub(r"\s*\bas\b.*$", "", full)
                name = alias.group(1) if alias else full.split("::")[-1]
                out[name] = full
        return out

    def absolute(self, path, frm):
        """`super::x` from `frm` → ['a', 'x'] (crate-relative); None for other crates."""
        parts = path.split("::")
        mod = self.module_of(frm)
        if parts[0] == "crate":
            return parts[1:]
        if parts[0] in ("super", "self"):
            cur = list(mod)
            while parts and parts[0] in ("super", "self"):
                if parts[0] == "super":
                    cur = cur[:-1]
                parts = parts[1:]
            return cur + parts
        # A path relative to the current module: a child module's name.
        if self.file_of(mod + [parts[0]]):
            return mod + parts
        return None

    def resolve(self, parts, seen=0):
        """The file defining the item `parts` names (following `pub use` re-exports)."""
        if seen > 20:
            return None
        for n in range(len(parts), -1, -1):
            f = self.file_of(parts[:n])
            if f is None:
                continue
            rest = parts[n:]
            if rest and rest[0] in self.reexports.get(f, {}):
                target = self.reexports[f][rest[0]]
                t = self.absolute(target, f)
                if t is not None:
                    return self.resolve(t + rest[1:], seen + 1)
            return f
        return None

    def edges(self):
        g = {p: set() for p in self.texts}
        for p, text in self.texts.items():
            paths = []
            # A re-export (`pub use`) is no use of its own: a path through it is followed to
            # the file it names.
            plain = re.sub(r"\bpub(?:\([^)]*\))?\s+use\s+[^;]*;", "", text)
            for m in USE_RE.finditer(plain):
                paths.extend(expand(m.group(1)))
            paths.extend(m.group(1) for m in INLINE_RE.finditer(plain))
            for rel in re.finditer(r"\buse\s+(\w+)::([^;]*);", plain, re.S):
                if rel.group(1) not in ("crate", "super", "self", "std", "core", "alloc"):
                    paths.extend(expand(rel.group(1) + "::" + rel.group(2)))
            for path in paths:
                parts = self.absolute(path, p)
                if parts is None:
                    continue
                f = self.resolve(parts)
                if f and f != p:
                    g[p].add(f)
        return g


def sccs(g):
    index, low, stack, on, out, i = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = i[0]
        i[0] += 1
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    sys.setrecursionlimit(10000)
    for v in g:
        if v not in index:
            visit(v)
    return out


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    roots = sys.argv[1:] or sorted(
        os.path.join(here, "crates", c) for c in os.listdir(os.path.join(here, "crates"))
    )
    found = 0
    for root in roots:
        crate = Crate(root)
        g = crate.edges()
        for comp in sccs(g):
            if len(comp) > 1:
                found += 1
                names = sorted(os.path.relpath(f, crate.src) for f in comp)
                print(f"{os.path.basename(root)}: circle of {len(names)}: {', '.join(names)}")
    print(f"{found} import circles in {len(roots)} crates")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
