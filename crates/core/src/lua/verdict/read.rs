//! Lua 5.4's grammar walked as its own compiler walks it (`lparser.c`, read
//! for the facts): whether it gets to the end, and if not, the token where
//! it stops and the line Lua names; and, as it goes, the script's tree
//! (`tree.rs`), read on past an error to the script's end. Beyond the
//! grammar it keeps what the compiler checks while reading: `break` inside
//! a loop, `goto` and labels, `...` inside a vararg function, assignments
//! to `<const>` and `<close>` locals, attributes.

use super::super::lex::{is_reserved, Lexer, Tok, Token};
use super::tree::{Builder, Kind, Node};
use super::LuaError;

type Read<T = ()> = Result<T, LuaError>;

/// A label or a pending `goto` (`break` is a goto to the loop's end), with
/// the number of the function's locals active where it stands.
struct Jump {
    name: String,
    line: u32,
    active: usize,
}

/// A block of a function: where its labels, gotos and locals begin.
struct Block {
    first_label: usize,
    first_goto: usize,
    first_local: usize,
    is_loop: bool,
}

struct Function {
    vararg: bool,
    /// Where its locals begin in `Reader::locals` (its parameters first).
    base: usize,
    blocks: Vec<Block>,
    labels: Vec<Jump>,
    gotos: Vec<Jump>,
}

struct Local {
    name: String,
    read_only: bool,
}

pub struct Reader<'a> {
    src: &'a str,
    lex: Lexer<'a>,
    t: Token,
    /// Read ahead of `t` (a table field's `name =`).
    ahead: Option<Token>,
    functions: Vec<Function>,
    /// Active locals of every open function, innermost last.
    locals: Vec<Local>,
    /// How deep statements and expressions nest (Lua stops at 200).
    depth: u32,
    /// The deepest they went.
    deepest: u32,
    /// The most terms one chain strings together (binary operators read
    /// in one loop, suffixes of one expression): Lua reads them in a loop,
    /// the tree's walks recurse once per term.
    longest_chain: u32,
    tree: Builder<'a>,
}

/// What one reading gives: Lua's verdict, how deep and how long the
/// script nests and chains, and its tree.
pub struct Outcome {
    pub verdict: Read,
    pub deepest: u32,
    pub longest_chain: u32,
    pub tree: Node,
}

/// Lua's limit of nested statements and expressions: `LUAI_MAXCCALLS`
/// (200) less the two C calls below the parser when `luac` loads a file
/// (measured against `luac5.4 -p` at each construct's boundary).
const MAX_DEPTH: u32 = 198;
/// Lua's priority of unary operators.
const UNARY_PRIORITY: u8 = 12;

pub const TOO_DEEP: &str = "the script nests too deeply (Lua stops at 200 levels)";

impl<'a> Reader<'a> {
    /// Lua's verdict, how deep the script nested as far as the reading
    /// got, and the tree (read on past an error).
    pub fn read(src: &'a str) -> Outcome {
        let mut lex = Lexer::new(src);
        let mut tree = Builder::new(src);
        let first = lex.next();
        let t = match first {
            Ok(t) => t,
            Err(e) => {
                tree.skip_rest();
                return Outcome {
                    verdict: Err(e),
                    deepest: 0,
                    longest_chain: 0,
                    tree: tree.build(),
                };
            }
        };
        let mut r = Reader {
            src,
            lex,
            t,
            ahead: None,
            functions: Vec::new(),
            locals: Vec::new(),
            depth: 0,
            deepest: 0,
            longest_chain: 0,
            tree,
        };
        let verdict = r.chunk();
        if verdict.is_err() {
            r.recover();
        }
        Outcome {
            verdict,
            deepest: r.deepest,
            longest_chain: r.longest_chain,
            tree: r.tree.build(),
        }
    }

    /// After an error: the statement it stopped in closed as an `Error`
    /// node, tokens skipped up to the next line that starts a statement,
    /// and the reading resumed there, at the script's level (Lua's
    /// verdict is the first error; the tree goes on, for the outline and
    /// the checks of the rest).
    fn recover(&mut self) {
        loop {
            self.tree.finish_all();
            self.tree.start(Kind::Error);
            if self.skip_to_statement().is_err() {
                self.tree.finish();
                self.tree.skip_rest();
                return;
            }
            self.tree.finish();
            self.depth = 0;
            self.functions.clear();
            self.locals.clear();
            self.open_function(true);
            let read = self.statements_after_error();
            if read.is_ok() {
                return;
            }
        }
    }

    /// Consumes at least one token, then up to the first token of a line
    /// that can start a statement (or the end).
    fn skip_to_statement(&mut self) -> Read {
        if self.t.tok == Tok::Eof {
            return Ok(());
        }
        let mut line = self.lex.line;
        self.next_as(Kind::Skipped)?;
        loop {
            let starts_line = self.lex.line != line;
            line = self.lex.line;
            if self.t.tok == Tok::Eof || (starts_line && self.starts_statement()) {
                return Ok(());
            }
            self.next_as(Kind::Skipped)?;
        }
    }

    fn starts_statement(&self) -> bool {
        match self.t.tok {
            Tok::Name => {
                !is_reserved(self.text(self.t))
                    || matches!(
                        self.text(self.t),
                        "local"
                            | "function"
                            | "if"
                            | "for"
                            | "while"
                            | "do"
                            | "return"
                            | "repeat"
                            | "goto"
                    )
            }
            Tok::Symbol => self.is("::") || self.is("("),
            _ => false,
        }
    }

    /// The script's statements from here to its end, read as after an
    /// error (a block end with nothing to close is an error again).
    fn statements_after_error(&mut self) -> Read {
        self.statlist()?;
        if self.t.tok != Tok::Eof {
            return Err(self.near("expected the end of the script"));
        }
        Ok(())
    }

    fn chunk(&mut self) -> Read {
        self.open_function(true);
        self.statlist()?;
        if self.t.tok != Tok::Eof {
            return Err(self.near("expected the end of the script"));
        }
        self.close_function()
    }

    // ---- tokens --------------------------------------------------------

    fn text(&self, t: Token) -> &'a str {
        self.src.get(t.start..t.end).unwrap_or("")
    }

    fn is(&self, s: &str) -> bool {
        matches!(self.t.tok, Tok::Symbol | Tok::Name) && self.text(self.t) == s
    }

    fn is_name(&self) -> bool {
        self.t.tok == Tok::Name && !is_reserved(self.text(self.t))
    }

    /// Consumes the token at hand (into the tree) and reads the next.
    fn next(&mut self) -> Read {
        let kind = match self.t.tok {
            Tok::Name => Kind::Name,
            Tok::Number => Kind::Number,
            // The strict lexer makes neither a comment nor an unfinished
            // string (it refuses the latter).
            Tok::String | Tok::Unfinished => Kind::String,
            Tok::Symbol | Tok::Eof | Tok::Comment => Kind::Symbol,
        };
        self.next_as(kind)
    }

    fn next_as(&mut self, kind: Kind) -> Read {
        if self.t.tok != Tok::Eof {
            self.tree.token(kind, self.t.start, self.t.end);
        }
        self.t = match self.ahead.take() {
            Some(t) => t,
            None => self.lex.next()?,
        };
        Ok(())
    }

    fn lookahead(&mut self) -> Read<Token> {
        if self.ahead.is_none() {
            self.ahead = Some(self.lex.next()?);
        }
        Ok(self.ahead.unwrap_or(self.t))
    }

    fn test_next(&mut self, s: &str) -> Read<bool> {
        if self.is(s) {
            self.next()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn check_next(&mut self, s: &str) -> Read {
        if !self.is(s) {
            return Err(self.near(&format!("expected `{s}`")));
        }
        self.next()
    }

    /// `what` closes `who` opened at `line`.
    fn check_match(&mut self, what: &str, who: &str, line: u32) -> Read {
        if self.is(what) {
            return self.next();
        }
        let message = if line == self.lex.line {
            format!("expected `{what}`")
        } else {
            format!("expected `{what}` to close the `{who}` of line {line}")
        };
        Err(self.near(&message))
    }

    fn check_name(&mut self) -> Read<&'a str> {
        if !self.is_name() {
            return Err(self.near("expected a name"));
        }
        let name = self.text(self.t);
        self.next()?;
        Ok(name)
    }

    /// An error at the current token, on the line the lexer is on.
    fn near(&self, message: &str) -> LuaError {
        let shown = match self.t.tok {
            Tok::Eof => "the end of the script".to_string(),
            _ => format!("`{}`", self.text(self.t)),
        };
        LuaError {
            line: self.lex.line,
            start: self.t.start,
            end: self.t.end,
            message: format!("{message}, found {shown}"),
        }
    }

    /// A check of the compiler's own (not the grammar): Lua names no token.
    fn semantic(&self, message: String) -> LuaError {
        LuaError {
            line: self.lex.line,
            start: self.t.start,
            end: self.t.end,
            message,
        }
    }

    fn line(&self) -> u32 {
        self.lex.line
    }

    // ---- functions, blocks, labels ----------------------------------------

    fn function(&mut self) -> &mut Function {
        let last = self.functions.len() - 1;
        &mut self.functions[last]
    }

    fn open_function(&mut self, vararg: bool) {
        let base = self.locals.len();
        self.functions.push(Function {
            vararg,
            base,
            blocks: Vec::new(),
            labels: Vec::new(),
            gotos: Vec::new(),
        });
        self.enter_block(false);
    }

    fn close_function(&mut self) -> Read {
        self.leave_block()?;
        self.functions.pop();
        Ok(())
    }

    fn enter_block(&mut self, is_loop: bool) {
        let first_local = self.locals.len();
        let f = self.function();
        let block = Block {
            first_label: f.labels.len(),
            first_goto: f.gotos.len(),
            first_local,
            is_loop,
        };
        f.blocks.push(block);
    }

    fn leave_block(&mut self) -> Read {
        let Some(block) = self.function().blocks.pop() else {
            return Ok(());
        };
        self.locals.truncate(block.first_local);
        let f = self.function();
        f.labels.truncate(block.first_label);
        // Gotos still pending leave the block's scope with it.
        let entry = block.first_local - f.base;
        for g in f.gotos.iter_mut().skip(block.first_goto) {
            g.active = g.active.min(entry);
        }
        if block.is_loop {
            // The loop's end is the label every `break` inside goes to.
            let first = block.first_goto;
            let mut i = first;
            while i < f.gotos.len() {
                if f.gotos[i].name == "break" {
                    f.gotos.remove(i);
                } else {
                    i += 1;
                }
            }
        }
        if !f.blocks.is_empty() {
            return Ok(());
        }
        // The function's outermost block: a goto still pending has no label.
        let Some(g) = f.gotos.first() else {
            return Ok(());
        };
        let message = if g.name == "break" {
            format!("`break` of line {} is outside any loop", g.line)
        } else {
            format!(
                "no label `{}` is visible from the `goto` of line {}",
                g.name, g.line
            )
        };
        Err(self.semantic(message))
    }

    fn find_label(&self, name: &str) -> Option<u32> {
        let f = self.functions.last()?;
        f.labels.iter().find(|l| l.name == name).map(|l| l.line)
    }

    fn label(&mut self, name: &str, line: u32) -> Read {
        self.check_next("::")?;
        while self.is(";") || self.is("::") {
            self.statement()?;
        }
        if let Some(before) = self.find_label(name) {
            return Err(self.semantic(format!(
                "label `{name}` is already defined on line {before}"
            )));
        }
        // A label that ends its block stands outside the block's locals.
        let last = self.block_follows(false);
        let active = self.active_locals();
        let f = self.function();
        let block_entry = f.blocks.last().map_or(0, |b| b.first_local - f.base);
        let active = if last { block_entry } else { active };
        f.labels.push(Jump {
            name: name.to_string(),
            line,
            active,
        });
        // Pending gotos of this block (and of blocks closed inside it) go here.
        let first = f.blocks.last().map_or(0, |b| b.first_goto);
        let mut i = first;
        let mut into_scope = None;
        while i < f.gotos.len() {
            if f.gotos[i].name != name {
                i += 1;
                continue;
            }
            let g = f.gotos.remove(i);
            if g.active < active && into_scope.is_none() {
                into_scope = Some((g.line, f.base + g.active));
            }
        }
        let Some((line, local)) = into_scope else {
            return Ok(());
        };
        let local = self.locals.get(local).map_or("?", |l| l.name.as_str());
        let message =
            format!("the `goto {name}` of line {line} jumps into the scope of local `{local}`");
        Err(self.semantic(message))
    }

    fn goto(&mut self, name: &str, line: u32) {
        if self.find_label(name).is_none() {
            let active = self.active_locals();
            self.function().gotos.push(Jump {
                name: name.to_string(),
                line,
                active,
            });
        }
    }

    /// How many of the current function's locals are active.
    fn active_locals(&self) -> usize {
        let base = self.functions.last().map_or(0, |f| f.base);
        self.locals.len() - base
    }

    /// A name as the compiler resolves it: the innermost active local of
    /// this or an enclosing function, else a global.
    fn resolve(&self, name: &str) -> Expr {
        match self.locals.iter().rev().find(|l| l.name == name) {
            Some(l) => Expr::Local {
                read_only: l.read_only,
                name: name.to_string(),
            },
            None => Expr::Global,
        }
    }

    fn add_local(&mut self, name: &str, read_only: bool) {
        self.locals.push(Local {
            name: name.to_string(),
            read_only,
        });
    }

    // ---- statements ----------------------------------------------------------

    fn block_follows(&self, with_until: bool) -> bool {
        match self.t.tok {
            Tok::Eof => true,
            Tok::Name => match self.text(self.t) {
                "else" | "elseif" | "end" => true,
                "until" => with_until,
                _ => false,
            },
            _ => false,
        }
    }

    fn statlist(&mut self) -> Read {
        while !self.block_follows(true) {
            if self.is("return") {
                return self.statement();
            }
            self.statement()?;
        }
        Ok(())
    }

    fn block(&mut self) -> Read {
        self.enter_block(false);
        self.block_node(|r| r.statlist())?;
        self.leave_block()
    }

    /// What `read` reads, as a `Block` node.
    fn block_node(&mut self, read: impl FnOnce(&mut Self) -> Read) -> Read {
        self.node(Kind::Block, read)
    }

    /// What `read` reads, wrapped in a node of `kind` when it is read.
    fn node(&mut self, kind: Kind, read: impl FnOnce(&mut Self) -> Read) -> Read {
        let mark = self.tree.mark();
        read(self)?;
        self.tree.wrap(mark, kind);
        Ok(())
    }

    fn enter_level(&mut self) -> Read {
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        if self.depth > MAX_DEPTH {
            return Err(self.semantic(TOO_DEEP.to_string()));
        }
        Ok(())
    }

    fn statement(&mut self) -> Read {
        self.enter_level()?;
        let mark = self.tree.mark();
        let read = self.statement_inner();
        if let Ok(kind) = read {
            self.tree.wrap(mark, kind);
        }
        self.depth -= 1;
        read.map(|_| ())
    }

    /// One statement; what kind it was.
    fn statement_inner(&mut self) -> Read<Kind> {
        let line = self.line();
        let word = if self.t.tok == Tok::Name || self.t.tok == Tok::Symbol {
            self.text(self.t)
        } else {
            ""
        };
        match word {
            ";" => self.next().map(|_| Kind::Empty),
            "if" => self.if_statement(line).map(|_| Kind::If),
            "while" => {
                self.next()?;
                self.expr()?;
                self.enter_block(true);
                self.check_next("do")?;
                self.block()?;
                self.check_match("end", "while", line)?;
                self.leave_block().map(|_| Kind::While)
            }
            "do" => {
                self.next()?;
                self.block()?;
                self.check_match("end", "do", line).map(|_| Kind::Do)
            }
            "for" => self.for_statement(line),
            "repeat" => {
                self.next()?;
                self.enter_block(true);
                self.enter_block(false);
                self.block_node(|r| r.statlist())?;
                self.check_match("until", "repeat", line)?;
                self.expr()?;
                self.leave_block()?;
                self.leave_block().map(|_| Kind::Repeat)
            }
            "function" => {
                self.next()?;
                let name = self.check_name()?;
                let mut target = self.resolve(name);
                let mut method = false;
                while self.is(".") || self.is(":") {
                    method = self.is(":");
                    self.next()?;
                    self.check_name()?;
                    target = Expr::Indexed;
                    if method {
                        break;
                    }
                }
                self.body(method, line)?;
                self.assignable(target).map(|_| Kind::FunctionStatement)
            }
            "local" => {
                self.next()?;
                if self.test_next("function")? {
                    let name = self.check_name()?;
                    self.add_local(name, false);
                    self.body(false, line).map(|_| Kind::LocalFunction)
                } else {
                    self.local_statement().map(|_| Kind::Local)
                }
            }
            "::" => {
                self.next()?;
                let name = self.check_name()?;
                self.label(name, line).map(|_| Kind::Label)
            }
            "return" => {
                self.next()?;
                if !self.block_follows(true) && !self.is(";") {
                    self.explist()?;
                }
                if self.is(";") {
                    self.next()?;
                }
                Ok(Kind::Return)
            }
            "break" => {
                self.next()?;
                let active = self.active_locals();
                self.function().gotos.push(Jump {
                    name: "break".into(),
                    line,
                    active,
                });
                Ok(Kind::Break)
            }
            "goto" => {
                self.next()?;
                let name = self.check_name()?;
                self.goto(name, line);
                Ok(Kind::Goto)
            }
            _ => self.expression_statement(),
        }
    }

    fn if_statement(&mut self, line: u32) -> Read {
        self.test_then_block()?;
        while self.is("elseif") {
            self.test_then_block()?;
        }
        if self.test_next("else")? {
            self.block()?;
        }
        self.check_match("end", "if", line)
    }

    fn test_then_block(&mut self) -> Read {
        self.next()?;
        self.expr()?;
        self.check_next("then")?;
        self.block()
    }

    fn for_statement(&mut self, line: u32) -> Read<Kind> {
        self.enter_block(true);
        self.next()?;
        let first = self.check_name()?;
        let mut names = vec![first];
        let kind = if self.is("=") {
            Kind::ForNumeric
        } else {
            Kind::ForIn
        };
        if self.is("=") {
            self.next()?;
            self.expr()?;
            self.check_next(",")?;
            self.expr()?;
            if self.test_next(",")? {
                self.expr()?;
            }
        } else if self.is(",") || self.is("in") {
            while self.test_next(",")? {
                names.push(self.check_name()?);
            }
            self.check_next("in")?;
            self.explist()?;
        } else {
            return Err(self.near("expected `=` or `in` after the loop variable"));
        }
        self.check_next("do")?;
        self.enter_block(false);
        for name in names {
            self.add_local(name, false);
        }
        self.block_node(|r| r.statlist())?;
        self.leave_block()?;
        self.check_match("end", "for", line)?;
        self.leave_block().map(|_| kind)
    }

    fn local_statement(&mut self) -> Read {
        let mut names = Vec::new();
        let mut to_close = false;
        loop {
            let name = self.check_name()?;
            let read_only = self.attribute()?;
            if read_only == Some("close") {
                if to_close {
                    return Err(self
                        .semantic("only one variable of a `local` list may be `<close>`".into()));
                }
                to_close = true;
            }
            names.push((name, read_only.is_some()));
            if !self.test_next(",")? {
                break;
            }
        }
        if self.test_next("=")? {
            self.explist()?;
        }
        for (name, read_only) in names {
            self.add_local(name, read_only);
        }
        Ok(())
    }

    /// `<const>` or `<close>` after a local's name.
    fn attribute(&mut self) -> Read<Option<&'static str>> {
        if !self.test_next("<")? {
            return Ok(None);
        }
        let attribute = self.check_name()?;
        self.check_next(">")?;
        match attribute {
            "const" => Ok(Some("const")),
            "close" => Ok(Some("close")),
            other => Err(self.semantic(format!(
                "unknown attribute `<{other}>` (Lua knows `<const>` and `<close>`)"
            ))),
        }
    }

    fn expression_statement(&mut self) -> Read<Kind> {
        let first = self.suffixed()?;
        if self.is("=") || self.is(",") {
            let mut target = first;
            loop {
                self.assignable(target)?;
                if !self.test_next(",")? {
                    break;
                }
                target = self.suffixed()?;
            }
            self.check_next("=")?;
            self.explist().map(|_| Kind::Assignment)
        } else if first == Expr::Call {
            Ok(Kind::CallStatement)
        } else {
            Err(self.near("a statement must be a call or an assignment"))
        }
    }

    fn assignable(&self, target: Expr) -> Read {
        match target {
            Expr::Local {
                read_only: true,
                name,
            } => Err(self.semantic(format!(
                "`{name}` is a `<const>` or `<close>` local: it cannot be assigned to"
            ))),
            Expr::Local { .. } | Expr::Global | Expr::Indexed => Ok(()),
            _ => Err(self.near("this cannot be assigned to")),
        }
    }

    // ---- functions --------------------------------------------------------------

    fn body(&mut self, method: bool, line: u32) -> Read {
        let mark = self.tree.mark();
        self.check_next("(")?;
        let mut vararg = false;
        let mut params = Vec::new();
        if method {
            params.push("self");
        }
        if !self.is(")") {
            loop {
                if self.is_name() {
                    params.push(self.text(self.t));
                    self.next()?;
                } else if self.is("...") {
                    self.next()?;
                    vararg = true;
                } else {
                    return Err(self.near("expected a parameter name or `...`"));
                }
                if vararg || !self.test_next(",")? {
                    break;
                }
            }
        }
        self.check_next(")")?;
        self.tree.wrap(mark, Kind::Parameters);
        self.open_function(vararg);
        for p in params {
            self.add_local(p, false);
        }
        self.block_node(|r| r.statlist())?;
        self.check_match("end", "function", line)?;
        self.tree.wrap(mark, Kind::Body);
        self.close_function()
    }

    // ---- expressions ---------------------------------------------------------

    fn explist(&mut self) -> Read {
        self.expr()?;
        while self.test_next(",")? {
            self.expr()?;
        }
        Ok(())
    }

    fn expr(&mut self) -> Read {
        self.subexpr(0)
    }

    /// Lua's `subexpr`: one level per call, so a chain of unary operators
    /// or of a right-associative operator (`..`, `^`) nests, as in Lua,
    /// while a left-associative chain is read in a loop.
    fn subexpr(&mut self, limit: u8) -> Read {
        self.enter_level()?;
        let read = self.subexpr_inner(limit);
        self.depth -= 1;
        read
    }

    fn subexpr_inner(&mut self, limit: u8) -> Read {
        let mark = self.tree.mark();
        if self.is("not") || self.is("-") || self.is("#") || self.is("~") {
            self.node(Kind::Unary, |r| {
                r.next()?;
                r.subexpr(UNARY_PRIORITY)
            })?;
        } else {
            self.simple()?;
        }
        let mut terms = 1u32;
        while let Some((left, right)) = self.binary_priority() {
            if left <= limit {
                break;
            }
            self.next()?;
            self.subexpr(right)?;
            terms = terms.saturating_add(1);
            self.longest_chain = self.longest_chain.max(terms);
        }
        if terms > 1 {
            self.tree.wrap(mark, Kind::Binary);
        }
        Ok(())
    }

    /// The binary operator at hand, with Lua 5.4's left and right
    /// priorities.
    fn binary_priority(&self) -> Option<(u8, u8)> {
        if !self.is_binary() {
            return None;
        }
        Some(match self.text(self.t) {
            "or" => (1, 1),
            "and" => (2, 2),
            "|" => (4, 4),
            "~" => (5, 5),
            "&" => (6, 6),
            "<<" | ">>" => (7, 7),
            ".." => (9, 8),
            "+" | "-" => (10, 10),
            "*" | "/" | "//" | "%" => (11, 11),
            "^" => (14, 13),
            _ => (3, 3),
        })
    }

    fn is_binary(&self) -> bool {
        const BINARY: &[&str] = &[
            "+", "-", "*", "/", "//", "%", "^", "..", "==", "~=", "<", "<=", ">", ">=", "and",
            "or", "&", "|", "~", "<<", ">>",
        ];
        matches!(self.t.tok, Tok::Symbol | Tok::Name) && BINARY.contains(&self.text(self.t))
    }

    fn simple(&mut self) -> Read {
        match self.t.tok {
            Tok::Number | Tok::String => self.next(),
            Tok::Name if matches!(self.text(self.t), "nil" | "true" | "false") => self.next(),
            _ if self.is("...") => {
                if !self.functions.last().is_some_and(|f| f.vararg) {
                    return Err(self.semantic(
                        "`...` is only allowed in a function declared with `...`".into(),
                    ));
                }
                self.next()
            }
            _ if self.is("{") => self.table(),
            _ if self.is("function") => {
                let line = self.line();
                self.node(Kind::FunctionValue, |r| {
                    r.next()?;
                    r.body(false, line)
                })
            }
            _ => self.suffixed().map(|_| ()),
        }
    }

    fn primary(&mut self) -> Read<Expr> {
        if self.is_name() {
            let name = self.text(self.t);
            self.next()?;
            return Ok(self.resolve(name));
        }
        if self.is("(") {
            let line = self.line();
            self.node(Kind::Paren, |r| {
                r.next()?;
                r.expr()?;
                r.check_match(")", "(", line)
            })?;
            return Ok(Expr::Other);
        }
        Err(self.near("expected an expression"))
    }

    fn suffixed(&mut self) -> Read<Expr> {
        let mark = self.tree.mark();
        let mut e = self.primary()?;
        let mut terms = 1u32;
        loop {
            terms = terms.saturating_add(1);
            self.longest_chain = self.longest_chain.max(terms);
            if self.is(".") {
                self.node(Kind::Dot, |r| {
                    r.next()?;
                    r.check_name().map(|_| ())
                })?;
                e = Expr::Indexed;
            } else if self.is("[") {
                self.node(Kind::Bracket, |r| {
                    r.next()?;
                    r.expr()?;
                    r.check_next("]")
                })?;
                e = Expr::Indexed;
            } else if self.is(":") {
                self.node(Kind::Method, |r| {
                    r.next()?;
                    r.check_name()?;
                    r.call_arguments()
                })?;
                e = Expr::Call;
            } else if self.is("(") || self.is("{") || self.t.tok == Tok::String {
                self.node(Kind::Call, |r| r.call_arguments())?;
                e = Expr::Call;
            } else {
                if terms > 2 {
                    self.tree.wrap(mark, Kind::Suffixed);
                }
                return Ok(e);
            }
        }
    }

    fn call_arguments(&mut self) -> Read {
        if self.t.tok == Tok::String {
            return self.next();
        }
        if self.is("{") {
            return self.table();
        }
        if self.is("(") {
            let line = self.line();
            return self.node(Kind::Arguments, |r| {
                r.next()?;
                if !r.is(")") {
                    r.explist()?;
                }
                r.check_match(")", "(", line)
            });
        }
        Err(self.near("expected the arguments of a call"))
    }

    fn table(&mut self) -> Read {
        let line = self.line();
        self.node(Kind::Table, |r| {
            r.check_next("{")?;
            loop {
                if r.is("}") {
                    break;
                }
                r.field()?;
                if !(r.test_next(",")? || r.test_next(";")?) {
                    break;
                }
            }
            r.check_match("}", "{", line)
        })
    }

    fn field(&mut self) -> Read {
        if self.is_name() {
            let ahead = self.lookahead()?;
            if ahead.tok == Tok::Symbol && self.text(ahead) == "=" {
                return self.node(Kind::NamedField, |r| {
                    r.next()?;
                    r.next()?;
                    r.expr()
                });
            }
            return self.node(Kind::ListField, |r| r.expr());
        }
        if self.is("[") {
            return self.node(Kind::KeyedField, |r| {
                r.next()?;
                r.expr()?;
                r.check_next("]")?;
                r.check_next("=")?;
                r.expr()
            });
        }
        self.node(Kind::ListField, |r| r.expr())
    }
}

/// What an expression is, as far as a statement needs to know.
#[derive(Clone, Debug, PartialEq)]
enum Expr {
    Local { read_only: bool, name: String },
    Global,
    Indexed,
    Call,
    Other,
}
