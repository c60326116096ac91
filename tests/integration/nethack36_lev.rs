//! The NetHack 3.6.6 `.lev` files of the corpus (the shipped levels, the
//! edge files, the levels written before an error and the generated
//! programs' outputs): each reads into records with no byte left over and
//! writes back to the same bytes, and its records are the ones the
//! corpus's informative decoding lists.

use crate::common;

use std::path::{Path, PathBuf};

use vaultwright::lev::v36::{decode, encode, Record};

fn corpus() -> PathBuf {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the NetHack 3.6 .lev test needs it");
    };
    shared.join("corpus/nethack-3.6.6")
}

/// Every file under `dir` whose name ends with `ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for p in entries.filter_map(|e| e.ok()).map(|e| e.path()) {
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn every_corpus_lev_reads_and_writes_back_byte_for_byte() {
    let root = corpus();
    let levs = files(&root, ".lev");
    let shipped = levs
        .iter()
        .filter(|p| p.starts_with(root.join("expected")))
        .count();
    let edge = levs
        .iter()
        .filter(|p| p.starts_with(root.join("edge/expected")))
        .count();
    assert_eq!(
        (shipped, edge),
        (120, 88),
        "the corpus's shipped and edge levels"
    );
    let mut failures = Vec::new();
    for p in &levs {
        let bytes = std::fs::read(p).unwrap();
        match decode(&bytes) {
            Ok(lev) if encode(&lev) == bytes => {}
            Ok(_) => failures.push(format!("{}: written back differently", p.display())),
            Err(e) => failures.push(format!("{}: {e}", p.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        levs.len(),
        failures.join("\n")
    );
    assert!(levs.len() > 1000, "{} .lev files", levs.len());
}

/// The corpus's decoding, per record: the opcode's name and, for a PUSH,
/// the value's type.
fn listed(json: &serde_json::Value) -> Vec<(String, Option<String>)> {
    json["opcodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let name = r[1].as_str().unwrap().to_string();
            let kind = r.get(2).and_then(|k| k.as_str()).map(str::to_string);
            (name, kind)
        })
        .collect()
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn records_are_the_ones_the_corpus_decoding_lists() {
    let root = corpus();
    let decoded = [root.join("decoded"), root.join("edge/decoded")];
    let mut compared = 0;
    for dir in &decoded {
        for json_path in files(dir, ".lev.json") {
            let json: serde_json::Value =
                serde_json::from_slice(&std::fs::read(&json_path).unwrap()).unwrap();
            // decoded/<source>/<name>.lev.json ↔ expected/<source>/<name>.lev
            let rel = json_path.strip_prefix(dir).unwrap().with_extension("");
            let expected = dir.with_file_name("expected").join(rel);
            let lev = decode(&std::fs::read(&expected).unwrap()).unwrap();
            let ours: Vec<(String, Option<String>)> = lev
                .records
                .iter()
                .map(|r| match r {
                    Record::Push(v) => ("PUSH".to_string(), Some(v.type_name().to_string())),
                    op => (op.name().to_string(), None),
                })
                .collect();
            assert_eq!(ours, listed(&json), "{}", expected.display());
            compared += 1;
        }
    }
    assert_eq!(compared, 208, "120 shipped and 88 edge levels compared");
}
