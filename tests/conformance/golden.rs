//! Golden findings: every file of `tests/fixtures/<lang>/invalid/` (which
//! `vaultwright check` rejects, exit 1) and of `tests/fixtures/*/warn/`
//! (accepted with findings, exit 0) beside its `NAME.stderr`, the human
//! rendering of its findings, one trial each. Every language has some:
//! 3.4.3 and 3.6 `.des`, dungeon descriptions, 5.0 Lua levels, DCSS
//! vaults, POWDER rooms, RLG327 descriptions. `VAULTWRIGHT_BLESS=1`
//! rewrites them (then review the diff).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;
use libtest_mimic::{Failed, Trial};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

/// The folders of golden files, with the exit status `check` gives their
/// files.
fn folders() -> Vec<(PathBuf, i32)> {
    let mut out = Vec::new();
    for lang in std::fs::read_dir(fixtures())
        .into_iter()
        .flatten()
        .flatten()
    {
        let lang = lang.path();
        out.push((lang.join("invalid"), 1));
        out.push((lang.join("warn"), 0));
    }
    out.sort();
    out
}

/// This suite's trials: one per fixture with a golden beside it.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for (dir, status) in folders() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        // Every file of an `invalid/` folder is a fixture (one without its
        // golden fails); in a `warn/` folder, those with a `.stderr` (make
        // an empty one for a new fixture, then bless; NetHack's `warn/`
        // also holds the drop-in's fixtures, whose goldens are `.check`).
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "stderr"))
            .filter(|p| status == 1 || p.with_extension("stderr").is_file())
            .collect();
        files.sort();
        for file in files {
            let name = file
                .strip_prefix(fixtures())
                .map(|p| p.to_string_lossy().replace('\\', "/"))
                .unwrap_or_default();
            trials.push(Trial::test(format!("golden::{name}"), move || {
                check_golden(&file, status)
            }));
        }
    }
    trials
}

fn check_golden(file: &Path, status: i32) -> Result<(), Failed> {
    let dir = file.parent().ok_or("a fixture has a folder")?;
    let name = file.file_name().ok_or("a fixture has a name")?;
    let out = Command::new(env!("CARGO_BIN_EXE_vaultwright"))
        .current_dir(dir)
        .arg("check")
        .arg(name)
        .output()?;
    if out.status.code() != Some(status) {
        return Err(format!(
            "`check` exits {:?}, not {status}:\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    let got = String::from_utf8_lossy(&out.stderr);
    common::golden(&file.with_extension("stderr"), &got)?;
    Ok(())
}
