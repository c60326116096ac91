//! The variables of the level being compiled, with the type each was first
//! defined with: the lexer turns a `$name` into a token by that type, so a
//! variable used with the wrong type is a syntax error, as in the reference.

use super::tables::*;

/// `SPOVAR_*` type numbers, and the array flag.
pub mod kind {
    pub const INT: u8 = 1;
    pub const STRING: u8 = 2;
    pub const VARIABLE: u8 = 3;
    pub const COORD: u8 = 4;
    pub const REGION: u8 = 5;
    pub const MAPCHAR: u8 = 6;
    pub const MONST: u8 = 7;
    pub const OBJ: u8 = 8;
    pub const SEL: u8 = 9;
    pub const ARRAY: u8 = 0x40;
}

/// A defined variable: its name, type, and whether anything read it.
struct Var {
    name: Vec<u8>,
    ty: u8,
    used: bool,
}

#[derive(Default)]
pub struct Vars {
    defined: Vec<Var>,
}

/// What defining a variable found.
pub enum Define {
    Fresh,
    Same,
    /// Defined before with this other type.
    Other(u8),
}

impl Vars {
    pub fn clear(&mut self) {
        self.defined.clear();
    }

    /// The names never read, in the order defined (`-v`'s warnings).
    pub fn unused(&self) -> impl DoubleEndedIterator<Item = &[u8]> {
        self.defined
            .iter()
            .filter(|v| !v.used)
            .map(|v| v.name.as_slice())
    }

    pub fn mark_used(&mut self, name: &[u8]) {
        if let Some(v) = self.defined.iter_mut().find(|v| v.name == name) {
            v.used = true;
        }
    }

    pub fn get(&self, name: &[u8]) -> Option<u8> {
        self.defined.iter().find(|v| v.name == name).map(|v| v.ty)
    }

    pub fn define(&mut self, name: &[u8], ty: u8) -> Define {
        match self.get(name) {
            Some(t) if t == ty => Define::Same,
            Some(t) => Define::Other(t),
            None => {
                self.defined.push(Var {
                    name: name.to_vec(),
                    ty,
                    used: false,
                });
                Define::Fresh
            }
        }
    }

    /// The token the lexer returns for `$name`.
    pub fn token_for(&self, name: &[u8]) -> u16 {
        let Some(t) = self.get(name) else {
            return T_VARSTRING;
        };
        let array = t & kind::ARRAY != 0;
        let pick = |scalar, arr| if array { arr } else { scalar };
        match t & !kind::ARRAY {
            kind::INT => pick(T_VARSTRING_INT, T_VARSTRING_INT_ARRAY),
            kind::STRING => pick(T_VARSTRING_STRING, T_VARSTRING_STRING_ARRAY),
            kind::VARIABLE => pick(T_VARSTRING_VAR, T_VARSTRING_VAR_ARRAY),
            kind::COORD => pick(T_VARSTRING_COORD, T_VARSTRING_COORD_ARRAY),
            kind::REGION => pick(T_VARSTRING_REGION, T_VARSTRING_REGION_ARRAY),
            kind::MAPCHAR => pick(T_VARSTRING_MAPCHAR, T_VARSTRING_MAPCHAR_ARRAY),
            kind::MONST => pick(T_VARSTRING_MONST, T_VARSTRING_MONST_ARRAY),
            kind::OBJ => pick(T_VARSTRING_OBJ, T_VARSTRING_OBJ_ARRAY),
            kind::SEL => pick(T_VARSTRING_SEL, T_VARSTRING_SEL_ARRAY),
            _ => T_VARSTRING,
        }
    }
}

/// The reference's name for a type in its messages; `None` where it has
/// none (a selection: it reports `spovar2str(9)` and prints `(null)`).
pub fn type_name(ty: u8) -> Option<String> {
    let base = match ty & !kind::ARRAY {
        kind::INT => "integer",
        kind::STRING => "string",
        kind::VARIABLE => "variable",
        kind::COORD => "coordinate",
        kind::REGION => "region",
        kind::MAPCHAR => "mapchar",
        kind::MONST => "monster",
        kind::OBJ => "object",
        _ => return None,
    };
    Some(format!(
        "{base}{}",
        if ty & kind::ARRAY != 0 { " array" } else { "" }
    ))
}
