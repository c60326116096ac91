//! A preview of a 3.6 level: the compiled opcode stream run as the game's
//! `sp_lev.c` runs it (spec §13) — the value stack and variables, `CMP`
//! and the jumps, `RN2`/`DICE`, MAP placement, selections, terrain,
//! rooms, and where monsters, objects, traps and furniture go, then the
//! walls joined as the game's wallification joins them — with our own
//! seeded random source instead of the game's. What a random choice
//! decided is marked, so a view can say "this is one realisation".
//!
//! The run never panics and stops after the game's 65,536 steps.

pub(crate) mod draw;
mod machine;
pub(crate) mod terrain;
mod trace;
mod walls;

pub use draw::tile_map;
pub use trace::{Seen, Trace};

use crate::nethack_common::frame::Frame;
use crate::nethack_common::maze;
use crate::nethack_common::selection::Selection;
use crate::nethack_common::terrain::Terrain;
use crate::nethack_common::wallify::wallify_map;
use machine::{unpack_kind, Machine, Val};
use terrain::*;

use super::lev::{Lev, Record};
use super::opcodes;
use crate::rng::Rng;

pub const COLS: i32 = crate::nethack_common::COLNO as i32;
pub const ROWS: i32 = crate::nethack_common::ROWNO as i32;
/// `SPCODER_MAX_RUNTIME`.
pub const STEP_LIMIT: usize = 65_536;
/// `SP_COORD_IS_RANDOM`.
pub const RANDOM_COORD: i64 = 0x0100_0000;
/// The `corrmaze` level flag.
const CORRMAZE: i64 = 0x0800;
/// `x_maze_max`, `y_maze_max`.
const X_MAZE_MAX: i32 = maze::X_MAZE_MAX as i32;
const Y_MAZE_MAX: i32 = maze::Y_MAZE_MAX as i32;

/// Something placed on the level.
#[derive(Clone, Debug, PartialEq)]
pub struct Thing {
    pub x: i32,
    pub y: i32,
    pub what: What,
    /// The position was chosen at random.
    pub random: bool,
    /// The opcode that placed it (index into the stream).
    pub op: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum What {
    /// A monster by index, or any of a class (`index` None), or any.
    Monster {
        index: Option<usize>,
        class: u8,
        name: Option<String>,
    },
    Object {
        index: Option<usize>,
        class: u8,
    },
    Trap(i64),
    Stair {
        up: bool,
    },
    Ladder {
        up: bool,
    },
    Engraving(String),
    Gold(i64),
}

/// A room as placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    pub x1: i32,
    pub y1: i32,
    pub x2: i32,
    pub y2: i32,
    pub rtype: i64,
    pub random: bool,
    pub op: usize,
}

/// One realisation of a level.
pub struct Level {
    /// Location type of each cell, row-major.
    pub typ: Vec<u8>,
    pub lit: Vec<bool>,
    /// The cell's terrain came from a random choice.
    pub random: Vec<bool>,
    /// The opcode that last set the cell's terrain.
    pub op_of_cell: Vec<Option<usize>>,
    pub things: Vec<Thing>,
    pub rooms: Vec<Room>,
    /// Map parts drawn: (x1, y1, x2, y2, op).
    pub parts: Vec<(i32, i32, i32, i32, usize)>,
    pub steps: usize,
    pub stopped_at_limit: bool,
    /// Variables and their values at the end of the run.
    pub variables: Vec<(String, String)>,
    /// What each record did (for the editor).
    pub trace: Trace,
}

fn idx(x: i32, y: i32) -> Option<usize> {
    ((0..COLS).contains(&x) && (0..ROWS).contains(&y)).then(|| (y * COLS + x) as usize)
}

/// A selection's cells in the preview's coordinates (all on the level).
pub fn cells(sel: &Selection) -> Vec<(i32, i32)> {
    let narrow = |(x, y): (i64, i64)| Some((i32::try_from(x).ok()?, i32::try_from(y).ok()?));
    sel.cells().into_iter().filter_map(narrow).collect()
}

/// A cell in a selection's coordinates.
fn wide(x: i32, y: i32) -> (i64, i64) {
    (x.into(), y.into())
}

/// The location type at a selection's cell, `None` off the level.
fn typ_of(level: &Level, x: i64, y: i64) -> Option<u8> {
    let i = idx(i32::try_from(x).ok()?, i32::try_from(y).ok()?)?;
    level.typ.get(i).copied()
}

impl Level {
    /// The cell's location type, set by opcode `op`.
    fn set_typ(&mut self, x: i32, y: i32, typ: u8, random: bool, op: usize) {
        if let Some(i) = idx(x, y) {
            self.typ[i] = typ;
            self.random[i] = random;
            self.op_of_cell[i] = Some(op);
        }
    }
}

/// The level as the builders shared with 5.0 (the maze walk,
/// `wallify_map`) see it, carving `floor` for opcode `op`.
struct Building<'a> {
    level: &'a mut Level,
    floor: u8,
    op: usize,
}

impl Terrain for Building<'_> {
    fn is_stone(&self, x: i64, y: i64) -> bool {
        typ_of(self.level, x, y) == Some(STONE)
    }
    fn is_door(&self, x: i64, y: i64) -> bool {
        typ_of(self.level, x, y) == Some(DOOR)
    }
    fn is_room(&self, x: i64, y: i64) -> bool {
        typ_of(self.level, x, y).is_some_and(|t| t >= ROOM || t == CROSSWALL)
    }
    fn carve(&mut self, x: i64, y: i64, walked: bool) {
        self.set(x, y, self.floor, walked);
    }
    fn wall(&mut self, x: i64, y: i64, horizontal: bool) {
        self.set(x, y, if horizontal { HWALL } else { VWALL }, false);
    }
}

impl Building<'_> {
    fn set(&mut self, x: i64, y: i64, typ: u8, random: bool) {
        if let (Ok(x), Ok(y)) = (i32::try_from(x), i32::try_from(y)) {
            self.level.set_typ(x, y, typ, random, self.op);
        }
    }
}

struct Run<'a> {
    records: &'a [Record],
    m: Machine,
    rng: Rng,
    level: Level,
    area: Frame<i32>,
    /// The rooms being filled (ROOM … ENDROOM).
    room_stack: Vec<usize>,
    init_present: bool,
    /// The level's `corrmaze` flag: mazes of corridor, no wallification.
    corrmaze: bool,
    /// The opcode being run.
    at: usize,
}

/// Runs `lev` with `seed`.
pub fn realise(lev: &Lev, seed: u64) -> Level {
    let cells = (COLS * ROWS) as usize;
    let mut run = Run {
        records: &lev.records,
        m: Machine::default(),
        rng: Rng::new(seed),
        level: Level {
            typ: vec![STONE; cells],
            lit: vec![false; cells],
            random: vec![false; cells],
            op_of_cell: vec![None; cells],
            things: Vec::new(),
            rooms: Vec::new(),
            parts: Vec::new(),
            steps: 0,
            stopped_at_limit: false,
            variables: Vec::new(),
            trace: Trace::new(lev.records.len()),
        },
        area: Frame::level(),
        room_stack: Vec::new(),
        init_present: false,
        corrmaze: false,
        at: 0,
    };
    run.go();
    // What the game does after the program (sp_lev.c, the end of
    // sp_level_coder).
    if !run.corrmaze {
        walls::wallify_level(&mut run.level.typ);
    }
    run.level.variables = run.m.values();
    run.level
}

impl Run<'_> {
    fn go(&mut self) {
        let mut pc = 0usize;
        while pc < self.records.len() {
            if self.level.steps >= STEP_LIMIT {
                self.level.stopped_at_limit = true;
                return;
            }
            self.level.steps += 1;
            self.at = pc;
            self.level.trace.count(pc);
            let next = match &self.records[pc] {
                Record::Push(v) => {
                    if let crate::nethack36::Value::Var(name) = v {
                        if let Some(shown) = self.m.shown(name) {
                            self.level.trace.saw(pc, name, shown);
                        }
                    }
                    self.m.push(Val::from_pushed(v));
                    None
                }
                Record::Op(op) => match self.op(*op) {
                    Flow::Next => None,
                    Flow::Stop => return,
                    Flow::Jump(offset) => self.jump_target(pc, offset),
                },
            };
            pc = next.unwrap_or(pc + 1);
        }
    }

    /// `spo_jmp`: the game sets its counter to `pc + offset - 1` when that
    /// is inside the stream and not the jump itself, and then steps on, so
    /// a jump continues at `pc + offset` (possibly the end of the stream).
    fn jump_target(&mut self, pc: usize, offset: i64) -> Option<usize> {
        let landing = (pc as i64).checked_add(offset)?.checked_sub(1)?;
        if landing < 0 || landing as usize >= self.records.len() || landing as usize == pc {
            return None;
        }
        Some(landing as usize + 1)
    }

    fn rn2(&mut self, n: i64) -> i64 {
        if n <= 1 {
            0
        } else {
            i64::from(self.rng.range(0, n.min(i64::from(i32::MAX)) as i32 - 1))
        }
    }

    fn op(&mut self, op: i32) -> Flow {
        match op {
            opcodes::MESSAGE => drop(self.m.string()),
            opcodes::MONSTER => self.monster(),
            opcodes::OBJECT => self.object(),
            opcodes::ENGRAVING => self.engraving(),
            opcodes::ROOM | opcodes::SUBROOM => self.room(op == opcodes::SUBROOM),
            opcodes::DOOR => self.door(),
            opcodes::STAIR | opcodes::LADDER => self.stair(op == opcodes::LADDER),
            opcodes::ALTAR => self.altar(),
            opcodes::FOUNTAIN => self.furniture(FOUNTAIN),
            opcodes::SINK => self.furniture(SINK),
            opcodes::POOL => self.furniture(POOL),
            opcodes::TRAP => self.trap(),
            opcodes::GOLD => self.gold(),
            opcodes::CORRIDOR => self.pop_ints(6),
            opcodes::LEVREGION => self.levregion(),
            opcodes::DRAWBRIDGE => self.drawbridge(),
            opcodes::MAZEWALK => self.mazewalk(),
            opcodes::NON_DIGGABLE | opcodes::NON_PASSWALL => drop(self.m.region()),
            opcodes::WALLIFY => self.wallify(),
            opcodes::MAP => self.map(),
            opcodes::ROOM_DOOR => self.pop_ints(4),
            opcodes::REGION => self.region(),
            opcodes::MINERALIZE => self.pop_ints(4),
            opcodes::CMP => self.compare(),
            opcodes::JMP => return self.m.int().map_or(Flow::Next, Flow::Jump),
            opcodes::JL..=opcodes::JNE => return self.conditional_jump(op),
            opcodes::TERRAIN => self.terrain(),
            opcodes::REPLACETERRAIN => self.replace_terrain(),
            opcodes::EXIT => return Flow::Stop,
            opcodes::ENDROOM => {
                self.room_stack.pop();
            }
            opcodes::POP => drop(self.m.pop_raw()),
            opcodes::RN2 => {
                let n = self.m.int().unwrap_or(0);
                let v = self.rn2(n);
                self.m.push(Val::Int(v));
            }
            opcodes::DEC | opcodes::INC => {
                if let Some(v) = self.m.int() {
                    self.m
                        .push(Val::Int(if op == opcodes::DEC { v - 1 } else { v + 1 }));
                }
            }
            opcodes::MATH_ADD..=opcodes::MATH_MOD => self.math(op),
            opcodes::MATH_SIGN => {
                if let Some(v) = self.m.int() {
                    self.m.push(Val::Int(v.signum()));
                }
            }
            opcodes::COPY => {
                if let Some(v) = self.m.pop() {
                    self.m.push(v.clone());
                    self.m.push(v);
                }
            }
            opcodes::GRAVE => self.grave(),
            opcodes::INITLEVEL => self.init_level(),
            opcodes::LEVEL_FLAGS => {
                if let Some(flags) = self.m.int() {
                    self.corrmaze |= flags & CORRMAZE != 0;
                }
            }
            opcodes::VAR_INIT => {
                if let Some(name) = self.m.define() {
                    if let Some(shown) = self.m.shown(&name) {
                        self.level.trace.saw(self.at, &name, shown);
                    }
                }
            }
            opcodes::SHUFFLE_ARRAY => {
                let rng = &mut self.rng;
                self.m.shuffle(|n| {
                    if n <= 1 {
                        0
                    } else {
                        i64::from(rng.range(0, n as i32 - 1))
                    }
                });
            }
            opcodes::DICE => {
                let die = self.m.int().unwrap_or(1).clamp(1, 1 << 20);
                let count = self.m.int().unwrap_or(1).clamp(1, 1 << 10);
                let sum = (0..count).map(|_| self.rn2(die) + 1).sum();
                self.m.push(Val::Int(sum));
            }
            opcodes::SEL_ADD..=opcodes::SEL_COMPLEMENT => self.selection(op),
            // NULL, POP_CONTAINER, END_MONINVENT, frames and calls: nothing
            // the preview draws.
            _ => {}
        }
        Flow::Next
    }

    fn pop_ints(&mut self, n: usize) {
        for _ in 0..n {
            self.m.pop();
        }
    }

    // ---- control flow ---------------------------------------------------

    fn compare(&mut self) {
        let (Some(b), Some(a)) = (self.m.pop(), self.m.pop()) else {
            return;
        };
        let flags = match (&a, &b) {
            (Val::Int(a), Val::Int(b)) => match a.cmp(b) {
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 4,
            },
            // Strings and the other types: equal or not.
            (a, b) if a == b => 4,
            _ => 0,
        };
        self.m.push(Val::Int(flags));
    }

    fn conditional_jump(&mut self, op: i32) -> Flow {
        let (Some(offset), Some(flags)) = (self.m.int(), self.m.int()) else {
            return Flow::Next;
        };
        let taken = match op {
            opcodes::JL => flags & 1 != 0,
            opcodes::JLE => flags & 5 != 0,
            opcodes::JG => flags & 2 != 0,
            opcodes::JGE => flags & 6 != 0,
            opcodes::JE => flags & 4 != 0,
            _ => flags & 4 == 0,
        };
        if taken {
            Flow::Jump(offset)
        } else {
            Flow::Next
        }
    }

    fn math(&mut self, op: i32) {
        let (Some(b), Some(a)) = (self.m.pop(), self.m.pop()) else {
            return;
        };
        let v = match (a, b) {
            (Val::Int(a), Val::Int(b)) => Val::Int(match op {
                opcodes::MATH_ADD => a.wrapping_add(b),
                opcodes::MATH_SUB => a.wrapping_sub(b),
                opcodes::MATH_MUL => a.wrapping_mul(b),
                opcodes::MATH_DIV if b >= 1 => a / b,
                opcodes::MATH_MOD if b >= 1 => a % b,
                _ => 0,
            }),
            (Val::Str(mut a), Val::Str(b)) if op == opcodes::MATH_ADD => {
                a.extend_from_slice(&b);
                a.truncate(4096);
                Val::Str(a)
            }
            _ => return,
        };
        self.m.push(v);
    }

    // ---- coordinates ----------------------------------------------------

    /// The area coordinates are relative to: the room being filled, or
    /// the map part.
    fn frame(&self) -> Frame<i32> {
        match self
            .room_stack
            .last()
            .and_then(|&r| self.level.rooms.get(r))
        {
            Some(r) => Frame::room(r.x1, r.y1, r.x2, r.y2),
            None => self.area,
        }
    }

    /// A packed coordinate on the level, and whether it was random.
    fn place(&mut self, packed: i64, wants: Wants) -> Option<(i32, i32, bool)> {
        let f = self.frame();
        if packed & RANDOM_COORD == 0 {
            let (x, y) = ((packed & 0xff) as i32, ((packed >> 16) & 0xff) as i32);
            return Some((f.x + x, f.y + y, false));
        }
        let fits =
            |run: &Self, x: i32, y: i32| idx(x, y).is_some_and(|i| wants.accepts(run.level.typ[i]));
        for _ in 0..100 {
            let x = f.x + self.rng.range(0, (f.width - 1).max(0));
            let y = f.y + self.rng.range(0, (f.height - 1).max(0));
            if fits(self, x, y) {
                return Some((x, y, true));
            }
        }
        for x in f.x..f.x + f.width {
            for y in f.y..f.y + f.height {
                if fits(self, x, y) {
                    return Some((x, y, true));
                }
            }
        }
        None
    }

    /// A region `(x1,y1,x2,y2)` on the level.
    fn region_of(&self, packed: i64) -> (i32, i32, i32, i32) {
        let f = self.frame();
        let b = |shift: i64| ((packed >> shift) & 0xff) as i32;
        (f.x + b(0), f.y + b(8), f.x + b(16), f.y + b(24))
    }

    fn set_typ(&mut self, x: i32, y: i32, typ: u8, random: bool) {
        self.level.set_typ(x, y, typ, random, self.at);
    }

    fn typ_at(&self, x: i32, y: i32) -> Option<u8> {
        idx(x, y).map(|i| self.level.typ[i])
    }

    fn put(&mut self, x: i32, y: i32, what: What, random: bool) {
        self.level.things.push(Thing {
            x,
            y,
            what,
            random,
            op: self.at,
        });
    }

    // ---- level set-up ---------------------------------------------------

    fn init_level(&mut self) {
        let mut v = [0i64; 8];
        for slot in &mut v {
            *slot = self.m.int().unwrap_or(0);
        }
        // Popped: fg, bg, smoothed, joined, lit, walled, filling, style.
        let [fg, bg, _smoothed, _joined, lit, _walled, filling, style] = v;
        self.init_present = true;
        let fill = |t: i64| {
            u8::try_from(t)
                .ok()
                .filter(|&t| t < MAX_TYPE)
                .unwrap_or(STONE)
        };
        match style {
            // mazegrid (`lvlfill_maze_grid`): from column 2 to the maze's
            // bounds, walls with rock at odd cells and in the top two
            // rows, for MAZEWALK; all rock for a corridor maze.
            2 => {
                for x in 2..=X_MAZE_MAX {
                    for y in 0..=Y_MAZE_MAX {
                        let rock = self.corrmaze || y < 2 || (x % 2 == 1 && y % 2 == 1);
                        let t = if rock { STONE } else { fill(filling) };
                        self.set_typ(x, y, t, false);
                    }
                }
            }
            // mines: a random cave of the foreground in the background.
            3 => {
                let (fg, bg) = (fill(fg), fill(bg));
                for x in 1..COLS - 1 {
                    for y in 1..ROWS - 1 {
                        let t = if self.rng.range(0, 99) < 45 { fg } else { bg };
                        self.set_typ(x, y, t, true);
                    }
                }
            }
            // rogue: the preview leaves the level to the game.
            4 => {}
            _ => {
                let t = fill(filling);
                for i in 0..self.level.typ.len() {
                    self.level.typ[i] = t;
                    self.level.lit[i] = lit == 1;
                }
            }
        }
    }

    fn map(&mut self) {
        let (Some(w), Some(h), Some(cells), Some(_keep), Some(zalign), Some(at)) = (
            self.m.int(),
            self.m.int(),
            self.m.string(),
            self.m.int(),
            self.m.int(),
            self.m.coord(),
        ) else {
            return;
        };
        let (w, h) = (
            w.clamp(0, i64::from(COLS)) as i32,
            h.clamp(0, i64::from(ROWS)) as i32,
        );
        let (halign, valign) = ((at & 0xff) as i32, ((at >> 16) & 0xff) as i32);
        let (mut x0, mut y0) = (self.area.x, self.area.y);
        match zalign {
            1 => {
                x0 = match halign {
                    1 => {
                        if self.init_present {
                            1
                        } else {
                            3
                        }
                    }
                    2 => 2 + (X_MAZE_MAX - 2 - w) / 4,
                    3 => 2 + (X_MAZE_MAX - 2 - w) / 2,
                    4 => 2 + (X_MAZE_MAX - 2 - w) * 3 / 4,
                    _ => X_MAZE_MAX - w - 1,
                };
                y0 = match valign {
                    1 => 3,
                    3 => 2 + (Y_MAZE_MAX - 2 - h) / 2,
                    _ => Y_MAZE_MAX - h - 1,
                };
                x0 |= 1;
                y0 |= 1;
            }
            2 => {
                let f = self.frame();
                x0 = f.x + halign;
                y0 = f.y + valign;
            }
            _ => {}
        }
        if y0 < 0 || y0 + h > ROWS {
            y0 += if y0 > 0 { -2 } else { 2 };
            if h == ROWS {
                y0 = 0;
            }
        }
        if w <= 1 && h <= 1 {
            self.area = Frame::level();
            return;
        }
        for y in 0..h {
            for x in 0..w {
                let Some(&byte) = cells.get((y * w + x) as usize) else {
                    continue;
                };
                let t = byte.wrapping_sub(1);
                if t < MAX_TYPE {
                    self.set_typ(x0 + x, y0 + y, t, false);
                    if let Some(i) = idx(x0 + x, y0 + y) {
                        self.level.lit[i] = false;
                    }
                }
            }
        }
        self.area = Frame {
            x: x0,
            y: y0,
            width: w,
            height: h,
        };
        self.level
            .parts
            .push((x0, y0, x0 + w - 1, y0 + h - 1, self.at));
    }

    // ---- statements -----------------------------------------------------

    fn monster(&mut self) {
        let _has_inventory = self.m.int();
        let mut name = None;
        let mut guard = 0;
        while let Some(id) = self.m.int() {
            guard += 1;
            if !(0..16).contains(&id) || guard > 17 {
                break;
            }
            let value = self.m.pop();
            if id == 3 {
                self.m.pop();
            }
            if let (4, Some(Val::Str(s))) = (id, value) {
                name = Some(String::from_utf8_lossy(&s).into_owned());
            }
        }
        let (Some(at), Some(kind)) = (self.m.coord(), self.m.monst()) else {
            return;
        };
        let Some((x, y, random)) = self.place(at, Wants::Walkable) else {
            return;
        };
        let (index, class) = unpack_kind(kind);
        self.put(x, y, What::Monster { index, class, name }, random);
    }

    fn object(&mut self) {
        let containment = self.m.int().unwrap_or(0);
        let mut at = None;
        let mut guard = 0;
        while let Some(id) = self.m.int() {
            guard += 1;
            if !(0..15).contains(&id) || guard > 16 {
                break;
            }
            let value = self.m.pop();
            if let (14, Some(Val::Coord(c))) = (id, value) {
                at = Some(c);
            }
        }
        let Some(kind) = self.m.obj() else { return };
        // Objects inside a container are not on the floor.
        if containment & 1 != 0 {
            return;
        }
        let Some((x, y, random)) = self.place(at.unwrap_or(RANDOM_COORD), Wants::Walkable) else {
            return;
        };
        let (index, class) = unpack_kind(kind);
        self.put(x, y, What::Object { index, class }, random);
    }

    fn engraving(&mut self) {
        let (_kind, text, at) = (self.m.int(), self.m.string(), self.m.coord());
        let (Some(text), Some(at)) = (text, at) else {
            return;
        };
        if let Some((x, y, random)) = self.place(at, Wants::Walkable) {
            let text = String::from_utf8_lossy(&text).into_owned();
            self.put(x, y, What::Engraving(text), random);
        }
    }

    fn grave(&mut self) {
        let (_kind, _text, at) = (self.m.int(), self.m.string(), self.m.coord());
        let Some(at) = at else { return };
        if let Some((x, y, random)) = self.place(at, Wants::Walkable) {
            self.set_typ(x, y, GRAVE, random);
        }
    }

    fn trap(&mut self) {
        let (Some(kind), Some(at)) = (self.m.int(), self.m.coord()) else {
            return;
        };
        if let Some((x, y, random)) = self.place(at, Wants::Walkable) {
            self.put(x, y, What::Trap(kind), random);
        }
    }

    fn gold(&mut self) {
        let (Some(at), Some(amount)) = (self.m.coord(), self.m.int()) else {
            return;
        };
        if let Some((x, y, random)) = self.place(at, Wants::Walkable) {
            self.put(x, y, What::Gold(amount), random);
        }
    }

    fn stair(&mut self, ladder: bool) {
        let (Some(up), Some(at)) = (self.m.int(), self.m.coord()) else {
            return;
        };
        if let Some((x, y, random)) = self.place(at, Wants::Walkable) {
            let up = up == 1;
            self.set_typ(x, y, if ladder { LADDER } else { STAIRS }, random);
            let what = if ladder {
                What::Ladder { up }
            } else {
                What::Stair { up }
            };
            self.put(x, y, what, random);
        }
    }

    fn altar(&mut self) {
        let (_align, _kind, at) = (self.m.int(), self.m.int(), self.m.coord());
        let Some(at) = at else { return };
        if let Some((x, y, random)) = self.place(at, Wants::Walkable) {
            self.set_typ(x, y, ALTAR, random);
        }
    }

    fn furniture(&mut self, typ: u8) {
        let Some(sel) = self.m.sel() else { return };
        for (x, y) in cells(&sel) {
            if self.typ_at(x, y).is_some_and(|t| !is_furniture(t)) {
                self.set_typ(x, y, typ, false);
            }
        }
    }

    fn door(&mut self) {
        let (Some(_state), Some(sel)) = (self.m.int(), self.m.sel()) else {
            return;
        };
        for (x, y) in cells(&sel) {
            self.set_typ(x, y, DOOR, false);
        }
    }

    fn drawbridge(&mut self) {
        let (_dir, _state, at) = (self.m.int(), self.m.int(), self.m.coord());
        let Some(at) = at else { return };
        if let Some((x, y, random)) = self.place(at, Wants::Any) {
            self.set_typ(x, y, DRAWBRIDGE_UP, random);
        }
    }

    fn levregion(&mut self) {
        let _name = self.m.string();
        for _ in 0..12 {
            self.m.pop();
        }
    }

    /// WALLIFY: `wallify_map` over each cell of a selection, or over a
    /// region given on the level (a corner of -1 is the map part's, one
    /// cell beyond its edge).
    fn wallify(&mut self) {
        let areas: Vec<(i64, i64, i64, i64)> = match self.m.int() {
            Some(1) => self.m.sel().map_or_else(Vec::new, |sel| {
                sel.cells().into_iter().map(|(x, y)| (x, y, x, y)).collect()
            }),
            _ => self.m.region().map_or_else(Vec::new, |r| {
                // `(xchar) SP_REGION_X1(r)`: a byte read as signed.
                let corner = |shift: i64| i64::from((r >> shift) as u8 as i8);
                let a = self.area;
                let (x, y) = (i64::from(a.x), i64::from(a.y));
                let (w, h) = (i64::from(a.width), i64::from(a.height));
                let or = |v: i64, e: i64| if v < 0 { e } else { v };
                vec![(
                    or(corner(0), x - 1),
                    or(corner(8), y - 1),
                    or(corner(16), x + w + 1),
                    or(corner(24), y + h + 1),
                )]
            }),
        };
        let mut level = Building {
            level: &mut self.level,
            floor: ROOM,
            op: self.at,
        };
        for area in areas {
            wallify_map(&mut level, area);
        }
    }

    fn region(&mut self) {
        let (_flags, _rtype, lit, region) =
            (self.m.int(), self.m.int(), self.m.int(), self.m.region());
        let Some(region) = region else { return };
        let (x1, y1, x2, y2) = self.region_of(region);
        let lit = match lit {
            Some(-1) => self.rng.range(0, 1) == 1,
            Some(l) => l == 1,
            None => false,
        };
        for x in x1..=x2.min(COLS - 1) {
            for y in y1..=y2.min(ROWS - 1) {
                if let Some(i) = idx(x, y) {
                    self.level.lit[i] = lit;
                }
            }
        }
    }

    fn terrain(&mut self) {
        let (Some(mapchar), Some(sel)) = (self.m.map_char(), self.m.sel()) else {
            return;
        };
        let typ = (mapchar & 0xff) as u8;
        if typ >= MAX_TYPE {
            return;
        }
        for (x, y) in cells(&sel) {
            self.set_typ(x, y, typ, false);
        }
    }

    fn replace_terrain(&mut self) {
        let (Some(chance), Some(to), Some(from), Some(region)) = (
            self.m.int(),
            self.m.map_char(),
            self.m.map_char(),
            self.m.region(),
        ) else {
            return;
        };
        let (to, from) = ((to & 0xff) as u8, (from & 0xff) as u8);
        let (x1, y1, x2, y2) = self.region_of(region);
        for x in x1..=x2.min(COLS - 1) {
            for y in y1..=y2.min(ROWS - 1) {
                if self.typ_at(x, y) == Some(from)
                    && to < MAX_TYPE
                    && i64::from(self.rng.range(0, 99)) < chance
                {
                    self.set_typ(x, y, to, chance < 100);
                }
            }
        }
    }

    /// MAZEWALK: carve a maze of corridors from the start, through the
    /// stone cells a mazegrid left at odd positions.
    /// `spo_mazewalk`: one step in the given direction, onto odd
    /// coordinates, then `walkfrom` carves a maze through the rock cells
    /// two apart (a depth-first walk, each step in a random open
    /// direction).
    fn mazewalk(&mut self) {
        let (ftyp, _stocked, dir, at) = (self.m.int(), self.m.int(), self.m.int(), self.m.coord());
        let (Some(ftyp), Some(dir), Some(at)) = (ftyp, dir, at) else {
            return;
        };
        let Some((x, y, _)) = self.place(at, Wants::Any) else {
            return;
        };
        let floor = match u8::try_from(ftyp) {
            Ok(t) if (1..MAX_TYPE).contains(&t) => t,
            _ if self.corrmaze => CORR,
            _ => ROOM,
        };
        let mut level = Building {
            level: &mut self.level,
            floor,
            op: self.at,
        };
        maze::mazewalk(&mut level, wide(x, y), dir, &mut self.rng);
    }

    /// ROOM/SUBROOM: placed where it says (a 5x5 grid of the level for a
    /// room, the parent's interior for a subroom), at random where it
    /// says random.
    fn room(&mut self, sub: bool) {
        let mut v = [0i64; 10];
        for slot in &mut v {
            *slot = self.m.int().unwrap_or(-1);
        }
        // Popped: h, w, y, x, yalign, xalign, flags, lit, chance, rtype.
        let [h, w, y, x, yalign, xalign, _flags, lit, _chance, rtype] = v;
        let random_size = w < 0 || h < 0;
        let w = if w < 0 {
            self.rng.range(3, 12)
        } else {
            w.clamp(1, 76) as i32
        };
        let h = if h < 0 {
            self.rng.range(2, 5)
        } else {
            h.clamp(1, 18) as i32
        };
        let parent = if sub {
            self.room_stack.last().copied()
        } else {
            None
        };
        let random_place = x < 0 || y < 0;
        let (x1, y1) = match parent.and_then(|p| self.level.rooms.get(p)) {
            Some(p) if !random_place => (p.x1 + x as i32, p.y1 + y as i32),
            Some(p) => (
                self.rng.range(p.x1, (p.x2 - w + 1).max(p.x1)),
                self.rng.range(p.y1, (p.y2 - h + 1).max(p.y1)),
            ),
            None if !random_place => {
                let cell_w = COLS / 5;
                let cell_h = ROWS / 5;
                let mut x1 = ((x as i32 - 1).clamp(0, 4) * COLS) / 5 + 1;
                let mut y1 = ((y as i32 - 1).clamp(0, 4) * ROWS) / 5 + 1;
                // align: 1 left/top, 3 center, 5 right/bottom.
                match xalign {
                    3 => x1 += (cell_w - w) / 2,
                    5 => x1 += cell_w - w - 1,
                    _ => {}
                }
                match yalign {
                    3 => y1 += (cell_h - h) / 2,
                    5 => y1 += cell_h - h - 1,
                    _ => {}
                }
                (x1, y1)
            }
            None => (
                self.rng.range(2, (COLS - w - 2).max(2)),
                self.rng.range(2, (ROWS - h - 2).max(2)),
            ),
        };
        let x1 = x1.clamp(1, (COLS - 2 - w).max(1));
        let y1 = y1.clamp(1, (ROWS - 2 - h).max(1));
        let (x2, y2) = (x1 + w - 1, y1 + h - 1);
        let random = random_place || random_size;
        let lit = match lit {
            -1 => self.rng.range(0, 1) == 1,
            l => l == 1,
        };
        for cx in x1 - 1..=x2 + 1 {
            for cy in y1 - 1..=y2 + 1 {
                let wall = cx < x1 || cx > x2 || cy < y1 || cy > y2;
                let typ = match (wall, cy < y1 || cy > y2) {
                    (false, _) => ROOM,
                    (true, true) => HWALL,
                    (true, false) => VWALL,
                };
                self.set_typ(cx, cy, typ, random);
                if let Some(i) = idx(cx, cy) {
                    self.level.lit[i] = lit;
                }
            }
        }
        self.level.rooms.push(Room {
            x1,
            y1,
            x2,
            y2,
            rtype,
            random,
            op: self.at,
        });
        self.room_stack.push(self.level.rooms.len() - 1);
    }

    // ---- selections -----------------------------------------------------

    fn selection(&mut self, op: i32) {
        let made = match op {
            opcodes::SEL_ADD => match (self.m.sel(), self.m.sel()) {
                (Some(a), Some(b)) => Some(a.union(&b)),
                _ => None,
            },
            opcodes::SEL_POINT => self.m.coord().and_then(|c| {
                let (x, y, _) = self.place(c, Wants::Any)?;
                Some(Selection::point(x.into(), y.into()))
            }),
            opcodes::SEL_RECT | opcodes::SEL_FILLRECT => self.m.region().map(|r| {
                let (x1, y1, x2, y2) = self.region_of(r);
                Selection::rect(wide(x1, y1), wide(x2, y2), op == opcodes::SEL_FILLRECT)
            }),
            opcodes::SEL_LINE => self
                .two_coords()
                .map(|(a, b)| Selection::line(wide(a.0, a.1), wide(b.0, b.1))),
            opcodes::SEL_RNDLINE => {
                let roughness = self.m.int().unwrap_or(0);
                self.two_coords().map(|(a, b)| {
                    Selection::random_line(wide(a.0, a.1), wide(b.0, b.1), roughness, &mut self.rng)
                })
            }
            opcodes::SEL_GROW => {
                let dirs = self.m.int().unwrap_or(-1);
                self.m.sel().map(|s| s.grow(dirs))
            }
            opcodes::SEL_FLOOD => self.m.coord().and_then(|c| {
                let (x, y, _) = self.place(c, Wants::Any)?;
                let start = self.typ_at(x, y)?;
                let level = &self.level;
                Some(Selection::flood(x.into(), y.into(), false, |cx, cy| {
                    typ_of(level, cx, cy) == Some(start)
                }))
            }),
            opcodes::SEL_RNDCOORD => {
                if let Some(s) = self.m.sel() {
                    let f = self.frame();
                    if let Some((x, y)) = s.random_cell(&mut self.rng) {
                        let packed = (x - i64::from(f.x)) | ((y - i64::from(f.y)) << 16);
                        self.m.push(Val::Coord(packed.max(0)));
                    }
                }
                return;
            }
            opcodes::SEL_ELLIPSE => {
                let (filled, b, a, at) = (self.m.int(), self.m.int(), self.m.int(), self.m.coord());
                match (filled, b, a, at) {
                    (Some(f), Some(b), Some(a), Some(c)) => self
                        .place(c, Wants::Any)
                        .map(|(x, y, _)| Selection::ellipse(wide(x, y), a, b, f == 1)),
                    _ => None,
                }
            }
            opcodes::SEL_FILTER => self.filter(),
            opcodes::SEL_GRADIENT => {
                for _ in 0..6 {
                    self.m.pop();
                }
                Some(Selection::default())
            }
            opcodes::SEL_COMPLEMENT => self.m.sel().map(|s| s.complement()),
            _ => None,
        };
        let made = made.unwrap_or_default();
        self.level.trace.made(self.at, &made);
        self.m.push(Val::Sel(Box::new(made)));
    }

    fn two_coords(&mut self) -> Option<((i32, i32), (i32, i32))> {
        let (b, a) = (self.m.coord()?, self.m.coord()?);
        let (bx, by, _) = self.place(b, Wants::Any)?;
        let (ax, ay, _) = self.place(a, Wants::Any)?;
        Some(((ax, ay), (bx, by)))
    }

    fn filter(&mut self) -> Option<Selection> {
        match self.m.int()? {
            0 => {
                let percent = self.m.int()?;
                let s = self.m.sel()?;
                Some(s.filter_percent(percent, &mut self.rng))
            }
            1 => {
                let a = self.m.sel()?;
                let b = self.m.sel()?;
                Some(b.intersection(&a))
            }
            _ => {
                let mapchar = self.m.map_char()?;
                let s = self.m.sel()?;
                let typ = (mapchar & 0xff) as u8;
                let level = &self.level;
                Some(s.filter(|x, y| typ_of(level, x, y) == Some(typ)))
            }
        }
    }
}

enum Flow {
    Next,
    Stop,
    Jump(i64),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nethack36::{Build, Session};

    fn first_level(src: &str) -> Lev {
        let run = Session::new(Build::Nethack366).compile(src.as_bytes());
        assert!(!run.failed, "{:?}", run.messages);
        crate::nethack36::decode(&run.files[0].1).expect("decodes")
    }

    #[test]
    fn a_map_is_centred_and_terrain_follows_selections() {
        let lev = first_level(
            "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n...\n...\nENDMAP\n\
             TERRAIN: (0,0), 'T'\nMONSTER: ('d', \"jackal\"), (2,1)\n",
        );
        let level = realise(&lev, 1);
        let &(x1, y1, x2, y2, _) = level.parts.first().expect("a map part");
        assert_eq!((x2 - x1, y2 - y1), (2, 1));
        assert_eq!(level.typ[(y1 * COLS + x1) as usize], TREE);
        assert_eq!(level.typ[(y1 * COLS + x1 + 1) as usize], ROOM);
        let jackal = &level.things[0];
        assert_eq!((jackal.x, jackal.y), (x1 + 2, y1 + 1));
        assert!(matches!(jackal.what, What::Monster { class: b'd', .. }));
    }

    #[test]
    fn loops_and_branches_are_counted_and_the_step_limit_holds() {
        let lev = first_level(
            "LEVEL: \"l\"\n$i = 0\nLOOP [3] { $i = $i + 1 }\nIF [$i == 3] { EXIT }\nMESSAGE: \"x\"\n",
        );
        let level = realise(&lev, 7);
        // The loop's jump back runs once per iteration.
        let back = lev
            .records
            .iter()
            .enumerate()
            .position(|(i, r)| {
                matches!(r, Record::Op(opcodes::JG))
                    && matches!(lev.records.get(i.wrapping_sub(1)), Some(Record::Push(crate::nethack36::Value::Int(v))) if *v < 0)
            })
            .expect("a jump back");
        assert_eq!(level.trace.ran[back], 3);
        // The IF's EXIT ran; the MESSAGE after it did not.
        assert_eq!(level.trace.ran.last(), Some(&0));
        // `$i + 1` read 0, 1, 2; `$i = …` set 1, 2, 3.
        let seen: Vec<Vec<String>> = level
            .trace
            .values
            .iter()
            .flatten()
            .filter(|s| s.name == "$i")
            .map(|s| s.values.clone())
            .collect();
        assert!(
            seen.contains(&vec!["0".into(), "1".into(), "2".into()]),
            "{seen:?}"
        );
        assert!(
            seen.contains(&vec!["1".into(), "2".into(), "3".into()]),
            "{seen:?}"
        );
        assert!(level.variables.iter().any(|(n, v)| n == "$i" && v == "3"));
        // A jump to itself is never taken; an endless loop stops.
        let endless = Lev {
            header: lev.header,
            records: vec![
                Record::Push(crate::nethack36::Value::Int(0)),
                Record::Op(opcodes::JMP),
                Record::Push(crate::nethack36::Value::Int(-2)),
                Record::Op(opcodes::JMP),
            ],
            trailing: Vec::new(),
        };
        let level = realise(&endless, 1);
        assert!(level.stopped_at_limit);
        assert_eq!(level.steps, STEP_LIMIT);
    }
}
