//! Tells the tests whether the shared corpus (`../shared/corpus`, or
//! `$VAULTWRIGHT_SHARED/corpus`) is here. Outside CI, a test that reads it
//! is then reported ignored when it is missing (`cfg(corpus_missing)`);
//! under `CI=true` it always runs, and fails without it.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rustc-check-cfg=cfg(corpus_missing)");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=VAULTWRIGHT_SHARED");
    let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    if !in_ci && shared_corpus().is_none() {
        println!("cargo::rustc-cfg=corpus_missing");
    }
}

/// Where the tests look for the corpus (`tests/common`'s `shared_dir`).
/// Found, the build runs again when it changes or goes; missing, when
/// `CI` or `VAULTWRIGHT_SHARED` changes (a corpus added later: `cargo test
/// -- --include-ignored`, or touch this file).
fn shared_corpus() -> Option<PathBuf> {
    let corpus = match std::env::var_os("VAULTWRIGHT_SHARED") {
        Some(dir) => Some(PathBuf::from(dir).join("corpus")).filter(|c| c.is_dir()),
        None => {
            let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
            here.ancestors()
                .map(|dir: &Path| dir.join("shared").join("corpus"))
                .find(|c| c.is_dir())
        }
    };
    if let Some(found) = &corpus {
        println!("cargo::rerun-if-changed={}", found.display());
    }
    corpus
}
