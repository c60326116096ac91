//! The `des.*` calls of a script as written: which function, where, and
//! the literal values of their arguments (a string, or a table's keys).
//! What the checks and the outline read; a value computed at run time is
//! only a span here.

use full_moon::ast::{
    Ast, Call, Expression, Field, FunctionArgs, FunctionCall, Index, Prefix, Suffix,
};
use full_moon::node::Node;
use full_moon::tokenizer::{TokenReference, TokenType};
use full_moon::visitors::Visitor;
use vaultwright_model::Span;

/// One `des.function(…)` call.
#[derive(Clone, Debug, PartialEq)]
pub struct DesCall {
    pub function: String,
    /// The whole call.
    pub span: Span,
    /// `function` after `des.`.
    pub name_span: Span,
    pub args: Vec<Value>,
}

/// An argument or a table field's value as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A string literal's content (escapes as written) and its span.
    Str(String, Span),
    Number(String, Span),
    /// A table constructor: its keyed fields (`key = value`) and its
    /// fields without a key, in order.
    Table(Vec<TableField>, Span),
    /// Anything computed (a variable, a call, a function, an operator).
    Other(Span),
}

#[derive(Clone, Debug, PartialEq)]
pub struct TableField {
    /// The key's name when written `name = value`.
    pub key: Option<(String, Span)>,
    pub value: Value,
}

impl DesCall {
    /// The value of key `key` in the call's first table argument.
    pub fn key(&self, key: &str) -> Option<&Value> {
        self.args.iter().find_map(|a| match a {
            Value::Table(fields, _) => fields
                .iter()
                .find(|f| f.key.as_ref().is_some_and(|(k, _)| k == key))
                .map(|f| &f.value),
            _ => None,
        })
    }

    /// A string literal given as `key` in the table, or as the first
    /// argument (`des.monster("jackal")`).
    pub fn string(&self, key: &str) -> Option<(&str, Span)> {
        let value = self
            .key(key)
            .or_else(|| self.args.first().filter(|a| matches!(a, Value::Str(..))))?;
        match value {
            Value::Str(s, span) => Some((s.as_str(), *span)),
            _ => None,
        }
    }
}

/// The table a top-level statement `name = { … }` assigns, as written
/// (`dungeon.lua`'s `dungeon = { … }`).
pub fn assigned_table(ast: &Ast, name: &str) -> Option<Value> {
    ast.nodes().stmts().find_map(|stmt| {
        let full_moon::ast::Stmt::Assignment(a) = stmt else {
            return None;
        };
        let first = a.variables().iter().next()?;
        let full_moon::ast::Var::Name(token) = first else {
            return None;
        };
        if token_text(token) != name {
            return None;
        }
        let e = a.expressions().iter().next()?;
        matches!(e, Expression::TableConstructor(_)).then(|| value(e))
    })
}

/// Every `des.*` call of the script, in the order they are written.
pub fn des_calls(ast: &Ast) -> Vec<DesCall> {
    let mut finder = Finder { calls: Vec::new() };
    finder.visit_ast(ast);
    finder.calls
}

struct Finder {
    calls: Vec<DesCall>,
}

impl Visitor for Finder {
    fn visit_function_call(&mut self, call: &FunctionCall) {
        if let Some(found) = des_call(call) {
            self.calls.push(found);
        }
    }
}

fn des_call(call: &FunctionCall) -> Option<DesCall> {
    let Prefix::Name(prefix) = call.prefix() else {
        return None;
    };
    if token_text(prefix) != "des" {
        return None;
    }
    let mut suffixes = call.suffixes();
    let Some(Suffix::Index(Index::Dot { name, .. })) = suffixes.next() else {
        return None;
    };
    let Some(Suffix::Call(Call::AnonymousCall(args))) = suffixes.next() else {
        return None;
    };
    Some(DesCall {
        function: token_text(name),
        span: span_of(call)?,
        name_span: token_span(name),
        args: arguments(args),
    })
}

fn arguments(args: &FunctionArgs) -> Vec<Value> {
    match args {
        FunctionArgs::Parentheses { arguments, .. } => arguments.iter().map(value).collect(),
        FunctionArgs::String(token) => vec![string_value(token)],
        FunctionArgs::TableConstructor(table) => {
            let span = span_of(table).unwrap_or_default();
            vec![Value::Table(
                table.fields().iter().map(field).collect(),
                span,
            )]
        }
        _ => Vec::new(),
    }
}

fn field(f: &Field) -> TableField {
    match f {
        Field::NameKey { key, value: v, .. } => TableField {
            key: Some((token_text(key), token_span(key))),
            value: value(v),
        },
        Field::ExpressionKey { value: v, .. } => TableField {
            key: None,
            value: value(v),
        },
        Field::NoKey(v) => TableField {
            key: None,
            value: value(v),
        },
        _ => TableField {
            key: None,
            value: Value::Other(Span::default()),
        },
    }
}

fn value(e: &Expression) -> Value {
    let span = span_of(e).unwrap_or_default();
    match e {
        Expression::String(token) => string_value(token),
        Expression::Number(token) => Value::Number(token_text(token), span),
        // A negative number is a minus applied to one (`base = -5`).
        Expression::UnaryOperator {
            unop: full_moon::ast::UnOp::Minus(_),
            expression,
        } => match &**expression {
            Expression::Number(token) => Value::Number(format!("-{}", token_text(token)), span),
            _ => Value::Other(span),
        },
        Expression::TableConstructor(table) => {
            Value::Table(table.fields().iter().map(field).collect(), span)
        }
        _ => Value::Other(span),
    }
}

fn string_value(token: &TokenReference) -> Value {
    let span = token_span(token);
    match token.token_type() {
        TokenType::StringLiteral {
            literal,
            multi_line_depth: 0,
            ..
        } => Value::Str(unescape(literal), span),
        TokenType::StringLiteral { literal, .. } => Value::Str(literal.to_string(), span),
        _ => Value::Other(span),
    }
}

/// A short string's content with the escapes names use read (`\"`,
/// `\'`, `\\`, `\n`, `\t`); any other escape is kept as written.
fn unescape(literal: &str) -> String {
    let mut out = String::with_capacity(literal.len());
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(q @ ('"' | '\'' | '\\')) => out.push(q),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

fn token_text(token: &TokenReference) -> String {
    match token.token_type() {
        TokenType::Identifier { identifier } => identifier.to_string(),
        _ => token.token().to_string(),
    }
}

fn token_span(token: &TokenReference) -> Span {
    let t = token.token();
    Span::new(t.start_position().bytes(), t.end_position().bytes())
}

fn span_of(node: &impl Node) -> Option<Span> {
    let (start, end) = node.range()?;
    Some(Span::new(start.bytes(), end.bytes()))
}
