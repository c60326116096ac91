//! What map2c leaves to the C compiler or the game, checked: names
//! against the game's lists (with the nearest as a hint), one SQUARE per
//! cell, a legend for every map character, well-formed globals.

use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;

use super::{
    kind_of, names, names_of, LegendToken, MapBlock, Room, BAD_VALUE, EMPTY_MAP, EXPLICIT_NONE,
    LEVELS, NO_LEGEND, ORIGINAL_WARNING, SQUARE_COUNT, UNKNOWN_NAME,
};

/// The error for a map character without a legend entry, at its first
/// cell. A character of several bytes (map2c reads bytes, and a legend
/// letter is one byte, so none of them has an entry) is reported once, at
/// its first byte, for the whole character.
fn no_legend(map: &MapBlock, c: u8, x: usize, y: usize, cell: Span) -> Option<Diagnostic> {
    let (shown, span, bytes) = if c.is_ascii() {
        (format!("`{}`", c as char), cell, 1)
    } else {
        let row = &map.rows.get(y)?.1;
        let ch = vaultwright_model::source::char_starting_at(row, x)?;
        let len = ch.len_utf8();
        let span = Span::new(cell.start as usize, cell.start as usize + len);
        (format!("`{ch}` (U+{:04X})", ch as u32), span, len)
    };
    let mut d = Diagnostic::error(
        NO_LEGEND,
        format!("{shown} at ({x},{y}) has no legend entry"),
        span,
    )
    .with_note("map2c says \"Could not find symbol in Legend!\" and writes C without a SQUARE for the cell");
    if bytes > 1 {
        d.notes.push(format!(
            "map2c reads bytes: this character is {bytes} cells, and a legend letter is one byte"
        ));
    }
    Some(d)
}

/// Checks what map2c leaves to the compiler and the game.
pub(super) fn check(room: &mut Room) {
    let Some(map) = room.map.clone() else {
        return;
    };
    if map.width == 0 || map.rows.is_empty() {
        room.diagnostics.push(Diagnostic::error(
            EMPTY_MAP,
            "the map has no cells: map2c would write an empty array that does not compile",
            map.top,
        ));
    }
    // Names.
    for t in room.legend.clone() {
        match kind_of(&t.name) {
            None => {}
            Some(kind) => {
                if t.name.ends_with("_NONE") && names_of(kind).first() == Some(&t.name.as_str()) {
                    room.diagnostics.push(
                        Diagnostic::warning(
                            EXPLICIT_NONE,
                            format!("{} ends its list early", t.name),
                            t.span,
                        )
                        .with_note("the game stops reading a list at its first *_NONE entry"),
                    );
                } else if !names_of(kind).contains(&t.name.as_str()) {
                    let suggestion = closest(&t.name, names_of(kind));
                    let mut d = Diagnostic::error(
                        UNKNOWN_NAME,
                        format!("unknown {} name `{}`", kind.to_ascii_uppercase(), t.name),
                        t.span,
                    )
                    .with_note("map2c copies it into the C file, which then does not compile");
                    if let Some(s) = suggestion {
                        d.notes.push(format!("did you mean `{s}`?"));
                    }
                    room.diagnostics.push(d);
                }
            }
        }
    }
    // Every used character: a legend, with exactly one SQUARE.
    let mut used: Vec<u8> = Vec::new();
    for (_, row) in &map.rows {
        for &c in row {
            if !used.contains(&c) {
                used.push(c);
            }
        }
    }
    for &c in &used {
        let entries: Vec<&LegendToken> = room.legend.iter().filter(|t| t.letter == c).collect();
        let first_cell = map.rows.iter().enumerate().find_map(|(y, (span, row))| {
            row.iter().position(|&x| x == c).map(|x| {
                (
                    x,
                    y,
                    Span::new(span.start as usize + x, span.start as usize + x + 1),
                )
            })
        });
        let Some((x, y, cell_span)) = first_cell else {
            continue;
        };
        if entries.is_empty() {
            if let Some(d) = no_legend(&map, c, x, y, cell_span) {
                room.diagnostics.push(d);
            }
            continue;
        }
        let squares: Vec<&&LegendToken> = entries
            .iter()
            .filter(|t| kind_of(&t.name) == Some("square"))
            .collect();
        if squares.len() != 1 {
            let span = squares.get(1).map(|t| t.span).unwrap_or(entries[0].span);
            room.diagnostics.push(
                Diagnostic::error(
                    SQUARE_COUNT,
                    format!(
                        "`{}` has {} SQUARE_* entries; every cell needs exactly one",
                        c as char,
                        squares.len()
                    ),
                    span,
                )
                .with_note(if squares.is_empty() {
                    "map2c writes an empty slot in the grid: the C does not compile"
                } else {
                    "map2c writes the names back to back: the C does not compile"
                }),
            );
        }
    }
    // Unknown-prefix names: map2c's warning, once per cell that uses them.
    for (_, row) in &map.rows {
        for &c in row {
            for t in room.legend.iter().rev().filter(|t| t.letter == c) {
                if kind_of(&t.name).is_none() {
                    let mut d = Diagnostic::warning(
                        ORIGINAL_WARNING,
                        format!("Unknown square type {}, ignoring", t.name),
                        t.span,
                    );
                    d.original = true;
                    room.diagnostics.push(d);
                }
            }
        }
    }
    // Globals the compiler or the game would reject.
    let g = room.globals.clone();
    let span_of = |k: &str| {
        g.spans
            .iter()
            .find(|(n, _)| *n == k)
            .map(|(_, s)| *s)
            .unwrap_or(map.top)
    };
    for (k, v) in [
        ("rarity", g.rarity),
        ("mandatory", g.mandatory),
        ("onlyonce", g.onlyonce),
        ("allowstairs", g.allowstairs),
        ("allowgeneration", g.allowgeneration),
        ("allowdig", g.allowdig),
        ("allowitems", g.allowitems),
        ("allowtele", g.allowtele),
    ] {
        if !(0..=255).contains(&v) {
            room.diagnostics.push(Diagnostic::error(
                BAD_VALUE,
                format!("{k} = {v} does not fit the game's unsigned byte (0..255)"),
                span_of(k),
            ));
        }
    }
    let quest_ok = g.quest == "-1"
        || names::GOD.contains(&g.quest.as_str())
        || g.quest
            .parse::<i64>()
            .is_ok_and(|v| (-128..=127).contains(&v));
    if !quest_ok {
        let mut d = Diagnostic::error(
            BAD_VALUE,
            format!("quest = {} is not a god (GOD_*) nor -1", g.quest),
            span_of("quest"),
        );
        if let Some(s) = closest(&g.quest, &names::GOD) {
            d.notes.push(format!("did you mean `{s}`?"));
        }
        room.diagnostics.push(d);
    }
    if g.minlevel >= 0 && g.maxlevel >= 0 && g.minlevel > g.maxlevel {
        room.diagnostics.push(Diagnostic::warning(
            LEVELS,
            format!(
                "minlevel {} is above maxlevel {}: the room is never chosen",
                g.minlevel, g.maxlevel
            ),
            span_of("minlevel"),
        ));
    }
}

/// The nearest name within 3 edits, upper case and lower alike; ties go
/// to the name first in byte order, if close enough to be a typo.
pub(super) fn closest(name: &str, list: &[&'static str]) -> Option<&'static str> {
    let mut in_order = list.to_vec();
    in_order.sort_unstable();
    crate::suggest::nearest_folded(name, in_order, 3, str::to_ascii_uppercase)
}
