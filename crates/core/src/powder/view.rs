//! A room drawn as a tile map: each cell's SQUARE as the game's console
//! draws it, what the legend places as markers (a random pick as a
//! placeholder).

use vaultwright_model::view::{
    Cell, Marker, Pick, Rgb, TileMap, ANY_MONSTER_GLYPH, ANY_OBJECT_GLYPH, ITEM_SLOT_GLYPH,
    MONSTER_SLOT_GLYPH,
};

use super::{kind_of, LegendToken, Room};
use vaultwright_model::source::Span;

/// The marker of a legend name that places something. What the game
/// picks at random (a monster by level, an item by type) is drawn as a
/// placeholder, never as one particular monster or item. POWDER draws
/// monsters and items as tiles and has no characters for them, so a named
/// one is a slot marker with its name rather than a letter another game
/// gives to something else.
fn marker_of(t: &LegendToken, x: i32, y: i32) -> Option<Marker> {
    let (glyph, fg, kind, what, pick) = match kind_of(&t.name) {
        Some("mob") => (
            MONSTER_SLOT_GLYPH,
            Rgb::RED,
            "monster",
            t.name.clone(),
            None,
        ),
        Some("moblevel") => (
            ANY_MONSTER_GLYPH,
            Rgb::PLACEHOLDER,
            "random monster",
            format!("random monster ({})", t.name),
            Some(Pick::Any),
        ),
        Some("item") => (ITEM_SLOT_GLYPH, Rgb::CYAN, "item", t.name.clone(), None),
        Some("itemtype") => (
            ANY_OBJECT_GLYPH,
            Rgb::RANDOM_PICK,
            "random item",
            format!("random item of type {}", t.name),
            Some(Pick::InClass),
        ),
        Some("intrinsic") => ('!', Rgb::MAGENTA, "intrinsic", t.name.clone(), None),
        Some("signpost") => ('?', Rgb::YELLOW, "signpost", t.name.clone(), None),
        _ => return None,
    };
    Some(Marker {
        x,
        y,
        glyph,
        fg,
        kind: kind.into(),
        label: t.name.clone(),
        random: false,
        origin: t.span,
        what,
        source_xy: None,
        pick,
    })
}

pub(super) fn view(room: &Room) -> Option<TileMap> {
    let map = room.map.as_ref()?;
    let mut tm = TileMap::new(map.width as u32, map.rows.len() as u32, Cell::blank());
    for (y, (rspan, row)) in map.rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let origin = Span::new(rspan.start as usize + x, rspan.start as usize + x + 1);
            let entries: Vec<&LegendToken> = room.legend.iter().filter(|t| t.letter == c).collect();
            let square = entries.iter().find(|t| kind_of(&t.name) == Some("square"));
            let cell = match square {
                Some(t) => {
                    let (glyph, fg) = square_look(&t.name);
                    let lit = entries.iter().any(|t| t.name == "SQUAREFLAG_LIT");
                    Cell {
                        glyph,
                        fg,
                        bg: lit.then_some(Rgb(40, 38, 20)),
                        kind: format!(
                            "{}{}",
                            t.name.trim_start_matches("SQUARE_").to_ascii_lowercase(),
                            if lit { ", lit" } else { "" }
                        ),
                        origin: Some(origin),
                        source_xy: Some((x as i32, y as i32)),
                    }
                }
                None => Cell {
                    glyph: if c.is_ascii_graphic() { c as char } else { '?' },
                    fg: Rgb::RED,
                    bg: None,
                    kind: "no SQUARE in the legend".into(),
                    origin: Some(origin),
                    source_xy: Some((x as i32, y as i32)),
                },
            };
            if let Some(slot) = tm.cell_mut(x as i64, y as i64) {
                *slot = cell;
            }
            for t in &entries {
                if let Some(m) = marker_of(t, x as i32, y as i32) {
                    tm.markers.push(m);
                }
            }
        }
    }
    tm.notes.push(
        "the game may rotate or mirror the room when it places it (unless pos fixes it)".into(),
    );
    Some(tm)
}

pub(crate) fn square_look(name: &str) -> (char, Rgb) {
    let n = name.trim_start_matches("SQUARE_");
    match n {
        "EMPTY" => (' ', Rgb::GRAY),
        "WALL" | "REINFORCEDWALL" => ('#', Rgb::GRAY),
        "METALWALL" => ('#', Rgb::CYAN),
        "VIEWPORT" | "BROKENVIEWPORT" => ('"', Rgb::CYAN),
        "FLOOR" | "METALFLOOR" | "CORRIDOR" => ('.', Rgb::GRAY),
        "FLOORALTAR" => ('_', Rgb::WHITE),
        "WATER" => ('~', Rgb::BLUE),
        "ICE" => ('.', Rgb::CYAN),
        "LAVA" => ('~', Rgb::RED),
        "ACID" => ('~', Rgb::GREEN),
        "GRASS" => ('"', Rgb::GREEN),
        "MOUNTAIN" => ('^', Rgb::BROWN),
        "HILLS" => ('n', Rgb::BROWN),
        "FOREST" => ('&', Rgb::GREEN),
        "FORESTFIRE" => ('&', Rgb::RED),
        "LADDERDOWN" => ('>', Rgb::WHITE),
        "LADDERUP" => ('<', Rgb::WHITE),
        "SIGNPOST" => ('|', Rgb::BROWN),
        n if n.contains("DOOR") => ('+', Rgb::BROWN),
        n if n.starts_with("STARS") => ('*', Rgb::YELLOW),
        n if n.contains("PIT") || n.contains("HOLE") => ('^', Rgb::MAGENTA),
        n if n.contains("VENT") || n.contains("TELEPORTER") => ('^', Rgb::MAGENTA),
        _ => ('?', Rgb::RED),
    }
}
