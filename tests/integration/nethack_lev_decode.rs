//! Every NetHack 3.4.3 and 3.2.x `.lev` of the corpus (the shipped levels,
//! the edge cases and the generated programs, as the original `lev_comp`
//! wrote them) decodes with each byte in exactly one field, and encodes
//! back to the same bytes; only a file written over a longer one of the
//! same name (the original does not truncate) has bytes after its level.

use crate::common;

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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn every_343_lev_decodes_and_encodes_back() {
    round_trip("nethack-3.4.3", 1000);
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
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

/// The studio's binary view of every shipped level: each field of a
/// record is tied to a statement of that record's kind (the `k`-th
/// `MONSTER` of a part wrote that part's monster `k`), and the view's
/// bytes are the level's file.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn every_field_of_a_shipped_level_is_tied_to_its_statement() {
    use vaultwright::view::View;
    let keyword_of = |record: &str| -> Option<&'static str> {
        let last = record.rsplit(" / ").next()?;
        let kind = last.rsplit_once(' ')?.0;
        Some(match kind {
            "monster" => "MONSTER",
            "object" => "OBJECT|CONTAINER",
            "trap" => "TRAP",
            "door" => "DOOR",
            "region" => "REGION",
            "level region" => "STAIR|PORTAL|TELEPORT_REGION|BRANCH",
            "stair" => "STAIR",
            "altar" => "ALTAR",
            "engraving" => "ENGRAVING",
            "corridor" => "CORRIDOR|RANDOM_CORRIDORS",
            "part" => "GEOMETRY|NOMAP",
            "room" => "ROOM|SUBROOM|NAME|CHANCE",
            _ => return None,
        })
    };
    let dir = corpus("nethack-3.4.3").join("des");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir)
        .expect("the corpus's des/")
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "des") {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("a .des file");
        let all = vaultwright::analyze(
            &source,
            vaultwright::Language::NethackDes,
            &vaultwright::Options {
                without_views: true,
                ..vaultwright::Options::default()
            },
        );
        for symbol in 0..all.outline.len() {
            let options = vaultwright::Options {
                focus: Some(symbol),
                ..vaultwright::Options::default()
            };
            let a = vaultwright::analyze(&source, vaultwright::Language::NethackDes, &options);
            let dump = a.views.iter().find_map(|v| match &v.view {
                View::Binary(b) if v.symbol == symbol => Some(b),
                _ => None,
            });
            let Some(dump) = dump else {
                panic!("{}: level {symbol} has no binary view", path.display());
            };
            let artifact = a
                .artifacts
                .iter()
                .find(|f| f.symbol == Some(symbol))
                .expect("its .lev");
            assert_eq!(dump.bytes, artifact.bytes, "{}", path.display());
            for f in &dump.fields {
                let record = f.label.rsplit_once(" / ").map_or("", |(r, _)| r);
                let Some(keywords) = keyword_of(record) else {
                    continue;
                };
                let field = f.label.rsplit(" / ").next().unwrap_or_default();
                // A count (`monsters`, `level regions`) no one statement wrote.
                let group = !record.contains(" / ");
                let register = group && field.starts_with("random");
                if group && !register && field.ends_with('s') && !field.ends_with("size") {
                    assert_eq!(f.origin, None, "{}: {}", path.display(), f.label);
                    continue;
                }
                // The place and class registers after a part's map.
                if register && f.origin.is_none() {
                    continue;
                }
                let keywords = if register { "RANDOM_" } else { keywords };
                let origin = f
                    .origin
                    .unwrap_or_else(|| panic!("{}: {} has no statement", path.display(), f.label));
                let text = &source[origin.start as usize..origin.end as usize];
                assert!(
                    keywords.split('|').any(|k| text.starts_with(k)),
                    "{}: {} tied to `{}`",
                    path.display(),
                    f.label,
                    text.lines().next().unwrap_or_default()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} fields checked");
}
