//! The grades as files: `grades.csv`, for the teacher and for Moodle, and
//! `evidence.csv`, every number the rubric weighed.
//!
//! `grades.csv` (UTF-8, a header line, comma-separated, RFC 4180 quoting,
//! the decimal point) has the columns of the arbiter's interface first,
//! then those of Moodle's offline grading worksheet:
//!
//! | column | what |
//! |---|---|
//! | `submission` | the top-level folder's or archive's name |
//! | `status` | `admitted` or `excluded` |
//! | `grade` | the grade (`14.5`), empty when excluded |
//! | `reason` | why excluded, or the warnings (`; ` between them) |
//! | `Identifier` | `Participant <id>`, the id from Moodle's folder name (`Nome_123456_assignsubmission_file_`); empty when the name has none |
//! | `Full name` | the student's name from the folder name |
//! | `Grade` | the grade again, for Moodle |
//! | `Last modified (grade)` | when the file was written (`2025-06-30T12:00:00+00:00`) |
//!
//! Moodle's assignment reads such a file with *Upload grading worksheet*
//! (the assignment's feedback type "Offline grading worksheet" on; its
//! importer, `mod/assign/feedback/offline/importgradeslib.php`, finds the
//! columns by their headers `Identifier`, `Grade` and `Last modified
//! (grade)` — the English strings `recordid`, `grade`, `lastmodifiedgrade`
//! — and the participant by stripping `Participant ` off the identifier,
//! so the teacher uploads with Moodle's interface in English). Its other
//! columns are ignored. A row with an empty grade or no identifier changes
//! nothing; a grade changed in Moodle after the file was written is kept
//! unless the teacher ticks "Allow updating records that have been
//! modified more recently in Moodle than in the spreadsheet". The grade
//! must not exceed the assignment's maximum grade (set it to 20).
//!
//! Moodle reads the file with PHP's `fgetcsv`, whose backslash escape
//! would swallow a quote after a backslash; and spreadsheets run a cell
//! that starts with `=`, `+`, `-` or `@` as a formula. So the text of
//! both files is kept on one line (control characters become spaces), a
//! backslash before a quote or at the end of a field is followed by a
//! space, and a text that starts like a formula gets a leading `'`.

use super::{Evidence, Grade, Submission, Verdict};
use anyhow::{Context, Result};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The header of `grades.csv`.
pub(crate) const GRADES_COLUMNS: [&str; 8] = [
    "submission",
    "status",
    "grade",
    "reason",
    "Identifier",
    "Full name",
    "Grade",
    "Last modified (grade)",
];

/// Writes `grades.csv`: one line per submission, in the order given.
pub(crate) fn write_grades(path: &Path, rows: &[(Submission, Verdict, Grade)]) -> Result<()> {
    write_file(path, &grades_text(rows, SystemTime::now()))
}

/// Writes `evidence.csv`: one line per submission, every field of its
/// evidence (empty when excluded) and each mark.
pub(crate) fn write_evidence(
    path: &Path,
    rows: &[(Submission, Option<Evidence>, Grade)],
) -> Result<()> {
    write_file(path, &evidence_text(rows))
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create folder '{}'", dir.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write '{}'", path.display()))
}

/// The text of `grades.csv`, dated `now`.
pub(crate) fn grades_text(rows: &[(Submission, Verdict, Grade)], now: SystemTime) -> String {
    let date = rfc3339(now);
    let mut out = line(GRADES_COLUMNS.iter().map(|c| c.to_string()));
    for (s, v, g) in rows {
        let grade = g.total.map_or(String::new(), number);
        out.push_str(&line([
            text(&s.name),
            v.status.as_str().to_string(),
            grade.clone(),
            text(&v.reasons.join("; ")),
            s.participant
                .as_deref()
                .map_or(String::new(), |p| text(&format!("Participant {p}"))),
            text(s.student.as_deref().unwrap_or("")),
            grade,
            date.clone(),
        ]));
    }
    out
}

/// The text of `evidence.csv`.
pub(crate) fn evidence_text(rows: &[(Submission, Option<Evidence>, Grade)]) -> String {
    // The columns that depend on the rows: fault reasons, gates and
    // marks, each in the order first met.
    let mut reasons: Vec<&str> = Vec::new();
    let mut gates: Vec<&str> = Vec::new();
    let mut items: Vec<&str> = Vec::new();
    for (_, ev, g) in rows {
        if let Some(ev) = ev {
            for r in ev.faults.keys() {
                if !reasons.contains(&r.as_str()) {
                    reasons.push(r);
                }
            }
            for gr in &ev.gates {
                if !gates.contains(&gr.gate.as_str()) {
                    gates.push(&gr.gate);
                }
            }
        }
        for m in &g.marks {
            if !items.contains(&m.item.as_str()) {
                items.push(&m.item);
            }
        }
    }
    let mut head: Vec<String> = [
        "submission",
        "participant",
        "student",
        "status",
        "grade",
        "max",
        "games",
        "points",
        "rank",
        "ranked",
        "own_moves",
        "replaced_moves",
        "own_share",
        "faults",
    ]
    .map(String::from)
    .into();
    head.extend(reasons.iter().map(|r| format!("faults {r}")));
    head.extend(["accuracy".to_string(), "blunders".to_string()]);
    for gate in &gates {
        for what in [
            "pairs won",
            "pairs drawn",
            "pairs lost",
            "pair score",
            "LOS",
        ] {
            head.push(format!("{gate} {what}"));
        }
    }
    for item in &items {
        for what in ["points", "max", "why"] {
            head.push(format!("{item} {what}"));
        }
    }
    let mut out = line(head.iter().map(|h| text(h)));
    for (s, ev, g) in rows {
        let mut row = vec![
            text(&s.name),
            text(s.participant.as_deref().unwrap_or("")),
            text(s.student.as_deref().unwrap_or("")),
            if g.total.is_some() {
                "admitted"
            } else {
                "excluded"
            }
            .to_string(),
            g.total.map_or(String::new(), number),
            number(g.max),
        ];
        match ev {
            Some(ev) => {
                row.extend([
                    ev.games.to_string(),
                    number(ev.points),
                    ev.rank.to_string(),
                    ev.ranked.to_string(),
                    ev.own_moves.to_string(),
                    ev.replaced_moves.to_string(),
                    format!("{:.4}", ev.own_share()),
                    ev.faults.values().sum::<u32>().to_string(),
                ]);
                row.extend(
                    reasons
                        .iter()
                        .map(|r| ev.faults.get(*r).copied().unwrap_or(0).to_string()),
                );
                row.push(ev.accuracy.map_or(String::new(), |a| format!("{a:.1}")));
                row.push(ev.blunders.to_string());
                for gate in &gates {
                    match ev.gates.iter().find(|r| r.gate == *gate) {
                        Some(r) => row.extend([
                            r.pairs_won.to_string(),
                            r.pairs_drawn.to_string(),
                            r.pairs_lost.to_string(),
                            format!("{:.4}", r.pair_score),
                            r.los.map_or(String::new(), |l| format!("{l:.4}")),
                        ]),
                        None => row.extend(std::iter::repeat_n(String::new(), 5)),
                    }
                }
            }
            None => {
                let empty = 8 + reasons.len() + 2 + 5 * gates.len();
                row.extend(std::iter::repeat_n(String::new(), empty));
            }
        }
        for item in &items {
            match g.marks.iter().find(|m| m.item == *item) {
                Some(m) => row.extend([number(m.points), number(m.max), text(&m.why)]),
                None => row.extend(std::iter::repeat_n(String::new(), 3)),
            }
        }
        out.push_str(&line(row));
    }
    out
}

/// A number with the decimal point and no trailing zeros (`14.5`, `20`,
/// `-0.75`).
fn number(x: f64) -> String {
    let s = format!("{:.4}", x + 0.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// A text made safe for Moodle's reader and for spreadsheets (see the
/// module's comment).
fn text(s: &str) -> String {
    let one_line: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut out = String::with_capacity(one_line.len() + 2);
    if one_line.starts_with(['=', '+', '-', '@']) {
        out.push('\'');
    }
    let mut chars = one_line.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '\\' && matches!(chars.peek(), Some('"') | None) {
            out.push(' ');
        }
    }
    out
}

/// One CSV line (RFC 4180: a field with a comma, a quote or a space at
/// either end is quoted, its quotes doubled), ended by CRLF.
fn line(fields: impl IntoIterator<Item = String>) -> String {
    let cells: Vec<String> = fields
        .into_iter()
        .map(|f| {
            if f.contains([',', '"', '\n', '\r']) || f.starts_with(' ') || f.ends_with(' ') {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                f
            }
        })
        .collect();
    format!("{}\r\n", cells.join(","))
}

/// `t` as RFC 3339 in UTC (`2025-06-30T12:00:00+00:00`), which PHP's
/// `strtotime` reads.
fn rfc3339(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}+00:00",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::super::{GateResult, Mark, Status};
    use super::*;
    use std::collections::BTreeMap;
    use std::time::Duration;

    /// A strict RFC 4180 reader (the test's own): each line's fields.
    fn parse(text: &str) -> Vec<Vec<String>> {
        let mut rows = Vec::new();
        let mut row = Vec::new();
        let mut field = String::new();
        let mut chars = text.chars().peekable();
        let mut quoted = false;
        while let Some(c) = chars.next() {
            match (quoted, c) {
                (true, '"') if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                (true, '"') => quoted = false,
                (true, c) => field.push(c),
                (false, '"') if field.is_empty() => quoted = true,
                (false, '"') => panic!("a quote inside an unquoted field: {text}"),
                (false, ',') => row.push(std::mem::take(&mut field)),
                (false, '\r') => assert_eq!(chars.next(), Some('\n'), "CRLF"),
                (false, '\n') => panic!("a bare LF ends a line"),
                (false, c) => field.push(c),
            }
            if !quoted && c == '\r' {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
        }
        assert!(!quoted && field.is_empty() && row.is_empty(), "ends a line");
        rows
    }

    fn submission(name: &str, participant: Option<&str>, student: Option<&str>) -> Submission {
        Submission {
            name: name.into(),
            participant: participant.map(String::from),
            student: student.map(String::from),
            ..Submission::default()
        }
    }

    fn verdict(status: Status, reasons: &[&str]) -> Verdict {
        Verdict {
            status,
            reasons: reasons.iter().map(|r| r.to_string()).collect(),
            fix: String::new(),
        }
    }

    fn grade(total: Option<f64>) -> Grade {
        Grade {
            total,
            max: 20.0,
            marks: total.map_or(Vec::new(), |t| {
                vec![
                    Mark {
                        item: "gate:builtin:random".into(),
                        points: t,
                        max: 12.0,
                        why: "5–0–3: 0.62 < 0.75, \"partial\"".into(),
                    },
                    Mark {
                        item: "faults".into(),
                        points: -0.75,
                        max: 0.0,
                        why: "3 × −0.25".into(),
                    },
                ]
            }),
        }
    }

    fn rows() -> Vec<(Submission, Verdict, Grade)> {
        vec![
            (
                submission(
                    "Ana Sofia Gonçalves_123456_assignsubmission_file_",
                    Some("123456"),
                    Some("Ana Sofia Gonçalves"),
                ),
                verdict(Status::Admitted, &[]),
                grade(Some(14.5)),
            ),
            (
                submission(
                    "Rui, \"o Rápido\"_98_assignsubmission_file_",
                    Some("98"),
                    Some("Rui, \"o Rápido\""),
                ),
                verdict(
                    Status::AdmittedWithWarnings,
                    &["a warning, with a comma", "line\nbreak and a path C:\\x\\"],
                ),
                grade(Some(20.0)),
            ),
            (
                submission("=cmd|' /C calc'!A0", None, None),
                verdict(Status::Excluded, &["no source file: \"nothing\" \\\"here"]),
                grade(None),
            ),
        ]
    }

    #[test]
    fn grades_have_the_interface_and_the_worksheet_columns() {
        let now = UNIX_EPOCH + Duration::from_secs(1_751_284_800); // 2025-06-30 12:00 UTC
        let text = grades_text(&rows(), now);
        assert!(text.starts_with(
            "submission,status,grade,reason,Identifier,Full name,Grade,Last modified (grade)\r\n"
        ));
        let table = parse(&text);
        assert_eq!(table.len(), 4, "a header and one line per submission");
        assert!(
            table.iter().all(|r| r.len() == GRADES_COLUMNS.len()),
            "Moodle refuses a line whose count differs from the header's: {table:?}"
        );
        let col = |name: &str| table[0].iter().position(|c| c == name).unwrap();
        // What Moodle's worksheet importer looks for, by its English
        // headers.
        for h in ["Identifier", "Grade", "Last modified (grade)"] {
            assert_eq!(table[0].iter().filter(|c| *c == h).count(), 1, "{h}");
        }
        let (id, g, modified) = (
            col("Identifier"),
            col("Grade"),
            col("Last modified (grade)"),
        );
        assert_eq!(table[1][id], "Participant 123456");
        assert_eq!(
            &table[1][id]["Participant ".len()..],
            "123456",
            "what Moodle strips"
        );
        assert_eq!(table[1][g], "14.5", "a decimal point");
        assert_eq!(table[1][col("grade")], "14.5");
        assert_eq!(table[2][g], "20");
        assert_eq!(table[1][modified], "2025-06-30T12:00:00+00:00");
        assert_eq!(table[1][col("Full name")], "Ana Sofia Gonçalves");
        assert_eq!(table[1][col("status")], "admitted");
        assert_eq!(table[2][col("status")], "admitted");
        assert_eq!(table[2][col("Full name")], "Rui, \"o Rápido\"");
        assert_eq!(
            table[2][col("reason")],
            "a warning, with a comma; line break and a path C:\\x\\ ",
            "one line; no backslash before the closing quote"
        );
        // Excluded: an empty grade in both grade columns (Moodle skips it),
        // no identifier, the reason, a formula defused.
        assert_eq!(table[3][col("status")], "excluded");
        assert_eq!(
            (table[3][col("grade")].as_str(), table[3][g].as_str()),
            ("", "")
        );
        assert_eq!(table[3][id], "");
        assert_eq!(table[3][col("submission")], "'=cmd|' /C calc'!A0");
        assert_eq!(
            table[3][col("reason")],
            "no source file: \"nothing\" \\ \"here"
        );
        // No backslash stands before a quote anywhere (PHP's escape).
        assert!(!text.contains("\\\""), "{text}");
        assert_eq!(
            text.matches('\n').count(),
            4,
            "no line break inside a field"
        );
    }

    #[test]
    fn dates_are_rfc3339_in_utc() {
        let at = |s: u64| rfc3339(UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01T00:00:00+00:00");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00+00:00");
        assert_eq!(at(1_751_284_800 + 3661), "2025-06-30T13:01:01+00:00");
        assert_eq!(at(4_107_542_399), "2100-02-28T23:59:59+00:00");
    }

    #[test]
    fn evidence_has_every_field_and_each_mark() {
        let mut faults = BTreeMap::new();
        faults.insert("illegal".to_string(), 3);
        let ev = Evidence {
            name: "a".into(),
            games: 40,
            points: 22.5,
            rank: 2,
            ranked: 7,
            gates: vec![GateResult {
                gate: "builtin:random".into(),
                pairs_won: 5,
                pairs_drawn: 0,
                pairs_lost: 3,
                pair_score: 0.625,
                los: Some(0.8),
            }],
            own_moves: 380,
            replaced_moves: 20,
            faults,
            accuracy: Some(71.25),
            blunders: 4,
        };
        let rows: Vec<(Submission, Option<Evidence>, Grade)> = rows()
            .into_iter()
            .enumerate()
            .map(|(k, (s, _, g))| (s, (k == 0).then(|| ev.clone()), g))
            .collect();
        let text = evidence_text(&rows);
        let table = parse(&text);
        assert_eq!(table.len(), 4);
        let head = &table[0];
        assert!(table.iter().all(|r| r.len() == head.len()), "{table:?}");
        let get = |row: usize, name: &str| {
            let k = head
                .iter()
                .position(|c| c == name)
                .unwrap_or_else(|| panic!("{name}: {head:?}"));
            table[row][k].clone()
        };
        for (name, want) in [
            (
                "submission",
                "Ana Sofia Gonçalves_123456_assignsubmission_file_",
            ),
            ("participant", "123456"),
            ("status", "admitted"),
            ("grade", "14.5"),
            ("max", "20"),
            ("games", "40"),
            ("points", "22.5"),
            ("rank", "2"),
            ("ranked", "7"),
            ("own_moves", "380"),
            ("replaced_moves", "20"),
            ("own_share", "0.9500"),
            ("faults", "3"),
            ("faults illegal", "3"),
            ("accuracy", "71.2"),
            ("blunders", "4"),
            ("builtin:random pairs won", "5"),
            ("builtin:random pairs lost", "3"),
            ("builtin:random pair score", "0.6250"),
            ("builtin:random LOS", "0.8000"),
            ("gate:builtin:random points", "14.5"),
            ("gate:builtin:random max", "12"),
            ("gate:builtin:random why", "5–0–3: 0.62 < 0.75, \"partial\""),
            ("faults points", "-0.75"),
            ("faults max", "0"),
        ] {
            assert_eq!(get(1, name), want, "{name}");
        }
        assert_eq!(get(3, "status"), "excluded");
        assert_eq!(get(3, "grade"), "");
        assert_eq!(get(3, "games"), "");
        assert_eq!(get(3, "faults points"), "");
    }
}
