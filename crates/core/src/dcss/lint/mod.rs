//! Checks for mistakes the game accepts silently: the entry point, finding codes and helpers.

use super::{spec, Item, Kw, Vault};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::GameNames;
use vaultwright_model::source::Span;

mod features;
mod glyphs;
mod items;
mod monsters;
mod name_hash;
mod names;
mod place;
mod spells;
mod suggest;
mod tags;
mod transforms;

use features::{cloud_warnings, colour_warnings, feature_errors, tile_errors};
use glyphs::{lint_meaningless_glyphs, GlyphSet};
use items::item_warnings;
pub use monsters::first_monster;
use monsters::monster_warnings;
pub use name_hash::NameHasher;
pub use place::lint_lua;
use place::place_words;
pub use suggest::edit_distance_at_most;
pub(crate) use suggest::nearest;
pub(in crate::dcss) use tags::tags_own_name;
pub use tags::{
    lua_declared_tags, open_tags, requested_tags, tag_findings, OpenTag, Selectors, TagMemo,
};
pub use transforms::lint_transforms;
use transforms::{final_glyphs, lint_unsatisfiable_substs};

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

pub fn lint_specs(v: &Vault, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    static CLOUD_TYPE: std::sync::OnceLock<memchr::memmem::Finder<'static>> =
        std::sync::OnceLock::new();
    // place: words, in MONS/KMONS and in mons/kmons Lua calls.
    // `at`: the source offset of `spec`, when it maps one to one.
    let check_spec = |spec: &str, span: Span, at: Option<usize>, diags: &mut Vec<Diagnostic>| {
        for (off, words) in place_words(spec) {
            let span = match at {
                Some(a) => Span::new(
                    a + off,
                    (a + off + words.len()).min(span.end as usize).max(a + off),
                ),
                None => span,
            };
            diags.push(
                Diagnostic::warning(PLACE_WORDS, format!("\"{words}\" after place: is ignored by the game"), span)
                    .with_note("after place:Branch:N only zombie, draugr, simulacrum and spectre derive a monster; the game places a random monster of that level instead"),
            );
        }
    };
    for item in &v.items {
        let d = match item {
            Item::Lua(l) if holds(&CLOUD_TYPE, "cloud_type", &l.text) => {
                cloud_warnings(&l.text, l.text_at, l.span.end as usize, diags);
                continue;
            }
            Item::Lua(l) => {
                lint_lua(l, game, diags);
                continue;
            }
            Item::Directive(d) => d,
            Item::Map { .. } => continue,
        };
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
                    check_spec(a, *span, None, diags);
                    monster_warnings(a, *span, game, diags);
                }
            }
            Kw::Kmons => {
                for ((_, span), sel) in d.selectors() {
                    if let Some((_, _, val)) = sel {
                        check_spec(val, *span, None, diags);
                        monster_warnings(val, *span, game, diags);
                    }
                }
            }
            _ => {}
        }
    }
    // Keys and slots against the map (only when no Lua can change either).
    if v.has_lua() {
        return;
    }
    // One pass over the map's cells serves every rule below.
    let mut counts = [0u32; 256];
    for i in &v.items {
        if let Item::Map { rows, .. } = i {
            for (_, r) in rows {
                for &g in r.iter() {
                    counts[usize::from(g)] += 1;
                }
            }
        }
    }
    let mut glyphs = GlyphSet::default();
    for (word, chunk) in glyphs.0.iter_mut().zip(counts.chunks_exact(64)) {
        *word = chunk
            .iter()
            .enumerate()
            .fold(0, |m, (j, &c)| m | (u64::from(c != 0) << j));
    }
    if glyphs.is_empty() {
        return;
    }
    let in_map = glyphs;
    // Glyphs a transform can produce count as used.
    let transforms = v.has(Kw::Subst) || v.has(Kw::Nsubst) || v.has(Kw::Shuffle);
    for item in if transforms { &v.items[..] } else { &[] } {
        if let Item::Directive(d) = item {
            for ((a, _), sel) in d.selectors() {
                match d.kw {
                    Kw::Subst => {
                        if let Some((_, _, val)) = sel {
                            let mut found = GlyphSet::default();
                            if spec::each_weighted_glyph(val, |g, _| found.extend([g])).is_ok() {
                                glyphs.union(&found);
                            }
                        }
                    }
                    Kw::Nsubst => {
                        if let Some((_, _, val)) = sel {
                            for seg in spec::nsubst_segments(val) {
                                let mut found = GlyphSet::default();
                                if spec::each_weighted_glyph(seg.repl, |g, _| found.extend([g]))
                                    .is_ok()
                                {
                                    glyphs.union(&found);
                                }
                            }
                        }
                    }
                    Kw::Shuffle => {
                        glyphs.extend(a.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'/'))
                    }
                    _ => {}
                }
            }
        }
    }
    for kw in ["KFEAT", "KMONS", "KITEM"] {
        for d in v.directives(kw) {
            for ((_, span), sel) in d.selectors() {
                if let Some((key, _, _)) = sel {
                    if !key.bytes().any(|k| glyphs.contains(&k)) {
                        diags.push(Diagnostic::warning(
                            KEY_UNUSED,
                            format!("{kw} key `{key}` does not appear in the map"),
                            *span,
                        ));
                    }
                }
            }
        }
    }
    lint_meaningless_glyphs(v, &in_map, diags);
    lint_unsatisfiable_substs(v, &counts, diags);
    // A slot is used when its digit can be left in the map once the
    // transforms have run (a digit SUBST turns into `0` or `.` places no
    // slot monster).
    // (The glyphs left are a subset of those the map and the transforms
    // hold, so without any slot digit there is nothing to work out.)
    let last = if (b'1'..=b'7').any(|g| glyphs.contains(&g)) {
        final_glyphs(v, in_map)
    } else {
        glyphs
    };
    let mons: usize = v.directives("MONS").map(|d| d.args.len()).sum();
    for slot in 1..=7u8 {
        let used = last.contains(&(b'0' + slot));
        let defined = (slot as usize) <= mons;
        if defined && !used {
            if let Some((spec, span)) = v
                .directives("MONS")
                .flat_map(|d| d.args.iter())
                .nth(slot as usize - 1)
            {
                diags.push(Diagnostic::warning(
                    SLOT_UNUSED,
                    format!("MONS slot {slot} ({spec}) has no `{slot}` in the map"),
                    *span,
                ));
            }
        }
        if used && !defined && !v.has(Kw::Kmons) && !v.has(Kw::Kfeat) {
            diags.push(Diagnostic::warning(
                SLOT_MISSING,
                format!(
                    "`{slot}` in the map but no MONS slot {slot}: the game places a random monster there"
                ),
                v.name_span,
            ));
        }
    }
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
