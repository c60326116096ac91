//! The script's lossless tree, built by Lua's own reading (`read.rs`) as
//! it goes: every byte of the source is in exactly one token, so the
//! tree prints back the source and every node's range is the source's.
//!
//! Compact where full_moon's tree is not (some 300 bytes a byte of
//! script): a rowan green tree, whose equal tokens and small nodes are
//! stored once. Chains are flat (`a + b - c` is one `Binary` node of five
//! children, read as a left fold; `t.a.b()` one `Suffixed` node), so the
//! tree nests only as deep as Lua lets a script nest.

use rowan::{GreenNodeBuilder, Language};

/// What a token or a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
pub enum Kind {
    // Tokens.
    /// Blanks and comments between two tokens (one token for the gap).
    Trivia,
    /// A name or a reserved word (its text tells which).
    Name,
    Number,
    String,
    /// Any other symbol (its text tells which).
    Symbol,
    /// Text the reading skipped after an error, up to where it resumed.
    Skipped,

    // Nodes: the script and its blocks.
    Chunk,
    Block,
    // Statements.
    Empty,
    If,
    While,
    Do,
    ForNumeric,
    ForIn,
    Repeat,
    /// `function a.b:c() … end`.
    FunctionStatement,
    LocalFunction,
    Local,
    Label,
    Return,
    Break,
    Goto,
    /// A call standing as a statement.
    CallStatement,
    /// `targets = values` (the `=` token parts them).
    Assignment,
    /// A statement the reading stopped in, and what it skipped after it.
    Error,
    // Expressions.
    /// A chain of binary operators read in one loop: term, operator,
    /// term, … folded from the left (a right-associative chain nests).
    Binary,
    Unary,
    /// `( expression )`.
    Paren,
    /// A primary expression and its suffixes, each a node.
    Suffixed,
    /// `.name`
    Dot,
    /// `[expression]`
    Bracket,
    /// Arguments: `(…)`, a table or a string.
    Call,
    /// `:name` and its arguments.
    Method,
    /// `( explist )` of a call.
    Arguments,
    Table,
    /// `name = value`
    NamedField,
    /// `[key] = value`
    KeyedField,
    /// A value without a key.
    ListField,
    /// `function (…) … end` as a value.
    FunctionValue,
    /// Parameters and block of a function.
    Body,
    Parameters,
}

impl Kind {
    const LAST: Kind = Kind::Parameters;
}

/// The tree's language, for rowan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lua {}

impl Language for Lua {
    type Kind = Kind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> Kind {
        if raw.0 > Kind::LAST as u16 {
            return Kind::Error;
        }
        // SAFETY: `Kind` is `repr(u16)` with values 0..=LAST, checked.
        unsafe { std::mem::transmute::<u16, Kind>(raw.0) }
    }

    fn kind_to_raw(kind: Kind) -> rowan::SyntaxKind {
        rowan::SyntaxKind(kind as u16)
    }
}

pub type Node = rowan::SyntaxNode<Lua>;
pub type Element = rowan::SyntaxElement<Lua>;

/// A place to wrap what follows in a node started later.
pub type Mark = rowan::Checkpoint;

/// Builds the tree as the reading consumes tokens: the blanks before each
/// token go in with it, so nothing of the source is left out.
pub struct Builder<'a> {
    src: &'a str,
    green: GreenNodeBuilder<'static>,
    /// Where the tree's text ends so far.
    end: usize,
    /// Nodes started and not yet finished.
    open: usize,
}

impl<'a> Builder<'a> {
    pub fn new(src: &'a str) -> Builder<'a> {
        let mut b = Builder {
            src,
            green: GreenNodeBuilder::new(),
            end: 0,
            open: 0,
        };
        b.start(Kind::Chunk);
        b
    }

    pub fn start(&mut self, kind: Kind) {
        self.green.start_node(Lua::kind_to_raw(kind));
        self.open += 1;
    }

    pub fn mark(&self) -> Mark {
        self.green.checkpoint()
    }

    pub fn start_at(&mut self, mark: Mark, kind: Kind) {
        self.green.start_node_at(mark, Lua::kind_to_raw(kind));
        self.open += 1;
    }

    /// What was added since `mark`, as one finished node of `kind`.
    pub fn wrap(&mut self, mark: Mark, kind: Kind) {
        self.start_at(mark, kind);
        self.finish();
    }

    pub fn finish(&mut self) {
        if self.open > 1 {
            self.green.finish_node();
            self.open -= 1;
        }
    }

    /// Finishes every node but the script's own (after an error).
    pub fn finish_all(&mut self) {
        while self.open > 1 {
            self.finish();
        }
    }

    /// The token at `start..end`, after the blanks before it.
    pub fn token(&mut self, kind: Kind, start: usize, end: usize) {
        self.gap(start);
        let end = end.max(self.end);
        if let Some(text) = self.src.get(self.end..end) {
            self.green.token(Lua::kind_to_raw(kind), text);
            self.end = end;
        }
    }

    /// What lies between the tree's end and `to`, as trivia.
    fn gap(&mut self, to: usize) {
        if to > self.end {
            if let Some(text) = self.src.get(self.end..to) {
                self.green.token(Lua::kind_to_raw(Kind::Trivia), text);
                self.end = to;
            }
        }
    }

    /// The rest of the source as skipped text (the lexer cannot go on).
    pub fn skip_rest(&mut self) {
        let len = self.src.len();
        if len > self.end {
            self.start(Kind::Error);
            self.token(Kind::Skipped, self.end, len);
            self.finish();
        }
    }

    /// The tree, every byte of the source in it.
    pub fn build(mut self) -> Node {
        self.gap(self.src.len());
        if self.end < self.src.len() {
            // Only a cut inside a character stops `gap`: never from the
            // lexer's offsets, which fall between characters.
            self.skip_rest();
        }
        while self.open > 0 {
            self.green.finish_node();
            self.open -= 1;
        }
        Node::new_root(self.green.finish())
    }
}

/// A node's extent without the blanks at its edges: from its first token
/// that is not trivia to its last.
pub fn extent(node: &Node) -> Option<(usize, usize)> {
    let range = node.text_range();
    let mut first = node.first_token()?;
    while first.kind() == Kind::Trivia {
        first = first.next_token()?;
    }
    let mut last = node.last_token()?;
    while last.kind() == Kind::Trivia {
        last = last.prev_token()?;
    }
    let (first, last) = (first.text_range(), last.text_range());
    (range.contains_range(first) && range.contains_range(last) && first.start() <= last.start())
        .then(|| (usize::from(first.start()), usize::from(last.end())))
}

/// An element's extent (a token's own range).
pub fn element_extent(e: &Element) -> Option<(usize, usize)> {
    match e {
        rowan::NodeOrToken::Node(n) => extent(n),
        rowan::NodeOrToken::Token(t) => Some((
            usize::from(t.text_range().start()),
            usize::from(t.text_range().end()),
        )),
    }
}

/// A node's children and tokens, trivia left out.
pub fn parts(node: &Node) -> impl Iterator<Item = Element> {
    node.children_with_tokens()
        .filter(|e| e.kind() != Kind::Trivia)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(src: &str) -> Node {
        super::super::verdict(src).tree
    }

    /// The tree as an outline: a node's kind, then its parts indented
    /// (tokens as their text, trivia left out).
    fn outline(node: &Node) -> String {
        let mut out = String::new();
        let mut depth = 0usize;
        for event in node.preorder_with_tokens() {
            match event {
                rowan::WalkEvent::Enter(rowan::NodeOrToken::Node(n)) => {
                    out.push_str(&format!("{}{:?}\n", "  ".repeat(depth), n.kind()));
                    depth += 1;
                }
                rowan::WalkEvent::Leave(rowan::NodeOrToken::Node(_)) => depth -= 1,
                rowan::WalkEvent::Enter(rowan::NodeOrToken::Token(t))
                    if t.kind() != Kind::Trivia =>
                {
                    out.push_str(&format!("{}{}\n", "  ".repeat(depth), t.text()));
                }
                _ => {}
            }
        }
        out
    }

    #[test]
    fn every_byte_is_in_the_tree() {
        for src in [
            "",
            "-- only a comment",
            "des.monster({ id = \"jackal\", x = 2 }) -- a jackal\n\n",
            "local a = 1 +\n  2 -- sum\nreturn a;",
            "if x then y() elseif z then else end",
            "x = = 1\ny = 2",
            "local s = \"unfinished\nlocal t = 1",
            "end end des.room()",
            "\u{feff}é = 1",
        ] {
            assert_eq!(tree(src).text().to_string(), src, "{src:?}");
        }
    }

    #[test]
    fn chains_are_flat_and_fold_from_the_left() {
        assert_eq!(
            outline(&tree("x = a + b * c - d")),
            "Chunk\n  Assignment\n    x\n    =\n    Binary\n      a\n      +\n      Binary\n        b\n        *\n        c\n      -\n      d\n"
        );
        assert_eq!(
            outline(&tree("des.monster{ id = 'x' }")),
            "Chunk\n  CallStatement\n    Suffixed\n      des\n      Dot\n        .\n        monster\n      Call\n        Table\n          {\n          NamedField\n            id\n            =\n            'x'\n          }\n"
        );
    }

    #[test]
    fn the_reading_goes_on_after_an_error() {
        let t = tree("x = = 1\ndes.room()\n");
        let kinds: Vec<Kind> = t.children().map(|n| n.kind()).collect();
        assert_eq!(kinds, [Kind::Error, Kind::CallStatement]);
    }

    #[test]
    fn extent_leaves_out_the_blanks_at_the_edges() {
        let src = "  local a = 1 -- one\n";
        let t = tree(src);
        let local = t.first_child().expect("a statement");
        assert_eq!(extent(&local), Some((2, 13)));
    }
}
