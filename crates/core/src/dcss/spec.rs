//! The value grammar the transforms and K-specs share: `KEY = spec`
//! selectors, weighted glyph lists (`g:N`) and NSUBST segments, read as
//! the game reads them.
//!
//! The NSUBST segment head (`COUNT=repl`, `COUNT:repl`, `*=repl`:
//! `segment_head`) is a winnow parser, because it is a grammar: a count, a
//! separator, the rest. `g:N` weights follow the game's `strtol` leniency
//! rather than a grammar.

use winnow::prelude::*;
use winnow::token::{one_of, rest, take_till};

/// `KEY = spec` / `KEY : spec`: the first `=` or `:` after the first
/// character; key and spec trimmed of ASCII blanks, as the game trims.
pub fn split_selector(s: &str) -> Option<(&str, char, &str)> {
    let first = s.chars().next()?.len_utf8();
    let i = first
        + s.as_bytes()[first..]
            .iter()
            .position(|&b| b == b'=' || b == b':')?;
    let key = s[..i].trim_ascii();
    let value = s[i + 1..].trim_ascii();
    (!key.is_empty() && !value.is_empty()).then_some((key, char::from(s.as_bytes()[i]), value))
}

/// SUBST right-hand side: glyphs with weights (`g:N`, default 10).
pub fn weighted_glyphs(s: &str) -> Result<Vec<(u8, u32)>, String> {
    let mut out = Vec::new();
    each_weighted_glyph(s, |g, w| out.push((g, w)))?;
    Ok(out)
}

/// Walks a SUBST right-hand side without collecting it: `f` sees each glyph
/// and its weight; the error is the game's.
pub fn each_weighted_glyph(s: &str, mut f: impl FnMut(u8, u32)) -> Result<(), String> {
    let mut any = false;
    for group in s.split_ascii_whitespace() {
        let b = group.as_bytes();
        if b.len() > 2 && b[1] == b':' {
            let w: u32 = group[2..]
                .parse()
                .map_err(|_| format!("Invalid weight specifier in \"{group}\""))?;
            if w == 0 {
                return Err(format!("Invalid weight specifier in \"{group}\""));
            }
            f(b[0], w);
        } else {
            b.iter().for_each(|&g| f(g, 10));
        }
        any = true;
    }
    if !any {
        return Err("no substitute defined".into());
    }
    Ok(())
}

/// One segment of an NSUBST value: how many cells it takes (`None`: all
/// that are left), `=` (pick per cell) or `:` (pick once), and the
/// replacement glyphs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NsubstSegment<'a> {
    pub count: Option<usize>,
    pub sep: char,
    pub repl: &'a str,
}

/// The segments of an NSUBST value, as the game reads them: `COUNT=repl`,
/// `COUNT:repl`, `*=repl`, or a bare replacement, which takes one cell, or
/// all that are left when it is the last segment. Empty segments are dropped.
pub fn nsubst_segments(value: &str) -> impl Iterator<Item = NsubstSegment<'_>> + Clone {
    let segs = super::fields(value, |b| b == b'/')
        .map(str::trim_ascii)
        .filter(|s| !s.is_empty());
    let n = segs.clone().count();
    segs.enumerate().map(move |(i, seg)| {
        let head = segment_head.parse_next(&mut &*seg).ok();
        let (count, sep, repl) =
            head.unwrap_or((if i + 1 == n { None } else { Some(1) }, '=', seg));
        NsubstSegment { count, sep, repl }
    })
}

/// `COUNT=repl`, `COUNT:repl` or `*=repl`: the count (none for `*`), the
/// separator and the replacement, or an error when the segment has no
/// such head (a bare replacement). The count is what comes before the
/// first `=` or `:`, blanks trimmed, as the game splits it.
fn segment_head<'a>(seg: &mut &'a str) -> winnow::Result<(Option<usize>, char, &'a str)> {
    let count = take_till(1.., ['=', ':']).verify_map(|c: &str| match c.trim() {
        "*" => Some(None),
        c => c.parse().ok().map(Some),
    });
    (count, one_of(['=', ':']), rest.map(str::trim)).parse_next(seg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nsubst_segments_read_counts_as_the_game_does() {
        let segs: Vec<_> = nsubst_segments("T:20 U / 2=x / / 3 : ab / *:. ").collect();
        let got: Vec<_> = segs.iter().map(|s| (s.count, s.sep, s.repl)).collect();
        assert_eq!(
            got,
            [
                (Some(1), '=', "T:20 U"),
                (Some(2), '=', "x"),
                (Some(3), ':', "ab"),
                (None, ':', "."),
            ]
        );
        // A bare last segment takes what is left.
        assert_eq!(
            nsubst_segments("1=Z / .").nth(1).map(|s| s.count),
            Some(None)
        );
    }
}
