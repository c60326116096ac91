//! Storing into tables without meeting piccolo 0.3.3's panic: a field set
//! to nil stays in its table as a dead key, and when that table's map is
//! full and grows, piccolo rehashes the dead key and panics ("all keys
//! must be live when table is grown"). Its `reserve_map` drops dead keys
//! before it grows; so every store that may add a key (the script's
//! field assignments, rewritten as calls by `rewrite.rs`, and `rawset`)
//! first makes room for one more key that way. A key already present, or
//! a store of nil, needs no room: a table being cleared while `pairs`
//! walks it keeps its dead keys, as `next` needs them.
//!
//! `table.unpack` is here too: piccolo's allocates whatever count it is
//! given (a 34 GB request for `table.unpack({}, 1, 2^31)`) and subtracts
//! its bounds unchecked.

use piccolo::{meta_ops, CallbackReturn, Context, Error, IntoValue, Stack, Table, Value};

use super::budget;
use super::rewrite::{ROOM, SET};
use super::{native, Host, Native, Shared};

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// Lua's own bound on the results of one call (`LUAI_MAXSTACK`).
const MOST_RESULTS: i128 = 1_000_000;

pub fn install<'gc, H: Host>(ctx: Context<'gc>, shared: &Shared<H>) -> Result<(), Error<'gc>> {
    let globals: [(&str, Native<H>); 3] = [(SET, set), (ROOM, room), ("rawset", rawset)];
    for (name, f) in globals {
        ctx.set_global(name, native(ctx, shared, f))?;
    }
    if let Value::Table(table) = ctx.get_global("table") {
        table.set(ctx, "unpack", native(ctx, shared, unpack))?;
    }
    Ok(())
}

/// Room for one more key in `table`'s map, dead keys dropped first when
/// it is full (a no-op while it has room).
fn make_room_for_key<'gc>(ctx: Context<'gc>, table: Table<'gc>) {
    table.into_inner().borrow_mut(&ctx).raw_table.reserve_map(1);
}

/// Whether storing `value` at `key` may add a key to `table`.
fn may_add<'gc>(table: Table<'gc>, key: Value<'gc>, value: Value<'gc>) -> bool {
    !value.is_nil() && table.get_value(key).is_nil()
}

/// `table[key] = value` raw, with room made first when it adds a key
/// (the stores of `table.insert` and `table.remove`).
pub(super) fn store<'gc>(
    ctx: Context<'gc>,
    table: Table<'gc>,
    key: i64,
    value: Value<'gc>,
) -> Result<(), Error<'gc>> {
    let key = Value::Integer(key);
    if may_add(table, key, value) {
        make_room_for_key(ctx, table);
    }
    table.set_value(&ctx, key, value)?;
    Ok(())
}

/// `__vw_set(t, k, v)`: `t[k] = v`, with `__newindex` as the VM does it.
fn set<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (target, key, value) = (stack.get(0), stack.get(1), stack.get(2));
    if let Value::Table(table) = target {
        if may_add(table, key, value) {
            make_room_for_key(ctx, table);
        }
    }
    stack.clear();
    match meta_ops::new_index(ctx, target, key, value)? {
        None => Ok(CallbackReturn::Return),
        Some(call) => {
            stack.extend(call.args);
            Ok(CallbackReturn::Call {
                function: call.function,
                then: None,
            })
        }
    }
}

/// `__vw_room(t)`: `t` with room for one more key (a target of an
/// assignment of several values, whose value is not known yet).
fn room<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let target = stack.get(0);
    if let Value::Table(table) = target {
        make_room_for_key(ctx, table);
    }
    stack.replace(ctx, target);
    Ok(CallbackReturn::Return)
}

fn rawset<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (target, key, value) = (stack.get(0), stack.get(1), stack.get(2));
    let Value::Table(table) = target else {
        return Err(format!(
            "bad argument #1 to 'rawset' (table expected, got {})",
            target.type_name()
        )
        .into_value(ctx)
        .into());
    };
    if may_add(table, key, value) {
        make_room_for_key(ctx, table);
    }
    table.set_value(&ctx, key, value)?;
    stack.replace(ctx, target);
    Ok(CallbackReturn::Return)
}

/// `table.unpack(t, i, j)`: Lua's bounds and its refusal of more results
/// than a call can return, before anything is allocated.
fn unpack<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let Value::Table(table) = stack.get(0) else {
        return Err(format!(
            "bad argument #1 to 'unpack' (table expected, got {})",
            stack.get(0).type_name()
        )
        .into_value(ctx)
        .into());
    };
    let bound = |i: usize, default: i64| -> Result<i64, Error<'gc>> {
        match stack.get(i) {
            Value::Nil => Ok(default),
            v => v.to_integer().ok_or_else(|| {
                format!(
                    "bad argument #{} to 'unpack' (number has no integer representation)",
                    i + 1
                )
                .into_value(ctx)
                .into()
            }),
        }
    };
    let first = bound(1, 1)?;
    let last = bound(2, table.length())?;
    let count = i128::from(last) - i128::from(first) + 1;
    if count <= 0 {
        stack.clear();
        return Ok(CallbackReturn::Return);
    }
    if count >= MOST_RESULTS {
        return Err("too many results to unpack".into_value(ctx).into());
    }
    let count = usize::try_from(count).unwrap_or(0);
    budget::make_room(shared, ctx, count.saturating_mul(16))?;
    budget::charge(shared, count);
    stack.clear();
    for i in 0..count {
        let key = first.saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
        stack.push_back(table.get(ctx, key));
    }
    Ok(CallbackReturn::Return)
}
