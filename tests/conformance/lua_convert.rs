//! `convert --to lua`: a 3.4.3 or 3.6 special level written as NetHack
//! 5.0's Lua. Golden files for levels with one of each statement; every
//! level of the 3.4.3 and 3.6.6 corpora converts to a script Lua loads and our runtime runs;
//! and where NetHack 5.0 ships the same level, the map parts of the two
//! scripts, run, land on the same cells.

use vaultwright::convert::{des_to_lua, des_to_lua_as_read, Converted, Refused};
use vaultwright::level_scripts::{run, Level};
use vaultwright::lua::Limits;
use vaultwright::Options;

use crate::common;

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/nethack-lua/convert")
        .join(name)
}

fn a_343_level_with_each_statement_converts_to_its_golden_script() {
    converts_to_golden("keep.des", &["keep.lua"]);
}

fn a_36_file_with_each_statement_and_block_converts_to_its_golden_scripts() {
    converts_to_golden("keep36.des", &["keep36.lua", "keep36b.lua"]);
}

/// Each level of `source` converts to its golden script (rewritten with
/// `VAULTWRIGHT_BLESS`), which runs for any seed and which our checks
/// find nothing in.
fn converts_to_golden(source: &str, goldens: &[&str]) {
    let source = std::fs::read_to_string(fixture(source)).unwrap();
    let levels = converted_levels(&source);
    assert_eq!(levels.len(), goldens.len());
    for (level, golden) in levels.iter().zip(goldens) {
        let golden = fixture(golden);
        if let Err(e) = common::golden(&golden, &level.lua) {
            panic!("{e}");
        }
        for seed in 0..20 {
            let done = run(&level.lua, seed, None, Limits::default());
            assert_eq!(done.stop, None, "{} seed {seed}", level.name);
        }
        let analysis = vaultwright::analyze(
            &level.lua,
            vaultwright::Language::NethackLua,
            &Options::default(),
        );
        assert!(
            analysis.diagnostics.is_empty(),
            "{}: {:?}",
            level.name,
            analysis.diagnostics
        );
    }
}

/// The text of each `des.map` drawing of a script, in order.
fn drawings(script: &str) -> Vec<String> {
    vaultwright::level_scripts::maps(script)
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

fn the_343_corpus_converts_and_shared_levels_land_on_the_same_cells() {
    let (converted, compared) = convert_corpus("nethack-3.4.3");
    assert!(converted >= 100, "{converted}");
    assert!(compared >= 50, "{compared}");
}

fn the_366_corpus_converts_and_shared_levels_land_on_the_same_cells() {
    let (converted, compared) = convert_corpus("nethack-3.6.6");
    assert!(converted >= 100, "{converted}");
    assert!(compared >= 50, "{compared}");
}

fn every_366_edge_level_converts_to_a_script_lua_accepts_that_runs_to_its_end() {
    // A debug build's parser needs more than a test thread's 2 MiB for the
    // edge case nested 20 deep: the main thread's 8 MiB, as `check` has.
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(edge_levels_convert)
        .unwrap()
        .join()
        .unwrap();
}

/// The hand-written 3.6 edge cases: every construct of the language. A
/// level may meet a 5.0 error (a name 5.0 dropped); it must never be
/// refused by Lua, run away, or fault the VM.
fn edge_levels_convert() {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared/corpus (set VAULTWRIGHT_SHARED)");
        return;
    };
    let dir = shared.join("corpus/nethack-3.6.6/edge/des");
    let (mut converted, mut failures) = (0, Vec::new());
    for path in &des_files(&dir) {
        let Ok(source) = std::fs::read_to_string(path) else {
            continue;
        };
        for level in des_to_lua_as_read(&source, &Options::default()) {
            converted += 1;
            let analysis = vaultwright::analyze(
                &level.lua,
                vaultwright::Language::NethackLua,
                &Options::default(),
            );
            if let Some(d) = analysis.diagnostics.iter().find(|d| d.code == "NL0001") {
                failures.push(format!("{}: Lua refuses it: {}", level.name, d.message));
            }
            for seed in 0..3 {
                let done = run(&level.lua, seed, None, Limits::default());
                if let Some(stop) = done.stop.filter(|s| {
                    s.kind != vaultwright::lua::StopKind::Error || s.message.contains("piccolo")
                }) {
                    failures.push(format!("{} seed {seed}: {stop:?}", level.name));
                }
            }
        }
    }
    eprintln!("3.6.6 edge cases: {converted} levels converted");
    assert!(converted >= 50, "{converted}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The `.des` files of a folder, sorted (the folder must be there).
fn des_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .collect();
    files.sort();
    files
}

/// Converts every level of a corpus's `des/`, checks each script with
/// Lua's own parser verdict and our checks, runs it for 5 seeds, and
/// compares the map parts NetHack 5.0 kept as they were: (levels
/// converted, parts compared). Panics with every failure.
fn convert_corpus(corpus: &str) -> (usize, usize) {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared/corpus (set VAULTWRIGHT_SHARED)");
        return (usize::MAX, usize::MAX);
    };
    let des = shared.join("corpus").join(corpus).join("des");
    let dat = shared.join("corpus/nethack-3.7/dat");
    let library = std::fs::read_to_string(dat.join("nhlib.lua")).expect("the game's nhlib.lua");
    let (mut converted, mut compared, mut same, mut redrawn) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for path in &des_files(&des) {
        let source = std::fs::read_to_string(path).unwrap();
        for level in converted_levels(&source) {
            converted += 1;
            let analysis = vaultwright::analyze(
                &level.lua,
                vaultwright::Language::NethackLua,
                &Options::default(),
            );
            for d in analysis.diagnostics.iter().filter(|d| d.is_error()) {
                failures.push(format!("{}: {} {}", level.name, d.code, d.message));
            }
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
                failures.push(format!("{}: a map part was not run", level.name));
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
                    failures.push(format!(
                        "{}: map part {i} lands on other cells: {:?} against 5.0's {:?}",
                        level.name,
                        ours.get(i),
                        theirs.get(i)
                    ));
                }
            }
        }
    }
    eprintln!(
        "{corpus}: {converted} levels converted; {compared} map parts drawn alike in NetHack 5.0, {same} on the same cells; {redrawn} redrawn by 5.0"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    (converted, compared)
}

/// The levels `convert --to lua` writes for `source`: a shipped or golden
/// file the door refuses for its errors fails the test (none has any); a
/// file without a level has none.
fn converted_levels(source: &str) -> Vec<Converted> {
    match des_to_lua(source, &Options::default()) {
        Ok(converted) => converted.levels,
        Err(Refused::NoLevel) => Vec::new(),
        Err(Refused::Errors(errors)) => panic!("refused for its errors: {errors:#?}"),
    }
}

/// This file's trials: each ignored outside CI when what it reads is
/// missing (failed under CI).
pub fn trials() -> Vec<libtest_mimic::Trial> {
    vec![
        crate::needing("lua_convert::a_343_level_with_each_statement_converts_to_its_golden_script", true, a_343_level_with_each_statement_converts_to_its_golden_script),
        crate::needing("lua_convert::a_36_file_with_each_statement_and_block_converts_to_its_golden_scripts", true, a_36_file_with_each_statement_and_block_converts_to_its_golden_scripts),
        crate::needing("lua_convert::the_343_corpus_converts_and_shared_levels_land_on_the_same_cells", crate::corpus_present(), the_343_corpus_converts_and_shared_levels_land_on_the_same_cells),
        crate::needing("lua_convert::the_366_corpus_converts_and_shared_levels_land_on_the_same_cells", crate::corpus_present(), the_366_corpus_converts_and_shared_levels_land_on_the_same_cells),
        crate::needing("lua_convert::every_366_edge_level_converts_to_a_script_lua_accepts_that_runs_to_its_end", crate::corpus_present(), every_366_edge_level_converts_to_a_script_lua_accepts_that_runs_to_its_end),
    ]
}
