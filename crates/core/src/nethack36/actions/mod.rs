//! The grammar actions: what each rule of `grammar.txt` emits and checks,
//! as lev_comp 3.6.6's actions do (the spec's sections 6 and 7; where the
//! reference's code and the spec disagree, the code was followed and the
//! place says so).
//!
//! Each file below holds one family of statements; this one dispatches a
//! rule to its family and keeps what the families share: opcode numbers,
//! the reference's limits, and reading the rule's symbols.

mod control;
mod expressions;
mod features;
mod levels;
mod maps;
mod monsters;
mod objects;
mod rooms;
mod selections;
mod terrain;
mod values;
mod variables;

use super::compile::Compiler;
use super::lexer::Sem;
use super::names;
use super::profile::INVALID_TYPE;
use super::tables::Act;
use std::sync::atomic::{AtomicU8, Ordering};

/// Opcode numbers (`enum opcode_defs`, canonical).
use super::opcodes as op;

const COLNO: i64 = crate::nethack_common::COLNO as i64;
const ROWNO: i64 = crate::nethack_common::ROWNO as i64;
const MAP_X_LIM: i64 = crate::nethack_common::MAP_X_LIM as i64;
const MAP_Y_LIM: i64 = crate::nethack_common::MAP_Y_LIM as i64;
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

/// For each action (by its number), which family answers it, plus one
/// (0: not asked yet). Learnt as the compiler runs; the same in every
/// compile, so shared.
/// How many families of actions there are.
const FAMILIES: u8 = 12;

static FAMILY_OF: [AtomicU8; 1024] = [const { AtomicU8::new(0) }; 1024];

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

    fn ints(&mut self, values: &[i64]) {
        for &v in values {
            self.int(v);
        }
    }

    /// Runs the action of a rule of `len` symbols; returns `$$`.
    pub(super) fn act(&mut self, act: Act, len: usize) -> Sem {
        // Most reductions are of rules without an action: they keep
        // yacc's default at once, without asking the families.
        if act == Act::None {
            return self.first_value(len);
        }
        // The family that answered an action the first time answers it
        // every time after: one call instead of asking up to twelve.
        let learnt = FAMILY_OF.get(act as usize);
        if let Some(k) = learnt.map(|k| k.load(Ordering::Relaxed)).filter(|&k| k > 0) {
            if let Some(value) = self.family(k - 1, act, len) {
                return value;
            }
        }
        // Each family answers for its own rules only; a rule belongs to
        // exactly one, so the order does not matter.
        for k in 0..FAMILIES {
            if let Some(value) = self.family(k, act, len) {
                if let Some(slot) = learnt {
                    slot.store(k + 1, Ordering::Relaxed);
                }
                return value;
            }
        }
        // A rule without an action keeps yacc's default, `$$ = $1`; any
        // other rule left here is one no family took up.
        debug_assert_eq!(act, Act::None, "no family of actions holds {act:?}");
        self.first_value(len)
    }

    /// Family `k` of [`FAMILIES`] (a family of statements' actions): `$$`
    /// of `act` when it is one of the family's rules, `None` for the others. A `match`, not a table of function pointers, so that each
    /// family can be inlined where it is called.
    fn family(&mut self, k: u8, act: Act, len: usize) -> Option<Sem> {
        match k {
            0 => self.level_actions(act, len),
            1 => self.room_actions(act, len),
            2 => self.map_actions(act, len),
            3 => self.monster_actions(act, len),
            4 => self.object_actions(act, len),
            5 => self.feature_actions(act, len),
            6 => self.terrain_actions(act, len),
            7 => self.selection_actions(act, len),
            8 => self.control_actions(act, len),
            9 => self.variable_actions(act, len),
            10 => self.expression_actions(act, len),
            11 => self.value_actions(act, len),
            _ => None,
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

    /// A monster or object detail: its pushes, and its bit in the set of
    /// details given.
    fn info(&mut self, values: &[i64], bit: i64) -> Sem {
        self.ints(values);
        Sem::Int(bit)
    }

    /// `-v`: a name found only by ignoring case is warned about, with the
    /// table's spelling (`get_monster_id`, `get_object_id`).
    fn matches_warning(&mut self, what: &str, name: &[u8], found: names::Found) {
        if let (true, Some(spelt)) = (self.session.verbose, found.spelt) {
            self.warning(format!("{what} type \"{}\" matches \"{spelt}\".", s(name)));
        }
    }
}
