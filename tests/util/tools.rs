//! The outside programs some tests need (SBCL for the Lisp adapter, Python
//! for the example engine, tmux and `script` for the terminal tests,
//! bubblewrap for the arbiter's sandbox (and keyutils for its keyring
//! tests), GNU parallel, sshd, rsync and Slurm
//! for the sharded championship's recipes, Chromium and its WebDriver for
//! the web page's tests).
//!
//! On a machine without one of them, a test that needs it is skipped with one
//! line on the terminal naming the test, the program and how to install it;
//! every other test still runs. CI must never skip: `.ci/run` installs the
//! programs and sets `TABULA_REQUIRE_TOOLS=1`, under which a missing program
//! fails the test instead.
//!
//! Shared by the test suites of both crates (the arbiter's includes this file
//! with `#[path]`).

#![allow(dead_code)]

use std::io::Write;
use std::path::Path;

/// The variable under which a missing program is a failure, not a skip.
pub const REQUIRE: &str = "TABULA_REQUIRE_TOOLS";

/// What a test names: the program and the Debian package that provides it.
pub struct Tool {
    pub program: &'static str,
    pub package: &'static str,
}

pub const SBCL: Tool = Tool {
    program: "sbcl",
    package: "sbcl",
};
pub const PYTHON: Tool = Tool {
    program: "python3",
    package: "python3",
};
pub const TMUX: Tool = Tool {
    program: "tmux",
    package: "tmux",
};
/// GNU parallel, the runner of a sharded championship's recipe.
pub const PARALLEL: Tool = Tool {
    program: "parallel",
    package: "parallel",
};
/// Slurm's `sbatch` (with munge, a one-machine cluster started by
/// `scripts/slurm/local-cluster.sh`), for the job-array recipe.
pub const SBATCH: Tool = Tool {
    program: "sbatch",
    package: "slurm-wlm munge",
};
/// OpenSSH's server, for the recipe of GNU parallel over SSH (a private
/// `sshd` on a loopback port, started by the test).
pub const SSHD: Tool = Tool {
    program: "sshd",
    package: "openssh-server",
};
/// `rsync`, which GNU parallel's `--return` uses over SSH.
pub const RSYNC: Tool = Tool {
    program: "rsync",
    package: "rsync",
};
/// Bubblewrap, the namespaces of the arbiter's sandbox.
pub const BWRAP: Tool = Tool {
    program: "bwrap",
    package: "bubblewrap",
};
/// `keyctl`, to give a test the session keyring of a teacher's login
/// (pam_keyinit's) holding a secret.
pub const KEYCTL: Tool = Tool {
    program: "keyctl",
    package: "keyutils",
};
/// A pseudo-terminal for one command (util-linux; Debian's essential
/// `bsdutils`).
pub const SCRIPT: Tool = Tool {
    program: "script",
    package: "bsdutils",
};

/// GNU binutils' `strip`: a compiled engine handed in as a submission
/// without its debugging information (under the intake's size limit).
pub const STRIP: Tool = Tool {
    program: "strip",
    package: "binutils",
};

/// Headless Chromium, for the tournament page's browser tests.
pub const CHROMIUM: Tool = Tool {
    program: "chromium",
    package: "chromium",
};
/// Chromium's WebDriver server, which the browser tests drive it through.
pub const CHROMEDRIVER: Tool = Tool {
    program: "chromedriver",
    package: "chromium-driver",
};

/// Whether every tool in `tools` is on the PATH. When one is not, prints the
/// skip line and returns false — or panics when `TABULA_REQUIRE_TOOLS=1`.
///
/// The line goes straight to the process's stderr, past the test harness's
/// output capture, so it shows in a plain `cargo test` run.
pub fn available(tools: &[Tool]) -> bool {
    let Some(missing) = tools.iter().find(|t| !on_path(t.program)) else {
        return true;
    };
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let install = format!(
        "install it with `apt-get install -y {}` (.ci/run does)",
        missing.package
    );
    if std::env::var_os(REQUIRE).is_some_and(|v| v == "1") {
        panic!(
            "{test} needs `{}`, which is not on the PATH, and {REQUIRE}=1 forbids skipping: {install}",
            missing.program
        );
    }
    let _ = writeln!(
        std::io::stderr(),
        "skipped {test}: needs `{}`, not on the PATH; {install}, or set {REQUIRE}=1 to make this a failure",
        missing.program
    );
    false
}

/// Skips the calling test (returns from it) unless every tool is available.
/// (The including file declares `#[macro_use] mod tools;`.)
macro_rules! needs {
    ($($tool:expr),+) => {
        if !tools::available(&[$($tool),+]) {
            return;
        }
    };
}

/// Whether `program` names an executable file in one of the PATH's folders.
fn on_path(program: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| {
        let file = Path::new(&dir).join(program);
        std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// Runs one test of the current test binary again, in a child process whose
/// PATH is an empty folder (so no outside program is found), with
/// `TABULA_REQUIRE_TOOLS` set to `require` (or unset). Returns whether the
/// child passed and its stdout + stderr. For the tests of the skipping itself.
pub fn rerun_without_tools(test: &str, require: Option<&str>) -> (bool, String) {
    let empty = std::env::temp_dir().join(format!("tabula-no-tools-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("empty folder");
    let mut cmd = std::process::Command::new(std::env::current_exe().expect("test binary"));
    cmd.args([test, "--exact", "--test-threads", "1"])
        .env("PATH", &empty)
        .env_remove(REQUIRE);
    if let Some(value) = require {
        cmd.env(REQUIRE, value);
    }
    let out = cmd.output().expect("rerun the test binary");
    let _ = std::fs::remove_dir(&empty);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// The skipping itself, for a test of the current binary that needs `tool`:
/// with a PATH that hides every outside program, `test` passes with the one
/// line naming it, the program and its package; under
/// `TABULA_REQUIRE_TOOLS=1` it fails, saying why.
pub fn assert_skips_visibly(test: &str, tool: &Tool) {
    let (passed, text) = rerun_without_tools(test, None);
    assert!(passed, "{text}");
    assert!(
        text.contains(&format!(
            "skipped {test}: needs `{}`, not on the PATH; \
             install it with `apt-get install -y {}`",
            tool.program, tool.package
        )),
        "{text}"
    );
    assert!(text.contains("1 passed"), "{text}");

    let (passed, text) = rerun_without_tools(test, Some("1"));
    assert!(!passed, "{text}");
    assert!(
        text.contains(&format!("{test} needs `{}`", tool.program))
            && text.contains("TABULA_REQUIRE_TOOLS=1 forbids skipping"),
        "{text}"
    );
}
