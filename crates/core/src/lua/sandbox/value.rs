//! Reading the values a script passes to a library or game function, as
//! Lua converts them.

use piccolo::Value;

/// A string, or a number as Lua writes it.
pub fn text(v: Value) -> Option<String> {
    match v {
        Value::String(s) => Some(String::from_utf8_lossy(s.as_bytes()).into_owned()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// An integer as Lua converts one: a float with an integral value, or a
/// string holding a number.
pub fn int(v: Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(i),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Some(n as i64),
        Value::String(s) => std::str::from_utf8(s.as_bytes()).ok()?.trim().parse().ok(),
        _ => None,
    }
}
