//! The shapes a stroke draws, as cells: a line, a rectangle (outline or
//! filled) and a flood fill over a map's characters.

use super::MapText;

/// The cells of a line from `a` to `b`, both ends included (Bresenham).
pub fn line(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
    crate::grid::line(a, b).collect()
}

/// The cells of the rectangle with corners `a` and `b`: its border, or
/// all of it when `filled`.
pub fn rect(a: (i32, i32), b: (i32, i32), filled: bool) -> Vec<(i32, i32)> {
    let (x1, x2) = (a.0.min(b.0), a.0.max(b.0));
    let (y1, y2) = (a.1.min(b.1), a.1.max(b.1));
    let mut out = Vec::new();
    for y in y1..=y2 {
        for x in x1..=x2 {
            if filled || x == x1 || x == x2 || y == y1 || y == y2 {
                out.push((x, y));
            }
        }
    }
    out
}

/// The cells reached from `start` through neighbours (left, right, up,
/// down) holding the same character, inside the map's rows and as wide as
/// its widest row.
pub fn flood(block: &MapText, source: &str, start: (i32, i32)) -> Vec<(i32, i32)> {
    let Some(target) = block.char_at(source, start.0, start.1) else {
        return Vec::new();
    };
    let width = block.rows.iter().map(|r| r.len()).max().unwrap_or(0) as i32;
    let height = block.height() as i32;
    let mut seen = vec![false; (width.max(1) * height.max(1)) as usize];
    let mut out = Vec::new();
    let mut stack = vec![start];
    while let Some((x, y)) = stack.pop() {
        if x < 0 || y < 0 || x >= width || y >= height {
            continue;
        }
        let i = (y * width + x) as usize;
        if seen[i] || block.char_at(source, x, y) != Some(target) {
            continue;
        }
        seen[i] = true;
        out.push((x, y));
        stack.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_are_outlined_or_filled() {
        assert_eq!(rect((2, 1), (0, 0), true).len(), 6);
        let outline = rect((0, 0), (3, 3), false);
        assert_eq!(outline.len(), 12);
        assert!(!outline.contains(&(1, 1)));
    }

    #[test]
    fn a_flood_stays_inside_its_kind_and_the_map() {
        let src = "MAP\n-----\n|...|\n|.|.|\n-----\nENDMAP\n";
        let block = &MapText::all(src)[0];
        let mut room = flood(block, src, (1, 1));
        room.sort_unstable();
        assert_eq!(room, vec![(1, 1), (1, 2), (2, 1), (3, 1), (3, 2)]);
        assert_eq!(
            flood(block, src, (0, 0)).len(),
            5,
            "the top wall, not the bottom one"
        );
    }
}
