//! The checker and compiler: walks the statements in source order doing
//! what the original's grammar actions do (same checks, same messages, same
//! order, same per-file error counter), plus the checks the original lacks,
//! and builds the `.lev` records of every level without errors.

use super::ast::*;
use super::dialect::{Dialect, CROSSWALL, HWALL, OROOM, STONE, VAULT, VWALL};
use super::encode::*;
use super::lexer::MapBlock;
use crate::nethack_common::{MAP_X_LIM, MAP_Y_LIM};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;

mod contents;
mod level;
mod maze;
mod partial;
mod rooms;
mod terrain;
mod values;

const MAX_REGISTERS: i32 = 10;
const MAX_OF_TYPE: usize = 128;
const MAX_ERRORS: u32 = 25;
const COLNO: i32 = crate::nethack_common::COLNO as i32;
const ROWNO: i32 = crate::nethack_common::ROWNO as i32;
const RANDOM: i8 = -(MAX_REGISTERS as i8) - 1;

/// Codes of the original's messages (errors and warnings it prints).
pub mod code {
    pub const ORIGINAL_ERROR: &str = "NH0100";
    pub const ORIGINAL_WARNING: &str = "NH0101";
    pub const ERRORS_DETECTED: &str = "NH0102";
    pub const TOO_MANY_ERRORS: &str = "NH0103";
    pub const NOMAP_COORD: &str = "NH0200";
    pub const NOMAP_WALLIFY: &str = "NH0201";
    pub const OUTSIDE_MAP: &str = "NH0202";
    pub const BAD_REGISTER: &str = "NH0203";
    pub const TOO_MANY_PARTS: &str = "NH0204";
    pub const TOO_MANY_ROOMS: &str = "NH0205";
    pub const BAD_FILE_NAME: &str = "NH0206";
    pub const EMPTY_MAP: &str = "NH0207";
    pub const DUPLICATE_LEVEL: &str = "NH0209";
    pub const TOO_MANY_SUBROOMS: &str = "NH0210";
    pub const NO_CONTAINER: &str = "NH0212";
}

/// One compiled level.
pub struct Compiled {
    pub level_index: usize,
    pub name: String,
    pub file: LevelFile,
}

impl Compiled {
    /// The file the original writes for this level.
    pub fn file_name(&self) -> String {
        format!("{}.lev", self.name)
    }
}

pub struct Compiler<'a> {
    d: &'static Dialect,
    /// `map_char` of every byte, stone where it is none: map rows are
    /// most of a file's bytes, and a table beats the match per cell.
    map_codes: [i8; 256],
    maps: &'a [MapBlock],
    extra_warnings: bool,
    pub diagnostics: Vec<Diagnostic>,
    /// The original's per-file error counter (never reset between levels).
    fatal: u32,
    gave_up: bool,
    /// A syntax error was reported: the original stopped reading there,
    /// so it says nothing more (no "errors detected" for later levels).
    stopped: bool,
    /// Rooms, map parts and corridors the original keeps from levels it
    /// did not write: it empties its tables only after writing a level,
    /// and once one error occurred it writes none, so they pile up.
    carried: Carried,
    pub levels: Vec<Compiled>,
}

struct MapState {
    rows: Vec<Vec<i8>>,
    max_x: i32,
    max_y: i32,
    /// The current part is `NOMAP`.
    nomap: bool,
}

impl<'a> Compiler<'a> {
    pub fn new(d: &'static Dialect, maps: &'a [MapBlock], extra_warnings: bool) -> Self {
        Compiler {
            d,
            map_codes: std::array::from_fn(|c| d.map_char(c as u8).unwrap_or(STONE)),
            maps,
            extra_warnings,
            diagnostics: Vec::new(),
            fatal: 0,
            gave_up: false,
            stopped: false,
            carried: Carried::default(),
            levels: Vec::new(),
        }
    }

    fn error(&mut self, msg: impl Into<String>, span: Span, line: u32) {
        self.diagnostics
            .push(Diagnostic::error(code::ORIGINAL_ERROR, msg, span).original_at(line));
        self.count_error(span);
    }

    /// One of the original's fixed tables (map parts, rooms) would
    /// overflow: this level's entries plus those carried over from levels
    /// the original did not write.
    fn table_limit(
        &mut self,
        code: &str,
        what: &str,
        count: usize,
        carried: usize,
        limit: usize,
        span: Span,
    ) {
        let total = carried + count;
        if total <= limit {
            return;
        }
        let mut msg =
            format!("{total} {what}; the original has room for {limit} (it would overrun memory)");
        if carried > 0 {
            msg = format!("{msg}, counting the {carried} of the levels before it did not write");
        }
        self.own_error(code, msg, span);
    }

    fn count_error(&mut self, span: Span) {
        self.fatal += 1;
        if self.fatal > MAX_ERRORS && !self.gave_up {
            self.gave_up = true;
            let mut d =
                Diagnostic::note_at(code::TOO_MANY_ERRORS, "Too many errors, good bye!", span);
            d.original = true;
            d.notes
                .push("the original stops here; Vaultwright keeps checking".into());
            self.diagnostics.push(d);
        }
    }

    /// An error of our own (the original misses it, crashes or corrupts).
    fn own_error(&mut self, code: &str, msg: impl Into<String>, span: Span) {
        self.diagnostics.push(Diagnostic::error(code, msg, span));
        self.count_error(span);
    }

    fn warning(&mut self, msg: impl Into<String>, span: Span, line: u32) {
        self.diagnostics
            .push(Diagnostic::warning(code::ORIGINAL_WARNING, msg, span).original_at(line));
    }

    /// Called before the syntax errors located before `offset` are merged;
    /// the parser's errors count like any other.
    pub fn add_syntax_error(&mut self, d: Diagnostic) {
        let span = d.span;
        self.stopped = true;
        self.diagnostics.push(d);
        self.count_error(span);
    }

    pub fn level(&mut self, index: usize, level: &Level, names_seen: &mut Vec<String>) {
        let name = level.name.text.clone();
        self.level_name(level, names_seen);
        let (mut file, filling, init_present) = self.level_header(level);
        let mut lb = LevelBuild::new(init_present);
        self.level_body(level, &mut lb, &mut file, filling);
        if level.broken {
            return;
        }
        let rooms: &[RoomRec] = match &file.body {
            Body::Rooms(body) => &body.rooms,
            Body::Maze { .. } => &[],
        };
        self.contents_without_container(&lb.object_sites, rooms);
        if self.fatal > 0 {
            self.level_not_written(level, &lb, &file);
            return;
        }
        if let Body::Rooms(body) = &file.body {
            if !self.subroom_parents(level, &lb, body) {
                return;
            }
        }
        self.levels.push(Compiled {
            level_index: index,
            name,
            file,
        });
    }
}

struct LevelBuild {
    init_present: bool,
    map: MapState,
    parts: Vec<Part>,
    rooms: Vec<RoomRec>,
    room_spans: Vec<Span>,
    room_body: RoomBody,
    /// Object / monster registers of a room level already set.
    room_regs: (bool, bool),
    /// The original's object, monster and place lists of this map part
    /// (of the level, for a room level).
    olist: Vec<i8>,
    mlist: Vec<i8>,
    plist: Vec<(i8, i8)>,
    /// Every object record stored, in statement order.
    object_sites: Vec<ObjectSite>,
    /// `RANDOM_CORRIDORS` seen (it restarts the original's corridor count).
    random_corridors: bool,
}

#[derive(Default)]
struct Carried {
    rooms: usize,
    parts: usize,
    corridors: usize,
}

/// Where an object record came from: its map part or room (an index in
/// `parts` or `rooms`), its containment (0 none, 1 contents, 2
/// container) and its statement.
struct ObjectSite {
    owner: usize,
    containment: i8,
    span: Span,
}

impl LevelBuild {
    fn new(init_present: bool) -> Self {
        LevelBuild {
            init_present,
            map: MapState {
                rows: Vec::new(),
                max_x: -1,
                max_y: -1,
                nomap: false,
            },
            parts: Vec::new(),
            rooms: Vec::new(),
            room_spans: Vec::new(),
            room_body: RoomBody::default(),
            room_regs: (false, false),
            olist: Vec::new(),
            mlist: Vec::new(),
            plist: Vec::new(),
            object_sites: Vec::new(),
            random_corridors: false,
        }
    }

    fn part(&mut self) -> &mut Part {
        if self.parts.is_empty() {
            self.parts.push(Part::default());
        }
        self.parts.last_mut().expect("a part")
    }

    fn room(&mut self) -> &mut RoomRec {
        if self.rooms.is_empty() {
            self.rooms.push(RoomRec::default());
        }
        self.rooms.last_mut().expect("a room")
    }

    /// The monsters, objects, gold and engravings of the current room or
    /// map part.
    fn things(&mut self, in_room: bool) -> &mut Things {
        if in_room {
            &mut self.room().things
        } else {
            &mut self.part().things
        }
    }

    fn in_map(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x <= self.map.max_x && y <= self.map.max_y
    }

    fn wallify(&mut self, d: &Dialect) {
        let (mx, my) = (self.map.max_x, self.map.max_y);
        let rows = &mut self.map.rows;
        for y in 0..=my {
            for x in 0..=mx {
                if rows[y as usize][x as usize] != STONE {
                    continue;
                }
                'scan: for yy in y - 1..=y + 1 {
                    for xx in x - 1..=x + 1 {
                        if xx < 0 || yy < 0 || xx > mx || yy > my {
                            continue;
                        }
                        let t = rows[yy as usize][xx as usize];
                        if d.is_room(t) || t == CROSSWALL {
                            rows[y as usize][x as usize] = if yy != y { HWALL } else { VWALL };
                            break 'scan;
                        }
                    }
                }
            }
        }
    }
}

impl MapState {
    /// The code at a map position; STONE outside the map.
    fn at(&self, x: i32, y: i32) -> i8 {
        if x < 0 || y < 0 {
            return STONE;
        }
        self.rows
            .get(y as usize)
            .and_then(|r| r.get(x as usize))
            .copied()
            .unwrap_or(STONE)
    }
}

/// The value a `RANDOM_PLACES` element stores (its checks made apart).
fn coord_register(c: &Coord) -> (i8, i8) {
    match c.kind {
        CoordKind::At(x, y) => (x as i8, y as i8),
        CoordKind::Random => (RANDOM, RANDOM),
        CoordKind::Place(n) if (0..MAX_REGISTERS).contains(&n) => {
            let v = (-n - 1) as i8;
            (v, v)
        }
        CoordKind::Place(_) => (0, 0),
    }
}

/// Rooms in the order the game fills them: top-level rooms in order, each
/// after its subrooms (linked to the first room named as their parent),
/// recursively. Rooms the game never reaches are left out.
fn room_creation_order(rooms: &[RoomRec]) -> Vec<usize> {
    let mut first: std::collections::HashMap<&[u8], usize> = std::collections::HashMap::new();
    for (i, r) in rooms.iter().enumerate() {
        if !r.name.is_empty() {
            first.entry(&r.name[..]).or_insert(i);
        }
    }
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); rooms.len()];
    for (j, r) in rooms.iter().enumerate() {
        if let Some(&p) = first.get(&r.parent[..]).filter(|_| !r.parent.is_empty()) {
            children[p].push(j);
        }
    }
    let mut out = Vec::with_capacity(rooms.len());
    let mut seen = vec![false; rooms.len()];
    for root in (0..rooms.len()).filter(|&i| rooms[i].parent.is_empty()) {
        seen[root] = true;
        let mut stack = vec![(root, 0usize)];
        while let Some((room, next)) = stack.last_mut() {
            let room = *room;
            match children[room].get(*next) {
                Some(&child) => {
                    *next += 1;
                    if !seen[child] {
                        seen[child] = true;
                        stack.push((child, 0));
                    }
                }
                None => {
                    out.push(room);
                    stack.pop();
                }
            }
        }
    }
    out
}
