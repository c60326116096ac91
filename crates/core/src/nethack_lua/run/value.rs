//! Reading the values a script passes to the game's functions: the
//! strings, numbers, flags and coordinates the C code reads with
//! `luaL_check*` and `get_table_*`.

use piccolo::{Context, Table, Value};

pub use crate::lua::sandbox::value::{int, text};

/// The farthest a number a script gives for a place or a size is taken:
/// far beyond the 80×21 level, near enough that arithmetic on it cannot
/// overflow (the game's coordinates are bytes).
pub const REACH: i64 = 1_000_000;

/// A coordinate, size or radius: an integer, kept within [`REACH`].
pub fn measure(v: Value) -> Option<i64> {
    int(v).map(|i| i.clamp(-REACH, REACH))
}

/// A flag as the game reads one: a boolean, or a number (0 is false).
pub fn truth(v: Value) -> Option<bool> {
    match v {
        Value::Boolean(b) => Some(b),
        Value::Integer(i) => Some(i != 0),
        Value::Number(n) => Some(n != 0.0),
        _ => None,
    }
}

/// `{x, y}` or `{x = …, y = …}`.
pub fn pair<'gc>(ctx: Context<'gc>, v: Value<'gc>) -> Option<(i64, i64)> {
    let Value::Table(t) = v else {
        return None;
    };
    let x = measure(t.get(ctx, 1)).or_else(|| measure(t.get(ctx, "x")))?;
    let y = measure(t.get(ctx, 2)).or_else(|| measure(t.get(ctx, "y")))?;
    Some((x, y))
}

/// The keys of a call's table argument (none when it was not a table).
#[derive(Clone, Copy)]
pub struct Keys<'gc> {
    ctx: Context<'gc>,
    table: Option<Table<'gc>>,
}

impl<'gc> Keys<'gc> {
    pub fn of(ctx: Context<'gc>, v: Value<'gc>) -> Keys<'gc> {
        let table = match v {
            Value::Table(t) => Some(t),
            _ => None,
        };
        Keys { ctx, table }
    }

    pub fn is_table(&self) -> bool {
        self.table.is_some()
    }

    pub fn get(&self, key: &str) -> Value<'gc> {
        self.table.map_or(Value::Nil, |t| {
            t.get(self.ctx, self.ctx.intern(key.as_bytes()))
        })
    }

    pub fn text(&self, key: &str) -> Option<String> {
        text(self.get(key))
    }

    /// A number under `key`, kept within [`REACH`] (every number a
    /// table gives a `des.*` call is a place, a size, a chance or an
    /// amount).
    pub fn int(&self, key: &str) -> Option<i64> {
        measure(self.get(key))
    }

    pub fn truth(&self, key: &str) -> Option<bool> {
        truth(self.get(key))
    }

    /// `x`/`y`, or `coord = {x, y}`.
    pub fn xy(&self) -> Option<(i64, i64)> {
        match (self.int("x"), self.int("y")) {
            (Some(x), Some(y)) => Some((x, y)),
            _ => pair(self.ctx, self.get("coord")),
        }
    }

    /// `x1`, `y1`, `x2`, `y2`, or a `{x1, y1, x2, y2}` table under `key`.
    pub fn rect(&self, key: &str) -> Option<(i64, i64, i64, i64)> {
        if let Value::Table(t) = self.get(key) {
            let n = |i: i64| measure(t.get(self.ctx, i));
            return Some((n(1)?, n(2)?, n(3)?, n(4)?));
        }
        Some((
            self.int("x1")?,
            self.int("y1")?,
            self.int("x2")?,
            self.int("y2")?,
        ))
    }
}

/// A Lua value as the readers of a written table see one: strings and
/// numbers as written, tables as their fields (the array part in order,
/// then the named fields by name), anything else computed. No spans: the
/// value was computed. `None` past 32 levels of nesting or 10,000 fields.
pub fn plain(v: Value, depth: usize) -> Option<crate::nethack_lua::calls::Value> {
    use crate::nethack_lua::calls::{TableField, Value as Plain};
    use vaultwright_model::Span;
    let none = Span::default();
    Some(match v {
        Value::String(s) => Plain::Str(String::from_utf8_lossy(s.as_bytes()).into_owned(), none),
        Value::Integer(i) => Plain::Number(i.to_string(), none),
        Value::Number(n) => Plain::Number(n.to_string(), none),
        Value::Table(t) if depth < 32 => {
            let mut list = Vec::new();
            let mut named = Vec::new();
            for (k, v) in t.iter().take(10_000) {
                let value = plain(v, depth + 1)?;
                match k {
                    Value::Integer(i) => list.push((i, value)),
                    Value::String(s) => {
                        named.push((String::from_utf8_lossy(s.as_bytes()).into_owned(), value))
                    }
                    _ => {}
                }
            }
            list.sort_by_key(|(i, _)| *i);
            named.sort_by(|a, b| a.0.cmp(&b.0));
            let mut fields: Vec<TableField> = list
                .into_iter()
                .map(|(_, value)| TableField { key: None, value })
                .collect();
            fields.extend(named.into_iter().map(|(k, value)| TableField {
                key: Some((k, none)),
                value,
            }));
            Plain::Table(fields, none)
        }
        Value::Table(_) => return None,
        _ => Plain::Other(none),
    })
}
