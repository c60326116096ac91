//! The stack machine's values, value stack and variables (`sp_lev.c`'s
//! `opvar`s, `splev_stack_*`, `opvar_var_conversion`).

use crate::nethack36::lev::Value;
use crate::nethack_common::selection::Selection;

/// A value at run time: what a PUSH carries, plus selections (only ever
/// made by opcodes).
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    Int(i64),
    Str(Vec<u8>),
    /// A variable's name, replaced by its value when popped as a value.
    Var(Vec<u8>),
    Coord(i64),
    Region(i64),
    MapChar(i64),
    Monst(i64),
    Obj(i64),
    Sel(Box<Selection>),
}

impl Val {
    pub fn from_pushed(v: &Value) -> Val {
        match v {
            Value::Null => Val::Int(0),
            Value::Int(i) => Val::Int(*i),
            Value::Str(s) => Val::Str(s.clone()),
            Value::Var(s) => Val::Var(s.clone()),
            Value::Coord(c) => Val::Coord(*c),
            Value::Region(r) => Val::Region(*r),
            Value::MapChar(m) => Val::MapChar(*m),
            Value::Monst(m) => Val::Monst(*m),
            Value::Obj(o) => Val::Obj(*o),
            Value::Sel(_) => Val::Sel(Box::default()),
        }
    }

    fn same_type(&self, other: &Val) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// A variable: one value, or an array.
#[derive(Clone, Debug)]
enum Slot {
    One(Val),
    Array(Vec<Val>),
}

/// Values above this many are not kept: a stream that only pushes cannot
/// grow memory without bound within the step limit anyway, but a cap keeps
/// the preview's footprint small.
const STACK_CAP: usize = 100_000;

#[derive(Default)]
pub struct Machine {
    stack: Vec<Val>,
    vars: Vec<(Vec<u8>, Slot)>,
}

impl Machine {
    pub fn push(&mut self, v: Val) {
        if self.stack.len() < STACK_CAP {
            self.stack.push(v);
        }
    }

    /// The top value as it lies (a variable name stays a name).
    pub fn pop_raw(&mut self) -> Option<Val> {
        self.stack.pop()
    }

    /// The top value, a variable replaced by its value (an array's index
    /// is popped next, and taken modulo the length).
    pub fn pop(&mut self) -> Option<Val> {
        match self.stack.pop()? {
            Val::Var(name) => self.value_of(&name),
            v => Some(v),
        }
    }

    fn value_of(&mut self, name: &[u8]) -> Option<Val> {
        let slot = self.vars.iter().find(|(n, _)| n == name)?.1.clone();
        match slot {
            Slot::One(v) => Some(v),
            Slot::Array(items) => {
                let index = self.int()?;
                let len = items.len() as i64;
                if len == 0 {
                    return None;
                }
                items.get(index.rem_euclid(len) as usize).cloned()
            }
        }
    }

    pub fn int(&mut self) -> Option<i64> {
        match self.pop()? {
            Val::Int(i) => Some(i),
            _ => None,
        }
    }

    pub fn string(&mut self) -> Option<Vec<u8>> {
        match self.pop()? {
            Val::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn coord(&mut self) -> Option<i64> {
        match self.pop()? {
            Val::Coord(c) => Some(c),
            _ => None,
        }
    }

    pub fn region(&mut self) -> Option<i64> {
        match self.pop()? {
            Val::Region(r) => Some(r),
            _ => None,
        }
    }

    pub fn map_char(&mut self) -> Option<i64> {
        match self.pop()? {
            Val::MapChar(m) => Some(m),
            _ => None,
        }
    }

    pub fn monst(&mut self) -> Option<i64> {
        match self.pop()? {
            Val::Monst(m) => Some(m),
            _ => None,
        }
    }

    pub fn obj(&mut self) -> Option<i64> {
        match self.pop()? {
            Val::Obj(o) => Some(o),
            _ => None,
        }
    }

    pub fn sel(&mut self) -> Option<Selection> {
        match self.pop()? {
            Val::Sel(s) => Some(*s),
            _ => None,
        }
    }

    /// VAR_INIT: the name, the count (0 for one value), then the values
    /// (the last pushed is the last element). Gives the name defined.
    pub fn define(&mut self) -> Option<Vec<u8>> {
        let (Some(name), Some(count)) = (self.string(), self.int()) else {
            return None;
        };
        let slot = if count <= 0 {
            Slot::One(self.pop()?)
        } else {
            let count = count.min(self.stack.len() as i64) as usize;
            let mut items: Vec<Val> = (0..count).filter_map(|_| self.pop()).collect();
            items.reverse();
            Slot::Array(items)
        };
        if let Some(existing) = self.vars.iter_mut().find(|(n, _)| *n == name) {
            // The game panics on a change of type; the preview keeps the
            // first definition then.
            let same = match (&existing.1, &slot) {
                (Slot::One(a), Slot::One(b)) => a.same_type(b),
                (Slot::Array(a), Slot::Array(b)) => match (a.first(), b.first()) {
                    (Some(x), Some(y)) => x.same_type(y),
                    _ => true,
                },
                _ => false,
            };
            if same {
                existing.1 = slot;
            }
        } else {
            self.vars.push((name.clone(), slot));
        }
        Some(name)
    }

    /// What reading `name` now gives, as a reader is shown it: an array
    /// read with an index on the stack gives that element.
    pub fn shown(&self, name: &[u8]) -> Option<String> {
        match &self.vars.iter().find(|(n, _)| n == name)?.1 {
            Slot::One(v) => Some(describe(v)),
            Slot::Array(items) => match (self.stack.last(), items.len() as i64) {
                (Some(Val::Int(i)), len) if len > 0 => {
                    let k = i.rem_euclid(len) as usize;
                    items.get(k).map(|v| format!("[{k}] {}", describe(v)))
                }
                _ => Some(describe_array(items)),
            },
        }
    }

    /// SHUFFLE_ARRAY: Fisher-Yates with the given source of `rn2`.
    pub fn shuffle(&mut self, mut rn2: impl FnMut(i64) -> i64) {
        let Some(name) = self.string() else { return };
        if let Some((_, Slot::Array(items))) = self.vars.iter_mut().find(|(n, _)| *n == name) {
            for i in (1..items.len()).rev() {
                let j = rn2(i as i64 + 1) as usize;
                items.swap(i, j.min(i));
            }
        }
    }

    /// The current value of each variable, for hover text.
    pub fn values(&self) -> Vec<(String, String)> {
        self.vars
            .iter()
            .map(|(n, s)| {
                let shown = match s {
                    Slot::One(v) => describe(v),
                    Slot::Array(items) => describe_array(items),
                };
                (String::from_utf8_lossy(n).into_owned(), shown)
            })
            .collect()
    }
}

fn describe_array(items: &[Val]) -> String {
    format!(
        "{{ {} }}",
        items.iter().map(describe).collect::<Vec<_>>().join(", ")
    )
}

pub fn describe(v: &Val) -> String {
    match v {
        Val::Int(i) => i.to_string(),
        Val::Str(s) => format!("\"{}\"", String::from_utf8_lossy(s)),
        Val::Var(n) => String::from_utf8_lossy(n).into_owned(),
        Val::Coord(c) if c & super::RANDOM_COORD != 0 => "random".into(),
        Val::Coord(c) => format!("({},{})", c & 0xff, (c >> 16) & 0xff),
        Val::Region(r) => format!(
            "({},{},{},{})",
            r & 0xff,
            (r >> 8) & 0xff,
            (r >> 16) & 0xff,
            (r >> 24) & 0xff
        ),
        Val::MapChar(m) => format!("terrain {}", m & 0xff),
        Val::Monst(m) => kind_name(*m, crate::nethack36::profile::monster_entry, "monster"),
        Val::Obj(o) => kind_name(*o, crate::nethack36::profile::object_entry, "object"),
        Val::Sel(s) => format!("{} cells", s.cells().len()),
    }
}

/// A packed monster or object: its index (None for any of the class) and
/// class character (0 for any class).
pub fn unpack_kind(packed: i64) -> (Option<usize>, u8) {
    if packed < 0 {
        return (None, 0);
    }
    let index = (packed >> 8) - 10;
    let class = (packed & 0xff) as u8;
    (
        usize::try_from(index).ok(),
        if class == 1 { 0 } else { class },
    )
}

/// A packed monster or object as a reader names it: "jackal", "a random
/// 'D'", "a random monster".
fn kind_name(
    packed: i64,
    entry: fn(usize) -> Option<(&'static str, u8, u8)>,
    what: &str,
) -> String {
    let (index, class) = unpack_kind(packed);
    match index.and_then(entry) {
        Some((name, _, _)) if !name.is_empty() => name.to_string(),
        _ if class != 0 => format!("a random '{}'", class as char),
        _ => format!("a random {what}"),
    }
}
