//! The level a script builds: the game's 80×21 grid of map characters,
//! what is placed on it, and the frame coordinates count from (the last
//! `des.map` part, or the room whose `contents` runs).

use crate::nethack_common::selection::Selection;
use crate::nethack_common::size::on_level;
pub use crate::nethack_common::size::{neighbours, COLNO, ROWNO};
use crate::nethack_common::terrain::Terrain;
use crate::nethack_common::wallify::wallify_map;

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

pub use crate::nethack_common::frame::Frame;

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
            map: Frame::level(),
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
            Some(r) => Frame::room(r.lx, r.ly, r.hx, r.hy),
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

    /// `wallify_map` over the whole level.
    pub fn wallify_all(&mut self, line: u32) {
        let whole = (0, 0, COLNO as i64 - 1, ROWNO as i64 - 1);
        wallify_map(&mut self.building(b'.', line), whole);
    }

    /// The level as the builders shared with 3.6 see it, carving `floor`
    /// and drawing for the script's `line`.
    pub fn building(&mut self, floor: u8, line: u32) -> Building<'_> {
        Building {
            level: self,
            floor,
            line,
        }
    }
}

/// The level as the shared builders (the maze walk, `wallify_map`) see
/// it: map characters read as the game's location types.
pub struct Building<'a> {
    level: &'a mut Level,
    floor: u8,
    line: u32,
}

impl Terrain for Building<'_> {
    fn is_stone(&self, x: i64, y: i64) -> bool {
        on_level(x, y) && self.level.at(x, y) == STONE
    }
    fn is_door(&self, x: i64, y: i64) -> bool {
        self.level.at(x, y) == b'+'
    }
    fn is_room(&self, x: i64, y: i64) -> bool {
        // ROOM and the types after it (fountain, throne, sink, ice,
        // air, cloud), and a crosswall.
        matches!(
            self.level.at(x, y),
            b'.' | b'{' | b'\\' | b'K' | b'I' | b'A' | b'C' | b'B'
        )
    }
    fn carve(&mut self, x: i64, y: i64, _walked: bool) {
        self.level.put(x, y, self.floor, self.line);
    }
    fn wall(&mut self, x: i64, y: i64, horizontal: bool) {
        let c = if horizontal { b'-' } else { b'|' };
        self.level.put(x, y, c, self.line);
    }
}

/// Floor-like cells: what walls grow around and monsters stand on.
pub fn is_open(c: u8) -> bool {
    matches!(
        c,
        b'.' | b'#' | b'+' | b'S' | b'{' | b'\\' | b'K' | b'I' | b'T' | b'F' | b'<' | b'>'
    )
}
