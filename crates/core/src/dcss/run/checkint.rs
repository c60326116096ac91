//! A number argument as crawl's C++ reads it (`luaL_safe_checkint`,
//! cluautil.cc): any number, a float cut toward zero. Layouts pass
//! halves (`gym / 2` is 34.5 on an odd-sized level) where a coordinate
//! is wanted, and crawl takes them.

use piccolo::Value;

/// The integer crawl reads from `v`; none for what is not a number (or a
/// string of one), or for a number too large or not finite.
pub fn int(v: Value) -> Option<i64> {
    let n = match v {
        Value::Integer(i) => return Some(i),
        Value::Number(n) => n,
        Value::String(s) => std::str::from_utf8(s.as_bytes())
            .ok()?
            .trim()
            .parse()
            .ok()?,
        _ => return None,
    };
    (n.is_finite() && n.abs() < 9.0e15).then(|| n.trunc() as i64)
}

#[cfg(test)]
mod tests {
    use piccolo::Value;

    #[test]
    fn a_float_is_cut_toward_zero_as_crawl_casts_it() {
        assert_eq!(super::int(Value::Number(34.5)), Some(34));
        assert_eq!(super::int(Value::Number(-2.7)), Some(-2));
        assert_eq!(super::int(Value::Integer(7)), Some(7));
        assert_eq!(super::int(Value::Number(f64::NAN)), None);
        assert_eq!(super::int(Value::Nil), None);
    }
}
