//! Every input a fuzzer once broke, kept under `tests/fixtures/fuzz/TARGET/`,
//! is replayed through that target's assertions with a plain `cargo test`
//! (no fuzzer needed), so CI guards it for good. The shared corpus files
//! that seed the fuzzers are held to the same assertions.

use crate::common;

#[path = "../../fuzz/checks.rs"]
mod checks;
use crate::seeds;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/fuzz")
}

/// Runs `check` on every file, returning the files that broke it.
fn failures(check: fn(&[u8]), files: &[PathBuf]) -> Vec<String> {
    let mut broken = Vec::new();
    for path in files {
        let data = std::fs::read(path).unwrap_or_default();
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            broken.push(path.display().to_string());
        }
    }
    broken
}

#[test]
fn kept_fuzz_findings_stay_fixed() {
    let mut broken = Vec::new();
    let mut replayed = 0;
    for (name, check) in checks::TARGETS {
        let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures().join(name))
            .map(|entries| entries.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        replayed += files.len();
        broken.extend(failures(*check, &files));
    }
    assert!(replayed > 0, "no kept findings under tests/fixtures/fuzz");
    assert!(
        broken.is_empty(),
        "kept findings break again:\n{}",
        broken.join("\n")
    );
}

#[test]
fn every_fixture_folder_names_a_target() {
    for entry in std::fs::read_dir(fixtures()).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(
            checks::TARGETS.iter().any(|(t, _)| *t == name),
            "tests/fixtures/fuzz/{name} is not a fuzz target"
        );
    }
    for (name, _) in checks::TARGETS {
        assert!(
            seeds::SEEDS.iter().any(|(s, _, _)| s == name),
            "{name} has no seed entry"
        );
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn the_seed_corpus_meets_every_target_assertion() {
    let shared = common::shared_dir()
        .unwrap_or_else(|| panic!("../shared/corpus is missing: it seeds the fuzz targets"));
    let corpus = shared.join("corpus");
    let mut broken = Vec::new();
    for (name, check) in checks::TARGETS {
        let files = seeds::seed_files(&corpus, name);
        if *name != "permalink" {
            assert!(!files.is_empty(), "{name} has no seed files");
        }
        broken.extend(failures(*check, &files));
    }
    assert!(
        broken.is_empty(),
        "seed files break a target:\n{}",
        broken.join("\n")
    );
}

/// The permalink target's seeds are links made outside the studio (zlib
/// and base64url from another implementation); each must open, or the
/// fuzzer starts from nothing but broken links.
#[test]
fn permalink_seeds_open() {
    let dir = fixtures().join("permalink");
    let mut opened = 0;
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with("seed-") {
            continue;
        }
        let link = std::fs::read_to_string(entry.path()).unwrap();
        let state = vaultwright_codec::decode_link(&link)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .unwrap_or_else(|| panic!("{name} is not a link"));
        assert!(!state.source.is_empty(), "{name}");
        opened += 1;
    }
    assert!(opened >= 5);
}
