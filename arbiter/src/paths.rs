//! The files a command is given: inputs are read only when they are
//! regular files (`open`, `read`, `read_to_string`: a device such as
//! `/dev/zero` would be read without end, a FIFO would wait for a writer
//! for ever), and no output may be one of the inputs, another output, or
//! lie in an input folder ([`check`]), refused before anything is written:
//! `--results r.jsonl --summary r.jsonl` would overwrite every game with
//! the summary.

use anyhow::{bail, Result};
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Opens `path` for reading when it is a regular file; any other kind of
/// file is an `InvalidInput` error saying what it is (opened without
/// blocking: a FIFO does not wait for a writer).
pub(crate) fn open(path: &Path) -> io::Result<File> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is {}, not a file", path.display(), kind(&meta)),
        ));
    }
    Ok(file)
}

/// The bytes of the regular file `path` (see [`open`]).
pub(crate) fn read(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = open(path)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The text of the regular file `path` (see [`open`]); not UTF-8 is an
/// `InvalidData` error.
pub(crate) fn read_to_string(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

/// Refuses `path` when it exists and is not a regular file (a journal
/// opened for appending: a FIFO would block the run).
pub(crate) fn regular_or_absent(path: &Path) -> io::Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is {}, not a file", path.display(), kind(&meta)),
        )),
        _ => Ok(()),
    }
}

/// What a file that is not regular is, in words.
fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO (a named pipe)"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

/// A path a command reads or writes, and the option that names it
/// (`--results`, `the download`).
#[derive(Clone, Debug)]
pub struct Named<'a> {
    pub what: &'a str,
    pub path: &'a Path,
    /// A folder (whatever lies inside it is its).
    pub folder: bool,
}

impl<'a> Named<'a> {
    pub fn file(what: &'a str, path: &'a Path) -> Named<'a> {
        Named {
            what,
            path,
            folder: false,
        }
    }

    pub fn folder(what: &'a str, path: &'a Path) -> Named<'a> {
        Named {
            what,
            path,
            folder: true,
        }
    }
}

/// The place a path names, whether it exists or not: canonical (links
/// and `..` resolved) as far as it exists, and the file's inode when it
/// does (a hard link is the same file under another name).
fn place(path: &Path) -> (PathBuf, Option<(u64, u64)>) {
    if let Ok(c) = path.canonicalize() {
        let inode = std::fs::metadata(&c).ok().map(|m| (m.dev(), m.ino()));
        return (c, inode);
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(parent), Some(name)) => (place(parent).0.join(name), None),
        _ => (absolute, None),
    }
}

/// Refuses, before anything is written, an output that is an input, the
/// same file as another output, inside an input folder, or the folder of
/// an input: each would destroy or mix up what the command reads. `inputs`
/// and `outputs` name their option for the message.
pub fn check(inputs: &[Named], outputs: &[Named]) -> Result<()> {
    let places = |list: &[Named]| -> Vec<(PathBuf, Option<(u64, u64)>)> {
        list.iter().map(|n| place(n.path)).collect()
    };
    let (ins, outs) = (places(inputs), places(outputs));
    let same = |a: &(PathBuf, Option<(u64, u64)>), b: &(PathBuf, Option<(u64, u64)>)| {
        a.0 == b.0 || (a.1.is_some() && a.1 == b.1)
    };
    for (o, op) in outputs.iter().zip(&outs) {
        for (i, ip) in inputs.iter().zip(&ins) {
            if same(op, ip) {
                bail!(
                    "{} '{}' is also {}: writing it would destroy what is read; give {} \
                     another file",
                    o.what,
                    o.path.display(),
                    i.what,
                    o.what
                );
            }
            if i.folder && op.0.starts_with(&ip.0) {
                bail!(
                    "{} '{}' lies inside {} '{}': what is written there would be read back \
                     as input on the next run; give {} a folder outside it",
                    o.what,
                    o.path.display(),
                    i.what,
                    i.path.display(),
                    o.what
                );
            }
            if o.folder && ip.0.starts_with(&op.0) {
                bail!(
                    "{} '{}' lies inside {} '{}', which this command writes: move it out, \
                     or give {} another folder",
                    i.what,
                    i.path.display(),
                    o.what,
                    o.path.display(),
                    o.what
                );
            }
        }
    }
    for (k, (o, op)) in outputs.iter().zip(&outs).enumerate() {
        for (other, pp) in outputs.iter().zip(&outs).skip(k + 1) {
            if same(op, pp) {
                bail!(
                    "{} and {} are the same file '{}': one would overwrite the other; give \
                     each its own file",
                    o.what,
                    other.what,
                    o.path.display()
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_files_are_refused_and_files_read() {
        let e = read(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
        assert!(e.to_string().contains("a character device"), "{e}");
        let e = read(Path::new("/")).unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
        let dir = std::env::temp_dir().join(format!("paths-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo of a path we own.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let t0 = std::time::Instant::now();
        let e = read(&fifo).unwrap_err();
        assert!(e.to_string().contains("a FIFO"), "{e}");
        assert!(t0.elapsed().as_secs() < 5, "did not wait for a writer");
        std::fs::write(dir.join("f"), "text").unwrap();
        assert_eq!(read_to_string(&dir.join("f")).unwrap(), "text");
        assert_eq!(
            read(&dir.join("none")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_output_that_is_an_input_or_another_output_is_refused() {
        let dir = std::env::temp_dir().join(format!("paths-check-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("download")).unwrap();
        std::fs::write(dir.join("r.jsonl"), "").unwrap();
        std::fs::hard_link(dir.join("r.jsonl"), dir.join("link.jsonl")).unwrap();
        let r = dir.join("r.jsonl");
        let results = Named::file("--results", &r);
        let p = |s: &str| dir.join(s);
        let (same, dotted, link, s1, s2) = (
            p("r.jsonl"),
            p("download/../r.jsonl"),
            p("link.jsonl"),
            p("s.csv"),
            p("./s.csv"),
        );
        for (out, word) in [
            (Named::file("--summary", &same), "is also --results"),
            (Named::file("--html", &dotted), "is also --results"),
            (Named::file("--records", &link), "is also --results"),
        ] {
            let e = check(std::slice::from_ref(&results), &[out]).unwrap_err();
            assert!(e.to_string().contains(word), "{e}");
        }
        let e = check(
            std::slice::from_ref(&results),
            &[Named::file("--summary", &s1), Named::file("--html", &s2)],
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("--summary and --html are the same file"),
            "{e}"
        );
        let (download, season) = (p("download"), p("download/season"));
        let e = check(
            &[Named::folder("the download", &download)],
            &[Named::folder("--out", &season)],
        )
        .unwrap_err();
        assert!(e.to_string().contains("lies inside the download"), "{e}");
        let e = check(
            &[Named::folder("the download", &download)],
            &[Named::folder("--out", &download)],
        )
        .unwrap_err();
        assert!(e.to_string().contains("is also the download"), "{e}");
        let (outside, inside) = (p("season"), p("season/submissions/x"));
        let e = check(
            &[Named::folder("the download", &inside)],
            &[Named::folder("--out", &outside)],
        )
        .unwrap_err();
        assert!(e.to_string().contains("which this command writes"), "{e}");
        assert!(check(
            std::slice::from_ref(&results),
            &[
                Named::file("--summary", &s1),
                Named::folder("--out", &outside)
            ]
        )
        .is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
