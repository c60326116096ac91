//! Theme rooms (NetHack 5.0's `themerms.lua` and a variant's own): the
//! global `themerooms` table lists rooms the game's filler levels pick
//! from; run alone the script only defines them and draws nothing. Each
//! entry is an outline entry of its own, drawn as the game would make it
//! on an empty level (all stone) for the seed: the script, then that
//! entry's `contents` (or the entry itself, a function) called.

use vaultwright_model::view::TileMap;
use vaultwright_model::{Span, Symbol};

use super::calls::{self, Value};
use super::{run, syntax};

/// One theme room: its place in the table (from 1, as Lua counts) and its
/// outline entry.
pub struct ThemeRoom {
    pub index: usize,
    pub symbol: Symbol,
}

/// The entries of the `themerooms` table as written, each named by the
/// comment line just before it ("-- Fake Delphi") or by its number.
pub fn entries(source: &str, tree: &crate::lua::verdict::tree::Node) -> Vec<ThemeRoom> {
    let Some(Value::Table(fields, _)) = calls::assigned_table(tree, "themerooms") else {
        return Vec::new();
    };
    fields
        .iter()
        .filter(|f| f.key.is_none())
        .enumerate()
        .map(|(i, f)| {
            let span = value_span(&f.value);
            let name = comment_before(source, span.start as usize)
                .unwrap_or_else(|| format!("theme room {}", i + 1));
            ThemeRoom {
                index: i + 1,
                symbol: Symbol {
                    name,
                    kind: "theme room".into(),
                    span,
                    name_span: Span::new(span.start as usize, span.start as usize),
                    detail: format!(
                        "entry {} of themerooms, drawn alone on an empty level",
                        i + 1
                    ),
                },
            }
        })
        .collect()
}

fn value_span(v: &Value) -> Span {
    match v {
        Value::Str(_, s) | Value::Number(_, s) | Value::Table(_, s) | Value::Other(s) => *s,
    }
}

/// The text of the comment lines right above byte `at` (blank lines
/// between are allowed), without their `--`.
fn comment_before(source: &str, at: usize) -> Option<String> {
    let before = source.get(..at)?;
    // The entry's own line, up to the entry, holds nothing else.
    let (above, own) = before.rsplit_once('\n')?;
    if !own.trim().is_empty() {
        return None;
    }
    let comment = above
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())?
        .strip_prefix("--")?
        .trim()
        .to_string();
    let words: String = comment.chars().take(60).collect();
    (!words.is_empty() && !words.starts_with('[')).then_some(words)
}

/// Theme room `index` drawn on an empty level for `seed`: the script run,
/// then the room made. Cells and markers of the driver's own lines (the
/// empty level) are tied to no source.
pub fn view(source: &str, index: usize, seed: u64) -> TileMap {
    let script = format!(
        "{source}\n\ndes.level_init({{ style = \"solidfill\", fg = \" \" }})\nlocal vw_room = themerooms[{index}]\nif type(vw_room) == \"table\" then vw_room.contents() else vw_room() end\n"
    );
    let reading = syntax::read(&script);
    let done = run::Prepared::read(&reading, &script, None).run(seed, run::Limits::default());
    let des = calls::des_calls(&reading.tree);
    let mut map = run::view::tile_map(&script, &des, seed, &done);
    let end = source.len() as u32;
    for c in &mut map.cells {
        if c.origin.is_some_and(|o| o.end > end) {
            c.origin = None;
        }
    }
    map.markers.retain(|m| m.origin.end <= end);
    map.notes.insert(
        0,
        format!("theme room {index} alone, on an empty level of stone, for seed {seed}: the game places it among the filler level's other rooms"),
    );
    if let Some(stop) = &done.stop {
        map.notes.push(format!("the run stopped: {}", stop.message));
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOMS: &str = "themerooms = {\n   {\n      frequency = 1000,\n      contents = function()\n         des.room({ type = \"ordinary\", w = 3, h = 2, filled = 1 });\n      end\n   },\n\n-- Two rooms\nfunction()\n      des.room({ type = \"ordinary\", x = 3, y = 3, w = 4, h = 4 });\n   end,\n};\n";

    #[test]
    fn each_entry_is_named_by_its_comment_or_its_number_and_drawn_alone() {
        let reading = syntax::read(ROOMS);
        let rooms = entries(ROOMS, &reading.tree);
        let names: Vec<&str> = rooms.iter().map(|r| r.symbol.name.as_str()).collect();
        assert_eq!(names, ["theme room 1", "Two rooms"]);
        assert!(ROOMS[rooms[1].symbol.span.range()].starts_with("function()"));
        for room in &rooms {
            let map = view(ROOMS, room.index, 1);
            let floor = map.cells.iter().filter(|c| c.glyph == '.').count();
            let expected = if room.index == 1 { 6 } else { 16 };
            assert_eq!(floor, expected, "room {}: {:?}", room.index, map.notes);
            assert!(map
                .cells
                .iter()
                .filter_map(|c| c.origin)
                .all(|o| o.end as usize <= ROOMS.len()));
        }
    }

    #[test]
    fn a_script_without_theme_rooms_has_none() {
        let src = "des.level_init({ style = \"solidfill\" })\n";
        assert!(entries(src, &syntax::read(src).tree).is_empty());
    }
}
