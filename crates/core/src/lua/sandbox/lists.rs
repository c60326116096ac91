//! `table.insert` and `table.remove`, as Lua 5.4's (`ltablib.c`
//! semantics: the same bounds, errors and results). They were Lua code
//! in `library.lua`, where every shifted element cost several VM steps:
//! crawl's layout builders keep lists of thousands of cells and remove
//! from them as they paint (`hyper.usage.set_usage`), which ran past
//! any step budget though crawl builds the level in a fraction of a
//! second. Natives shift in one step each, charged as fuel by the
//! elements they move.

use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Table, Value};

use super::budget;
use super::tables::store;
use super::{native, Host, Native, Shared};

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

pub fn install<'gc, H: Host>(ctx: Context<'gc>, shared: &Shared<H>) -> Result<(), Error<'gc>> {
    if let Value::Table(table) = ctx.get_global("table") {
        let functions: [(&str, Native<H>); 2] = [("insert", insert), ("remove", remove)];
        for (name, f) in functions {
            table.set(ctx, name, native(ctx, shared, f))?;
        }
    }
    Ok(())
}

fn raise<'gc>(ctx: Context<'gc>, message: String) -> Error<'gc> {
    message.into_value(ctx).into()
}

/// Argument 1 of `function`: the list.
fn list_argument<'gc>(
    ctx: Context<'gc>,
    stack: &Stack<'gc, '_>,
    function: &str,
) -> Result<Table<'gc>, Error<'gc>> {
    match stack.get(0) {
        Value::Table(table) => Ok(table),
        other => Err(raise(
            ctx,
            format!(
                "bad argument #1 to '{function}' (table expected, got {})",
                argument_type(other)
            ),
        )),
    }
}

/// Lua's name for a missing argument's type.
fn argument_type(value: Value) -> &'static str {
    match value {
        Value::Nil => "no value",
        v => v.type_name(),
    }
}

/// A position argument: an integer, or a float with an integer value.
fn position<'gc>(ctx: Context<'gc>, value: Value<'gc>, function: &str) -> Result<i64, Error<'gc>> {
    value.to_integer().ok_or_else(|| {
        let why = match value {
            Value::Number(_) => "number has no integer representation".to_string(),
            other => format!("number expected, got {}", argument_type(other)),
        };
        raise(ctx, format!("bad argument #2 to '{function}' ({why})"))
    })
}

/// `table.insert(list, value)` appends; `table.insert(list, pos, value)`
/// moves `list[pos..]` up one first (`pos` in `1..=#list + 1`).
fn insert<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let list = list_argument(ctx, stack, "insert")?;
    let end = list.length().saturating_add(1);
    let (at, value) = match stack.len() {
        2 => (end, stack.get(1)),
        3 => {
            let at = position(ctx, stack.get(1), "insert")?;
            if !(1..=end).contains(&at) {
                return Err(raise(
                    ctx,
                    "bad argument #2 to 'insert' (position out of bounds)".into(),
                ));
            }
            (at, stack.get(2))
        }
        _ => return Err(raise(ctx, "wrong number of arguments to 'insert'".into())),
    };
    budget::charge(shared, usize::try_from(end - at).unwrap_or(usize::MAX));
    let mut i = end;
    while i > at {
        store(ctx, list, i, list.get(ctx, i - 1))?;
        i -= 1;
    }
    store(ctx, list, at, value)?;
    stack.clear();
    Ok(CallbackReturn::Return)
}

/// `table.remove(list [, pos])`: `list[pos]` (default `#list`), with the
/// elements after it moved down one; `pos` in `1..=#list + 1`, or `#list`
/// (0) for an empty list.
fn remove<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let list = list_argument(ctx, stack, "remove")?;
    let size = list.length();
    let mut at = match stack.get(1) {
        Value::Nil => size,
        v => position(ctx, v, "remove")?,
    };
    let in_bounds = (1..=size.saturating_add(1)).contains(&at);
    if at != size && !in_bounds {
        return Err(raise(
            ctx,
            "bad argument #2 to 'remove' (position out of bounds)".into(),
        ));
    }
    budget::charge(shared, usize::try_from(size - at).unwrap_or(0));
    let removed = list.get(ctx, at);
    while at < size {
        store(ctx, list, at, list.get(ctx, at + 1))?;
        at += 1;
    }
    store(ctx, list, at, Value::Nil)?;
    stack.replace(ctx, removed);
    Ok(CallbackReturn::Return)
}
