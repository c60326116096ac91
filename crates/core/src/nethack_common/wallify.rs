//! `wallify_map` (`sp_lev.c`, the same in 3.6 and 5.0): within an area,
//! rock beside room-like floor becomes wall. The first such neighbour,
//! scanned row by row from the row above, decides the wall: one in
//! another row makes it horizontal, one in the same row vertical. The
//! neighbours looked at never reach past the area's right and bottom
//! edges, as in the game. (The game's `wallification`, which gives walls
//! their corners and T-pieces afterwards, is another function.)

use super::size::{COLNO, ROWNO};
use super::terrain::Terrain;

/// `wallify_map(x1, y1, x2, y2)`, the corners included.
pub fn wallify_map(level: &mut impl Terrain, (x1, y1, x2, y2): (i64, i64, i64, i64)) {
    let (x1, y1) = (x1.max(1), y1.max(0));
    let (x2, y2) = (x2.min(COLNO as i64 - 1), y2.min(ROWNO as i64 - 1));
    for y in y1..=y2 {
        let rows = (y - 1).max(0)..=if y < y2 { y + 1 } else { y2 };
        for x in x1..=x2 {
            if !level.is_stone(x, y) {
                continue;
            }
            let columns = (x - 1).max(1)..=if x < x2 { x + 1 } else { x2 };
            let first = rows.clone().find_map(|yy| {
                columns
                    .clone()
                    .find(|&xx| level.is_room(xx, yy))
                    .map(|_| yy)
            });
            if let Some(yy) = first {
                level.wall(x, y, yy != y);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level drawn in map characters: `.` room, `#` corridor, ` ` rock.
    struct Drawn(Vec<Vec<u8>>);

    impl Drawn {
        fn at(&self, x: i64, y: i64) -> u8 {
            let row = usize::try_from(y).ok().and_then(|y| self.0.get(y));
            row.and_then(|r| usize::try_from(x).ok().and_then(|x| r.get(x)))
                .copied()
                .unwrap_or(b'?')
        }
        fn text(&self) -> String {
            let rows: Vec<String> = self
                .0
                .iter()
                .map(|r| String::from_utf8_lossy(r).into())
                .collect();
            rows.join("\n")
        }
    }

    impl Terrain for Drawn {
        fn is_stone(&self, x: i64, y: i64) -> bool {
            self.at(x, y) == b' '
        }
        fn is_door(&self, _: i64, _: i64) -> bool {
            false
        }
        fn is_room(&self, x: i64, y: i64) -> bool {
            self.at(x, y) == b'.'
        }
        fn carve(&mut self, _: i64, _: i64, _: bool) {}
        fn wall(&mut self, x: i64, y: i64, horizontal: bool) {
            if let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) {
                self.0[y][x] = if horizontal { b'-' } else { b'|' };
            }
        }
    }

    fn drawn(rows: &[&str]) -> Drawn {
        Drawn(rows.iter().map(|r| r.as_bytes().to_vec()).collect())
    }

    #[test]
    fn walls_grow_around_rooms_not_corridors() {
        let mut level = drawn(&["       ", "  ..   ", "  ..## ", "       "]);
        wallify_map(&mut level, (0, 0, 6, 3));
        // (1, 2) sees the floor at (2, 1) first: horizontal, as in the
        // game (its `wallification` turns such walls into corners later).
        assert_eq!(level.text(), " ----  \n |..|  \n -..## \n ----  ");
    }

    #[test]
    fn a_neighbour_in_the_row_above_decides_first() {
        // (3, 1) has floor beside it and diagonally above: horizontal.
        let mut level = drawn(&["  .  ", "  . .", "     "]);
        wallify_map(&mut level, (3, 1, 3, 1));
        assert_eq!(level.at(3, 1), b'-');
        // With floor only beside it, vertical.
        let mut level = drawn(&["     ", "  . .", "     "]);
        wallify_map(&mut level, (3, 1, 3, 1));
        assert_eq!(level.at(3, 1), b'|');
    }
}
