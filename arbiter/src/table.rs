//! The one CSV writer of the arbiter, on the `csv` crate: the standings
//! (`--report x.csv`), the similarity pairs, and the season's files
//! (`grades.csv`, `evidence.csv`, `copies.csv`, through the Moodle layer of
//! `grade::csv`). Every table is UTF-8, comma-separated, a header line
//! first, fields quoted when they must be (RFC 4180), and written whole or
//! not at all: into `.<name>.tmp` beside it, then renamed over it, so that
//! a run killed while writing leaves the previous file intact.
//!
//! The cells are the callers' (numbers formatted as each file documents
//! them, names made safe by [`crate::names::csv_name`] or the Moodle
//! layer); this room only lays them out.

use anyhow::{Context, Result};
use serde::Serialize;
use std::path::Path;

/// How the lines of a table end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ends {
    /// `\n`: the arbiter's own tables.
    Lf,
    /// `\r\n`: the files a teacher uploads to Moodle.
    CrLf,
}

/// Writes `head` then `rows` (each as long as `head`) to `path`.
pub(crate) fn write_records<R, C>(path: &Path, ends: Ends, head: &[&str], rows: R) -> Result<()>
where
    R: IntoIterator,
    R::Item: IntoIterator<Item = C>,
    C: AsRef<[u8]>,
{
    write_with(path, ends, |w| {
        w.write_record(head)?;
        for row in rows {
            w.write_record(row)?;
        }
        Ok(())
    })
}

/// Writes `rows` (serde structs: their fields are the columns, the header
/// their names) to `path`.
pub(crate) fn write_rows<R: Serialize>(path: &Path, ends: Ends, rows: &[R]) -> Result<()> {
    write_with(path, ends, |w| rows.iter().try_for_each(|r| w.serialize(r)))
}

/// Runs `fill` on a CSV writer into memory, then writes the text whole.
fn write_with(
    path: &Path,
    ends: Ends,
    fill: impl FnOnce(&mut csv::Writer<Vec<u8>>) -> csv::Result<()>,
) -> Result<()> {
    let what = || format!("cannot write '{}'", path.display());
    let mut w = csv::WriterBuilder::new()
        .terminator(match ends {
            Ends::Lf => csv::Terminator::Any(b'\n'),
            Ends::CrLf => csv::Terminator::CRLF,
        })
        .from_writer(Vec::new());
    fill(&mut w).with_context(what)?;
    let bytes = w
        .into_inner()
        .map_err(|e| e.into_error())
        .with_context(what)?;
    write_whole(path, &bytes)
}

/// Writes `bytes` to `path` whole or not at all (see the module), its
/// folder made when missing.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let what = || format!("cannot write '{}'", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create folder '{}'", dir.display()))?;
    }
    let name = path
        .file_name()
        .with_context(|| format!("'{}' is not a file name", path.display()))?;
    let tmp = path.with_file_name(format!(".{}.tmp", name.to_string_lossy()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    written
        .and_then(|()| std::fs::rename(&tmp, path))
        .with_context(what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_when_they_must_be_and_lines_end_as_asked() {
        let dir = std::env::temp_dir().join(format!("tabula-table-{}", std::process::id()));
        let path = dir.join("sub/t.csv");
        let rows = [
            vec!["a,b", "plain", "say \"hi\""],
            vec!["x", "", "two\nlines"],
        ];
        write_records(&path, Ends::Lf, &["one", "two", "three"], rows).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "one,two,three\n\"a,b\",plain,\"say \"\"hi\"\"\"\nx,,\"two\nlines\"\n"
        );
        #[derive(Serialize)]
        struct Row {
            name: &'static str,
            score: f64,
        }
        let rows = [Row {
            name: "b",
            score: 0.5,
        }];
        write_rows(&path, Ends::CrLf, &rows).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "name,score\r\nb,0.5\r\n"
        );
        // No temporary file is left beside it.
        let left: Vec<_> = std::fs::read_dir(dir.join("sub")).unwrap().collect();
        assert_eq!(left.len(), 1);
        std::fs::remove_dir_all(&dir).ok();
    }
}
