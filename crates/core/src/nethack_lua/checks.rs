//! What the game finds only when a player arrives, read from the calls as
//! written: names it does not know (a level that fails to load and becomes
//! a random maze, or a random monster in place of the one asked for), and
//! table keys a `des.*` function never reads. Each with what the game then
//! does (facts of `sp_lev.c`) and, where one is near, the name meant.

use vaultwright_model::{Diagnostic, Fix, Span};

use super::calls::{DesCall, Value};
use super::names::{self, values, MonsterMatch};

pub const UNKNOWN_MONSTER_ID: &str = "NL0201";
pub const UNKNOWN_MONSTER: &str = "NL0202";
pub const NO_SUCH_CLASS: &str = "NL0203";
pub const UNKNOWN_OBJECT: &str = "NL0204";
pub const PLACEHOLDER_OBJECT: &str = "NL0205";
pub const UNKNOWN_TRAP: &str = "NL0206";
pub const UNKNOWN_ROOM_TYPE: &str = "NL0207";
pub const UNREAD_KEY: &str = "NL0208";
pub const NO_SUCH_FUNCTION: &str = "NL0209";
pub const MONSTER_READ_SHORT: &str = "NL0210";
pub const UNKNOWN_MAP_CHAR: &str = "NL0219";

const MAZE_INSTEAD: &str =
    "the game stops loading the level at this call and makes a random maze in its place (inside a `contents` function it panics)";

pub fn check(source: &str, calls: &[DesCall]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for call in calls {
        if !names::is_des_function(&call.function) {
            let d = Diagnostic::error(
                NO_SUCH_FUNCTION,
                format!("the game has no `des.{}`", call.function),
                call.name_span,
            )
            .with_note(format!(
                "Lua stops with \"attempt to call a nil value\": {MAZE_INSTEAD}"
            ));
            out.push(with_nearest(
                source,
                d,
                call.name_span,
                &call.function,
                names::des_functions(),
                false,
            ));
            continue;
        }
        match call.function.as_str() {
            "monster" => monster(source, call, &mut out),
            "object" => object(source, call, &mut out),
            "trap" => trap(source, call, &mut out),
            "room" | "region" => room_type(source, call, &mut out),
            "map" => map_chars(source, call, &mut out),
            _ => {}
        }
        unread_keys(source, call, &mut out);
    }
    out
}

/// Each character of a `des.map` drawing the game does not know: 5.0
/// skips its cell without a word (`sp_lev.c`: "TODO: warn about illegal
/// map char"), which keeps what was there, stone inside a room as often
/// as not.
fn map_chars(source: &str, call: &DesCall, out: &mut Vec<Diagnostic>) {
    let Some(rows) = super::preview::drawing_cells(source, call) else {
        return;
    };
    for &(c, at) in rows.iter().flatten() {
        // A character of several bytes is reported once, at its first.
        if super::run::level::MAP_CHARS.contains(&c) || (0x80..0xC0).contains(&c) {
            continue;
        }
        let width = source
            .get(at..)
            .and_then(|t| t.chars().next())
            .map_or(1, char::len_utf8);
        let shown = source.get(at..at + width).unwrap_or("?");
        let span = Span::new(at, at + width);
        out.push(
            Diagnostic::warning(
                UNKNOWN_MAP_CHAR,
                format!(
                    "`{}` is no map character: the game skips this cell without a word",
                    shown.escape_debug()
                ),
                span,
            )
            .with_note(
                "the cell keeps what was there before the map (stone, unless something drew it)",
            ),
        );
    }
}

/// The first argument when it is a string, or the table's `key`.
fn positional(call: &DesCall) -> Option<(&str, Span)> {
    match call.args.first() {
        Some(Value::Str(s, span)) => Some((s.as_str(), *span)),
        _ => None,
    }
}

fn keyed<'a>(call: &'a DesCall, key: &str) -> Option<(&'a str, Span)> {
    match call.key(key) {
        Some(Value::Str(s, span)) => Some((s.as_str(), *span)),
        _ => None,
    }
}

fn monster(source: &str, call: &DesCall, out: &mut Vec<Diagnostic>) {
    let class = |s: &str, span: Span, out: &mut Vec<Diagnostic>| class(MONSTER_CLASS, s, span, out);
    if let Some((s, span)) = keyed(call, "class").filter(|(s, _)| s.chars().count() == 1) {
        class(s, span, out);
    }
    let (name, span, keyed_id) = match keyed(call, "id") {
        Some((id, span)) => (id, span, true),
        None => match positional(call) {
            Some((name, span)) if name.chars().count() == 1 => return class(name, span, out),
            Some((name, span)) => (name, span, false),
            None => return,
        },
    };
    let d = match names::monster_match(name) {
        MonsterMatch::Exact => return,
        MonsterMatch::Prefix(read) => Diagnostic::warning(
            MONSTER_READ_SHORT,
            format!("the game reads `{name}` as `{read}` and ignores the words after it"),
            span,
        ),
        MonsterMatch::Unknown if keyed_id => Diagnostic::error(
            UNKNOWN_MONSTER_ID,
            format!("the game knows no monster `{name}`"),
            span,
        )
        .with_note(format!("\"Unknown monster id\": {MAZE_INSTEAD}")),
        MonsterMatch::Unknown => Diagnostic::warning(
            UNKNOWN_MONSTER,
            format!("the game knows no monster `{name}`"),
            span,
        )
        .with_note("given this way, the game says nothing and makes a random monster in its place"),
    };
    out.push(with_nearest(source, d, span, name, monster_names(), true));
}

/// A class of things and how the game stops on a class it does not have.
struct Classes {
    table: &'static str,
    what: &'static str,
    panic: &'static str,
}

const MONSTER_CLASS: Classes = Classes {
    table: "monster_class",
    what: "monster",
    panic: "create_monster: unknown monster class",
};

const OBJECT_CLASS: Classes = Classes {
    table: "object_class",
    what: "object",
    panic: "create_object: unexpected object class",
};

/// A one-character class the game does not have: it panics.
fn class(kind: Classes, s: &str, span: Span, out: &mut Vec<Diagnostic>) {
    if values(kind.table).any(|c| c == s) {
        return;
    }
    out.push(
        Diagnostic::error(
            NO_SUCH_CLASS,
            format!("`{s}` is no {} class", kind.what),
            span,
        )
        .with_note(format!("the game stops with a panic (\"{}\")", kind.panic)),
    );
}

fn monster_names() -> Vec<&'static str> {
    names::MONSTERS
        .iter()
        .flat_map(|m| [m.name, m.male, m.female])
        .filter(|n| !n.is_empty())
        .collect()
}

fn object(source: &str, call: &DesCall, out: &mut Vec<Diagnostic>) {
    let class = |s: &str, span: Span, out: &mut Vec<Diagnostic>| class(OBJECT_CLASS, s, span, out);
    if let Some((s, span)) = keyed(call, "class").filter(|(s, _)| s.chars().count() == 1) {
        class(s, span, out);
    }
    let Some((id, span)) = keyed(call, "id").or_else(|| positional(call)) else {
        return;
    };
    if id.chars().count() == 1 && call.key("id").is_none() {
        class(id, span, out);
        return;
    }
    match names::object(id) {
        None => {
            let d = Diagnostic::error(
                UNKNOWN_OBJECT,
                format!("the game knows no object `{id}`"),
                span,
            )
            .with_note(format!("\"Unknown object id\": {MAZE_INSTEAD}"));
            let objects: Vec<&str> = names::OBJECTS
                .iter()
                .map(|o| o.name)
                .filter(|n| !n.is_empty())
                .collect();
            out.push(with_nearest(source, d, span, id, objects, true));
        }
        Some(o) if names::is_placeholder(o) && !o.symbol.is_empty() => {
            let d = Diagnostic::warning(
                PLACEHOLDER_OBJECT,
                format!(
                    "`{id}` names the placeholder object \"{}\", not a random one of the class",
                    o.name
                ),
                span,
            )
            .with_note(format!(
                "the class is written as its symbol: `{}`",
                o.symbol
            ));
            let d = if call.key("id").is_none() {
                d.with_fix(Fix {
                    title: format!("a random object of the class (`{}`)", o.symbol),
                    span,
                    replacement: requote(source, span, o.symbol),
                })
            } else {
                d
            };
            out.push(d);
        }
        Some(_) => {}
    }
}

fn trap(source: &str, call: &DesCall, out: &mut Vec<Diagnostic>) {
    let traps: Vec<&str> = values("trap_type").collect();
    let known = |s: &str| traps.iter().any(|t| t.eq_ignore_ascii_case(s));
    if let Some((t, span)) = keyed(call, "type") {
        if !known(t) {
            let d =
                Diagnostic::warning(UNKNOWN_TRAP, format!("the game knows no trap `{t}`"), span)
                    .with_note("given as `type`, the game says nothing and makes a random trap");
            out.push(with_nearest(source, d, span, t, traps, true));
        }
    } else if let Some((t, span)) = positional(call) {
        if !known(t) {
            let d = Diagnostic::error(UNKNOWN_TRAP, format!("the game knows no trap `{t}`"), span)
                .with_note(format!("\"Unknown trap type\": {MAZE_INSTEAD}"));
            out.push(with_nearest(source, d, span, t, traps, true));
        }
    }
}

fn room_type(source: &str, call: &DesCall, out: &mut Vec<Diagnostic>) {
    let Some((t, span)) = keyed(call, "type") else {
        return;
    };
    let types: Vec<&str> = values("room_type").collect();
    if !types.iter().any(|k| k.eq_ignore_ascii_case(t)) {
        let d = Diagnostic::warning(
            UNKNOWN_ROOM_TYPE,
            format!("the game knows no room type `{t}`"),
            span,
        )
        .with_note("the game warns (\"Unknown room type\") and makes an ordinary room");
        out.push(with_nearest(source, d, span, t, types, true));
    }
}

fn unread_keys(source: &str, call: &DesCall, out: &mut Vec<Diagnostic>) {
    let keys = names::keys_of(&call.function);
    if keys.is_empty() {
        return;
    }
    for arg in &call.args {
        let Value::Table(fields, _) = arg else {
            continue;
        };
        for (key, span) in fields.iter().filter_map(|f| f.key.as_ref()) {
            if keys.contains(&key.as_str()) {
                continue;
            }
            let d = Diagnostic::warning(
                UNREAD_KEY,
                format!("`des.{}` does not read `{key}`", call.function),
                *span,
            )
            .with_note("the game ignores it without a word");
            out.push(with_nearest(source, d, *span, key, keys.clone(), false));
        }
    }
}

/// `d` with the nearest of `candidates` as its fix, when one is near;
/// `quoted`: the span is a string literal whose quotes stay.
fn with_nearest(
    source: &str,
    d: Diagnostic,
    span: Span,
    wrong: &str,
    candidates: Vec<&str>,
    quoted: bool,
) -> Diagnostic {
    let limit = (wrong.chars().count() / 3).max(2);
    match crate::suggest::nearest_folded(wrong, candidates, limit, str::to_lowercase) {
        Some(name) => {
            let replacement = if quoted {
                requote(source, span, name)
            } else {
                name.to_string()
            };
            d.with_note(format!("did you mean `{name}`?"))
                .with_fix(Fix {
                    title: format!("change to `{name}`"),
                    span,
                    replacement,
                })
        }
        None => d,
    }
}

/// `text` as a string literal with the quote the literal at `span` uses.
fn requote(source: &str, span: Span, text: &str) -> String {
    let quote = source
        .get(span.start as usize..)
        .and_then(|s| s.chars().next())
        .filter(|c| *c == '\'' || *c == '"');
    let quote = quote.unwrap_or('"');
    format!("{quote}{text}{quote}")
}
