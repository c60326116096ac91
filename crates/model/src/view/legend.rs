//! The legend of a tile map: every distinct thing drawn on it, with its
//! glyph, colour, meaning and cells, so that a reader can tell a stone
//! wall from a rock wall and a random monster from a mummy, and a viewer
//! can highlight every cell of one entry.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{Rgb, TileMap};

/// Whether an entry is the ground or something standing on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegendLayer {
    Terrain,
    Marker,
}

/// One line of a legend.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LegendEntry {
    /// Identifies the entry among the map's entries (stable for one map:
    /// layer, glyph, colour and meaning).
    pub key: String,
    pub layer: LegendLayer,
    pub glyph: char,
    pub fg: Rgb,
    /// The category: a terrain's own words, a marker's `kind`
    /// ("monster", "object", "trap", …).
    pub category: String,
    /// What it means, in words ("stone wall", "soldier",
    /// "random monster (any class)").
    pub meaning: String,
    /// How many cells (terrain) or markers carry it.
    pub count: usize,
    /// Their positions in level coordinates, in map order (markers: in
    /// drawing order; a position can repeat when markers are stacked).
    pub cells: Vec<(i32, i32)>,
}

/// What makes two drawn things the same legend entry.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Identity {
    layer: LegendLayer,
    glyph: char,
    fg: Rgb,
    category: String,
    meaning: String,
}

impl TileMap {
    /// Every distinct glyph drawn: terrain first (most cells first), then
    /// markers grouped by kind in the order their kinds first appear (most
    /// markers first within a kind). Ties keep first-appearance order.
    pub fn legend(&self) -> Vec<LegendEntry> {
        let mut entries: Vec<LegendEntry> = Vec::new();
        let mut index: HashMap<Identity, usize> = HashMap::new();
        let mut add = |id: Identity, at: (i32, i32)| {
            let i = *index.entry(id.clone()).or_insert_with(|| {
                entries.push(LegendEntry {
                    key: format!(
                        "{}:{}:{}:{}",
                        match id.layer {
                            LegendLayer::Terrain => "terrain",
                            LegendLayer::Marker => "marker",
                        },
                        id.glyph,
                        id.fg.hex(),
                        id.meaning
                    ),
                    layer: id.layer,
                    glyph: id.glyph,
                    fg: id.fg,
                    category: id.category,
                    meaning: id.meaning,
                    count: 0,
                    cells: Vec::new(),
                });
                entries.len() - 1
            });
            if let Some(e) = entries.get_mut(i) {
                e.count += 1;
                e.cells.push(at);
            }
        };
        let width = self.width.max(1) as usize;
        for (i, c) in self.cells.iter().enumerate() {
            let at = ((i % width) as i32, (i / width) as i32);
            let id = Identity {
                layer: LegendLayer::Terrain,
                glyph: c.glyph,
                fg: c.fg,
                category: "terrain".into(),
                meaning: c.kind.clone(),
            };
            add(id, at);
        }
        for m in &self.markers {
            let meaning = if m.what.is_empty() {
                m.kind.clone()
            } else {
                m.what.clone()
            };
            let id = Identity {
                layer: LegendLayer::Marker,
                glyph: m.glyph,
                fg: m.fg,
                category: m.kind.clone(),
                meaning,
            };
            add(id, (m.x, m.y));
        }
        order(entries)
    }
}

/// Terrain by count, then marker kinds in order of first appearance, each
/// by count; the sort is stable, so ties stay in first-appearance order.
fn order(mut entries: Vec<LegendEntry>) -> Vec<LegendEntry> {
    let mut kinds: Vec<String> = Vec::new();
    for e in entries.iter().filter(|e| e.layer == LegendLayer::Marker) {
        if !kinds.contains(&e.category) {
            kinds.push(e.category.clone());
        }
    }
    let rank = |e: &LegendEntry| match e.layer {
        LegendLayer::Terrain => 0,
        LegendLayer::Marker => 1 + kinds.iter().position(|k| *k == e.category).unwrap_or(0),
    };
    crate::sorting::sort_by(&mut entries, |a, b| {
        rank(a).cmp(&rank(b)).then_with(|| b.count.cmp(&a.count))
    });
    entries
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;
    use crate::view::{Cell, Marker, Pick};

    /// An entry as compared: layer, glyph, colour, category, meaning,
    /// count, cells.
    type Line<'a> = (
        LegendLayer,
        char,
        Rgb,
        &'a str,
        &'a str,
        usize,
        Vec<(i32, i32)>,
    );

    fn cell(glyph: char, fg: Rgb, kind: &str) -> Cell {
        Cell {
            glyph,
            fg,
            kind: kind.into(),
            ..Cell::blank()
        }
    }

    fn marker(x: i32, y: i32, glyph: char, fg: Rgb, kind: &str, what: &str) -> Marker {
        Marker {
            x,
            y,
            glyph,
            fg,
            kind: kind.into(),
            label: format!("{what} at ({x},{y})"),
            random: false,
            origin: Span::new(0, 0),
            what: what.into(),
            source_xy: None,
            pick: None,
        }
    }

    #[test]
    fn a_small_level_lists_terrain_then_markers_with_counts_and_cells() {
        // ###
        // ..}
        let mut m = TileMap::new(3, 2, cell('.', Rgb::GRAY, "floor"));
        for x in 0..3 {
            if let Some(c) = m.cell_mut(x, 0) {
                *c = cell('#', Rgb::BROWN, "rock wall");
            }
        }
        if let Some(c) = m.cell_mut(2, 1) {
            *c = cell('≈', Rgb::BLUE, "deep water");
        }
        let any = "random monster (any class)";
        m.markers = vec![
            marker(2, 1, 'D', Rgb::RED, "monster", "red dragon"),
            marker(0, 1, '◆', Rgb::PLACEHOLDER, "monster", any),
            marker(
                0,
                1,
                '◇',
                Rgb::PLACEHOLDER,
                "object",
                "random object (any class)",
            ),
            marker(1, 1, '◆', Rgb::PLACEHOLDER, "monster", any),
            marker(1, 0, '!', Rgb::MAGENTA, "marker", ""),
        ];
        m.markers[1].pick = Some(Pick::Any);
        let legend = m.legend();
        let got: Vec<Line> = legend
            .iter()
            .map(|e| {
                (
                    e.layer,
                    e.glyph,
                    e.fg,
                    e.category.as_str(),
                    e.meaning.as_str(),
                    e.count,
                    e.cells.clone(),
                )
            })
            .collect();
        use LegendLayer::*;
        assert_eq!(
            got,
            vec![
                (
                    Terrain,
                    '#',
                    Rgb::BROWN,
                    "terrain",
                    "rock wall",
                    3,
                    vec![(0, 0), (1, 0), (2, 0)]
                ),
                (
                    Terrain,
                    '.',
                    Rgb::GRAY,
                    "terrain",
                    "floor",
                    2,
                    vec![(0, 1), (1, 1)]
                ),
                (
                    Terrain,
                    '≈',
                    Rgb::BLUE,
                    "terrain",
                    "deep water",
                    1,
                    vec![(2, 1)]
                ),
                (
                    Marker,
                    '◆',
                    Rgb::PLACEHOLDER,
                    "monster",
                    any,
                    2,
                    vec![(0, 1), (1, 1)]
                ),
                (
                    Marker,
                    'D',
                    Rgb::RED,
                    "monster",
                    "red dragon",
                    1,
                    vec![(2, 1)]
                ),
                (
                    Marker,
                    '◇',
                    Rgb::PLACEHOLDER,
                    "object",
                    "random object (any class)",
                    1,
                    vec![(0, 1)]
                ),
                // Without `what`, a marker is described by its kind.
                (
                    Marker,
                    '!',
                    Rgb::MAGENTA,
                    "marker",
                    "marker",
                    1,
                    vec![(1, 0)]
                ),
            ]
        );
        assert_eq!(legend[0].key, "terrain:#:#aa5500:rock wall");
        assert_eq!(legend[3].key, "marker:◆:#c8c8c8:random monster (any class)");
    }
}
