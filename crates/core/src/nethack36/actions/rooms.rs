//! Rooms and subrooms, their positions, sizes and types, doors and corridors.

use super::{op, s};
use crate::nethack36::compile::Compiler;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

impl Compiler<'_, '_> {
    /// `$$` of a room, door or corridor rule, or `None` for another family's rule.
    pub(super) fn room_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
            Act::RandomCorridors => self.corridor_values(&[-1, 0, -1, -1, -1, -1]),
            Act::RandomCorridorsCount => {
                let n = self.int_at(len, 3);
                self.corridor_values(&[-1, n, -1, -1, -1, -1])
            }
            Act::RandomCorridorsRandom => self.corridor_values(&[-1; 6]),
            Act::Corridor | Act::CorridorCount => self.corridor(act, len),
            Act::CorrSpec => Sem::Corr(
                self.int_at(len, 2),
                self.int_at(len, 4),
                self.int_at(len, 6),
            ),
            Act::RoomBegin => self.room_begin(len),
            Act::SubroomBegin => self.subroom_begin(),
            Act::RoomBeginBody => self.room_begin_body(),
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
            Act::RoomDoor => self.room_door(len),
            Act::Door => {
                let state = self.int_at(len, 3);
                self.int(state);
                self.op(op::DOOR);
                Sem::None
            }
            Act::RoomDoorMaterial => self.room_door_material(len),
            Act::DoorMaterial => {
                let (material, state) = (self.int_at(len, 3), self.int_at(len, 4));
                self.ints(&[state, material]);
                self.op(op::DOOR);
                Sem::None
            }
            Act::RoomType => self.room_type(len),
            _ => return None,
        })
    }

    /// CORRIDOR from a room's wall to another's, or to a numbered corridor.
    fn corridor(&mut self, act: Act, len: usize) -> Sem {
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

    /// `room_begin`: a room's type, chance and light.
    fn room_begin(&mut self, len: usize) -> Sem {
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

    /// SUBROOM, once its header is read: the SUBROOM opcode opens its block.
    fn subroom_begin(&mut self) -> Sem {
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

    /// ROOM, once its header is read: the ROOM opcode opens its block.
    fn room_begin_body(&mut self) -> Sem {
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

    /// ROOMDOOR: a door on a wall of the current room.
    fn room_door(&mut self, len: usize) -> Sem {
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

    /// EvilHack's ROOMDOOR with a door material.
    fn room_door_material(&mut self, len: usize) -> Sem {
        let [material, secret, state, wall, pos] = [3, 4, 6, 8, 10].map(|k| self.int_at(len, k));
        if wall == -1 && pos != -1 {
            self.error("If the door wall is random, so must be its pos!", false);
        } else {
            self.ints(&[pos, state, secret, wall, material]);
            self.op(op::ROOM_DOOR);
        }
        Sem::None
    }

    /// A room type by name; an unknown one makes an ordinary room.
    fn room_type(&mut self, len: usize) -> Sem {
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

    fn corridor_values(&mut self, values: &[i64]) -> Sem {
        self.ints(values);
        self.op(op::CORRIDOR);
        Sem::None
    }
}
