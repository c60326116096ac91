//! Variables: definitions, literal lists, shuffles and reading a variable.

use super::{op, s};
use crate::nethack36::compile::Compiler;
use crate::nethack36::lev::Value;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;
use crate::nethack36::vars::{self, kind, Define};

impl Compiler<'_, '_> {
    /// `$$` of a variable rule, or `None` for another family's rule.
    pub(super) fn variable_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
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
            _ => return None,
        })
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

    /// `spovar2str`: an unknown type is an error, and C prints its null
    /// name as `(null)`.
    pub(super) fn type_name_or_error(&mut self, ty: u8) -> String {
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
