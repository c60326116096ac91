//! Values the rules pass up: literals, yacc's positional values, counts, map characters.

use super::{ch, INVALID, MAX_REGISTERS};
use crate::nethack36::compile::Compiler;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

fn mapchar_pack(typ: i64, lit: i64) -> i64 {
    ((10 + lit) << 8) | (typ & 0xff)
}

impl Compiler<'_, '_> {
    /// `$$` of a value rule, or `None` for another family's rule.
    pub(super) fn value_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
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
            Act::MapChar1 => Sem::Int(self.map_char(self.int_at(len, 1))),
            Act::MapChar2 => Sem::Int(self.map_char(self.int_at(len, 2))),
            Act::TerrainChar => Sem::Terr(self.map_char(self.int_at(len, 1)), -2),
            Act::TerrainCharLit => {
                Sem::Terr(self.map_char(self.int_at(len, 2)), self.int_at(len, 4))
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
            _ => return None,
        })
    }
}
