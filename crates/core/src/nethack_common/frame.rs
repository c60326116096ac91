//! Where a special level's relative coordinates count from, and how far
//! they reach (`xstart`, `ystart`, `xsize`, `ysize` in `sp_lev.c`): the
//! room whose contents run, else the last map part, else the level. The
//! 3.6 preview counts in `i32`, the 5.0 runner in Lua's `i64`.

use super::size::{COLNO, ROWNO};
use std::ops::{Add, Sub};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame<C = i64> {
    pub x: C,
    pub y: C,
    pub width: C,
    pub height: C,
}

impl<C: Copy + Add<Output = C> + Sub<Output = C> + From<u8>> Frame<C> {
    /// The game's default frame (`reset_xystart_size`): the level, but
    /// column 0, which is never part of one.
    pub fn level() -> Self {
        let cells = |n: usize| C::from(u8::try_from(n).unwrap_or(u8::MAX));
        Frame {
            x: C::from(1),
            y: C::from(0),
            width: cells(COLNO - 1),
            height: cells(ROWNO),
        }
    }

    /// A room's frame: its floor, from (lx, ly) to (hx, hy).
    pub fn room(lx: C, ly: C, hx: C, hy: C) -> Self {
        Frame {
            x: lx,
            y: ly,
            width: hx - lx + C::from(1),
            height: hy - ly + C::from(1),
        }
    }
}

impl Frame<i64> {
    /// The frame's columns and rows that are on the level (a script's
    /// frame may reach far beyond it).
    pub fn on_level(&self) -> (std::ops::Range<i64>, std::ops::Range<i64>) {
        let clamp = |start: i64, len: i64, end: usize| {
            start.max(0)..start.saturating_add(len).min(end as i64)
        };
        (
            clamp(self.x, self.width, COLNO),
            clamp(self.y, self.height, ROWNO),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_frame_leaves_out_column_0() {
        assert_eq!(
            Frame::<i32>::level(),
            Frame {
                x: 1,
                y: 0,
                width: 79,
                height: 21
            }
        );
        assert_eq!(
            Frame::<i64>::room(3, 4, 5, 4),
            Frame {
                x: 3,
                y: 4,
                width: 3,
                height: 1
            }
        );
    }
}
