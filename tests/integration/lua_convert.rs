//! `convert --to lua`: a 3.4.3 special level written as NetHack 5.0's Lua.
//! A golden file for a level with one of each statement; every level of
//! the 3.4.3 corpus converts to a script Lua loads and our runtime runs;
//! and where NetHack 5.0 ships the same level, the map parts of the two
//! scripts, run, land on the same cells.

use vaultwright::nethack_lua::convert::from_des;
use vaultwright::nethack_lua::run::{level::Level, run, Limits};
use vaultwright::Options;

use crate::common;

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/nethack-lua/convert")
        .join(name)
}

#[test]
fn a_level_with_each_statement_converts_to_its_golden_script() {
    let source = std::fs::read_to_string(fixture("keep.des")).unwrap();
    let levels = from_des(&source, &Options::default());
    assert_eq!(levels.len(), 1);
    let golden = fixture("keep.lua");
    if std::env::var_os("VAULTWRIGHT_BLESS").is_some() {
        std::fs::write(&golden, &levels[0].lua).unwrap();
    }
    let expected = std::fs::read_to_string(&golden).expect("the golden script");
    assert_eq!(levels[0].lua, expected);
    // It runs, for any seed, and finds nothing to say.
    for seed in 0..20 {
        let done = run(&levels[0].lua, seed, None, Limits::default());
        assert_eq!(done.stop, None, "seed {seed}");
    }
    let analysis = vaultwright::analyze(
        &levels[0].lua,
        vaultwright::Language::NethackLua,
        &Options::default(),
    );
    assert!(
        analysis.diagnostics.is_empty(),
        "{:?}",
        analysis.diagnostics
    );
}

/// The text of each `des.map` drawing of a script, in order.
fn drawings(script: &str) -> Vec<String> {
    vaultwright::nethack_lua::maps(script)
        .iter()
        .map(|rows| {
            rows.iter()
                .map(|r| script.get(r.clone()).unwrap_or("").trim_end())
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect()
}

/// Where each map part landed, in order: with the same drawing, the same
/// place is the same cells (later calls may write over some of them, and
/// 5.0 places some doors and features differently).
fn drawn(level: &Level) -> Vec<(i64, i64, i64, i64)> {
    level
        .parts
        .iter()
        .map(|(f, _)| (f.x, f.y, f.width, f.height))
        .collect()
}

#[test]
fn the_corpus_converts_and_shared_levels_land_on_the_same_cells() {
    let Some(shared) = common::shared_dir() else {
        eprintln!("SKIP: ../shared/corpus is absent (set VAULTWRIGHT_SHARED)");
        return;
    };
    let des = shared.join("corpus/nethack-3.4.3/des");
    let dat = shared.join("corpus/nethack-3.7/dat");
    let library = std::fs::read_to_string(dat.join("nhlib.lua")).expect("the game's nhlib.lua");
    let mut files: Vec<_> = std::fs::read_dir(&des)
        .expect("the 3.4.3 corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .collect();
    files.sort();
    let (mut converted, mut compared, mut same, mut redrawn) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let source = std::fs::read_to_string(path).unwrap();
        for level in from_des(&source, &Options::default()) {
            converted += 1;
            for seed in 0..5 {
                let done = run(&level.lua, seed, Some(&library), Limits::default());
                if let Some(stop) = done.stop {
                    failures.push(format!("{} seed {seed}: {stop:?}", level.name));
                }
            }
            let Ok(original) = std::fs::read_to_string(dat.join(format!("{}.lua", level.name)))
            else {
                continue;
            };
            // Only the drawings NetHack 5.0 kept as they were are compared
            // (it redrew some: knox's secret passages).
            let (ours_drawn, theirs_drawn) = (drawings(&level.lua), drawings(&original));
            let ours = drawn(&run(&level.lua, 0, Some(&library), Limits::default()).level);
            let theirs = drawn(&run(&original, 0, Some(&library), Limits::default()).level);
            if ours_drawn.len() != ours.len() || theirs_drawn.len() != theirs.len() {
                continue;
            }
            for (i, (a, b)) in ours_drawn.iter().zip(&theirs_drawn).enumerate() {
                if a != b {
                    redrawn += 1;
                    continue;
                }
                compared += 1;
                if ours.get(i) == theirs.get(i) {
                    same += 1;
                } else {
                    failures.push(format!("{}: map part {i} lands on other cells", level.name));
                }
            }
        }
    }
    eprintln!(
        "{converted} levels converted; {compared} map parts drawn alike in NetHack 5.0, {same} on the same cells; {redrawn} redrawn by 5.0"
    );
    assert!(converted >= 100, "{converted}");
    assert!(compared >= 50, "{compared}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
