//! What a 3.4.3 or 3.2 special level may name, as the language service
//! offers and explains it: statements, value words, monsters, objects,
//! traps, room types and map characters, each with the glyph and colour
//! the game draws it in.

use super::dialect::Dialect;
use super::{lexer, look};
use vaultwright_model::service::{Entry, EntryKind};
use vaultwright_model::view::Rgb;
use vaultwright_model::Target;

/// Every name of `kind` the dialect of `target` knows, in the game's order.
pub fn entries(target: Target, kind: EntryKind) -> Vec<Entry> {
    let d = Dialect::for_target(target);
    match kind {
        EntryKind::Statement => lexer::words(target, true)
            .map(|w| Entry::new(kind, w).with_detail(statement_detail(w)))
            .collect(),
        EntryKind::Value => lexer::words(target, false)
            .map(|w| Entry::new(kind, w))
            .collect(),
        EntryKind::Monster => named(d.monsters(), d.monclass_chars, d.monster_colours, kind),
        EntryKind::Object => named(d.objects(), d.objclass_chars, d.object_colours, kind),
        EntryKind::Trap => d
            .traps
            .iter()
            .map(|(name, _)| {
                let l = look::trap(d, Some(name));
                Entry::new(kind, *name).drawn(l.glyph, l.fg)
            })
            .collect(),
        EntryKind::RoomType => d
            .rooms
            .iter()
            .map(|(name, _)| Entry::new(kind, *name))
            .collect(),
        EntryKind::Terrain => lexer::map_chars(target)
            .map(|(c, what)| {
                let (glyph, fg, _) = look::terrain(c as u8, true);
                Entry::new(kind, c.to_string())
                    .drawn(glyph, fg)
                    .with_detail(what)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Monsters or objects: the class symbol of each and its own colour.
fn named(
    names: &[(&'static str, u8)],
    class_chars: &[u8],
    colours: &[super::colours::Clr],
    kind: EntryKind,
) -> Vec<Entry> {
    names
        .iter()
        .zip(
            colours
                .iter()
                .map(|c| c.rgb())
                .chain(std::iter::repeat(Rgb::GRAY)),
        )
        .filter(|((name, _), _)| !name.is_empty())
        .map(|(&(name, class), fg)| {
            let glyph = class_chars
                .get(usize::from(class))
                .map_or('?', |&b| b as char);
            Entry::new(kind, name)
                .drawn(glyph, fg)
                .with_detail(format!("class '{glyph}'"))
        })
        .collect()
}

/// What a statement takes, in one line (the forms of the 3.4.3 manual).
fn statement_detail(word: &str) -> &'static str {
    match word {
        "MAZE" => "MAZE: \"name\", filling — a maze level",
        "LEVEL" => "LEVEL: \"name\" — a room level",
        "MONSTER" => "MONSTER: 'class', \"name\", (x,y)[, attitude…]",
        "OBJECT" => "OBJECT: 'class', \"name\", (x,y)[, curse, …]",
        "CONTAINER" => "CONTAINER: 'class', \"name\", (x,y) — objects after it go inside",
        "TRAP" => "TRAP: \"name\", (x,y)",
        "DOOR" => "DOOR: state, (x,y)",
        "GEOMETRY" => "GEOMETRY: horizontal, vertical — where the MAP goes",
        "REGION" => "REGION: (x1,y1,x2,y2), lit, \"room type\"[, filled]",
        "ROOM" => "ROOM: \"type\", lit, (x,y), (align), (w,h)",
        "SUBROOM" => "SUBROOM: \"type\", lit, (x,y), (w,h)",
        "ENGRAVING" => "ENGRAVING: (x,y), type, \"text\"",
        "ALTAR" => "ALTAR: (x,y), alignment, type",
        "STAIR" => "STAIR: (x,y), up|down",
        "BRANCH" => "BRANCH: (x1,y1,x2,y2), (0,0,0,0)",
        "MAZEWALK" => "MAZEWALK: (x,y), direction",
        "INIT_MAP" => "INIT_MAP: fg, bg, smoothed, joined, lit, walled",
        "RANDOM_MONSTERS" => "RANDOM_MONSTERS: 'a', 'b', … — the classes of monster[n]",
        "RANDOM_OBJECTS" => "RANDOM_OBJECTS: 'a', 'b', … — the classes of object[n]",
        "RANDOM_PLACES" => "RANDOM_PLACES: (x,y), … — the places of place[n]",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monsters_carry_their_class_and_colour() {
        let monsters = entries(Target::Nethack343, EntryKind::Monster);
        let jackal = monsters.iter().find(|e| e.name == "jackal");
        assert_eq!(jackal.and_then(|e| e.glyph), Some('d'));
        assert_eq!(jackal.and_then(|e| e.colour), Some(Rgb::BROWN));
    }

    #[test]
    fn the_32_dialect_has_no_trees_nor_arboreal() {
        let has = |t, kind, name: &str| entries(t, kind).iter().any(|e| e.name == name);
        assert!(has(Target::Nethack343, EntryKind::Terrain, "T"));
        assert!(!has(Target::Nethack323, EntryKind::Terrain, "T"));
        assert!(has(Target::Nethack343, EntryKind::Value, "arboreal"));
        assert!(!has(Target::Nethack323, EntryKind::Value, "arboreal"));
        assert!(has(Target::Nethack323, EntryKind::Statement, "MONSTER"));
    }
}
