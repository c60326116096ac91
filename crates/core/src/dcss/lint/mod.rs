//! Checks for mistakes the game accepts silently: the entry point, finding codes and helpers.

use super::{reader, Directive, Item, Kw, Lua, Vault};
use crate::lua::scan;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::GameNames;
use vaultwright_model::source::Span;

mod features;
mod glyph_set;
mod glyphs;
mod items;
mod monsters;
mod name_hash;
mod names;
mod place;
mod spells;
mod tags;
mod transforms;

pub(crate) use crate::suggest::nearest;
pub(super) use features::strip_weights;
use features::{cloud_warnings, colour_warnings, feature_errors, tile_errors};
use glyphs::lint_map;
use items::item_warnings;
pub use monsters::first_monster;
use monsters::monster_warnings;
pub use place::lint_lua;
use place::place_findings;
pub(in crate::dcss) use tags::tags_own_name;
pub use tags::{
    lua_declared_tags, open_tags, requested_tags, tag_findings, OpenTag, Selectors, TagMemo,
};
pub use transforms::lint_transforms;

pub const TAG_TYPO: &str = "DC0200";
pub const TAG_STRAY: &str = "DC0201";
pub const TAG_MISSING: &str = "DC0202";
pub const PLACE_WORDS: &str = "DC0203";
pub const KEY_UNUSED: &str = "DC0204";
pub const SLOT_UNUSED: &str = "DC0205";
pub const SLOT_MISSING: &str = "DC0206";
pub const TRANSFORM: &str = "DC0207";
pub const GLYPH_MEANINGLESS: &str = "DC0208";
pub const SUBST_UNSATISFIED: &str = "DC0209";
/// A spec the game accepts but reads otherwise than it is written.
pub const READ_OTHERWISE: &str = "DC0211";
pub const UNKNOWN_MONSTER: &str = "DC0300";
pub const UNKNOWN_ITEM: &str = "DC0301";
pub const UNKNOWN_FEATURE: &str = "DC0302";
pub const UNKNOWN_COLOUR: &str = "DC0303";
pub const UNKNOWN_TILE: &str = "DC0304";
pub const BAD_MODIFIER: &str = "DC0305";
pub const UNKNOWN_CLOUD: &str = "DC0306";
pub const BAD_SPELL: &str = "DC0307";

/// Whether `s` holds `modifier` (a word ending in `:`): most specs have no
/// colon at all, which a byte scan settles before any substring search.
fn mentions(s: &str, modifier: &str) -> bool {
    s.as_bytes().contains(&b':') && s.contains(modifier)
}

/// Whether `hay` holds `needle`, with a searcher built once per needle
/// (Lua texts are searched for the same few words over and over).
fn holds(
    finder: &'static std::sync::OnceLock<memchr::memmem::Finder<'static>>,
    needle: &'static str,
    hay: &str,
) -> bool {
    finder
        .get_or_init(|| memchr::memmem::Finder::new(needle))
        .find(hay.as_bytes())
        .is_some()
}

/// The names in a vault's directives and Lua, then (when no Lua can
/// change them) its K-spec keys, MONS slots and glyphs against the map.
pub fn lint_specs(v: &Vault, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    static CLOUD_TYPE: std::sync::OnceLock<memchr::memmem::Finder<'static>> =
        std::sync::OnceLock::new();
    for item in &v.items {
        match item {
            Item::Lua(l) if holds(&CLOUD_TYPE, "cloud_type", &l.text) => {
                cloud_warnings(&l.text, l.text_at, l.span.end as usize, diags);
            }
            Item::Lua(l) => {
                let checked = lint_header_calls(l, game, diags);
                lint_lua(l, &checked, game, diags);
            }
            Item::Directive(d) => lint_directive(d, game, diags),
            Item::Map { .. } => {}
        }
    }
    // Keys and slots against the map (only when no Lua can change either).
    if !v.has_lua() {
        lint_map(v, diags);
    }
}

/// The names a directive gives: items, features, clouds, tiles, colours,
/// monsters and the `place:` words of monster specs.
pub(in crate::dcss) fn lint_directive(
    d: &Directive,
    game: &GameNames,
    diags: &mut Vec<Diagnostic>,
) {
    // One switch on the keyword per directive.
    match d.kw {
        Kw::Item => {
            for (a, span) in &d.args {
                item_warnings(a, *span, game, diags);
            }
        }
        Kw::Kitem => {
            for ((_, span), sel) in d.selectors() {
                if let Some((_, _, val)) = sel {
                    item_warnings(val, *span, game, diags);
                }
            }
        }
        Kw::Kfeat => {
            for ((_, span), sel) in d.selectors() {
                if let Some((_, _, val)) = sel {
                    feature_errors(val, *span, game, diags);
                }
            }
        }
        Kw::Marker => {
            for (a, span) in &d.args {
                // Mode A: the argument maps one to one onto the source
                // unless it was joined from continuation lines.
                cloud_warnings(a, span.start as usize, span.end as usize, diags);
            }
        }
        Kw::Ftile | Kw::Rtile | Kw::Tile => {
            for ((a, span), sel) in d.selectors() {
                if let Some((_, _, value)) = sel {
                    tile_errors(a, value, *span, game, diags);
                }
            }
        }
        Kw::Colour => {
            for ((_, span), sel) in d.selectors() {
                if let Some((_, _, value)) = sel {
                    colour_warnings(d.keyword, value, *span, diags);
                }
            }
        }
        Kw::Lfloorcol | Kw::Lrockcol => {
            for (a, span) in &d.args {
                colour_warnings(d.keyword, a, *span, diags);
            }
        }
        Kw::Mons => {
            for (a, span) in &d.args {
                place_findings(a, *span, diags);
                monster_warnings(a, *span, game, diags);
            }
        }
        Kw::Kmons => {
            for ((_, span), sel) in d.selectors() {
                if let Some((_, _, val)) = sel {
                    place_findings(val, *span, diags);
                    monster_warnings(val, *span, game, diags);
                }
            }
        }
        _ => {}
    }
}

/// The Lua functions that stand for a header (levcomp writes `KMONS: …`
/// as `kmons("…")`) and whose names the header checks read.
pub(in crate::dcss) fn header_function(name: &str) -> Option<Kw> {
    Some(match name {
        "kmons" => Kw::Kmons,
        "mons" => Kw::Mons,
        "kitem" => Kw::Kitem,
        "item" => Kw::Item,
        "kfeat" => Kw::Kfeat,
        "colour" => Kw::Colour,
        "ftile" => Kw::Ftile,
        "rtile" => Kw::Rtile,
        "tile" => Kw::Tile,
        "lfloorcol" => Kw::Lfloorcol,
        "lrockcol" => Kw::Lrockcol,
        _ => return None,
    })
}

/// The names a vault's Lua gives through header functions, checked as
/// their header forms are, with the same codes: each call (`kmons("A =
/// orc")`, `e.kfeat "x = lava"`) whose one argument is a string written
/// out, the findings on that string. Returns where those strings start
/// in the Lua text, which the other Lua checks then leave alone.
fn lint_header_calls(l: &Lua, game: &GameNames, diags: &mut Vec<Diagnostic>) -> Vec<usize> {
    // Every header function's name holds one of these: most Lua names
    // none, and is then not tokenised here.
    static NAMES: [std::sync::OnceLock<memchr::memmem::Finder<'static>>; 5] =
        [const { std::sync::OnceLock::new() }; 5];
    let words = ["mons", "item", "kfeat", "col", "tile"];
    if !NAMES.iter().zip(words).any(|(f, w)| holds(f, w, &l.text)) {
        return Vec::new();
    }
    let code = &*l.text;
    let toks = l.tokens();
    let text = |i: usize| toks.get(i).map_or("", |t: &scan::Token| t.text(code));
    let mut checked = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let Some(kw) = (t.kind == scan::Kind::Word)
            .then(|| header_function(t.text(code)))
            .flatten()
        else {
            continue;
        };
        // A field of anything but the vault's environment is another
        // function (`crawl.item`, `x.mons`).
        let field = i > 0 && matches!(text(i - 1), "." | ":");
        if field && !(i > 1 && text(i - 1) == "." && text(i - 2) == "e") {
            continue;
        }
        let literal = if text(i + 1) == "(" && text(i + 3) == ")" {
            toks.get(i + 2)
        } else {
            toks.get(i + 1)
        };
        let Some(lit) =
            literal.filter(|s| matches!(s.kind, scan::Kind::String | scan::Kind::LongString))
        else {
            continue;
        };
        let content = lit.content(code);
        // An escape would move the offsets of what follows it.
        if lit.kind == scan::Kind::String && content.contains('\\') {
            continue;
        }
        let call = Span::new(l.text_at + t.start, l.text_at + lit.end);
        let directive = reader::directive_of_call(kw, content, l.text_at + lit.content.0, call);
        lint_directive(&directive, game, diags);
        checked.push(lit.content.0);
    }
    checked
}

/// Where the game's name tables come from: every finding about a name
/// says so, since another game version or a fork may know other names.
pub use super::tables::TABLES_FROM;

/// The findings about names (monsters, items, features, tiles, modifiers,
/// clouds, spells) in `diags` get a note naming the tables' game version.
pub fn note_name_tables(diags: &mut [Diagnostic]) {
    for d in diags {
        if matches!(
            d.code.as_str(),
            UNKNOWN_MONSTER
                | UNKNOWN_ITEM
                | UNKNOWN_FEATURE
                | UNKNOWN_TILE
                | BAD_MODIFIER
                | UNKNOWN_CLOUD
                | BAD_SPELL
        ) {
            d.notes.push(format!("names as {TABLES_FROM} knows them"));
        }
    }
}
