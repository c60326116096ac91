//! One concrete dungeon layout for a seed, placed the way the game's loader
//! (`init_dungeons` in dungeon.c) does it: each dungeon's level count is
//! rolled, a dungeon with a chance may be left out, its entry branch is
//! placed on a non-special level of the parent dungeon, and its special
//! levels are placed one after another by backtracking so that no two
//! share a level, chained levels relative to where their parent landed.
//! The game's RNG and some corner rules (the Sokoban/Wizard's Tower
//! special cases, the main dungeon's depth adjustment) are not reproduced:
//! the numbers are a faithful *kind* of layout, not the game's exact one.

use super::compile::Model;
use crate::rng::Rng;
use vaultwright_model::view::{BranchEdge, BranchGraph, DungeonNode, LevelNode};

#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    /// Per dungeon: `None` when left out, else (depth_start, level count).
    pub dungeons: Vec<Option<(i32, i32)>>,
    /// Per level: its level number inside its dungeon, when placed.
    pub levels: Vec<Option<i32>>,
    /// Per branch: its level number inside the source dungeon.
    pub branches: Vec<Option<i32>>,
    /// Branches whose whole range was taken by special levels (placed on
    /// one anyway).
    pub conflicts: Vec<usize>,
    /// Dungeons whose special levels found no placement within
    /// [`STEP_BUDGET`] trials (some are left unplaced).
    pub gave_up: Vec<usize>,
}

/// Trials allowed for placing one dungeon's special levels. The search
/// backtracks as the game's does, which is factorial when the levels
/// barely fit; every real file places in a few hundred trials, and beyond
/// this the roll says so instead of running for minutes.
pub const STEP_BUDGET: u32 = 200_000;

/// What `place` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Placed {
    All,
    Impossible,
    OutOfSteps,
}

/// `level_range`: the first candidate and how many there are.
fn range(base: i32, rand: i32, chain_at: Option<i32>, lmax: i32) -> Option<(i32, i32)> {
    let base = match chain_at {
        Some(at) => base + at,
        None if base < 0 => lmax + base + 1,
        None => base,
    };
    if base < 1 || base > lmax {
        return None;
    }
    let count = match rand {
        -1 => lmax - base + 1,
        r if r > 0 => {
            if base + r - 1 > lmax {
                lmax - base + 1
            } else {
                r
            }
        }
        _ => 1,
    };
    Some((base, count))
}

/// The backtracking search for one dungeon's special levels.
struct Placer<'a> {
    m: &'a Model,
    /// The levels to place, in file order.
    order: &'a [usize],
    /// The dungeon's level count.
    lmax: i32,
    /// Level numbers taken so far.
    used: Vec<i32>,
    rng: &'a mut Rng,
    /// Trials left.
    steps: u32,
}

impl Placer<'_> {
    /// Places `order[k..]`, writing each level's number into `at`.
    fn place(&mut self, k: usize, at: &mut [Option<i32>]) -> Placed {
        let Some(&li) = self.order.get(k) else {
            return Placed::All;
        };
        let l = &self.m.levels[li];
        let chain_at = if l.chain >= 0 {
            match at.get(l.chain as usize).copied().flatten() {
                Some(p) => Some(p),
                None => return self.place(k + 1, at),
            }
        } else {
            None
        };
        let Some((base, count)) = range(l.base, l.rand, chain_at, self.lmax) else {
            return self.place(k + 1, at);
        };
        let mut candidates: Vec<i32> = (base..base + count)
            .filter(|d| !self.used.contains(d))
            .collect();
        // Random order of trial, as the game picks randomly among the free ones.
        for i in (1..candidates.len()).rev() {
            let j = self.rng.range(0, i as i32) as usize;
            candidates.swap(i, j);
        }
        for d in candidates {
            if self.steps == 0 {
                return Placed::OutOfSteps;
            }
            self.steps -= 1;
            self.used.push(d);
            at[li] = Some(d);
            match self.place(k + 1, at) {
                Placed::Impossible => {}
                done => return done,
            }
            self.used.pop();
            at[li] = None;
        }
        Placed::Impossible
    }
}

pub fn roll_model(m: &Model, seed: u64) -> Rolled {
    let mut rng = Rng::new(seed);
    let mut r = Rolled {
        dungeons: vec![None; m.dungeons.len()],
        levels: vec![None; m.levels.len()],
        branches: vec![None; m.branches.len()],
        conflicts: Vec::new(),
        gave_up: Vec::new(),
    };
    for (i, d) in m.dungeons.iter().enumerate() {
        if i > 0 && d.chance != 0 && d.chance <= rng.range(0, 99) {
            continue;
        }
        let count = if d.rand > 0 {
            d.base + rng.range(0, d.rand - 1)
        } else {
            d.base
        }
        .max(1);
        let entry = match d.entry {
            e if e < 0 => (count + e + 1).max(1),
            e if e > 0 => e.min(count),
            _ => 1,
        };
        let mut depth_start = 1;
        if i > 0 {
            // The branch into this dungeon, placed now in its parent.
            let Some(bi) = m
                .branches
                .iter()
                .position(|b| b.name == d.name && r.dungeons[b.dungeon].is_some())
            else {
                continue;
            };
            let b = &m.branches[bi];
            let (pstart, pcount) = r.dungeons[b.dungeon].unwrap_or((1, 1));
            let chain_at = if b.chain >= 0 {
                r.levels.get(b.chain as usize).copied().flatten()
            } else {
                None
            };
            let Some((base, n)) = range(b.base, b.rand, chain_at, pcount) else {
                continue;
            };
            let special: Vec<i32> = m.dungeons[b.dungeon]
                .levels
                .iter()
                .filter_map(|&li| r.levels[li])
                .chain(
                    m.dungeons[b.dungeon]
                        .branches
                        .iter()
                        .filter_map(|&bj| r.branches[bj]),
                )
                .collect();
            let free: Vec<i32> = (base..base + n).filter(|l| !special.contains(l)).collect();
            let at = if free.is_empty() {
                r.conflicts.push(bi);
                base
            } else {
                free[rng.range(0, free.len() as i32 - 1) as usize]
            };
            r.branches[bi] = Some(at);
            let from_depth = pstart + at - 1;
            let step = if b.btype == 3 {
                0
            } else if b.up != 0 {
                -1
            } else {
                1
            };
            depth_start = from_depth + step - (entry - 1);
        }
        r.dungeons[i] = Some((depth_start, count));
        let order: Vec<usize> = d
            .levels
            .iter()
            .copied()
            .filter(|&li| {
                let l = &m.levels[li];
                l.chance >= 100 || rng.range(0, 99) < l.chance
            })
            .collect();
        let mut placer = Placer {
            m,
            order: &order,
            lmax: count,
            used: Vec::new(),
            rng: &mut rng,
            steps: STEP_BUDGET,
        };
        if placer.place(0, &mut r.levels) == Placed::OutOfSteps {
            r.gave_up.push(i);
        }
    }
    r
}

/// The rolled layout as a graph, and the dungeons whose special levels
/// ran out of steps (see [`STEP_BUDGET`]).
pub fn roll(m: &Model, seed: u64) -> (BranchGraph, Vec<usize>) {
    let r = roll_model(m, seed);
    let mut g = BranchGraph {
        roll: Some(seed),
        ..BranchGraph::default()
    };
    let mut column = vec![None; m.dungeons.len()];
    for &i in &r.gave_up {
        if let Some(d) = m.dungeons.get(i) {
            g.notes.push(format!(
                "{}: could not place its special levels in {STEP_BUDGET} steps; the ones not shown were left out of this roll",
                d.name
            ));
        }
    }
    for (i, d) in m.dungeons.iter().enumerate() {
        let Some((start, count)) = r.dungeons[i] else {
            g.notes.push(format!(
                "{} is left out this time ({}% chance)",
                d.name, d.chance
            ));
            continue;
        };
        column[i] = Some(g.dungeons.len());
        let levels = d
            .levels
            .iter()
            .filter_map(|&li| {
                let at = r.levels[li]?;
                let l = &m.levels[li];
                let depth = start + at - 1;
                Some(LevelNode {
                    name: l.name.clone(),
                    depth_range: (depth, depth),
                    detail: format!("level {at} of {count}, depth {depth}"),
                    origin: l.span,
                })
            })
            .collect();
        g.dungeons.push(DungeonNode {
            name: d.name.clone(),
            depth_range: (start, start + count - 1),
            levels,
            detail: format!("{count} levels, depths {start}–{}", start + count - 1),
            origin: d.span,
        });
    }
    for &bi in &r.conflicts {
        g.notes.push(format!(
            "the branch to {} found no free level in its range and shares one with a special level",
            m.branches[bi].name
        ));
    }
    for (bi, b) in m.branches.iter().enumerate() {
        let (Some(at), Some(from)) = (r.branches[bi], column[b.dungeon]) else {
            continue;
        };
        let Some(to) = m
            .dungeons
            .iter()
            .position(|d| d.name == b.name)
            .and_then(|t| column[t])
        else {
            continue;
        };
        let depth = r.dungeons[b.dungeon].map(|(s, _)| s + at - 1).unwrap_or(at);
        g.branches.push(BranchEdge {
            from,
            to,
            kind: super::branch_type_name(b.btype).into(),
            dir: if b.up != 0 { "up" } else { "down" }.into(),
            depth_range: (depth, depth),
            origin: b.span,
        });
    }
    g.notes.push(format!(
        "one layout for seed {seed}, placed like the game's loader (an approximation: not the game's random numbers); depths are absolute"
    ));
    (g, r.gave_up)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::run;
    use vaultwright_model::Options;

    const SAMPLE: &str = "DUNGEON: \"Main\" \"M\" (25, 5)\n\
        BRANCH: \"Mines\" @ (2, 3)\n\
        LEVEL: \"rogue\" \"R\" @ (15, 4)\n\
        LEVEL: \"oracle\" \"O\" @ (5, 5)\n\
        CHAINLEVEL: \"after\" \"none\" \"oracle\" + (1, 2)\n\
        RNDLEVEL: \"big\" \"B\" @ (10, 3) 40 5\n\
        LEVEL: \"castle\" \"none\" @ (-1, 0)\n\
        CHAINBRANCH: \"Side\" \"oracle\" + (2, 0) portal\n\
        DUNGEON: \"Mines\" \"N\" (8, 2)\n\
        LEVEL: \"town\" \"T\" @ (3, 2)\n\
        LEVEL: \"end\" \"E\" @ (-1, 0)\n\
        DUNGEON: \"Side\" \"none\" (4, 0) 50\n";

    /// The whole-file graph and roll are given once, to the focused
    /// dungeon, whatever the number of dungeons (a copy per dungeon made
    /// memory grow with its square: 1,000 dungeons took 257 MB).
    #[test]
    fn the_graph_views_are_made_once_not_per_dungeon() {
        let mut src = String::new();
        for i in 0..50 {
            src.push_str(&format!("DUNGEON: \"d{i}\" \"none\" (5, 0)\n"));
            if i < 49 {
                src.push_str(&format!("BRANCH: \"d{}\" @ (2, 0)\n", i + 1));
            }
        }
        let a = crate::dungeon::analyze(&src, &Options::default());
        assert_eq!(a.outline.len(), 50);
        assert_eq!(a.views.len(), 2);
        assert!(a.views.iter().all(|v| v.symbol == 0));
        let focused = Options {
            focus: Some(7),
            ..Options::default()
        };
        let a = crate::dungeon::analyze(&src, &focused);
        assert!(a.views.iter().all(|v| v.symbol == 7));
    }

    /// Thirteen levels that must share twelve: the backtracking search
    /// is factorial here (minutes before the budget); it now stops at the
    /// budget and says so, in the view and as a finding.
    #[test]
    fn levels_that_cannot_fit_stop_at_the_step_budget_and_say_so() {
        let mut src = String::from("DUNGEON: \"Main\" \"M\" (12, 0)\n");
        for i in 0..13 {
            src.push_str(&format!("LEVEL: \"l{i}\" \"none\" @ (1, 12)\n"));
        }
        let out = run(&src, &Options::default());
        let (graph, gave_up) = roll(&out.model, 3);
        assert_eq!(gave_up, vec![0]);
        assert!(
            graph.notes.iter().any(|n| n.contains("could not place")),
            "{:?}",
            graph.notes
        );
        let placed = graph.dungeons[0].levels.len();
        assert!((1..13).contains(&placed), "{placed} placed");
        let a = crate::dungeon::analyze(&src, &Options::default());
        assert!(a.diagnostics.iter().any(|d| d.code == "DG0208"));
    }

    #[test]
    fn rolls_are_deterministic_and_keep_every_rule() {
        let out = run(SAMPLE, &Options::default());
        assert!(
            !out.diagnostics.iter().any(|d| d.is_error()),
            "{:?}",
            out.diagnostics
        );
        let m = &out.model;
        for seed in 0..300 {
            let r = roll_model(m, seed);
            assert_eq!(r, roll_model(m, seed), "seed {seed}");
            for (i, d) in m.dungeons.iter().enumerate() {
                let Some((_, count)) = r.dungeons[i] else {
                    assert!(d.chance != 0, "only dungeons with a chance are left out");
                    continue;
                };
                assert!(count >= d.base && count <= d.base + d.rand.max(0));
                let mut seen = Vec::new();
                for &li in &d.levels {
                    let l = &m.levels[li];
                    let Some(at) = r.levels[li] else {
                        assert!(l.chance < 100, "{} was not placed (seed {seed})", l.name);
                        continue;
                    };
                    assert!(at >= 1 && at <= count, "{} at {at} of {count}", l.name);
                    assert!(
                        !seen.contains(&at),
                        "two special levels at {at} (seed {seed})"
                    );
                    seen.push(at);
                    if l.chain >= 0 {
                        let p = r.levels[l.chain as usize].unwrap();
                        assert!(at >= p + l.base && at <= p + l.base + l.rand.max(0));
                    } else if l.base > 0 {
                        assert!(at >= l.base && at <= l.base + l.rand.max(0));
                    } else {
                        assert_eq!(at, count + l.base + 1);
                    }
                }
                if i > 0 {
                    let b = m.branches.iter().position(|b| b.name == d.name).unwrap();
                    let at = r.branches[b].expect("the branch into a present dungeon is placed");
                    let parent = &m.dungeons[m.branches[b].dungeon];
                    let on_special = parent.levels.iter().any(|&li| r.levels[li] == Some(at));
                    assert!(
                        !on_special || r.conflicts.contains(&b),
                        "branch on a special level (seed {seed})"
                    );
                }
            }
        }
        // Different seeds give different layouts.
        let layouts: std::collections::HashSet<String> =
            (0..50).map(|s| format!("{:?}", roll_model(m, s))).collect();
        assert!(layouts.len() > 5);
    }
}
