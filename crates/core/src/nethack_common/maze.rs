//! The maze walk (`mkmaze.c`'s `walkfrom`, started by MAZEWALK in 3.6
//! and `des.mazewalk` in 5.0, the same code in both): a depth-first walk
//! through the rock two cells apart, each step in a random open
//! direction, carving the cell between. The 3.6 preview walks over
//! location types and the 5.0 runner over map characters; each says
//! what rock, a door and carving are through [`Terrain`].

use super::selection::{EAST, NORTH, SOUTH, WEST};
use super::size::{COLNO, ROWNO};
use super::terrain::Terrain;
use crate::rng::Rng;

/// The game's `x_maze_max` and `y_maze_max`: the last even column and row.
pub const X_MAZE_MAX: i64 = (COLNO as i64 - 1) & !1;
pub const Y_MAZE_MAX: i64 = (ROWNO as i64 - 1) & !1;

/// MAZEWALK from (x, y) in `dir` (the game's `W_*` bit; any other value
/// takes no step): one step, onto odd coordinates, then the walk.
pub fn mazewalk(level: &mut impl Terrain, (mut x, mut y): (i64, i64), dir: i64, rng: &mut Rng) {
    match dir {
        NORTH => y -= 1,
        SOUTH => y += 1,
        EAST => x += 1,
        WEST => x -= 1,
        _ => {}
    }
    if !level.is_door(x, y) {
        level.carve(x, y, false);
    }
    // The walk needs odd coordinates, reached in the direction chosen.
    if x % 2 == 0 {
        x += if dir == EAST { 1 } else { -1 };
        level.carve(x, y, false);
    }
    if y % 2 == 0 {
        y += if dir == SOUTH { 1 } else { -1 };
    }
    walk_from(level, (x, y), rng);
}

/// `walkfrom`: the depth-first walk from (x, y), in the game's order of
/// directions (north, east, south, west) and of random draws.
pub fn walk_from(level: &mut impl Terrain, (x, y): (i64, i64), rng: &mut Rng) {
    if !level.is_door(x, y) {
        level.carve(x, y, true);
    }
    let mut stack = vec![(x, y)];
    while let Some(&(cx, cy)) = stack.last() {
        // `okay`: two steps away, inside the maze and still rock.
        let open: Vec<(i64, i64)> = [(0, -2), (2, 0), (0, 2), (-2, 0)]
            .into_iter()
            .filter(|&(dx, dy)| {
                let (nx, ny) = (cx + dx, cy + dy);
                (3..=X_MAZE_MAX).contains(&nx)
                    && (3..=Y_MAZE_MAX).contains(&ny)
                    && level.is_stone(nx, ny)
            })
            .collect();
        let Some(last) = open.len().checked_sub(1) else {
            stack.pop();
            continue;
        };
        let (dx, dy) = open[rng.range(0, last as i32) as usize];
        level.carve(cx + dx / 2, cy + dy / 2, true);
        level.carve(cx + dx, cy + dy, true);
        stack.push((cx + dx, cy + dy));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level of rock and floor, for the walk.
    struct Rock(Vec<bool>);

    impl Terrain for Rock {
        fn is_stone(&self, x: i64, y: i64) -> bool {
            let i = y * COLNO as i64 + x;
            usize::try_from(i).is_ok_and(|i| !self.0.get(i).copied().unwrap_or(true))
        }
        fn is_door(&self, _: i64, _: i64) -> bool {
            false
        }
        fn is_room(&self, x: i64, y: i64) -> bool {
            !self.is_stone(x, y)
        }
        fn wall(&mut self, _: i64, _: i64, _: bool) {}
        fn carve(&mut self, x: i64, y: i64, _: bool) {
            if let Some(cell) = usize::try_from(y * COLNO as i64 + x)
                .ok()
                .and_then(|i| self.0.get_mut(i))
            {
                *cell = true;
            }
        }
    }

    #[test]
    fn the_walk_reaches_every_odd_cell_of_the_maze() {
        let mut level = Rock(vec![false; COLNO * ROWNO]);
        walk_from(&mut level, (3, 3), &mut Rng::new(7));
        for y in (3..=Y_MAZE_MAX).step_by(2) {
            for x in (3..=X_MAZE_MAX).step_by(2) {
                assert!(!level.is_stone(x, y), "({x}, {y}) not reached");
            }
        }
        // A tree: one carved cell between each pair of joined cells.
        let cells = (COLNO * ROWNO) - (0..COLNO * ROWNO).filter(|&i| !level.0[i]).count();
        let rooms = 38 * 9;
        assert_eq!(cells, rooms * 2 - 1);
    }
}
