//! The level a script builds: the game's 80×21 grid of map characters,
//! what is placed on it, and the frame coordinates count from (the last
//! `des.map` part, or the room whose `contents` runs).

use super::selection::{on_level, Selection};
pub use crate::nethack_common::size::{neighbours, COLNO, ROWNO};

/// The map characters the game knows (`char2typ`), `x` and `w` included.
pub const MAP_CHARS: &[u8] = b" #.-|+ACSH{\\K}PLZIWTFxBw";
/// Stone, the level's default filling.
pub const STONE: u8 = b' ';

/// One thing a call put on the level.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub x: i64,
    pub y: i64,
    /// The `des.*` function: "monster", "object", "trap", "stair"…
    pub kind: String,
    /// What was asked for ("soldier", "random", "up"…).
    pub name: String,
    /// The script's line that placed it.
    pub line: u32,
}

/// A room: its floor's corners (walls one cell outside), absolute.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Room {
    pub lx: i64,
    pub ly: i64,
    pub hx: i64,
    pub hy: i64,
}

/// A rectangle named by a region call, absolute.
#[derive(Clone, Debug, PartialEq)]
pub struct Marked {
    pub kind: String,
    pub corners: (i64, i64, i64, i64),
    pub line: u32,
}

/// A fixed coordinate a call gave beyond its frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Outside {
    pub line: u32,
    /// As the script wrote it (relative).
    pub at: (i64, i64),
    pub frame: Frame,
    /// Counted from a room (else from a map part).
    pub in_room: bool,
}

/// Where relative coordinates count from, and how far they reach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub x: i64,
    pub y: i64,
    pub width: i64,
    pub height: i64,
}

impl Frame {
    /// The game's default frame (`reset_xystart_size`): column 0 is
    /// never part of a level.
    pub const LEVEL: Frame = Frame {
        x: 1,
        y: 0,
        width: COLNO as i64 - 1,
        height: ROWNO as i64,
    };

    /// The frame's columns and rows that are on the level (a script's
    /// frame may reach far beyond it).
    pub fn on_level(&self) -> (std::ops::Range<i64>, std::ops::Range<i64>) {
        let clamp = |start: i64, len: i64, end: usize| {
            start.max(0)..start.saturating_add(len).min(end as i64)
        };
        (
            clamp(self.x, self.width, COLNO),
            clamp(self.y, self.height, ROWNO),
        )
    }
}

/// Stone or a wall: what no walk crosses without digging.
pub fn is_rock(c: u8) -> bool {
    matches!(c, STONE | b'-' | b'|')
}

pub struct Level {
    terrain: Vec<u8>,
    /// The line that last wrote each cell (0: nothing did).
    lines: Vec<u32>,
    pub placed: Vec<Placed>,
    pub rooms: Vec<Room>,
    pub marked: Vec<Marked>,
    pub flags: Vec<String>,
    pub messages: Vec<String>,
    /// The frame of the last map part (the level before any).
    pub map: Frame,
    /// Rooms whose `contents` are running, innermost last.
    pub room_stack: Vec<Room>,
    /// What the view should say was drawn as one example for the seed.
    pub examples: Vec<String>,
    /// Whether `level_init` ran (the game aligns maps differently then).
    pub initialised: bool,
    /// Each map part's frame and the line that drew it.
    pub parts: Vec<(Frame, u32)>,
    /// Fixed coordinates given beyond their frame.
    pub outside: Vec<Outside>,
    /// Calls whose random spot found no cell that fits (the game's
    /// "get_location: can't find a place!"), by line.
    pub unplaced: Vec<u32>,
    /// Monsters a fixed coordinate put in stone or a wall when placed:
    /// the line and the cell.
    pub in_rock: Vec<(u32, (i64, i64))>,
}

impl Default for Level {
    fn default() -> Self {
        Level {
            terrain: vec![STONE; COLNO * ROWNO],
            lines: vec![0; COLNO * ROWNO],
            placed: Vec::new(),
            rooms: Vec::new(),
            marked: Vec::new(),
            flags: Vec::new(),
            messages: Vec::new(),
            map: Frame::LEVEL,
            room_stack: Vec::new(),
            examples: Vec::new(),
            initialised: false,
            parts: Vec::new(),
            outside: Vec::new(),
            unplaced: Vec::new(),
            in_rock: Vec::new(),
        }
    }
}

impl Level {
    pub fn at(&self, x: i64, y: i64) -> u8 {
        if on_level(x, y) {
            self.terrain[y as usize * COLNO + x as usize]
        } else {
            STONE
        }
    }

    pub fn line_at(&self, x: i64, y: i64) -> u32 {
        if on_level(x, y) {
            self.lines[y as usize * COLNO + x as usize]
        } else {
            0
        }
    }

    pub fn put(&mut self, x: i64, y: i64, c: u8, line: u32) {
        if on_level(x, y) {
            self.terrain[y as usize * COLNO + x as usize] = c;
            self.lines[y as usize * COLNO + x as usize] = line;
        }
    }

    pub fn fill(&mut self, c: u8, line: u32) {
        self.terrain.fill(c);
        self.lines.fill(line);
    }

    /// The frame relative coordinates count from now: the innermost room
    /// whose contents run, else the last map part.
    pub fn frame(&self) -> Frame {
        match self.room_stack.last() {
            Some(r) => Frame {
                x: r.lx,
                y: r.ly,
                width: r.hx - r.lx + 1,
                height: r.hy - r.ly + 1,
            },
            None => self.map,
        }
    }

    /// The rows as text (what `compile` writes for a seed).
    pub fn rows(&self) -> Vec<String> {
        self.terrain
            .chunks(COLNO)
            .map(|row| row.iter().map(|&b| char::from(b)).collect())
            .collect()
    }

    /// Every cell whose character is one of `chars`.
    pub fn matching(&self, chars: &[u8]) -> Selection {
        let mut out = Selection::default();
        for y in 0..ROWNO as i64 {
            for x in 0..COLNO as i64 {
                if chars.contains(&self.at(x, y)) {
                    out.set(x, y, true);
                }
            }
        }
        out
    }

    /// The cells joined to (x, y) through cells of its character.
    pub fn flood(&self, x: i64, y: i64, diagonal: bool) -> Selection {
        let mut out = Selection::default();
        if !on_level(x, y) {
            return out;
        }
        let c = self.at(x, y);
        let mut todo = vec![(x, y)];
        out.set(x, y, true);
        while let Some((x, y)) = todo.pop() {
            for (dx, dy) in neighbours(diagonal) {
                let (nx, ny) = (x + dx, y + dy);
                if on_level(nx, ny) && !out.get(nx, ny) && self.at(nx, ny) == c {
                    out.set(nx, ny, true);
                    todo.push((nx, ny));
                }
            }
        }
        out
    }

    /// Stone next to floor becomes wall, as the game's `wallify` does:
    /// `-` where the floor is above or below, `|` beside it.
    pub fn wallify(&mut self, area: Option<(i64, i64, i64, i64)>, line: u32) {
        let (lx, ly, hx, hy) = area.unwrap_or((0, 0, COLNO as i64 - 1, ROWNO as i64 - 1));
        // Only the level's cells can change.
        let (lx, ly) = (lx.max(0), ly.max(0));
        let (hx, hy) = (hx.min(COLNO as i64 - 1), hy.min(ROWNO as i64 - 1));
        let mut walls = Vec::new();
        for y in ly..=hy {
            for x in lx..=hx {
                if self.at(x, y) != STONE || !on_level(x, y) {
                    continue;
                }
                let open = |dx: i64, dy: i64| is_open(self.at(x + dx, y + dy));
                if neighbours(true).iter().any(|&(dx, dy)| open(dx, dy)) {
                    let beside = open(-1, 0) || open(1, 0);
                    let vertical_run = open(0, -1) || open(0, 1);
                    walls.push((x, y, if beside && !vertical_run { b'|' } else { b'-' }));
                }
            }
        }
        for (x, y, c) in walls {
            self.put(x, y, c, line);
        }
    }
}

/// Floor-like cells: what walls grow around and monsters stand on.
pub fn is_open(c: u8) -> bool {
    matches!(
        c,
        b'.' | b'#' | b'+' | b'S' | b'{' | b'\\' | b'K' | b'I' | b'T' | b'F' | b'<' | b'>'
    )
}
