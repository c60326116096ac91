//! Absolute depths for the branch graph: where each dungeon, level and
//! branch can be, counted as the game counts dungeon levels (1 = the top
//! of the first dungeon), so that every dungeon sits on one depth axis.
//!
//! The game (3.4.3 `init_dungeons`) places a dungeon by the branch that
//! leads into it: the branch's depth in the parent dungeon, one level down
//! for a down stair, one up for an up stair, none for a portal, then back up
//! to the dungeon's top from its entry level. Level counts and placements
//! are random, so every figure here is a range (lowest, highest).

use super::compile::{Dungeon, Model};
use super::{level_range, placement};

/// The fewest and most levels the game may give a dungeon: it rolls
/// `base + rn2(rand)` when `rand` is set.
pub fn level_count(d: &Dungeon) -> (i32, i32) {
    let most = if d.rand > 0 {
        d.base + d.rand - 1
    } else {
        d.base
    };
    (d.base.max(1), most.max(d.base).max(1))
}

/// The widest of a placement computed for the fewest and the most levels
/// (a placement counted from the bottom moves with the level count).
fn widest(count: (i32, i32), at: impl Fn(i32) -> (i32, i32)) -> (i32, i32) {
    let (a, b) = (at(count.0), at(count.1));
    (a.0.min(b.0), a.1.max(b.1))
}

/// A level's possible place inside its dungeon, 1-based.
pub fn level_in_dungeon(m: &Model, level: usize, d: &Dungeon) -> (i32, i32) {
    widest(level_count(d), |n| level_range(m, level, n, 0))
}

/// A branch's possible place inside the dungeon it leaves, 1-based.
pub fn branch_in_dungeon(m: &Model, branch: usize) -> (i32, i32) {
    let Some(b) = m.branches.get(branch) else {
        return (1, 1);
    };
    let Some(d) = m.dungeons.get(b.dungeon) else {
        return (1, 1);
    };
    widest(level_count(d), |n| {
        // A chained branch moves with the level it is chained to.
        let chained = (b.chain >= 0 && (b.chain as usize) < m.levels.len())
            .then(|| level_range(m, b.chain as usize, n, 0));
        let (lo, hi) = placement(b.base, b.rand, chained, n);
        (lo.max(1), hi.max(lo.max(1)))
    })
}

/// The possible depth of each dungeon's top level, in file order; `None`
/// for a dungeon no earlier dungeon branches to (the game would not place
/// it either).
pub fn dungeon_starts(m: &Model) -> Vec<Option<(i32, i32)>> {
    let mut starts: Vec<Option<(i32, i32)>> = Vec::with_capacity(m.dungeons.len());
    for (i, d) in m.dungeons.iter().enumerate() {
        if i == 0 {
            starts.push(Some((1, 1)));
            continue;
        }
        let into = m
            .branches
            .iter()
            .position(|b| b.name == d.name && b.dungeon < i);
        let start = into.and_then(|bi| {
            let b = &m.branches[bi];
            let parent = starts.get(b.dungeon).copied().flatten()?;
            let (lo, hi) = branch_in_dungeon(m, bi);
            let from = (parent.0 + lo - 1, parent.1 + hi - 1);
            let step = match (b.btype, b.up != 0) {
                (3, _) => 0,
                (_, true) => -1,
                (_, false) => 1,
            };
            let entry = entry_level(d);
            let top = (from.0 + step - (entry.1 - 1), from.1 + step - (entry.0 - 1));
            Some(below_the_surface(m, d, top))
        });
        starts.push(start);
    }
    starts
}

/// The game's one fixup: a dungeon holding a level named "dummy" (the
/// Planes) moves up one more when it would otherwise reach depth 1, so
/// that the dummy level, not the one above it, overlays the surface.
fn below_the_surface(m: &Model, d: &Dungeon, top: (i32, i32)) -> (i32, i32) {
    let has_dummy = d
        .levels
        .iter()
        .any(|&l| m.levels.get(l).is_some_and(|l| l.name == "dummy"));
    let count = level_count(d).1;
    let shift = |t: i32| if has_dummy && count > 1 - t { t - 1 } else { t };
    (shift(top.0), shift(top.1))
}

/// The level a branch arrives at inside its dungeon: `entry` counts from
/// the top when positive, from the bottom when negative, 0 is the top.
fn entry_level(d: &Dungeon) -> (i32, i32) {
    let (fewest, most) = level_count(d);
    match d.entry {
        e if e < 0 => ((fewest + e + 1).max(1), (most + e + 1).max(1)),
        e if e > 0 => (e.min(fewest), e.min(most)),
        _ => (1, 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::compile::{Branch, Dungeon};

    fn dungeon(name: &str, base: i32, rand: i32, entry: i32) -> Dungeon {
        Dungeon {
            name: name.into(),
            base,
            rand,
            entry,
            ..Dungeon::default()
        }
    }

    fn branch(name: &str, from: usize, base: i32, rand: i32, btype: i32, up: bool) -> Branch {
        Branch {
            name: name.into(),
            base,
            rand,
            chain: -1,
            btype,
            up: i32::from(up),
            dungeon: from,
            ..Branch::default()
        }
    }

    /// The shape of 3.4.3's dungeon.def: the Mines hang off Doom 2–4 by a
    /// down stair; a tower entered at its bottom by a portal; a dungeon
    /// above its branch by an up stair.
    #[test]
    fn dungeons_start_where_their_branch_leads() {
        let m = Model {
            dungeons: vec![
                dungeon("Doom", 25, 5, 0),
                dungeon("Mines", 8, 2, 0),
                dungeon("Tower", 3, 0, -1),
                dungeon("Soko", 4, 0, -1),
            ],
            levels: vec![],
            branches: vec![
                branch("Mines", 0, 2, 3, 0, false),
                branch("Tower", 0, 10, 0, 3, false),
                branch("Soko", 0, 6, 0, 0, true),
            ],
        };
        assert_eq!(level_count(&m.dungeons[0]), (25, 29));
        let s = dungeon_starts(&m);
        // Mines: branch on Doom 2–4, one level down.
        assert_eq!(s[1], Some((3, 5)));
        // Tower: portal on Doom 10 into its bottom (3rd) level: top at 8.
        assert_eq!(s[2], Some((8, 8)));
        // Soko: up stair from Doom 6 into its bottom (4th) level: 5 - 3.
        assert_eq!(s[3], Some((2, 2)));
    }

    #[test]
    fn a_dungeon_nothing_leads_to_has_no_depth() {
        let m = Model {
            dungeons: vec![dungeon("Doom", 5, 0, 0), dungeon("Lost", 3, 0, 0)],
            levels: vec![],
            branches: vec![],
        };
        assert_eq!(dungeon_starts(&m), vec![Some((1, 1)), None]);
    }
}
