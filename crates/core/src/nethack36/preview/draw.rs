//! A realised level as the studio's tile map: terrain with the game's
//! symbols and colours, things as markers (random ones marked), map parts
//! and rooms outlined, and what the run did (steps, variables) as notes.

use super::terrain::look;
use super::{Level, Thing, What, COLS, ROWS};
use crate::nethack36::profile;
use vaultwright_model::source::Span;
use vaultwright_model::view::{Area, Cell, Marker, Pick, Rgb, TileMap};

pub(crate) fn colour(n: u8) -> Rgb {
    match n {
        // Black things are drawn dark grey, as the terminal port does.
        0 => Rgb::DARK_GRAY,
        n => Rgb::TTY.get(n as usize).copied().unwrap_or(Rgb::GRAY),
    }
}

/// The tile map of `level`; `origin_of(op)` gives the source span of the
/// statement an opcode came from.
pub fn tile_map(level: &Level, seed: u64, origin_of: &dyn Fn(usize) -> Span) -> TileMap {
    let mut map = TileMap::new(COLS as u32, ROWS as u32, Cell::blank());
    for (i, cell) in map.cells.iter_mut().enumerate() {
        let typ = level.typ.get(i).copied().unwrap_or(0);
        let (glyph, c, name) = look(typ);
        let lit = level.lit.get(i).copied().unwrap_or(false);
        let random = level.random.get(i).copied().unwrap_or(false);
        let mut kind = name.to_string();
        if lit && typ != 0 {
            kind.push_str(", lit");
        }
        if random {
            kind.push_str(" (random in this realisation)");
        }
        *cell = Cell {
            glyph,
            fg: colour(c),
            bg: None,
            kind,
            origin: level.op_of_cell.get(i).copied().flatten().map(origin_of),
            source_xy: None,
        };
    }
    // A cell inside a map part is written at its place in that part's
    // MAP rows (the last part placed over it), which painting edits.
    for &(x1, y1, x2, y2, _) in &level.parts {
        for y in y1.max(0)..=y2 {
            for x in x1.max(0)..=x2 {
                if let Some(c) = map.cell_mut(i64::from(x), i64::from(y)) {
                    c.source_xy = Some((x - x1, y - y1));
                }
            }
        }
    }
    for thing in &level.things {
        map.markers.push(marker(thing, origin_of(thing.op)));
    }
    for &(x1, y1, x2, y2, op) in &level.parts {
        map.areas.push(Area {
            x1,
            y1,
            x2,
            y2,
            kind: "map part".into(),
            label: format!("map part ({}x{})", x2 - x1 + 1, y2 - y1 + 1),
            origin: origin_of(op),
        });
    }
    for room in &level.rooms {
        map.areas.push(Area {
            x1: room.x1,
            y1: room.y1,
            x2: room.x2,
            y2: room.y2,
            kind: "room".into(),
            label: if room.random {
                "room (placed at random)".into()
            } else {
                "room".into()
            },
            origin: origin_of(room.op),
        });
    }
    map.notes.push(format!(
        "one realisation of the level's program with seed {seed}: {} steps",
        level.steps
    ));
    if level.stopped_at_limit {
        map.notes.push(
            "stopped after 65,536 steps, as the game does (\"Level script is taking too much time\")"
                .into(),
        );
    }
    for (name, value) in &level.variables {
        map.notes.push(format!("{name} = {value} at the end"));
    }
    map
}

fn marker(thing: &Thing, origin: Span) -> Marker {
    let (glyph, fg, kind, what, pick) = match &thing.what {
        What::Monster { index, class, name } => monster_look(*index, *class, name.as_deref()),
        What::Object { index, class } => object_look(*index, *class),
        What::Trap(code) => {
            let name = profile::trap_name(*code).unwrap_or("random");
            let pick = (*code < 0).then_some(Pick::Any);
            ('^', Rgb::MAGENTA, "trap", format!("{name} trap"), pick)
        }
        What::Stair { up } => (
            if *up { '<' } else { '>' },
            Rgb::GRAY,
            "stair",
            if *up { "up stairs" } else { "down stairs" }.to_string(),
            None,
        ),
        What::Ladder { up } => (
            if *up { '<' } else { '>' },
            Rgb::BROWN,
            "ladder",
            if *up { "ladder up" } else { "ladder down" }.to_string(),
            None,
        ),
        What::Engraving(text) => (
            '~',
            Rgb::GRAY,
            "engraving",
            format!("engraving \"{text}\""),
            None,
        ),
        What::Gold(amount) => (
            '$',
            Rgb::YELLOW,
            "object",
            format!("{amount} gold pieces"),
            None,
        ),
    };
    let place = if thing.random {
        " · at a random place".to_string()
    } else {
        String::new()
    };
    Marker {
        x: thing.x,
        y: thing.y,
        glyph,
        fg,
        kind: kind.to_string(),
        label: format!("{what}{place} · level ({},{})", thing.x, thing.y),
        random: thing.random,
        origin,
        what,
        source_xy: None,
        pick,
    }
}

type Look = (char, Rgb, &'static str, String, Option<Pick>);

fn monster_look(index: Option<usize>, class: u8, name: Option<&str>) -> Look {
    let named = name.map(|n| format!(" named \"{n}\"")).unwrap_or_default();
    kind_look(index, class, profile::monster_entry, "monster", &named)
}

fn object_look(index: Option<usize>, class: u8) -> Look {
    kind_look(index, class, profile::object_entry, "object", "")
}

/// A monster or object: itself when the index names one, else the random
/// pick in its class (the class glyph) or of any class (a placeholder).
fn kind_look(
    index: Option<usize>,
    class: u8,
    entry: fn(usize) -> Option<(&'static str, u8, u8)>,
    noun: &'static str,
    suffix: &str,
) -> Look {
    match index.and_then(entry) {
        Some((name, symbol, c)) => {
            let name = if name.is_empty() { noun } else { name };
            (
                symbol as char,
                colour(c),
                noun,
                format!("{name}{suffix}"),
                None,
            )
        }
        None if class != 0 => (
            class as char,
            Rgb::RANDOM_PICK,
            noun,
            format!("random '{}' {noun}{suffix}", class as char),
            Some(Pick::InClass),
        ),
        None => (
            '?',
            Rgb::PLACEHOLDER,
            noun,
            format!("random {noun}{suffix}"),
            Some(Pick::Any),
        ),
    }
}
