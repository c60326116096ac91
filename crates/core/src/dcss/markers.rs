//! Markers as a vault's Lua or MARKER lines write them: what each
//! constructor makes, and the literal `lua_marker('G', …)` calls.

use super::ast::*;
use super::tables;
use crate::lua::scan;
use vaultwright_model::source::Span;

/// What a Lua marker expression makes: its constructor (from the game's
/// marker classes) and the events that trigger it.
pub fn marker_description(expr: &str) -> Option<String> {
    let (name, meaning) = tables::MARKER_CONSTRUCTORS.iter().find(|(n, _)| {
        expr.match_indices(n).any(|(i, _)| {
            let before = expr[..i].chars().next_back();
            let after = expr[i + n.len()..].chars().next();
            !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    })?;
    let mut out = format!("{name}: {meaning}");
    let events: Vec<&str> = tables::TRIGGER_EVENTS
        .iter()
        .filter(|(e, _)| expr.contains(&format!("\"{e}\"")) || expr.contains(&format!("'{e}'")))
        .map(|(e, _)| *e)
        .collect();
    if !events.is_empty() {
        out.push_str(&format!("; triggered by {}", events.join(", ")));
    }
    Some(out)
}

/// `lua_marker('G', …)` calls with a literal one-glyph key in a vault's
/// Lua: (glyph, description, span of the call).
pub fn lua_markers(v: &Vault) -> Vec<(u8, String, Span)> {
    v.lua().flat_map(lua_item_markers).collect()
}

/// [`lua_markers`] of one Lua line or block.
pub fn lua_item_markers(l: &Lua) -> Vec<(u8, String, Span)> {
    lua_marker_calls(&l.text, l.tokens(), l.text_at)
        .into_iter()
        .map(|call| {
            let expr = l
                .text
                .get(call.expr.0 - l.text_at..call.expr.1 - l.text_at)
                .unwrap_or("");
            let what = marker_description(expr)
                .map(|d| format!("lua_marker: {d}"))
                .unwrap_or_else(|| "lua_marker (Lua decides what it does)".to_string());
            (call.glyph, what, call.span)
        })
        .collect()
}

/// One `lua_marker('G', expr)` call with a literal one-glyph key.
pub struct LuaMarkerCall {
    pub glyph: u8,
    /// The whole call, `lua_marker` to its closing parenthesis.
    pub span: Span,
    /// The marker expression's source range.
    pub expr: (usize, usize),
    /// The index of the expression's first token.
    pub expr_token: usize,
}

/// The `lua_marker('G', …)` calls of code already lexed (tokens without
/// comments; `at`: the source offset of `code`). The call ends at the
/// parenthesis that closes it, brackets counted by tokens, so a string or
/// a nested call inside does not end it early.
pub fn lua_marker_calls(code: &str, toks: &[scan::Token], at: usize) -> Vec<LuaMarkerCall> {
    let text = |i: usize| toks.get(i).map_or("", |t| t.text(code));
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.kind != scan::Kind::Word || text(i) != "lua_marker" || text(i + 1) != "(" {
            continue;
        }
        let Some(key) = toks.get(i + 2).filter(|k| k.kind == scan::Kind::String) else {
            continue;
        };
        let [glyph] = key.content(code).as_bytes() else {
            continue;
        };
        if text(i + 3) != "," {
            continue;
        }
        let mut depth = 0i32;
        let close = (i + 1..toks.len()).find(|&k| {
            match text(k) {
                "(" | "{" | "[" => depth += 1,
                ")" | "}" | "]" => depth -= 1,
                _ => {}
            }
            depth == 0
        });
        let last = close.unwrap_or(toks.len() - 1);
        let expr_end = close.map_or(toks[last].end, |c| toks[c].start);
        out.push(LuaMarkerCall {
            glyph: *glyph,
            span: Span::new(at + t.start, at + toks[last].end),
            expr: (
                at + toks.get(i + 4).map_or(expr_end, |e| e.start),
                at + expr_end,
            ),
            expr_token: i + 4,
        });
    }
    out
}
