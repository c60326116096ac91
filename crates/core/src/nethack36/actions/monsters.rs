//! Monsters: MONSTER statements and inventories, their details, names, classes and seen traps.

use super::{ch, op, s};
use crate::nethack36::compile::Compiler;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

fn monster_pack(pm: i64, class: i64) -> i64 {
    ((10 + pm) << 8) | (class & 0xff)
}

impl Compiler<'_, '_> {
    /// `$$` of a monster rule, or `None` for another family's rule.
    pub(super) fn monster_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
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
            Act::TrapBit | Act::TrapBitOr => self.seen_traps(act, len),
            Act::AllBits => Sem::Int(-1),
            Act::MonsterName => self.monster_name(len),
            Act::MonsterClass => self.monster_class(len),
            Act::MonsterClassName => self.monster_class_name(len),
            _ => return None,
        })
    }

    /// A trap in a monster's `seen_traps`: its bit, added to the others.
    fn seen_traps(&mut self, act: Act, len: usize) -> Sem {
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

    /// A monster by name.
    fn monster_name(&mut self, len: usize) -> Sem {
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

    /// Any monster of a class.
    fn monster_class(&mut self, len: usize) -> Sem {
        let c = self.int_at(len, 1);
        if self.names().monster_class(c as u8).is_some() {
            Sem::Int(monster_pack(-1, c))
        } else {
            self.error(format!("Unknown monster class '{}'!", ch(c)), true);
            Sem::Int(-1)
        }
    }

    /// A monster by class and name.
    fn monster_class_name(&mut self, len: usize) -> Sem {
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
}
