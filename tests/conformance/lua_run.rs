//! NetHack 5.0's level scripts run as the game runs them: every one of
//! the corpus's 124 level scripts, with the game's own `nhlib.lua` loaded
//! first, for 100 seeds each, ends without an error, a hang or a panic.

use std::panic::{catch_unwind, AssertUnwindSafe};

use vaultwright::level_scripts::run;
use vaultwright::lua::Limits;

use crate::common;

/// The files of `dat/` that are no level script.
const NOT_LEVELS: [&str; 5] = [
    "dungeon.lua",
    "nhlib.lua",
    "nhcore.lua",
    "quest.lua",
    "themerms.lua",
];

const SEEDS: u64 = 100;

fn every_level_script_runs_for_a_hundred_seeds() {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared/corpus/nethack-3.7 (set VAULTWRIGHT_SHARED)");
        return;
    };
    let dir = shared.join("corpus/nethack-3.7/dat");
    let library = std::fs::read_to_string(dir.join("nhlib.lua")).expect("the game's nhlib.lua");
    let mut scripts: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the corpus folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "lua"))
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            (!NOT_LEVELS.contains(&name.as_str()))
                .then(|| Some((name, std::fs::read_to_string(&p).ok()?)))?
        })
        .collect();
    scripts.sort();
    assert_eq!(scripts.len(), 124, "the corpus holds 124 level scripts");
    let halves: Vec<&[(String, String)]> = scripts.chunks(62).collect();
    let failures: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = halves
            .iter()
            .map(|half| s.spawn(|| failures_of(half, &library)))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join()
                    .unwrap_or_else(|_| vec!["a worker panicked".into()])
            })
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn failures_of(scripts: &[(String, String)], library: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for (name, text) in scripts {
        for seed in 0..SEEDS {
            let ran = catch_unwind(AssertUnwindSafe(|| {
                run(text, seed, Some(library), Limits::default())
            }));
            match ran {
                Err(_) => failures.push(format!("{name} seed {seed}: panicked")),
                Ok(done) => {
                    if let Some(stop) = done.stop {
                        failures.push(format!(
                            "{name} seed {seed}: {:?} at line {}: {}",
                            stop.kind, stop.line, stop.message
                        ));
                    }
                }
            }
        }
    }
    failures
}

/// This file's trials: each ignored outside CI when what it reads is
/// missing (failed under CI).
pub fn trials() -> Vec<libtest_mimic::Trial> {
    vec![crate::needing(
        "lua_run::every_level_script_runs_for_a_hundred_seeds",
        crate::corpus_present(),
        every_level_script_runs_for_a_hundred_seeds,
    )]
}
