//! Numbers as the original tools read them: they are C programs built
//! against glibc, whose `atoi(s)` is `(int) strtol(s, NULL, 10)`: blanks
//! (C's `isspace`) skipped, an optional sign, the digits up to the first
//! other byte (none: 0), saturated to a 64-bit `long`, then cut to an
//! `int`'s low 32 bits. So `"99999999999999999999"` is -1 (`LONG_MAX`
//! cut) and `"-99999999999999999999"` is 0 (`LONG_MIN` cut). One reading
//! for `lev_comp` (both generations), `dgn_comp` and `map2c`.

/// glibc's `atoi` of `text`.
pub fn atoi(text: &[u8]) -> i32 {
    strtol(text) as i32
}

/// glibc's `strtol(text, NULL, 10)` with a 64-bit `long`.
pub fn strtol(text: &[u8]) -> i64 {
    let blanks = text
        .iter()
        .take_while(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
        .count();
    let rest = text.get(blanks..).unwrap_or_default();
    let negative = rest.first() == Some(&b'-');
    let digits = match rest.first() {
        Some(b'-' | b'+') => rest.get(1..).unwrap_or_default(),
        _ => rest,
    };
    let mut value: i64 = 0;
    for &c in digits.iter().take_while(|c| c.is_ascii_digit()) {
        let d = i64::from(c - b'0');
        let next = value.checked_mul(10).and_then(|v| {
            if negative {
                v.checked_sub(d)
            } else {
                v.checked_add(d)
            }
        });
        match next {
            Some(v) => value = v,
            None => return if negative { i64::MIN } else { i64::MAX },
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::atoi;

    #[test]
    fn atoi_is_glibcs() {
        let cases: [(&str, i32); 14] = [
            ("-5", -5),
            ("+7", 7),
            ("40000", 40000),
            ("  \t12x", 12),
            ("1-2", 1),
            ("-", 0),
            ("x3", 0),
            ("", 0),
            ("2147483648", i32::MIN),
            ("4294967296", 0),
            ("99999999999999999999", -1),
            ("-99999999999999999999", 0),
            ("-9223372036854775808", 0),
            ("- 3", 0),
        ];
        for (text, want) in cases {
            assert_eq!(atoi(text.as_bytes()), want, "{text:?}");
        }
    }
}
