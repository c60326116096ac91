//! The string functions piccolo 0.3.3 lacks that pattern matching needs:
//! `string.find`, `string.match`, `string.byte`, `string.char` and
//! `tonumber`, as Lua 5.4 defines them; `string.gmatch` and `string.gsub`
//! are written in `library.lua` over `__vw_scan`, the one loop both share
//! in Lua's library (the first match from a position whose end is not the
//! previous match's end).

use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Value};

use super::patterns::{self, Capture, Matcher};
use super::value::int;
use super::{budget, native, Host, Native, Shared};

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// The global `library.lua`'s `gmatch` and `gsub` call.
pub const SCAN: &str = "__vw_scan";

pub fn install<'gc, H: Host>(ctx: Context<'gc>, shared: &Shared<H>) -> Result<(), Error<'gc>> {
    if let Value::Table(string) = ctx.get_global("string") {
        let functions: [(&str, Native<H>); 4] = [
            ("find", |s, ctx, st| find_or_match(s, ctx, st, true)),
            ("match", |s, ctx, st| find_or_match(s, ctx, st, false)),
            ("byte", byte),
            ("char", char),
        ];
        for (name, f) in functions {
            string.set(ctx, name, native(ctx, shared, f))?;
        }
    }
    ctx.set_global("tonumber", native(ctx, shared, tonumber))?;
    ctx.set_global(SCAN, native(ctx, shared, scan))?;
    Ok(())
}

/// A string argument (a number is converted, as Lua does).
fn bytes<'gc>(
    ctx: Context<'gc>,
    v: Value<'gc>,
    n: usize,
    name: &str,
) -> Result<Vec<u8>, Error<'gc>> {
    match v {
        Value::String(s) => Ok(s.as_bytes().to_vec()),
        Value::Integer(i) => Ok(i.to_string().into_bytes()),
        Value::Number(f) => Ok(super::value::float_text(f).into_bytes()),
        _ => Err(format!(
            "bad argument #{n} to '{name}' (string expected, got {})",
            v.type_name()
        )
        .into_value(ctx)
        .into()),
    }
}

/// A 1-based (or from-the-end) start as a byte offset; `None` past the end.
fn start(init: Value, len: usize) -> Option<usize> {
    let i = int(init).unwrap_or(1);
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    let at = if i > 0 {
        i - 1
    } else if i == 0 || -i > len {
        0
    } else {
        len + i
    };
    (at <= len).then(|| usize::try_from(at).unwrap_or(0))
}

fn find_or_match<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    find: bool,
) -> Out<'gc> {
    let name = if find { "find" } else { "match" };
    let subject = bytes(ctx, stack.get(0), 1, name)?;
    let pattern = bytes(ctx, stack.get(1), 2, name)?;
    let Some(init) = start(stack.get(2), subject.len()) else {
        stack.replace(ctx, Value::Nil);
        return Ok(CallbackReturn::Return);
    };
    let plain = find && (stack.get(3).to_bool() || patterns::is_plain(&pattern));
    stack.clear();
    if plain {
        let at = memchr::memmem::find(&subject[init..], &pattern).map(|i| i + init);
        match at {
            Some(i) => stack.into_back(ctx, (to_lua(i + 1), to_lua(i + pattern.len()))),
            None => stack.push_back(Value::Nil),
        }
        return Ok(CallbackReturn::Return);
    }
    let found = patterns::find(&subject, &pattern, init).map_err(|e| lua_error(ctx, name, e))?;
    let Some((from, to, m)) = found else {
        stack.push_back(Value::Nil);
        return Ok(CallbackReturn::Return);
    };
    budget::charge(shared, m.steps / 64);
    if find {
        stack.into_back(ctx, (to_lua(from + 1), to_lua(to)));
    }
    push_captures(ctx, stack, &subject, &m, from, to, !find)?;
    Ok(CallbackReturn::Return)
}

/// `__vw_scan(s, p, pos, last, anchored)`: the first match at or after
/// byte offset `pos` whose end is not `last` (tried at `pos` only when
/// `anchored`): its start and end offsets, then its captures (the whole
/// match when there are none); nothing when there is none.
fn scan<'gc, H: Host>(
    shared: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let subject = bytes(ctx, stack.get(0), 1, "gsub")?;
    let pattern = bytes(ctx, stack.get(1), 2, "gsub")?;
    let pos = int(stack.get(2))
        .and_then(|p| usize::try_from(p).ok())
        .unwrap_or(0);
    let last = int(stack.get(3)).and_then(|p| usize::try_from(p).ok());
    let anchored = stack.get(4).to_bool();
    stack.clear();
    let from = usize::from(anchored && pattern.first() == Some(&b'^'));
    let mut m = Matcher::new(&subject, &pattern);
    for s in pos..=subject.len() {
        let end = m.at(s, from).map_err(|e| lua_error(ctx, "gsub", e))?;
        if let Some(e) = end.filter(|&e| Some(e) != last) {
            budget::charge(shared, m.steps / 64);
            stack.into_back(ctx, (to_lua(s), to_lua(e)));
            push_captures(ctx, stack, &subject, &m, s, e, true)?;
            return Ok(CallbackReturn::Return);
        }
        if anchored {
            break;
        }
    }
    budget::charge(shared, m.steps / 64);
    Ok(CallbackReturn::Return)
}

fn push_captures<'gc>(
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    subject: &[u8],
    m: &Matcher,
    from: usize,
    to: usize,
    whole: bool,
) -> Result<(), Error<'gc>> {
    let captures = m
        .captures(from, to, whole)
        .map_err(|e| lua_error(ctx, "match", e))?;
    for c in captures {
        stack.push_back(match c {
            Capture::Text(a, b) => Value::String(ctx.intern(subject.get(a..b).unwrap_or_default())),
            Capture::Position(p) => to_lua(p),
        });
    }
    Ok(())
}

fn to_lua<'gc>(i: usize) -> Value<'gc> {
    Value::Integer(i64::try_from(i).unwrap_or(i64::MAX))
}

fn lua_error<'gc>(ctx: Context<'gc>, name: &str, message: String) -> Error<'gc> {
    format!("bad argument #2 to '{name}' ({message})")
        .into_value(ctx)
        .into()
}

/// `string.byte(s [, i [, j]])`: the codes of bytes `i..=j`.
fn byte<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let s = bytes(ctx, stack.get(0), 1, "byte")?;
    let len = i64::try_from(s.len()).unwrap_or(i64::MAX);
    let position = |v: Value, default: i64| {
        let i = int(v).unwrap_or(default);
        if i < 0 {
            (len + i + 1).max(0)
        } else {
            i
        }
    };
    let i = position(stack.get(1), 1).max(1);
    let j = position(stack.get(2), i).min(len);
    stack.clear();
    for k in i..=j {
        let b = usize::try_from(k - 1).ok().and_then(|k| s.get(k)).copied();
        stack.push_back(b.map_or(Value::Nil, |b| Value::Integer(i64::from(b))));
    }
    Ok(CallbackReturn::Return)
}

/// `string.char(...)`: the string of those byte codes.
fn char<'gc, H: Host>(_: &Shared<H>, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let mut out = Vec::with_capacity(stack.len());
    for i in 0..stack.len() {
        let code = int(stack.get(i)).and_then(|c| u8::try_from(c).ok());
        let Some(code) = code else {
            return Err(
                format!("bad argument #{} to 'char' (value out of range)", i + 1)
                    .into_value(ctx)
                    .into(),
            );
        };
        out.push(code);
    }
    stack.replace(ctx, Value::String(ctx.intern(&out)));
    Ok(CallbackReturn::Return)
}

/// `tonumber(v [, base])`: a number, a string holding one (decimal, hex,
/// float), or digits in `base`; else nil.
fn tonumber<'gc, H: Host>(
    _: &Shared<H>,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let v = stack.get(0);
    let base = stack.get(1);
    let out = if base.is_nil() {
        match v {
            Value::Integer(_) | Value::Number(_) => v,
            Value::String(s) => std::str::from_utf8(s.as_bytes())
                .ok()
                .and_then(|t| number(t.trim()))
                .unwrap_or(Value::Nil),
            _ => Value::Nil,
        }
    } else {
        let base = int(base)
            .and_then(|b| u32::try_from(b).ok())
            .filter(|b| (2..=36).contains(b))
            .ok_or_else(|| "bad argument #2 to 'tonumber' (base out of range)".into_value(ctx))?;
        let digits = match v {
            Value::String(s) => String::from_utf8_lossy(s.as_bytes()).trim().to_lowercase(),
            _ => String::new(),
        };
        let (negative, digits) = match digits.strip_prefix('-') {
            Some(rest) => (true, rest.to_string()),
            None => (false, digits),
        };
        i64::from_str_radix(&digits, base)
            .ok()
            .filter(|_| !digits.starts_with('+'))
            .map_or(Value::Nil, |n| {
                Value::Integer(if negative { n.wrapping_neg() } else { n })
            })
    };
    stack.replace(ctx, out);
    Ok(CallbackReturn::Return)
}

/// A numeral as Lua reads one from a string.
fn number<'gc>(t: &str) -> Option<Value<'gc>> {
    let (negative, body) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let hex = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X"));
    if let Some(hex) = hex {
        let n = u64::from_str_radix(hex, 16).ok()? as i64;
        return Some(Value::Integer(if negative { n.wrapping_neg() } else { n }));
    }
    if body.is_empty()
        || !body
            .bytes()
            .all(|b| b.is_ascii_digit() || b".eE+-".contains(&b))
    {
        return None;
    }
    if let Ok(i) = body.parse::<i64>() {
        return Some(Value::Integer(if negative { -i } else { i }));
    }
    let f: f64 = body.parse().ok()?;
    Some(Value::Number(if negative { -f } else { f }))
}
