//! Which functions a vault's Lua calls, read from Lua's tokens (never
//! run), and whether any of them can change the map before it is placed:
//! the checks that realise a vault without Lua say so rather than guess.

use super::{tables, Lua, LuaKind, Vault};
use crate::lua::scan::{dotted_name, Kind};
use vaultwright_model::source::Span;

/// A called name (`subst`, `crawl.coinflip`, `e.kfeat`, with the `e.`
/// prefix of the vault environment removed) and the span of the call.
pub fn calls(l: &Lua) -> Vec<(String, Span)> {
    let code = &*l.text;
    let toks = l.tokens();
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        if t.kind != Kind::Word || KEYWORDS.contains(&t.text(code)) {
            i += 1;
            continue;
        }
        let (name, end) = dotted_name(code, toks, i);
        let after_function = i > 0 && toks[i - 1].text(code) == "function";
        let preceded_by_dot = i > 0 && matches!(toks[i - 1].text(code), "." | ":");
        let called = toks.get(end + 1).is_some_and(|n| {
            matches!(n.kind, Kind::String | Kind::LongString) || matches!(n.text(code), "(" | "{")
        });
        if called && !after_function && !preceded_by_dot {
            let name = name.strip_prefix("e.").unwrap_or(name);
            let at = l.text_at + t.start;
            out.push((name.to_string(), Span::new(at, l.text_at + toks[end].end)));
        }
        i = end + 1;
    }
    out
}

const KEYWORDS: &[&str] = &[
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
];

/// Calls that cannot change the map's glyphs before placement: the
/// vault's own header functions, monster/item/tile specs, markers (their
/// effects come at run time, when triggered), and the pure libraries.
const LEAVES_MAP_ALONE: &[&str] = &[
    "lua_marker",
    "set_feature_name",
    "tags",
    "tags_remove",
    "name",
    "depth",
    "place",
    "orient",
    "weight",
    "chance",
    "desc",
    "mons",
    "item",
    "kmons",
    "kitem",
    "kmask",
    "tile",
    "ftile",
    "rtile",
    "colour",
    "fheight",
    "is_validating",
    "crawl_require",
    "require",
    "print",
    "ipairs",
    "pairs",
    "type",
    "tostring",
    "tonumber",
    "assert",
    "error",
    "select",
    "unpack",
    "next",
    "setmetatable",
    "getmetatable",
    "place_unique",
    "single_cloud",
    "dgn.delayed_decay",
];

/// Library tables whose functions read or speak but never write the map.
const PURE_LIBRARIES: &[&str] = &["crawl.", "you.", "table.", "string.", "math.", "util."];

/// Whether a call can change the map's glyphs before placement (unknown
/// functions can: a helper may call `subst` or `mapgrd`).
fn changes_map(name: &str) -> bool {
    // `Ctor:new{…}` builds a marker; `m:add_triggerer(…)` arms one.
    let name = name.strip_suffix(":new").unwrap_or(name);
    if name.ends_with(":add_triggerer") || name == "DgnTriggerer" {
        return false;
    }
    !(LEAVES_MAP_ALONE.contains(&name)
        || PURE_LIBRARIES.iter().any(|p| name.starts_with(p))
        || tables::MARKER_CONSTRUCTORS.iter().any(|(n, _)| *n == name))
}

/// The first call in the vault's Lua (what runs with its directives) that
/// can change the map before placement.
pub fn first_map_changing_call(v: &Vault) -> Option<(String, Span)> {
    v.lua()
        .filter(|l| matches!(l.kind, LuaKind::Line | LuaKind::Main))
        .find_map(|l| calls(l).into_iter().find(|(n, _)| changes_map(n)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dcss::parse;

    fn first(src: &str) -> Option<String> {
        let f = parse(src);
        first_map_changing_call(&f.vaults[0]).map(|(n, _)| n)
    }

    #[test]
    fn map_changing_calls_are_told_from_harmless_ones() {
        let harmless = "NAME: t\n{{\nlua_marker('P', fog_machine { pow_max = 1 })\nif crawl.coinflip() then e.kmons('1 = rat') end\nlocal function subst_later() end\nlocal tf = TriggerableFunction:new { func = 'f' }\ntf:add_triggerer(DgnTriggerer:new { type = 'turn' })\n}}\nMAP\n.\nENDMAP\n";
        assert_eq!(first(harmless), None);
        let changing = "NAME: t\n: if crawl.coinflip() then\n:   e.subst(\"a = b\") -- subst('x')\n: end\nMAP\na\nENDMAP\n";
        assert_eq!(first(changing).as_deref(), Some("subst"));
        let helper = "NAME: t\n{{ vault_granite_statue_setup(_G, 'G', 'x') }}\nMAP\n.\nENDMAP\n";
        assert_eq!(first(helper).as_deref(), Some("vault_granite_statue_setup"));
        let string_call = "NAME: t\n: mapgrd\"x\"\nMAP\n.\nENDMAP\n";
        assert_eq!(first(string_call).as_deref(), Some("mapgrd"));
    }
}
