//! Rewrites of one language's statement heads into the other's: what a
//! fix-it replaces, and with what. Only direct translations are offered
//! (a variable or an `IF` has no 3.4.3 equivalent to write).

use super::Tok;
use crate::nethack::dialect::V343;
use vaultwright_model::source::Span;

fn text(source: &str, span: Span) -> &str {
    source
        .get(span.start as usize..span.end as usize)
        .unwrap_or("")
}

fn joined(a: Span, b: Span) -> Span {
    Span::new(a.start as usize, b.end as usize)
}

/// `'c', "name"` → `('c', "name")`; `'c', random` → `'c'`; `random,
/// "name"` → `"name"`; `random, random` → `random`. `args` starts after
/// the colon.
pub(super) fn head_to_36(source: &str, args: &[(Tok, Span)]) -> Option<(Span, String)> {
    let [(class, class_span), _, (name, name_span), ..] = args else {
        return None;
    };
    let (c, n) = (text(source, *class_span), text(source, *name_span));
    let replacement = match (class, name) {
        (Tok::Char, Tok::Str) => format!("({c}, {n})"),
        (Tok::Char, _) => c.to_string(),
        (_, Tok::Str) => n.to_string(),
        _ => "random".to_string(),
    };
    Some((joined(*class_span, *name_span), replacement))
}

/// `('c', "name")` → `'c', "name"`; `"name"` → `'c', "name"` with the
/// class of that name in 3.4.3's tables; `'c', (x,y)` → `'c', random,
/// (x,y)`.
pub(super) fn head_to_classic(
    source: &str,
    keyword: &str,
    args: &[(Tok, Span)],
) -> Option<(Span, String)> {
    match args {
        [(Tok::Punct('('), open), (Tok::Char, c), _, (Tok::Str, n), (Tok::Punct(')'), close), ..] => {
            Some((
                joined(*open, *close),
                format!("{}, {}", text(source, *c), text(source, *n)),
            ))
        }
        [(Tok::Str, n), ..] => {
            let quoted = text(source, *n);
            let name = quoted.trim_matches('"');
            let class = if keyword == "MONSTER" {
                monster_class(name)?
            } else {
                object_class(name)?
            };
            Some((*n, format!("'{}', {quoted}", class as char)))
        }
        [(Tok::Char, c), (Tok::Punct(','), _), (Tok::Punct('('), _), ..] => {
            Some((*c, format!("{}, random", text(source, *c))))
        }
        _ => None,
    }
}

fn monster_class(name: &str) -> Option<u8> {
    let &(_, class) = V343.monsters().iter().find(|(n, _)| *n == name)?;
    V343.monclass_chars
        .get(class as usize)
        .copied()
        .filter(|&c| c != 0)
}

fn object_class(name: &str) -> Option<u8> {
    let &(_, class) = V343.objects().iter().find(|(n, _)| *n == name)?;
    V343.objclass_chars
        .get(class as usize)
        .copied()
        .filter(|&c| c != 0)
}

/// `RANDOM_PLACES: a, b` → `$place = { a, b }` and `SHUFFLE: $place` (the
/// registers are shuffled lists; `place[0]` becomes `$place[0]`).
pub(super) fn register_to_36(
    source: &str,
    register: &str,
    toks: &[(Tok, Span)],
    whole: Span,
) -> Option<(Span, String)> {
    let (variable, kind) = match register {
        "RANDOM_PLACES" => ("$place", ""),
        "RANDOM_MONSTERS" => ("$monster", "monster: "),
        "RANDOM_OBJECTS" => ("$object", "object: "),
        _ => return None,
    };
    let first = toks.get(2)?.1;
    let list = text(source, joined(first, whole));
    Some((
        whole,
        format!("{variable} = {kind}{{ {list} }}\nSHUFFLE: {variable}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::*;

    fn rewrites(src: &str) -> Vec<String> {
        scan(src)
            .evidence
            .into_iter()
            .filter_map(|e| e.rewrite)
            .map(|(span, text)| {
                let mut s = src.to_string();
                s.replace_range(span.start as usize..span.end as usize, &text);
                s
            })
            .collect()
    }

    #[test]
    fn classic_heads_become_36_heads() {
        assert_eq!(
            rewrites("MONSTER: 'v', \"dust vortex\", (1,0)"),
            ["MONSTER: ('v', \"dust vortex\"), (1,0)"]
        );
        assert_eq!(rewrites("OBJECT:'(',random,(1,0)"), ["OBJECT:'(',(1,0)"]);
        assert_eq!(
            rewrites("RANDOM_MONSTERS: 'a', 'b'"),
            ["$monster = monster: { 'a', 'b' }\nSHUFFLE: $monster"]
        );
        assert_eq!(
            rewrites("ALTAR: place[0], noalign, altar"),
            ["ALTAR: $place[0], noalign, altar"]
        );
    }

    #[test]
    fn heads_36_become_classic_heads() {
        assert_eq!(
            rewrites("MONSTER: ('v', \"dust vortex\"), (1,0)"),
            ["MONSTER: 'v', \"dust vortex\", (1,0)"]
        );
        assert_eq!(
            rewrites("MONSTER: \"jackal\", (1,0)"),
            ["MONSTER: 'd', \"jackal\", (1,0)"]
        );
        assert_eq!(
            rewrites("OBJECT: '[', (1,0)"),
            ["OBJECT: '[', random, (1,0)"]
        );
        assert!(rewrites("MONSTER: \"no such thing\", (1,0)").is_empty());
    }
}
