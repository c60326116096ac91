//! Cell geometry shared by what draws on a grid: the 3.6 preview's
//! selections and the studio's paint strokes.

/// The cells of a straight line from `a` to `b`, both ends included
/// (Bresenham), in order from `a`. Worked in 64 bits, so far-apart ends
/// cannot overflow; a caller with a bounded grid bounds the walk with
/// `take`.
pub fn line(a: (i32, i32), b: (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
    let (x2, y2) = (i64::from(b.0), i64::from(b.1));
    let (mut x, mut y) = (i64::from(a.0), i64::from(a.1));
    let (dx, dy) = ((x2 - x).abs(), -(y2 - y).abs());
    let (sx, sy) = ((x2 - x).signum(), (y2 - y).signum());
    let mut err = dx + dy;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let here = (x as i32, y as i32);
        if (x, y) == (x2, y2) {
            done = true;
            return Some(here);
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        Some(here)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_joins_its_ends_in_every_direction() {
        let cells = |a, b| line(a, b).collect::<Vec<_>>();
        assert_eq!(cells((0, 0), (3, 0)), vec![(0, 0), (1, 0), (2, 0), (3, 0)]);
        assert_eq!(cells((2, 2), (0, 0)), vec![(2, 2), (1, 1), (0, 0)]);
        assert_eq!(cells((0, 0), (1, 3)).len(), 4);
        assert_eq!(cells((5, 5), (5, 5)), vec![(5, 5)]);
        // Ends at the extremes of i32: no overflow, and a walk that can be cut.
        assert_eq!(line((i32::MIN, 0), (i32::MAX, 0)).take(3).count(), 3);
    }
}
