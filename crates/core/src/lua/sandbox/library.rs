//! Lua's library where piccolo 0.3.3's core lacks it or differs:
//! `string.format`, `string.rep` (here, each result measured against the
//! memory cap before it is made), `tostring` (a float as Lua writes it),
//! `error` and `assert`, and `table.concat`, `table.sort`
//! (`library.lua`, loaded before any other chunk).

use std::sync::{Arc, OnceLock};

use piccolo::{meta_ops, CallbackReturn, Context, Error, IntoValue, Stack, Value, Variadic};

use super::value::{float_text, int, text};
use super::{budget, native, Chunk, Host, Shared};

/// `table.concat` and `table.sort`, loaded before any other chunk.
const LIBRARY: &str = include_str!("library.lua");

/// `library.lua` as the VM loads it: prepared and compiled once per
/// process.
pub fn chunk() -> Arc<Chunk> {
    static BASE: OnceLock<Arc<Chunk>> = OnceLock::new();
    BASE.get_or_init(|| Arc::new(Chunk::new("library", super::prepared(LIBRARY))))
        .clone()
}

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// The string and table functions level files use that piccolo's core
/// library lacks.
pub fn install<'gc, H: Host>(ctx: Context<'gc>, shared: &Shared<H>) -> Result<(), Error<'gc>> {
    // As piccolo's own, but through `native`, which notes the line of
    // the call: a script's `error` or failed `assert` stops at its line.
    ctx.set_global("error", native(ctx, shared, error))?;
    ctx.set_global("assert", native(ctx, shared, assert))?;
    ctx.set_global("tostring", native(ctx, shared, tostring))?;
    if let Value::Table(string) = ctx.get_global("string") {
        string.set(ctx, "format", native(ctx, shared, format))?;
        string.set(ctx, "rep", native(ctx, shared, rep))?;
    }
    Ok(())
}

/// `tostring(v)`: piccolo's, but a float as Lua writes it (`37.0`, not
/// `37`).
fn tostring<'gc, H: Host>(
    _: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    if stack.is_empty() {
        return Err("bad argument #1 to 'tostring' (value expected)"
            .into_value(ctx)
            .into());
    }
    if let Value::Number(f) = stack.get(0) {
        stack.replace(ctx, ctx.intern(float_text(f).as_bytes()));
        return Ok(CallbackReturn::Return);
    }
    match meta_ops::tostring(ctx, stack.get(0))? {
        meta_ops::MetaResult::Value(v) => {
            stack.replace(ctx, v);
            Ok(CallbackReturn::Return)
        }
        meta_ops::MetaResult::Call(call) => {
            stack.replace(ctx, Variadic(call.args));
            Ok(CallbackReturn::Call {
                function: call.function,
                then: None,
            })
        }
    }
}

/// `error(value)`: the value raised.
fn error<'gc, H: Host>(_: &Shared<H>, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    Err(stack.get(0).into())
}

/// `assert(v [, message, …])`: its arguments back when `v` holds, else
/// the message (or Lua's own) raised.
fn assert<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    if stack.get(0).to_bool() {
        Ok(CallbackReturn::Return)
    } else if stack.get(1).is_nil() {
        Err("assertion failed!".into_value(ctx).into())
    } else {
        Err(stack.get(1).into())
    }
}

/// `string.rep(s, n [, sep])`: any count Lua takes, the result measured
/// against the memory cap before it is made.
fn rep<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let s = text(stack.get(0))
        .ok_or_else(|| "bad argument #1 to 'rep' (string expected)".into_value(ctx))?;
    let n = int(stack.get(1))
        .ok_or_else(|| "bad argument #2 to 'rep' (number expected)".into_value(ctx))?;
    let sep = text(stack.get(2)).unwrap_or_default();
    let n = usize::try_from(n).unwrap_or(0);
    let size = s
        .len()
        .checked_mul(n)
        .zip(sep.len().checked_mul(n.saturating_sub(1)))
        .and_then(|(a, b)| a.checked_add(b))
        .ok_or_else(|| "resulting string too large".into_value(ctx))?;
    budget::make_room(shared, ctx, size)?;
    budget::charge(shared, size / 64);
    let out = if sep.is_empty() {
        s.repeat(n)
    } else {
        let mut out = String::with_capacity(size);
        for i in 0..n {
            if i > 0 {
                out.push_str(&sep);
            }
            out.push_str(&s);
        }
        out
    };
    stack.replace(ctx, out);
    Ok(CallbackReturn::Return)
}

/// `string.format` for the directives level files use: `%s %d %i %x %X
/// %o %c %f %g %e %q %%`, with flags, width and precision.
fn format<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let pattern = text(stack.get(0))
        .ok_or_else(|| "bad argument #1 to 'format' (string expected)".into_value(ctx))?;
    let mut out = String::new();
    let mut next = 1;
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = String::new();
        while let Some(&d) = chars.peek() {
            if "-+ #0123456789.".contains(d) {
                spec.push(d);
                chars.next();
            } else {
                break;
            }
        }
        let Some(kind) = chars.next() else {
            return Err("invalid conversion '%' to 'format'".into_value(ctx).into());
        };
        // Lua takes at most two digits of width and of precision.
        let mut parts = spec
            .trim_start_matches(['-', '+', ' ', '#', '0'])
            .split('.');
        let too_wide = parts.next().is_some_and(|w| w.len() > 2)
            || parts.next().is_some_and(|p| p.len() > 2)
            || parts.next().is_some();
        if too_wide {
            return Err(format!("invalid conversion '%{spec}{kind}' to 'format'")
                .into_value(ctx)
                .into());
        }
        if kind == '%' {
            out.push('%');
            continue;
        }
        let arg = stack.get(next);
        next += 1;
        let piece = directive(kind, &spec, arg)
            .ok_or_else(|| format!("bad argument #{next} to 'format'").into_value(ctx))?;
        out.push_str(&piece);
    }
    budget::make_room(shared, ctx, out.len())?;
    budget::charge(shared, out.len() / 64);
    stack.replace(ctx, out);
    Ok(CallbackReturn::Return)
}

fn directive(kind: char, spec: &str, arg: Value) -> Option<String> {
    let left = spec.contains('-');
    let zero = spec.starts_with('0') || spec.contains("-0");
    let digits: String = spec
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let mut parts = digits.splitn(2, '.');
    let width: usize = parts
        .next()
        .and_then(|w| w.trim_start_matches('0').parse().ok())
        .unwrap_or(0);
    let precision: Option<usize> = parts.next().map(|p| p.parse().unwrap_or(0));
    let body = match kind {
        's' => {
            let s = match arg {
                Value::Boolean(b) => b.to_string(),
                Value::Nil => "nil".into(),
                v => text(v)?,
            };
            match precision {
                Some(p) => s.chars().take(p).collect(),
                None => s,
            }
        }
        'd' | 'i' => int(arg)?.to_string(),
        'x' => format!("{:x}", int(arg)?),
        'X' => format!("{:X}", int(arg)?),
        'o' => format!("{:o}", int(arg)?),
        'c' => char::from(u8::try_from(int(arg)?).ok()?).to_string(),
        'f' | 'F' => format!("{:.*}", precision.unwrap_or(6), arg.to_number()?),
        'e' | 'E' => format!("{:.*e}", precision.unwrap_or(6), arg.to_number()?),
        'g' | 'G' => arg.to_number()?.to_string(),
        'q' => format!("{:?}", text(arg)?),
        _ => return None,
    };
    let pad = width.saturating_sub(body.chars().count());
    Some(if left {
        format!("{body}{}", " ".repeat(pad))
    } else if zero && matches!(kind, 'd' | 'i' | 'x' | 'X' | 'o' | 'f' | 'F' | 'e' | 'E') {
        match body.strip_prefix('-') {
            Some(rest) => format!("-{}{rest}", "0".repeat(pad)),
            None => format!("{}{body}", "0".repeat(pad)),
        }
    } else {
        format!("{}{body}", " ".repeat(pad))
    })
}
