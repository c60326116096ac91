//! The 3.6 preview runs every compiled corpus and edge level with 100
//! seeds without a panic and within the game's step limit, and what it
//! draws follows the level's program: the castle's map part is where the
//! game centres it, with its moat and drawbridge, and seeds change only
//! what is random.

mod common;

use std::path::{Path, PathBuf};

use vaultwright::nethack36::{decode, preview};

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
        eprintln!("skipped: ../shared/corpus is missing");
        return None;
    };
    let base = shared.join("corpus/nethack-3.6.6");
    let mut out = Vec::new();
    levs(&base.join("expected"), &mut out);
    levs(&base.join("edge/expected"), &mut out);
    out.sort();
    Some(out)
}

#[test]
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

#[test]
fn the_castle_is_drawn_where_the_game_draws_it() {
    let Some(shared) = common::shared_dir() else {
        eprintln!("skipped: ../shared/corpus is missing");
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
    // The shuffled $place array moves what is put at its entries.
    assert_ne!(a.things, b.things, "the shuffled places move things");
}
