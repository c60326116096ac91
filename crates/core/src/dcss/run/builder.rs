//! The dungeon builder's functions a vault's Lua calls on its own map
//! (crawl's `l-dgnbld.cc`), each taking the map and a table of named
//! arguments: `width`, `height`, `is_valid_coord`, `extend_map`,
//! `fill_area`; `set_border_fill_type` is accepted (it changes the level
//! around the vault, not the vault).

use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Table, Value};

use super::{MapRun, Shared};
use crate::lua::sandbox::value::{int, text};
use crate::lua::sandbox::{native, Native};

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// The largest map the builder grows (crawl's level is 80 by 70).
const MOST: i64 = 200;

pub fn install<'gc>(ctx: Context<'gc>, shared: &Shared, dgn: Table<'gc>) -> Result<(), Error<'gc>> {
    let functions: [(&str, Native<MapRun>); 6] = [
        ("width", width),
        ("height", height),
        ("is_valid_coord", is_valid_coord),
        ("extend_map", extend_map),
        ("fill_area", fill_area),
        ("set_border_fill_type", |_, _, stack| {
            stack.clear();
            Ok(CallbackReturn::Return)
        }),
    ];
    for (name, f) in functions {
        dgn.set(ctx, name, native(ctx, shared, f))?;
    }
    Ok(())
}

/// Field `name` of the argument table as an integer (`default` when it
/// is absent), as crawl's `_table_int` reads it.
fn field_int<'gc>(
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
        v => int(v).ok_or_else(|| {
            format!("'{name}' in table, but not an int.")
                .into_value(ctx)
                .into()
        }),
    }
}

/// Field `name` of the argument table as one glyph (`_table_char`).
fn field_char<'gc>(
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
        [g] => Ok(*g),
        _ => Err(format!("'{name}' has more than one character.")
            .into_value(ctx)
            .into()),
    }
}

fn width<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let w = shared.borrow().size().0;
    stack.replace(ctx, w as i64);
    Ok(CallbackReturn::Return)
}

fn height<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let h = shared.borrow().size().1;
    stack.replace(ctx, h as i64);
    Ok(CallbackReturn::Return)
}

fn is_valid_coord<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let args = stack.get(1);
    let (x, y) = (
        field_int(ctx, args, "x", -1)?,
        field_int(ctx, args, "y", -1)?,
    );
    let (w, h) = shared.borrow().size();
    let valid = (0..w as i64).contains(&x) && (0..h as i64).contains(&y);
    stack.replace(ctx, valid);
    Ok(CallbackReturn::Return)
}

/// `extend_map{width, height, fill}`: the map grown to at least that
/// size, new cells `fill` (crawl's `map_lines::extend`).
fn extend_map<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let args = stack.get(1);
    let h = field_int(ctx, args, "height", 1)?.clamp(1, MOST) as usize;
    let w = field_int(ctx, args, "width", 1)?.clamp(1, MOST) as usize;
    let fill = field_char(ctx, args, "fill", b'x')?;
    stack.clear();
    let mut run = shared.borrow_mut();
    let before = run.size();
    while run.lines.len() < h {
        run.lines.push(vec![fill; w]);
    }
    let width = run.size().0.max(w);
    if run.size() != before || before.0 < w {
        for row in &mut run.lines {
            row.resize(width, fill);
        }
    }
    let cells = width * run.lines.len();
    super::budget_line(&mut run, cells);
    Ok(CallbackReturn::Return)
}

/// `fill_area{x1, y1, x2, y2, fill, border}`: the box (the whole map by
/// default) filled, its edge `border` when given.
fn fill_area<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let args = stack.get(1);
    let (w, h) = shared.borrow().size();
    let mut x1 = field_int(ctx, args, "x1", 0)?;
    let mut y1 = field_int(ctx, args, "y1", 0)?;
    let mut x2 = field_int(ctx, args, "x2", w as i64 - 1)?;
    let mut y2 = field_int(ctx, args, "y2", h as i64 - 1)?;
    if x2 < x1 {
        std::mem::swap(&mut x1, &mut x2);
    }
    if y2 < y1 {
        std::mem::swap(&mut y1, &mut y2);
    }
    let fill = field_char(ctx, args, "fill", b'x')?;
    let border = field_char(ctx, args, "border", fill)?;
    stack.clear();
    let mut run = shared.borrow_mut();
    for y in y1.max(0)..=y2.min(h as i64 - 1) {
        for x in x1.max(0)..=x2.min(w as i64 - 1) {
            let edge = x == x1 || x == x2 || y == y1 || y == y2;
            run.set_glyph(x, y, if edge { border } else { fill });
        }
    }
    Ok(CallbackReturn::Return)
}
