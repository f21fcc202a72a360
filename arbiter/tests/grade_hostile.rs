//! One submission never stops, spies on or corrupts the others, through the
//! real `arbiter grade` on a Moodle download (a zip) of our own making,
//! run from a teacher's login session (a session keyring holding a
//! secret, as pam_keyinit gives one):
//!
//! - a student's ordinary 2 MiB text log, which the download's zip deflates
//!   far better than 100:1, is not a bomb: the class is graded;
//! - a bomb inside one `entrega.zip` (which the download's zip deflates
//!   again) excludes that submission only;
//! - a Moodle name of 249 bytes gets its pages, its check kept, the
//!   summary;
//! - a name with U+202E reaches neither the terminal nor a file raw;
//! - an engine that reads the session keyring finds nothing, so the
//!   teacher's secret is on no page;
//! - the check's traffic logs stay in the season folder;
//! - a hard link to a file outside a submission excludes it;
//! - a bad line in the analysis file is repaired on the rerun, which
//!   writes the grades;
//! - a 48 MiB Lisp file (under the intake's 50 MiB) costs the arbiter a
//!   small multiple of its size, not gigabytes;
//! - 1.3 MB of Lisp made of 3 000 would-be computer moves, each calling an
//!   undefined long name, is recognised within its budget, and Ctrl-C
//!   stops the recognition at once;
//! - a ponderer (a process of its own that never stops spinning) is frozen
//!   while its classmate thinks: its CPU time is that of its own turns.
//!
//! Needs bubblewrap, Python and keyutils (and SBCL for the last one):
//! skipped without them, except under `TABULA_REQUIRE_TOOLS=1`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::{repo, Tmp, ARBITER};

const SECRET: &str = "exam-key-9b27e4d1";

/// The example engine, changed by `patch` (old text, new text) and with
/// `extra` before its `main`.
fn engine(extra: &str, patch: (&str, &str)) -> String {
    let text = std::fs::read_to_string(repo().join("adapters/python/example_engine.py")).unwrap();
    assert!(text.contains(patch.0) && text.contains("\ndef main():"));
    text.replacen(patch.0, patch.1, 1).replacen(
        "\ndef main():",
        &format!("\n{extra}\n\ndef main():"),
        1,
    )
}

const BESTMOVE: &str = "            say(f\"bestmove {pos.move_name(move)}\")";

/// A spy: before each move, reads the session keyring's key
/// `tabula-teacher-secret` and prints it on stdout (a stray line the check
/// quotes) and on stderr.
fn spy() -> String {
    engine(
        r#"
def _teachers_key():
    import ctypes, platform
    nr = {"x86_64": 250, "aarch64": 219}.get(platform.machine())
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    kid = libc.syscall(ctypes.c_long(nr), ctypes.c_long(10), ctypes.c_long(-3),
                       ctypes.c_char_p(b"user"), ctypes.c_char_p(b"tabula-teacher-secret"),
                       ctypes.c_long(0))
    if kid < 0:
        return "none (errno %d)" % ctypes.get_errno()
    buf = ctypes.create_string_buffer(4096)
    n = libc.syscall(ctypes.c_long(nr), ctypes.c_long(11), ctypes.c_long(kid), buf,
                     ctypes.c_long(4096))
    return buf.raw[:max(n, 0)].decode(errors="replace")
"#,
        (
            BESTMOVE,
            "            key = _teachers_key()\n            print(\"spy: \" + key, file=sys.stderr)\n            say(\"DEBUG key: \" + key)\n            say(f\"bestmove {pos.move_name(move)}\")",
        ),
    )
}

/// An engine that dies at its third move (a game of its check fails).
fn crasher() -> String {
    engine(
        "_GOS = [0]",
        (
            BESTMOVE,
            "            _GOS[0] += 1\n            if _GOS[0] == 3:\n                sys.exit(3)\n            say(f\"bestmove {pos.move_name(move)}\")",
        ),
    )
}

/// A zip at `path` of `files` (name, content), deflated as Moodle's.
fn zip(path: &Path, files: &[(&str, &[u8])]) {
    let f = std::fs::File::create(path).unwrap();
    let mut z = zip::ZipWriter::new(f);
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in files {
        z.start_file(*name, opts).unwrap();
        z.write_all(data).unwrap();
    }
    z.finish().unwrap();
}

/// A bomb: 256 MiB of zeros deflated, beside 8 MiB of zeros stored (which
/// the download's zip deflates again, far better than 100:1).
fn bomb() -> Vec<u8> {
    let tmp = Tmp::new("bomb");
    let path = tmp.path("entrega.zip");
    let f = std::fs::File::create(&path).unwrap();
    let mut z = zip::ZipWriter::new(f);
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    z.start_file("dados.bin", stored).unwrap();
    z.write_all(&vec![0u8; 8 << 20]).unwrap();
    let deflated = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    z.start_file("jogo.lisp", deflated).unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..256 {
        z.write_all(&zeros).unwrap();
    }
    z.finish().unwrap();
    std::fs::read(path).unwrap()
}

/// Runs `arbiter grade` in a new session keyring holding [`SECRET`];
/// (exit code, stdout + stderr).
fn grade(args: &[&str]) -> (i32, String) {
    let out = Command::new("keyctl")
        .args(["session", "-", "sh", "-c"])
        .arg(format!(
            "keyctl add user tabula-teacher-secret {SECRET} @s >/dev/null || exit 99; \
             exec \"$@\""
        ))
        .arg("sh")
        .arg(ARBITER)
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

/// Every file under `dir` but the students' own copies (`submissions/*/files`,
/// `download/`), with its text.
fn written(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if p.is_dir() {
            if name != "files" && name != "download" {
                written(&p, out);
            }
        } else {
            let bytes = std::fs::read(&p).unwrap_or_default();
            out.push((p, String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
}

/// The rows of a CSV file by its header.
fn rows(path: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|row| {
            header
                .iter()
                .cloned()
                .zip(row.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

/// What a season left.
struct Season {
    code: i32,
    text: String,
    out: PathBuf,
    grades: Vec<std::collections::BTreeMap<String, String>>,
    _tmp: Tmp,
}

impl Season {
    /// The `grades.csv` row of participant `id`.
    fn row(&self, id: &str) -> &std::collections::BTreeMap<String, String> {
        self.grades
            .iter()
            .find(|r| r["Identifier"] == format!("Participant {id}"))
            .unwrap_or_else(|| panic!("{id} in {:#?}\n{}", self.grades, self.text))
    }

    /// The text of `check/<submission>.txt` of participant `id`.
    fn check(&self, id: &str) -> String {
        let name = &self.row(id)["submission"];
        std::fs::read_to_string(self.out.join("check").join(format!("{name}.txt")))
            .unwrap_or_else(|e| panic!("{name}: {e}\n{}", self.text))
    }
}

/// `arbiter grade` of a Moodle zip of `files` (path, content), from a
/// teacher's login session: one board a pairing, 100 ms a move, no
/// analysis.
fn season(name: &str, files: &[(&str, &[u8])]) -> Season {
    let tmp = Tmp::new(name);
    let download = tmp.path("turma.zip");
    zip(&download, files);
    let out = tmp.path("season");
    let (code, text) = grade(&[
        "grade",
        download.to_str().unwrap(),
        "--game",
        "knight",
        "--boards",
        "1",
        "--movetime",
        "100",
        "--no-analysis",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    let grades = match out.join("grades.csv").is_file() {
        true => rows(&out.join("grades.csv")),
        false => Vec::new(),
    };
    Season {
        code,
        text,
        out,
        grades,
        _tmp: tmp,
    }
}

const ANA: &str = "Ana Sousa_1001_assignsubmission_file_";
const RUI: &str = "Rui Lopes_1002_assignsubmission_file_";

fn example() -> Vec<u8> {
    std::fs::read(repo().join("adapters/python/example_engine.py")).unwrap()
}

/// A student's ordinary 2 MiB text log, which the download's zip deflates
/// far better than 100:1: no bomb, the class is graded.
#[test]
fn a_compressible_text_log_is_no_bomb() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let log = "jogada 12: (3 4) -> (5 5) avaliacao 0 tempo 12 ms\n".repeat(2 << 20 >> 6);
    let s = season(
        "log",
        &[
            (&format!("{ANA}/motor.py"), &example()),
            (&format!("{ANA}/registo.txt"), log.as_bytes()),
        ],
    );
    assert_eq!(s.code, 0, "{}", s.text);
    assert_eq!(s.row("1001")["status"], "admitted", "{}", s.text);
}

/// A bomb inside one `entrega.zip` (deflated again by the download's zip)
/// excludes that submission only.
#[test]
fn a_bomb_in_one_entrega_zip_excludes_that_submission_only() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let s = season(
        "bomb",
        &[
            (&format!("{ANA}/motor.py"), &example()),
            (
                "Duarte Reis_1003_assignsubmission_file_/entrega.zip",
                &bomb(),
            ),
        ],
    );
    assert_eq!(s.code, 0, "{}", s.text);
    assert_eq!(s.row("1001")["status"], "admitted", "{}", s.text);
    let d = s.row("1003");
    assert_eq!(d["status"], "excluded");
    assert!(
        d["reason"].contains("more than 50 MiB unpacked per submission"),
        "{d:?}"
    );
}

/// An engine that reads the session keyring before each move and prints
/// what it finds: it finds nothing, so the teacher's secret is on no page,
/// in no check, on no terminal.
#[test]
fn the_teachers_keyring_secret_reaches_no_page() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let s = season("keyring", &[(&format!("{ANA}/motor.py"), spy().as_bytes())]);
    assert_eq!(s.code, 0, "{}", s.text);
    assert!(
        s.text.contains("no kernel keyring") && s.text.contains("no file locks"),
        "the header says what the sandbox isolates: {}",
        s.text
    );
    assert!(!s.text.contains(SECRET), "{}", s.text);
    assert!(
        s.check("1001").contains("DEBUG key: none (errno 38)"),
        "{}",
        s.check("1001")
    );
    let mut files = Vec::new();
    written(&s.out, &mut files);
    for (path, body) in &files {
        assert!(!body.contains(SECRET), "the secret in {}", path.display());
    }
}

/// A Moodle name of 249 bytes: its feedback page and its check are
/// written (under a name made safe), the student's whole name kept.
#[test]
fn a_name_of_249_bytes_gets_its_page_and_its_check() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let long = format!("{}Silva", "Maria Ção ".repeat(18));
    let ana = format!("{long}_1001_assignsubmission_file_");
    assert_eq!(ana.len(), 249);
    let s = season("long-name", &[(&format!("{ana}/motor.py"), &example())]);
    assert_eq!(s.code, 0, "{}", s.text);
    let a = s.row("1001");
    assert_eq!(a["status"], "admitted", "{a:?}\n{}", s.text);
    assert!(a["submission"].len() <= 100, "{a:?}");
    assert_eq!(a["Full name"], long);
    let page = s
        .out
        .join("feedback")
        .join(format!("{}.html", a["submission"]));
    assert!(page.is_file(), "{}", s.text);
    let kept = s
        .out
        .join("check")
        .join(format!("{}.json", a["submission"]));
    assert!(kept.is_file(), "{}", s.text);
}

/// A U+202E in a name reaches neither the terminal nor a file raw.
#[test]
fn a_u202e_in_a_name_is_escaped_everywhere() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let eva = "Eva\u{202e}lisp.exe_1002_assignsubmission_file_";
    let s = season("rlo", &[(&format!("{eva}/motor.py"), &example())]);
    assert_eq!(s.code, 0, "{}", s.text);
    assert!(
        !s.text.contains('\u{202e}'),
        "a raw U+202E on the terminal: {}",
        s.text
    );
    let e = s.row("1002");
    assert!(e["submission"].starts_with("Eva\\u{202e}lisp.exe"), "{e:?}");
    assert_eq!(e["Full name"], "Eva\\u{202e}lisp.exe");
    let mut files = Vec::new();
    written(&s.out, &mut files);
    for (path, body) in &files {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ["csv", "html", "txt"].contains(&ext) {
            assert!(
                !body.contains('\u{202e}'),
                "a raw U+202E in {}",
                path.display()
            );
        }
    }
}

/// The traffic log of a game the check failed stays in the season folder
/// (`check/logs/<name>/`), named so in the check.
#[test]
fn the_checks_traffic_logs_stay_in_the_season_folder() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let s = season(
        "check-logs",
        &[(&format!("{ANA}/motor.py"), crasher().as_bytes())],
    );
    assert_eq!(s.code, 0, "{}", s.text);
    let check = s.check("1001");
    let logs = s
        .out
        .join("check")
        .join("logs")
        .join(&s.row("1001")["submission"]);
    assert!(
        check.contains(&format!("traffic log: {}", logs.display())),
        "{check}"
    );
    assert!(std::fs::read_dir(&logs).unwrap().count() > 0);
    let mut files = Vec::new();
    written(&s.out, &mut files);
    for (path, body) in &files {
        assert!(
            !body.contains("arbiter-check-"),
            "a temporary path in {}",
            path.display()
        );
    }
}

/// A hard link in a download folder to a file outside the submission
/// excludes it, as the README says; the file is not copied.
#[test]
fn a_hard_link_out_of_the_submission_excludes_it() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let tmp = Tmp::new("hard-link");
    let secret = tmp.path("chave.txt");
    std::fs::write(&secret, SECRET).unwrap();
    let ana = tmp.path("turma").join(ANA);
    std::fs::create_dir_all(&ana).unwrap();
    std::fs::write(ana.join("motor.py"), example()).unwrap();
    std::fs::hard_link(&secret, ana.join("notas.txt")).unwrap();
    let out = tmp.path("season");
    let (code, text) = grade(&[
        "grade",
        tmp.path("turma").to_str().unwrap(),
        "--game",
        "knight",
        "--boards",
        "1",
        "--movetime",
        "100",
        "--no-analysis",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{text}");
    let grades = rows(&out.join("grades.csv"));
    assert_eq!(grades[0]["status"], "excluded", "{grades:?}");
    assert!(
        grades[0]["reason"].contains("notas.txt: a hard link to a file outside the submission"),
        "{grades:?}"
    );
    let copied = out
        .join("submissions")
        .join(ANA)
        .join("files")
        .join("notas.txt");
    assert!(!copied.exists());
}

/// A garbled line in `results.analysis.jsonl` (a disk error, a hand edit):
/// the rerun repairs it like a torn one and writes the grades.
#[test]
fn a_bad_line_in_the_analysis_file_does_not_stop_grading() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let tmp = Tmp::new("analysis-line");
    let download = tmp.path("turma");
    let ana = download.join("Ana Sousa_1001_assignsubmission_file_");
    std::fs::create_dir_all(&ana).unwrap();
    std::fs::copy(
        repo().join("adapters/python/example_engine.py"),
        ana.join("motor.py"),
    )
    .unwrap();
    let out = tmp.path("season");
    let args = [
        "grade",
        download.to_str().unwrap(),
        "--game",
        "knight",
        "--boards",
        "1",
        "--movetime",
        "100",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    let (code, text) = grade(&args);
    assert_eq!(code, 0, "{text}");
    let analysis = out.join("results.analysis.jsonl");
    let lines: Vec<String> = std::fs::read_to_string(&analysis)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert!(lines.len() > 3, "{lines:?}");
    let mut garbled = lines.clone();
    garbled[2] = "{\"type\":\"move\",\"tournament\":".into();
    std::fs::write(&analysis, garbled.join("\n") + "\n").unwrap();
    std::fs::remove_file(out.join("grades.csv")).unwrap();
    let (code, text) = grade(&args);
    assert_eq!(code, 0, "{text}");
    assert!(out.join("grades.csv").is_file(), "{text}");
    assert!(text.contains("line 3: not an analysis line"), "{text}");
    let repaired = std::fs::read_to_string(&analysis).unwrap();
    assert!(!repaired.contains("\"tournament\":\n"), "{repaired}");
}

/// A download folder of two submissions: Ana's Python engine and Rui's
/// single Lisp file `lisp`.
fn two_submissions(tmp: &Tmp, lisp: &str) -> PathBuf {
    let download = tmp.path("turma");
    let ana = download.join("Ana Sousa_1001_assignsubmission_file_");
    let rui = download.join("Rui Lopes_1002_assignsubmission_file_");
    std::fs::create_dir_all(&ana).unwrap();
    std::fs::create_dir_all(&rui).unwrap();
    std::fs::write(ana.join("motor.py"), example()).unwrap();
    std::fs::write(rui.join("projeto.lisp"), lisp).unwrap();
    download
}

/// `arbiter grade <download> --out <out>` on a knight season of one board,
/// 100 ms a move, no analysis, quiet; started, not waited for.
fn spawn_grade(download: &Path, out: &Path) -> std::process::Child {
    Command::new(ARBITER)
        .args(["grade"])
        .arg(download)
        .args(["--game", "knight", "--boards", "1", "--movetime", "100"])
        .args(["--no-analysis", "--quiet", "--out"])
        .arg(out)
        .current_dir(repo())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The peak resident memory of a running process in KiB (`VmHWM`), 0 once
/// it is gone.
fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// One 48 MiB Lisp file, under the intake's 50 MiB limit: the arbiter
/// (intake, recognition, copy check) holds a few copies of it at most;
/// it once took the arbiter to 3.3 GiB. The peak is read from `VmHWM`,
/// which never goes down, while the season runs.
#[test]
fn a_48_mib_lisp_file_costs_a_small_multiple_of_its_size() {
    needs!(tools::BWRAP, tools::PYTHON);
    let tmp = Tmp::new("big-lisp");
    let mut lisp = String::with_capacity(49 << 20);
    let mut i = 0;
    while lisp.len() < 48 << 20 {
        lisp.push_str(&format!(
            "(defun f{i:07} (estado jogador) (list estado jogador '(1 2 3 4 5 6 7 8 9) \"texto\"))\n"
        ));
        i += 1;
    }
    let download = two_submissions(&tmp, &lisp);
    drop(lisp);
    let out = tmp.path("season");
    let child = spawn_grade(&download, &out);
    let pid = child.id();
    let waiter = std::thread::spawn(move || child.wait_with_output().unwrap());
    let mut peak = 0;
    while !waiter.is_finished() {
        peak = peak.max(peak_kib(pid));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = waiter.join().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let grades = rows(&out.join("grades.csv"));
    let status = |id: &str| {
        let row = grades
            .iter()
            .find(|r| r["Identifier"] == format!("Participant {id}"))
            .unwrap_or_else(|| panic!("{id}: {grades:#?}"));
        row["status"].clone()
    };
    assert_eq!(status("1001"), "admitted", "{text}");
    assert_eq!(status("1002"), "excluded", "{text}");
    assert!(peak > 0, "no VmHWM read");
    // Six copies of the file at most (48 MiB each), never gigabytes.
    assert!(
        peak < 6 * 48 * 1024,
        "the arbiter peaked at {} MiB for a 48 MiB source",
        peak / 1024
    );
}

/// 1.3 MB of Lisp: 3 000 functions named like a computer move, each calling
/// an undefined name of 205 characters. Ctrl-C during the recognition ends
/// `grade` at once, saying so; the rerun recognises it within its budget
/// (it once kept recognition busy 451 s, deaf to Ctrl-C) and excludes it
/// with the reason, while Ana is graded.
#[test]
fn a_maze_of_candidates_is_recognised_within_budget_and_ctrl_c_stops_it() {
    needs!(tools::BWRAP, tools::PYTHON, tools::SBCL);
    let tmp = Tmp::new("maze");
    let lisp: String = (0..3000)
        .map(|i| {
            format!(
                "(defun jogada-computador-{i:05}-{x} (estado jogador)\n  \
                 (chamada-indefinida-muito-comprida-{i:05}-{y} estado jogador))\n",
                x = "x".repeat(165),
                y = "y".repeat(165)
            )
        })
        .collect();
    assert!(lisp.len() > 1_300_000, "{}", lisp.len());
    let download = two_submissions(&tmp, &lisp);
    let out = tmp.path("season");

    let mut child = spawn_grade(&download, &out);
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    // The intake's count comes just before the recognition starts.
    while !seen.contains("submissions in") {
        let mut line = String::new();
        if std::io::BufRead::read_line(&mut stdout, &mut line).unwrap() == 0 {
            break;
        }
        seen.push_str(&line);
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let asked = std::time::Instant::now();
    let status = child.wait().unwrap();
    let waited = asked.elapsed();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    let text = seen + &rest + &err;
    assert_eq!(status.code(), Some(130), "{text}");
    assert!(
        text.contains("interrupted during the recognition"),
        "{text}"
    );
    // At once: far below the recognition's budget of 60 s.
    assert!(waited.as_secs() < 20, "Ctrl-C took {waited:?}\n{text}");

    let output = spawn_grade(&download, &out).wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let grades = rows(&out.join("grades.csv"));
    let row = |id: &str| {
        grades
            .iter()
            .find(|r| r["Identifier"] == format!("Participant {id}"))
            .unwrap_or_else(|| panic!("{id}: {grades:#?}"))
            .clone()
    };
    assert_eq!(row("1001")["status"], "admitted", "{text}");
    let rui = row("1002");
    assert_eq!(rui["status"], "excluded", "{text}");
    let recognised = std::fs::read_to_string(
        out.join("submissions")
            .join("Rui Lopes_1002_assignsubmission_file_")
            .join("projeto.tabula"),
    )
    .unwrap();
    assert!(
        recognised.contains("ways of calling") && recognised.contains("UNDEFINED-FUNCTION"),
        "{recognised}"
    );
}

/// A ponderer: a process of its own that spins from the engine's start to
/// its end, thinking on every opponent's time as much as on its own.
fn ponderer() -> String {
    engine(
        r#"
import os as _os
if _os.fork() == 0:
    while True:
        pass
"#,
        ("", ""),
    )
}

/// A classmate who takes 60 ms a move, asleep (no CPU of its own).
fn slow() -> String {
    engine(
        "",
        (
            BESTMOVE,
            "            __import__(\"time\").sleep(0.06)\n            say(f\"bestmove {pos.move_name(move)}\")",
        ),
    )
}

/// The championship freezes each submission's engine from its `bestmove`
/// to its next turn: in its games against a classmate who takes 60 ms a
/// move, a ponderer's CPU time is that of its own (instant) turns, not the
/// classmate's, and the run says so.
#[test]
fn a_ponderer_is_frozen_while_its_opponents_think() {
    needs!(tools::BWRAP, tools::PYTHON, tools::KEYCTL);
    let s = season(
        "ponder",
        &[
            (&format!("{ANA}/motor.py"), ponderer().as_bytes()),
            (&format!("{RUI}/motor.py"), slow().as_bytes()),
        ],
    );
    assert_eq!(s.code, 0, "{}", s.text);
    assert!(
        s.text.contains("frozen while the opponent thinks"),
        "{}",
        s.text
    );
    assert_eq!(s.row("1001")["status"], "admitted", "{}", s.text);
    assert_eq!(s.row("1002")["status"], "admitted", "{}", s.text);
    // Over the games of the two: the ponderer's CPU time and the
    // classmate's thinking.
    let (mut own_cpu, mut their_time, mut moves) = (0, 0, 0);
    for g in support::results(&s.out.join("results.jsonl")) {
        let (p1, p2) = (g["p1"].as_str().unwrap(), g["p2"].as_str().unwrap());
        let first = p1 == ANA && p2 == RUI;
        if !(first || (p1 == RUI && p2 == ANA)) {
            continue;
        }
        let mine = usize::from(!first);
        let cpu = g["cpu_ms"].as_array().expect("cpu_ms");
        let times = g["times_ms"].as_array().unwrap();
        own_cpu += cpu
            .iter()
            .skip(mine)
            .step_by(2)
            .filter_map(|v| v.as_u64())
            .sum::<u64>();
        their_time += times
            .iter()
            .skip(1 - mine)
            .step_by(2)
            .filter_map(|v| v.as_u64())
            .sum::<u64>();
        moves += cpu.len().div_ceil(2);
    }
    assert!(moves > 10, "{}", s.text);
    // Unfrozen, the spinning process alone burns the classmate's whole
    // thinking time (measured: 1 536 ms of CPU while the classmate thought
    // 1 500 ms).
    assert!(
        their_time > 1000,
        "the classmate hardly thought: {their_time} ms"
    );
    assert!(
        own_cpu * 4 < their_time,
        "the ponderer used {own_cpu} ms of CPU while its classmate thought {their_time} ms"
    );
}
