//! Terminal rendering: diagnostics as source snippets with carets, views
//! as text grids (with ANSI colour on a terminal).
//!
//! The games' colours are drawn as the terminal's own 16 on a terminal
//! unless `NO_COLOR` is set, with a legend under tile maps (`--color`,
//! `--legend`).

use std::fmt::Write;

use vaultwright::source::floor_char_boundary;
use vaultwright::view::{LegendLayer, Rgb, RoomLayout, TileMap, View};
use vaultwright::{Diagnostic, LineIndex, Severity, Span};

pub fn diagnostics(path: &str, text: &str, diags: &[Diagnostic], color: bool) -> String {
    if diags.is_empty() {
        // Most files of a large set have no findings: no line index for them.
        return String::new();
    }
    let index = LineIndex::new(text);
    let mut out = String::new();
    let paint = |code: &str, s: &str| {
        if color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    };
    for d in diags {
        let (label, c) = match d.severity {
            Severity::Error => ("error", "1;31"),
            Severity::Warning => ("warning", "1;33"),
            Severity::Note => ("note", "1;36"),
        };
        let start = index.line_col(text, floor_char_boundary(text, d.span.start as usize));
        let _ = writeln!(
            out,
            "{}: {}",
            paint(c, &format!("{label}[{}]", d.code)),
            d.message
        );
        let _ = writeln!(out, "  --> {path}:{}:{}", start.line, start.column);
        let line_no = start.line as usize - 1;
        let range = index.line_range(text, line_no);
        let line_text = &text[range.clone()];
        let gutter = start.line.to_string().len();
        let _ = writeln!(out, "{:gutter$} |", "");
        let _ = writeln!(out, "{} | {}", start.line, line_text.replace('\t', " "));
        let width = caret_width(text, d.span, range.end);
        let _ = writeln!(
            out,
            "{:gutter$} | {}{}",
            "",
            " ".repeat(start.column as usize - 1),
            paint(c, &"^".repeat(width))
        );
        for n in &d.notes {
            let _ = writeln!(out, "{:gutter$} = note: {n}", "");
        }
        if let Some(l) = d.compat_line.filter(|&l| l != start.line) {
            let _ = writeln!(
                out,
                "{:gutter$} = note: the original tool reports this at line {l}",
                ""
            );
        }
        out.push('\n');
    }
    out
}

/// How many characters of its first line a span covers (at least one).
/// A span is only as good as what made it: its ends are moved back to
/// character boundaries rather than trusted to be on them.
fn caret_width(text: &str, span: Span, line_end: usize) -> usize {
    let start = floor_char_boundary(text, (span.start as usize).min(line_end));
    let end = floor_char_boundary(text, (span.end as usize).min(line_end)).max(start);
    text.get(start..end).map_or(0, |s| s.chars().count()).max(1)
}

/// How a view is printed: colour (a terminal that wants it) and the
/// legend under a tile map.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
    pub legend: bool,
}

/// The SGR sequence of a foreground colour: the terminal's own sixteen
/// colours for the games' palette (so the terminal's palette draws them,
/// as it draws the games), the nearest of the 256-colour cube otherwise.
fn sgr(fg: Rgb) -> String {
    match fg.tty_index() {
        Some(i) if i < 8 => format!("\x1b[{}m", 30 + i),
        Some(i) => format!("\x1b[{}m", 90 + (i - 8)),
        None => format!("\x1b[38;5;{}m", xterm256(fg)),
    }
}

/// The nearest entry of the xterm 256-colour table outside its first
/// sixteen: the 6×6×6 cube or the grey ramp.
fn xterm256(c: Rgb) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let nearest = |v: u8| {
        (0..6)
            .min_by_key(|&i| (i32::from(LEVELS[i]) - i32::from(v)).abs())
            .unwrap_or(0)
    };
    let (r, g, b) = (nearest(c.0), nearest(c.1), nearest(c.2));
    let cube = (16 + 36 * r + 6 * g + b) as u8;
    let dist = |x: (u8, u8, u8)| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(x.0, c.0) + d(x.1, c.1) + d(x.2, c.2)
    };
    let cube_rgb = (LEVELS[r], LEVELS[g], LEVELS[b]);
    // The grey ramp: 24 steps from 8 to 238.
    let mean = (u32::from(c.0) + u32::from(c.1) + u32::from(c.2)) / 3;
    let step = (mean.saturating_sub(8) / 10).min(23) as u8;
    let grey = 8 + 10 * step;
    if dist((grey, grey, grey)) < dist(cube_rgb) {
        232 + step
    } else {
        cube
    }
}

fn paint(g: char, fg: Rgb, color: bool) -> String {
    if color && g != ' ' {
        format!("{}{g}\x1b[0m", sgr(fg))
    } else {
        g.to_string()
    }
}

pub fn view(view: &View, style: Style) -> String {
    match view {
        View::TileMap(m) => tile_map(m, style),
        View::RoomLayout(r) => room_layout(r, style.color),
        View::BranchGraph(g) => branch_graph(g),
        View::EntityTable(t) => entity_table(t),
        View::Binary(b) => format!(
            "{}: {} bytes, {} fields\n",
            b.file,
            b.bytes.len(),
            b.fields.len()
        ),
    }
}

fn tile_map(m: &TileMap, style: Style) -> String {
    let mut grid: Vec<Vec<(char, Rgb)>> = (0..m.height)
        .map(|y| {
            (0..m.width)
                .map(|x| {
                    m.cell(x, y)
                        .map(|c| (c.glyph, c.fg))
                        .unwrap_or((' ', Rgb::GRAY))
                })
                .collect()
        })
        .collect();
    for mk in &m.markers {
        if mk.x >= 0 && mk.y >= 0 && (mk.y as u32) < m.height && (mk.x as u32) < m.width {
            grid[mk.y as usize][mk.x as usize] = (mk.glyph, mk.fg);
        }
    }
    let mut out = grid_text(&grid, style.color);
    for n in &m.notes {
        let _ = writeln!(out, "note: {n}");
    }
    for mk in &m.markers {
        let _ = writeln!(
            out,
            "  {} ({:>2},{:>2}) {}",
            paint(mk.glyph, mk.fg, style.color),
            mk.x,
            mk.y,
            mk.label
        );
    }
    if style.legend {
        out.push_str(&legend(m, style.color));
    }
    out
}

/// The legend: one line per distinct glyph, colour and meaning, with how
/// many cells or markers carry it.
fn legend(m: &TileMap, color: bool) -> String {
    let mut out = String::from("legend:\n");
    for e in m.legend() {
        let glyph = if e.glyph == ' ' {
            // A blank glyph, shown as the symbol for a space.
            "\u{2420}".to_string()
        } else {
            paint(e.glyph, e.fg, color)
        };
        let what = match e.layer {
            LegendLayer::Terrain => e.meaning,
            LegendLayer::Marker => format!("{}: {}", e.category, e.meaning),
        };
        let _ = writeln!(out, "  {glyph}  {what}  ×{}", e.count);
    }
    out
}

fn grid_text(grid: &[Vec<(char, Rgb)>], color: bool) -> String {
    let mut out = String::new();
    for row in grid {
        let mut line = String::new();
        for &(g, fg) in row {
            line.push_str(&paint(g, fg, color));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn room_layout(r: &RoomLayout, color: bool) -> String {
    let (w, h) = (r.width as i32, r.height as i32);
    let mut grid = vec![vec![(' ', Rgb::GRAY); w as usize]; h as usize];
    let mut put = |x: i32, y: i32, g: char, fg: Rgb| {
        if x >= 0 && y >= 0 && x < w && y < h {
            grid[y as usize][x as usize] = (g, fg);
        }
    };
    for c in &r.corridors {
        for seg in c.points.windows(2) {
            let ((x0, y0), (x1, y1)) = (seg[0], seg[1]);
            let (mut x, mut y) = (x0, y0);
            while (x, y) != (x1, y1) {
                put(x, y, '#', Rgb::GRAY);
                x += (x1 - x).signum();
                if x == x1 {
                    y += (y1 - y).signum();
                }
            }
            put(x1, y1, '#', Rgb::GRAY);
        }
    }
    for room in &r.rooms {
        let Rect4 { x, y, w: rw, h: rh } = Rect4::of(room);
        // Only the part of the room inside the drawing is walked, so a room
        // placed far away costs nothing.
        let (top, bottom) = ((y - 1).max(0), (y + rh).min(h - 1));
        let (left, right) = ((x - 1).max(0), (x + rw).min(w - 1));
        for yy in top..=bottom {
            for xx in left..=right {
                let border_y = yy == y - 1 || yy == y + rh;
                let border_x = xx == x - 1 || xx == x + rw;
                let g = if border_y {
                    '-'
                } else if border_x {
                    '|'
                } else {
                    '.'
                };
                put(
                    xx,
                    yy,
                    g,
                    if room.random {
                        Rgb::DARK_GRAY
                    } else {
                        Rgb::GRAY
                    },
                );
            }
        }
        for d in &room.doors {
            put(d.x, d.y, '+', Rgb::BROWN);
        }
        for m in &room.contents {
            put(m.x, m.y, m.glyph, m.fg);
        }
    }
    let mut out = grid_text(&grid, color);
    for n in &r.notes {
        let _ = writeln!(out, "note: {n}");
    }
    for (i, room) in r.rooms.iter().enumerate() {
        let _ = writeln!(
            out,
            "  room {i}: {}{} {}x{} at ({},{}){}{}",
            room.kind,
            room.name
                .as_ref()
                .map(|n| format!(" \"{n}\""))
                .unwrap_or_default(),
            room.rect.w,
            room.rect.h,
            room.rect.x,
            room.rect.y,
            room.parent
                .map(|p| format!(" inside room {p}"))
                .unwrap_or_default(),
            if room.random {
                " (random placement)"
            } else {
                ""
            }
        );
    }
    out
}

struct Rect4 {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

impl Rect4 {
    fn of(room: &vaultwright::view::Room) -> Rect4 {
        Rect4 {
            x: room.rect.x,
            y: room.rect.y,
            w: room.rect.w,
            h: room.rect.h,
        }
    }
}

fn branch_graph(g: &vaultwright::view::BranchGraph) -> String {
    let mut out = String::new();
    match g.roll {
        Some(seed) => {
            let _ = writeln!(out, "rolled layout (seed {seed}):");
        }
        None => {
            let _ = writeln!(out, "branch graph:");
        }
    }
    for (i, d) in g.dungeons.iter().enumerate() {
        let _ = writeln!(
            out,
            "  [{i}] {}  ({}–{}){}",
            d.name,
            d.depth_range.0,
            d.depth_range.1,
            if d.detail.is_empty() {
                String::new()
            } else {
                format!("  {}", d.detail)
            }
        );
        for l in &d.levels {
            let at = if l.depth_range.0 == l.depth_range.1 {
                format!("{}", l.depth_range.0)
            } else {
                format!("{}–{}", l.depth_range.0, l.depth_range.1)
            };
            let _ = writeln!(
                out,
                "        {at:>7}  {}{}",
                l.name,
                if l.detail.is_empty() {
                    String::new()
                } else {
                    format!("  ({})", l.detail)
                }
            );
        }
        for b in g.branches.iter().filter(|b| b.from == i) {
            let to = g.dungeons.get(b.to).map(|d| d.name.as_str()).unwrap_or("?");
            let at = if b.depth_range.0 == b.depth_range.1 {
                format!("{}", b.depth_range.0)
            } else {
                format!("{}–{}", b.depth_range.0, b.depth_range.1)
            };
            let _ = writeln!(out, "        {at:>7}  ⇒ {to} ({} {})", b.kind, b.dir);
        }
    }
    for n in &g.notes {
        let _ = writeln!(out, "note: {n}");
    }
    out
}

fn entity_table(t: &vaultwright::view::EntityTable) -> String {
    let mut out = String::new();
    for row in &t.rows {
        let _ = writeln!(out, "{}", row.name);
        for (k, v) in &row.fields {
            let first = v.lines().next().unwrap_or("");
            let more = if v.contains('\n') { " …" } else { "" };
            let dice = row
                .dice
                .iter()
                .find(|d| &d.field == k)
                .map(|d| format!("   [{}..{}, mean {:.1}]", d.min, d.max, d.mean))
                .unwrap_or_default();
            let _ = writeln!(out, "  {k:<7} {first}{more}{dice}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "{} entries", t.rows.len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_inside_a_character_draws_without_panicking() {
        // "é" is bytes 2..4; the span starts and ends inside characters.
        let text = "a é€ b\n";
        let d = Diagnostic::error("NH0001", "here", Span { start: 3, end: 6 });
        let out = diagnostics("f", text, &[d], false);
        assert!(out.contains("--> f:1:3"), "{out}");
        assert!(out.contains("1 | a é€ b\n  |   ^\n"), "{out}");
    }

    #[test]
    fn a_span_past_the_end_points_at_the_last_line() {
        let text = "ab\ncd";
        let d = Diagnostic::error("NH0001", "here", Span { start: 40, end: 44 });
        let out = diagnostics("f", text, &[d], false);
        assert!(out.contains("--> f:2:3"), "{out}");
    }
}
