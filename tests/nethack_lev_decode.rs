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

/// Decompiles every `.lev` under `dir` (its name is the level's) and
/// compiles the source again with the dialect its header names; the
/// files that come back different, and how many there were.
fn decompile_round_trip(dir: &Path) -> (Vec<String>, usize) {
    let mut files = Vec::new();
    lev_files(dir, &mut files);
    files.sort();
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("read a .lev");
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (Ok(decoded), Some(d)) = (lev::decode(&bytes), lev::dialect_of(&bytes)) else {
            failures.push(format!("{}: does not decode", path.display()));
            continue;
        };
        let out = lev::decompile(&decoded.file, &name, d);
        let run = vaultwright::dropin::lev_comp("decompiled.des", &out.source, d.target, false);
        let again = run.files.iter().find(|f| f.name == format!("{name}.lev"));
        if again.map(|f| f.bytes.as_slice()) != Some(decoded.file.encode().as_slice()) {
            failures.push(format!(
                "{}: compiles to other bytes{}\n{}{}",
                path.display(),
                if again.is_none() { " (no file)" } else { "" },
                run.stderr.join("\n"),
                out.notes.join("\n")
            ));
        }
    }
    (failures, files.len())
}

/// The shipped levels of both corpora decompile to source that compiles
/// back to the same bytes.
#[test]
fn every_shipped_level_decompiles_to_source_that_compiles_back() {
    for (version, at_least) in [("nethack-3.4.3", 113), ("nethack-3.2.x", 94)] {
        let (failures, n) = decompile_round_trip(&corpus(version).join("expected"));
        assert!(n >= at_least, "{version}: only {n} levels");
        assert!(
            failures.is_empty(),
            "{version}: {} of {n} differ:\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
}

/// The edge cases and the generated programs: how many decompile back to
/// the same bytes (printed; `VAULTWRIGHT_DECOMPILE_REPORT=1` lists the
/// others).
#[test]
fn edge_and_generated_levels_decompile_report() {
    let mut total = (0, 0);
    for dir in [
        "nethack-3.4.3/edge/expected",
        "nethack-3.4.3/generated/expected",
        "nethack-3.2.x/edge/expected",
    ] {
        let root = common::shared_dir().expect("the corpus").join("corpus");
        let (failures, n) = decompile_round_trip(&root.join(dir));
        eprintln!(
            "{dir}: {} of {n} decompile back to the same bytes",
            n - failures.len()
        );
        if std::env::var_os("VAULTWRIGHT_DECOMPILE_REPORT").is_some() {
            eprintln!("{}", failures.join("\n\n"));
        }
        total.0 += n - failures.len();
        total.1 += n;
    }
    assert!(total.1 > 0);
}
