//! A script (already rewritten, `rewrite.rs`) with every field read a
//! call of `__vw_index`, which reads a string's fields from the string
//! library as Lua 5.4 does (`("wall").weight` is `string.weight`, nil);
//! piccolo 0.3.3 gives strings no metatable and stops there. Every read
//! a call runs several times slower, so a run takes this text only when
//! the plain one stopped on a field of a string (`Chunk::string_fields`).
//!
//! `a.b[c](d).e` becomes `__vw_index(__vw_index(__vw_index(a, "b"), c)(d), "e")`:
//! each read closes a call opened at the expression's start, so calls and
//! methods between reads apply to what was read before them. A field an
//! assignment stores into stays a store.

use super::rewrite::Edits;
use crate::lua::verdict::tree::{element_extent, extent, parts, Kind, Node};

/// `__vw_index(o, k)`: `o[k]`, a string's fields the string library's.
pub const INDEX: &str = "__vw_index";

/// `source` (read as `tree`) with its field reads as calls.
pub fn rewrite(tree: &Node, source: &str) -> String {
    let mut edits = Edits::new(source);
    for node in tree.descendants().filter(|n| n.kind() == Kind::Suffixed) {
        reads_of(&node, &mut edits);
    }
    edits.applied()
}

/// The edits for the reads among `node`'s suffixes.
fn reads_of(node: &Node, edits: &mut Edits) {
    let Some((start, _)) = extent(node) else {
        return;
    };
    let suffixes: Vec<Node> = node
        .children()
        .filter(|c| {
            matches!(
                c.kind(),
                Kind::Dot | Kind::Bracket | Kind::Call | Kind::Method
            )
        })
        .collect();
    let stored = is_stored_into(node);
    for (i, suffix) in suffixes.iter().enumerate() {
        if stored && i + 1 == suffixes.len() {
            break;
        }
        let closing = match suffix.kind() {
            Kind::Dot => dot(suffix),
            Kind::Bracket => bracket(suffix),
            _ => continue,
        };
        let Some(closing) = closing else {
            continue;
        };
        edits.open(start, format!("{INDEX}("));
        for (range, text) in closing {
            edits.replace(range, &text);
        }
    }
}

/// `.name` as `, "name")`.
fn dot(suffix: &Node) -> Option<Vec<((usize, usize), String)>> {
    let range = extent(suffix)?;
    let name = parts(suffix).nth(1)?;
    let name = name.as_token()?.text().to_string();
    Some(vec![(range, format!(", \"{name}\")"))])
}

/// `[key]` as `, key)`.
fn bracket(suffix: &Node) -> Option<Vec<((usize, usize), String)>> {
    let all: Vec<_> = parts(suffix).collect();
    let (open, close) = (element_extent(all.first()?)?, element_extent(all.last()?)?);
    if all.len() < 3 || open == close {
        return None;
    }
    Some(vec![(open, ", ".into()), (close, ")".into())])
}

/// Whether `node` is a target of an assignment (before its `=`).
fn is_stored_into(node: &Node) -> bool {
    let Some(parent) = node.parent().filter(|p| p.kind() == Kind::Assignment) else {
        return false;
    };
    let equal = parts(&parent)
        .find(|p| p.kind() == Kind::Symbol && p.as_token().is_some_and(|t| t.text() == "="));
    let (Some(equal), Some((_, end))) = (equal.as_ref().and_then(element_extent), extent(node))
    else {
        return false;
    };
    end <= equal.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(source: &str) -> String {
        rewrite(&crate::lua::verdict::verdict(source).tree, source)
    }

    #[test]
    fn each_read_closes_a_call_opened_at_the_start() {
        assert_eq!(
            rewritten("x = a.b[c](d).e"),
            "x = __vw_index(__vw_index(__vw_index(a, \"b\"), c)(d), \"e\")"
        );
        assert_eq!(
            rewritten("return t[k.j]"),
            "return __vw_index(t, __vw_index(k, \"j\"))"
        );
    }

    #[test]
    fn a_store_stays_a_store_and_its_table_is_read() {
        assert_eq!(rewritten("a.b.c = 1"), "__vw_index(a, \"b\").c = 1");
        assert_eq!(rewritten("a[1], b.x = 1, 2"), "a[1], b.x = 1, 2");
        assert_eq!(rewritten("local v = s.x"), "local v = __vw_index(s, \"x\")");
    }

    #[test]
    fn methods_and_calls_apply_to_what_was_read() {
        assert_eq!(rewritten("o.p:m(1)"), "__vw_index(o, \"p\"):m(1)");
        assert_eq!(rewritten("f(x)"), "f(x)");
    }
}
