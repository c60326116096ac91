//! Decimal numbers read without the standard library's float parser: its
//! tables of powers of five (10 KB that do not compress) and its code
//! would be in the studio's wasm for a setting with one decimal.

/// A decimal number `[-]digits[.digits]`; `None` for anything else.
pub fn parse(s: &str) -> Option<f64> {
    let (negative, s) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
    let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut value = 0.0f64;
    for b in whole.bytes() {
        value = value * 10.0 + f64::from(b - b'0');
    }
    let mut unit = 1.0f64;
    for b in fraction.bytes().take(17) {
        unit /= 10.0;
        value += f64::from(b - b'0') * unit;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_reads_plain_decimals_only() {
        assert_eq!(parse("42.5"), Some(42.5));
        assert_eq!(parse("-7"), Some(-7.0));
        assert_eq!(parse(".5"), Some(0.5));
        assert_eq!(parse("3."), Some(3.0));
        assert_eq!(parse("61.8"), Some(61.8));
        for bad in ["", ".", "-", "1e5", "4,2", " 1", "NaN", "1.2.3"] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}
