#!/usr/bin/env python3
"""Import cycles between the modules of a Rust crate.

Usage: module-cycles.py [--allow FILE] SRC_DIR      (e.g. `arbiter/src`, `src`)

Every crate root of SRC_DIR is checked on its own: `lib.rs` (the library),
`main.rs` (the binary) and `bin/*.rs`, `bin/*/main.rs`. Its module tree is
read from the `mod x;` declarations (files `x.rs` or `x/mod.rs`); a
declaration is not itself a dependency.

What counts as a dependency: a path of one module that names another —
`use crate::…`, `use super::…`, `use self::…`, a `use` of a child module,
and the same paths written inline (`crate::journal::load(…)`,
`super::escape`, `$crate::out::…`). A path is followed through the `use`s
of the modules it goes through, so `crate::Engine` re-exported by `lib.rs`
from `engines/client.rs` depends on `engines/client.rs`, and `crate::outln!`
on the file that defines the macro. Paths of other crates, comments, string
literals, `#[cfg(test)]` items and modules (`mod tests { … }`, `tests.rs`)
are ignored.

What counts as a cycle: the modules are a tree of rooms (a folder's
`mod.rs`, or the crate root) holding files and smaller rooms. At every room,
its children (each file, each sub-room taken whole, with everything inside
it) form a graph: child A depends on child B when anything in A depends on
anything in B. A cycle in that graph is an import cycle, reported with the
lines that make each of its edges. So there may be no cycle among the files
of a room, nor between rooms (two rooms that use each other, whatever their
files). Children may use their ancestors (a file may use what its room's
`mod.rs` declares or re-exports, up to the crate root), and a room may use
its own children: neither is a cycle.

`--allow FILE` names cycles that are known and accepted (each said why in
the file): a line `ROOM: MODULE MODULE …` (labels as printed, `#`
comments) accepts a cycle in ROOM whose modules are all among those named.
Such a cycle is printed as allowed; any other fails. A cycle that grows
to take in another module is a new one.

Exit status: 0 without cycles (or only allowed ones), 1 with any other
(each printed), 2 on bad usage.
"""

import os
import re
import signal
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip(text):
    """The text with comments, string and char literals blanked (newlines
    kept, so line numbers hold)."""
    out = []
    i, n = 0, len(text)

    def blank(s):
        return "".join("\n" if c == "\n" else " " for c in s)

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(blank(text[i:j]))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(text[i:j]))
            i = j
        elif re.match(r'b?r(#*)"', text[i:i + 260]) and (i == 0 or not re.match(r"\w", text[i - 1])):
            m = re.match(r'b?r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + blank(text[i + 2:j]))
            i = j
        elif c == '"' or (c == "b" and text.startswith('b"', i) and (i == 0 or not re.match(r"\w", text[i - 1]))):
            j = i + (2 if c == "b" else 1)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append('""' + blank(text[i + 2:j]))
            i = j
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}', '\''), else a lifetime.
            m = re.match(r"'(\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'", text[i:i + 16])
            if m:
                out.append(blank(m.group(0)))
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching(text, i):
    """The index after the brace that closes the one at `i`."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


CFG_TEST = re.compile(r"#\[cfg\(\s*test\s*\)\]")


def drop_test_items(text):
    """The text with every `#[cfg(test)]` item blanked."""
    while True:
        m = CFG_TEST.search(text)
        if not m:
            return text
        j = m.end()
        # Further attributes, then the item: up to its `;` or its block.
        while True:
            k = re.match(r"\s*#\[[^\]]*\]", text[j:])
            if not k:
                break
            j += k.end()
        end = len(text)
        for k in range(j, len(text)):
            if text[k] == ";":
                end = k + 1
                break
            if text[k] == "{":
                end = matching(text, k)
                break
        gone = "".join("\n" if ch == "\n" else " " for ch in text[m.start():end])
        text = text[:m.start()] + gone + text[end:]


def split_top(s, sep=","):
    """`s` split at `sep` outside braces."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def use_tree(tree, prefix=()):
    """The paths of a use tree, as (segments, bound name or None for a
    glob)."""
    tree = re.sub(r"\s+", "", tree)
    if tree.startswith("::"):
        tree = tree[2:]
    brace = tree.find("{")
    if brace >= 0 and tree.endswith("}"):
        head = tree[:brace].rstrip(":")
        base = prefix + tuple(s for s in head.split("::") if s)
        out = []
        for part in split_top(tree[brace + 1:-1]):
            out.extend(use_tree(part, base))
        return out
    name = None
    if "as" in tree and re.search(r"[A-Za-z0-9_]as[A-Za-z_]", tree):
        # `a::b as c` lost its spaces: split at the last `as` before an ident.
        m = re.match(r"(.*[A-Za-z0-9_*])as(" + IDENT + r")$", tree)
        if m and not tree.endswith("as"):
            tree, name = m.group(1), m.group(2)
    segs = prefix + tuple(s for s in tree.split("::") if s)
    if segs and segs[-1] == "*":
        return [(segs[:-1], None)]
    if segs and segs[-1] == "self":
        segs = segs[:-1]
    if not segs:
        return []
    return [(segs, name or segs[-1])]


class Module:
    def __init__(self, path, parent, name):
        self.path = path
        self.parent = parent
        self.name = name
        self.children = {}
        self.aliases = {}  # name -> path segments (from this module's uses)
        self.globs = []  # path segments of `use …::*`
        self.refs = []  # (line, segments) of every path it writes
        self.text = ""

    def chain(self):
        m, out = self, []
        while m:
            out.append(m)
            m = m.parent
        return out[::-1]

    def label(self, src):
        return os.path.relpath(self.path, src)


def load_tree(src, root_file):
    root = Module(root_file, None, "crate")
    todo = [root]
    every = []
    while todo:
        m = todo.pop()
        every.append(m)
        with open(m.path, encoding="utf-8") as f:
            m.text = drop_test_items(strip(f.read()))
        base = os.path.basename(m.path)
        if m.parent is None or base == "mod.rs":
            folder = os.path.dirname(m.path)
        else:
            folder = m.path[:-3]
        for d in re.finditer(r"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(" + IDENT + r")\s*;", m.text):
            name = d.group(1)
            for cand in (os.path.join(folder, name + ".rs"), os.path.join(folder, name, "mod.rs")):
                if os.path.exists(cand):
                    child = Module(cand, m, name)
                    m.children[name] = child
                    todo.append(child)
                    break
    for m in every:
        for u in re.finditer(r"\buse\s+([^;]+);", m.text):
            line = m.text.count("\n", 0, u.start()) + 1
            for segs, name in use_tree(u.group(1)):
                m.refs.append((line, segs))
                if name is None:
                    m.globs.append(segs)
                else:
                    m.aliases[name] = segs
        cleared = re.sub(r"\buse\s+[^;]+;", lambda x: re.sub(r"[^\n]", " ", x.group(0)), m.text)
        for p in re.finditer(r"(?<![\w:])((?:\$crate|crate|super|self)(?:::" + IDENT + r")+)", cleared):
            line = cleared.count("\n", 0, p.start()) + 1
            m.refs.append((line, tuple(p.group(1).split("::"))))
        for p in re.finditer(r"(?<![\w:$])(" + IDENT + r")((?:::" + IDENT + r")+)", cleared):
            if p.group(1) in m.children:
                line = cleared.count("\n", 0, p.start()) + 1
                m.refs.append((line, tuple(p.group(0).split("::"))))
    # Exported macros live at the crate root.
    for m in every:
        for d in re.finditer(r"#\[macro_export\][^\n]*\n\s*macro_rules!\s*(" + IDENT + ")", m.text):
            root.aliases.setdefault(d.group(1), ("crate",) + tuple(x.name for x in m.chain()[1:]) + (d.group(1),))
    return root, every


def resolve(m, segs, depth=0):
    """(module, complete) a path written in `m` leads to: `complete` when
    every segment named a module; None when it leaves the crate."""
    if depth > 40 or not segs:
        return None
    first, rest = segs[0], segs[1:]
    if first in ("crate", "$crate"):
        cur = m.chain()[0]
    elif first == "super":
        cur = m.parent
        while rest and rest[0] == "super" and cur is not None:
            cur, rest = cur.parent, rest[1:]
        if cur is None:
            return None
    elif first == "self":
        cur = m
    elif first in m.children:
        cur = m.children[first]
    elif first in m.aliases and m.aliases[first] != segs:
        hit = resolve(m, m.aliases[first], depth + 1)
        if hit is None:
            return None
        cur, complete = hit
        if not complete:
            return (cur, False)
    else:
        return None
    return walk(cur, rest, depth)


def walk(cur, rest, depth):
    for i, s in enumerate(rest):
        if s in cur.children:
            cur = cur.children[s]
            continue
        if s in cur.aliases:
            hit = resolve(cur, cur.aliases[s], depth + 1)
            if hit is None:
                return (cur, False)
            nxt, complete = hit
            if complete:
                cur = nxt
                continue
            return (nxt, False)
        for g in cur.globs:
            hit = resolve(cur, g, depth + 1)
            if hit and hit[1] and hit[0] is not cur:
                inner = walk(hit[0], rest[i:], depth + 1)
                if inner and (inner[1] or inner[0] is not hit[0]):
                    return inner
        return (cur, False)
    return (cur, True)


def sibling_graphs(every):
    """{room: {(a, b): [(file, line, target)]}} for edges between children."""
    graphs = {}
    for m in every:
        chain_m = m.chain()
        for line, segs in m.refs:
            hit = resolve(m, segs)
            if hit is None:
                continue
            t = hit[0]
            if t is m:
                continue
            chain_t = t.chain()
            if t in chain_m or m in chain_t:
                continue  # a module and its ancestor
            k = 0
            while chain_m[k] is chain_t[k]:
                k += 1
            room, a, b = chain_m[k - 1], chain_m[k], chain_t[k]
            graphs.setdefault(room, {}).setdefault((a, b), []).append((m, line, t))
    return graphs


def cycles(edges):
    """One cycle (a list of nodes) per strongly connected component."""
    nodes = sorted({x for e in edges for x in e}, key=lambda x: x.path)
    succ = {v: sorted({b for (a, b) in edges if a is v}, key=lambda x: x.path) for v in nodes}
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w is v:
                    break
            if len(comp) > 1:
                comps.append(comp)

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            strong(v)
    out = []
    for comp in comps:
        members = set(comp)
        start = min(comp, key=lambda x: x.path)
        # Breadth-first from start back to start, inside the component.
        prev, queue, found = {start: None}, [start], None
        while queue and not found:
            nxt = []
            for v in queue:
                for w in succ[v]:
                    if w not in members:
                        continue
                    if w is start:
                        found = v
                        break
                    if w not in prev:
                        prev[w] = v
                        nxt.append(w)
                if found:
                    break
            queue = nxt
        path, v = [], found
        while v is not None:
            path.append(v)
            v = prev[v]
        out.append((path[::-1], sorted(comp, key=lambda x: x.path)))
    return out


def read_allowed(path):
    allowed = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            room, _, members = line.partition(":")
            allowed.append((room.strip(), set(members.split())))
    return allowed


def main():
    args = sys.argv[1:]
    allowed = []
    if len(args) == 3 and args[0] == "--allow" and os.path.isfile(args[1]):
        allowed = read_allowed(args[1])
        args = args[2:]
    if len(args) != 1 or not os.path.isdir(args[0]):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    src = os.path.normpath(args[0])
    roots = [os.path.join(src, r) for r in ("lib.rs", "main.rs")]
    bin_dir = os.path.join(src, "bin")
    if os.path.isdir(bin_dir):
        for e in sorted(os.listdir(bin_dir)):
            p = os.path.join(bin_dir, e)
            roots.append(p if e.endswith(".rs") else os.path.join(p, "main.rs"))
    status = 0
    for root_file in [r for r in roots if os.path.isfile(r)]:
        root, every = load_tree(src, root_file)
        graphs = sibling_graphs(every)
        found = []
        for room in sorted(graphs, key=lambda r: r.path):
            for path, knot in cycles(graphs[room]):
                found.append((room, path, knot))
        name = os.path.relpath(root_file, src)
        if not found:
            nedges = sum(len(g) for g in graphs.values())
            print(f"{src}/{name}: no module cycle ({len(every)} files, {nedges} edges between siblings)")
            continue
        for room, path, knot in found:
            where = room.label(src)
            names = [p.label(src) for p in path]
            members = {k.label(src) for k in knot} | set(names)
            ok = any(r == where and members <= m for r, m in allowed)
            if not ok:
                status = 1
            kind = "allowed cycle" if ok else "cycle"
            print(f"{src}/{name}: {kind} in {where}: {' -> '.join(names + names[:1])}")
            if len(knot) > len(path):
                print(f"    (one of the cycles among {', '.join(k.label(src) for k in knot)})")
            for a, b in zip(path, path[1:] + path[:1]):
                ev = list(dict.fromkeys(graphs[room][(a, b)]))
                shown = ", ".join(f"{f.label(src)}:{line} -> {t.label(src)}" for f, line, t in ev[:3])
                extra = f" (+{len(ev) - 3} more)" if len(ev) > 3 else ""
                print(f"    {a.label(src)} -> {b.label(src)}: {shown}{extra}")
    return status


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
