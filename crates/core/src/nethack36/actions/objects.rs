//! Objects: OBJECT statements and containers, their details, names and classes.

use super::{ch, op, s};
use crate::nethack36::compile::Compiler;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

impl Compiler<'_, '_> {
    /// `$$` of a object rule, or `None` for another family's rule.
    pub(super) fn object_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
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
            Act::ObjectName => self.object_name(len),
            Act::ObjectClass => self.object_class(len),
            Act::ObjectClassName => self.object_class_name(len),
            _ => return None,
        })
    }

    /// An object by name.
    fn object_name(&mut self, len: usize) -> Sem {
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

    /// Any object of a class.
    fn object_class(&mut self, len: usize) -> Sem {
        let c = self.int_at(len, 1);
        if self.names().object_class(c as u8).is_some() {
            Sem::Int((9 << 8) | (c & 0xff))
        } else {
            self.error(format!("Unknown object class '{}'!", ch(c)), true);
            Sem::Int(-1)
        }
    }

    /// An object by class and name.
    fn object_class_name(&mut self, len: usize) -> Sem {
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
}
