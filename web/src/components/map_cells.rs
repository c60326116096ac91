//! What a tile map holds at a cell, and which cells the editor's current
//! line made: questions about the view model alone, asked by the map's
//! pointer and keyboard handlers and by its drawing.

use vaultwright::view::{Marker, TileMap};
use vaultwright::LineIndex;

use super::{describe_origin, touches};

/// What is at a cell: the topmost marker, else the terrain. Markers' labels
/// already name their position in the source's terms and the level's.
pub fn describe_cell(
    map: &TileMap,
    source: &str,
    lines: &LineIndex,
    x: i32,
    y: i32,
) -> Option<(String, Option<vaultwright::Span>)> {
    if let Some(m) = marker_at(map, x, y) {
        let line = describe_origin(source, lines, m.origin);
        let random = if m.random {
            " (random position, example)"
        } else {
            ""
        };
        return Some((format!("{}{random} · {line}", m.label), Some(m.origin)));
    }
    let c = map.cell(u32::try_from(x).ok()?, u32::try_from(y).ok()?)?;
    let line = c
        .origin
        .map(|o| format!(" · {}", describe_origin(source, lines, o)))
        .unwrap_or_default();
    let at = match c.source_xy {
        Some((sx, sy)) => format!("at ({sx},{sy}) in the map · level ({x},{y})"),
        None => format!("at ({x},{y})"),
    };
    Some((format!("{} {at}{line}", c.kind), c.origin))
}

/// The topmost marker at a cell (markers are drawn in order).
fn marker_at(map: &TileMap, x: i32, y: i32) -> Option<&Marker> {
    map.markers.iter().rev().find(|m| m.x == x && m.y == y)
}

/// The source offset a click on a cell jumps to.
pub(super) fn origin_at(map: &TileMap, x: i32, y: i32) -> Option<usize> {
    marker_at(map, x, y)
        .map(|m| m.origin)
        .or_else(|| {
            map.cell(u32::try_from(x).ok()?, u32::try_from(y).ok()?)
                .and_then(|c| c.origin)
        })
        .map(|o| o.start as usize)
}

/// The bounding box (cells, inclusive) of what the highlighted line made.
pub fn highlighted_box(map: &TileMap, highlight: (usize, usize)) -> Option<(i32, i32, i32, i32)> {
    let mut b: Option<(i32, i32, i32, i32)> = None;
    let mut add = |x: i32, y: i32| {
        b = Some(match b {
            None => (x, y, x, y),
            Some((a, c, d, e)) => (a.min(x), c.min(y), d.max(x), e.max(y)),
        });
    };
    for m in &map.markers {
        if touches(Some(m.origin), highlight) {
            add(m.x, m.y);
        }
    }
    for (i, c) in map.cells.iter().enumerate() {
        if touches(c.origin, highlight) {
            let w = map.width.max(1) as usize;
            add((i % w) as i32, (i / w) as i32);
        }
    }
    b
}

/// The cells of the selection expressions on the editor's current line
/// (a 3.6 level's `rect`, `floodfill`, `filter`… as the run made them),
/// as a grid of flags.
pub fn selected_cells(map: &TileMap, highlight: (usize, usize)) -> Vec<bool> {
    let (w, h) = (map.width as i32, map.height as i32);
    let mut inside = vec![false; map.cells.len()];
    for s in &map.trace.selections {
        if !touches(Some(s.origin), highlight) {
            continue;
        }
        for &(x, y) in &s.cells {
            if (0..w).contains(&x) && (0..h).contains(&y) {
                if let Some(c) = inside.get_mut((y * w + x) as usize) {
                    *c = true;
                }
            }
        }
    }
    inside
}
