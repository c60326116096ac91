//! The 3.6 preview runs every compiled corpus and edge level with 100
//! seeds without a panic and within the game's step limit, and what it
//! draws follows the level's program: the castle's map part is where the
//! game centres it, with its moat and drawbridge, and seeds change only
//! what is random.

use crate::common;

use std::path::{Path, PathBuf};

use vaultwright::lev::v36::{decode, preview};

fn levs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            levs(&p, out);
        } else if p.extension().is_some_and(|x| x == "lev") {
            out.push(p);
        }
    }
}

fn corpus_levels() -> Option<Vec<PathBuf>> {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared/corpus");
        return None;
    };
    let base = shared.join("corpus/nethack-3.6.6");
    let mut out = Vec::new();
    levs(&base.join("expected"), &mut out);
    levs(&base.join("edge/expected"), &mut out);
    out.sort();
    Some(out)
}

fn every_corpus_level_runs_with_100_seeds() {
    let Some(files) = corpus_levels() else { return };
    assert!(files.len() >= 200, "only {} .lev files", files.len());
    let mut runs = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("read .lev");
        let lev = decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for seed in 0..100 {
            let level = preview::realise(&lev, seed);
            assert!(level.steps <= preview::STEP_LIMIT, "{}", path.display());
            assert_eq!(level.typ.len(), 80 * 21);
            runs += 1;
        }
    }
    eprintln!("{runs} runs of {} levels", files.len());
}

fn the_castle_is_drawn_where_the_game_draws_it() {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared/corpus");
        return;
    };
    let bytes = std::fs::read(shared.join("corpus/nethack-3.6.6/expected/castle.des/castle.lev"))
        .expect("castle.lev");
    let lev = decode(&bytes).expect("decodes");
    let a = preview::realise(&lev, 1);
    let b = preview::realise(&lev, 2);
    // 63x17, centred: x = 2 + (78 - 2 - 63) / 2 = 8, made odd: 9; y = 2 +
    // (20 - 2 - 17) / 2 = 2, made odd: 3.
    assert_eq!(
        a.parts.first().map(|p| (p.0, p.1, p.2, p.3)),
        Some((9, 3, 71, 19))
    );
    let at = |l: &preview::Level, x: i32, y: i32| l.typ[(y * 80 + x) as usize];
    // The map's own cells do not depend on the seed; the maze around does.
    for x in 9..=71 {
        for y in 3..=19 {
            if !a.random[(y * 80 + x) as usize] && !b.random[(y * 80 + x) as usize] {
                assert_eq!(at(&a, x, y), at(&b, x, y), "({x},{y})");
            }
        }
    }
    assert_ne!(a.typ, b.typ, "the maze around the castle is random");
    // The two MAZEWALKs carve every cell of the maze grid beside the map
    // (odd columns and rows from 3 to the maze's bounds), and the game's
    // wallification turns the grid's one wall type into the walls that
    // join: vertical runs and corners appear on both sides.
    const ROOM: u8 = 24;
    for level in [&a, &b] {
        for x in (3..=77).step_by(2).filter(|x| !(9..=71).contains(x)) {
            for y in (3..=19).step_by(2) {
                assert_eq!(at(level, x, y), ROOM, "maze cell ({x},{y}) not carved");
            }
        }
        let walls_beside = |xs: std::ops::RangeInclusive<i32>, t: u8| {
            xs.flat_map(|x| (0..21).map(move |y| (x, y)))
                .filter(|&(x, y)| at(level, x, y) == t)
                .count()
        };
        const VWALL: u8 = 1;
        const TLCORNER: u8 = 3;
        assert!(walls_beside(1..=8, VWALL) > 0 && walls_beside(72..=79, VWALL) > 0);
        assert!(walls_beside(1..=8, TLCORNER) > 0);
        // The grid's top rows are rock, as lvlfill_maze_grid leaves them.
        assert!((0..80).all(|x| at(level, x, 0) == 0 && at(level, x, 1) == 0));
    }
    // The shuffled $place array moves what is put at its entries.
    assert_ne!(a.things, b.things, "the shuffled places move things");
}

/// This file's trials: each ignored outside CI when what it reads is
/// missing (failed under CI).
pub fn trials() -> Vec<libtest_mimic::Trial> {
    vec![
        crate::needing(
            "nethack36_preview::every_corpus_level_runs_with_100_seeds",
            crate::corpus_present(),
            every_corpus_level_runs_with_100_seeds,
        ),
        crate::needing(
            "nethack36_preview::the_castle_is_drawn_where_the_game_draws_it",
            crate::corpus_present(),
            the_castle_is_drawn_where_the_game_draws_it,
        ),
    ]
}
