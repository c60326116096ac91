//! Reading the values a script passes to a library or game function, as
//! Lua converts them.

use piccolo::Value;

/// A string, or a number as Lua writes it.
pub fn text(v: Value) -> Option<String> {
    match v {
        Value::String(s) => Some(String::from_utf8_lossy(s.as_bytes()).into_owned()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Number(n) => Some(float_text(n)),
        _ => None,
    }
}

/// A float as Lua 5.4 writes it (`"%.14g"`, then `.0` when that looks
/// like an integer): `37.0`, `1e+15`, `0.1`, `-0.0`, `inf`. piccolo
/// writes Rust's form (`37`, `1000000000000000`).
pub fn float_text(f: f64) -> String {
    if f.is_nan() {
        return if f.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    let mut text = general_14(f);
    if text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
        text.push_str(".0");
    }
    text
}

/// C's `%.14g` of a finite float: 14 significant digits, in the fixed
/// form when the exponent is from -4 to 13, else the exponential one;
/// trailing zeros dropped.
fn general_14(f: f64) -> String {
    const DIGITS: i32 = 14;
    // The exponent after rounding to 14 digits decides the form.
    let exponential = format!("{:.*e}", (DIGITS - 1) as usize, f);
    let Some((mantissa, exponent)) = exponential.split_once('e') else {
        return exponential;
    };
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if (-4..DIGITS).contains(&exponent) {
        let decimals = usize::try_from(DIGITS - 1 - exponent).unwrap_or(0);
        without_trailing_zeros(&format!("{f:.decimals$}")).to_string()
    } else {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!(
            "{}e{sign}{:02}",
            without_trailing_zeros(mantissa),
            exponent.unsigned_abs()
        )
    }
}

fn without_trailing_zeros(number: &str) -> &str {
    if number.contains('.') {
        number.trim_end_matches('0').trim_end_matches('.')
    } else {
        number
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

#[cfg(test)]
mod tests {
    use super::float_text;

    // Each expected text is lua5.4's `tostring` of the same float.
    #[test]
    fn floats_are_written_as_lua_writes_them() {
        for (f, lua) in [
            (37.0, "37.0"),
            (-0.0, "-0.0"),
            (0.1, "0.1"),
            (1e15, "1e+15"),
            (9_007_199_254_740_992.0, "9.007199254741e+15"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (123_456_789_012_345.0, "1.2345678901234e+14"),
            (12_345_678_901_234.0, "12345678901234.0"),
            (2.5, "2.5"),
            (1.0 / 3.0, "0.33333333333333"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (1e300, "1e+300"),
        ] {
            assert_eq!(float_text(f), lua, "{f}");
        }
    }
}
