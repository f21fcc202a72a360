//! The README as a teacher reads it: the short intro, "Set up" with its two
//! commands (the main job, the tests: CI runs `cargo test --workspace`), and
//! then at once the class championship; every link to one of its headings,
//! from any Markdown file of the repository, lands on a heading.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

/// The `##`-and-deeper headings outside code blocks, with their levels.
fn headings(text: &str) -> Vec<(usize, String)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            let level = line.chars().take_while(|c| *c == '#').count();
            out.push((level, line[level..].trim().to_string()));
        }
    }
    out
}

/// GitHub's anchor of a heading: lower case, punctuation dropped but `-`
/// and `_`, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[test]
fn the_championship_comes_right_after_set_up() {
    let text = readme();
    let sections: Vec<String> = headings(&text)
        .into_iter()
        .filter(|(level, _)| *level == 2)
        .map(|(_, h)| h)
        .collect();
    assert_eq!(
        sections[..2],
        ["Set up", "Run a class championship"],
        "{sections:?}"
    );
    // The intro is short: the championship starts within the first 100
    // lines.
    let line = text
        .lines()
        .position(|l| l == "## Run a class championship")
        .unwrap();
    assert!(line < 100, "the championship starts at line {}", line + 1);
    // Set up keeps its two commands, in this order, before the championship.
    let setup = &text[text.find("## Set up\n").unwrap()..text.find("## Run a class").unwrap()];
    let main_job = setup
        .find("\ncargo run --release -p arbiter\n")
        .expect(setup);
    let tests = setup.find("\ncargo test --workspace\n").expect(setup);
    assert!(main_job < tests, "{setup}");
    // Every section that was there is still there.
    for kept in [
        "The engine",
        "Puzzles",
        "Play against an engine",
        "For students: test your engine",
        "Benchmarks",
        "Development",
        "The course's games, year by year",
        "How to grade fairly: pair scoring (and balanced boards)",
        "Running untrusted code",
    ] {
        assert!(
            headings(&text).iter().any(|(_, h)| h == kept),
            "lost section {kept}"
        );
    }
}

/// The Markdown files of the repository (not build output, not `.git`).
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "node_modules" {
                markdown_files(&path, out);
            }
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

#[test]
fn links_to_the_readmes_headings_land_on_one() {
    let text = readme();
    let anchors: HashSet<String> = headings(&text).iter().map(|(_, h)| anchor(h)).collect();
    let mut files = Vec::new();
    markdown_files(&root(), &mut files);
    let mut checked = 0;
    for file in files {
        let body = std::fs::read_to_string(&file).unwrap();
        let in_readme = file == root().join("README.md");
        for (at, _) in body.match_indices("](") {
            let target = &body[at + 2..];
            let target = &target[..target.find(')').unwrap_or(target.len())];
            let fragment = match target.split_once('#') {
                Some(("", f)) if in_readme => f,
                Some((path, f)) if path.ends_with("README.md") => {
                    let resolved = file.parent().unwrap().join(path);
                    if resolved.canonicalize().ok() != root().join("README.md").canonicalize().ok()
                    {
                        continue;
                    }
                    f
                }
                _ => continue,
            };
            checked += 1;
            assert!(
                anchors.contains(fragment),
                "{}: link to README.md#{fragment}, no such heading",
                file.display()
            );
        }
    }
    assert!(checked >= 2, "the intro's and arbiter/README.md's links");
}
