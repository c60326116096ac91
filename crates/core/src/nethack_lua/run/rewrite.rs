//! The script as the VM is given it: the operators a selection takes
//! (`a | b`, `a & b`, `a ~ b`, `~a`, and `+`/`-`/unary `-` between values
//! that are not both plain numbers) turned into calls of the runtime's
//! operator functions. piccolo has no arithmetic or bitwise metamethods;
//! the functions do what the game's selection metamethods do for a
//! selection and hand everything else back to the VM's own arithmetic, so
//! numbers keep Lua's semantics exactly.
//!
//! Every edit is an insertion or a same-line replacement: line numbers in
//! the VM's errors are the script's own.

use full_moon::ast::{Assignment, Ast, BinOp, Expression, UnOp, Var};
use full_moon::node::Node;
use full_moon::visitors::Visitor;

/// The names the rewritten script calls (set as globals by the runtime).
pub const BINARY: [(&str, &str); 5] = [
    ("|", "__vw_bor"),
    ("&", "__vw_band"),
    ("~", "__vw_bxor"),
    ("+", "__vw_add"),
    ("-", "__vw_sub"),
];
pub const NOT: &str = "__vw_bnot";
pub const NEGATE: &str = "__vw_unm";

/// The script as the VM is given it.
pub struct Rewritten {
    pub text: String,
    /// Whether a statement sets a table's field to `nil` (`t.k = nil`):
    /// piccolo 0.3.3 panics when such a table then grows.
    pub clears_fields: bool,
}

/// The script with its selection operators as calls.
pub fn rewrite(ast: &Ast, source: &str) -> String {
    read(ast, source).text
}

/// The rewritten script, and what the runtime must know of it.
pub fn read(ast: &Ast, source: &str) -> Rewritten {
    let mut finder = Edits::default();
    finder.visit_ast(ast);
    Rewritten {
        clears_fields: finder.clears_fields,
        text: apply(source, finder.edits),
    }
}

/// Text put at a byte offset (`remove` bytes replaced).
struct Edit {
    at: usize,
    remove: usize,
    text: String,
    /// Closing edits go before opening ones at one offset.
    closes: bool,
}

#[derive(Default)]
struct Edits {
    edits: Vec<Edit>,
    clears_fields: bool,
}

impl Visitor for Edits {
    fn visit_assignment(&mut self, node: &Assignment) {
        let fields = node
            .variables()
            .iter()
            .map(|v| matches!(v, Var::Expression(_)));
        let nils = node
            .expressions()
            .iter()
            .map(|e| e.to_string().trim() == "nil");
        if fields.zip(nils).any(|(field, nil)| field && nil) {
            self.clears_fields = true;
        }
    }

    fn visit_expression(&mut self, node: &Expression) {
        match node {
            Expression::BinaryOperator { lhs, binop, rhs } => self.binary(lhs, binop, rhs),
            Expression::UnaryOperator { unop, expression } => self.unary(unop, expression),
            _ => {}
        }
    }
}

impl Edits {
    fn binary(&mut self, lhs: &Expression, op: &BinOp, rhs: &Expression) {
        let symbol = op.token().token().to_string();
        let Some((_, function)) = BINARY.iter().find(|(s, _)| *s == symbol) else {
            return;
        };
        if matches!(symbol.as_str(), "+" | "-") && (is_number(lhs) || is_number(rhs)) {
            return;
        }
        let (Some((start, _)), Some((_, end))) = (extent(lhs), extent(rhs)) else {
            return;
        };
        let (op_start, op_end) = (
            op.token().token().start_position(),
            op.token().token().end_position(),
        );
        self.open(start, format!("{function}("));
        self.edits.push(Edit {
            at: op_start.bytes(),
            remove: op_end.bytes() - op_start.bytes(),
            text: ",".into(),
            closes: false,
        });
        self.close(end);
    }

    fn unary(&mut self, op: &UnOp, operand: &Expression) {
        let function = match op {
            UnOp::Tilde(_) => NOT,
            UnOp::Minus(_) if !is_number(operand) => NEGATE,
            _ => return,
        };
        let Some((_, end)) = extent(operand) else {
            return;
        };
        let (op_start, op_end) = (
            op.token().token().start_position(),
            op.token().token().end_position(),
        );
        self.edits.push(Edit {
            at: op_start.bytes(),
            remove: op_end.bytes() - op_start.bytes(),
            text: format!("{function}("),
            closes: false,
        });
        self.close(end);
    }

    fn open(&mut self, at: usize, text: String) {
        self.edits.push(Edit {
            at,
            remove: 0,
            text,
            closes: false,
        });
    }

    fn close(&mut self, at: usize) {
        self.edits.push(Edit {
            at,
            remove: 0,
            text: ")".into(),
            closes: true,
        });
    }
}

/// The bytes from a node's first token to its last, trivia left out
/// (full_moon's `range` can stop before a closing bracket).
fn extent(node: &impl Node) -> Option<(usize, usize)> {
    // `tokens()` gives a bracketed part's brackets before its inside.
    node.tokens().fold(None, |acc, t| {
        let (s, e) = (
            t.token().start_position().bytes(),
            t.token().end_position().bytes(),
        );
        Some(acc.map_or((s, e), |(a, b): (usize, usize)| (a.min(s), b.max(e))))
    })
}

/// A number literal (possibly parenthesised): `+`/`-` on it is the VM's.
fn is_number(e: &Expression) -> bool {
    match e {
        Expression::Number(_) => true,
        Expression::UnaryOperator {
            unop: UnOp::Minus(_),
            expression,
        } => is_number(expression),
        Expression::Parentheses { expression, .. } => is_number(expression),
        _ => false,
    }
}

/// Applies the edits. Opens were found outer first and closes inner
/// first (the visitor's order); a stable sort by offset keeps that, with
/// a close before an open at one offset.
fn apply(source: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.at, !e.closes));
    let mut out = String::with_capacity(source.len() + edits.len() * 12);
    let mut at = 0;
    for edit in edits {
        let Some(kept) = source.get(at..edit.at) else {
            continue;
        };
        out.push_str(kept);
        out.push_str(&edit.text);
        at = edit.at + edit.remove;
    }
    out.push_str(source.get(at..).unwrap_or(""));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(source: &str) -> String {
        let ast = full_moon::parse_fallible(source, full_moon::LuaVersion::lua54()).into_ast();
        rewrite(&ast, source)
    }

    #[test]
    fn selection_operators_become_calls_nested_as_lua_binds_them() {
        assert_eq!(
            rewritten("local s = a & b | ~c\n"),
            "local s = __vw_bor(__vw_band(a , b) , __vw_bnot(c))\n"
        );
        assert_eq!(
            rewritten("x = a - b - c"),
            "x = __vw_sub(__vw_sub(a , b) , c)"
        );
    }

    #[test]
    fn a_field_set_to_nil_is_noticed() {
        let read_of = |s: &str| {
            let ast = full_moon::parse_fallible(s, full_moon::LuaVersion::lua54()).into_ast();
            read(&ast, s).clears_fields
        };
        assert!(read_of("t.a = nil"));
        assert!(read_of("x, t[k] = 1, nil"));
        assert!(!read_of("x = nil\nlocal t = {}\nt.a = 1"));
    }

    #[test]
    fn arithmetic_with_a_number_is_left_to_the_vm() {
        assert_eq!(rewritten("x = a + 1 - -2"), "x = a + 1 - -2");
        assert_eq!(rewritten("x = -y"), "x = __vw_unm(y)");
        assert_eq!(
            rewritten("x = a[2] + 1 - a[1]"),
            "x = __vw_sub(a[2] + 1 , a[1])"
        );
    }
}
