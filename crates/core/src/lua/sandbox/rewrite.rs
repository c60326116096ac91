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
//! rewrite is linear in the script. The tree holds a chain read in one
//! loop as one flat node; the rewrite takes it apart as Lua binds it (a
//! left fold, each run of one priority a chain of its own).

use rustc_hash::FxHashSet;

use crate::lua::verdict::tree::{element_extent, extent, parts, Element, Kind, Node};

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

/// `__vw_self(o, "m", …)`: `o:m(…)`, a string's methods the string
/// library's (piccolo 0.3.3 gives strings no metatable).
pub const METHOD: &str = "__vw_self";

/// The methods a string has (its metatable's `__index`, the string
/// library): only calls of these names may need `METHOD`, so a script's
/// own objects' other methods are left to the VM.
const STRING_METHODS: [&str; 13] = [
    "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse",
    "sub", "upper",
];

/// `__vw_one(f())`: the first of a call's values, which Lua gives for a
/// call in parentheses or as an operand (piccolo 0.3.3 passes on all).
pub const ONE: &str = "__vw_one";

/// `__vw_values(a, b)`: its arguments, every one made before any is
/// stored (the values of an assignment to several targets).
pub const VALUES: &str = "__vw_values";

/// Chains longer than this are made shallow.
const LONG: usize = 16;

/// The script with its operators and field stores as calls.
pub fn rewrite(tree: &Node, source: &str) -> String {
    let mut edits = Edits {
        source,
        ..Edits::default()
    };
    for node in tree.descendants() {
        match node.kind() {
            Kind::Assignment => edits.assignment(&node),
            Kind::Binary => edits.binary(&node),
            Kind::Unary => edits.unary(&node),
            Kind::Method => edits.method(&node),
            Kind::Paren => edits.paren(&node),
            Kind::Parameters => edits.parameters(&node),
            _ => {}
        }
    }
    apply(source, edits.edits)
}

/// Text put at a byte offset (`remove` bytes replaced).
struct Edit {
    at: usize,
    remove: usize,
    text: String,
    /// Closing edits go before opening ones at one offset.
    closes: bool,
    /// The construct that made it, in the order found (outer first).
    found: u32,
}

/// The edits of one rewrite of a script, applied together (also the
/// field reads of `string_fields.rs`).
#[derive(Default)]
pub(super) struct Edits<'s> {
    source: &'s str,
    edits: Vec<Edit>,
    /// The `..` operators of chains already rewritten from their top (by
    /// the byte offset of the operator).
    inside_chain: FxHashSet<usize>,
    /// Constructs found so far.
    found: u32,
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

fn field_store(target: &Element) -> Option<FieldStore> {
    let node = target.as_node().filter(|n| n.kind() == Kind::Suffixed)?;
    let (start, _) = extent(node)?;
    let last = node.children().last()?;
    let last_suffix = extent(&last)?.0;
    let tokens: Vec<Element> = parts(&last).collect();
    let key = match last.kind() {
        Kind::Dot => {
            let dot = tokens.first().and_then(element_extent)?;
            let name = tokens.get(1)?;
            let (s, e) = element_extent(name)?;
            Key::Dot {
                dot,
                name: (s, e, name.as_token()?.text().to_string()),
            }
        }
        Kind::Bracket => Key::Brackets {
            open: tokens.first().and_then(element_extent)?,
            close: tokens.last().and_then(element_extent)?,
        },
        _ => return None,
    };
    Some(FieldStore {
        start,
        last_suffix,
        key,
    })
}

/// An operator of a chain: where it is and what it is.
struct Op {
    range: (usize, usize),
    symbol: String,
}

/// A term of a chain: a part of the tree, or the left part of a flat
/// chain up to one of its operators (a node of its own in a tree that
/// nests as Lua binds).
#[derive(Clone)]
enum Term {
    Part(Element),
    Prefix(usize, usize),
}

impl Term {
    fn extent(&self) -> Option<(usize, usize)> {
        match self {
            Term::Part(e) => element_extent(e),
            Term::Prefix(start, end) => Some((*start, *end)),
        }
    }

    /// A call or `...`, which give all their values as a call's last
    /// argument or a table's last item.
    fn is_multi_valued(&self) -> bool {
        let Term::Part(e) = self else {
            return false;
        };
        match e {
            rowan::NodeOrToken::Token(t) => t.text() == "...",
            rowan::NodeOrToken::Node(n) => {
                n.kind() == Kind::Suffixed
                    && n.children()
                        .last()
                        .is_some_and(|c| matches!(c.kind(), Kind::Call | Kind::Method))
            }
        }
    }

    /// An operator expression (which piccolo may bind otherwise than
    /// Lua), not a name, literal, call or parenthesised expression.
    fn is_compound(&self) -> bool {
        match self {
            Term::Prefix(..) => true,
            Term::Part(rowan::NodeOrToken::Node(n)) => matches!(n.kind(), Kind::Binary),
            Term::Part(_) => false,
        }
    }

    fn is_number(&self) -> bool {
        matches!(self, Term::Part(e) if is_number(e))
    }
}

/// One binary operator's term list, read from the top of its chain.
struct Chain {
    terms: Vec<Term>,
    ops: Vec<Op>,
}

/// A flat chain's terms and operators (they alternate).
fn flat(node: &Node) -> (Vec<Element>, Vec<Op>) {
    let (mut terms, mut ops) = (Vec::new(), Vec::new());
    for (i, part) in parts(node).enumerate() {
        if i % 2 == 0 {
            terms.push(part);
        } else if let (Some(range), Some(token)) = (element_extent(&part), part.as_token()) {
            ops.push(Op {
                range,
                symbol: token.text().to_string(),
            });
        }
    }
    (terms, ops)
}

/// The first `count` terms of a flat chain as one term.
fn prefix(terms: &[Element], count: usize) -> Option<Term> {
    if count == 1 {
        return terms.first().cloned().map(Term::Part);
    }
    let (start, _) = element_extent(terms.first()?)?;
    let (_, end) = element_extent(terms.get(count.checked_sub(1)?)?)?;
    Some(Term::Prefix(start, end))
}

impl<'s> Edits<'s> {
    pub(super) fn new(source: &'s str) -> Edits<'s> {
        Edits {
            source,
            ..Edits::default()
        }
    }

    /// The source with every edit made.
    pub(super) fn applied(self) -> String {
        apply(self.source, self.edits)
    }

    fn next_construct(&mut self) {
        self.found += 1;
    }

    fn assignment(&mut self, node: &Node) {
        let all: Vec<Element> = parts(node).collect();
        let Some(equal) = all.iter().position(|p| {
            p.kind() == Kind::Symbol && p.as_token().is_some_and(|t| t.text() == "=")
        }) else {
            return;
        };
        let targets: Vec<&Element> = all[..equal].iter().step_by(2).collect();
        if let [only] = targets.as_slice() {
            let value_end = all.last().and_then(element_extent);
            let equal = element_extent(&all[equal]);
            if let (Some(store), Some((_, end)), Some(equal)) =
                (field_store(only), value_end, equal)
            {
                self.next_construct();
                self.set(&store, equal, end);
            }
            return;
        }
        // `a, b = b, a`: piccolo 0.3.3 stores each value as it is made, so
        // the second is made from the first's new value (`b, b`); values
        // passed through a call are all made before any is stored.
        let values: Vec<&Element> = all[equal + 1..].iter().step_by(2).collect();
        if let (true, Some(first), Some(last)) = (
            values.len() > 1,
            values.first().and_then(|v| element_extent(v)),
            values.last().and_then(|v| element_extent(v)),
        ) {
            self.next_construct();
            self.open(first.0, format!("{VALUES}("));
            self.close(last.1);
        }
        for target in targets {
            if let Some(store) = field_store(target) {
                self.next_construct();
                self.open(store.start, format!("{ROOM}("));
                self.close(store.last_suffix);
            }
        }
    }

    /// `p:m(a, b)` → `__vw_self(p, "m", a, b)`; `p:m "s"` and `p:m {…}`
    /// → `__vw_self(p, "m", "s")`. Each token is replaced where it is, so
    /// a call spread over lines keeps its lines.
    fn method(&mut self, node: &Node) {
        let Some(receiver) = node.parent().filter(|p| p.kind() == Kind::Suffixed) else {
            return;
        };
        let tokens: Vec<Element> = parts(node).collect();
        let (Some(colon), Some(name), Some(arguments)) = (
            tokens.first().and_then(element_extent),
            tokens.get(1),
            tokens.get(2),
        ) else {
            return;
        };
        let (Some((start, _)), Some(name_at), Some(text), Some((args_start, args_end))) = (
            extent(&receiver),
            element_extent(name),
            name.as_token().map(|t| t.text().to_string()),
            element_extent(arguments),
        ) else {
            return;
        };
        // A chain of many calls is left as it is: each rewritten call
        // would nest one level deeper in the VM's compiler.
        let calls = receiver
            .children()
            .filter(|c| c.kind() == Kind::Method)
            .count();
        if !STRING_METHODS.contains(&text.as_str()) || calls > LONG {
            return;
        }
        self.next_construct();
        self.open(start, format!("{METHOD}("));
        self.replace(colon, ",");
        self.replace(name_at, &format!("\"{text}\""));
        let Some(arguments) = arguments.as_node().filter(|a| a.kind() == Kind::Arguments) else {
            self.open(args_start, ", ".into());
            self.close(args_end);
            return;
        };
        let inner: Vec<Element> = parts(arguments).collect();
        let Some(open) = inner.first().and_then(element_extent) else {
            return;
        };
        // `(` and `)` alone: no arguments after the name.
        self.replace(open, if inner.len() > 2 { "," } else { "" });
    }

    /// Each chain of a flat node, outer first: from its last operator, the
    /// run of operators of one priority before it (one only for `..` and
    /// `^`, which nest), then what is left of it, the same way.
    fn binary(&mut self, node: &Node) {
        let (terms, ops) = flat(node);
        if terms.len() != ops.len() + 1 {
            return;
        }
        let mut ops: Vec<Option<Op>> = ops.into_iter().map(Some).collect();
        let mut k = ops.len();
        while k > 0 {
            let top = k - 1;
            let Some(p) = ops[top].as_ref().and_then(|o| priority(&o.symbol)) else {
                return;
            };
            let mut j = top;
            if !matches!(p, 9 | 14) {
                while j > 0 && ops[j - 1].as_ref().and_then(|o| priority(&o.symbol)) == Some(p) {
                    j -= 1;
                }
            }
            let Some(first) = prefix(&terms, j + 1) else {
                return;
            };
            let mut chain = Chain {
                terms: vec![first],
                ops: Vec::new(),
            };
            for (op, term) in ops[j..=top].iter_mut().zip(terms.iter().skip(j + 1)) {
                chain.ops.extend(op.take());
                chain.terms.push(Term::Part(term.clone()));
            }
            // A chain already read from a `..` above it.
            let skip = chain
                .ops
                .last()
                .is_some_and(|o| self.inside_chain.contains(&o.range.0));
            if p == 9 && !skip {
                self.read_right(&mut chain);
            }
            if !skip {
                self.next_construct();
                self.chain(chain, p);
            }
            k = j;
        }
    }

    /// A `..` chain read on down its right side: a last term that is itself
    /// a chain ending in `..` gives its parts to this one.
    fn read_right(&mut self, chain: &mut Chain) {
        while let Some(Term::Part(rowan::NodeOrToken::Node(node))) = chain.terms.last().cloned() {
            if node.kind() != Kind::Binary {
                return;
            }
            let (terms, mut ops) = flat(&node);
            let Some(op) = ops.pop().filter(|o| o.symbol == "..") else {
                return;
            };
            let (Some(lhs), Some(rhs)) = (prefix(&terms, terms.len() - 1), terms.last()) else {
                return;
            };
            self.inside_chain.insert(op.range.0);
            chain.terms.pop();
            chain.terms.push(lhs);
            chain.ops.push(op);
            chain.terms.push(Term::Part(rhs.clone()));
        }
    }

    /// `t.k = v` → `__vw_set(t, "k", v)`; `t[k] = v` → `__vw_set(t, k, v)`.
    fn set(&mut self, store: &FieldStore, equal: (usize, usize), end: usize) {
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
        self.replace(equal, ",");
        self.close(end);
    }

    fn chain(&mut self, chain: Chain, priority: u8) {
        let Some(symbol) = chain.ops.last().map(|o| o.symbol.clone()) else {
            return;
        };
        let (Some(first), Some(last)) = (chain.terms.first(), chain.terms.last()) else {
            return;
        };
        let (Some((start, _)), Some((_, end))) = (first.extent(), last.extent()) else {
            return;
        };
        if priority == 3 && chain.ops.iter().any(|o| o.symbol == "~=") {
            self.bind_not_equal(&chain, start);
            return;
        }
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
                let ops: Vec<&str> = chain.ops.iter().map(|o| o.symbol.as_str()).collect();
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

    /// A comparison chain holding `~=`, each operand and each left part in
    /// parentheses: piccolo 0.3.3 binds `~=` as tightly as `+` (its
    /// priority table), so `y ~= x - 1` ran as `(y ~= x) - 1` ("cannot
    /// add values") and `a < b ~= c` as `a < (b ~= c)`. In parentheses
    /// each operand is what Lua makes it.
    fn bind_not_equal(&mut self, chain: &Chain, start: usize) {
        self.next_construct();
        // Outer first at one offset: the left parts, longest first; each
        // left part closes after the operands it holds.
        let left_ends: Vec<usize> = chain.terms[1..chain.terms.len() - 1]
            .iter()
            .filter_map(|t| t.extent().map(|(_, end)| end))
            .collect();
        for _ in &left_ends {
            self.open(start, "(".into());
        }
        for term in &chain.terms {
            if let Some((from, to)) = term.extent().filter(|_| term.is_compound()) {
                self.open(from, "(".into());
                self.close(to);
            }
        }
        for end in left_ends {
            self.close(end);
        }
    }

    /// `a .. b .. c` → `f(a , b , c)` (and the like): one call, each
    /// operator a comma.
    fn call_over_terms(&mut self, chain: &Chain, start: usize, end: usize, open: String) {
        self.open(start, open);
        for op in &chain.ops {
            self.replace(op.range, ",");
        }
        self.close(end);
        // An operand gives one value: a call (or `...`) as the last
        // argument would give all of its own (`"a" .. s:gsub(…)` is not
        // joined with gsub's count).
        if let Some(last) = chain.terms.last().filter(|t| t.is_multi_valued()) {
            if let Some((from, to)) = last.extent() {
                self.next_construct();
                self.open(from, format!("{ONE}("));
                self.close(to);
            }
        }
    }

    /// `(f())` → `__vw_one(f())`: one value, as Lua gives.
    fn paren(&mut self, node: &Node) {
        let parts: Vec<Element> = parts(node).collect();
        let (Some(open), Some(inner)) = (parts.first(), parts.get(1)) else {
            return;
        };
        if !Term::Part(inner.clone()).is_multi_valued() {
            return;
        }
        if let Some(open) = element_extent(open) {
            self.next_construct();
            self.replace(open, &format!("{ONE}("));
        }
    }

    /// `function f(a, b)` → `function f(...) local a, b = ...;`. piccolo
    /// 0.3.3's call opcode leaves a parameter no argument was given for
    /// holding what the caller's register above the arguments held (it
    /// fills the new frame with nil only past the caller's registers),
    /// so `f(x)` could see a stale `b`; `...` holds exactly the arguments
    /// given. Each name and comma is removed where it stands (the lines
    /// stay the script's). A function with `...` of its own is left as
    /// written.
    fn parameters(&mut self, node: &Node) {
        let parts: Vec<Element> = parts(node).collect();
        let text = |e: &Element| e.as_token().map(|t| t.text().to_string());
        if parts.iter().any(|e| text(e).as_deref() == Some("...")) {
            return;
        }
        let names: Vec<String> = parts
            .iter()
            .filter(|e| e.kind() == Kind::Name)
            .filter_map(text)
            .collect();
        let (Some(first), Some(last)) = (parts.first(), parts.last()) else {
            return;
        };
        let enclosed = text(first).as_deref() == Some("(") && text(last).as_deref() == Some(")");
        let (Some(open), Some(close), Some(inside)) = (
            element_extent(first),
            element_extent(last),
            parts.get(1..parts.len().saturating_sub(1)),
        ) else {
            return;
        };
        if names.is_empty() || !enclosed {
            return;
        }
        self.next_construct();
        // Put first: the first name, removed, starts at the same offset.
        self.open(open.1, "...".into());
        for part in inside {
            if let Some(range) = element_extent(part) {
                self.replace(range, "");
            }
        }
        self.open(close.1, format!(" local {} = ...;", names.join(", ")));
    }

    /// `a - b - c` → `__vw_sub(__vw_sub(a , b) , c)`: each operator that
    /// is the runtime's wraps the chain so far (outermost opened first).
    fn nested_calls(&mut self, chain: &Chain, start: usize) {
        let mut calls = Vec::new();
        for (i, op) in chain.ops.iter().enumerate() {
            let Some((_, function)) = BINARY.iter().find(|(s, _)| *s == op.symbol) else {
                continue;
            };
            let (Some(left), Some(right)) = (chain.terms.get(i), chain.terms.get(i + 1)) else {
                continue;
            };
            let plain = matches!(op.symbol.as_str(), "+" | "-")
                && ((i == 0 && left.is_number()) || right.is_number());
            if plain {
                continue;
            }
            let Some((_, end)) = right.extent() else {
                continue;
            };
            calls.push((function, op.range, end));
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
                self.replace(op.range, ") end, function() return (");
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
        let spans: Vec<(usize, usize)> = chain.terms.iter().filter_map(Term::extent).collect();
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

    fn unary(&mut self, node: &Node) {
        let mut unary = parts(node);
        let (Some(op), Some(operand)) = (unary.next(), unary.next()) else {
            return;
        };
        let Some(op_token) = op.as_token() else {
            return;
        };
        let function = match op_token.text() {
            "~" => NOT,
            "-" if !is_number(&operand) => NEGATE,
            _ => return,
        };
        let (Some((op_start, op_end)), Some((_, end))) =
            (element_extent(&op), element_extent(&operand))
        else {
            return;
        };
        self.next_construct();
        self.edits.push(Edit {
            at: op_start,
            remove: op_end - op_start,
            text: format!("{function}("),
            closes: false,
            found: self.found,
        });
        self.close(end);
    }

    pub(super) fn replace(&mut self, (start, end): (usize, usize), text: &str) {
        self.edits.push(Edit {
            at: start,
            remove: end.saturating_sub(start),
            text: text.into(),
            closes: false,
            found: self.found,
        });
    }

    pub(super) fn open(&mut self, at: usize, text: String) {
        self.edits.push(Edit {
            at,
            remove: 0,
            text,
            closes: false,
            found: self.found,
        });
    }

    fn close(&mut self, at: usize) {
        self.edits.push(Edit {
            at,
            remove: 0,
            text: ")".into(),
            closes: true,
            found: self.found,
        });
    }
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

/// A number literal (possibly parenthesised): `+`/`-` on it is the VM's.
fn is_number(e: &Element) -> bool {
    match e {
        rowan::NodeOrToken::Token(t) => t.kind() == Kind::Number,
        rowan::NodeOrToken::Node(n) => {
            let inner: Vec<Element> = parts(n).collect();
            match (n.kind(), inner.as_slice()) {
                (Kind::Unary, [op, operand]) => {
                    op.as_token().is_some_and(|t| t.text() == "-") && is_number(operand)
                }
                (Kind::Paren, [_, expression, _]) => is_number(expression),
                _ => false,
            }
        }
    }
}

/// Applies the edits. At one offset closes go first, the inner one first
/// (found later: constructs are found outer first), then opens and
/// replacements, the outer one first; one construct's own keep their
/// order.
fn apply(source: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| {
        let order = if e.closes {
            u32::MAX - e.found
        } else {
            e.found
        };
        (e.at, !e.closes, order)
    });
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
        rewrite(&crate::lua::verdict::verdict(source).tree, source)
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
    fn an_inner_call_closes_before_the_long_chain_around_it() {
        let terms = vec!["s"; 17].join(" .. ");
        let src = format!("x = {terms} .. b - c");
        let out = rewritten(&src);
        assert!(out.ends_with("__vw_sub(b , c)})"), "{out}");
        let mixed = rewritten("x = a + b == c - d");
        assert_eq!(mixed, "x = __vw_add(a , b) == __vw_sub(c , d)");
    }

    #[test]
    fn parameters_are_read_from_the_arguments_given() {
        assert_eq!(
            rewritten("function f(a, b) return b end"),
            "function f(... ) local a, b = ...; return b end"
        );
        assert_eq!(
            rewritten("local g = function(x,\n y) end"),
            "local g = function(...\n ) local x, y = ...; end"
        );
        assert_eq!(rewritten("function t:m() end"), "function t:m() end");
        assert_eq!(
            rewritten("function v(a, ...) end"),
            "function v(a, ...) end"
        );
    }

    #[test]
    fn every_value_is_made_before_any_is_stored() {
        assert_eq!(rewritten("a, b = b, a"), "a, b = __vw_values(b, a)");
        assert_eq!(
            rewritten("t.x, y = y.x, f()"),
            "__vw_room(t).x, y = __vw_values(y.x, f())"
        );
        // One value, or one target: nothing to make first.
        assert_eq!(rewritten("a, b = f()"), "a, b = f()");
        assert_eq!(rewritten("local a, b = b, a"), "local a, b = b, a");
    }

    #[test]
    fn the_operands_of_not_equal_are_bound_as_lua_binds_them() {
        assert_eq!(rewritten("z = y ~= x - 1"), "z = y ~= (x - 1)");
        assert_eq!(rewritten("z = y + 1 ~= x"), "z = (y + 1) ~= x");
        assert_eq!(rewritten("z = a < b ~= c"), "z = (a < b) ~= c");
        assert_eq!(
            rewritten("z = a < b + 1 ~= c == d"),
            "z = ((a < (b + 1)) ~= c) == d"
        );
        assert_eq!(rewritten("z = a ~= b"), "z = a ~= b");
        assert_eq!(rewritten("z = a == b - 1"), "z = a == b - 1");
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

    #[test]
    fn a_method_call_is_a_call_of_the_runtime_on_the_same_lines() {
        assert_eq!(rewritten("x = s:sub(2)"), "x = __vw_self(s,\"sub\",2)");
        assert_eq!(rewritten("s:upper()"), "__vw_self(s,\"upper\")");
        assert_eq!(rewritten("s:grow()"), "s:grow()");
        assert_eq!(
            rewritten("x = 'a' .. s:gsub('b', 'c')"),
            "x = __vw_concat('a' , __vw_one(__vw_self(s,\"gsub\",'b', 'c')))"
        );
        assert_eq!(
            rewritten("x = 'a' .. ..."),
            "x = __vw_concat('a' , __vw_one(...))"
        );
        assert_eq!(
            rewritten("x = (f()) + (g)"),
            "x = __vw_add(__vw_one(f()) , (g))"
        );
        assert_eq!(
            rewritten("x = a.b:rep \"s\":len{1}"),
            "x = __vw_self(__vw_self(a.b,\"rep\" , \"s\"),\"len\", {1})"
        );
        assert_eq!(
            rewritten("x = t\n  :find(1,\n 2) + y"),
            "x = __vw_add(__vw_self(t\n  ,\"find\",1,\n 2) , y)"
        );
        assert_eq!(
            rewritten("p:lower().r = 1"),
            "__vw_set(__vw_self(p,\"lower\"),\"r\" , 1)"
        );
    }
}
