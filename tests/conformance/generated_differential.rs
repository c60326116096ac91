//! Differential test against the original NetHack 3.4.3 `lev_comp` and
//! `dgn_comp` on the generated programs of
//! `../shared/corpus/nethack-3.4.3/generated/` (random `.des` and dungeon
//! programs, valid and with one mutation, with what the originals did on
//! each). One test per input, named after it: the drop-in's exit status,
//! the names and bytes of every file it writes (rejected inputs included:
//! `lev_comp` keeps the levels it finished, `dgn_comp` writes its output
//! even after its own errors), and the first error line and message.

use crate::common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use libtest_mimic::{Failed, Trial};
use vaultwright::dropin::{self, Run};
use vaultwright::Target;

/// This suite's trials.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    match common::shared_dir() {
        None => trials.push(crate::missing_corpus(|| {
            Err("../shared/corpus is missing: the generated differential tests need \
                 corpus/nethack-3.4.3/generated (set VAULTWRIGHT_SHARED to the folder holding corpus/)"
                .into())
        })),
        Some(shared) => {
            let dir = shared.join("corpus/nethack-3.4.3/generated");
            let rows = common::tsv(&dir.join("EXPECTED.tsv"));
            trials.push(row_count(rows.len()));
            for row in rows {
                let dir = dir.clone();
                let name = format!("{}::{}", row["kind"], row["input"]);
                trials.push(Trial::test(name, move || check(&dir, &row)));
            }
        }
    }
    trials
}

/// The set is complete: a missing or truncated EXPECTED.tsv must fail, not
/// pass with no trials.
fn row_count(n: usize) -> Trial {
    Trial::test("expected_rows", move || {
        if n >= 900 {
            Ok(())
        } else {
            Err(format!("EXPECTED.tsv has {n} rows; the generated set has 964").into())
        }
    })
}

fn check(dir: &Path, row: &HashMap<String, String>) -> Result<(), Failed> {
    let kind = row["kind"].as_str();
    let input = row["input"].as_str();
    let path: PathBuf = dir.join(kind).join(input);
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let source = String::from_utf8_lossy(&bytes);
    let run = if input.ends_with(".des") {
        dropin::lev_comp(input, &source, Target::Nethack343, false)
    } else {
        dropin::dgn_comp(input, input, &source, Target::Nethack343)
    };
    let mut problems = Vec::new();
    check_exit(kind, &row["exit_status"], &run, &mut problems);
    check_files(
        &dir.join("expected").join(input),
        &row["outputs"],
        &run,
        &mut problems,
    );
    check_first_error(row, &run, &mut problems);
    if problems.is_empty() {
        Ok(())
    } else {
        problems.push(format!("mutation: {}", unescape(&row["note"])));
        problems.push(format!("our stderr:\n{}", run.stderr.join("\n")));
        Err(problems.join("\n").into())
    }
}

fn check_exit(kind: &str, expected: &str, run: &Run, problems: &mut Vec<String>) {
    let theirs: i32 = expected.parse().unwrap_or(-1);
    let ours = i32::from(run.exit);
    let ok = if kind == "crash" {
        // The original died of a signal: a clean rejection is expected.
        (1..128).contains(&ours)
    } else {
        ours == theirs
    };
    if !ok {
        problems.push(format!("exit status {ours}, the original's {theirs}"));
    }
}

/// `outputs` is `name:size:sha256,…` in name order, or `-`.
fn check_files(expected_dir: &Path, outputs: &str, run: &Run, problems: &mut Vec<String>) {
    let mut theirs: Vec<&str> = outputs
        .split(',')
        .filter(|o| *o != "-" && !o.is_empty())
        .filter_map(|o| o.split(':').next())
        .collect();
    theirs.sort_unstable();
    let mut ours: Vec<&str> = run.files.iter().map(|f| f.name.as_str()).collect();
    ours.sort_unstable();
    ours.dedup();
    if ours != theirs {
        problems.push(format!("files {ours:?}, the original's {theirs:?}"));
        return;
    }
    for name in theirs {
        // The last write of a name wins, as on disk.
        let Some(file) = run.files.iter().rev().find(|f| f.name == name) else {
            continue;
        };
        let want = match std::fs::read(expected_dir.join(name)) {
            Ok(b) => b,
            Err(e) => {
                problems.push(format!("{name}: cannot read the expected file: {e}"));
                continue;
            }
        };
        if let Some(off) = common::first_difference(&file.bytes, &want) {
            problems.push(format!(
                "{name}: first difference at byte {off} (sizes {} / {})",
                file.bytes.len(),
                want.len()
            ));
        }
    }
}

fn check_first_error(row: &HashMap<String, String>, run: &Run, problems: &mut Vec<String>) {
    let line = row["first_error_line"].as_str();
    if line == "-" {
        return;
    }
    let want = (line.to_string(), unescape(&row["first_error_message"]));
    match common::first_error(run.stderr.iter().map(String::as_str)) {
        Some(got) if got == want => {}
        got => problems.push(format!(
            "first error {got:?}, the original's (line {}, {:?})",
            want.0, want.1
        )),
    }
}

/// The TSV's escapes: `\t`, `\n`, `\\`.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}
