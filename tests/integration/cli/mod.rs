//! End-to-end tests of the `vaultwright` executable, one file per
//! command: the drop-ins, `check`, `render`, `compile`, `convert`,
//! `decode` and where every command writes.

mod check;
mod compile;
mod convert;
mod decode;
mod drop_ins;
mod output;
mod render;

use crate::common;

use common::tempdir;
use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_vaultwright"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn corpus() -> PathBuf {
    common::shared_dir()
        .expect("../shared/corpus is missing: these tests need the NetHack corpus")
        .join("corpus/nethack-3.4.3")
}

/// The command exited 0 (its stderr shown when it did not).
fn assert_succeeded(out: &std::process::Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
