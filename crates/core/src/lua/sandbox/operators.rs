//! The operators the rewritten script calls (`rewrite.rs` says which and
//! why): on a game's own values what the game says (`Host::binary`, as
//! NetHack's selection metamethods), on numbers Lua 5.4's own arithmetic. piccolo 0.3.3 computes `%` and `//`
//! with Rust's operators (a panic on `math.mininteger % -1`, `//`
//! rounded towards zero) and shifts by 64 or more with a panic or a
//! masked count; here they are Lua's, whatever the operands.

use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Value};

use super::budget;
use super::rewrite::{CHAIN, CONCAT, CONCAT_LIST, NEGATE, NOT};
use super::{native, Host, Native, Shared};

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

pub fn install<'gc, H: Host>(ctx: Context<'gc>, shared: &Shared<H>) -> Result<(), Error<'gc>> {
    let operators: [(&str, Native<H>); 14] = [
        ("__vw_bor", |_, ctx, s| binary_call::<H>(ctx, s, "|")),
        ("__vw_band", |_, ctx, s| binary_call::<H>(ctx, s, "&")),
        ("__vw_bxor", |_, ctx, s| binary_call::<H>(ctx, s, "~")),
        ("__vw_add", |_, ctx, s| binary_call::<H>(ctx, s, "+")),
        ("__vw_sub", |_, ctx, s| binary_call::<H>(ctx, s, "-")),
        ("__vw_mod", |_, ctx, s| binary_call::<H>(ctx, s, "%")),
        ("__vw_idiv", |_, ctx, s| binary_call::<H>(ctx, s, "//")),
        ("__vw_shl", |_, ctx, s| binary_call::<H>(ctx, s, "<<")),
        ("__vw_shr", |_, ctx, s| binary_call::<H>(ctx, s, ">>")),
        (NOT, not),
        (NEGATE, negate),
        (CHAIN, chain),
        (CONCAT, concat),
        (CONCAT_LIST, concat_list),
    ];
    for (name, f) in operators {
        ctx.set_global(name, native(ctx, shared, f))?;
    }
    Ok(())
}

fn binary_call<'gc, H: Host>(ctx: Context<'gc>, stack: &mut Stack<'gc, '_>, op: &str) -> Out<'gc> {
    let v = binary::<H>(ctx, op, stack.get(0), stack.get(1))?;
    stack.replace(ctx, v);
    Ok(CallbackReturn::Return)
}

/// `a op b`, as the game's Lua computes it.
fn binary<'gc, H: Host>(
    ctx: Context<'gc>,
    op: &str,
    a: Value<'gc>,
    b: Value<'gc>,
) -> Result<Value<'gc>, Error<'gc>> {
    if let Some(out) = H::binary(ctx, op, a, b) {
        return out;
    }
    let result = match op {
        "+" => piccolo::raw_ops::add(a, b),
        "-" => piccolo::raw_ops::subtract(a, b),
        "*" => piccolo::raw_ops::multiply(a, b),
        "/" => piccolo::raw_ops::float_divide(a, b),
        "|" => piccolo::raw_ops::bitwise_or(a, b),
        "&" => piccolo::raw_ops::bitwise_and(a, b),
        "~" => piccolo::raw_ops::bitwise_xor(a, b),
        "%" | "//" => return divide(ctx, op, a, b),
        "<<" | ">>" => return shift(ctx, op, a, b),
        _ => return Err(format!("unknown operator `{op}`").into_value(ctx).into()),
    };
    result.ok_or_else(|| mismatch(ctx, op, a, b))
}

fn mismatch<'gc>(ctx: Context<'gc>, op: &str, a: Value<'gc>, b: Value<'gc>) -> Error<'gc> {
    let what = if matches!(op, "|" | "&" | "~" | "<<" | ">>") {
        "perform bitwise operation on"
    } else {
        "perform arithmetic on"
    };
    let culprit = if number(a).is_none() { a } else { b };
    format!("attempt to {what} a {} value", culprit.type_name())
        .into_value(ctx)
        .into()
}

#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
}

/// A value as an arithmetic operand (strings convert, as in Lua).
fn number(v: Value) -> Option<Number> {
    match v {
        Value::Integer(i) => Some(Number::Int(i)),
        Value::Number(f) => Some(Number::Float(f)),
        Value::String(_) => match (v.to_integer(), v.to_number()) {
            (Some(i), _) if v.to_number() == Some(i as f64) => Some(Number::Int(i)),
            (_, Some(f)) => Some(Number::Float(f)),
            _ => None,
        },
        _ => None,
    }
}

/// `%` and `//`: Lua's floored division, integers kept exact.
fn divide<'gc>(
    ctx: Context<'gc>,
    op: &str,
    a: Value<'gc>,
    b: Value<'gc>,
) -> Result<Value<'gc>, Error<'gc>> {
    let (Some(x), Some(y)) = (number(a), number(b)) else {
        return Err(mismatch(ctx, op, a, b));
    };
    let modulo = op == "%";
    Ok(match (x, y) {
        (Number::Int(_), Number::Int(0)) => {
            let what = if modulo { "n%%0" } else { "n//0" };
            return Err(format!("attempt to perform '{what}'")
                .into_value(ctx)
                .into());
        }
        (Number::Int(a), Number::Int(b)) if modulo => Value::Integer(int_mod(a, b)),
        (Number::Int(a), Number::Int(b)) => Value::Integer(int_floor_div(a, b)),
        (x, y) => {
            let (a, b) = (float(x), float(y));
            Value::Number(if modulo {
                float_mod(a, b)
            } else {
                (a / b).floor()
            })
        }
    })
}

fn float(n: Number) -> f64 {
    match n {
        Number::Int(i) => i as f64,
        Number::Float(f) => f,
    }
}

/// Lua's integer `%` (`b` not 0): the result takes the divisor's sign.
fn int_mod(a: i64, b: i64) -> i64 {
    if b == -1 {
        return 0;
    }
    let m = a % b;
    if m != 0 && (m ^ b) < 0 {
        m + b
    } else {
        m
    }
}

/// Lua's integer `//` (`b` not 0): rounded towards minus infinity.
fn int_floor_div(a: i64, b: i64) -> i64 {
    if b == -1 {
        return a.wrapping_neg();
    }
    let q = a / b;
    if a % b != 0 && (a ^ b) < 0 {
        q - 1
    } else {
        q
    }
}

fn float_mod(a: f64, b: f64) -> f64 {
    let m = a % b;
    if (m > 0.0 && b < 0.0) || (m < 0.0 && b > 0.0) {
        m + b
    } else {
        m
    }
}

/// `<<` and `>>`: logical shifts; 64 places or more leave 0, a negative
/// count shifts the other way.
fn shift<'gc>(
    ctx: Context<'gc>,
    op: &str,
    a: Value<'gc>,
    b: Value<'gc>,
) -> Result<Value<'gc>, Error<'gc>> {
    let (Some(x), Some(y)) = (integer(ctx, a)?, integer(ctx, b)?) else {
        return Err(mismatch(ctx, op, a, b));
    };
    let left = if op == "<<" { y } else { y.wrapping_neg() };
    Ok(Value::Integer(shift_left(
        x,
        left,
        op == ">>" && y == i64::MIN,
    )))
}

fn shift_left(x: i64, by: i64, beyond: bool) -> i64 {
    if beyond || !(-63..=63).contains(&by) {
        0
    } else if by >= 0 {
        ((x as u64) << by) as i64
    } else {
        ((x as u64) >> by.unsigned_abs()) as i64
    }
}

/// A bitwise operand: an integer, or a float or string with an exact
/// integer value.
fn integer<'gc>(ctx: Context<'gc>, v: Value<'gc>) -> Result<Option<i64>, Error<'gc>> {
    Ok(match number(v) {
        Some(Number::Int(i)) => Some(i),
        Some(Number::Float(f)) => {
            let fits = f.fract() == 0.0
                && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f);
            if !fits {
                return Err("number has no integer representation"
                    .into_value(ctx)
                    .into());
            }
            Some(f as i64)
        }
        None => None,
    })
}

fn not<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    unary::<H>(ctx, stack, |ctx, v| {
        let i = integer(ctx, v)?.ok_or_else(|| {
            Error::from(
                format!(
                    "attempt to perform bitwise operation on a {} value",
                    v.type_name()
                )
                .into_value(ctx),
            )
        })?;
        Ok(Value::Integer(!i))
    })
}

fn negate<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    unary::<H>(ctx, stack, |ctx, v| {
        piccolo::raw_ops::negate(v).ok_or_else(|| {
            format!("attempt to perform arithmetic on a {} value", v.type_name())
                .into_value(ctx)
                .into()
        })
    })
}

/// `~a` and `-a`: on a game's own value what the game says
/// (`Host::unary`), else `on_value`.
fn unary<'gc, H: Host>(
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    on_value: impl FnOnce(Context<'gc>, Value<'gc>) -> Result<Value<'gc>, Error<'gc>>,
) -> Out<'gc> {
    let a = stack.get(0);
    let v = match H::unary(ctx, a) {
        Some(out) => out?,
        None => on_value(ctx, a)?,
    };
    stack.replace(ctx, v);
    Ok(CallbackReturn::Return)
}

/// `__vw_chain("+ - *", {a, b, c, d})`: `a + b - c * d` folded left, as
/// the operators of one level bind.
fn chain<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (Value::String(ops), Value::Table(terms)) = (stack.get(0), stack.get(1)) else {
        return Err("a chain of operators was expected".into_value(ctx).into());
    };
    let ops = String::from_utf8_lossy(ops.as_bytes()).into_owned();
    let mut acc = terms.get(ctx, 1);
    for (i, op) in (2i64..).zip(ops.split(' ')) {
        acc = binary::<H>(ctx, op, acc, terms.get(ctx, i))?;
    }
    stack.replace(ctx, acc);
    Ok(CallbackReturn::Return)
}

/// `a .. b .. c`: the string measured before it is made, so the memory
/// cap holds within a step; concatenating anything but strings and
/// numbers is Lua's error.
fn concat<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let values: Vec<Value<'gc>> = (0..stack.len()).map(|i| stack.get(i)).collect();
    let joined = join(shared, ctx, &values)?;
    stack.replace(ctx, joined);
    Ok(CallbackReturn::Return)
}

/// `__vw_concat_list(n, {a, b, …})`: a long chain's `n` terms joined.
fn concat_list<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let (Value::Integer(n), Value::Table(terms)) = (stack.get(0), stack.get(1)) else {
        return Err("a chain of `..` was expected".into_value(ctx).into());
    };
    let values: Vec<Value<'gc>> = (1..=n).map(|i| terms.get(ctx, i)).collect();
    let joined = join(shared, ctx, &values)?;
    stack.replace(ctx, joined);
    Ok(CallbackReturn::Return)
}

fn join<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    values: &[Value<'gc>],
) -> Result<piccolo::String<'gc>, Error<'gc>> {
    let mut bytes = 0usize;
    for v in values {
        bytes = bytes.saturating_add(match v {
            Value::String(s) => s.as_bytes().len(),
            Value::Integer(_) | Value::Number(_) => 32,
            other => {
                return Err(
                    format!("attempt to concatenate a {} value", other.type_name())
                        .into_value(ctx)
                        .into(),
                )
            }
        });
    }
    budget::make_room(shared, ctx, bytes)?;
    budget::charge(shared, bytes / 64);
    // A float as Lua writes it (piccolo's own form drops `.0`).
    let values: Vec<Value<'gc>> = values
        .iter()
        .map(|v| match *v {
            Value::Number(f) => Value::String(ctx.intern(super::value::float_text(f).as_bytes())),
            other => other,
        })
        .collect();
    piccolo::String::concat(ctx, &values).map_err(|e| Error::from(e.to_string().into_value(ctx)))
}
