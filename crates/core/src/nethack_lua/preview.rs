//! The tile map of each `des.map` part as written: its cells exactly as
//! the game reads the drawing (each tied to its character in the source),
//! and what the part's `contents` places at fixed coordinates. Scripts are
//! not run yet, so what they decide at run time (a random spot, a loop,
//! the rest of the level) is not drawn; the view says so.

use vaultwright_model::view::{Area, Cell, Marker, TileMap, View};
use vaultwright_model::{Span, Symbol, SymbolView};

use super::calls::{DesCall, Value};
use super::names;
use crate::nethack_common::look;

/// The widest and tallest drawing drawn.
const MAX_SIDE: usize = 256;

/// A view for each map part, and for each region or room drawn on one
/// (the map part it follows, with the region outlined).
pub fn views(source: &str, calls: &[DesCall], outline: &[Symbol]) -> Vec<SymbolView> {
    let mut out = Vec::new();
    let mut current: Option<TileMap> = None;
    for (i, entry) in outline.iter().enumerate() {
        let Some(call) = calls.iter().find(|c| c.span == entry.span) else {
            continue;
        };
        if entry.kind == "map part" {
            current = tile_map(source, call, calls);
            if let Some(map) = &current {
                out.push(SymbolView {
                    symbol: i,
                    view: View::TileMap(map.clone()),
                });
            }
        } else if let (Some(map), Some(area)) = (&current, region_area(call, &entry.name)) {
            let mut map = map.clone();
            map.areas.push(area);
            out.push(SymbolView {
                symbol: i,
                view: View::TileMap(map),
            });
        }
    }
    out
}

/// `region = {x1, y1, x2, y2}` (or the x1…y2 keys) as an outlined area.
fn region_area(call: &DesCall, name: &str) -> Option<Area> {
    let corners: Vec<i32> = match call.key("region") {
        Some(Value::Table(fields, _)) => fields.iter().filter_map(|f| number(&f.value)).collect(),
        _ => ["x1", "y1", "x2", "y2"]
            .iter()
            .filter_map(|k| call.key(k).and_then(number))
            .collect(),
    };
    let [x1, y1, x2, y2] = corners[..] else {
        return None;
    };
    Some(Area {
        x1,
        y1,
        x2,
        y2,
        kind: call.function.clone(),
        label: format!("{} ({name})", call.function),
        origin: call.span,
    })
}

/// The bytes of each row of a `des.map` call's drawing.
pub fn row_ranges(source: &str, call: &DesCall) -> Option<Vec<std::ops::Range<usize>>> {
    let (start, end) = drawing_body(source, drawing(call)?)?;
    let body = source.get(start..end)?;
    let mut rows = Vec::new();
    let mut at = start;
    for line in body.split('\n') {
        let content = line.trim_end_matches('\r');
        rows.push(at..at + content.len());
        at += line.len() + 1;
    }
    if rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    Some(rows)
}

/// A `des.map` call's drawing: each row's characters with their bytes
/// (`None` when the drawing is not a plain literal).
pub fn drawing_cells(source: &str, call: &DesCall) -> Option<Vec<Vec<(u8, usize)>>> {
    drawing_rows(source, drawing(call)?)
}

fn drawing(call: &DesCall) -> Option<Span> {
    match call.key("map").or_else(|| call.args.first())? {
        Value::Str(_, literal) => Some(*literal),
        _ => None,
    }
}

fn tile_map(source: &str, call: &DesCall, calls: &[DesCall]) -> Option<TileMap> {
    let rows = drawing_rows(source, drawing(call)?)?;
    let height = rows.len();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    // The game's maps are at most 80×21; a drawing far beyond is not drawn.
    if width > MAX_SIDE || height > MAX_SIDE {
        return None;
    }
    let mut cells = vec![Cell::blank(); width * height];
    for (y, row) in rows.iter().enumerate() {
        for (x, &(c, at)) in row.iter().enumerate() {
            cells[y * width + x] = cell(c, at, x, y, row);
        }
    }
    // After a map part, coordinates count from its corner: its own
    // `contents`, and the calls that follow it up to the next map part.
    let next_map = calls
        .iter()
        .filter(|c| c.function == "map" && c.span.start >= call.span.end)
        .map(|c| c.span.start)
        .min()
        .unwrap_or(u32::MAX);
    let markers = calls
        .iter()
        .filter(|c| c.span.start > call.span.start && c.span.start < next_map)
        .filter_map(|c| marker(c, width, height))
        .collect();
    Some(TileMap {
        width: width as u32,
        height: height as u32,
        cells,
        markers,
        notes: vec![
            "the map part as drawn, and what its contents place at fixed spots; the script is not run yet, so random spots and the rest of the level are not drawn".into(),
        ],
        ..TileMap::default()
    })
}

/// The drawing's characters and their bytes, row by row, as the game
/// reads a map: a long string loses a first line end, digits are left
/// out, a trailing empty line is no row.
fn drawing_rows(source: &str, literal: Span) -> Option<Vec<Vec<(u8, usize)>>> {
    let (start, end) = drawing_body(source, literal)?;
    let body = source.get(start..end)?;
    let mut rows: Vec<Vec<(u8, usize)>> = vec![Vec::new()];
    for (i, b) in body.bytes().enumerate() {
        match b {
            b'\n' => rows.push(Vec::new()),
            b'\r' => {}
            b'0'..=b'9' => {}
            _ => rows.last_mut()?.push((b, start + i)),
        }
    }
    if rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    Some(rows)
}

/// The bytes of a drawing's text: inside the literal's delimiters, a long
/// string's first line end left out (Lua drops it); `None` for a quoted
/// string with escapes (its bytes are not its characters).
fn drawing_body(source: &str, literal: Span) -> Option<(usize, usize)> {
    let text = source.get(literal.start as usize..literal.end as usize)?;
    let (open, close) = delimiters(text)?;
    let mut start = literal.start as usize + open;
    let end = (literal.end as usize).saturating_sub(close);
    let body = source.get(start..end)?;
    if open > 1 {
        start += if body.starts_with("\r\n") {
            2
        } else {
            usize::from(body.starts_with('\n'))
        };
    }
    let body = source.get(start..end)?;
    if open == 1 && body.contains('\\') {
        return None;
    }
    Some((start, end))
}

/// The lengths of a string literal's opening and closing delimiters.
fn delimiters(text: &str) -> Option<(usize, usize)> {
    if text.starts_with('"') || text.starts_with('\'') {
        return Some((1, 1));
    }
    let level = text
        .strip_prefix('[')?
        .bytes()
        .take_while(|&b| b == b'=')
        .count();
    Some((level + 2, level + 2))
}

fn cell(c: u8, at: usize, x: usize, y: usize, row: &[(u8, usize)]) -> Cell {
    let horizontal = |i: Option<usize>| i.and_then(|i| row.get(i)).is_some_and(|&(n, _)| n == b'-');
    let (glyph, fg, kind) = match c {
        b'x' => (
            ' ',
            vaultwright_model::view::Rgb::GRAY,
            "left as it was (x)",
        ),
        b'w' => (
            ' ',
            vaultwright_model::view::Rgb::GRAY,
            "any wall or stone (w): matches only",
        ),
        b'Z' => (
            '}',
            crate::nethack_common::colours::Clr::Red.rgb(),
            "wall of lava",
        ),
        _ => look::terrain(c, horizontal(x.checked_sub(1)) || horizontal(Some(x + 1))),
    };
    Cell {
        glyph,
        fg,
        bg: None,
        kind: kind.to_string(),
        origin: Some(Span::new(at, at + 1)),
        source_xy: Some((x as i32, y as i32)),
    }
}

/// What a call in the part's `contents` places, when it says where.
fn marker(call: &DesCall, width: usize, height: usize) -> Option<Marker> {
    let (x, y) = position(call)?;
    if x < 0 || y < 0 || x as usize >= width || y as usize >= height {
        return None;
    }
    let (glyph, fg, kind, what) = look_of(call)?;
    Some(Marker {
        x,
        y,
        glyph,
        fg,
        kind: kind.to_string(),
        label: format!("{what} · at ({x},{y}) in the map part"),
        random: false,
        origin: call.span,
        what,
        source_xy: Some((x, y)),
        pick: None,
    })
}

fn number(v: &Value) -> Option<i32> {
    match v {
        Value::Number(n, _) => n.parse().ok(),
        _ => None,
    }
}

fn pair(v: &Value) -> Option<(i32, i32)> {
    let Value::Table(fields, _) = v else {
        return None;
    };
    let numbers: Vec<i32> = fields
        .iter()
        .filter(|f| f.key.is_none())
        .filter_map(|f| number(&f.value))
        .collect();
    match numbers[..] {
        [x, y] => Some((x, y)),
        _ => None,
    }
}

/// `x = , y =`, `coord = {x, y}`, or the positional `(…, x, y)` and
/// `(…, {x, y})` forms.
fn position(call: &DesCall) -> Option<(i32, i32)> {
    if let (Some(x), Some(y)) = (
        call.key("x").and_then(number),
        call.key("y").and_then(number),
    ) {
        return Some((x, y));
    }
    if let Some(p) = call.key("coord").and_then(pair) {
        return Some(p);
    }
    match &call.args[..] {
        [_, x, y] => Some((number(x)?, number(y)?)),
        [_, p] => pair(p),
        _ => None,
    }
}

type Looks = (char, vaultwright_model::view::Rgb, &'static str, String);

fn look_of(call: &DesCall) -> Option<Looks> {
    use crate::nethack_common::colours::Clr;
    let named = |key: &str| call.string(key).map(|(s, _)| s.to_string());
    Some(match call.function.as_str() {
        "monster" | "object" if named("id").is_some_and(|n| n.chars().count() == 1) => {
            let class = named("id")?.chars().next()?;
            (
                class,
                vaultwright_model::view::Rgb::RANDOM_PICK,
                if call.function == "monster" {
                    "monster"
                } else {
                    "object"
                },
                format!("random {} of class '{class}'", call.function),
            )
        }
        "monster" | "object" if named("id").is_none() => {
            let (glyph, what) = if call.function == "monster" {
                (
                    vaultwright_model::view::ANY_MONSTER_GLYPH,
                    "a monster the script chooses when it runs",
                )
            } else {
                (
                    vaultwright_model::view::ANY_OBJECT_GLYPH,
                    "an object the script chooses when it runs",
                )
            };
            (
                glyph,
                vaultwright_model::view::Rgb::RANDOM_PICK,
                if call.function == "monster" {
                    "monster"
                } else {
                    "object"
                },
                what.to_string(),
            )
        }
        "monster" => {
            let name = named("id").unwrap_or_else(|| "random monster".into());
            let m = names::MONSTERS.iter().find(|m| {
                [m.name, m.male, m.female]
                    .iter()
                    .any(|n| n.eq_ignore_ascii_case(&name))
            });
            match m {
                Some(m) => (
                    m.symbol.chars().next()?,
                    super::catalog::colour(m.colour),
                    "monster",
                    name,
                ),
                None => (
                    vaultwright_model::view::ANY_MONSTER_GLYPH,
                    vaultwright_model::view::Rgb::RANDOM_PICK,
                    "monster",
                    format!("{name} (unknown to the game)"),
                ),
            }
        }
        "object" => {
            let name = named("id").unwrap_or_else(|| "random object".into());
            match names::object(&name) {
                Some(o) => (
                    o.symbol.chars().next()?,
                    super::catalog::colour(o.colour),
                    "object",
                    name,
                ),
                None => (
                    vaultwright_model::view::ANY_OBJECT_GLYPH,
                    vaultwright_model::view::Rgb::RANDOM_PICK,
                    "object",
                    format!("{name} (unknown to the game)"),
                ),
            }
        }
        "trap" => (
            '^',
            Clr::Magenta.rgb(),
            "trap",
            named("type").unwrap_or_else(|| "random trap".into()),
        ),
        "door" => (
            '+',
            Clr::Brown.rgb(),
            "door",
            format!(
                "door ({})",
                named("state").unwrap_or_else(|| "random".into())
            ),
        ),
        "stair" | "ladder" => {
            let up = named("dir").is_some_and(|d| d == "up");
            let glyph = if up { '<' } else { '>' };
            (
                glyph,
                Clr::Gray.rgb(),
                "stair",
                format!("{} {}", call.function, if up { "up" } else { "down" }),
            )
        }
        "altar" => ('_', Clr::Gray.rgb(), "altar", "altar".into()),
        _ => return None,
    })
}
