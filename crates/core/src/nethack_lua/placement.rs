//! What a run of a level shows the game would fail to place as asked:
//! stairs and ladders no walk joins, a random spot no cell fits, a
//! monster put in stone or a wall. Over seeds, each once, with the first
//! seed that shows it.

use vaultwright_model::{Diagnostic, Span};

use super::run::level::{neighbours, Level, Placed, COLS, ROWS, STONE};
use super::run::selection::on_level;

/// Stairs or ladders a walk cannot join.
pub const UNREACHABLE: &str = "NL0216";
/// A random spot no cell of its area fits.
pub const NO_PLACE: &str = "NL0217";
/// A monster at a fixed spot in stone or a wall.
pub const IN_ROCK: &str = "NL0218";

/// Cells a walk cannot cross without digging or magic: stone and walls.
/// Water, lava, trees, bars, secret doors and `B` (which quest levels use
/// inside caves) are crossed (a player may have the means; the level may
/// mean it), so only a sealed-off stair is found.
fn blocks(c: u8) -> bool {
    matches!(c, STONE | b'-' | b'|')
}

/// The findings of one run; `line_span` turns a script line into a span.
pub fn findings(level: &Level, line_span: impl Fn(u32) -> Span) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for &line in &level.unplaced {
        found.push(
            Diagnostic::warning(NO_PLACE, "no cell of its area fits this random spot", line_span(line))
                .with_note("the game says \"get_location: can't find a place!\" and puts it in the area's last cell anyway"),
        );
    }
    for &(line, (x, y), c) in &level.in_rock {
        let what = if c == STONE { "solid rock" } else { "a wall" };
        found.push(
            Diagnostic::warning(
                IN_ROCK,
                format!("the monster is placed in {what}, at level ({x}, {y})"),
                line_span(line),
            )
            .with_note("the game puts it there: only a monster that passes through rock can move"),
        );
    }
    if let Some((a, b)) = unjoined(level) {
        found.push(
            Diagnostic::warning(
                UNREACHABLE,
                format!(
                    "the {} {} at ({}, {}) cannot be reached from the {} {} at ({}, {}) without digging or teleporting",
                    a.name, a.kind, a.x, a.y, b.name, b.kind, b.x, b.y
                ),
                line_span(a.line),
            )
            .with_note(format!(
                "stone or walls close one off from the other (the {} is placed at line {})",
                b.kind, b.line
            )),
        );
    }
    found
}

/// The first stair or ladder a walk from the first one does not reach.
/// Levels the view draws an example of (the game's own generator decides
/// rooms, caves and mazes) are not judged.
fn unjoined(level: &Level) -> Option<(&Placed, &Placed)> {
    if !level.examples.is_empty() {
        return None;
    }
    let mut ways = level
        .placed
        .iter()
        .filter(|p| matches!(p.kind.as_str(), "stair" | "ladder") && on_level(p.x, p.y));
    let first = ways.next()?;
    let reached = walk(level, (first.x, first.y));
    ways.find(|p| !reached[p.y as usize * COLS + p.x as usize])
        .map(|p| (p, first))
}

/// Every cell a walk from `start` reaches, in the eight directions (a
/// doorway's diagonal rule aside: the walk errs towards joining).
fn walk(level: &Level, start: (i64, i64)) -> Vec<bool> {
    let mut seen = vec![false; COLS * ROWS];
    let mut todo = vec![start];
    seen[start.1 as usize * COLS + start.0 as usize] = true;
    while let Some((x, y)) = todo.pop() {
        for &(dx, dy) in neighbours(true) {
            let (nx, ny) = (x + dx, y + dy);
            if !on_level(nx, ny) {
                continue;
            }
            let i = ny as usize * COLS + nx as usize;
            if !seen[i] && !blocks(level.at(nx, ny)) {
                seen[i] = true;
                todo.push((nx, ny));
            }
        }
    }
    seen
}
