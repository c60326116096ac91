//! Checks for mistakes the game accepts silently: tags no code reads (or
//! misspelt engine tags), tags that Lua asks for but no vault declares,
//! words after `place:` that the monster parser ignores, K-spec keys and
//! slots the map never uses.

use std::collections::{HashMap, HashSet};

use super::{fields, spec::split_selector, tables, Item, Kw, Vault};

mod name_hash;
mod suggest;

pub use name_hash::NameHasher;
use name_hash::{name_set, NameSet};
pub use suggest::edit_distance_at_most;
pub(crate) use suggest::nearest;
use suggest::{bounded_dist_sets, letters, nearest_with_letters};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::{GameNames, NameKind};
use vaultwright_model::source::Span;

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

/// The engine tags, sorted out once: exact names (sorted, for lookup),
/// `prefix_*` and `*_suffix` patterns, and the names and prefixes in table
/// order with their letter sets (for suggestions).
struct EngineTags {
    exact: Vec<&'static str>,
    prefixes: Vec<&'static str>,
    suffixes: Vec<&'static str>,
    /// (name or prefix, is a prefix, letter set)
    suggestible: Vec<(&'static str, bool, u64)>,
}

fn engine_tags() -> &'static EngineTags {
    static TAGS: std::sync::OnceLock<EngineTags> = std::sync::OnceLock::new();
    TAGS.get_or_init(|| {
        let mut e = EngineTags {
            exact: Vec::new(),
            prefixes: Vec::new(),
            suffixes: Vec::new(),
            suggestible: Vec::new(),
        };
        for &p in tables::ENGINE_TAGS.iter() {
            match (p.strip_suffix('*'), p.strip_prefix('*')) {
                (Some(pre), _) => {
                    e.prefixes.push(pre);
                    e.suggestible.push((pre, true, letters(pre.as_bytes())));
                }
                (None, Some(suf)) => e.suffixes.push(suf),
                (None, None) => {
                    e.exact.push(p);
                    e.suggestible.push((p, false, letters(p.as_bytes())));
                }
            }
        }
        vaultwright_model::sorting::sort(&mut e.exact);
        e
    })
}

fn engine_match(tag: &str) -> bool {
    let e = engine_tags();
    e.exact.binary_search(&tag).is_ok()
        || e
            .prefixes
            .iter()
            .any(|pre| tag.starts_with(pre) && tag.len() > pre.len())
        // `*_entry`: any tag ending so (the game reads the suffix).
        || e
            .suffixes
            .iter()
            .any(|suf| tag.ends_with(suf) && tag.len() > suf.len())
}

/// A close engine tag for a tag no code reads.
fn engine_suggestion(tag: &str) -> Option<String> {
    // `vault_orient_e` for `vaults_orient_*`; `orient_s` for it too.
    let suffix = tag.rsplit('_').next().unwrap_or("");
    let head = &tag[..tag.len() - suffix.len()];
    let tag_set = letters(tag.as_bytes());
    let head_set = letters(head.as_bytes());
    for &(p, is_prefix, p_set) in &engine_tags().suggestible {
        if !is_prefix {
            if tag.len() > 3 && bounded_dist_sets(tag, tag_set, p, p_set, 3) <= 3 {
                return Some(p.to_string());
            }
        } else if !head.is_empty()
            && !suffix.is_empty()
            && head != p
            && p.len() > 3
            && (bounded_dist_sets(head, head_set, p, p_set, 1) <= 1
                || (p.ends_with(head) && head.len() >= 4))
        {
            return Some(format!("{p}{suffix}"));
        }
    }
    None
}

/// A set of map glyphs: one bit per byte value, so filling it costs no
/// hashing and set operations are four words.
#[derive(Clone, Copy, Default, PartialEq)]
struct GlyphSet([u64; 4]);

impl GlyphSet {
    fn extend(&mut self, bytes: impl IntoIterator<Item = u8>) {
        for b in bytes {
            self.0[usize::from(b >> 6)] |= 1 << (b & 63);
        }
    }
    fn contains(&self, b: &u8) -> bool {
        self.0[usize::from(*b >> 6)] & (1 << (*b & 63)) != 0
    }
    fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    fn union(&mut self, other: &GlyphSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
    fn remove(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] &= !(1 << (b & 63));
    }
    /// Whether every member is also in `other`.
    fn is_subset(&self, other: &GlyphSet) -> bool {
        self.0.iter().zip(other.0).all(|(a, b)| a & !b == 0)
    }
}

/// Tags asked for by Lua (`tag = "x"`, `tags = "x"`) and SUBVAULT lines.
pub fn requested_tags(v: &Vault) -> Vec<(String, Span)> {
    static TAG: std::sync::OnceLock<memchr::memmem::Finder<'static>> = std::sync::OnceLock::new();
    let mut out = Vec::new();
    for item in &v.items {
        match item {
            // Most Lua names no tag at all: a substring search rules it out
            // before its tokens are walked.
            Item::Lua(l) if holds(&TAG, "tag", &l.text) => {
                let found =
                    super::lua_lex::assigned_strings_in(&l.text, l.tokens(), &["tag", "tags"]);
                for (off, body) in found {
                    let body_at = l.text_at + off;
                    let span = Span::new(
                        body_at.min(l.span.end as usize),
                        (body_at + body.len()).min(l.span.end as usize),
                    );
                    for tag in body.split_whitespace() {
                        out.push((tag.to_string(), span));
                    }
                }
            }
            Item::Directive(d) if d.keyword == "SUBVAULT" => {
                for ((_, span), sel) in d.selectors() {
                    if let Some((_, _, val)) = sel {
                        for alt in val.split('/') {
                            if let Some(tag) = alt.split_whitespace().next() {
                                let tag = tag.split(':').next().unwrap_or(tag).to_ascii_lowercase();
                                out.push((tag, *span));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether a word of a `place:` alternative is neither a modifier
/// (`key:value` in lower case), nor a derivation, nor a flag.
fn ignored_after_place(w: &str) -> bool {
    let modifier =
        w.contains(':') && !w.ends_with(':') && !w.starts_with(|c: char| c.is_ascii_uppercase());
    let known = matches!(
        w,
        "zombie" | "draugr" | "simulacrum" | "spectre" | "0" | "8" | "9"
    ) || monster_flag(w);
    !(modifier || known || w.starts_with("place:") || w.starts_with("n_") || w.starts_with("name_"))
}

/// Words after `place:` that the monster parser ignores.
/// Whether `s` holds `modifier` (a word ending in `:`): most specs have no
/// colon at all, which a byte scan settles before any substring search.
fn mentions(s: &str, modifier: &str) -> bool {
    s.as_bytes().contains(&b':') && s.contains(modifier)
}

fn place_words(spec: &str) -> Vec<(usize, String)> {
    let mut bad = Vec::new();
    if !mentions(spec, "place:") {
        return bad;
    }
    let mut alt_at = 0;
    for alt in spec.split('/') {
        let this_at = alt_at + (alt.len() - alt.trim_start().len());
        alt_at += alt.len() + 1;
        let alt = alt.split(';').next().unwrap_or(alt);
        let words: Vec<&str> = alt
            .split(|c: char| c.is_whitespace() || c == '\\')
            .filter(|w| !w.is_empty())
            .collect();
        if !words.iter().any(|w| w.starts_with("place:")) {
            continue;
        }
        let ignored: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| ignored_after_place(w))
            .collect();
        if !ignored.is_empty() {
            bad.push((this_at, ignored.join(" ")));
        }
    }
    bad
}

/// The close engine tags of tags no code reads, remembered across the
/// vaults of one file (they share most of their tags). Looked for only
/// when a tag is reported: it costs an edit distance to every engine tag.
#[derive(Default)]
pub struct TagMemo(HashMap<String, Option<String>, std::hash::BuildHasherDefault<NameHasher>>);

impl TagMemo {
    /// A close engine tag for `tag`, which the engine does not read.
    fn engine_near(&mut self, tag: &str) -> Option<String> {
        if let Some(near) = self.0.get(tag) {
            return near.clone();
        }
        let near = engine_suggestion(tag);
        self.0.insert(tag.to_string(), near.clone());
        near
    }
}

/// A tag neither the engine nor the game's names know: whether it is a
/// mistake depends on the tags other vaults use.
pub struct OpenTag {
    pub tag: String,
    pub span: Span,
}

/// The vault's tags that no code of the engine and no name of the game
/// reads.
pub fn open_tags(v: &Vault, game: &GameNames) -> Vec<OpenTag> {
    let mut open = Vec::new();
    for d in v.directives("TAGS") {
        for (tag, span) in &d.args {
            if !engine_match(tag) && !game.knows(NameKind::Tag, tag) {
                open.push(OpenTag {
                    tag: tag.to_string(),
                    span: *span,
                });
            }
        }
    }
    open
}

/// The tags other vaults of a set use, ready for lookups and for near
/// misses (each with its letter set, worked out once for every tag
/// compared with it).
pub struct Selectors {
    names: HashSet<String>,
    with_letters: Vec<(String, u64)>,
}

impl Selectors {
    pub fn new(names: HashSet<String>) -> Selectors {
        // Sorted, so that of two equally near selectors the same one is
        // named on every run (a hash set's order changes from run to run).
        let mut with_letters: Vec<(String, u64)> = names
            .iter()
            .map(|n| (n.clone(), letters(n.as_bytes())))
            .collect();
        vaultwright_model::sorting::sort(&mut with_letters);
        Selectors {
            names,
            with_letters,
        }
    }

    /// The closest selector within `limit` edits (the first of equals).
    fn nearest(&self, tag: &str, limit: usize) -> Option<&str> {
        let with_letters = self.with_letters.iter().map(|(c, set)| (c.as_str(), *set));
        nearest_with_letters(tag, with_letters, limit)
    }
}

/// Tags no code reads: one-letter tags and near misses of engine tags (or,
/// with the selectors of a whole set of files, of tags other vaults use).
pub fn tag_findings(
    open: &[OpenTag],
    known_selectors: Option<&Selectors>,
    memo: &mut TagMemo,
    diags: &mut Vec<Diagnostic>,
) {
    for OpenTag { tag, span } in open {
        if known_selectors.is_some_and(|s| s.names.contains(tag)) {
            continue;
        }
        if tag.len() == 1 {
            diags.push(Diagnostic::warning(
                TAG_STRAY,
                format!("one-letter tag \"{tag}\": nothing reads it"),
                *span,
            ));
            continue;
        }
        let near_selector = known_selectors
            .filter(|_| tag.len() > 4)
            .and_then(|s| s.nearest(tag, 2))
            .map(str::to_string);
        if let Some(s) = memo.engine_near(tag).or(near_selector) {
            diags.push(
                Diagnostic::warning(
                    TAG_TYPO,
                    format!("tag \"{tag}\" is read by no code and no vault; did you mean \"{s}\"?"),
                    *span,
                )
                .with_note("the game ignores unknown tags silently"),
            );
        }
    }
}

/// `place:` words in the monster specs of Lua string literals.
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

pub fn lint_lua(l: &super::Lua, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    static MONS: std::sync::OnceLock<memchr::memmem::Finder<'static>> = std::sync::OnceLock::new();
    if !holds(&MONS, "mons", &l.text) {
        return;
    }
    let literals = super::lua_lex::literals_in(&l.text, l.tokens());
    // A string glued to computed text ("place:D:" .. depth) is partial.
    for super::lua_lex::Literal {
        at: off, text: s, ..
    } in literals.into_iter().filter(|lit| !lit.joined)
    {
        let spec = split_selector(s)
            .map(|(_, _, v)| v)
            .filter(|_| s.contains('='))
            .unwrap_or(s);
        // Reported at the string, as a directive is reported at its line.
        let at = (l.text_at + off).min(l.span.end as usize);
        let span = Span::new(at, (at + s.len()).min(l.span.end as usize));
        for (_, words) in place_words(spec) {
            diags.push(place_warning(&words, span));
        }
        // A whole monster spec written as one literal: its spells too.
        if mentions(spec, "spells:") {
            spell_errors(spec, span, game, diags);
        }
    }
}

fn place_warning(words: &str, span: Span) -> Diagnostic {
    Diagnostic::warning(PLACE_WORDS, format!("\"{words}\" after place: is ignored by the game"), span)
        .with_note("after place:Branch:N only zombie, draugr, simulacrum and spectre derive a monster; the game places a random monster of that level instead")
}

fn monster_warnings(spec: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    // Every modifier has a colon; most specs have none.
    if spec.as_bytes().contains(&b':') {
        modifier_errors(spec, span, game, diags);
        spell_errors(spec, span, game, diags);
        for (tag, number) in spaced_weights(spec) {
            let count = number.parse::<u32>().ok().filter(|n| (1..=99).contains(n));
            let (read, placed) = match count {
                Some(n) => (
                    format!("{n} as a count of monsters"),
                    format!("{n} monsters are placed"),
                ),
                None => (
                    format!("drops {number} (a count is 1–99)"),
                    "one monster is placed".into(),
                ),
            };
            diags.push(
                Diagnostic::warning(
                    READ_OTHERWISE,
                    format!("`{tag} {number}`: the game reads no weight here and {read}"),
                    span,
                )
                .with_note(format!(
                    "the space ends the tag: the weight stays 10 and {placed}; for a weight write `{tag}{number}`"
                )),
            );
        }
    }
    for name in unknown_monsters(spec, game) {
        let near = nearest(&name, tables::MONSTERS.iter().copied(), 2);
        let mut d = Diagnostic::error(UNKNOWN_MONSTER, format!("unknown monster \"{name}\""), span)
            .with_note("the game finds this only when it runs the vault's Lua, one random branch at a time");
        if let Some(n) = near {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

fn item_warnings(spec: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    randbook_spell_warnings(spec, span, game, diags);
    for name in unknown_items(spec, game) {
        let near = nearest(&name, tables::ITEMS.iter().copied(), 2);
        let mut d = Diagnostic::warning(UNKNOWN_ITEM, format!("unknown item \"{name}\""), span)
            .with_note("the game finds this only when it runs the vault's Lua");
        if let Some(n) = near {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
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
                            if super::spec::each_weighted_glyph(val, |g, _| found.extend([g]))
                                .is_ok()
                            {
                                glyphs.union(&found);
                            }
                        }
                    }
                    Kw::Nsubst => {
                        if let Some((_, _, val)) = sel {
                            for seg in super::spec::nsubst_segments(val) {
                                let mut found = GlyphSet::default();
                                if super::spec::each_weighted_glyph(seg.repl, |g, _| {
                                    found.extend([g])
                                })
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

/// The glyphs that can be left in the map after its transforms, read in
/// source order without a seed: SUBST and CLEAR remove their keys, NSUBST
/// removes them when its last segment takes every remaining cell, SHUFFLE
/// can bring any glyph of its segments; every replacement can appear.
fn final_glyphs(v: &Vault, in_map: GlyphSet) -> GlyphSet {
    let mut set = in_map;
    for item in &v.items {
        let Item::Directive(d) = item else { continue };
        for ((a, _), sel) in d.selectors() {
            match d.kw {
                Kw::Subst | Kw::Nsubst => {
                    let Some((key, _, val)) = sel else {
                        continue;
                    };
                    if !key.bytes().any(|g| set.contains(&g)) {
                        continue;
                    }
                    let mut out = GlyphSet::default();
                    let mut all_taken = d.kw == Kw::Subst;
                    let read = if d.kw == Kw::Subst {
                        super::spec::each_weighted_glyph(val, |g, _| out.extend([g]))
                    } else {
                        super::spec::nsubst_segments(val).try_for_each(|seg| {
                            all_taken = seg.count.is_none();
                            super::spec::each_weighted_glyph(seg.repl, |g, _| out.extend([g]))
                        })
                    };
                    if read.is_err() {
                        continue;
                    }
                    if all_taken {
                        key.bytes().for_each(|g| set.remove(g));
                    }
                    set.union(&out);
                }
                Kw::Shuffle => {
                    let glyphs = a.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'/');
                    if glyphs.clone().any(|g| set.contains(&g)) {
                        set.extend(glyphs);
                    }
                }
                Kw::Clear => a.bytes().for_each(|g| set.remove(g)),
                _ => {}
            }
        }
    }
    set
}

/// Map glyphs with no default meaning that no directive mentions: the game
/// quietly makes them floor (spec: "unknown glyphs … are not errors").
/// Reported once per glyph, at its first cell. Only for vaults without Lua.
fn lint_meaningless_glyphs(v: &Vault, in_map: &GlyphSet, diags: &mut Vec<Diagnostic>) {
    let mut mentioned = GlyphSet::default();
    mentioned.extend(tables::GLYPHS.iter().map(|g| g.0));
    mentioned.extend([b' ']);
    for item in &v.items {
        let Item::Directive(d) = item else { continue };
        for ((a, _), sel) in d.selectors() {
            match d.kw {
                Kw::Shuffle | Kw::Clear => mentioned.extend(a.bytes()),
                Kw::Marker
                | Kw::Kfeat
                | Kw::Kitem
                | Kw::Kmons
                | Kw::Kmask
                | Kw::Kprop
                | Kw::Subvault
                | Kw::Subst
                | Kw::Nsubst
                | Kw::Colour
                | Kw::Ftile
                | Kw::Rtile
                | Kw::Tile
                | Kw::Fheight => {
                    if let Some((key, _, _)) = sel {
                        mentioned.extend(key.bytes());
                    }
                }
                _ => {}
            }
        }
    }
    if in_map.is_subset(&mentioned) {
        return;
    }
    let mut reported = GlyphSet::default();
    for item in &v.items {
        let Item::Map { rows, .. } = item else {
            continue;
        };
        for (span, row) in rows {
            for (col, &g) in row.iter().enumerate() {
                if mentioned.contains(&g) || reported.contains(&g) {
                    continue;
                }
                let at = span.start as usize + col;
                if g.is_ascii() {
                    reported.extend([g]);
                    diags.push(meaningless_glyph(&format!("`{}`", g as char), at, 1));
                } else if let Some(ch) = vaultwright_model::source::char_starting_at(row, col) {
                    // One finding for the character, not one per byte.
                    let mut buf = [0u8; 4];
                    let bytes = ch.encode_utf8(&mut buf).as_bytes();
                    reported.extend(bytes.iter().copied());
                    let shown = format!("`{ch}` (U+{:04X}, {} bytes)", ch as u32, bytes.len());
                    diags.push(meaningless_glyph(&shown, at, bytes.len()));
                }
            }
        }
    }
}

fn meaningless_glyph(shown: &str, at: usize, len: usize) -> Diagnostic {
    let mut d = Diagnostic::warning(
        GLYPH_MEANINGLESS,
        format!("map glyph {shown} has no meaning: the game makes it floor"),
        Span::new(at, at + len),
    );
    if len > 1 {
        d.notes
            .push("the game reads a map by bytes: each byte of it is a cell of floor".into());
    }
    d.with_note("give it one with SUBST, NSUBST, SHUFFLE or KFEAT/KMONS/KITEM, or use `.`")
}

/// SUBST and NSUBST lines the map cannot satisfy: a key with no cell, or an
/// NSUBST whose counts ask for more cells than hold its key. Only where the
/// count is certain: no earlier transform mentions the key's glyphs.
fn lint_unsatisfiable_substs(v: &Vault, counts: &[u32; 256], diags: &mut Vec<Diagnostic>) {
    if !v.has(Kw::Subst) && !v.has(Kw::Nsubst) {
        return;
    }
    // Glyphs an earlier transform touches (as key or as output).
    let mut touched = GlyphSet::default();
    for item in &v.items {
        let Item::Directive(d) = item else { continue };
        if !matches!(
            d.kw,
            Kw::Subst | Kw::Nsubst | Kw::Shuffle | Kw::Clear | Kw::Subvault
        ) {
            continue;
        }
        for ((a, span), sel) in d.selectors() {
            if let (Some((key, _, value)), Kw::Subst | Kw::Nsubst) = (sel, d.kw) {
                let certain = !key.bytes().any(|g| touched.contains(&g));
                let have: usize = if certain {
                    key.bytes().map(|g| counts[usize::from(g)] as usize).sum()
                } else {
                    0
                };
                if certain && have == 0 {
                    diags.push(Diagnostic::warning(
                        SUBST_UNSATISFIED,
                        format!(
                            "{} key `{key}` matches no cell of the map: the line does nothing",
                            d.keyword
                        ),
                        *span,
                    ));
                } else if certain && d.kw == Kw::Nsubst {
                    let wanted: usize = super::spec::nsubst_segments(value)
                        .filter_map(|seg| seg.count)
                        .sum();
                    if wanted > have {
                        diags.push(
                            Diagnostic::warning(
                                SUBST_UNSATISFIED,
                                format!(
                                    "NSUBST asks for {wanted} cells of `{key}` but the map has {have}"
                                ),
                                *span,
                            )
                            .with_note("the last segments get fewer cells than their counts, or none"),
                        );
                    }
                }
                touched.extend(key.bytes());
                touched.extend(value.bytes());
            } else {
                touched.extend(a.bytes());
            }
        }
    }
}

/// Tags a vault's Lua declares (`tags("a b")`, `e.tags(...)`), and the
/// prefixes of tags it builds (`tags("x_" .. y)`).
pub fn lua_declared_tags<'a, 's: 'a>(
    lua: impl Iterator<Item = &'a super::Lua<'s>>,
) -> (Vec<String>, Vec<String>) {
    let mut tags = Vec::new();
    let mut prefixes = Vec::new();
    for l in lua {
        let t = &l.text;
        let mut pos = 0;
        while let Some(i) = t[pos..].find("tags(") {
            let at = pos + i + 5;
            pos = at;
            let rest = t[at..].trim_start();
            let Some(q) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
                continue;
            };
            let Some(end) = rest[1..].find(q) else {
                continue;
            };
            let body = &rest[1..1 + end];
            if rest[1 + end + 1..].trim_start().starts_with("..") {
                prefixes.push(body.split_whitespace().last().unwrap_or("").to_string());
            } else {
                tags.extend(body.split_whitespace().map(String::from));
            }
        }
    }
    (tags, prefixes)
}

/// Whether Lua code gives a vault its own name as a tag
/// (`e.tags(e.name())`, `tags(name())`).
pub(super) fn tags_own_name(code: &str) -> bool {
    if !code.contains("name(") {
        return false;
    }
    let squeezed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed.contains("tags(e.name())") || squeezed.contains("tags(name())")
}

pub const UNKNOWN_MONSTER: &str = "DC0300";

/// Monster names and the special names the spec parser knows.
fn known_monster(name: &str) -> bool {
    static SET: std::sync::OnceLock<NameSet> = std::sync::OnceLock::new();
    name_set(&SET, &[&tables::MONSTERS, SPECIAL_MONSTERS]).contains(name)
}

const SPECIAL_MONSTERS: &[&str] = &[
    "nothing",
    "random",
    "any",
    "any monster",
    "0",
    "8",
    "9",
    "any demon",
    "lesser demon",
    "common demon",
    "greater demon",
    "pandemonium lord",
    "small abomination",
    "large abomination",
    "orb of appropriateness",
    "any draconian",
    "any base draconian",
    "any nonbase draconian",
    "ugly thing",
    "very ugly thing",
    "mutant beast",
    "bai suzhen dragon",
    "orc apostle",
    "slime creature",
    "hydra",
    "slymdra",
];

/// Whether a monster name (modifiers removed) is one the spec parser
/// resolves: a table name, a derived form or a special name.
pub fn monster_name_ok(name: &str) -> bool {
    if name.is_empty() || known_monster(name) {
        return true;
    }
    for suffix in [
        " zombie",
        " draugr",
        " simulacrum",
        " spectre",
        " skeleton",
        " corpse",
    ] {
        if let Some(base) = name.strip_suffix(suffix) {
            if monster_name_ok(base) {
                return true;
            }
        }
    }
    if let Some(base) = name.strip_prefix("spectral ") {
        if monster_name_ok(base) {
            return true;
        }
    }
    let last = name.rsplit(' ').next().unwrap_or("");
    // Families with a variable first part: N-headed hydra, big slime
    // creature, red draconian (job), jelly-shaped pillar of salt, …
    if name.contains("-headed ")
        || name.ends_with("pillar of salt")
        || name.ends_with("block of ice")
    {
        return true;
    }
    if matches!(
        last,
        "draconian" | "creature" | "thing" | "beast" | "apostle"
    ) || fields(name, |b| b == b' ').any(|w| w == "draconian")
        || name.starts_with("serpent of hell")
        || name.starts_with("any ")
    {
        return true;
    }
    false
}

/// The blank- or backslash-separated words of a spec alternative.
fn spec_words(s: &str) -> impl Iterator<Item = &str> {
    fields(s, |c| c.is_ascii_whitespace() || c == b'\\').filter(|w| !w.is_empty())
}

/// A name being normalised as the game's lookups see it: lower case, `_`
/// for a space, words joined by one space. Reused across alternatives.
#[derive(Default)]
struct NameBuf(Vec<u8>);

/// An alternative that is already a normalised name (lower-case words
/// joined by single spaces, no modifier, no flag), as itself: most are, and
/// then nothing is copied.
fn plain_name(alt: &str, flag: fn(&str) -> bool) -> Option<&str> {
    let t = alt.trim_ascii();
    const fn table() -> [bool; 256] {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            t[b] = c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b' ' | b'-' | b'\'');
            b += 1;
        }
        t
    }
    static PLAIN: [bool; 256] = table();
    let simple = t.bytes().all(|b| PLAIN[usize::from(b)]);
    (simple && fields(t, |b| b == b' ').all(|w| !w.is_empty() && !flag(w))).then_some(t)
}

impl NameBuf {
    fn clear(&mut self) {
        self.0.clear();
    }
    fn push_word(&mut self, w: &str) {
        if !self.0.is_empty() {
            self.0.push(b' ');
        }
        if w.is_ascii() {
            let start = self.0.len();
            self.0.extend_from_slice(w.as_bytes());
            for b in &mut self.0[start..] {
                *b = if *b == b'_' {
                    b' '
                } else {
                    b.to_ascii_lowercase()
                };
            }
        } else {
            self.0
                .extend_from_slice(w.to_ascii_lowercase().replace('_', " ").as_bytes());
        }
    }
    /// The name an alternative gives once modifiers and `flag` words are
    /// removed, normalised: the alternative itself when it already is one.
    fn normalise<'s>(&'s mut self, alt: &'s str, flag: fn(&str) -> bool) -> &'s str {
        if let Some(n) = plain_name(alt, flag) {
            return n;
        }
        self.clear();
        for w in name_words(alt, flag) {
            self.push_word(w);
        }
        self.as_str()
    }

    fn as_str(&self) -> &str {
        // Only whole words of a `str` and ASCII bytes were pushed.
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

/// The words of a spec alternative that name the thing: not modifiers
/// (`key:value`) and not flags.
fn name_words(alt: &str, flag: fn(&str) -> bool) -> impl Iterator<Item = &str> {
    spec_words(alt)
        // A weight tag with nothing after it is still a tag: the game
        // strips it (and reads no weight); any other `word:` stays in the
        // name, which then names nothing.
        .filter(|w| !w.as_bytes().contains(&b':') || (w.ends_with(':') && !is_weight_tag(w)))
        .filter(move |w| !flag(w))
}

fn is_weight_tag(word: &str) -> bool {
    matches!(word, "w:" | "weight:")
}

/// A monster name without its leading count: the game takes digits
/// followed by a space off the front (a count of 1–99 it keeps, any other
/// it drops) before it looks the name up.
fn without_count(name: &str) -> &str {
    let digits = name.bytes().take_while(u8::is_ascii_digit).count();
    match name.as_bytes().get(digits) {
        Some(b' ') if digits > 0 => &name[digits + 1..],
        _ => name,
    }
}

/// `w: 20 ice statue`: a weight tag with a space before its number. The
/// game reads no weight there (the default, 10) and the number as a count
/// of monsters; almost never what was meant.
fn spaced_weights(spec: &str) -> impl Iterator<Item = (&str, &str)> {
    fields(spec, |c| c == b'/' || c == b',').filter_map(|alt| {
        let body = fields(alt, |c| c == b';').next().unwrap_or(alt);
        let mut words = spec_words(body);
        let tag = words.find(|w| is_weight_tag(w))?;
        let number = words.next()?;
        number
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then_some((tag, number))
    })
}

fn monster_flag(w: &str) -> bool {
    // Only three flags lack a `_`; most words are settled by that.
    if !w.as_bytes().contains(&b'_') {
        return matches!(w, "band" | "seen" | "patrolling");
    }
    matches!(
        w,
        "generate_awake"
            | "patrolling"
            | "band"
            | "seen"
            | "always_corpse"
            | "never_corpse"
            | "god_gift"
            | "n_suf"
            | "n_adj"
            | "n_rpl"
            | "n_the"
            | "n_des"
            | "n_spe"
            | "n_zom"
            | "n_noc"
            | "name_suffix"
            | "name_adjective"
            | "name_replace"
            | "name_definite"
            | "name_descriptor"
            | "name_species"
            | "name_zombie"
            | "name_nocorpse"
    )
}

/// The monster the first alternative of a MONS slot or KMONS value names,
/// as the game's lookup reads it (modifiers, flags and equipment left
/// out), and whether more alternatives follow.
pub fn first_monster(spec: &str) -> Option<(String, bool)> {
    let mut alts = fields(spec, |c| c == b'/' || c == b',');
    let first = alts.next()?;
    let body = fields(first, |c| c == b';').next().unwrap_or(first);
    let mut name = NameBuf::default();
    let n = name.normalise(body, monster_flag).to_string();
    Some((n, alts.next().is_some()))
}

/// Unknown monster names in a MONS/KMONS value (one per alternative).
pub fn unknown_monsters(spec: &str, game: &GameNames) -> Vec<String> {
    let mut out = Vec::new();
    let mut name = NameBuf::default();
    let has_place = mentions(spec, "place:");
    for alt in fields(spec, |c| c == b'/' || c == b',') {
        let body = fields(alt, |c| c == b';').next().unwrap_or(alt);
        if has_place && body.contains("place:") {
            // What follows place: is checked by the place: rule.
            continue;
        }
        let n = name.normalise(body, monster_flag);
        if !monster_name_ok(without_count(n)) && !game.knows(NameKind::Monster, without_count(n)) {
            out.push(n.to_string());
        }
    }
    out
}

pub const UNKNOWN_ITEM: &str = "DC0301";
pub const UNKNOWN_FEATURE: &str = "DC0302";
pub const UNKNOWN_COLOUR: &str = "DC0303";
pub const UNKNOWN_TILE: &str = "DC0304";
pub const BAD_MODIFIER: &str = "DC0305";
pub const UNKNOWN_CLOUD: &str = "DC0306";
pub const BAD_SPELL: &str = "DC0307";

/// A spell name as the game reads it (`_` for a space, any case), looked up
/// in its spell table: `None` when no spell has that name, else whether a
/// monster may cast it.
fn spell(name: &str) -> Option<bool> {
    let name = name.replace('_', " ").to_ascii_lowercase();
    tables::SPELLS
        .binary_search_by(|(n, _)| (*n).cmp(name.as_str()))
        .ok()
        .map(|i| tables::SPELLS[i].1)
}

/// A finding about a spell name no spell has, with a "did you mean" note.
fn no_such_spell(mut d: Diagnostic, name: &str) -> Diagnostic {
    let name = name.replace('_', " ").to_ascii_lowercase();
    if let Some(n) = nearest(&name, tables::SPELLS.iter().map(|(n, _)| *n), 3) {
        d.notes
            .push(format!("did you mean \"{}\"?", n.replace(' ', "_")));
    }
    d
}

/// The span of `part` (a slice of `spec`) when `spec` is exactly the text
/// `span` covers, else `span` itself.
fn part_span(spec: &str, span: Span, part: &str) -> Span {
    let off = (part.as_ptr() as usize).wrapping_sub(spec.as_ptr() as usize);
    if (span.end - span.start) as usize == spec.len() && off + part.len() <= spec.len() {
        let at = span.start as usize + off;
        Span::new(at, at + part.len())
    } else {
        span
    }
}

/// `spells:` and `sum:` monster modifiers, which the game checks when it
/// places the monster: every slot's spell must exist and be one monsters
/// cast, with a positive frequency; a summon type must be a spell or one
/// of the game's summon words.
fn spell_errors(spec: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    if !mentions(spec, "spells:") && !mentions(spec, "sum:") {
        return;
    }
    let words = fields(spec, |b| b.is_ascii_whitespace() || b == b'/' || b == b',');
    for word in words.filter(|w| !w.is_empty()) {
        if let Some(list) = word.strip_prefix("spells:") {
            if list.contains('&') {
                // A randbook's list (`a&b`), in a string that is not a
                // monster spec.
                continue;
            }
            for slot in fields(list, |b| b == b';') {
                let mut parts = fields(slot, |b| b == b'.');
                let name = parts.next().unwrap_or("");
                if name.is_empty()
                    || matches!(name, "none" | "no_spell")
                    || game.knows(NameKind::Spell, &name.replace('_', " "))
                {
                    continue;
                }
                match spell(name) {
                    None => diags.push(no_such_spell(
                        Diagnostic::error(
                            BAD_SPELL,
                            format!("Unknown spell name: '{name}' in '{slot}'"),
                            part_span(spec, span, name),
                        ),
                        name,
                    )),
                    Some(false) => diags.push(
                        Diagnostic::error(
                            BAD_SPELL,
                            format!("Not a monster spell: '{name}'"),
                            part_span(spec, span, name),
                        )
                        .with_note("only spells monsters can cast may be given with spells:"),
                    ),
                    Some(true) => {}
                }
                if let Some(freq) = parts.next() {
                    if freq.parse::<i64>().map_or(true, |f| f <= 0) {
                        diags.push(
                            Diagnostic::error(
                                BAD_SPELL,
                                format!("Need a positive spell frequency: '{freq}' in '{slot}'"),
                                part_span(spec, span, freq),
                            )
                            .with_note("a slot is name.frequency.flags, e.g. magic_dart.30.wizard"),
                        );
                    }
                }
                for flag in parts {
                    if !matches!(
                        flag,
                        "emergency"
                            | "natural"
                            | "magical"
                            | "wizard"
                            | "priest"
                            | "vocal"
                            | "breath"
                            | "instant"
                            | "noisy"
                            | "short_range"
                            | "long_range"
                    ) {
                        diags.push(Diagnostic::warning(
                            BAD_SPELL,
                            format!("unknown spell slot flag '{flag}' in '{slot}'"),
                            part_span(spec, span, flag),
                        ));
                    }
                }
            }
        } else if let Some(kind) = word.strip_prefix("sum:") {
            let kind = fields(kind, |b| b == b';').next().unwrap_or("");
            if !matches!(
                kind,
                "clone" | "animate" | "chaos" | "miscast" | "zot" | "wrath" | "aid"
            ) && spell(kind).is_none()
            {
                diags.push(no_such_spell(
                    Diagnostic::error(
                        BAD_SPELL,
                        format!("bad monster summon type: \"{kind}\""),
                        part_span(spec, span, kind),
                    ),
                    kind,
                ));
            }
        }
    }
}

/// `spells:a&b` of a randbook item: each must be a spell of the game.
fn randbook_spell_warnings(spec: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    if !mentions(spec, "spells:") {
        return;
    }
    for word in fields(spec, |b| b.is_ascii_whitespace() || b == b'/' || b == b',') {
        let Some(list) = word.strip_prefix("spells:") else {
            continue;
        };
        for name in fields(list, |b| b == b'&').filter(|n| !n.is_empty()) {
            if spell(name).is_none() && !game.knows(NameKind::Spell, &name.replace('_', " ")) {
                diags.push(no_such_spell(
                    Diagnostic::warning(
                        BAD_SPELL,
                        format!("randbook spell '{name}' is no spell of the game"),
                        part_span(spec, span, name),
                    ),
                    name,
                ));
            }
        }
    }
}

/// `cloud_type = "x"` in a marker or Lua text against the game's cloud
/// names; `at` is the source offset of `text`. A fog machine with an
/// unknown cloud fails only when the level is built.
fn cloud_warnings(text: &str, at: usize, limit: usize, diags: &mut Vec<Diagnostic>) {
    for (off, name) in super::lua_lex::assigned_strings(text, None, &["cloud_type"]) {
        if tables::CLOUDS.binary_search(&name).is_ok() {
            continue;
        }
        let start = (at + off).min(limit);
        let near = nearest(name, tables::CLOUDS.iter().copied(), 3);
        let mut d = Diagnostic::warning(
            UNKNOWN_CLOUD,
            format!("unknown cloud type \"{name}\""),
            Span::new(start, (start + name.len()).min(limit)),
        )
        .with_note("the fog machine fails when the level is built");
        if let Some(n) = near {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

/// `god:` and `col:` monster modifiers, which the game checks when it
/// places the monster ("bad monster god", "bad monster colour").
fn modifier_errors(spec: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    if !mentions(spec, "god:") && !mentions(spec, "col:") {
        return;
    }
    for word in spec.split(|c: char| c.is_whitespace() || c == '/' || c == ',') {
        let word = word.split(';').next().unwrap_or("");
        if let Some(g) = word.strip_prefix("god:") {
            let name = g.replace('_', " ").to_ascii_lowercase();
            if tables::GODS.binary_search(&name.as_str()).is_err()
                && !game.knows(NameKind::God, &name)
            {
                diags.push(
                    Diagnostic::error(BAD_MODIFIER, format!("bad monster god: \"{g}\""), span)
                        .with_note("god names use `_` for spaces, e.g. god:the_shining_one"),
                );
            }
        } else if let Some(c) = word.strip_prefix("col:") {
            if tables::COLOURS
                .binary_search(&c.to_ascii_lowercase().as_str())
                .is_err()
            {
                diags.push(Diagnostic::error(
                    BAD_MODIFIER,
                    format!("bad monster colour: \"{c}\""),
                    span,
                ));
            }
        }
    }
}

/// FTILE/RTILE/TILE alternatives (`value`, of the argument `arg`) against the
/// dungeon tile names: the game rejects an unknown one when it compiles
/// the vault ("bad spec").
fn tile_errors(arg: &str, value: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    for alt in fields(value, |b| b == b'/') {
        // `name w:N`, `name:N` (blanks allowed after the colon) and the
        // flags `no_random` and `last_tile` anywhere.
        let words: Vec<&str> = alt
            .split_whitespace()
            .filter(|w| {
                !matches!(*w, "no_random" | "last_tile")
                    && w.strip_prefix("w:")
                        .is_none_or(|n| n.parse::<u32>().is_err())
            })
            .collect();
        let joined = words.join(" ");
        let name = joined
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if name.is_empty()
            || name == "none"
            || tables::DUNGEON_TILES.binary_search(&name.as_str()).is_ok()
            || game.knows(NameKind::Tile, &name)
        {
            continue;
        }
        let near = nearest(&name, tables::DUNGEON_TILES.iter().copied(), 2);
        let mut d = Diagnostic::error(UNKNOWN_TILE, format!("bad spec: '{name}' in '{arg}'"), span)
            .with_note("not a dungeon tile name");
        if let Some(n) = near {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

/// Words of a weighted alternative that are weights or flags, not names.
fn strip_weights(alt: &str) -> std::borrow::Cow<'_, str> {
    let keep = |w: &&str| {
        !(w.starts_with("w:") && w[2..].parse::<u32>().is_ok())
            && *w != "no_mimic"
            && !(*w == "mimic"
                || w.strip_prefix("mimic:")
                    .is_some_and(|n| n.parse::<u32>().is_ok()))
    };
    let t = alt.trim();
    // Usually one name, already as the words would be joined.
    if fields(t, |b| b == b' ').all(|w| !w.is_empty() && keep(&w))
        && !t.contains(|c: char| c.is_whitespace() && c != ' ')
    {
        return std::borrow::Cow::Borrowed(t);
    }
    std::borrow::Cow::Owned(
        alt.split_whitespace()
            .filter(keep)
            .collect::<Vec<_>>()
            .join(" "),
    )
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

const TRAPS_RENAMED: &str = "trunk names trap features `trap_…` since 2026-03; releases up to 0.34 and forks read the old name";

/// Trap features as releases up to 0.34 named them (the display name, or
/// `known` and the display name), with trunk's name for each.
const OLD_TRAP_NAMES: &[(&str, &str)] = &[
    ("alarm trap", "trap_alarm"),
    ("archmage's trap", "trap_archmage"),
    ("devourer's trap", "trap_devourer"),
    ("dispersal trap", "trap_dispersal"),
    ("dormant shadow trap", "trap_shadow_dormant"),
    ("harlequin's trap", "trap_harlequin"),
    ("mechanical trap", "trap_mechanical"),
    ("net trap", "trap_net"),
    ("permanent teleport trap", "trap_teleport_permanent"),
    ("pressure plate", "trap_pressure_plate"),
    ("shadow trap", "trap_shadow"),
    ("teleport trap", "trap_teleport"),
    ("tyrant's trap", "trap_tyrant"),
    ("zot trap", "trap_zot"),
];

/// Trunk's name for a trap feature written in the old form.
fn trunk_trap_name(name: &str) -> Option<&'static str> {
    let name = name.strip_prefix("known ").unwrap_or(name);
    OLD_TRAP_NAMES
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(name))
        .map(|(_, trunk)| *trunk)
}

/// KFEAT alternatives: a glyph, a trap word, a shop, or a feature name.
/// The game fails with "no features matching" when it places the vault.
fn feature_errors(value: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    for alt in fields(value, |b| b == b'/') {
        let name = strip_weights(alt);
        if name.chars().count() <= 1
            || matches!(&*name, "any trap" | "random trap")
            || name.split([' ', ';']).any(|w| w == "shop")
            || tables::FEATURES.binary_search(&&*name).is_ok()
            || game.knows(NameKind::Feature, &name)
            || (game.old_trap_features && trunk_trap_name(&name).is_some())
        {
            continue;
        }
        let mut d = Diagnostic::error(
            UNKNOWN_FEATURE,
            format!("no features matching \"{name}\""),
            span,
        )
        .with_note("the game finds this only when it places the vault");
        if let Some(trunk) = trunk_trap_name(&name) {
            d.notes
                .push(format!("did you mean \"{trunk}\"? {TRAPS_RENAMED}"));
        } else if let Some(n) = nearest(&name, tables::FEATURES.iter().copied(), 3) {
            d.notes.push(format!("did you mean \"{n}\"?"));
        }
        diags.push(d);
    }
}

/// COLOUR alternatives (an argument's value) and LFLOORCOL/LROCKCOL values
/// against the game's colour names (warnings: Lua may add colours with
/// colour.add_colour).
fn colour_warnings(keyword: &str, value: &str, span: Span, diags: &mut Vec<Diagnostic>) {
    for alt in fields(value, |b| b == b'/') {
        let stripped = strip_weights(alt);
        let name: &str = match stripped.rsplit_once(':') {
            Some((c, n)) if n.parse::<u32>().is_ok() => c,
            _ => &stripped,
        };
        if name.is_empty() || name == "none" {
            continue;
        }
        if keyword == "LFLOORCOL" && name == "black" {
            diags.push(Diagnostic::error(
                UNKNOWN_COLOUR,
                "Can't set floor to black.",
                span,
            ));
            continue;
        }
        // The game lower-cases specs (`COLOUR: p = LIGHTGREY` works).
        if tables::COLOURS
            .binary_search(&name.to_ascii_lowercase().as_str())
            .is_err()
        {
            diags.push(Diagnostic::warning(
                UNKNOWN_COLOUR,
                format!("No such colour as '{name}'"),
                span,
            ));
        }
    }
}

/// `f` of the name with its apostrophes removed (no copy when it has none).
fn without_apostrophes<T>(name: &str, f: impl FnOnce(&str) -> T) -> T {
    if name.contains('\'') {
        f(&name.replace('\'', ""))
    } else {
        f(name)
    }
}

/// The item table with apostrophes removed, sorted.
fn items_without_apostrophes() -> &'static [String] {
    static ITEMS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ITEMS.get_or_init(|| {
        let mut v: Vec<String> = tables::ITEMS.iter().map(|i| i.replace('\'', "")).collect();
        vaultwright_model::sorting::sort(&mut v);
        v
    })
}

/// Whether an item name (modifiers removed) is one the item parser
/// resolves.
pub fn item_name_ok(name: &str) -> bool {
    static SET: std::sync::OnceLock<NameSet> = std::sync::OnceLock::new();
    if name.is_empty() || name_set(&SET, &[&tables::ITEMS]).contains(name) {
        return true;
    }
    if matches!(
        name,
        "any"
            | "%"
            | "*"
            | "|"
            | "$"
            | "gold"
            | "nothing"
            | "star item"
            | "superb item"
            | "randbook"
            | "parchment"
            | "acquire"
            | "skeleton"
            | "corpse"
    ) || name.starts_with("parchment of ")
        || name.starts_with("randbook")
    {
        return true;
    }
    // "potion of berserk rage" for "potions of berserk rage" is not this;
    // this is "ogres' club" against "ogres club", apostrophes being optional.
    if without_apostrophes(name, |plain| {
        items_without_apostrophes()
            .binary_search_by(|i| i.as_str().cmp(plain))
            .is_ok()
    }) {
        return true;
    }
    if let Some(c) = name
        .strip_prefix("any ")
        .or_else(|| name.strip_prefix("random "))
    {
        return tables::ITEM_CLASSES.contains(&c)
            || matches!(c, "skeleton" | "corpse" | "randbook" | "parchment");
    }
    for suffix in [" corpse", " skeleton"] {
        if let Some(base) = name.strip_suffix(suffix) {
            return monster_name_ok(base);
        }
    }
    name.contains("deck") || name.ends_with(" shop") || name.starts_with("acquire")
}

fn item_flag(w: &str) -> bool {
    matches!(
        w,
        "pre_id"
            | "good_item"
            | "mundane"
            | "damaged"
            | "randart"
            | "useful"
            | "unobtainable"
            | "no_exclude"
            | "chaotic"
            | "mimic"
            | "no_pickup"
            | "no_uniq"
            | "allow_uniq"
            | "never_decay"
            | "use_all"
            | "gozag"
    )
}

/// Unknown item names in an ITEM/KITEM value (one per alternative).
pub fn unknown_items(spec: &str, game: &GameNames) -> Vec<String> {
    let mut out = Vec::new();
    let mut name = NameBuf::default();
    for alt in fields(spec, |c| c == b'/' || c == b',') {
        let n = name.normalise(alt, item_flag);
        if !item_name_ok(n) && !game.knows(NameKind::Item, n) {
            out.push(n.to_string());
        }
    }
    out
}

/// SUBST/NSUBST/SHUFFLE specs the game rejects, read without applying them.
pub fn lint_transforms(v: &Vault, diags: &mut Vec<Diagnostic>) {
    for d in ["SUBST", "NSUBST", "SHUFFLE"]
        .iter()
        .flat_map(|k| v.directives(k))
    {
        for ((a, span), sel) in d.selectors() {
            let problem = match d.keyword {
                "SHUFFLE" => {
                    // Segment lengths with blanks removed must agree.
                    let len = |seg: &str| -> usize {
                        seg.chars()
                            .filter(|c| !c.is_whitespace())
                            .map(char::len_utf8)
                            .sum()
                    };
                    let mut segs = fields(a, |b| b == b'/').map(len);
                    let first = segs.next().unwrap_or(0);
                    segs.any(|l| l != first)
                        .then(|| "block shuffle segment length mismatch".to_string())
                }
                _ => match sel {
                    None => Some(format!("malformed declaration - must use = or : in '{a}'")),
                    Some((_, _, val)) if d.keyword == "SUBST" => {
                        super::spec::each_weighted_glyph(val, |_, _| ()).err()
                    }
                    Some((_, _, val)) => super::spec::nsubst_segments(val)
                        .find_map(|seg| super::spec::each_weighted_glyph(seg.repl, |_, _| ()).err())
                        .map(|e| format!("Bad NSUBST spec: {a} ({e})")),
                },
            };
            if let Some(p) = problem {
                diags.push(Diagnostic::warning(TRANSFORM, p, *span));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{engine_match, engine_suggestion, GameNames};

    #[test]
    fn engine_tag_patterns_match_prefixes_and_suffixes() {
        assert!(engine_match("zot_entry"), "*_entry is read by the game");
        assert!(engine_match("uniq_ogre"));
        assert!(!engine_match("_entry"));
        assert!(!engine_match("no_mons_gen"));
        assert_eq!(
            engine_suggestion("no_mons_gen").as_deref(),
            Some("no_monster_gen")
        );
        // A pattern is never offered as a tag to write.
        assert!(engine_suggestion("zot_entyr").is_none_or(|s| !s.contains('*')));
    }

    #[test]
    fn plain_names_are_taken_as_they_are_and_others_normalised() {
        let flag = super::monster_flag;
        assert_eq!(super::plain_name(" orc priest ", flag), Some("orc priest"));
        assert_eq!(super::plain_name("orc  priest", flag), None);
        assert_eq!(super::plain_name("orc band", flag), None);
        assert_eq!(super::plain_name("Orc", flag), None);
        assert_eq!(super::plain_name("orc_priest", flag), None);
        assert_eq!(super::plain_name("orc hp:10", flag), None);
        let game = GameNames::default();
        assert!(
            super::unknown_monsters("orc priest / Orc_Priest band / orc  priest", &game).is_empty()
        );
        assert_eq!(super::unknown_monsters("orc prist", &game), ["orc prist"]);
    }

    #[test]
    fn the_spell_table_is_sorted_and_read_as_the_game_reads_names() {
        assert!(crate::dcss::tables::SPELLS
            .windows(2)
            .all(|w| w[0].0 < w[1].0));
        assert_eq!(super::spell("Magic_Dart"), Some(true));
        assert_eq!(super::spell("sentinel's_mark"), Some(true));
        assert_eq!(super::spell("teleport_self"), Some(false));
        assert_eq!(super::spell("magic_dartt"), None);
    }

    #[test]
    fn a_vault_name_given_as_a_tag_in_lua_is_seen() {
        assert!(super::tags_own_name("  e.tags( e.name() )"));
        assert!(super::tags_own_name("tags(name())"));
        assert!(!super::tags_own_name("e.tags(\"name\")"));
    }

    #[test]
    fn slot_digits_count_only_when_transforms_can_leave_them() {
        let codes = |src: &str| -> Vec<String> {
            crate::dcss::parse(src)
                .diagnostics
                .iter()
                .filter(|d| d.code == super::SLOT_MISSING || d.code == super::SLOT_UNUSED)
                .map(|d| d.code.to_string())
                .collect()
        };
        let map = "MAP\nx1.x\nENDMAP\n";
        // Replaced everywhere: no slot monster is placed, nothing to say.
        assert!(codes(&format!("NAME: a\nSUBST: 1 = 0.\n{map}")).is_empty());
        assert!(codes(&format!("NAME: b\nNSUBST: 1 = 1:0 / *:.\n{map}")).is_empty());
        assert!(codes(&format!("NAME: c\nCLEAR: 1\n{map}")).is_empty());
        // Some `1` may stay: a random monster there.
        assert_eq!(
            codes(&format!("NAME: d\nNSUBST: 1 = 1:0\n{map}")),
            ["DC0206"]
        );
        assert_eq!(codes(&format!("NAME: e\n{map}")), ["DC0206"]);
        // A slot whose digit is always replaced is never used.
        assert_eq!(
            codes(&format!("NAME: f\nMONS: orc\nSUBST: 1 = .\n{map}")),
            ["DC0205"]
        );
        // A digit brought in by SHUFFLE or SUBST counts.
        assert!(codes("NAME: g\nMONS: orc\nSHUFFLE: 1x\nMAP\nxx.x\nENDMAP\n").is_empty());
        assert!(codes(&format!("NAME: h\nMONS: orc\nSUBST: . = 1\n{map}")).is_empty());
    }

    #[test]
    fn fields_split_as_str_split_does() {
        for s in ["", "a", "/", "orc/ogre,,troll", "ç/é ö/", ",x,"] {
            assert_eq!(
                crate::dcss::fields(s, |c| c == b'/' || c == b',').collect::<Vec<_>>(),
                s.split(['/', ',']).collect::<Vec<_>>()
            );
        }
        assert_eq!(
            super::spec_words(" orc\\ priest\tç ").collect::<Vec<_>>(),
            ["orc", "priest", "ç"]
        );
    }
}
