#!/usr/bin/env python3
"""Tests of `.ci/module-cycles.py`, run by `.ci/run`: small crates written
to a temporary folder, each checked by the script as CI runs it (a real
process: its exit status and what it prints).

Usage: python3 .ci/test_module_cycles.py   (exit status 0 when every test passes)
"""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "module-cycles.py")
REPO_ALLOW = os.path.join(HERE, "module-cycles.allow")


def crate(root, files):
    """Writes `files` ({path: text}) under `root`/src; returns the src path."""
    src = os.path.join(root, "src")
    for path, text in files.items():
        full = os.path.join(src, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(text))
    return src


def check(src, allow=None):
    """(exit status, stdout + stderr) of the script on `src`."""
    args = [sys.executable, SCRIPT]
    if allow is not None:
        args += ["--allow", allow]
    out = subprocess.run(args + [src], capture_output=True, text=True, timeout=60)
    return out.returncode, out.stdout + out.stderr


class ModuleCycles(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def run_on(self, files, allow=None):
        src = crate(self.dir.name, files)
        path = None
        if allow is not None:
            path = os.path.join(self.dir.name, "allow")
            with open(path, "w", encoding="utf-8") as f:
                f.write(textwrap.dedent(allow))
        return check(src, path)

    def test_a_clean_tree_passes(self):
        code, out = self.run_on({
            "lib.rs": "mod a;\nmod b;\nmod x;\n",
            "a.rs": "use crate::b::f;\npub fn g() { f() }\n",
            "b.rs": "pub fn f() {}\n",
            "x/mod.rs": "mod one;\npub fn helper() {}\npub use one::go;\n",
            # A file may use its room's mod.rs (an ancestor); the room its own
            # children: neither is a cycle.
            "x/one.rs": "use super::helper;\nuse crate::a::g;\npub fn go() { helper(); g() }\n",
        })
        self.assertEqual(code, 0, out)
        self.assertIn("src/lib.rs: no module cycle (5 files,", out)

    def test_a_cycle_between_two_files_is_found_with_its_lines(self):
        code, out = self.run_on({
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "use crate::b::f;\npub fn g() { f() }\n",
            "b.rs": "pub fn f() {}\n\npub fn h() { crate::a::g() }\n",
        })
        self.assertEqual(code, 1, out)
        self.assertIn("src/lib.rs: cycle in lib.rs: a.rs -> b.rs -> a.rs", out)
        self.assertIn("a.rs -> b.rs: a.rs:1 -> b.rs", out)
        self.assertIn("b.rs -> a.rs: b.rs:3 -> a.rs", out)

    def test_a_cycle_between_two_rooms_is_found(self):
        code, out = self.run_on({
            "lib.rs": "mod x;\nmod y;\n",
            "x/mod.rs": "pub mod one;\n",
            "x/one.rs": "pub fn f() { crate::y::two::g() }\n",
            "y/mod.rs": "pub mod two;\n",
            "y/two.rs": "use crate::x::one;\npub fn g() {}\npub fn h() { one::f() }\n",
        })
        self.assertEqual(code, 1, out)
        self.assertIn("cycle in lib.rs: x/mod.rs -> y/mod.rs -> x/mod.rs", out)

    def test_paths_are_followed_through_re_exports_and_macros(self):
        # `crate::Thing` is b.rs's (re-exported by lib.rs); `crate::shout!`
        # is defined in c.rs.
        code, out = self.run_on({
            "lib.rs": "mod a;\nmod b;\nmod c;\npub use b::Thing;\n",
            "a.rs": "pub fn f() -> crate::Thing { crate::Thing }\n",
            "b.rs": "pub struct Thing;\npub fn g() { crate::shout!() }\n",
            "c.rs": "#[macro_export]\nmacro_rules! shout { () => {} }\npub fn h() { crate::a::f(); }\n",
        })
        self.assertEqual(code, 1, out)
        self.assertIn("cycle in lib.rs: a.rs -> b.rs -> c.rs -> a.rs", out)

    def test_tests_comments_and_strings_are_not_dependencies(self):
        code, out = self.run_on({
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "use crate::b::f;\npub fn g() { f() }\n",
            "b.rs": """\
                pub fn f() {}
                // crate::a::g() in a comment
                pub const S: &str = "crate::a::g";
                #[cfg(test)]
                mod tests {
                    use crate::a::g;
                }
                """,
        })
        self.assertEqual(code, 0, out)

    cycle = {
        "lib.rs": "mod a;\nmod b;\nmod c;\n",
        "a.rs": "pub fn f() { crate::b::g() }\n",
        "b.rs": "pub fn g() { crate::a::f() }\n",
        "c.rs": "pub fn h() {}\n",
    }

    def test_an_allowed_cycle_is_accepted_and_said(self):
        allow = "# known, and why\nlib.rs: a.rs b.rs  # the pair\n"
        code, out = self.run_on(self.cycle, allow)
        self.assertEqual(code, 0, out)
        self.assertIn("allowed cycle in lib.rs: a.rs -> b.rs -> a.rs", out)

    def test_an_allowed_cycle_that_grows_is_refused(self):
        grown = dict(self.cycle)
        grown["b.rs"] = "pub fn g() { crate::c::h() }\n"
        grown["c.rs"] = "pub fn h() { crate::a::f() }\n"
        code, out = self.run_on(grown, "lib.rs: a.rs b.rs\n")
        self.assertEqual(code, 1, out)
        self.assertIn("src/lib.rs: cycle in lib.rs: a.rs -> b.rs -> c.rs -> a.rs", out)

    def test_an_entry_of_another_room_allows_nothing(self):
        code, out = self.run_on(self.cycle, "x/mod.rs: a.rs b.rs\n")
        self.assertEqual(code, 1, out)
        self.assertIn("src/lib.rs: cycle in lib.rs", out)

    def test_bad_usage_is_status_2(self):
        code, out = check(os.path.join(self.dir.name, "nowhere"))
        self.assertEqual(code, 2, out)
        self.assertIn("Usage:", out)


class TheRepository(unittest.TestCase):
    def test_the_librarys_allow_list_stays_empty(self):
        with open(REPO_ALLOW, encoding="utf-8") as f:
            entries = [l for l in f if l.split("#", 1)[0].strip()]
        self.assertEqual(entries, [], "the library's layers have no cycle to accept")


if __name__ == "__main__":
    unittest.main(verbosity=2)
