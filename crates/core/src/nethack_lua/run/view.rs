//! One realisation drawn: the 80×21 level as the script left it for a
//! seed, each cell and each placed thing tied to the script line that
//! made it.

use std::collections::HashMap;

use vaultwright_model::view::{Area, Cell, Marker, Rgb, TileMap};
use vaultwright_model::Span;

use super::level::{Placed, COLNO, ROWNO};
use super::{Realisation, StopKind};
use crate::nethack_common::colours::Clr;
use crate::nethack_common::look;
use crate::nethack_lua::calls::DesCall;
use crate::nethack_lua::{catalog, names, preview};

pub fn tile_map(source: &str, calls: &[DesCall], seed: u64, done: &Realisation) -> TileMap {
    let lines = LineSpans::of(source);
    let level = &done.level;
    let drawn = drawn_characters(source, calls, &lines, done);
    let mut cells = Vec::with_capacity(COLNO * ROWNO);
    for y in 0..ROWNO as i64 {
        for x in 0..COLNO as i64 {
            let c = level.at(x, y);
            let horizontal = level.at(x - 1, y) == b'-' || level.at(x + 1, y) == b'-';
            let (glyph, fg, kind) = look::terrain(c, horizontal);
            let from_drawing = drawn.get(&(x, y));
            cells.push(Cell {
                glyph,
                fg,
                bg: None,
                kind: kind.to_string(),
                origin: from_drawing
                    .map(|&(at, _)| Span::new(at, at + 1))
                    .or_else(|| lines.span(level.line_at(x, y))),
                source_xy: from_drawing.map(|&(_, xy)| xy),
            });
        }
    }
    let markers = level
        .placed
        .iter()
        .filter_map(|p| marker(p, &lines))
        .collect();
    let mut areas: Vec<Area> = level
        .marked
        .iter()
        .map(|m| Area {
            x1: m.corners.0 as i32,
            y1: m.corners.1 as i32,
            x2: m.corners.2 as i32,
            y2: m.corners.3 as i32,
            kind: m.kind.clone(),
            label: m.kind.clone(),
            origin: lines.span(m.line).unwrap_or_default(),
        })
        .collect();
    areas.extend(level.parts.iter().map(|(f, line)| Area {
        x1: f.x as i32,
        y1: f.y as i32,
        x2: (f.x + f.width - 1) as i32,
        y2: (f.y + f.height - 1) as i32,
        kind: "map part".into(),
        label: format!("map part ({}×{})", f.width, f.height),
        origin: lines.span(*line).unwrap_or_default(),
    }));
    TileMap {
        width: COLNO as u32,
        height: ROWNO as u32,
        cells,
        markers,
        areas,
        notes: notes(seed, done),
        ..TileMap::default()
    }
}

/// The level cells a `des.map` drawing still holds, each with its
/// character's byte and its place in the drawing (what hovering shows and
/// painting rewrites).
fn drawn_characters(
    source: &str,
    calls: &[DesCall],
    lines: &LineSpans,
    done: &Realisation,
) -> HashMap<(i64, i64), (usize, (i32, i32))> {
    let mut out = HashMap::new();
    for (frame, line) in &done.level.parts {
        let Some(span) = lines.span(*line) else {
            continue;
        };
        let call = calls
            .iter()
            .filter(|c| c.function == "map")
            .find(|c| c.span.start <= span.end && span.start <= c.span.end);
        let Some(rows) = call.and_then(|c| preview::drawing_cells(source, c)) else {
            continue;
        };
        for (j, row) in rows.iter().enumerate() {
            for (i, &(_, at)) in row.iter().enumerate() {
                let (x, y) = (frame.x + i as i64, frame.y + j as i64);
                if done.level.line_at(x, y) == *line {
                    out.insert((x, y), (at, (i as i32, j as i32)));
                }
            }
        }
    }
    out
}

fn notes(seed: u64, done: &Realisation) -> Vec<String> {
    let mut notes = vec![format!(
        "the level as the script makes it for seed {seed}: map parts and fixed spots exactly as the game places them, random spots as this seed picks them"
    )];
    let mut examples = done.level.examples.clone();
    examples.dedup();
    if !examples.is_empty() {
        notes.push(format!(
            "{} decided by the game's own generator: drawn as one example for this seed",
            examples.join(", ")
        ));
    }
    if let Some(stop) = done.stop.as_ref().filter(|s| super::not_run_here(s)) {
        // Not a stop of the game's: the studio did not run the script.
        notes.push(stop.message.clone());
    } else if let Some(stop) = &done.stop {
        let what = match stop.kind {
            StopKind::Error => "the game stops making the level here",
            StopKind::Steps | StopKind::Memory => "the run was stopped",
        };
        notes.push(format!("{what} (line {}): {}", stop.line, stop.message));
    }
    notes
}

/// Each line's span in the source (line 1 first).
struct LineSpans(Vec<Span>);

impl LineSpans {
    fn of(source: &str) -> LineSpans {
        let mut at = 0;
        let mut spans = Vec::new();
        for line in source.split('\n') {
            let content = line.trim_end_matches('\r');
            spans.push(Span::new(at, at + content.len()));
            at += line.len() + 1;
        }
        LineSpans(spans)
    }

    /// The span of line `n` (1-based); `None` for 0 or past the end.
    fn span(&self, n: u32) -> Option<Span> {
        let i = usize::try_from(n).ok()?.checked_sub(1)?;
        self.0.get(i).copied()
    }
}

fn marker(p: &Placed, lines: &LineSpans) -> Option<Marker> {
    let (glyph, fg, what) = look(p)?;
    let random = p.name == "random";
    Some(Marker {
        x: p.x as i32,
        y: p.y as i32,
        glyph,
        fg,
        kind: p.kind.clone(),
        label: format!("{what} · at level ({},{}) · line {}", p.x, p.y, p.line),
        random,
        origin: lines.span(p.line).unwrap_or_default(),
        what,
        source_xy: None,
        pick: None,
    })
}

fn look(p: &Placed) -> Option<(char, Rgb, String)> {
    let name = p.name.as_str();
    Some(match p.kind.as_str() {
        "monster" => monster_look(name),
        "object" => object_look(name),
        "trap" => ('^', Clr::Magenta.rgb(), format!("trap ({name})")),
        "stair" | "ladder" => {
            let glyph = if name == "up" { '<' } else { '>' };
            (glyph, Clr::Gray.rgb(), format!("{} {name}", p.kind))
        }
        "altar" => ('_', Clr::Gray.rgb(), format!("altar ({name})")),
        "gold" => ('$', Clr::Yellow.rgb(), format!("{name} gold pieces")),
        "engraving" => ('~', Clr::Gray.rgb(), format!("engraving \"{name}\"")),
        "grave" => ('|', Clr::Gray.rgb(), "grave".into()),
        "drawbridge" => ('#', Clr::Brown.rgb(), format!("drawbridge ({name})")),
        "gas cloud" => ('#', Clr::Green.rgb(), "gas cloud".into()),
        _ => return None,
    })
}

fn monster_look(name: &str) -> (char, Rgb, String) {
    if name.chars().count() == 1 {
        let class = name.chars().next().unwrap_or('?');
        return (
            class,
            Rgb::RANDOM_PICK,
            format!("random monster of class '{class}'"),
        );
    }
    let found = names::MONSTERS.iter().find(|m| {
        [m.name, m.male, m.female]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
    });
    match found {
        Some(m) => (
            m.symbol.chars().next().unwrap_or('?'),
            catalog::colour(m.colour),
            name.to_string(),
        ),
        None => (
            vaultwright_model::view::ANY_MONSTER_GLYPH,
            Rgb::RANDOM_PICK,
            "random monster".into(),
        ),
    }
}

fn object_look(name: &str) -> (char, Rgb, String) {
    if name.chars().count() == 1 {
        let class = name.chars().next().unwrap_or('?');
        return (
            class,
            Rgb::RANDOM_PICK,
            format!("random object of class '{class}'"),
        );
    }
    match names::object(name) {
        Some(o) => (
            o.symbol.chars().next().unwrap_or('?'),
            catalog::colour(o.colour),
            name.to_string(),
        ),
        None => (
            vaultwright_model::view::ANY_OBJECT_GLYPH,
            Rgb::RANDOM_PICK,
            "random object".into(),
        ),
    }
}

/// The realisation as text: the level's 21 rows as the game's map
/// characters, then each thing placed, with the line that placed it.
pub fn text(seed: u64, done: &Realisation) -> String {
    let mut out = format!("# the level as run for seed {seed}\n");
    for row in done.level.rows() {
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out.push('\n');
    for p in &done.level.placed {
        out.push_str(&format!(
            "{:>2},{:>2}  {:<10} {}  (line {})\n",
            p.x, p.y, p.kind, p.name, p.line
        ));
    }
    if let Some(stop) = &done.stop {
        out.push_str(&format!(
            "\nstopped at line {}: {}\n",
            stop.line, stop.message
        ));
    }
    out
}
