#!/usr/bin/env python3
"""Tests of `.ci/long-functions.py`: small sources written to a temporary
folder, each measured by the script as a real process (its exit status and
what it prints).

Usage: python3 .ci/test_long_functions.py   (exit status 0 when every test passes)
"""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "long-functions.py")


def body(n):
    """`n` lines of statements."""
    return "".join(f"    let x{i} = {i};\n" for i in range(n))


def run(files, *args):
    """(exit status, stdout) of the script on a folder holding `files`."""
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        out = subprocess.run(
            [sys.executable, SCRIPT, *args, root], capture_output=True, text=True, timeout=60
        )
        return out.returncode, out.stdout.replace(root + os.sep, "")


class LongFunctions(unittest.TestCase):
    def test_a_function_over_the_limit_is_found_with_its_length(self):
        # 100 statements, the `fn` line and the closing brace: 102 lines.
        code, out = run({"src/a.rs": "fn long() {\n" + body(100) + "}\n\nfn short() {}\n"})
        self.assertEqual(code, 1, out)
        self.assertIn("  102 src/a.rs:1 long", out)
        self.assertNotIn("short", out)
        self.assertIn("1 function(s) over 100 lines in 2", out)

    def test_one_at_the_limit_passes(self):
        code, out = run({"src/a.rs": "fn just() {\n" + body(98) + "}\n"})
        self.assertEqual(code, 0, out)
        self.assertIn("0 function(s) over 100 lines in 1", out)

    def test_braces_in_strings_comments_and_chars_do_not_count(self):
        text = (
            "fn tricky() {\n"
            '    let a = "}}}";\n'
            "    let b = r#\"{ \" }\"#;\n"
            "    let c = '}';\n"
            "    // }\n"
            "    /* } /* nested } */ } */\n"
            "    let d: &'static str = \"x\";\n"
            "}\n"
            "fn after() {\n" + body(5) + "}\n"
        )
        code, out = run({"src/a.rs": text}, "--top", "5")
        self.assertEqual(code, 0, out)
        self.assertIn("    8 src/a.rs:1 tricky", out)
        self.assertIn("    7 src/a.rs:9 after", out)

    def test_tests_and_declarations_are_left_out(self):
        long = "fn long() {\n" + body(120) + "}\n"
        text = (
            "trait T { fn declared(&self) -> u8; }\n"
            "#[cfg(test)]\nmod tests {\n" + long + "}\n"
            "#[test]\n" + long.replace("long", "a_test")
        )
        files = {"src/a.rs": text, "src/b/tests.rs": long, "tests/c.rs": long}
        code, out = run(files)
        self.assertEqual(code, 0, out)
        self.assertIn("0 function(s) over 100 lines in 0", out)

    def test_an_excluded_file_is_left_out(self):
        long = "fn long() {\n" + body(120) + "}\n"
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "bin"))
            for name in ("bin/mock.rs", "kept.rs"):
                with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                    f.write(long)
            out = subprocess.run(
                [sys.executable, SCRIPT, "--exclude", os.path.join(root, "bin"), root],
                capture_output=True, text=True, timeout=60,
            )
        self.assertEqual(out.returncode, 1, out.stdout)
        self.assertIn("kept.rs:1 long", out.stdout)
        self.assertNotIn("mock.rs", out.stdout)

    def test_bad_usage_is_refused(self):
        out = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True)
        self.assertEqual(out.returncode, 2)


if __name__ == "__main__":
    unittest.main()
