//! The `des.*` calls of a script as written: which function, where, and
//! the literal values of their arguments (a string, or a table's keys).
//! What the checks and the outline read; a value computed at run time is
//! only a span here.

use vaultwright_model::Span;

use crate::lua::verdict::tree::{extent, parts, Element, Kind, Node};

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
pub fn assigned_table(tree: &Node, name: &str) -> Option<Value> {
    tree.children()
        .filter(|s| s.kind() == Kind::Assignment)
        .find_map(|a| {
            let mut all = parts(&a);
            let target = all.next()?;
            if target.kind() != Kind::Name || text(&target) != name {
                return None;
            }
            let value = all
                .skip_while(|p| !(p.kind() == Kind::Symbol && text(p) == "="))
                .nth(1)?;
            (value.kind() == Kind::Table).then(|| self::value(&value))
        })
}

/// Every `des.*` call of the script, in the order they are written.
pub fn des_calls(tree: &Node) -> Vec<DesCall> {
    tree.descendants()
        .filter(|n| n.kind() == Kind::Suffixed)
        .filter_map(|n| des_call(&n))
        .collect()
}

/// `des.name(arguments)`: a name, one `.name` and one call (a call that
/// goes on, `des.f()()`, is another call; an index after it is no call).
fn des_call(node: &Node) -> Option<DesCall> {
    let mut chain = parts(node);
    let prefix = chain.next()?;
    if prefix.kind() != Kind::Name || text(&prefix) != "des" {
        return None;
    }
    let dot = chain
        .next()?
        .into_node()
        .filter(|d| d.kind() == Kind::Dot)?;
    let call = chain
        .next()?
        .into_node()
        .filter(|c| c.kind() == Kind::Call)?;
    if let Some(after) = node.children().last() {
        if !matches!(after.kind(), Kind::Call | Kind::Method) {
            return None;
        }
    }
    let name = parts(&dot).find(|p| p.kind() == Kind::Name)?;
    let (start, _) = extent(node)?;
    let (_, end) = extent(&call)?;
    Some(DesCall {
        function: text(&name),
        span: Span::new(start, end),
        name_span: element_span(&name),
        args: arguments(&call),
    })
}

fn arguments(call: &Node) -> Vec<Value> {
    let Some(args) = parts(call).next() else {
        return Vec::new();
    };
    match args.kind() {
        Kind::Arguments => args
            .as_node()
            .map(|a| {
                parts(a)
                    .filter(|p| !matches!(p.kind(), Kind::Symbol))
                    .map(|p| value(&p))
                    .collect()
            })
            .unwrap_or_default(),
        Kind::String | Kind::Table => vec![value(&args)],
        _ => Vec::new(),
    }
}

fn fields(table: &Node) -> Vec<TableField> {
    table
        .children()
        .filter_map(|f| {
            let mut field = parts(&f);
            Some(match f.kind() {
                Kind::NamedField => {
                    let key = field.next()?;
                    TableField {
                        key: Some((text(&key), element_span(&key))),
                        value: field
                            .nth(1)
                            .map_or(Value::Other(Span::default()), |v| value(&v)),
                    }
                }
                Kind::KeyedField => TableField {
                    key: None,
                    value: field
                        .last()
                        .map_or(Value::Other(Span::default()), |v| value(&v)),
                },
                Kind::ListField => TableField {
                    key: None,
                    value: field
                        .next()
                        .map_or(Value::Other(Span::default()), |v| value(&v)),
                },
                _ => return None,
            })
        })
        .collect()
}

fn value(e: &Element) -> Value {
    let span = element_span(e);
    match e.kind() {
        Kind::String => string_value(&text(e), span),
        Kind::Number => Value::Number(text(e), span),
        // A negative number is a minus applied to one (`base = -5`).
        Kind::Unary => {
            let mut unary = e.as_node().map(parts).into_iter().flatten();
            let op = unary.next();
            let operand = unary.next();
            match (op, operand) {
                (Some(op), Some(n)) if text(&op) == "-" && n.kind() == Kind::Number => {
                    Value::Number(format!("-{}", text(&n)), span)
                }
                _ => Value::Other(span),
            }
        }
        Kind::Table => Value::Table(e.as_node().map(fields).unwrap_or_default(), span),
        _ => Value::Other(span),
    }
}

/// A string literal's content: a short string's with the escapes names
/// use read, a long string's as written.
fn string_value(literal: &str, span: Span) -> Value {
    match literal.chars().next() {
        Some('"' | '\'') => {
            let inside = literal
                .get(1..literal.len().saturating_sub(1))
                .unwrap_or("");
            Value::Str(unescape(inside), span)
        }
        Some('[') => {
            let after = literal.get(1..).unwrap_or("");
            let level = after.bytes().take_while(|&b| b == b'=').count();
            let inside = literal
                .get(level + 2..literal.len().saturating_sub(level + 2))
                .unwrap_or("");
            Value::Str(inside.to_string(), span)
        }
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

fn text(e: &Element) -> String {
    match e {
        rowan::NodeOrToken::Token(t) => t.text().to_string(),
        rowan::NodeOrToken::Node(n) => n.text().to_string(),
    }
}

fn element_span(e: &Element) -> Span {
    let (start, end) = crate::lua::verdict::tree::element_extent(e).unwrap_or_default();
    Span::new(start, end)
}
