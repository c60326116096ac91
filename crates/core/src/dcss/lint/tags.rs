//! Tags no code reads, and the tags Lua and SUBVAULT lines ask for or declare.

use std::collections::HashSet;

use super::{holds, TAG_STRAY, TAG_TYPO};
use crate::dcss::{tables, Item, Lua, Vault};
use crate::lua::scan;
use crate::suggest::{bounded_dist_sets, letters, nearest_with_letters};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::{GameNames, NameKind};
use vaultwright_model::source::Span;

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

/// Tags asked for by Lua (`tag = "x"`, `tags = "x"`) and SUBVAULT lines.
pub fn requested_tags(v: &Vault) -> Vec<(String, Span)> {
    static TAG: std::sync::OnceLock<memchr::memmem::Finder<'static>> = std::sync::OnceLock::new();
    let mut out = Vec::new();
    for item in &v.items {
        match item {
            // Most Lua names no tag at all: a substring search rules it out
            // before its tokens are walked.
            Item::Lua(l) if holds(&TAG, "tag", &l.text) => {
                let found = scan::assigned_strings_in(&l.text, l.tokens(), &["tag", "tags"]);
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

/// The close engine tags of tags no code reads, remembered across the
/// vaults of one file (they share most of their tags). Looked for only
/// when a tag is reported: it costs an edit distance to every engine tag.
#[derive(Default)]
pub struct TagMemo(rustc_hash::FxHashMap<String, Option<String>>);

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

/// Tags a vault's Lua declares (`tags("a b")`, `e.tags(...)`), and the
/// prefixes of tags it builds (`tags("x_" .. y)`).
pub fn lua_declared_tags<'a, 's: 'a>(
    lua: impl Iterator<Item = &'a Lua<'s>>,
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
pub(in crate::dcss) fn tags_own_name(code: &str) -> bool {
    if !code.contains("name(") {
        return false;
    }
    let squeezed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed.contains("tags(e.name())") || squeezed.contains("tags(name())")
}

#[cfg(test)]
mod tests {
    use super::{engine_match, engine_suggestion};

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
    fn a_vault_name_given_as_a_tag_in_lua_is_seen() {
        assert!(super::tags_own_name("  e.tags( e.name() )"));
        assert!(super::tags_own_name("tags(name())"));
        assert!(!super::tags_own_name("e.tags(\"name\")"));
    }
}
