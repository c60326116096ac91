//! Terminal rendering: diagnostics as source snippets with carets, views
//! as text grids (with ANSI colour on a terminal).

use std::fmt::Write;

use vaultwright::source::floor_char_boundary;
use vaultwright::view::{Rgb, RoomLayout, TileMap, View};
use vaultwright::{Diagnostic, LineIndex, Severity, Span};

pub fn diagnostics(path: &str, text: &str, diags: &[Diagnostic], color: bool) -> String {
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

fn ansi(fg: Rgb) -> String {
    format!("\x1b[38;2;{};{};{}m", fg.0, fg.1, fg.2)
}

pub fn view(view: &View, color: bool) -> String {
    match view {
        View::TileMap(m) => tile_map(m, color),
        View::RoomLayout(r) => room_layout(r, color),
        View::BranchGraph(g) => branch_graph(g),
        View::EntityTable(t) => entity_table(t),
    }
}

fn tile_map(m: &TileMap, color: bool) -> String {
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
    let mut out = grid_text(&grid, color);
    for n in &m.notes {
        let _ = writeln!(out, "note: {n}");
    }
    for mk in &m.markers {
        let _ = writeln!(
            out,
            "  {} ({:>2},{:>2}){} {}",
            mk.glyph,
            mk.x,
            mk.y,
            if mk.random { " random" } else { "" },
            mk.label
        );
    }
    out
}

fn grid_text(grid: &[Vec<(char, Rgb)>], color: bool) -> String {
    let mut out = String::new();
    for row in grid {
        let mut line = String::new();
        for &(g, fg) in row {
            if color && g != ' ' {
                line.push_str(&ansi(fg));
                line.push(g);
                line.push_str("\x1b[0m");
            } else {
                line.push(g);
            }
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
        for yy in y - 1..=y + rh {
            for xx in x - 1..=x + rw {
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
        let d = Diagnostic::error("X0000", "here", Span { start: 3, end: 6 });
        let out = diagnostics("f", text, &[d], false);
        assert!(out.contains("--> f:1:3"), "{out}");
        assert!(out.contains("1 | a é€ b\n  |   ^\n"), "{out}");
    }

    #[test]
    fn a_span_past_the_end_points_at_the_last_line() {
        let text = "ab\ncd";
        let d = Diagnostic::error("X0000", "here", Span { start: 40, end: 44 });
        let out = diagnostics("f", text, &[d], false);
        assert!(out.contains("--> f:2:3"), "{out}");
    }
}
