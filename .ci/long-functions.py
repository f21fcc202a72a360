#!/usr/bin/env python3
"""The longest functions of Rust sources, outside tests.

Usage: long-functions.py [--max N] [--top K] [--exclude PATH]... PATH...

Every `fn` with a body in the `.rs` files under each PATH is measured in
lines, from the line of `fn` to the line of its closing brace (a function
inside another counts in both). Tests are left out: files named
`tests.rs` or under a `tests/` folder, and any item marked `#[cfg(test)]`
or `#[test]` (a `mod tests { … }` whole). Comments, strings and character
literals are read past, so a brace in them does not count. `--exclude`
leaves out a file or folder (e.g. the mock engine).

Prints the functions longer than N lines (default 100), longest first, as
`LINES path:line name`, then their count; with `--top K` the K longest
whatever their length. Exit status: 0 when none is longer than N, 1 when
some are, 2 on bad usage.
"""

import os
import sys


def blank(text):
    """`text` with comments, strings and character literals turned into
    spaces (newlines kept), so braces and keywords are only code's."""
    out = list(text)
    i, n = 0, len(text)

    def wipe(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
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
            wipe(i, j)
            i = j
        elif c in "rb" and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            # r"…", r#"…"#, br"…", b"…", b'…'
            j = i + 1 if c == "r" else (i + 2 if text.startswith("br", i) else i + 1)
            if c == "r" or text.startswith("br", i):
                hashes = 0
                while j < n and text[j] == "#":
                    hashes, j = hashes + 1, j + 1
                if j < n and text[j] == '"':
                    end = text.find('"' + "#" * hashes, j + 1)
                    end = n if end < 0 else end + 1 + hashes
                    wipe(i, end)
                    i = end
                    continue
            i += 1
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            wipe(i, j + 1)
            i = j + 1
        elif c == "'":
            if i + 1 < n and text[i + 1] == "\\":
                j = text.find("'", i + 2)
                j = n if j < 0 else j
                wipe(i, j + 1)
                i = j + 1
            elif i + 2 < n and text[i + 2] == "'":
                wipe(i, i + 3)
                i += 3
            else:
                i += 1  # a lifetime
        else:
            i += 1
    return "".join(out)


def is_ident(ch):
    return ch.isalnum() or ch == "_"


def matching(code, i):
    """The index of the brace closing the one at `i`."""
    depth = 0
    for j in range(i, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def test_spans(code):
    """(start, end) of the items marked `#[cfg(test)]` or `#[test]`."""
    spans = []
    for mark in ("#[cfg(test)]", "#[test]"):
        at = code.find(mark)
        while at >= 0:
            # The item: to its body's closing brace, or to `;`.
            j = at + len(mark)
            while j < len(code) and code[j] not in "{;":
                j += 1
            end = matching(code, j) if j < len(code) and code[j] == "{" else j
            spans.append((at, end))
            at = code.find(mark, end)
    return spans


def functions(code):
    """(name, start index, end index) of every `fn` with a body."""
    found = []
    at = code.find("fn")
    while at >= 0:
        before = code[at - 1] if at else " "
        after = code[at + 2] if at + 2 < len(code) else " "
        if not is_ident(before) and after.isspace():
            j = at + 2
            while j < len(code) and code[j].isspace():
                j += 1
            k = j
            while k < len(code) and is_ident(code[k]):
                k += 1
            name = code[j:k]
            # The body opens at the first `{` outside the signature's
            # brackets (a `;` first: a declaration without a body).
            depth, m = 0, k
            while m < len(code):
                ch = code[m]
                if ch in "([<":
                    depth += 1
                elif ch in ")]>" and not (ch == ">" and code[m - 1] == "-"):
                    depth -= 1
                elif ch == ";" and depth <= 0:
                    break
                elif ch == "{" and depth <= 0:
                    found.append((name, at, matching(code, m)))
                    break
                m += 1
        at = code.find("fn", at + 2)
    return found


def measure(path):
    """(lines, line, name) of each function of the file outside tests."""
    with open(path, encoding="utf-8") as f:
        code = blank(f.read())
    spans = test_spans(code)
    out = []
    for name, start, end in functions(code):
        if any(a <= start <= b for a, b in spans):
            continue
        first = code.count("\n", 0, start) + 1
        last = code.count("\n", 0, end) + 1
        out.append((last - first + 1, first, name))
    return out


def rust_files(root, excluded):
    if os.path.isfile(root):
        yield root
        return
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(
            d for d in dirs
            if d not in ("tests", "target") and os.path.join(folder, d) not in excluded
        )
        for name in sorted(files):
            path = os.path.join(folder, name)
            if name.endswith(".rs") and name != "tests.rs" and path not in excluded:
                yield path


def main(argv):
    limit, top, excluded, roots = 100, None, set(), []
    args = iter(argv)
    try:
        for a in args:
            if a == "--max":
                limit = int(next(args))
            elif a == "--top":
                top = int(next(args))
            elif a == "--exclude":
                excluded.add(os.path.normpath(next(args)))
            elif a.startswith("-"):
                raise ValueError(a)
            else:
                roots.append(os.path.normpath(a))
    except (StopIteration, ValueError):
        print(__doc__, file=sys.stderr)
        return 2
    if not roots:
        print(__doc__, file=sys.stderr)
        return 2
    rows = []
    for root in roots:
        for path in rust_files(root, excluded):
            rows += [(lines, path, line, name) for lines, line, name in measure(path)]
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    over = [r for r in rows if r[0] > limit]
    shown = rows[:top] if top is not None else over
    for lines, path, line, name in shown:
        print(f"{lines:5} {path}:{line} {name}")
    print(f"{len(over)} function(s) over {limit} lines in {len(rows)}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
