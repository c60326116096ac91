//! What a run of a level shows the game would fail to place as asked:
//! stairs and ladders no walk joins, a random spot no cell fits, a
//! monster put in stone or a wall. Over seeds, each once, with the first
//! seed that shows it.

use vaultwright_model::{Diagnostic, Span};

use super::run::level::{is_rock, neighbours, Level, Marked, Placed, COLNO, ROWNO, STONE};
use crate::nethack_common::size::on_level;

/// Stairs, ladders and branch, stair or portal regions a walk cannot join.
pub const UNREACHABLE: &str = "NL0216";
/// A random spot no cell of its area fits.
pub const NO_PLACE: &str = "NL0217";
/// A monster at a fixed spot in stone or a wall.
pub const IN_ROCK: &str = "NL0218";

/// Every code of these findings: what tells them from the script's other
/// findings when the runs of more seeds add to them.
const CODES: [&str; 3] = [UNREACHABLE, NO_PLACE, IN_ROCK];

/// `code` as one of this file's codes (`None`: another finding's).
pub fn code(code: &str) -> Option<&'static str> {
    CODES.into_iter().find(|c| *c == code)
}

/// The findings of one run, made one at a time (over seeds most are
/// known already and dropped at once); `line_span` turns a script line
/// into a span.
pub fn findings<'a>(
    level: &'a Level,
    line_span: impl Fn(u32) -> Span + Copy + 'a,
) -> impl Iterator<Item = Diagnostic> + 'a {
    let unplaced = level.unplaced.iter().map(move |&line| {
        Diagnostic::warning(NO_PLACE, "no cell of its area fits this random spot", line_span(line))
            .with_note("the game says \"get_location: can't find a place!\" and puts it in the area's last cell anyway")
    });
    let in_rock = level
        .in_rock
        .iter()
        .filter_map(move |&(line, (x, y))| in_rock(level, (x, y), line_span(line)));
    let regions = unreachable_regions(level).into_iter().map(move |(region, why)| {
        Diagnostic::warning(UNREACHABLE, why, line_span(region.line)).with_note(
            "the game puts it on a floor, corridor or air cell of the region; stone or walls close all of them off",
        )
    });
    let unjoined = unjoined(level).map(|(a, b)| {
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
        ))
    });
    unplaced.chain(in_rock).chain(regions).chain(unjoined)
}

/// A monster the run put at a fixed spot that is stone or a wall.
fn in_rock(level: &Level, (x, y): (i64, i64), span: Span) -> Option<Diagnostic> {
    let c = level.at(x, y);
    if !is_rock(c) {
        return None;
    }
    let what = if c == STONE { "solid rock" } else { "a wall" };
    let d = Diagnostic::warning(
        IN_ROCK,
        format!("the monster is placed in {what}, at level ({x}, {y})"),
        span,
    )
    .with_note("the game puts it there: only a monster that passes through rock can move");
    Some(d)
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
    ways.find(|p| !reached[p.y as usize * COLNO + p.x as usize])
        .map(|p| (p, first))
}

/// The branch, stair and portal regions (`des.levregion`) whose floor and
/// corridor cells no walk from the first placed stair reaches, or that
/// hold none: each with what to say.
fn unreachable_regions(level: &Level) -> Vec<(&Marked, String)> {
    if !level.examples.is_empty() {
        return Vec::new();
    }
    let first = level
        .placed
        .iter()
        .find(|p| matches!(p.kind.as_str(), "stair" | "ladder") && on_level(p.x, p.y));
    let reached = first.map(|p| walk(level, (p.x, p.y)));
    let mut found = Vec::new();
    for m in &level.marked {
        let Some(what) = m
            .kind
            .strip_prefix("level region (")
            .and_then(|k| k.strip_suffix(')'))
            .filter(|k| matches!(*k, "branch" | "stair-up" | "stair-down" | "portal"))
        else {
            continue;
        };
        let (x1, y1, x2, y2) = m.corners;
        let cells: Vec<(i64, i64)> = (y1.max(0)..=y2.min(ROWNO as i64 - 1))
            .flat_map(|y| (x1.max(0)..=x2.min(COLNO as i64 - 1)).map(move |x| (x, y)))
            // `bad_location`'s floor, corridor and air; water too, where the
            // game makes its bubbles of air after the script (the Plane of
            // Water), and `B`, which it turns into floor.
            .filter(|&(x, y)| matches!(level.at(x, y), b'.' | b'#' | b'A' | b'W' | b'B'))
            .collect();
        if cells.is_empty() {
            found.push((m, format!("the {what} region ({x1},{y1})–({x2},{y2}) holds no floor, corridor or air cell for it")));
            continue;
        }
        let (Some(reached), Some(from)) = (&reached, first) else {
            continue;
        };
        if !cells
            .iter()
            .any(|&(x, y)| reached[y as usize * COLNO + x as usize])
        {
            found.push((
                m,
                format!(
                    "the {what} region ({x1},{y1})–({x2},{y2}) cannot be reached from the {} {} at ({}, {}) without digging or teleporting",
                    from.name, from.kind, from.x, from.y
                ),
            ));
        }
    }
    found
}

/// Every cell a walk from `start` reaches, in the eight directions, over
/// all but stone and walls: water, lava, trees, bars, secret doors and
/// `B` (which quest levels use inside caves) are crossed (a player may
/// have the means; the level may mean it), so only a sealed-off place is
/// found (the doorway diagonal rule aside: the walk errs towards joining).
fn walk(level: &Level, start: (i64, i64)) -> Vec<bool> {
    let mut seen = vec![false; COLNO * ROWNO];
    let mut todo = vec![start];
    seen[start.1 as usize * COLNO + start.0 as usize] = true;
    while let Some((x, y)) = todo.pop() {
        for &(dx, dy) in neighbours(true) {
            let (nx, ny) = (x + dx, y + dy);
            if !on_level(nx, ny) {
                continue;
            }
            let i = ny as usize * COLNO + nx as usize;
            if !seen[i] && !is_rock(level.at(nx, ny)) {
                seen[i] = true;
                todo.push((nx, ny));
            }
        }
    }
    seen
}
