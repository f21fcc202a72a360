//! The season's CSV files, through the `csv` crate: `grades.csv`, for the
//! teacher and for Moodle; `evidence.csv`, every number the rubric weighed;
//! `copies.csv` ([`super::copies`]). Through the arbiter's one CSV writer
//! ([`crate::table`]; here [`write_rows`], [`write_table`]): UTF-8, a
//! header line, comma-separated, CRLF, RFC 4180 quoting, the decimal point,
//! written whole; every text through [`Text`], the Moodle layer on it.
//!
//! `grades.csv` has the columns of the arbiter's interface first, then
//! those of Moodle's offline grading worksheet:
//!
//! | column | what |
//! |---|---|
//! | `submission` | the top-level folder's or archive's name |
//! | `status` | `admitted` or `excluded` |
//! | `grade` | the grade (`14.5`), empty when excluded |
//! | `reason` | why excluded; for the admitted, what the check asks to fix and the teacher's override (`; ` between them) |
//! | `Identifier` | `Participant <id>`, the id from Moodle's folder name (`Nome_123456_assignsubmission_file_`); empty when the name has none |
//! | `Full name` | the student's name |
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
//! The Moodle layer ([`Text`]): Moodle reads the file with PHP's `fgetcsv`,
//! whose backslash escape would swallow a quote after a backslash; and
//! spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a
//! formula. So a text is kept on one line (control characters become
//! spaces), a backslash before a quote or at the end of a field is followed
//! by a space, and a text that starts like a formula gets a leading `'`
//! (a number, `-0.75`, is left as it is).

use super::{Entry, Evidence, Grade, Status};
use crate::table::{self, Ends};
use anyhow::Result;
use serde::{Serialize, Serializer};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The header of `grades.csv` (the serde row's fields, in order).
#[cfg(test)]
const GRADES_COLUMNS: [&str; 8] = [
    "submission",
    "status",
    "grade",
    "reason",
    "Identifier",
    "Full name",
    "Grade",
    "Last modified (grade)",
];

/// A text cell, made safe for Moodle's reader and for spreadsheets (see
/// the module's comment) as it is written.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Text(pub(crate) String);

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&safe(&self.0))
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text(s.to_string())
    }
}

/// Writes `rows` (serde structs: their fields are the columns) to `path`,
/// through the arbiter's one CSV writer ([`crate::table`]), CRLF.
pub(crate) fn write_rows<R: Serialize>(path: &Path, rows: &[R]) -> Result<()> {
    table::write_rows(path, Ends::CrLf, rows)
}

/// Writes a table whose columns depend on its rows: `head`, then each row
/// (as long as `head`), every cell through [`Text`]'s rules.
pub(crate) fn write_table(path: &Path, head: &[String], rows: &[Vec<String>]) -> Result<()> {
    let head: Vec<String> = head.iter().map(|c| safe(c)).collect();
    let head: Vec<&str> = head.iter().map(String::as_str).collect();
    let rows = rows.iter().map(|row| row.iter().map(|c| safe(c)));
    table::write_records(path, Ends::CrLf, &head, rows)
}

/// One line of `grades.csv`.
#[derive(Serialize)]
struct GradeRow {
    submission: Text,
    status: &'static str,
    grade: String,
    reason: Text,
    #[serde(rename = "Identifier")]
    identifier: Text,
    #[serde(rename = "Full name")]
    full_name: Text,
    #[serde(rename = "Grade")]
    moodle_grade: String,
    #[serde(rename = "Last modified (grade)")]
    modified: String,
}

/// Writes `grades.csv`: one line per submission, in the order given,
/// dated `now`.
pub(crate) fn write_grades(path: &Path, rows: &[(&Entry, &Grade)], now: SystemTime) -> Result<()> {
    let date = rfc3339(now);
    let lines: Vec<GradeRow> = rows
        .iter()
        .map(|(e, g)| {
            let grade = g.total.map_or(String::new(), number);
            GradeRow {
                submission: Text(e.sub.name.clone()),
                status: e.verdict.status.as_str(),
                grade: grade.clone(),
                reason: Text(reason(e)),
                identifier: Text(
                    e.sub
                        .participant
                        .as_deref()
                        .map_or(String::new(), |p| format!("Participant {p}")),
                ),
                full_name: Text(e.sub.student.clone().unwrap_or_default()),
                moodle_grade: grade,
                modified: date.clone(),
            }
        })
        .collect();
    write_rows(path, &lines)
}

/// The `reason` cell: why excluded; else what the check asks to fix; and
/// the teacher's override.
pub(crate) fn reason(e: &Entry) -> String {
    let mut parts = Vec::new();
    match (&e.verdict.exclusion, e.verdict.status) {
        (Some(why), _) => parts.push(why.text()),
        (None, Status::Admitted) => {
            let fix: Vec<String> = e
                .findings()
                .iter()
                .filter(|f| f.tag == super::Tag::Fail)
                .map(|f| f.what_text())
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            if !fix.is_empty() {
                parts.push(format!("to fix: {}", fix.join(", ")));
            }
        }
        (None, Status::Excluded) => {}
    }
    if let Some(o) = &e.verdict.overridden {
        parts.push(format!("teacher: {:?}, {}", o.verdict, o.reason).to_lowercase());
    }
    parts.join("; ")
}

/// Writes `evidence.csv`: one line per submission, every field of its
/// evidence (empty when excluded) and each mark.
pub(crate) fn write_evidence(
    path: &Path,
    rows: &[(&Entry, Option<&Evidence>, &Grade)],
) -> Result<()> {
    let (head, reasons, gates, items) = evidence_head(rows);
    let mut lines = Vec::new();
    for (e, ev, g) in rows {
        let mut row = vec![
            e.sub.name.clone(),
            e.sub.participant.clone().unwrap_or_default(),
            e.sub.student.clone().unwrap_or_default(),
            e.verdict.status.as_str().to_string(),
            g.total.map_or(String::new(), number),
            number(g.max),
        ];
        match ev {
            Some(ev) => row.extend(evidence_cells(ev, &reasons, &gates)),
            None => {
                let empty = 10 + reasons.len() + 2 + 6 * gates.len();
                row.extend(std::iter::repeat_n(String::new(), empty));
            }
        }
        for item in &items {
            match g.marks.iter().find(|m| &m.item == item) {
                Some(m) => row.extend([number(m.points), number(m.max), m.why.text()]),
                None => row.extend(std::iter::repeat_n(String::new(), 3)),
            }
        }
        lines.push(row);
    }
    write_table(path, &head, &lines)
}

/// The header of `evidence.csv`, and the columns that depend on the rows:
/// fault reasons, gates and marks, each in the order first met.
fn evidence_head(
    rows: &[(&Entry, Option<&Evidence>, &Grade)],
) -> (Vec<String>, Vec<String>, Vec<String>, Vec<String>) {
    let mut reasons: Vec<String> = Vec::new();
    let mut gates: Vec<String> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let add = |list: &mut Vec<String>, x: &String| {
        if !list.contains(x) {
            list.push(x.clone());
        }
    };
    for (_, ev, g) in rows {
        if let Some(ev) = ev {
            ev.faults.keys().for_each(|r| add(&mut reasons, r));
            ev.gates.iter().for_each(|gr| add(&mut gates, &gr.gate));
        }
        g.marks.iter().for_each(|m| add(&mut items, &m.item));
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
        "rating",
        "rating_low",
        "rating_high",
        "rating_tier",
        "moves",
        "own_moves",
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
            "rating",
            "expected",
            "",
        ] {
            if !what.is_empty() {
                head.push(format!("{gate} {what}"));
            }
        }
    }
    for item in &items {
        for what in ["points", "max", "why"] {
            head.push(format!("{item} {what}"));
        }
    }
    (head, reasons, gates, items)
}

/// The cells of an admitted submission's evidence.
fn evidence_cells(ev: &Evidence, reasons: &[String], gates: &[String]) -> Vec<String> {
    let r = &ev.rating;
    let mut row = vec![
        ev.games.to_string(),
        number(ev.points),
        format!("{:.0}", r.elo),
        format!("{:.0}", r.low),
        format!("{:.0}", r.high),
        format!("{:.0}", r.tier),
        ev.moves.asked.to_string(),
        ev.moves.own.to_string(),
        ev.moves
            .share()
            .map_or(String::new(), |s| format!("{s:.4}")),
        ev.faults.values().sum::<u32>().to_string(),
    ];
    row.extend(
        reasons
            .iter()
            .map(|r| ev.faults.get(r).copied().unwrap_or(0).to_string()),
    );
    row.push(ev.accuracy.map_or(String::new(), |a| format!("{a:.1}")));
    row.push(ev.blunders.to_string());
    for gate in gates {
        match ev.gates.iter().find(|r| &r.gate == gate) {
            Some(r) => row.extend([
                r.pairs_won.to_string(),
                r.pairs_drawn.to_string(),
                r.pairs_lost.to_string(),
                format!("{:.4}", r.pair_score),
                format!("{:.0}", r.rating),
                format!("{:.4}", r.expected),
            ]),
            None => row.extend(std::iter::repeat_n(String::new(), 6)),
        }
    }
    row
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
/// module's comment); a number stays as it is (`-0.75` is no formula).
pub(crate) fn safe(s: &str) -> String {
    if s.trim() == s && s.parse::<f64>().is_ok_and(f64::is_finite) {
        return s.to_string();
    }
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
    use super::super::rubric::Why;
    use super::super::{Exclusion, GateResult, Mark, Rated, Submission, Verdict};
    use super::*;
    use crate::grade::testing::Tmp;
    use std::collections::BTreeMap;
    use std::time::Duration;

    /// Every line of a CSV file, as the csv crate reads it back.
    fn table(path: &Path) -> (String, Vec<Vec<String>>) {
        let text = std::fs::read_to_string(path).unwrap();
        let rows = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(text.as_bytes())
            .records()
            .map(|r| r.unwrap().iter().map(String::from).collect())
            .collect();
        (text, rows)
    }

    fn entry(
        name: &str,
        participant: Option<&str>,
        student: Option<&str>,
        status: Status,
    ) -> Entry {
        Entry {
            sub: Submission {
                name: name.into(),
                participant: participant.map(String::from),
                student: student.map(String::from),
                ..Submission::default()
            },
            recognition: None,
            engine: None,
            sandbox_problem: None,
            check: None,
            verdict: Verdict {
                status,
                exclusion: (status == Status::Excluded).then(|| {
                    Exclusion::Refused(vec!["no source file: \"nothing\" \\\"here".into()])
                }),
                overridden: None,
            },
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
                        why: Why::Unplayed,
                    },
                    Mark {
                        item: "faults".into(),
                        points: -0.75,
                        max: 0.0,
                        why: Why::Faults {
                            games: 3,
                            per_game: 0.25,
                            cap: 3.0,
                        },
                    },
                ]
            }),
        }
    }

    fn entries() -> Vec<Entry> {
        vec![
            entry(
                "Ana Sofia Gonçalves_123456_assignsubmission_file_",
                Some("123456"),
                Some("Ana Sofia Gonçalves"),
                Status::Admitted,
            ),
            entry(
                "Rui, \"o Rápido\"_98_assignsubmission_file_",
                Some("98"),
                Some("Rui, \"o Rápido\"\nC:\\x\\"),
                Status::Admitted,
            ),
            entry("=cmd|' /C calc'!A0", None, None, Status::Excluded),
        ]
    }

    #[test]
    fn grades_have_the_interface_and_the_worksheet_columns() {
        let tmp = Tmp::new("grades-csv");
        let path = tmp.path().join("grades.csv");
        let now = UNIX_EPOCH + Duration::from_secs(1_751_284_800); // 2025-06-30 12:00 UTC
        let es = entries();
        let gs = [grade(Some(14.5)), grade(Some(20.0)), grade(None)];
        let rows: Vec<(&Entry, &Grade)> = es.iter().zip(&gs).collect();
        write_grades(&path, &rows, now).unwrap();
        let (text, table) = table(&path);
        assert!(text.starts_with(
            "submission,status,grade,reason,Identifier,Full name,Grade,Last modified (grade)\r\n"
        ));
        assert_eq!(table.len(), 4, "a header and one line per submission");
        assert!(
            table.iter().all(|r| r.len() == GRADES_COLUMNS.len()),
            "Moodle refuses a line whose count differs from the header's: {table:?}"
        );
        let col = |name: &str| table[0].iter().position(|c| c == name).unwrap();
        let (id, g, modified) = (
            col("Identifier"),
            col("Grade"),
            col("Last modified (grade)"),
        );
        assert_eq!(table[1][id], "Participant 123456");
        assert_eq!(table[1][g], "14.5", "a decimal point");
        assert_eq!(table[1][col("grade")], "14.5");
        assert_eq!(table[2][g], "20");
        assert_eq!(table[1][modified], "2025-06-30T12:00:00+00:00");
        assert_eq!(table[1][col("Full name")], "Ana Sofia Gonçalves");
        assert_eq!(
            table[2][col("Full name")],
            "Rui, \"o Rápido\" C:\\x\\ ",
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
            "refused at intake: no source file: \"nothing\" \\ \"here"
        );
        assert!(
            !text.contains("\\\""),
            "no backslash before a quote: {text}"
        );
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
        let tmp = Tmp::new("evidence-csv");
        let path = tmp.path().join("evidence.csv");
        let mut faults = BTreeMap::new();
        faults.insert("illegal".to_string(), 3);
        let ev = Evidence {
            name: "a".into(),
            games: 40,
            points: 22.5,
            rating: Rated {
                elo: 212.4,
                low: 150.0,
                high: 280.0,
                tier: 200.0,
            },
            gates: vec![GateResult {
                gate: "builtin:random".into(),
                pairs_won: 5,
                pairs_drawn: 0,
                pairs_lost: 3,
                pair_score: 0.625,
                rating: 0.0,
                expected: 0.76,
            }],
            moves: crate::results::record::OwnMoves {
                asked: 400,
                own: 380,
            },
            faults,
            accuracy: Some(71.25),
            blunders: 4,
        };
        let es = entries();
        let gs = [grade(Some(14.5)), grade(Some(20.0)), grade(None)];
        let rows: Vec<(&Entry, Option<&Evidence>, &Grade)> = es
            .iter()
            .zip(&gs)
            .enumerate()
            .map(|(k, (e, g))| (e, (k == 0).then_some(&ev), g))
            .collect();
        write_evidence(&path, &rows).unwrap();
        let (_, table) = table(&path);
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
            ("rating", "212"),
            ("rating_low", "150"),
            ("rating_tier", "200"),
            ("moves", "400"),
            ("own_moves", "380"),
            ("own_share", "0.9500"),
            ("faults", "3"),
            ("faults illegal", "3"),
            ("accuracy", "71.2"),
            ("blunders", "4"),
            ("builtin:random pairs won", "5"),
            ("builtin:random pairs lost", "3"),
            ("builtin:random pair score", "0.6250"),
            ("builtin:random expected", "0.7600"),
            ("gate:builtin:random points", "14.5"),
            ("gate:builtin:random max", "12"),
            ("gate:builtin:random why", "no game"),
            ("faults points", "-0.75"),
            ("faults max", "0"),
            ("faults why", "−min(3 × 0.25, 3)"),
        ] {
            assert_eq!(get(1, name), want, "{name}");
        }
        assert_eq!(get(3, "status"), "excluded");
        assert_eq!(get(3, "grade"), "");
        assert_eq!(get(3, "games"), "");
        assert_eq!(get(3, "faults points"), "");
    }
}
