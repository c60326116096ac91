//! Every NetHack 3.4.3 and 3.2.x `.lev` of the corpus (the shipped levels,
//! the edge cases and the generated programs, as the original `lev_comp`
//! wrote them) decodes with each byte in exactly one field, and encodes
//! back to the same bytes; only a file written over a longer one of the
//! same name (the original does not truncate) has bytes after its level.

mod common;

use std::path::{Path, PathBuf};

use vaultwright::lev;

fn corpus(version: &str) -> PathBuf {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the .lev decoder test needs it");
    };
    shared.join("corpus").join(version)
}

fn lev_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            lev_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "lev") {
            out.push(p);
        }
    }
}

fn round_trip(version: &str, at_least: usize) {
    let mut files = Vec::new();
    lev_files(&corpus(version), &mut files);
    files.sort();
    assert!(
        files.len() >= at_least,
        "{version}: only {} .lev files",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("read a .lev");
        let decoded = match lev::decode(&bytes) {
            Ok(d) => d,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        if decoded.encode() != bytes {
            failures.push(format!("{}: encodes to other bytes", path.display()));
        }
        let mut next = 0;
        for f in &decoded.fields {
            if f.offset != next {
                failures.push(format!(
                    "{}: field {} of {} at {} (expected {next})",
                    path.display(),
                    f.name,
                    f.record,
                    f.offset
                ));
                break;
            }
            next += f.len;
        }
        if next != bytes.len() {
            failures.push(format!("{}: fields cover {next} bytes", path.display()));
        }
        if !decoded.trailing.is_empty() && !path.to_string_lossy().contains("duplicate") {
            failures.push(format!("{}: bytes after the level", path.display()));
        }
        if lev::dialect_of(&bytes).is_none() {
            failures.push(format!("{}: version word not known", path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_343_lev_decodes_and_encodes_back() {
    round_trip("nethack-3.4.3", 1000);
}

#[test]
fn every_32_lev_decodes_and_encodes_back() {
    round_trip("nethack-3.2.x", 100);
}
