//! Markers as a vault's Lua or MARKER lines write them: what each
//! constructor makes, and the literal `lua_marker('G', …)` calls.

use super::ast::*;
use super::tables;
use crate::source::Span;

/// What a Lua marker expression makes: its constructor (from the game's
/// marker classes) and the events that trigger it.
pub fn marker_description(expr: &str) -> Option<String> {
    let (name, meaning) = tables::MARKER_CONSTRUCTORS.iter().find(|(n, _)| {
        expr.match_indices(n).any(|(i, _)| {
            let before = expr[..i].chars().next_back();
            let after = expr[i + n.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
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
    let mut out = Vec::new();
    {
        let t = &l.text;
        for (i, _) in t.match_indices("lua_marker(") {
            let rest = &t[i + "lua_marker(".len()..];
            let b = rest.trim_start().as_bytes();
            if b.len() < 3 || !matches!(b[0], b'\'' | b'"') || b[2] != b[0] {
                continue;
            }
            // The marker expression: up to the call's closing parenthesis.
            let mut depth = 1;
            let mut end = rest.len();
            for (k, c) in rest.char_indices() {
                match c {
                    '(' | '{' => depth += 1,
                    ')' | '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let expr = &rest[..end];
            let what = marker_description(expr)
                .map(|d| format!("lua_marker: {d}"))
                .unwrap_or_else(|| "lua_marker (Lua decides what it does)".to_string());
            let at = (l.text_at + i).min(l.span.end as usize);
            let stop = (l.text_at + i + "lua_marker(".len() + end + 1).min(l.span.end as usize);
            out.push((b[1], what, Span::new(at, stop.max(at))));
        }
    }
    out
}
