//! The checker and compiler: walks the statements in source order doing
//! what the original's grammar actions do (same checks, same messages, same
//! order, same per-file error counter), plus the checks the original lacks,
//! and builds the `.lev` records of every level without errors.

use super::ast::*;
use super::dialect::{Dialect, CROSSWALL, HWALL, OROOM, STONE, VAULT, VWALL};
use super::encode::*;
use super::lexer::MapBlock;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;

const MAX_REGISTERS: i32 = 10;
const MAX_OF_TYPE: usize = 128;
const MAX_ERRORS: u32 = 25;
const COLNO: i32 = 80;
const ROWNO: i32 = 21;
const MAP_X_LIM: usize = 76;
const MAP_Y_LIM: usize = 21;
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
        let d = self.d;
        let name = level.name.text.clone();
        let line = level.line;
        if !level.name.span.is_empty() {
            if name.contains('.') {
                self.error("Invalid dot ('.') in level name.", level.name.span, line);
            }
            if name.len() > 8 {
                self.error(
                    "Level names limited to 8 characters.",
                    level.name.span,
                    line,
                );
            }
            if let Some(why) = vaultwright_model::file_name::problem(&name) {
                self.own_error(
                    code::BAD_FILE_NAME,
                    format!("level name cannot be used as a file name: {why}"),
                    level.name.span,
                );
            }
            if names_seen.contains(&name) {
                self.diagnostics.push(
                    Diagnostic::warning(
                        code::DUPLICATE_LEVEL,
                        format!("a level named \"{name}\" was already defined in this file"),
                        level.name.span,
                    )
                    .with_note("the second level overwrites the first one's file"),
                );
            }
            names_seen.push(name.clone());
        }
        let mut file = LevelFile {
            header: d.header,
            kind: if level.kind == LevelKind::Maze { 2 } else { 1 },
            ..LevelFile::default()
        };
        let mut filling = -1i8;
        if let Some((c, span)) = level.filling {
            filling = match d.map_char(c) {
                Some(t) => t,
                None => {
                    self.warning("Invalid fill character in MAZE declaration", span, line);
                    -1
                }
            };
        }
        if let Some(Stmt {
            kind: StmtKind::Flags(f),
            ..
        }) = &level.flags
        {
            file.flags = *f as i64;
        }
        let mut init_present = false;
        if let Some(stmt) = &level.init {
            if let StmtKind::InitMap {
                fg,
                bg,
                smoothed,
                joined,
                lit,
                walled,
            } = stmt.kind
            {
                init_present = true;
                let fgt = d.map_char(fg);
                if fgt.is_none() {
                    self.error("Invalid foreground type.", stmt.span, stmt.line);
                }
                let bgt = d.map_char(bg);
                if bgt.is_none() {
                    self.error("Invalid background type.", stmt.span, stmt.line);
                }
                if !d.is_32() && joined != 0 && fg != b'.' && fg != b'#' {
                    self.error(
                        "Invalid foreground type for joined map.",
                        stmt.span,
                        stmt.line,
                    );
                    if let Some(last) = self.diagnostics.last_mut() {
                        last.notes
                            .push("a joined INIT_MAP needs `.` or `#` as its foreground".into());
                    }
                }
                file.init = [
                    1,
                    0,
                    fgt.unwrap_or(-1),
                    bgt.unwrap_or(-1),
                    smoothed as i8,
                    joined as i8,
                    lit as i8,
                    walled as i8,
                ];
            }
        }
        let mut message: Vec<u8> = Vec::new();
        for m in &level.messages {
            if let StmtKind::Message(text) = &m.kind {
                let i = text.text.len() + 1;
                let j = message.len();
                if i + j > 255 {
                    self.error("Message string too long (>256 characters)", m.span, m.line);
                } else {
                    if j > 0 {
                        message.push(b'\n');
                    }
                    message.extend_from_slice(text.text.as_bytes());
                }
            }
        }
        file.message = message;

        let mut lb = LevelBuild {
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
        };
        match level.kind {
            LevelKind::Maze => {
                for stmt in &level.body {
                    self.maze_stmt(&mut lb, stmt);
                }
                let (count, carried) = (lb.parts.len(), self.carried.parts);
                self.table_limit(
                    code::TOO_MANY_PARTS,
                    "map parts",
                    count,
                    carried,
                    10,
                    level.span,
                );
                file.body = Body::Maze {
                    filling,
                    parts: std::mem::take(&mut lb.parts),
                };
            }
            LevelKind::Room => {
                for stmt in &level.body {
                    self.room_stmt(&mut lb, stmt);
                }
                let (count, carried) = (lb.rooms.len(), self.carried.rooms);
                self.table_limit(
                    code::TOO_MANY_ROOMS,
                    "rooms",
                    count,
                    carried,
                    80,
                    level.span,
                );
                lb.room_body.rooms = std::mem::take(&mut lb.rooms);
                file.body = Body::Rooms(std::mem::take(&mut lb.room_body));
            }
        }
        if level.broken {
            return;
        }
        let rooms: &[RoomRec] = match &file.body {
            Body::Rooms(body) => &body.rooms,
            Body::Maze { .. } => &[],
        };
        self.contents_without_container(&lb.object_sites, rooms);
        if self.fatal > 0 {
            match &file.body {
                Body::Maze { parts, .. } => self.carried.parts += parts.len(),
                Body::Rooms(body) => {
                    self.carried.rooms += body.rooms.len();
                    self.carried.corridors = if lb.random_corridors {
                        body.corridors.len()
                    } else {
                        self.carried.corridors + body.corridors.len()
                    };
                }
            }
            if self.stopped {
                return;
            }
            let mut d = Diagnostic::note_at(
                code::ERRORS_DETECTED,
                format!("{} errors detected. No output created!", self.fatal),
                level.name.span,
            );
            d.original = true;
            self.diagnostics.push(d);
            return;
        }
        if let Body::Rooms(body) = &file.body {
            // Subroom parents are checked only when all else was fine.
            let mut ok = true;
            let last_line = level
                .body
                .iter()
                .chain(level.messages.iter())
                .map(|s| s.line)
                .max()
                .unwrap_or(level.line);
            for (i, room) in body.rooms.iter().enumerate() {
                if room.parent.is_empty() {
                    continue;
                }
                let found = body.rooms.iter().any(|r| r.name == room.parent);
                let span = lb.room_spans.get(i).copied().unwrap_or(level.span);
                if !found {
                    self.error(
                        format!(
                            "Subroom error : parent room '{}' not found!",
                            String::from_utf8_lossy(&room.parent)
                        ),
                        span,
                        last_line,
                    );
                    ok = false;
                } else if body
                    .rooms
                    .iter()
                    .filter(|r| r.parent == room.parent)
                    .count()
                    > 24
                {
                    self.own_error(
                        code::TOO_MANY_SUBROOMS,
                        "more than 24 subrooms in one room",
                        span,
                    );
                    ok = false;
                }
            }
            if !ok {
                return;
            }
        }
        self.levels.push(Compiled {
            level_index: index,
            name,
            file,
        });
    }

    /// The game's `create_object` puts a `contained` object into the last
    /// container it created (a static pointer it never resets): an object
    /// `contained` before any container of its level goes into a
    /// container of an earlier level, or, when the game has made none
    /// yet, gets "create_object: no container" and lies on the floor. The
    /// original compiles it silently. Objects are created part by part
    /// (maze), or room by room with a room's subrooms filled before the
    /// room itself.
    fn contents_without_container(&mut self, sites: &[ObjectSite], rooms: &[RoomRec]) {
        if !sites.iter().any(|o| o.containment == 1) {
            return;
        }
        let order: Vec<usize> = if rooms.is_empty() {
            (0..sites.len()).collect()
        } else {
            let mut by_room: Vec<Vec<usize>> = vec![Vec::new(); rooms.len()];
            for (i, o) in sites.iter().enumerate() {
                if let Some(list) = by_room.get_mut(o.owner) {
                    list.push(i);
                }
            }
            room_creation_order(rooms)
                .into_iter()
                .flat_map(|r| std::mem::take(&mut by_room[r]))
                .collect()
        };
        let mut container = false;
        for i in order {
            let Some(site) = sites.get(i) else {
                continue;
            };
            match site.containment {
                2 => container = true,
                1 if !container => {
                    let mut d = Diagnostic::warning(
                        code::NO_CONTAINER,
                        "contained object with no container before it in this level",
                        site.span,
                    )
                    .with_note(
                        "the game puts a `contained` object into the container it created \
                         last: with none yet in this level it uses one left from an earlier \
                         level, or reports \"create_object: no container\" and leaves the \
                         object on the floor at a random place",
                    );
                    let earlier_in_file = sites.iter().take(i).any(|o| o.containment == 2);
                    d.notes.push(if earlier_in_file {
                        "a CONTAINER comes before it in the file, but in a room the game \
                         fills subrooms before their room: that container is made after \
                         this object"
                            .into()
                    } else {
                        "put it after the CONTAINER statement it belongs in".into()
                    });
                    self.diagnostics.push(d);
                }
                _ => {}
            }
        }
    }

    // ---- shared pieces -------------------------------------------------

    fn coord_value(&mut self, lb: &LevelBuild, c: &Coord, in_room: bool) -> (i8, i8) {
        match c.kind {
            CoordKind::At(x, y) => {
                if !in_room
                    && !lb.init_present
                    && (x < 0 || x > lb.map.max_x || y < 0 || y > lb.map.max_y)
                {
                    self.error("Coordinates out of map range!", c.span, c.line);
                } else if !in_room && lb.init_present && !lb.map.nomap && !lb.in_map(x, y) {
                    self.diagnostics.push(Diagnostic::warning(
                        code::OUTSIDE_MAP,
                        format!(
                            "({x},{y}) is outside the map part ({}x{})",
                            lb.map.max_x + 1,
                            lb.map.max_y + 1
                        ),
                        c.span,
                    ).with_note("with INIT_MAP the original does not check this; the game places it relative to the map"));
                }
                (x as i8, y as i8)
            }
            CoordKind::Random => (RANDOM, RANDOM),
            CoordKind::Place(n) => {
                if n >= MAX_REGISTERS {
                    self.error("Register Index overflow!", c.span, c.line);
                    (0, 0)
                } else if n < 0 {
                    self.own_error(code::BAD_REGISTER, "register index below 0", c.span);
                    (0, 0)
                } else {
                    let v = (-n - 1) as i8;
                    (v, v)
                }
            }
        }
    }

    /// The original's "X placed in wall" warning, plus our error for
    /// explicit coordinates after NOMAP (the original reads a map that does
    /// not exist there).
    fn check_coord(&mut self, lb: &LevelBuild, c: &Coord, what: &str, line: u32) {
        let CoordKind::At(x, y) = c.kind else {
            return;
        };
        if lb.map.nomap {
            self.own_error(
                code::NOMAP_COORD,
                format!("{what} at an explicit position after NOMAP"),
                c.span,
            );
            self.diagnostics
                .last_mut()
                .expect("just pushed")
                .notes
                .push("the original reads map rows that do not exist here and crashes; use `random` or `place[n]`".into());
            return;
        }
        if x >= 0 && y >= 0 && x <= lb.map.max_x && y <= lb.map.max_y {
            let t = lb.map.at(x, y);
            if self.d.is_rock(t) || self.d.is_door(t) {
                self.warning(
                    format!("{what} placed in wall at ({x:02},{y:02})?!"),
                    c.span,
                    line,
                );
            }
        }
    }

    fn chance(&mut self, chance: Option<(i32, Span, u32)>) -> i8 {
        match chance {
            None => 100,
            Some((v, span, line)) => {
                if v <= 0 || v > 100 {
                    self.error("Expected percentile chance.", span, line);
                }
                v as i8
            }
        }
    }

    fn monster_class(&mut self, c: &ClassSpec, line: u32) -> i32 {
        match c.class {
            Class::Char(ch) => {
                if self.d.is_monster_class(ch) {
                    ch as i32
                } else {
                    self.error("Unknown monster class!", c.span, line);
                    -1
                }
            }
            Class::Random => RANDOM as i32,
            Class::Register(n) => self.register(n, MAX_REGISTERS, c.span, line),
        }
    }

    fn object_class(&mut self, c: &ClassSpec, line: u32) -> i32 {
        match c.class {
            Class::Char(ch) => {
                if self.d.is_object_class(ch) {
                    ch as i32
                } else {
                    self.error("Unknown char class!", c.span, line);
                    -1
                }
            }
            Class::Random => RANDOM as i32,
            Class::Register(n) => self.register(n, MAX_REGISTERS, c.span, line),
        }
    }

    fn register(&mut self, n: i32, max: i32, span: Span, line: u32) -> i32 {
        if n >= max {
            self.error("Register Index overflow!", span, line);
            -1
        } else if n < 0 {
            self.own_error(code::BAD_REGISTER, "register index below 0", span);
            -1
        } else {
            -n - 1
        }
    }

    fn alignment(&mut self, a: Align, span: Span, line: u32) -> i8 {
        match a {
            Align::Value(v) => v as i8,
            Align::Random => RANDOM,
            Align::Register(n) => self.register(n, 3, span, line) as i8,
        }
    }

    fn monster(&mut self, lb: &LevelBuild, stmt: &Stmt, in_room: bool) -> Option<MonsterRec> {
        let StmtKind::Monster {
            chance,
            class,
            name,
            coord,
            infos,
        } = &stmt.kind
        else {
            return None;
        };
        let line = stmt.line;
        let chance = self.chance(*chance);
        let class = self.monster_class(class, line);
        let (x, y) = self.coord_value(lb, coord, in_room);
        let mut m = MonsterRec {
            id: -1,
            align: -(MAX_REGISTERS as i8) - 2,
            x,
            y,
            chance,
            class: class as i8,
            appear: 0,
            peaceful: -1,
            asleep: -1,
            ..MonsterRec::default()
        };
        if !in_room {
            self.check_coord(lb, coord, "Monster", line);
        }
        if let Some(name) = name {
            if let Some(id) = self.monster_name(name, class, line) {
                m.id = id as i16;
            }
        }
        for info in infos {
            match info {
                MonInfo::Name(t) => m.name = t.text.as_bytes().to_vec(),
                MonInfo::Attitude(v) => m.peaceful = *v as i8,
                MonInfo::Alertness(v) => m.asleep = *v as i8,
                MonInfo::Align(a, span) => m.align = self.alignment(*a, *span, line),
                MonInfo::Appear(v, t) => {
                    m.appear = *v as i8;
                    m.appear_as = t.text.as_bytes().to_vec();
                }
            }
        }
        Some(m)
    }

    fn object(&mut self, lb: &LevelBuild, stmt: &Stmt, in_room: bool) -> Option<ObjectRec> {
        let StmtKind::Object {
            container,
            chance,
            class,
            name,
            coord,
            curse,
            monster,
            spe,
            oname,
        } = &stmt.kind
        else {
            return None;
        };
        let line = stmt.line;
        let chance = self.chance(*chance);
        let class = self.object_class(class, line);
        let mut o = ObjectRec {
            corpsenm: -1,
            id: -1,
            spe: -127,
            chance,
            class: class as i8,
            curse_state: -1,
            ..ObjectRec::default()
        };
        if let Some(name) = name {
            if let Some(id) = self.object_name(name, class, line) {
                o.id = id as i16;
            }
        }
        match coord {
            Some(c) => {
                let (x, y) = self.coord_value(lb, c, in_room);
                o.x = x;
                o.y = y;
                if !in_room {
                    self.check_coord(lb, c, "Object", line);
                }
            }
            None => {
                o.containment = 1;
                o.x = RANDOM;
                o.y = RANDOM;
            }
        }
        if let Some(c) = curse {
            o.curse_state = *c as i8;
        }
        if let Some(m) = monster {
            o.corpsenm = match self.d.monster_id(&m.text, None) {
                Some(id) => id as i32,
                None => -2,
            };
        }
        if let Some(s) = spe {
            o.spe = *s as i16;
        }
        if let Some(n) = oname {
            o.name = n.text.as_bytes().to_vec();
        }
        if *container {
            o.containment = 2;
        }
        Some(o)
    }

    fn trap(&mut self, lb: &LevelBuild, stmt: &Stmt, in_room: bool) -> Option<[i8; 4]> {
        let StmtKind::Trap {
            chance,
            name,
            coord,
        } = &stmt.kind
        else {
            return None;
        };
        let line = stmt.line;
        let chance = self.chance(*chance);
        let ttype = match name {
            None => -1,
            Some(t) => self.trap_type(t, line),
        };
        let (x, y) = self.coord_value(lb, coord, in_room);
        if !in_room {
            self.check_coord(lb, coord, "Trap", line);
        }
        Some([x, y, chance, ttype])
    }

    fn monster_name(&mut self, name: &Text, class: i32, line: u32) -> Option<i32> {
        let id = self.d.monster_id(&name.text, Some(class as i8 as i32));
        if id.is_none() {
            self.warning(
                "Invalid monster name!  Making random monster.",
                name.span,
                line,
            );
        }
        id.map(|v| v as i32)
    }

    fn object_name(&mut self, name: &Text, class: i32, line: u32) -> Option<i32> {
        let id = self.d.object_id(&name.text, class);
        if id.is_none() {
            self.warning(
                "Illegal object name!  Making random object.",
                name.span,
                line,
            );
        }
        id.map(|v| v as i32)
    }

    fn trap_type(&mut self, t: &Text, line: u32) -> i8 {
        match self.d.trap(&t.text) {
            Some(v) => v,
            None => {
                self.error("Unknown trap type!", t.span, line);
                -1
            }
        }
    }

    fn room_pos(&mut self, x: i32, y: i32, span: Span, line: u32) {
        if !(1..=5).contains(&x) || !(1..=5).contains(&y) {
            self.error("Room position should be between 1 & 5!", span, line);
        }
    }

    fn subroom_pos(&mut self, x: i32, y: i32, span: Span, line: u32) {
        if x < 0 || y < 0 {
            self.error("Invalid subroom position !", span, line);
        }
    }

    fn corr_room(&mut self, room: i32, nrooms: usize, span: Span, line: u32) {
        if room < 0 || room as usize >= nrooms {
            self.error("Wrong room number!", span, line);
        }
    }

    fn simple_coord(
        &mut self,
        lb: &LevelBuild,
        c: &Coord,
        in_room: bool,
        what: &str,
        line: u32,
    ) -> (i8, i8) {
        let (x, y) = self.coord_value(lb, c, in_room);
        if !in_room && !what.is_empty() {
            self.check_coord(lb, c, what, line);
        }
        (x, y)
    }

    fn room_type(&mut self, t: &Option<Text>, line: u32) -> i32 {
        match t {
            None => -1,
            Some(t) => match self.d.room_type(&t.text) {
                Some(v) => v as i32,
                None => {
                    self.warning("Unknown room type!  Making ordinary room...", t.span, line);
                    OROOM
                }
            },
        }
    }

    fn too_many(&mut self, len: usize, limit: usize, msg: &str, stmt: &Stmt) -> bool {
        if len + 1 >= limit {
            self.error(msg, stmt.span, stmt.line);
            false
        } else {
            true
        }
    }

    // ---- maze levels ---------------------------------------------------

    fn maze_stmt(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        use StmtKind as S;
        let line = stmt.line;
        if lb.parts.is_empty() && !matches!(stmt.kind, S::MapPart { .. }) {
            // Only after a syntax error: give the statement a part to go in.
            lb.parts.push(Part::default());
        }
        match &stmt.kind {
            S::MapPart { geometry, map } => {
                let mut part = Part::default();
                match (geometry, map) {
                    (Some((h, v)), Some(m)) => {
                        part.halign = *h as i8;
                        part.valign = *v as i8;
                        let maps = self.maps;
                        self.scan_map(lb, &mut part, &maps[*m], stmt);
                    }
                    _ => {
                        part.halign = 1;
                        part.valign = 1;
                        part.xsize = 1;
                        part.ysize = 1;
                        part.map = vec![vec![STONE]];
                        lb.map.max_x = COLNO - 1;
                        lb.map.max_y = ROWNO;
                        lb.map.nomap = true;
                    }
                }
                // The original's `store_part` empties the register lists
                // when a part ends.
                lb.olist.clear();
                lb.mlist.clear();
                lb.plist.clear();
                lb.parts.push(part);
            }
            S::RandomObjects(list) => {
                let regs = self.register_list(&mut lb.olist, list, line, false);
                let part = lb.part();
                if !part.robjects.is_empty() {
                    self.error("Object registers already initialized!", stmt.span, line);
                } else {
                    lb.part().robjects = regs;
                }
            }
            S::RandomMonsters(list) => {
                let regs = self.register_list(&mut lb.mlist, list, line, true);
                if !lb.part().rmonst.is_empty() {
                    self.error("Monster registers already initialized!", stmt.span, line);
                } else {
                    lb.part().rmonst = regs;
                }
            }
            S::RandomPlaces(list) => {
                // Like the other lists, the original's place list grows
                // over the whole map part: a second list adds to the first.
                for c in list {
                    self.coord_value(lb, c, false);
                    let v = coord_register(c);
                    if lb.plist.len() < MAX_REGISTERS as usize {
                        lb.plist.push(v);
                    } else {
                        self.error("Location list too long!", c.span, line);
                    }
                }
                let regs = lb.plist.clone();
                if !lb.part().rlocs.is_empty() {
                    self.error("Location registers already initialized!", stmt.span, line);
                } else {
                    lb.part().rlocs = regs;
                }
            }
            S::Monster { .. } => {
                if let Some(m) = self.monster(lb, stmt, false) {
                    let n = lb.part().monsters.len();
                    if self.too_many(
                        n,
                        MAX_OF_TYPE,
                        "Too many monsters in room or mazepart!",
                        stmt,
                    ) {
                        lb.part().monsters.push(m);
                    }
                }
            }
            S::Object { .. } => {
                if let Some(o) = self.object(lb, stmt, false) {
                    let n = lb.part().objects.len();
                    if self.too_many(
                        n,
                        MAX_OF_TYPE,
                        "Too many objects in room or mazepart!",
                        stmt,
                    ) {
                        let containment = o.containment;
                        lb.part().objects.push(o);
                        let owner = lb.parts.len() - 1;
                        lb.object_sites.push(ObjectSite {
                            owner,
                            containment,
                            span: stmt.span,
                        });
                    }
                }
            }
            S::Door { state, coord } => {
                let (x, y) = self.coord_value(lb, coord, false);
                if let CoordKind::At(cx, cy) = coord.kind {
                    if lb.map.nomap {
                        self.check_coord(lb, coord, "Door", line);
                    } else if cx >= 0 && cy >= 0 && !lb.in_map(cx, cy) && lb.init_present {
                        self.own_error(
                            code::OUTSIDE_MAP,
                            "DOOR outside the map part: the original checks it against memory past the map",
                            coord.span,
                        );
                    } else if cx >= 0 && cy >= 0 && lb.in_map(cx, cy) {
                        let t = lb.map.at(cx, cy);
                        if t != self.d.door && t != self.d.sdoor {
                            self.error("Door decl doesn't match the map", stmt.span, line);
                        }
                    }
                }
                let n = lb.part().doors.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many doors in mazepart!", stmt) {
                    lb.part().doors.push([x, y, *state as i8]);
                }
            }
            S::Trap { .. } => {
                if let Some(t) = self.trap(lb, stmt, false) {
                    let n = lb.part().traps.len();
                    if self.too_many(n, MAX_OF_TYPE, "Too many traps in room or mazepart!", stmt) {
                        lb.part().traps.push(t);
                    }
                }
            }
            S::Drawbridge { coord, dir, state } => {
                let (x, y) = self.coord_value(lb, coord, false);
                let (mut wx, mut wy) = (x as i32, y as i32);
                let db_dir = match dir {
                    1 => {
                        wy -= 1;
                        0
                    }
                    2 => {
                        wy += 1;
                        1
                    }
                    4 => {
                        wx += 1;
                        2
                    }
                    _ => {
                        wx -= 1;
                        3
                    }
                };
                if let CoordKind::At(cx, cy) = coord.kind {
                    if lb.map.nomap {
                        self.check_coord(lb, coord, "Drawbridge", line);
                    } else if cx >= 0 && cy >= 0 && !lb.in_map(wx, wy) && lb.init_present {
                        self.own_error(
                            code::OUTSIDE_MAP,
                            "DRAWBRIDGE wall outside the map part: the original checks it against memory past the map",
                            coord.span,
                        );
                    } else if cx >= 0 && cy >= 0 {
                        let wall = lb.in_map(wx, wy) && self.d.is_wall(lb.map.at(wx, wy));
                        if !wall {
                            self.error(
                                format!("Wall needed for drawbridge ({cx:02}, {cy:02})"),
                                stmt.span,
                                line,
                            );
                        }
                    }
                }
                let open = match state {
                    2 => 1,
                    4 => 0,
                    _ => {
                        self.error("A drawbridge can only be open or closed!", stmt.span, line);
                        0
                    }
                };
                let n = lb.part().drawbridges.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many drawbridges in mazepart!", stmt) {
                    lb.part().drawbridges.push([x, y, db_dir, open]);
                }
            }
            S::Mazewalk { coord, dir } => {
                let (x, y) = self.coord_value(lb, coord, false);
                let n = lb.part().walks.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many mazewalks in mazepart!", stmt) {
                    lb.part().walks.push([x, y, *dir as i8]);
                }
            }
            S::Wallify => {
                if lb.map.nomap {
                    self.own_error(
                        code::NOMAP_WALLIFY,
                        "WALLIFY after NOMAP: there is no map to wallify (the original walks an 80x22 area over a 1x1 map)",
                        stmt.span,
                    );
                } else {
                    lb.wallify(self.d);
                    let rows = lb.map.rows.clone();
                    lb.part().map = rows;
                }
            }
            S::Region {
                rect,
                lit,
                rtype,
                prefilled,
            } => {
                self.region_range(lb, rect, line);
                let mut rt = self.room_type(rtype, line);
                if prefilled & 1 != 0 {
                    rt += self.d.maxrtype + 1;
                }
                let irregular = prefilled & 2 != 0;
                if rect.x1 > rect.x2 || rect.y1 > rect.y2 {
                    self.error("Region start > end!", rect.span, line);
                }
                // The original subtracts C ints: extreme corners wrap there,
                // and must give the same verdict here.
                let (width, height) =
                    (rect.x2.wrapping_sub(rect.x1), rect.y2.wrapping_sub(rect.y1));
                if rt == VAULT && (irregular || width != 1 || height != 1) {
                    self.error("Vaults must be exactly 2x2!", rect.span, line);
                }
                if self.extra_warnings
                    && !irregular
                    && rect.x1 > 0
                    && rect.y1 > 0
                    && rect.x2 < lb.map.max_x
                    && rect.y2 < lb.map.max_y
                    && !lb.map.nomap
                {
                    self.region_warnings(lb, rect, line);
                } else if irregular {
                    if lb.map.nomap {
                        self.own_error(
                            code::NOMAP_COORD,
                            "irregular REGION after NOMAP (the original reads a map that does not exist)",
                            rect.span,
                        );
                    } else if !lb.in_map(rect.x1, rect.y1) {
                        self.own_error(
                            code::OUTSIDE_MAP,
                            "irregular REGION starts outside the map",
                            rect.span,
                        );
                    } else if !self.d.is_room(lb.map.at(rect.x1, rect.y1)) {
                        self.error(
                            format!("Rock in irregular room ({:02},{:02})?!", rect.x1, rect.y1),
                            rect.span,
                            line,
                        );
                    }
                }
                let n = lb.part().regions.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many regions in mazepart!", stmt) {
                    lb.part().regions.push([
                        rect.x1 as i8,
                        rect.y1 as i8,
                        rect.x2 as i8,
                        rect.y2 as i8,
                        rt as i8,
                        *lit as i8,
                        irregular as i8,
                    ]);
                }
            }
            S::Altar {
                coord,
                align,
                atype,
            } => {
                let (x, y) = self.coord_value(lb, coord, false);
                let a = self.alignment(*align, coord.span, line);
                self.check_coord(lb, coord, "Altar", line);
                let n = lb.part().altars.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many altars in room or mazepart!", stmt) {
                    lb.part().altars.push([x, y, a, *atype as i8]);
                }
            }
            S::Ladder { coord, up } => {
                let (x, y) = self.simple_coord(lb, coord, false, "Ladder", line);
                let n = lb.part().ladders.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many ladders in mazepart!", stmt) {
                    lb.part().ladders.push([x, y, *up as i8]);
                }
            }
            S::Stair { coord, up } => {
                let (x, y) = self.simple_coord(lb, coord, false, "Stairway", line);
                let n = lb.part().stairs.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many stairs in room or mazepart!", stmt) {
                    lb.part().stairs.push([x, y, *up as i8]);
                }
            }
            S::StairRegion { area, avoid, up } => {
                let rtype = if *up != 0 { 1 } else { 0 };
                self.lev_region(lb, stmt, area, avoid, rtype, Vec::new());
            }
            S::Portal { area, avoid, dest } => {
                self.lev_region(lb, stmt, area, avoid, 2, dest.text.as_bytes().to_vec());
            }
            S::TeleportRegion { area, avoid, dir } => {
                let rtype = match dir {
                    0 => 6,
                    1 => 5,
                    _ => 4,
                };
                self.lev_region(lb, stmt, area, avoid, rtype, Vec::new());
            }
            S::BranchRegion { area, avoid } => {
                self.lev_region(lb, stmt, area, avoid, 3, Vec::new());
            }
            S::Fountain(c) => {
                let (x, y) = self.simple_coord(lb, c, false, "Fountain", line);
                let n = lb.part().fountains.len();
                if self.too_many(
                    n,
                    MAX_OF_TYPE,
                    "Too many fountains in room or mazepart!",
                    stmt,
                ) {
                    lb.part().fountains.push([x, y]);
                }
            }
            S::NonDiggable(r) => {
                self.region_range(lb, r, line);
                let n = lb.part().digs.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many diggables in mazepart!", stmt) {
                    lb.part()
                        .digs
                        .push([r.x1 as i8, r.y1 as i8, r.x2 as i8, r.y2 as i8]);
                }
            }
            S::NonPasswall(r) => {
                self.region_range(lb, r, line);
                let n = lb.part().passes.len();
                if self.too_many(n, 32, "Too many passwalls in mazepart!", stmt) {
                    lb.part()
                        .passes
                        .push([r.x1 as i8, r.y1 as i8, r.x2 as i8, r.y2 as i8]);
                }
            }
            S::Gold { amount, coord } => {
                let (x, y) = self.simple_coord(lb, coord, false, "Gold", line);
                let n = lb.part().golds.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many golds in room or mazepart!", stmt) {
                    lb.part().golds.push(GoldRec {
                        x,
                        y,
                        amount: *amount,
                    });
                }
            }
            S::Engraving { coord, etype, text } => {
                let (x, y) = self.simple_coord(lb, coord, false, "Engraving", line);
                let n = lb.part().engravings.len();
                if self.too_many(
                    n,
                    MAX_OF_TYPE,
                    "Too many engravings in room or mazepart!",
                    stmt,
                ) {
                    lb.part().engravings.push(EngravingRec {
                        x,
                        y,
                        text: text.text.as_bytes().to_vec(),
                        etype: *etype as i8,
                    });
                }
            }
            S::Partial(_) => self.partial(lb, stmt, false),
            // Room statements in a maze level only after a syntax error.
            _ => {}
        }
    }

    /// The checks the original makes on the parts of a statement it could
    /// not finish (its grammar actions run as soon as a part is reduced),
    /// in the order it read them.
    fn partial(&mut self, lb: &mut LevelBuild, stmt: &Stmt, in_room: bool) {
        let StmtKind::Partial(pieces) = &stmt.kind else {
            return;
        };
        for piece in pieces {
            match piece {
                Piece::Chance(v, span, line) => {
                    self.chance(Some((*v, *span, *line)));
                }
                Piece::MonsterClass(c, line) => {
                    self.monster_class(c, *line);
                }
                Piece::ObjectClass(c, line) => {
                    self.object_class(c, *line);
                }
                Piece::Coord(c) => {
                    self.coord_value(lb, c, in_room);
                }
                Piece::PlaceAdded(c) => {
                    if lb.plist.len() < MAX_REGISTERS as usize {
                        let v = coord_register(c);
                        lb.plist.push(v);
                    } else {
                        self.error("Location list too long!", c.span, c.line);
                    }
                }
                Piece::RoomType(t, line) => {
                    self.room_type(&Some(t.clone()), *line);
                }
                Piece::RoomPos(x, y, span, line) => self.room_pos(*x, *y, *span, *line),
                Piece::SubroomPos(x, y, span, line) => self.subroom_pos(*x, *y, *span, *line),
                Piece::CorrRoom(room, span, line) => {
                    let nrooms = self.carried.rooms + lb.rooms.len();
                    self.corr_room(*room, nrooms, *span, *line);
                }
                Piece::Region(r, line) => self.lev_region_range(lb, r, *line),
                Piece::TrapName(t, line) => {
                    self.trap_type(t, *line);
                }
                Piece::AlignRegister(n, span, line) => {
                    self.register(*n, 3, *span, *line);
                }
                Piece::MonsterHead {
                    class,
                    name,
                    coord,
                    line,
                } => {
                    if !in_room {
                        self.check_coord(lb, coord, "Monster", *line);
                    }
                    if let Some(name) = name {
                        let class = self.class_value(class, true);
                        self.monster_name(name, class, *line);
                    }
                }
                Piece::ObjectName { class, name, line } => {
                    let class = self.class_value(class, false);
                    self.object_name(name, class, *line);
                }
                Piece::ObjectAt(c, line) => {
                    if !in_room {
                        self.check_coord(lb, c, "Object", *line);
                    }
                }
            }
        }
    }

    /// A class's value without its checks (they ran when it was read).
    fn class_value(&self, c: &ClassSpec, monsters: bool) -> i32 {
        match c.class {
            Class::Char(ch) => {
                let known = if monsters {
                    self.d.is_monster_class(ch)
                } else {
                    self.d.is_object_class(ch)
                };
                if known {
                    ch as i32
                } else {
                    -1
                }
            }
            Class::Random => RANDOM as i32,
            Class::Register(n) if (0..MAX_REGISTERS).contains(&n) => -n - 1,
            Class::Register(_) => -1,
        }
    }

    fn lev_region_range(&mut self, lb: &LevelBuild, r: &LevRegion, line: u32) {
        let q = &r.rect;
        if r.absolute {
            if q.x1 <= 0
                || q.x1 >= COLNO
                || q.y1 < 0
                || q.y1 >= ROWNO
                || q.x2 <= 0
                || q.x2 >= COLNO
                || q.y2 < 0
                || q.y2 >= ROWNO
            {
                self.error("Region out of level range!", q.span, line);
            }
        } else {
            self.region_range(lb, q, line);
        }
    }

    fn region_range(&mut self, lb: &LevelBuild, r: &Rect4, line: u32) {
        let (mx, my) = (lb.map.max_x, lb.map.max_y);
        if r.x1 < 0
            || r.x1 > mx
            || r.y1 < 0
            || r.y1 > my
            || r.x2 < 0
            || r.x2 > mx
            || r.y2 < 0
            || r.y2 > my
        {
            self.error("Region out of map range!", r.span, line);
        }
    }

    fn region_warnings(&mut self, lb: &LevelBuild, r: &Rect4, line: u32) {
        let mut nrock = 0;
        for y in r.y1..=r.y2 {
            for x in r.x1..=r.x2 {
                let t = lb.map.at(x, y);
                if self.d.is_rock(t) || self.d.is_door(t) {
                    nrock += 1;
                }
            }
        }
        if nrock > 0 {
            self.warning(
                format!(
                    "Rock in room ({:02},{:02},{:02},{:02})?!",
                    r.x1, r.y1, r.x2, r.y2
                ),
                r.span,
                line,
            );
        }
        let corners = [
            (r.x1 - 1, r.y1 - 1),
            (r.x1 - 1, r.y2 + 1),
            (r.x2 + 1, r.y1 - 1),
            (r.x2 + 1, r.y2 + 1),
        ];
        if corners
            .iter()
            .any(|&(x, y)| !self.d.is_rock(lb.map.at(x, y)))
        {
            self.warning(
                format!(
                    "NonRock edge in room ({:02},{:02},{:02},{:02})?!",
                    r.x1, r.y1, r.x2, r.y2
                ),
                r.span,
                line,
            );
        }
    }

    fn lev_region(
        &mut self,
        lb: &mut LevelBuild,
        stmt: &Stmt,
        area: &LevRegion,
        avoid: &LevRegion,
        rtype: i8,
        name: Vec<u8>,
    ) {
        let line = stmt.line;
        for r in [area, avoid] {
            self.lev_region_range(lb, r, line);
        }
        let rect = |r: &LevRegion| {
            [
                r.rect.x1 as i8,
                r.rect.y1 as i8,
                r.rect.x2 as i8,
                r.rect.y2 as i8,
            ]
        };
        let rec = LevRegionRec {
            inarea: rect(area),
            delarea: rect(avoid),
            in_islev: area.absolute as i8,
            del_islev: avoid.absolute as i8,
            rtype,
            name,
        };
        let n = lb.part().lregions.len();
        if self.too_many(n, MAX_OF_TYPE, "Too many levregions in mazepart!", stmt) {
            lb.part().lregions.push(rec);
        }
    }

    fn scan_map(&mut self, lb: &mut LevelBuild, part: &mut Part, map: &MapBlock, stmt: &Stmt) {
        let width = map.rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
        let height = map.rows.len();
        let mut rows = Vec::with_capacity(height);
        for (_, row) in &map.rows {
            let mut codes: Vec<i8> = row.iter().map(|&c| self.map_codes[c as usize]).collect();
            codes.resize(width, STONE);
            rows.push(codes);
        }
        if width > MAP_X_LIM || height > MAP_Y_LIM {
            self.error(
                format!("Map too large! (max {MAP_X_LIM} x {MAP_Y_LIM})"),
                map.span,
                stmt.line,
            );
        }
        if width == 0 || height == 0 {
            self.own_error(code::EMPTY_MAP, "empty map", map.span);
        }
        lb.map = MapState {
            max_x: width as i32 - 1,
            max_y: height as i32 - 1,
            rows: rows.clone(),
            nomap: false,
        };
        part.xsize = width as i8;
        part.ysize = height as i8;
        part.map = rows;
    }

    // ---- room levels ---------------------------------------------------

    fn room_stmt(&mut self, lb: &mut LevelBuild, stmt: &Stmt) {
        use StmtKind as S;
        let line = stmt.line;
        let in_room = true;
        match &stmt.kind {
            S::RandomObjects(list) => {
                let regs = self.register_list(&mut lb.olist, list, line, false);
                if lb.room_regs.0 {
                    self.error("Object registers already initialized!", stmt.span, line);
                } else {
                    lb.room_regs.0 = true;
                    lb.room_body.robjects = regs;
                }
                return;
            }
            S::RandomMonsters(list) => {
                let regs = self.register_list(&mut lb.mlist, list, line, true);
                if lb.room_regs.1 {
                    self.error("Monster registers already initialized!", stmt.span, line);
                } else {
                    lb.room_regs.1 = true;
                    lb.room_body.rmonst = regs;
                }
                return;
            }
            S::Room {
                rtype,
                lit,
                pos,
                align,
                size,
                filled,
            } => {
                let rt = self.room_type(rtype, line);
                let (x, y) = match pos {
                    Some((x, y)) => {
                        self.room_pos(*x, *y, stmt.span, line);
                        (*x, *y)
                    }
                    None => (-1, -1),
                };
                let (xa, ya) = align.unwrap_or((-1, -1));
                let (w, h) = size.unwrap_or((-1, -1));
                lb.rooms.push(RoomRec {
                    fields: [
                        x as i8,
                        y as i8,
                        w as i8,
                        h as i8,
                        xa as i8,
                        ya as i8,
                        rt as i8,
                        0,
                        *lit as i8,
                        *filled as i8,
                    ],
                    ..RoomRec::default()
                });
                lb.room_spans.push(stmt.span);
                return;
            }
            S::Subroom {
                rtype,
                lit,
                pos,
                size,
                parent,
                filled,
            } => {
                let rt = self.room_type(rtype, line);
                let (x, y) = match pos {
                    Some((x, y)) => {
                        self.subroom_pos(*x, *y, stmt.span, line);
                        (*x, *y)
                    }
                    None => (-1, -1),
                };
                let (w, h) = size.unwrap_or((-1, -1));
                lb.rooms.push(RoomRec {
                    parent: parent.text.as_bytes().to_vec(),
                    fields: [
                        x as i8,
                        y as i8,
                        w as i8,
                        h as i8,
                        -1,
                        -1,
                        rt as i8,
                        0,
                        *lit as i8,
                        *filled as i8,
                    ],
                    ..RoomRec::default()
                });
                lb.room_spans.push(stmt.span);
                return;
            }
            S::RandomCorridors => {
                lb.random_corridors = true;
                lb.room_body.corridors = vec![[-1, 0, 0, 0, 0, 0]];
                return;
            }
            S::Corridor { src, dest } => {
                let nrooms = self.carried.rooms + lb.rooms.len();
                let mut rec = [0i8; 6];
                for (i, spec) in [
                    Some(src),
                    if let CorrDest::Room(d) = dest {
                        Some(d)
                    } else {
                        None
                    },
                ]
                .into_iter()
                .enumerate()
                {
                    if let Some(spec) = spec {
                        self.corr_room(spec.room, nrooms, spec.span, line);
                        rec[i * 3] = spec.room as i8;
                        rec[i * 3 + 1] = spec.wall as i8;
                        rec[i * 3 + 2] = spec.door as i8;
                    }
                }
                if let CorrDest::Nxcor(n) = dest {
                    rec[3] = -1;
                    rec[4] = *n as i8;
                    rec[5] = 0;
                }
                let n = if lb.random_corridors {
                    lb.room_body.corridors.len()
                } else {
                    self.carried.corridors + lb.room_body.corridors.len()
                };
                if self.too_many(n, MAX_OF_TYPE, "Too many corridors in level!", stmt) {
                    lb.room_body.corridors.push(rec);
                }
                return;
            }
            _ => {}
        }
        // Room details: they go into the current room (the dummy room when
        // there is none, which only happens after a syntax error).
        if lb.rooms.is_empty() {
            lb.rooms.push(RoomRec::default());
            lb.room_spans.push(stmt.span);
        }
        match &stmt.kind {
            S::Name(t) => {
                let room = lb.rooms.last_mut().expect("a room");
                if !room.name.is_empty() {
                    self.error("This room already has a name!", stmt.span, line);
                } else {
                    room.name = t.text.as_bytes().to_vec();
                }
            }
            S::Chance(v) => {
                let room = lb.rooms.last().expect("a room");
                if room.fields[7] != 0 {
                    self.error("This room already assigned a chance!", stmt.span, line);
                } else if room.fields[6] as i32 == OROOM {
                    self.error("Only typed rooms can have a chance!", stmt.span, line);
                } else if *v < 1 || *v > 99 {
                    self.error(self.d.chance_message(), stmt.span, line);
                } else {
                    lb.rooms.last_mut().expect("a room").fields[7] = *v as i8;
                }
            }
            S::RoomDoor {
                secret,
                state,
                wall,
                pos,
            } => {
                if *wall == -1 && *pos != -1 {
                    self.error(
                        "If the door wall is random, so must be its pos!",
                        stmt.span,
                        line,
                    );
                } else {
                    let n = lb.room().doors.len();
                    if self.too_many(n, MAX_OF_TYPE, "Too many doors in room!", stmt) {
                        lb.room().doors.push([
                            *wall as i8,
                            *pos as i8,
                            *secret as i8,
                            *state as i8,
                        ]);
                    }
                }
            }
            S::Monster { .. } => {
                if let Some(m) = self.monster(lb, stmt, in_room) {
                    let n = lb.room().monsters.len();
                    if self.too_many(
                        n,
                        MAX_OF_TYPE,
                        "Too many monsters in room or mazepart!",
                        stmt,
                    ) {
                        lb.room().monsters.push(m);
                    }
                }
            }
            S::Object { .. } => {
                if let Some(o) = self.object(lb, stmt, in_room) {
                    let n = lb.room().objects.len();
                    if self.too_many(
                        n,
                        MAX_OF_TYPE,
                        "Too many objects in room or mazepart!",
                        stmt,
                    ) {
                        let containment = o.containment;
                        lb.room().objects.push(o);
                        let owner = lb.rooms.len() - 1;
                        lb.object_sites.push(ObjectSite {
                            owner,
                            containment,
                            span: stmt.span,
                        });
                    }
                }
            }
            S::Trap { .. } => {
                if let Some(t) = self.trap(lb, stmt, in_room) {
                    let n = lb.room().traps.len();
                    if self.too_many(n, MAX_OF_TYPE, "Too many traps in room or mazepart!", stmt) {
                        lb.room().traps.push(t);
                    }
                }
            }
            S::Altar {
                coord,
                align,
                atype,
            } => {
                let (x, y) = self.coord_value(lb, coord, in_room);
                let a = self.alignment(*align, coord.span, line);
                let n = lb.room().altars.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many altars in room or mazepart!", stmt) {
                    lb.room().altars.push([x, y, a, *atype as i8]);
                }
            }
            S::Fountain(c) => {
                let (x, y) = self.coord_value(lb, c, in_room);
                let n = lb.room().fountains.len();
                if self.too_many(
                    n,
                    MAX_OF_TYPE,
                    "Too many fountains in room or mazepart!",
                    stmt,
                ) {
                    lb.room().fountains.push([x, y]);
                }
            }
            S::Sink(c) => {
                let (x, y) = self.coord_value(lb, c, in_room);
                let n = lb.room().sinks.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many sinks in room!", stmt) {
                    lb.room().sinks.push([x, y]);
                }
            }
            S::Pool(c) => {
                let (x, y) = self.coord_value(lb, c, in_room);
                let n = lb.room().pools.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many pools in room!", stmt) {
                    lb.room().pools.push([x, y]);
                }
            }
            S::Gold { amount, coord } => {
                let (x, y) = self.coord_value(lb, coord, in_room);
                let n = lb.room().golds.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many golds in room or mazepart!", stmt) {
                    lb.room().golds.push(GoldRec {
                        x,
                        y,
                        amount: *amount,
                    });
                }
            }
            S::Engraving { coord, etype, text } => {
                let (x, y) = self.coord_value(lb, coord, in_room);
                let n = lb.room().engravings.len();
                if self.too_many(
                    n,
                    MAX_OF_TYPE,
                    "Too many engravings in room or mazepart!",
                    stmt,
                ) {
                    lb.room().engravings.push(EngravingRec {
                        x,
                        y,
                        text: text.text.as_bytes().to_vec(),
                        etype: *etype as i8,
                    });
                }
            }
            S::Stair { coord, up } => {
                let (x, y) = self.coord_value(lb, coord, in_room);
                let n = lb.room().stairs.len();
                if self.too_many(n, MAX_OF_TYPE, "Too many stairs in room or mazepart!", stmt) {
                    lb.room().stairs.push([x, y, *up as i8]);
                }
            }
            S::Partial(_) => self.partial(lb, stmt, true),
            // Maze statements in a room level only after a syntax error.
            _ => {}
        }
    }

    /// Adds a RANDOM_OBJECTS / RANDOM_MONSTERS list to the part's (or room
    /// level's) list so far and returns that whole list: the original
    /// resets its counter only when a part ends or a level starts, so a
    /// repeated statement continues the first list, and elements past ten
    /// are "too long". Elements are added last first (the grammar's list
    /// is right-recursive).
    fn register_list(
        &mut self,
        regs: &mut Vec<i8>,
        list: &[ClassSpec],
        line: u32,
        monsters: bool,
    ) -> Vec<i8> {
        // Each class is checked as it is read; the list itself is built
        // when all of it has been read, last element first.
        let values: Vec<i32> = list
            .iter()
            .map(|c| {
                if monsters {
                    self.monster_class(c, line)
                } else {
                    self.object_class(c, line)
                }
            })
            .collect();
        for (c, v) in list.iter().zip(values).rev() {
            if regs.len() < MAX_REGISTERS as usize {
                regs.push(v as i8);
            } else if monsters {
                self.error("Monster list too long!", c.span, line);
            } else {
                self.error("Object list too long!", c.span, line);
            }
        }
        regs.clone()
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
