//! How the game draws what every generation draws alike: map characters
//! (as terrain) and the dungeon features a level places (doors,
//! drawbridges, stairs, ladders, altars, fountains, sinks, pools, gold),
//! and the marks the views add for what the game never draws (engravings,
//! maze walks). Monsters, objects and traps differ by version: their
//! looks are the formats' own.

use super::colours::Clr;
use vaultwright_model::view::{Look, Pick, Rgb};

/// What the game always draws the same way.
pub fn fixed(glyph: char, fg: Clr, what: impl Into<String>) -> Look {
    Look {
        glyph,
        fg: fg.rgb(),
        what: what.into(),
        pick: None,
    }
}

/// A map character: the glyph the game shows for the terrain it makes,
/// the colour, and the terrain in words. Secret doors and corridors look
/// like what they hide in: a wall (its direction from `horizontal`) and
/// solid stone.
pub fn terrain(c: u8, horizontal: bool) -> (char, Rgb, &'static str) {
    let (glyph, fg, what) = match c {
        b' ' => (' ', Clr::Gray, "stone"),
        b'|' => ('|', Clr::Gray, "wall"),
        b'-' => ('-', Clr::Gray, "wall"),
        // A crosswall: the game draws it as a horizontal wall piece.
        b'B' => ('-', Clr::Gray, "boundary (crosswall)"),
        b'T' => ('#', Clr::Green, "tree"),
        b'S' if horizontal => ('-', Clr::Gray, "secret door (looks like a wall)"),
        b'S' => ('|', Clr::Gray, "secret door (looks like a wall)"),
        b'H' => (' ', Clr::Gray, "secret corridor (looks like stone)"),
        b'P' => ('}', Clr::Blue, "pool"),
        b'}' => ('}', Clr::Blue, "moat"),
        b'W' => ('}', Clr::Blue, "water"),
        b'L' => ('}', Clr::Red, "lava"),
        b'F' => ('#', Clr::Cyan, "iron bars"),
        b'+' => ('+', Clr::Brown, "door"),
        b'#' => ('#', Clr::Gray, "corridor"),
        b'.' => ('.', Clr::Gray, "room floor"),
        b'{' => ('{', Clr::Blue, "fountain"),
        b'\\' => ('\\', Clr::Yellow, "throne"),
        b'K' => ('#', Clr::Gray, "sink"),
        b'I' => ('.', Clr::Cyan, "ice"),
        // Open air is drawn blank; its colour shows only where a glyph is.
        b'A' => (' ', Clr::Cyan, "air"),
        b'C' => ('#', Clr::Gray, "cloud"),
        // The character as typed (so the mistake is visible where it is),
        // `?` for one that would not show.
        c if c.is_ascii_graphic() => (c as char, Clr::Red, "unknown map character"),
        _ => ('?', Clr::Red, "unknown map character"),
    };
    (glyph, fg.rgb(), what)
}

/// A DOOR by its state; `horizontal` when it sits in a horizontal wall
/// (an open door is drawn across its wall).
pub fn door(state: i32, horizontal: bool) -> Look {
    match state {
        0 => fixed('.', Clr::Gray, "doorway (no door)"),
        1 => fixed('.', Clr::Gray, "broken door"),
        2 if horizontal => fixed('|', Clr::Brown, "open door"),
        2 => fixed('-', Clr::Brown, "open door"),
        4 => fixed('+', Clr::Brown, "closed door"),
        8 => fixed('+', Clr::Brown, "locked door"),
        _ => Look {
            glyph: '+',
            fg: Rgb::RANDOM_PICK,
            what: "door (state chosen by the game)".into(),
            pick: Some(Pick::InClass),
        },
    }
}

/// A DRAWBRIDGE by its state: lowered (open) or raised (closed).
pub fn drawbridge(state: i32) -> Look {
    match state {
        2 => fixed('.', Clr::Brown, "lowered drawbridge"),
        4 | 8 => fixed('#', Clr::Brown, "raised drawbridge"),
        _ => Look {
            glyph: '#',
            fg: Rgb::RANDOM_PICK,
            what: "drawbridge (raised or lowered by the game)".into(),
            pick: Some(Pick::InClass),
        },
    }
}

pub fn stair(up: bool) -> Look {
    if up {
        fixed('<', Clr::Gray, "staircase up")
    } else {
        fixed('>', Clr::Gray, "staircase down")
    }
}

pub fn ladder(up: bool) -> Look {
    if up {
        fixed('<', Clr::Brown, "ladder up")
    } else {
        fixed('>', Clr::Brown, "ladder down")
    }
}

pub fn altar() -> Look {
    fixed('_', Clr::Gray, "altar")
}

pub fn fountain() -> Look {
    fixed('{', Clr::Blue, "fountain")
}

pub fn sink() -> Look {
    fixed('#', Clr::Gray, "sink")
}

pub fn pool() -> Look {
    fixed('}', Clr::Blue, "pool")
}

pub fn gold() -> Look {
    fixed('$', Clr::Yellow, "gold")
}

/// Engravings and maze walks have no glyph in the game (an engraving is
/// read, not seen); they are drawn with symbols the game never uses.
pub fn engraving() -> Look {
    Look {
        glyph: '≈',
        fg: Rgb::YELLOW,
        what: "engraving (not drawn by the game)".into(),
        pick: None,
    }
}

pub fn mazewalk() -> Look {
    Look {
        glyph: '»',
        fg: Rgb::BRIGHT_GREEN,
        what: "maze walk start (not drawn by the game)".into(),
        pick: None,
    }
}
