//! A 3.6 `.lev` as text, one line per record, with the packed values
//! unpacked (the layouts are in NetHack 3.6.6's `sp_lev.h`): what
//! `vaultwright decode` prints.

use std::fmt::Write;

use super::lev::{Lev, Record, Value};

/// The header words, the record count, then `index  OPCODE` or
/// `index  PUSH type value` per record.
pub fn text(lev: &Lev) -> String {
    let mut out = String::new();
    let words = [
        "incarnation",
        "feature_set",
        "entity_count",
        "struct_sizes1",
        "struct_sizes2",
    ];
    for (name, w) in words.iter().zip(lev.header) {
        let _ = writeln!(out, "# {name} {w:#010x}");
    }
    let _ = writeln!(out, "# {} records", lev.records.len());
    let width = lev.records.len().max(1).to_string().len();
    for (i, r) in lev.records.iter().enumerate() {
        match r {
            Record::Op(_) => {
                let _ = writeln!(out, "{i:>width$}  {}", r.name());
            }
            Record::Push(v) => {
                let _ = writeln!(out, "{i:>width$}  PUSH {} {}", v.type_name(), value(v));
            }
        }
    }
    if !lev.trailing.is_empty() {
        let _ = writeln!(
            out,
            "# {} bytes after the last record (left by an earlier, longer file of the same name)",
            lev.trailing.len()
        );
    }
    out
}

/// A value in words: strings quoted with escapes, packed values unpacked.
pub fn value(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Int(n) => n.to_string(),
        Value::Str(s) | Value::Var(s) | Value::Sel(s) => quoted(s),
        Value::Coord(n) => coord(*n),
        Value::Region(n) => {
            let b = |k: u32| (n >> k) & 0xff;
            format!("({},{},{},{}) raw {n}", b(0), b(8), b(16), b(24))
        }
        Value::MapChar(n) => format!("type {} lit {} raw {n}", n & 0xff, (n >> 8) - 10),
        Value::Monst(n) | Value::Obj(n) if *n == -1 => "random".into(),
        Value::Monst(n) => format!("pm {} class {} raw {n}", (n >> 8) - 10, class(*n)),
        Value::Obj(n) => format!("otyp {} class {} raw {n}", (n >> 8) - 10, class(*n)),
    }
}

/// `x + (y << 16)`, or bit 24 with humidity flags for a random one.
fn coord(n: i64) -> String {
    if n & 0x0100_0000 != 0 {
        let names = ["dry", "wet", "hot", "solid", "any"];
        let flags: Vec<&str> = names
            .iter()
            .enumerate()
            .filter(|(bit, _)| n & (1 << bit) != 0)
            .map(|(_, name)| *name)
            .collect();
        return match flags.is_empty() {
            true => format!("random raw {n}"),
            false => format!("random[{}] raw {n}", flags.join(",")),
        };
    }
    format!("({},{}) raw {n}", n & 0xff, (n >> 16) & 0xff)
}

/// The class byte of a monster or object value (1: an object by name).
fn class(n: i64) -> String {
    let c = (n & 0xff) as u8;
    if c.is_ascii_graphic() || c == b' ' {
        format!("'{}'", char::from(c))
    } else {
        format!("{c}")
    }
}

/// Bytes as a double-quoted string, printable ASCII kept and the rest
/// escaped (`\xNN`), so a MAP's location codes stay readable.
fn quoted(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for &b in s {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b' '..=b'~' => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_values_are_unpacked() {
        assert_eq!(value(&Value::Coord(3 + (5 << 16))), "(3,5) raw 327683");
        assert_eq!(
            value(&Value::Coord(0x0100_0000 | 2 | 8)),
            "random[wet,solid] raw 16777226"
        );
        assert_eq!(value(&Value::Coord(0x0100_0000)), "random raw 16777216");
        assert_eq!(
            value(&Value::Monst((9 << 8) | i64::from(b'D'))),
            "pm -1 class 'D' raw 2372"
        );
        assert_eq!(value(&Value::Obj(-1)), "random");
        assert_eq!(
            value(&Value::Obj(((10 + 171) << 8) | 1)),
            "otyp 171 class 1 raw 46337"
        );
        assert_eq!(
            value(&Value::MapChar((11 << 8) | 25)),
            "type 25 lit 1 raw 2841"
        );
        assert_eq!(
            value(&Value::Region(1 | (2 << 8) | (3 << 16) | (4 << 24))),
            "(1,2,3,4) raw 67305985"
        );
        assert_eq!(value(&Value::Str(b"a\"\x12".to_vec())), "\"a\\\"\\x12\"");
    }
}
