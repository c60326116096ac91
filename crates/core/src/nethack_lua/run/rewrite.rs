//! The script as the VM is given it: operators, `..`, field stores and
//! long chains turned into calls of the runtime. Four kinds of edit,
//! each an insertion or a same-line replacement, so line numbers in the
//! VM's errors are the script's own:
//!
//! - the operators piccolo lacks or gets wrong become calls of the
//!   runtime's operator functions (`operators.rs`): the selection
//!   operators (`a | b`, `a & b`, `a ~ b`, `~a`, and `+`/`-`/unary `-`
//!   between values that are not both plain numbers, which the game's
//!   selection metamethods define), and `%`, `//`, `<<`, `>>`, which
//!   piccolo 0.3.3 computes with Rust's operators (a panic on
//!   `math.mininteger % -1`, `//` rounded towards zero);
//! - `..` becomes one call that measures the string before making it
//!   (the memory cap holds inside a step);
//! - an assignment to a table field goes through the runtime
//!   (`tables.rs`), which makes room before a new key is stored:
//!   piccolo 0.3.3 panics when it grows a table with a field set to nil;
//! - a long chain of one operator is made shallow, as the VM's compiler
//!   recurses once per operator: `and`/`or` regrouped (they associate),
//!   arithmetic folded by one call over a table of its terms.
//!
//! A chain is read once from its top (each term measured once), so the
//! rewrite is linear in the script.

use full_moon::ast::{Assignment, Ast, BinOp, Expression, Index, Suffix, UnOp, Var};
use full_moon::node::Node;
use full_moon::visitors::Visitor;
use rustc_hash::FxHashSet;

/// The names the rewritten script calls (set as globals by the runtime).
pub const BINARY: [(&str, &str); 9] = [
    ("|", "__vw_bor"),
    ("&", "__vw_band"),
    ("~", "__vw_bxor"),
    ("+", "__vw_add"),
    ("-", "__vw_sub"),
    ("%", "__vw_mod"),
    ("//", "__vw_idiv"),
    ("<<", "__vw_shl"),
    (">>", "__vw_shr"),
];
pub const NOT: &str = "__vw_bnot";
pub const NEGATE: &str = "__vw_unm";
pub const CONCAT: &str = "__vw_concat";
/// `__vw_concat_list(n, {a, b, …})`: a long `..` chain (a call takes at
/// most some 250 arguments).
pub const CONCAT_LIST: &str = "__vw_concat_list";
/// `__vw_chain("+ - *", {a, b, c, d})`: a long chain folded left.
pub const CHAIN: &str = "__vw_chain";
/// `__vw_set(t, k, v)`: `t[k] = v`, room made first.
pub const SET: &str = "__vw_set";
/// `__vw_room(t)`: `t`, with room for one more key (the targets of an
/// assignment of several values).
pub const ROOM: &str = "__vw_room";

/// Chains longer than this are made shallow.
const LONG: usize = 16;

/// The script with its operators and field stores as calls.
pub fn rewrite(ast: &Ast, source: &str) -> String {
    let mut finder = Edits {
        source,
        ..Edits::default()
    };
    finder.visit_ast(ast);
    apply(source, finder.edits)
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
struct Edits<'s> {
    source: &'s str,
    edits: Vec<Edit>,
    /// The operators of chains already rewritten from their top (by the
    /// byte offset of the operator).
    inside_chain: FxHashSet<usize>,
}

impl Visitor for Edits<'_> {
    fn visit_assignment(&mut self, node: &Assignment) {
        let targets: Vec<&Var> = node.variables().iter().collect();
        if let [only] = targets.as_slice() {
            let value_end = node.expressions().iter().last().and_then(extent);
            if let (Some(store), Some((_, end))) = (field_store(only), value_end) {
                self.set(&store, node.equal_token(), end);
            }
            return;
        }
        for target in targets {
            if let Some(store) = field_store(target) {
                self.open(store.start, format!("{ROOM}("));
                self.close(store.last_suffix);
            }
        }
    }

    fn visit_expression(&mut self, node: &Expression) {
        match node {
            Expression::BinaryOperator { lhs, binop, rhs }
                if !self.inside_chain.contains(&offset(binop)) =>
            {
                self.chain(lhs, binop, rhs)
            }
            Expression::UnaryOperator { unop, expression } => self.unary(unop, expression),
            _ => {}
        }
    }
}

/// A store into a table field, as the assignment's target.
struct FieldStore {
    start: usize,
    last_suffix: usize,
    /// `.name`: the dot and the name; `[key]`: the brackets.
    key: Key,
}

enum Key {
    Dot {
        dot: (usize, usize),
        name: (usize, usize, String),
    },
    Brackets {
        open: (usize, usize),
        close: (usize, usize),
    },
}

fn field_store(var: &Var) -> Option<FieldStore> {
    let Var::Expression(e) = var else {
        return None;
    };
    let (start, _) = extent(var)?;
    let Some(Suffix::Index(index)) = e.suffixes().last() else {
        return None;
    };
    let last_suffix = extent(index)?.0;
    let key = match index {
        Index::Dot { dot, name } => Key::Dot {
            dot: token_range(dot),
            name: {
                let (s, e) = token_range(name);
                (s, e, name.token().to_string())
            },
        },
        Index::Brackets { brackets, .. } => {
            let (open, close) = brackets.tokens();
            Key::Brackets {
                open: token_range(open),
                close: token_range(close),
            }
        }
        _ => return None,
    };
    Some(FieldStore {
        start,
        last_suffix,
        key,
    })
}

/// One binary operator's term list, read from the top of its chain.
struct Chain<'a> {
    terms: Vec<&'a Expression>,
    ops: Vec<&'a BinOp>,
}

impl Edits<'_> {
    /// `t.k = v` → `__vw_set(t, "k", v)`; `t[k] = v` → `__vw_set(t, k, v)`.
    fn set(
        &mut self,
        store: &FieldStore,
        equal: &full_moon::tokenizer::TokenReference,
        end: usize,
    ) {
        self.open(store.start, format!("{SET}("));
        match &store.key {
            Key::Dot { dot, name } => {
                self.replace(*dot, ",");
                self.replace((name.0, name.1), &format!("\"{}\"", name.2));
            }
            Key::Brackets { open, close } => {
                self.replace(*open, ",");
                self.replace(*close, "");
            }
        }
        self.replace(token_range(equal), ",");
        self.close(end);
    }

    fn chain(&mut self, lhs: &Expression, op: &BinOp, rhs: &Expression) {
        let symbol = op_symbol(op);
        let Some(priority) = priority(&symbol) else {
            return;
        };
        let chain = if symbol == ".." {
            read_right(lhs, op, rhs, priority)
        } else {
            read_left(lhs, op, rhs, priority)
        };
        for inner in &chain.ops {
            self.inside_chain.insert(offset(inner));
        }
        let (Some(first), Some(last)) = (chain.terms.first(), chain.terms.last()) else {
            return;
        };
        let (Some((start, _)), Some((_, end))) = (extent(*first), extent(*last)) else {
            return;
        };
        match symbol.as_str() {
            ".." if chain.terms.len() > LONG => {
                let open = format!("{CONCAT_LIST}({}, {{", chain.terms.len());
                self.call_over_terms(&chain, start, end, open);
                if let Some(close) = self.edits.last_mut() {
                    close.text = "})".into();
                }
            }
            ".." => self.call_over_terms(&chain, start, end, format!("{CONCAT}(")),
            "and" | "or" if chain.terms.len() > LONG => {
                self.lazy_terms(&chain, &symbol, start, end)
            }
            "and" | "or" => {}
            _ if chain.terms.len() > LONG && is_arithmetic(priority) => {
                let ops: Vec<String> = chain.ops.iter().map(|o| op_symbol(o)).collect();
                let open = format!("{CHAIN}(\"{}\", {{", ops.join(" "));
                self.call_over_terms(&chain, start, end, open);
                // The opening call's `)` follows the table's `}`.
                if let Some(close) = self.edits.last_mut() {
                    close.text = "})".into();
                }
            }
            _ => self.nested_calls(&chain, start),
        }
    }

    /// `a .. b .. c` → `f(a , b , c)` (and the like): one call, each
    /// operator a comma.
    fn call_over_terms(&mut self, chain: &Chain, start: usize, end: usize, open: String) {
        self.open(start, open);
        for op in &chain.ops {
            self.replace(token_range(op.token()), ",");
        }
        self.close(end);
    }

    /// `a - b - c` → `__vw_sub(__vw_sub(a , b) , c)`: each operator that
    /// is the runtime's wraps the chain so far (outermost opened first).
    fn nested_calls(&mut self, chain: &Chain, start: usize) {
        let mut calls = Vec::new();
        for (i, op) in chain.ops.iter().enumerate() {
            let symbol = op_symbol(op);
            let Some((_, function)) = BINARY.iter().find(|(s, _)| *s == symbol) else {
                continue;
            };
            let (Some(left), Some(right)) = (chain.terms.get(i), chain.terms.get(i + 1)) else {
                continue;
            };
            let plain = matches!(symbol.as_str(), "+" | "-")
                && ((i == 0 && is_number(left)) || is_number(right));
            if plain {
                continue;
            }
            let Some((_, end)) = extent(*right) else {
                continue;
            };
            calls.push((function, token_range(op.token()), end));
        }
        for (function, _, _) in calls.iter().rev() {
            self.open(start, format!("{function}("));
        }
        for (_, op, end) in calls {
            self.replace(op, ",");
            self.close(end);
        }
    }

    /// A long `and`/`or` chain as one call over groups of its terms, each
    /// group a function the call runs in order until one decides
    /// (`__vw_or` in the runtime's library): the same value and
    /// short-circuit, compiled in a time near linear in its length
    /// (piccolo's compiler scans every jump label of a function for each
    /// `and`/`or`). A chain whose terms use `...`
    /// (which a function of their own cannot see) is regrouped instead.
    fn lazy_terms(&mut self, chain: &Chain, symbol: &str, start: usize, end: usize) {
        if self
            .source
            .get(start..end)
            .is_none_or(|text| text.contains("..."))
        {
            self.regroup(chain);
            return;
        }
        // A function may hold 256 others in piccolo: the terms go in at
        // most 32 groups, each an `and`/`or` chain short enough to compile
        // quickly in a function of its own.
        let per_group = chain.terms.len().div_ceil(32).max(64);
        let open = format!("__vw_{symbol}({{function() return (");
        self.open(start, open);
        for (i, op) in chain.ops.iter().enumerate() {
            if (i + 1) % per_group == 0 {
                self.replace(token_range(op.token()), ") end, function() return (");
            }
        }
        self.close(end);
        if let Some(close) = self.edits.last_mut() {
            close.text = ") end})".into();
        }
    }

    /// A long `and`/`or` chain bracketed as a balanced tree: the same
    /// value and order of evaluation, a depth of its logarithm.
    fn regroup(&mut self, chain: &Chain) {
        let spans: Vec<(usize, usize)> = chain.terms.iter().filter_map(|t| extent(*t)).collect();
        if spans.len() != chain.terms.len() {
            return;
        }
        let mut pending = vec![(0, spans.len())];
        while let Some((from, to)) = pending.pop() {
            if to - from < 2 {
                continue;
            }
            if from != 0 || to != spans.len() {
                self.open(spans[from].0, "(".into());
                self.close(spans[to - 1].1);
            }
            let middle = from + (to - from) / 2;
            pending.push((from, middle));
            pending.push((middle, to));
        }
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

    fn replace(&mut self, (start, end): (usize, usize), text: &str) {
        self.edits.push(Edit {
            at: start,
            remove: end.saturating_sub(start),
            text: text.into(),
            closes: false,
        });
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

/// A left-associative chain read down its left side: `a - b - c` is
/// `(a - b) - c`, its terms `a`, `b`, `c`.
fn read_left<'a>(
    lhs: &'a Expression,
    op: &'a BinOp,
    rhs: &'a Expression,
    priority: u8,
) -> Chain<'a> {
    let (mut terms, mut ops) = (vec![rhs], vec![op]);
    let mut node = lhs;
    while let Expression::BinaryOperator { lhs, binop, rhs } = node {
        if priority_of(binop) != Some(priority) {
            break;
        }
        terms.push(rhs);
        ops.push(binop);
        node = lhs;
    }
    terms.push(node);
    terms.reverse();
    ops.reverse();
    Chain { terms, ops }
}

/// A right-associative chain (`..`) read down its right side.
fn read_right<'a>(
    lhs: &'a Expression,
    op: &'a BinOp,
    rhs: &'a Expression,
    priority: u8,
) -> Chain<'a> {
    let (mut terms, mut ops) = (vec![lhs], vec![op]);
    let mut node = rhs;
    while let Expression::BinaryOperator { lhs, binop, rhs } = node {
        if priority_of(binop) != Some(priority) {
            break;
        }
        terms.push(lhs);
        ops.push(binop);
        node = rhs;
    }
    terms.push(node);
    Chain { terms, ops }
}

fn op_symbol(op: &BinOp) -> String {
    op.token().token().to_string()
}

fn priority_of(op: &BinOp) -> Option<u8> {
    priority(&op_symbol(op))
}

/// Lua 5.4's binding strength of a binary operator (its left priority).
fn priority(symbol: &str) -> Option<u8> {
    Some(match symbol {
        "or" => 1,
        "and" => 2,
        "<" | ">" | "<=" | ">=" | "~=" | "==" => 3,
        "|" => 4,
        "~" => 5,
        "&" => 6,
        "<<" | ">>" => 7,
        ".." => 9,
        "+" | "-" => 10,
        "*" | "/" | "//" | "%" => 11,
        "^" => 14,
        _ => return None,
    })
}

/// The levels whose every operator `__vw_chain` folds.
fn is_arithmetic(priority: u8) -> bool {
    matches!(priority, 4..=7 | 10 | 11)
}

/// Where an operator's token starts (what tells chains apart).
fn offset(op: &BinOp) -> usize {
    op.token().token().start_position().bytes()
}

fn token_range(t: &full_moon::tokenizer::TokenReference) -> (usize, usize) {
    (
        t.token().start_position().bytes(),
        t.token().end_position().bytes(),
    )
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
    fn arithmetic_with_a_number_is_left_to_the_vm() {
        assert_eq!(rewritten("x = a + 1 - -2"), "x = a + 1 - -2");
        assert_eq!(rewritten("x = -y"), "x = __vw_unm(y)");
        assert_eq!(
            rewritten("x = a[2] + 1 - a[1]"),
            "x = __vw_sub(a[2] + 1 , a[1])"
        );
    }
}
