//! The builder's arguments read as crawl reads them (`_table_int`,
//! `_table_char`, `_table_str`, `_table_bool`, `_coords`): a field that
//! is absent takes its default, one of the wrong type stops the run
//! with crawl's own message, and an argument that is not a table gives
//! every default.

use piccolo::{Context, Error, IntoValue, Stack, Value};

use super::Glyphs;
use crate::dcss::run::checkint::int;
use crate::lua::sandbox::value::text;

/// Field `name` of the argument table as an integer (`default` when it
/// is absent); a float is cut toward zero, a huge one held to a billion
/// so sums of two coordinates cannot overflow.
pub(super) fn field_int<'gc>(
    ctx: Context<'gc>,
    args: Value<'gc>,
    name: &'static str,
    default: i64,
) -> Result<i64, Error<'gc>> {
    let Value::Table(t) = args else {
        return Ok(default);
    };
    match t.get(ctx, name) {
        Value::Nil => Ok(default),
        Value::Number(f) if f.is_finite() => Ok(f.trunc().clamp(-1e9, 1e9) as i64),
        v => number(v).ok_or_else(|| {
            format!("'{name}' in table, but not an int.")
                .into_value(ctx)
                .into()
        }),
    }
}

/// Field `name` as one glyph. crawl takes exactly one character, and a
/// NUL is none (its test of the C string sees it as empty).
pub(super) fn field_char<'gc>(
    ctx: Context<'gc>,
    args: Value<'gc>,
    name: &'static str,
    default: u8,
) -> Result<u8, Error<'gc>> {
    let Value::Table(t) = args else {
        return Ok(default);
    };
    let v = t.get(ctx, name);
    if v.is_nil() {
        return Ok(default);
    }
    let s =
        text(v).ok_or_else(|| format!("'{name}' in table, but not a string.").into_value(ctx))?;
    match s.as_bytes() {
        [g] if *g != 0 => Ok(*g),
        _ => Err(format!("'{name}' has more than one character.")
            .into_value(ctx)
            .into()),
    }
}

/// Field `name` as a string of glyphs; `None` when it is absent and
/// there is no default (crawl's null string).
pub(super) fn field_text<'gc>(
    ctx: Context<'gc>,
    args: Value<'gc>,
    name: &'static str,
    default: Option<&[u8]>,
) -> Result<Option<Vec<u8>>, Error<'gc>> {
    let Value::Table(t) = args else {
        return Ok(default.map(<[u8]>::to_vec));
    };
    match t.get(ctx, name) {
        Value::Nil => Ok(default.map(<[u8]>::to_vec)),
        Value::String(s) => Ok(Some(s.as_bytes().to_vec())),
        v => match text(v) {
            Some(s) => Ok(Some(s.into_bytes())),
            None => Err(format!("'{name}' in table, but not a string.")
                .into_value(ctx)
                .into()),
        },
    }
}

/// Field `name` as a set of glyphs (`default` when absent).
pub(super) fn field_set<'gc>(
    ctx: Context<'gc>,
    args: Value<'gc>,
    name: &'static str,
    default: &[u8],
) -> Result<Glyphs, Error<'gc>> {
    let text = field_text(ctx, args, name, Some(default))?.unwrap_or_default();
    Ok(Glyphs::of(&text))
}

/// Field `name` as a boolean: crawl takes only `true` or `false`.
pub(super) fn field_bool<'gc>(
    ctx: Context<'gc>,
    args: Value<'gc>,
    name: &'static str,
    default: bool,
) -> Result<bool, Error<'gc>> {
    let Value::Table(t) = args else {
        return Ok(default);
    };
    match t.get(ctx, name) {
        Value::Nil => Ok(default),
        Value::Boolean(b) => Ok(b),
        _ => Err(format!("'{name}' in table, but not a bool.")
            .into_value(ctx)
            .into()),
    }
}

/// A box a vault names, corners in order; it may run off the map.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rect {
    pub x1: i64,
    pub y1: i64,
    pub x2: i64,
    pub y2: i64,
}

impl Rect {
    /// The box less `inset` cells all round, as crawl's builder keeps
    /// off the map's edge: `[1, w - 2]` for an inset of 1.
    pub fn within(self, w: i64, h: i64, inset: i64) -> Rect {
        Rect {
            x1: self.x1.max(inset),
            y1: self.y1.max(inset),
            x2: self.x2.min(w - 1 - inset),
            y2: self.y2.min(h - 1 - inset),
        }
    }

    /// How many cells it covers (a box with no width covers none).
    pub fn area(self) -> i64 {
        let w = (self.x2 - self.x1 + 1).max(0);
        let h = (self.y2 - self.y1 + 1).max(0);
        w.saturating_mul(h)
    }
}

/// The box `x1, y1, x2, y2` (the whole map by default), its corners
/// swapped into order; `None` when less `border` all round it is empty
/// (the function then does nothing and returns nothing).
pub(super) fn coords<'gc>(
    ctx: Context<'gc>,
    args: Value<'gc>,
    (w, h): (i64, i64),
    border: i64,
) -> Result<Option<Rect>, Error<'gc>> {
    let mut x1 = field_int(ctx, args, "x1", 0)?;
    let mut y1 = field_int(ctx, args, "y1", 0)?;
    let mut x2 = field_int(ctx, args, "x2", w - 1)?;
    let mut y2 = field_int(ctx, args, "y2", h - 1)?;
    if x2 < x1 {
        std::mem::swap(&mut x1, &mut x2);
    }
    if y2 < y1 {
        std::mem::swap(&mut y1, &mut y2);
    }
    let fits = x1 + border <= x2 - border && y1 + border <= y2 - border;
    Ok(fits.then_some(Rect { x1, y1, x2, y2 }))
}

/// Plain argument `i` as crawl's `ARG_INT` reads it: `default` only when
/// it is not given at all; anything not a number reads as 0.
pub(super) fn arg_int(stack: &Stack<'_, '_>, i: usize, default: i64) -> i64 {
    if i >= stack.len() {
        return default;
    }
    match stack.get(i) {
        Value::Number(f) if f.is_finite() => f.trunc().clamp(-1e9, 1e9) as i64,
        Value::Number(_) => 0,
        v => number(v).unwrap_or(0),
    }
}

/// An integer or a string holding a number (Lua converts one), cut
/// toward zero and held to a billion.
fn number(v: Value) -> Option<i64> {
    let held = |i: i64| i.clamp(-1_000_000_000, 1_000_000_000);
    if let Some(i) = int(v) {
        return Some(held(i));
    }
    let Value::String(s) = v else {
        return None;
    };
    let f: f64 = std::str::from_utf8(s.as_bytes())
        .ok()?
        .trim()
        .parse()
        .ok()?;
    f.is_finite().then(|| f.trunc().clamp(-1e9, 1e9) as i64)
}
