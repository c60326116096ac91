//! Where `join` (`mklev.c`, the same in every generation) puts the doors
//! of a corridor between two rooms: on the walls that face each other,
//! decided in the game's order (the target wholly to the right, then
//! wholly above, then wholly to the left, else below), each at a random
//! place along its wall. The 3.4.3 rooms view and the 5.0 runner's
//! corridors both start here; the corridor between is each one's sketch.

use crate::rng::Rng;

/// A room's floor, corner to corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Floor {
    pub lx: i64,
    pub ly: i64,
    pub hx: i64,
    pub hy: i64,
}

/// The two doors of a corridor from one room to another, and the step
/// out of the first room's wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Doors {
    pub from: (i64, i64),
    pub to: (i64, i64),
    pub step: (i64, i64),
}

/// The doors `join` gives a corridor from `from` to `to`, drawing the
/// first door's place along its wall, then the second's.
pub fn doors(from: Floor, to: Floor, rng: &mut Rng) -> Doors {
    let mut along = |lo: i64, hi: i64| {
        let (lo32, hi32) = (clamp32(lo), clamp32(hi.max(lo)));
        i64::from(rng.range(lo32, hi32))
    };
    if to.lx > from.hx {
        let a = (from.hx + 1, along(from.ly, from.hy));
        let b = (to.lx - 1, along(to.ly, to.hy));
        Doors {
            from: a,
            to: b,
            step: (1, 0),
        }
    } else if to.hy < from.ly {
        let a = (along(from.lx, from.hx), from.ly - 1);
        let b = (along(to.lx, to.hx), to.hy + 1);
        Doors {
            from: a,
            to: b,
            step: (0, -1),
        }
    } else if to.hx < from.lx {
        let a = (from.lx - 1, along(from.ly, from.hy));
        let b = (to.hx + 1, along(to.ly, to.hy));
        Doors {
            from: a,
            to: b,
            step: (-1, 0),
        }
    } else {
        let a = (along(from.lx, from.hx), from.hy + 1);
        let b = (along(to.lx, to.hx), to.ly - 1);
        Doors {
            from: a,
            to: b,
            step: (0, 1),
        }
    }
}

fn clamp32(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floor(lx: i64, ly: i64, hx: i64, hy: i64) -> Floor {
        Floor { lx, ly, hx, hy }
    }

    #[test]
    fn the_walls_that_face_each_other_are_chosen_in_the_games_order() {
        let mut rng = Rng::new(1);
        let here = floor(10, 10, 14, 12);
        // To the right and above at once: right wins.
        let d = doors(here, floor(20, 2, 24, 4), &mut rng);
        assert_eq!(d.step, (1, 0));
        assert_eq!(d.from.0, 15);
        assert_eq!(d.to.0, 19);
        // Overlapping columns, above.
        let d = doors(here, floor(12, 2, 16, 4), &mut rng);
        assert_eq!((d.step, d.from.1, d.to.1), ((0, -1), 9, 5));
        // Overlapping both: below.
        assert_eq!(doors(here, here, &mut rng).step, (0, 1));
    }
}
