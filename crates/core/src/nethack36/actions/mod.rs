//! The grammar actions: what each rule of `grammar.txt` emits and checks,
//! as lev_comp 3.6.6's actions do (the spec's sections 6 and 7; where the
//! reference's code and the spec disagree, the code was followed and the
//! place says so).

use super::compile::{Compiler, Pending, MAX_NESTED};
use super::lev::Value;
use super::lexer::Sem;
use super::names;
use super::profile::INVALID_TYPE;
use super::tables::Act;
use super::vars::{self, kind, Define};

/// Opcode numbers (`enum opcode_defs`).
mod op {
    pub const MESSAGE: i32 = 1;
    pub const MONSTER: i32 = 2;
    pub const OBJECT: i32 = 3;
    pub const ENGRAVING: i32 = 4;
    pub const ROOM: i32 = 5;
    pub const SUBROOM: i32 = 6;
    pub const DOOR: i32 = 7;
    pub const STAIR: i32 = 8;
    pub const LADDER: i32 = 9;
    pub const ALTAR: i32 = 10;
    pub const FOUNTAIN: i32 = 11;
    pub const SINK: i32 = 12;
    pub const POOL: i32 = 13;
    pub const TRAP: i32 = 14;
    pub const GOLD: i32 = 15;
    pub const CORRIDOR: i32 = 16;
    pub const LEVREGION: i32 = 17;
    pub const DRAWBRIDGE: i32 = 18;
    pub const MAZEWALK: i32 = 19;
    pub const NON_DIGGABLE: i32 = 20;
    pub const NON_PASSWALL: i32 = 21;
    pub const WALLIFY: i32 = 22;
    pub const MAP: i32 = 23;
    pub const ROOM_DOOR: i32 = 24;
    pub const REGION: i32 = 25;
    pub const MINERALIZE: i32 = 26;
    pub const CMP: i32 = 27;
    pub const JMP: i32 = 28;
    pub const JL: i32 = 29;
    pub const JLE: i32 = 30;
    pub const JG: i32 = 31;
    pub const JGE: i32 = 32;
    pub const JE: i32 = 33;
    pub const JNE: i32 = 34;
    pub const TERRAIN: i32 = 35;
    pub const REPLACETERRAIN: i32 = 36;
    pub const EXIT: i32 = 37;
    pub const ENDROOM: i32 = 38;
    pub const POP_CONTAINER: i32 = 39;
    pub const POP: i32 = 41;
    pub const RN2: i32 = 42;
    pub const DEC: i32 = 43;
    pub const MATH_ADD: i32 = 45;
    pub const MATH_SUB: i32 = 46;
    pub const MATH_MUL: i32 = 47;
    pub const MATH_DIV: i32 = 48;
    pub const MATH_MOD: i32 = 49;
    pub const MATH_SIGN: i32 = 50;
    pub const COPY: i32 = 51;
    pub const END_MONINVENT: i32 = 52;
    pub const GRAVE: i32 = 53;
    pub const INITLEVEL: i32 = 58;
    pub const LEVEL_FLAGS: i32 = 59;
    pub const VAR_INIT: i32 = 60;
    pub const SHUFFLE_ARRAY: i32 = 61;
    pub const DICE: i32 = 62;
    pub const SEL_ADD: i32 = 63;
    pub const SEL_POINT: i32 = 64;
    pub const SEL_RECT: i32 = 65;
    pub const SEL_FILLRECT: i32 = 66;
    pub const SEL_LINE: i32 = 67;
    pub const SEL_RNDLINE: i32 = 68;
    pub const SEL_GROW: i32 = 69;
    pub const SEL_FLOOD: i32 = 70;
    pub const SEL_RNDCOORD: i32 = 71;
    pub const SEL_ELLIPSE: i32 = 72;
    pub const SEL_FILTER: i32 = 73;
    pub const SEL_GRADIENT: i32 = 74;
    pub const SEL_COMPLEMENT: i32 = 75;
    // Variants' opcodes, by canonical number (see `opcodes::NAMES`).
    pub const FORGE: i32 = 76;
    pub const MAGIC_CHEST: i32 = 77;
    pub const PUDDLE: i32 = 78;
    pub const SEWAGE: i32 = 79;
}

const COLNO: i64 = 80;
const ROWNO: i64 = 21;
const MAP_X_LIM: i64 = 76;
const MAP_Y_LIM: i64 = 21;
const INVALID: i64 = INVALID_TYPE;
const MAX_REGISTERS: i64 = 10;
/// A level name that cannot be a file name in the output folder.
pub const BAD_FILE_NAME: &str = "NH3605";

fn s(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `%c` of a character value.
fn ch(c: i64) -> String {
    s(&[c as u8])
}

fn monster_pack(pm: i64, class: i64) -> i64 {
    ((10 + pm) << 8) | (class & 0xff)
}

fn mapchar_pack(typ: i64, lit: i64) -> i64 {
    ((10 + lit) << 8) | (typ & 0xff)
}

fn reverse_jump(op: i64) -> Option<i32> {
    Some(match op as i32 {
        op::JE => op::JNE,
        op::JNE => op::JE,
        op::JL => op::JGE,
        op::JG => op::JLE,
        op::JLE => op::JG,
        op::JGE => op::JL,
        _ => return None,
    })
}

impl Compiler<'_, '_> {
    /// `what_map_char` of a character value (a `char`, so cut to a byte).
    fn map_char(&self, c: i64) -> i64 {
        self.profile.map_char(c)
    }

    fn names(&self) -> &'static names::Names {
        self.profile.names()
    }

    fn int_at(&self, len: usize, k: usize) -> i64 {
        self.v(len, k).int()
    }

    fn text_at(&self, len: usize, k: usize) -> Vec<u8> {
        self.v(len, k).text().to_vec()
    }

    fn back_pair(&self, n: usize) -> (i64, i64) {
        match self.back(n) {
            Sem::Pair(a, b) => (*a, *b),
            _ => (0, 0),
        }
    }

    fn lev_region(&self, len: usize, k: usize) -> ([i64; 4], i64) {
        match self.v(len, k) {
            Sem::LevRegion(r, area) => (*r, *area),
            _ => ([0; 4], 0),
        }
    }

    fn ints(&mut self, values: &[i64]) {
        for &v in values {
            self.int(v);
        }
    }

    /// Runs the action of a rule of `len` symbols; returns `$$`.
    pub(super) fn act(&mut self, act: Act, len: usize) -> Sem {
        // yacc's default: `$$ = $1`.
        match act {
            Act::None => self.first_value(len),
            Act::Zero => Sem::Int(0),
            Act::One => Sem::Int(1),
            Act::MinusOne => Sem::Int(-1),
            Act::Hundred => Sem::Int(100),
            Act::First => Sem::Int(self.int_at(len, 1)),
            Act::Second => Sem::Int(self.int_at(len, 2)),
            Act::Third => Sem::Int(self.int_at(len, 3)),
            Act::Or13 => Sem::Int(self.int_at(len, 1) | self.int_at(len, 3)),
            Act::CountNext | Act::CountStatement => {
                let k = if act == Act::CountNext { 1 } else { 2 };
                Sem::Int(1 + self.int_at(len, k))
            }
            Act::Shift1 => Sem::Int(self.int_at(len, 1) << 1),
            Act::Shift2 => Sem::Int(self.int_at(len, 1) << 2),
            Act::LevelStart | Act::MazeStart => self.level_start(act, len),
            Act::LevelEnd => {
                let name = self.text_at(len, 1);
                self.finish_level(&name);
                Sem::None
            }
            Act::MapChar1 => Sem::Int(self.map_char(self.int_at(len, 1))),
            Act::MapChar2 => Sem::Int(self.map_char(self.int_at(len, 2))),
            Act::InitSolidfill | Act::InitMazegrid | Act::InitRogue | Act::InitMines => {
                self.init_map(act, len);
                Sem::None
            }
            Act::TerrainChar => Sem::Terr(self.map_char(self.int_at(len, 1)), -2),
            Act::TerrainCharLit => {
                Sem::Terr(self.map_char(self.int_at(len, 2)), self.int_at(len, 4))
            }
            Act::OptCoordCopy => {
                self.op(op::COPY);
                Sem::Int(0)
            }
            Act::NoFlags => {
                self.ints(&[0]);
                self.op(op::LEVEL_FLAGS);
                Sem::None
            }
            Act::Flags => {
                let flags = self.int_at(len, 3);
                if let Some(bit) = self.profile.facts().rnd_vault_flag {
                    self.rnd_vault |= flags & bit != 0;
                }
                self.int(flags);
                self.op(op::LEVEL_FLAGS);
                Sem::None
            }
            Act::Shuffle => {
                let name = self.text_at(len, 3);
                self.string(&name);
                self.op(op::SHUFFLE_ARRAY);
                Sem::None
            }
            Act::DefineInt => self.define(len, kind::INT, 0),
            Act::DefineSel => self.define(len, kind::SEL, 0),
            Act::DefineString => self.define(len, kind::STRING, 0),
            Act::DefineMapchar => self.define(len, kind::MAPCHAR, 0),
            Act::DefineMonster => self.define(len, kind::MONST, 0),
            Act::DefineObject => self.define(len, kind::OBJ, 0),
            Act::DefineCoord => self.define(len, kind::COORD, 0),
            Act::DefineRegion => self.define(len, kind::REGION, 0),
            Act::DefineIntArray => self.define(len, kind::INT | kind::ARRAY, 4),
            Act::DefineCoordArray => self.define(len, kind::COORD | kind::ARRAY, 4),
            Act::DefineRegionArray => self.define(len, kind::REGION | kind::ARRAY, 4),
            Act::DefineMapcharArray => self.define(len, kind::MAPCHAR | kind::ARRAY, 6),
            Act::DefineMonsterArray => self.define(len, kind::MONST | kind::ARRAY, 6),
            Act::DefineObjectArray => self.define(len, kind::OBJ | kind::ARRAY, 6),
            Act::DefineStringArray => self.define(len, kind::STRING | kind::ARRAY, 4),
            Act::PushObjectFirst
            | Act::PushMonsterFirst
            | Act::PushMapcharFirst
            | Act::PushCoordFirst => {
                let v = self.int_at(len, 1);
                self.push(list_value(act, v));
                Sem::Int(1)
            }
            Act::PushObjectNext
            | Act::PushMonsterNext
            | Act::PushMapcharNext
            | Act::PushCoordNext => {
                let v = self.int_at(len, 3);
                self.push(list_value(act, v));
                Sem::Int(1 + self.int_at(len, 1))
            }
            // FUNCTION and calls need a token the lexer never returns.
            Act::FunctionBegin | Act::FunctionEnd | Act::FunctionCall => Sem::None,
            Act::Exit => {
                self.op(op::EXIT);
                Sem::None
            }
            Act::ComparePercent => {
                let chance = self.int_at(len, 1);
                self.ints(&[chance, 100]);
                self.op(op::RN2);
                Sem::Int(i64::from(op::JG))
            }
            Act::CompareNonzero => {
                self.int(0);
                Sem::Int(i64::from(op::JNE))
            }
            Act::SwitchBegin => {
                self.is_inconstant_number = false;
                Sem::None
            }
            Act::SwitchCasesBegin => self.switch_cases_begin(),
            Act::SwitchEnd => self.switch_end(),
            Act::CaseBegin => {
                // `CASE_ID all_integers ':'` — the value is two below.
                let value = self.back(1).int();
                if self.switch_cases.len() < MAX_NESTED {
                    let at = self.n();
                    self.switch_cases.push((
                        value,
                        Pending {
                            value: at,
                            at: None,
                        },
                    ));
                } else {
                    self.error("Too many cases in a switch.", false);
                }
                Sem::None
            }
            Act::DefaultBegin => {
                if self.switch_default.is_some() {
                    self.error("Switch default case already used.", false);
                }
                self.switch_default = Some(Pending {
                    value: self.n(),
                    at: None,
                });
                Sem::None
            }
            Act::Break => {
                if self.allow_break == 0 {
                    self.error("Cannot use BREAK outside a statement block.", false);
                } else {
                    let at = self.ops.len();
                    self.breaks.push((self.allow_break, at));
                    self.int(at as i64);
                    self.op(op::JMP);
                }
                Sem::None
            }
            Act::ForStart => self.for_start(len),
            Act::BreakLevelBegin => {
                self.break_start();
                Sem::None
            }
            Act::ForEnd => self.for_end(),
            Act::LoopBegin => self.loop_begin(),
            Act::LoopEnd => self.loop_end(),
            Act::ChanceBegin | Act::IfBegin => {
                // `comparestmt ':'` / `IF_ID comparestmt`.
                let compare = if act == Act::ChanceBegin {
                    self.back(1).int()
                } else {
                    self.back(0).int()
                };
                self.if_begin(compare);
                Sem::None
            }
            Act::IfClose => {
                self.if_close("IF: Huh?!  No start address?");
                Sem::None
            }
            Act::ElseBegin => self.else_begin(),
            Act::ElseClose => {
                self.if_close("IF: Huh?! No end address?");
                Sem::None
            }
            Act::Message => {
                self.op(op::MESSAGE);
                Sem::None
            }
            Act::RandomCorridors => self.corridor_values(&[-1, 0, -1, -1, -1, -1]),
            Act::RandomCorridorsCount => {
                let n = self.int_at(len, 3);
                self.corridor_values(&[-1, n, -1, -1, -1, -1])
            }
            Act::RandomCorridorsRandom => self.corridor_values(&[-1; 6]),
            Act::Corridor | Act::CorridorCount => {
                let corr = |sem: &Sem| match sem {
                    Sem::Corr(r, w, d) => (*r, *w, *d),
                    _ => (0, 0, 0),
                };
                let (r1, w1, d1) = corr(self.v(len, 3));
                let to = if act == Act::Corridor {
                    let (r2, w2, d2) = corr(self.v(len, 5));
                    [r2, d2, w2]
                } else {
                    [-1, -1, self.int_at(len, 5)]
                };
                self.corridor_values(&[r1, d1, w1, to[0], to[1], to[2]])
            }
            Act::CorrSpec => Sem::Corr(
                self.int_at(len, 2),
                self.int_at(len, 4),
                self.int_at(len, 6),
            ),
            Act::RoomBegin => {
                let (rtype, chance, light) = (
                    self.int_at(len, 1),
                    self.int_at(len, 2),
                    self.int_at(len, 4),
                );
                if chance < 100 && rtype == 0 {
                    self.error("Only typed rooms can have a chance.", false);
                } else {
                    self.ints(&[rtype, chance, light]);
                }
                Sem::None
            }
            Act::SubroomBegin => {
                // SUBROOM_ID ':' room_begin ',' subroom_pos ',' room_size flags .
                let flags = self.back(0).int();
                let flags = if flags == -1 { 1 } else { flags };
                let (x, y) = self.back_pair(3);
                let (w, h) = self.back_pair(1);
                self.ints(&[flags, -1, -1, x, y, w, h]);
                self.op(op::SUBROOM);
                self.break_start();
                Sem::None
            }
            Act::RoomBeginBody => {
                // ROOM_ID ':' room_begin ',' room_pos ',' room_align ','
                // room_size flags . — the reference reads its flags from
                // `$8`, the comma before the size, whose value is whatever
                // the token before it left: the vertical justification (or
                // -1 for a random alignment). The flag list is never used.
                let flags = self.back(2).int();
                let flags = if flags == -1 { 1 } else { flags };
                let (ax, ay) = self.back_pair(3);
                let (x, y) = self.back_pair(5);
                let (w, h) = self.back_pair(1);
                self.ints(&[flags, ax, ay, x, y, w, h]);
                self.op(op::ROOM);
                self.break_start();
                Sem::None
            }
            Act::RoomEnd => {
                self.break_end();
                self.op(op::ENDROOM);
                Sem::None
            }
            Act::RoomPos => {
                let (x, y) = (self.int_at(len, 2), self.int_at(len, 4));
                if !(1..=5).contains(&x) || !(1..=5).contains(&y) {
                    self.error(
                        format!("Room positions should be between 1-5: ({x},{y})!"),
                        true,
                    );
                }
                Sem::Pair(x, y)
            }
            Act::SubroomPos | Act::Pair24 => Sem::Pair(self.int_at(len, 2), self.int_at(len, 4)),
            Act::RandomPair => Sem::Pair(-1, -1),
            Act::RoomDoor => {
                let (secret, state, wall, pos) = (
                    self.int_at(len, 3),
                    self.int_at(len, 5),
                    self.int_at(len, 7),
                    self.int_at(len, 9),
                );
                if wall == -1 && pos != -1 {
                    self.error("If the door wall is random, so must be its pos!", false);
                } else {
                    self.ints(&[pos, state, secret, wall]);
                    self.op(op::ROOM_DOOR);
                }
                Sem::None
            }
            Act::Door => {
                let state = self.int_at(len, 3);
                self.int(state);
                self.op(op::DOOR);
                Sem::None
            }
            Act::RoomDoorMaterial | Act::DoorMaterial | Act::Vaultgen | Act::Mindepth => {
                self.variant_statement(act, len)
            }
            Act::Forge => self.emit_op(op::FORGE),
            Act::MagicChest => self.emit_op(op::MAGIC_CHEST),
            Act::Puddle => self.emit_op(op::PUDDLE),
            Act::Sewage => self.emit_op(op::SEWAGE),
            Act::Nomap => {
                self.push(Value::Coord(0));
                self.ints(&[0, 1]);
                self.string(b"");
                self.ints(&[0, 0]);
                self.op(op::MAP);
                self.session.max_x_map = COLNO - 1;
                self.session.max_y_map = ROWNO;
                Sem::None
            }
            Act::MapJustified => {
                let (h, v, keep) = (
                    self.int_at(len, 3),
                    self.int_at(len, 5),
                    self.int_at(len, 6),
                );
                self.push(Value::Coord((h & 0xff) + ((v & 0xff) << 16)));
                self.ints(&[1, keep]);
                let map = self.text_at(len, 7);
                self.scan_map(&map);
                Sem::None
            }
            Act::MapAt => {
                let keep = self.int_at(len, 4);
                self.ints(&[2, keep]);
                let map = self.text_at(len, 5);
                self.scan_map(&map);
                Sem::None
            }
            Act::Monster => {
                self.ints(&[0]);
                self.op(op::MONSTER);
                Sem::None
            }
            Act::MonsterInventoryBegin => {
                self.ints(&[1]);
                self.op(op::MONSTER);
                self.in_container += 1;
                self.break_start();
                Sem::None
            }
            Act::MonsterInventoryEnd => {
                self.break_end();
                self.in_container -= 1;
                self.op(op::END_MONINVENT);
                Sem::None
            }
            Act::MonsterInfosEndMarker => {
                self.int(self.profile.facts().monster_info_end);
                Sem::Int(0)
            }
            Act::MonsterInfoAdd => {
                let (have, new) = (self.int_at(len, 1), self.int_at(len, 3));
                if have & new != 0 {
                    let message = self.profile.facts().monster_info_twice.clone();
                    self.error(message, false);
                }
                Sem::Int(have | new)
            }
            Act::MName => self.info(&[4], 0x0001),
            Act::MPeaceful => self.info(&[self.int_at(len, 1), 0], 0x0002),
            Act::MAsleep => self.info(&[self.int_at(len, 1), 2], 0x0004),
            Act::MAlign => self.info(&[self.int_at(len, 1), 1], 0x0008),
            Act::MAppear => self.info(&[self.int_at(len, 1), 3], 0x0010),
            Act::MFemale => self.info(&[1, 5], 0x0020),
            Act::MInvisible => self.info(&[1, 6], 0x0040),
            Act::MCancelled => self.info(&[1, 7], 0x0080),
            Act::MRevived => self.info(&[1, 8], 0x0100),
            Act::MAvenge => self.info(&[1, 9], 0x0200),
            Act::MFleeing => self.info(&[10], 0x0400),
            Act::MBlinded => self.info(&[11], 0x0800),
            Act::MParalyzed => self.info(&[12], 0x1000),
            Act::MStunned => self.info(&[1, 13], 0x2000),
            Act::MConfused => self.info(&[1, 14], 0x4000),
            Act::MSeenTraps => self.info(&[self.int_at(len, 3), 15], 0x8000),
            // EvilHack: SP_M_V_DEAD, which conflicts with every other field.
            Act::MDead => self.info(&[1, 16], 0xFFFF),
            Act::TrapBit | Act::TrapBitOr => {
                let name = self.text_at(len, 1);
                let trap = self.names().trap(&name).unwrap_or(-1);
                if trap <= 0 {
                    self.error(format!("Unknown trap type '{}'!", s(&name)), true);
                }
                let bit = if trap > 0 { 1i64 << (trap - 1) } else { 0 };
                if act == Act::TrapBitOr {
                    let rest = self.int_at(len, 3);
                    if bit & rest != 0 {
                        self.error(
                            format!("Monster seen_traps, trap '{}' listed twice.", s(&name)),
                            true,
                        );
                    }
                    Sem::Int(bit | rest)
                } else {
                    Sem::Int(bit)
                }
            }
            Act::AllBits => Sem::Int(-1),
            Act::Object => {
                let cnt = i64::from(self.in_container > 0);
                self.int(cnt);
                self.op(op::OBJECT);
                Sem::None
            }
            Act::ContainerBegin => {
                let cnt = 2 | i64::from(self.in_container > 0);
                self.int(cnt);
                self.op(op::OBJECT);
                self.in_container += 1;
                self.break_start();
                Sem::None
            }
            Act::ContainerEnd => {
                self.break_end();
                self.in_container -= 1;
                self.op(op::POP_CONTAINER);
                Sem::None
            }
            Act::ObjectDesc => {
                let infos = self.int_at(len, 2);
                let has_coord = infos & 0x4000 != 0;
                if has_coord && self.in_container > 0 {
                    self.error("Object cannot have a coord when contained.", false);
                } else if !has_coord && self.in_container == 0 {
                    self.error("Object needs a coord when not contained.", false);
                }
                self.first_value(len)
            }
            Act::ObjectInfosEndMarker => {
                self.int(self.profile.facts().object_info_end);
                Sem::Int(0)
            }
            Act::ObjectInfoAdd => {
                let (have, new) = (self.int_at(len, 1), self.int_at(len, 3));
                if have & new != 0 {
                    let token = s(&self.lexer.curr_token);
                    self.error(format!("OBJECT extra info '{token}' defined twice."), true);
                }
                Sem::Int(have | new)
            }
            Act::OCurse => self.info(&[self.int_at(len, 1), 1], 0x0001),
            Act::OMontype => self.info(&[2], 0x0002),
            Act::OSpe => self.info(&[0], 0x0004),
            Act::OName => self.info(&[3], 0x0008),
            Act::OQuantity => self.info(&[4], 0x0010),
            Act::OBuried => self.info(&[1, 5], 0x0020),
            Act::OLit => self.info(&[self.int_at(len, 1), 6], 0x0040),
            Act::OEroded => self.info(&[7], 0x0080),
            Act::OErodeproof => self.info(&[-1, 7], 0x0080),
            Act::ODoorState => match self.int_at(len, 1) {
                8 => self.info(&[1, 8], 0x0100),
                1 => self.info(&[1, 13], 0x0200),
                state => {
                    self.error("DOOR state can only be locked or broken.", false);
                    Sem::Int(state)
                }
            },
            Act::OTrapped => self.info(&[self.int_at(len, 1), 9], 0x0400),
            Act::ORecharged => self.info(&[10], 0x0800),
            Act::OInvisible => self.info(&[1, 11], 0x1000),
            Act::OGreased => self.info(&[1, 12], 0x2000),
            Act::OCoord => self.info(&[14], 0x4000),
            // EvilHack: SP_O_V_AFFIXED_GEM and SP_O_V_FORGED_QUAL.
            Act::OAffixedGem => self.info(&[15], 0x8000),
            Act::OForgedQual => self.info(&[16], 0x1_0000),
            Act::Trap => self.emit_int_op(self.int_at(len, 3), op::TRAP),
            Act::TrapName => {
                let name = self.text_at(len, 1);
                let trap = self.names().trap(&name);
                if trap.is_none() {
                    self.error(format!("Unknown trap type '{}'!", s(&name)), true);
                }
                Sem::Int(trap.unwrap_or(-1))
            }
            Act::Drawbridge => {
                let dir = match self.int_at(len, 5) {
                    1 => 0,
                    2 => 1,
                    4 => 2,
                    8 => 3,
                    other => {
                        self.error("Invalid drawbridge direction.", false);
                        other
                    }
                };
                let state = match self.int_at(len, 7) {
                    2 => 1,
                    4 => 0,
                    -1 => -1,
                    _ => {
                        self.error("A drawbridge can only be open, closed or random!", false);
                        0
                    }
                };
                self.ints(&[state, dir]);
                self.op(op::DRAWBRIDGE);
                Sem::None
            }
            Act::Mazewalk => {
                let dir = self.int_at(len, 5);
                self.ints(&[dir, 1, 0]);
                self.op(op::MAZEWALK);
                Sem::None
            }
            Act::MazewalkFull => {
                let (dir, stock, fill) = (
                    self.int_at(len, 5),
                    self.int_at(len, 7),
                    self.int_at(len, 8),
                );
                self.ints(&[dir, stock, fill]);
                self.op(op::MAZEWALK);
                Sem::None
            }
            Act::WallifyAll => {
                // SP_REGION_PACK(-1,-1,-1,-1) is computed in `int` (-1)
                // and read as a `long`: this build writes 0xffffffff.
                self.push(Value::Region(0xffff_ffff));
                self.int(0);
                self.op(op::WALLIFY);
                Sem::None
            }
            Act::Wallify => self.emit_int_op(1, op::WALLIFY),
            Act::Ladder => self.emit_int_op(self.int_at(len, 5), op::LADDER),
            Act::Stair => self.emit_int_op(self.int_at(len, 5), op::STAIR),
            Act::StairRegion => {
                let kind = if self.int_at(len, 7) != 0 { 1 } else { 0 };
                self.level_region_statement(len, kind, None)
            }
            Act::PortalRegion => {
                let dest = self.text_at(len, 7);
                self.level_region_statement(len, 2, Some(dest))
            }
            Act::TeleportRegion => {
                let kind = match self.int_at(len, 6) {
                    -1 => 4,
                    0 => 6,
                    1 => 5,
                    _ => 0,
                };
                self.level_region_statement(len, kind, None)
            }
            Act::BranchRegion => self.level_region_statement(len, 3, None),
            Act::Fountain => self.emit_op(op::FOUNTAIN),
            Act::Sink => self.emit_op(op::SINK),
            Act::Pool => self.emit_op(op::POOL),
            Act::ReplaceTerrain => self.emit_int_op(self.int_at(len, 9), op::REPLACETERRAIN),
            Act::Terrain => self.emit_op(op::TERRAIN),
            Act::NonDiggable => self.emit_op(op::NON_DIGGABLE),
            Act::NonPasswall => self.emit_op(op::NON_PASSWALL),
            Act::RegionBegin => {
                // REGION_ID ':' region ',' light ',' room_type flags .
                let mut rtype = self.back(1).int();
                let flags = self.back(0).int();
                let flags = if flags == -1 { 1 } else { flags };
                if flags & 1 == 0 {
                    rtype += self.profile.facts().terrain.unfilled_region;
                }
                let irregular = flags & 2 != 0;
                let light = self.back(3).int();
                self.ints(&[light, rtype, flags]);
                self.op(op::REGION);
                self.break_start();
                Sem::Int(i64::from(irregular || flags & 1 != 0 || rtype != 0))
            }
            Act::RegionEnd => {
                self.break_end();
                if self.int_at(len, 9) != 0 {
                    self.op(op::ENDROOM);
                } else if self.int_at(len, 10) != 0 {
                    self.error("Cannot use lev statements in non-permanent REGION", false);
                }
                Sem::None
            }
            Act::Altar => {
                let (align, kind) = (self.int_at(len, 5), self.int_at(len, 7));
                self.ints(&[kind, align]);
                self.op(op::ALTAR);
                Sem::None
            }
            Act::GraveText => self.emit_int_op(2, op::GRAVE),
            Act::GraveRandom | Act::Grave => {
                self.string(b"");
                self.int(i64::from(act == Act::GraveRandom));
                self.op(op::GRAVE);
                Sem::None
            }
            Act::Gold => self.emit_op(op::GOLD),
            Act::Engraving => self.emit_int_op(self.int_at(len, 5), op::ENGRAVING),
            Act::Mineralize => self.emit_op(op::MINERALIZE),
            Act::MineralizeDefault => {
                self.ints(&[-1, -1, -1, -1]);
                self.op(op::MINERALIZE);
                Sem::None
            }
            Act::RoomType => {
                let name = self.text_at(len, 1);
                match self.names().room(&name) {
                    Some(t) => Sem::Int(t),
                    None => {
                        self.warning(format!(
                            "Unknown room type \"{}\"!  Making ordinary room...",
                            s(&name)
                        ));
                        Sem::Int(0)
                    }
                }
            }
            Act::RandomAlignment => Sem::Int(-MAX_REGISTERS - 1),
            Act::ARegister => {
                let n = self.int_at(len, 3);
                if n >= 3 {
                    self.error("Register Index overflow!", false);
                    self.first_value(len)
                } else {
                    Sem::Int(-n - 1)
                }
            }
            Act::PushString => {
                let text = self.text_at(len, 1);
                self.string(&text);
                Sem::None
            }
            Act::PushVariable
            | Act::PushArrayVariable
            | Act::PushIntVariable
            | Act::PushIntArrayVariable => {
                let name = self.text_at(len, 1);
                self.var(&name);
                self.vars.mark_used(&name);
                if matches!(act, Act::PushIntVariable | Act::PushIntArrayVariable) {
                    self.is_inconstant_number = true;
                }
                Sem::None
            }
            Act::PushCoord => {
                let c = self.int_at(len, 1);
                self.push(Value::Coord(c));
                Sem::None
            }
            Act::Rndcoord => self.emit_op(op::SEL_RNDCOORD),
            Act::Coord => {
                let (x, y) = (self.int_at(len, 2), self.int_at(len, 4));
                if x < 0 || y < 0 || x >= COLNO || y >= ROWNO {
                    self.error(format!("Coordinates ({x},{y}) out of map range!"), true);
                }
                Sem::Int((x & 0xff) + ((y & 0xff) << 16))
            }
            Act::RandomCoord => Sem::Int(0x0100_0000),
            Act::RandomCoordFlags => Sem::Int(0x0100_0000 | self.int_at(len, 2)),
            Act::HumidityOr => {
                let (a, b) = (self.int_at(len, 1), self.int_at(len, 3));
                if a & b != 0 {
                    self.warning("Humidity flag used twice.");
                }
                Sem::Int(a | b)
            }
            Act::Region => {
                let [x1, y1, x2, y2] = [2, 4, 6, 8].map(|k| self.int_at(len, k));
                let packed =
                    (x1 & 0xff) + ((y1 & 0xff) << 8) + ((x2 & 0xff) << 16) + ((y2 & 0xff) << 24);
                if x1 > x2 || y1 > y2 {
                    self.error(format!("Region start > end: ({x1},{y1},{x2},{y2})!"), true);
                }
                self.push(Value::Region(packed));
                Sem::Int(packed)
            }
            Act::PushMapchar => {
                let m = self.int_at(len, 1);
                self.push(Value::MapChar(m));
                Sem::None
            }
            Act::Mapchar | Act::MapcharLit => {
                let (c, lit) = if act == Act::Mapchar {
                    (self.int_at(len, 1), -2)
                } else {
                    (self.int_at(len, 2), self.int_at(len, 4))
                };
                let t = self.map_char(c);
                if t != INVALID {
                    Sem::Int(mapchar_pack(t, lit))
                } else {
                    self.error(format!("Unknown map char type '{}'!", ch(c)), true);
                    Sem::Int(mapchar_pack(0, lit))
                }
            }
            Act::PushMonster => {
                let m = self.int_at(len, 1);
                self.push(Value::Monst(m));
                Sem::None
            }
            Act::MonsterName => {
                let name = self.text_at(len, 1);
                match self.names().monster(&name, None) {
                    Some((found, class)) => {
                        self.matches_warning("Monster", &name, found);
                        Sem::Int(monster_pack(
                            found.index as i64,
                            i64::from(self.names().monster_class_symbol(class)),
                        ))
                    }
                    None => {
                        self.error(format!("Unknown monster \"{}\"!", s(&name)), true);
                        Sem::Int(-1)
                    }
                }
            }
            Act::MonsterClass => {
                let c = self.int_at(len, 1);
                if self.names().monster_class(c as u8).is_some() {
                    Sem::Int(monster_pack(-1, c))
                } else {
                    self.error(format!("Unknown monster class '{}'!", ch(c)), true);
                    Sem::Int(-1)
                }
            }
            Act::MonsterClassName => {
                let (c, name) = (self.int_at(len, 2), self.text_at(len, 4));
                let found = if c as u8 == 0 {
                    self.names().monster(&name, None)
                } else {
                    self.names()
                        .monster_class(c as u8)
                        .and_then(|k| self.names().monster(&name, Some(k)))
                };
                match found {
                    Some((found, _)) => {
                        self.matches_warning("Monster", &name, found);
                        Sem::Int(monster_pack(found.index as i64, c))
                    }
                    None => {
                        self.error(
                            format!("Unknown monster ('{}', \"{}\")!", ch(c), s(&name)),
                            true,
                        );
                        Sem::Int(-1)
                    }
                }
            }
            Act::PushObject => {
                let o = self.int_at(len, 1);
                self.push(Value::Obj(o));
                Sem::None
            }
            Act::ObjectName => {
                let name = self.text_at(len, 1);
                match self.names().object(&name, None) {
                    Some(found) => {
                        self.matches_warning("Object", &name, found);
                        Sem::Int(((10 + found.index as i64) << 8) | 1)
                    }
                    None => {
                        self.error(format!("Unknown object \"{}\"!", s(&name)), true);
                        Sem::Int(-1)
                    }
                }
            }
            Act::ObjectClass => {
                let c = self.int_at(len, 1);
                if self.names().object_class(c as u8).is_some() {
                    Sem::Int((9 << 8) | (c & 0xff))
                } else {
                    self.error(format!("Unknown object class '{}'!", ch(c)), true);
                    Sem::Int(-1)
                }
            }
            Act::ObjectClassName => {
                let (c, name) = (self.int_at(len, 2), self.text_at(len, 4));
                // A class character above 127 is negative in C: no class.
                let found = if (c as i8) <= 0 {
                    self.names().object(&name, None)
                } else {
                    self.names()
                        .object_class(c as u8)
                        .and_then(|k| self.names().object(&name, Some(k)))
                };
                match found {
                    Some(found) => {
                        self.matches_warning("Object", &name, found);
                        Sem::Int(((10 + found.index as i64) << 8) | (c & 0xff))
                    }
                    None => {
                        self.error(
                            format!("Unknown object ('{}', \"{}\")!", ch(c), s(&name)),
                            true,
                        );
                        Sem::Int(-1)
                    }
                }
            }
            Act::MathAdd => self.emit_op(op::MATH_ADD),
            Act::MathSub => self.emit_op(op::MATH_SUB),
            Act::MathMul => self.emit_op(op::MATH_MUL),
            Act::MathDiv => self.emit_op(op::MATH_DIV),
            Act::MathMod => self.emit_op(op::MATH_MOD),
            Act::PushInteger => {
                let n = self.int_at(len, 1);
                self.int(n);
                Sem::None
            }
            Act::PushInteger2 => {
                let n = self.int_at(len, 2);
                self.int(n);
                Sem::None
            }
            Act::Inconstant => {
                self.is_inconstant_number = true;
                Sem::None
            }
            Act::Dice => {
                let (num, die) = match self.v(len, 1) {
                    Sem::Dice(n, d) => (*n, *d),
                    _ => (1, 1),
                };
                self.ints(&[num, die]);
                self.op(op::DICE);
                Sem::None
            }
            Act::SelPoint => self.emit_op(op::SEL_POINT),
            Act::SelRect => self.emit_op(op::SEL_RECT),
            Act::SelFillrect => self.emit_op(op::SEL_FILLRECT),
            Act::SelLine => self.emit_op(op::SEL_LINE),
            Act::SelRandline => self.emit_op(op::SEL_RNDLINE),
            Act::SelGrow => self.emit_int_op(15, op::SEL_GROW),
            Act::SelGrowDirs => self.emit_int_op(self.int_at(len, 3), op::SEL_GROW),
            Act::SelFilterPercent => {
                let n = self.int_at(len, 3);
                self.ints(&[n, 0]);
                self.op(op::SEL_FILTER);
                Sem::None
            }
            Act::SelFilterSelection => self.emit_int_op(1, op::SEL_FILTER),
            Act::SelFilterMapchar => self.emit_int_op(2, op::SEL_FILTER),
            Act::SelFlood => self.emit_op(op::SEL_FLOOD),
            Act::SelCircle | Act::SelCircleFilling => {
                let filled = if act == Act::SelCircle {
                    1
                } else {
                    self.int_at(len, 7)
                };
                self.op(op::COPY);
                self.emit_int_op(filled, op::SEL_ELLIPSE)
            }
            Act::SelEllipse => self.emit_int_op(1, op::SEL_ELLIPSE),
            Act::SelEllipseFilling => self.emit_int_op(self.int_at(len, 9), op::SEL_ELLIPSE),
            Act::SelGradient => {
                let (limited, kind) = (self.int_at(len, 9), self.int_at(len, 3));
                self.ints(&[limited, kind]);
                self.op(op::SEL_GRADIENT);
                Sem::None
            }
            Act::SelComplement => self.emit_op(op::SEL_COMPLEMENT),
            Act::SelAdd => self.emit_op(op::SEL_ADD),
            Act::LevelRegion => {
                let r = [3, 5, 7, 9].map(|k| self.int_at(len, k));
                // `levregion()`: x in 1..80, y in 0..21.
                let bad = first_outside(r, |i, v| {
                    let (low, end) = if i % 2 == 0 { (1, COLNO) } else { (0, ROWNO) };
                    v < low || v >= end
                });
                self.region_range_error(r, bad, "level");
                Sem::LevRegion(r, 1)
            }
            Act::MapRegion => {
                let r = [2, 4, 6, 8].map(|k| self.int_at(len, k));
                let max = [self.session.max_x_map, self.session.max_y_map];
                let bad = first_outside(r, |i, v| v < 0 || v > max[i % 2]);
                self.region_range_error(r, bad, "map");
                Sem::LevRegion(r, 0)
            }
        }
    }

    /// yacc's default `$$ = $1`.
    fn first_value(&self, len: usize) -> Sem {
        if len > 0 {
            self.v(len, 1).clone()
        } else {
            Sem::None
        }
    }

    fn emit_op(&mut self, code: i32) -> Sem {
        self.op(code);
        Sem::None
    }

    fn emit_int_op(&mut self, value: i64, code: i32) -> Sem {
        self.int(value);
        self.op(code);
        Sem::None
    }

    /// EvilHack's statements: doors of a material, and a random vault's
    /// frequency and least depth.
    fn variant_statement(&mut self, act: Act, len: usize) -> Sem {
        match act {
            Act::RoomDoorMaterial => {
                let [material, secret, state, wall, pos] =
                    [3, 4, 6, 8, 10].map(|k| self.int_at(len, k));
                if wall == -1 && pos != -1 {
                    self.error("If the door wall is random, so must be its pos!", false);
                } else {
                    self.ints(&[pos, state, secret, wall, material]);
                    self.op(op::ROOM_DOOR);
                }
            }
            Act::DoorMaterial => {
                let (material, state) = (self.int_at(len, 3), self.int_at(len, 4));
                self.ints(&[state, material]);
                self.op(op::DOOR);
            }
            _ => {
                let value = self.int_at(len, 3);
                let (what, slot) = if act == Act::Vaultgen {
                    ("VAULTGEN", "frequency")
                } else {
                    ("MINDEPTH", "value")
                };
                if !self.rnd_vault {
                    self.error(format!("{what} without rndvault FLAG."), false);
                } else if value <= 0 {
                    self.error(format!("Invalid {what} {slot}."), false);
                } else if act == Act::Vaultgen {
                    self.rnd_vault_freq = value;
                } else {
                    self.rnd_vault_mindepth = value;
                }
            }
        }
        Sem::None
    }

    /// A monster or object detail: its pushes, and its bit in the set of
    /// details given.
    fn info(&mut self, values: &[i64], bit: i64) -> Sem {
        self.ints(values);
        Sem::Int(bit)
    }

    fn corridor_values(&mut self, values: &[i64]) -> Sem {
        self.ints(values);
        self.op(op::CORRIDOR);
        Sem::None
    }

    fn level_region_statement(&mut self, len: usize, kind: i64, name: Option<Vec<u8>>) -> Sem {
        let (a, area_a) = self.lev_region(len, 3);
        let (b, area_b) = self.lev_region(len, 5);
        self.ints(&a);
        self.int(area_a);
        self.ints(&b);
        self.int(area_b);
        self.ints(&[kind, 0]);
        self.string(name.as_deref().unwrap_or(b""));
        self.op(op::LEVREGION);
        Sem::None
    }

    /// `Region (…) out of <what> range (x1)!` for the first coordinate
    /// outside, as the reference checks them in order.
    fn region_range_error(&mut self, r: [i64; 4], bad: Option<&str>, what: &str) {
        if let Some(which) = bad {
            let [x1, y1, x2, y2] = r;
            self.error(
                format!("Region ({x1},{y1},{x2},{y2}) out of {what} range ({which})!"),
                true,
            );
        }
    }

    fn level_start(&mut self, act: Act, len: usize) -> Sem {
        let name = self.text_at(len, 3);
        if name.contains(&b'.') {
            self.error(
                format!("Invalid dot ('.') in level name '{}'.", s(&name)),
                true,
            );
        }
        if name.len() > 14 {
            self.error(
                format!("Level names limited to 14 characters ('{}').", s(&name)),
                true,
            );
        }
        let shown = String::from_utf8_lossy(&name);
        if let Some(why) = vaultwright_model::file_name::problem(&shown) {
            // The reference writes `<name>.lev` wherever the name points.
            self.own_error(
                BAD_FILE_NAME,
                format!(
                    "Level name '{}' cannot be used as a file name: {why}.",
                    vaultwright_model::file_name::shown(&shown)
                ),
            );
        }
        self.clear_ops();
        self.unused_variable_warnings();
        self.vars.clear();
        if act == Act::LevelStart {
            // A variant's random-vault state is reset by LEVEL only, not
            // by MAZE (EvilHack's `level_def`).
            self.rnd_vault = false;
            self.rnd_vault_freq = 1;
            self.rnd_vault_mindepth = 0;
        }
        if act == Act::MazeStart {
            let filler = self.int_at(len, 5);
            if filler == -1 {
                let hwall = self.profile.facts().terrain.hwall;
                self.ints(&[2, hwall, 0, 0, 0, 0, 0, 0]);
            } else {
                // The filler is a type code already; the reference
                // converts it again as if it were a character.
                self.ints(&[1, self.map_char(filler), 0, 0, 0, 0, 0, 0]);
            }
            self.op(op::INITLEVEL);
            self.ints(&[32]);
            self.op(op::LEVEL_FLAGS);
            self.session.max_x_map = COLNO - 1;
            self.session.max_y_map = ROWNO;
        }
        Sem::Text(name)
    }

    fn init_map(&mut self, act: Act, len: usize) {
        let facts = self.profile.facts();
        let terrain = facts.terrain;
        let invalid = |t: i64| t == INVALID || t >= terrain.max_type;
        match act {
            Act::InitSolidfill => {
                let (fill, lit) = match self.v(len, 5) {
                    Sem::Terr(t, l) => (*t, *l),
                    _ => (INVALID, -2),
                };
                if invalid(fill) {
                    self.error("INIT_MAP: Invalid fill char type.", false);
                }
                self.ints(&[1, fill, 0, lit, 0, 0, 0, 0]);
            }
            Act::InitMazegrid => {
                let fill = self.map_char(self.int_at(len, 5));
                if invalid(fill) {
                    self.error("INIT_MAP: Invalid fill char type.", false);
                }
                self.ints(&[2, fill, 0, 0, 0, 0, 0, 0]);
            }
            Act::InitRogue => self.ints(&[4, 0, 0, 0, 0, 0, 0, 0]),
            _ => {
                let fg = self.map_char(self.int_at(len, 5));
                let bg = self.map_char(self.int_at(len, 7));
                let [smoothed, joined, lit, walled, fill] =
                    [9, 11, 13, 15, 16].map(|k| self.int_at(len, k));
                if invalid(fg) {
                    self.error("INIT_MAP: Invalid foreground type.", false);
                }
                if invalid(bg) {
                    self.error("INIT_MAP: Invalid background type.", false);
                }
                let joinable =
                    fg == terrain.corr || fg == terrain.room || facts.joinable.contains(&fg);
                if joined != 0 && !joinable {
                    self.error("INIT_MAP: Invalid foreground type for joined map.", false);
                }
                if fill == INVALID {
                    self.error("INIT_MAP: Invalid fill char type.", false);
                }
                self.ints(&[3, fill, walled, lit, joined, smoothed, bg, fg]);
            }
        }
        self.op(op::INITLEVEL);
        if act != Act::InitRogue {
            self.session.max_x_map = COLNO - 1;
            self.session.max_y_map = ROWNO;
        }
    }

    /// `$name = ...`: the type recorded, then count, name, VAR_INIT.
    /// `count_at` is the position of the list's count (0: a scalar).
    fn define(&mut self, len: usize, ty: u8, count_at: usize) -> Sem {
        let name = self.text_at(len, 1);
        if let Define::Other(old) = self.vars.define(&name, ty) {
            // gcc evaluates the arguments right to left: the old type's
            // name is asked for first.
            let old_name = self.type_name_or_error(old);
            let new_name = self.type_name_or_error(ty);
            self.error(
                format!(
                    "Trying to redefine variable '{}' as {new_name}, when it is {old_name}.",
                    s(&name)
                ),
                true,
            );
        }
        let count = if count_at == 0 {
            0
        } else {
            self.int_at(len, count_at)
        };
        self.int(count);
        self.string(&name);
        self.op(op::VAR_INIT);
        Sem::None
    }

    fn type_name_or_error(&mut self, ty: u8) -> String {
        match vars::type_name(ty) {
            Some(n) => n,
            None => {
                self.error(format!("spovar2str({})", ty & !kind::ARRAY), true);
                format!(
                    "(null){}",
                    if ty & kind::ARRAY != 0 { " array" } else { "" }
                )
            }
        }
    }

    fn switch_cases_begin(&mut self) -> Sem {
        if self.in_switch > 0 {
            self.error("Cannot nest switch-statements.", false);
        }
        self.in_switch += 1;
        self.switch_cases.clear();
        self.switch_default = None;
        if !self.is_inconstant_number {
            self.op(op::RN2);
        }
        self.is_inconstant_number = false;
        let n = self.n();
        self.switch_check_jump = self.push_pending(n + 1);
        self.op(op::JMP);
        self.break_start();
        Sem::None
    }

    fn switch_end(&mut self) -> Sem {
        let n = self.n();
        let mut end = self.push_pending(n + 1);
        self.op(op::JMP);
        let mut check = self.switch_check_jump;
        let v = self.n() - check.value;
        self.set_pending(&mut check, v);
        // The case table and the default are globals the reference does not
        // clear at the end: a SWITCH after a nested one (already an error)
        // still sees the inner one's cases and default.
        let cases = self.switch_cases.clone();
        for (value, mut target) in cases {
            self.op(op::COPY);
            self.int(value);
            self.op(op::CMP);
            target.value -= self.n() + 1;
            self.push_existing(&mut target);
            self.op(op::JE);
        }
        if let Some(mut target) = self.switch_default {
            target.value -= self.n() + 1;
            self.push_existing(&mut target);
            self.op(op::JMP);
        }
        let v = self.n() - end.value;
        self.set_pending(&mut end, v);
        self.break_end();
        self.op(op::POP);
        self.in_switch -= 1;
        Sem::None
    }

    fn for_start(&mut self, len: usize) -> Sem {
        if self.n_for >= MAX_NESTED {
            self.error("FOR: Too deeply nested loops.", false);
            self.n_for = MAX_NESTED - 1;
        }
        let name = self.text_at(len, 2);
        let end = [&name[..], b" end"].concat();
        let step = [&name[..], b" step"].concat();
        self.int(0);
        self.string(&end);
        self.op(op::VAR_INIT);
        if let Define::Other(old) = self.vars.define(&name, kind::INT) {
            let old_name = self.type_name_or_error(old);
            self.error(
                format!(
                    "Trying to redefine variable '{}' as integer, when it is {old_name}.",
                    s(&name)
                ),
                true,
            );
        }
        self.int(0);
        self.string(&name);
        self.op(op::VAR_INIT);
        self.var(&end);
        self.var(&name);
        self.op(op::MATH_SUB);
        self.op(op::MATH_SIGN);
        self.int(0);
        self.string(&step);
        self.op(op::VAR_INIT);
        let at = self.n();
        self.for_list[self.n_for] = (name, at);
        self.n_for += 1;
        Sem::None
    }

    fn for_end(&mut self) -> Sem {
        let Some(n_for) = self.n_for.checked_sub(1) else {
            self.nesting_crash("FOR");
            return Sem::None;
        };
        self.n_for = n_for;
        let (name, jump) = self.for_list[n_for].clone();
        let step = [&name[..], b" step"].concat();
        let end = [&name[..], b" end"].concat();
        self.var(&name);
        self.var(&end);
        self.op(op::CMP);
        self.var(&step);
        self.var(&name);
        self.op(op::MATH_ADD);
        self.int(0);
        self.string(&name);
        self.op(op::VAR_INIT);
        let back = jump - self.n() - 1;
        self.int(back);
        self.op(op::JNE);
        self.break_end();
        Sem::None
    }

    /// `-v`: a name found only by ignoring case is warned about, with the
    /// table's spelling (`get_monster_id`, `get_object_id`).
    fn matches_warning(&mut self, what: &str, name: &[u8], found: names::Found) {
        if let (true, Some(spelt)) = (self.session.verbose, found.spelt) {
            self.warning(format!("{what} type \"{}\" matches \"{spelt}\".", s(name)));
        }
    }

    /// The reference reads before the start of its table of open loops and
    /// crashes (more than 21 nested): a clean error instead.
    fn nesting_crash(&mut self, what: &str) {
        self.limit(
            "NH3602",
            format!(
                "{what} blocks nested more than {} deep; lev_comp 3.6.6 loses track of them and crashes",
                MAX_NESTED + 1
            ),
        );
    }

    fn loop_begin(&mut self) -> Sem {
        if self.n_if >= MAX_NESTED {
            self.error("LOOP: Too deeply nested conditionals.", false);
            self.n_if = MAX_NESTED - 1;
        }
        self.if_list[self.n_if] = Pending {
            value: self.n(),
            at: None,
        };
        self.n_if += 1;
        self.op(op::DEC);
        self.break_start();
        Sem::None
    }

    fn loop_end(&mut self) -> Sem {
        self.op(op::COPY);
        self.int(0);
        self.op(op::CMP);
        let Some(n_if) = self.n_if.checked_sub(1) else {
            self.nesting_crash("LOOP");
            return Sem::None;
        };
        self.n_if = n_if;
        let mut target = self.if_list[n_if];
        target.value -= self.n() + 1;
        self.push_existing(&mut target);
        self.op(op::JG);
        self.op(op::POP);
        self.break_end();
        Sem::None
    }

    fn if_begin(&mut self, compare: i64) {
        if self.n_if >= MAX_NESTED {
            self.error("IF: Too deeply nested conditionals.", false);
            self.n_if = MAX_NESTED - 1;
        }
        self.op(op::CMP);
        let n = self.n();
        let pending = self.push_pending(n + 1);
        self.if_list[self.n_if] = pending;
        self.n_if += 1;
        match reverse_jump(compare) {
            Some(j) => self.op(j),
            None => {
                self.error(
                    format!("Cannot reverse comparison jmp opcode {compare}."),
                    true,
                );
                self.op(0);
            }
        }
    }

    fn if_close(&mut self, huh: &str) {
        if self.n_if > 0 {
            self.n_if -= 1;
            let mut target = self.if_list[self.n_if];
            let v = self.n() - target.value;
            self.set_pending(&mut target, v);
        } else {
            self.error(huh.to_string(), false);
        }
    }

    fn else_begin(&mut self) -> Sem {
        if self.n_if > 0 {
            let n = self.n();
            let jump = self.push_pending(n + 1);
            self.op(op::JMP);
            self.n_if -= 1;
            let mut target = self.if_list[self.n_if];
            let v = self.n() - target.value;
            self.set_pending(&mut target, v);
            self.if_list[self.n_if] = jump;
            self.n_if += 1;
        } else {
            self.error("IF: Huh?!  No else-part address?", false);
        }
        Sem::None
    }

    fn scan_map(&mut self, text: &[u8]) {
        let text: Vec<u8> = text
            .iter()
            .copied()
            .filter(|c| !c.is_ascii_digit())
            .collect();
        let lines: Vec<&[u8]> = {
            let mut v: Vec<&[u8]> = text.split(|&c| c == b'\n').collect();
            if text.last() == Some(&b'\n') || text.is_empty() {
                v.pop();
            }
            v
        };
        let width = lines.iter().map(|l| l.len()).max().unwrap_or(0);
        let rows: Vec<&[u8]> = lines.iter().copied().take(MAP_Y_LIM as usize + 1).collect();
        let height = rows.len();
        self.session.max_x_map = width as i64 - 1;
        self.session.max_y_map = height as i64 - 1;
        if width as i64 > MAP_X_LIM || height as i64 > MAP_Y_LIM {
            self.error(
                format!(
                    "Map too large at ({width} x {height}), max is ({MAP_X_LIM} x {MAP_Y_LIM})"
                ),
                true,
            );
        }
        let mut cells = Vec::with_capacity(width * height);
        for row in &rows {
            for x in 0..width {
                let t = row.get(x).map_or(0, |&c| {
                    Some(self.map_char(i64::from(c)))
                        .filter(|&t| t != INVALID)
                        .unwrap_or(0)
                });
                cells.push((t + 1) as u8);
            }
        }
        self.string(&cells);
        self.push(Value::Int(height as i64));
        self.push(Value::Int(width as i64));
        self.op(op::MAP);
    }
}

/// The name of the first of a region's x1, y1, x2, y2 that `outside`
/// (given its position and value) rejects.
fn first_outside(r: [i64; 4], outside: impl Fn(usize, i64) -> bool) -> Option<&'static str> {
    ["x1", "y1", "x2", "y2"]
        .into_iter()
        .zip(r)
        .enumerate()
        .find(|&(i, (_, v))| outside(i, v))
        .map(|(_, (n, _))| n)
}

/// The value a list of literals pushes, by list kind.
fn list_value(act: Act, v: i64) -> Value {
    match act {
        Act::PushObjectFirst | Act::PushObjectNext => Value::Obj(v),
        Act::PushMonsterFirst | Act::PushMonsterNext => Value::Monst(v),
        Act::PushMapcharFirst | Act::PushMapcharNext => Value::MapChar(v),
        _ => Value::Coord(v),
    }
}
