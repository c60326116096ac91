//! Checks over several files analysed together: tags other vaults use
//! (selectors), tags Lua asks for that no vault declares, and vault names
//! used twice.
//!
//! Each file leaves behind only the few facts these checks read
//! ([`Facts`]), so a set of files is read one file at a time and its
//! syntax trees are freed as it goes: memory stays that of the largest
//! file, not of the whole set.

use std::collections::{HashMap, HashSet};

use super::lint::{self, OpenTag, Selectors, TagMemo, TAG_MISSING};
use super::{File, DUPLICATE};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::GameNames;
use vaultwright_model::source::Span;

/// What the set's checks need of one file.
#[derive(Default)]
pub struct Facts {
    /// The tags it declares (once per declaration).
    declared: Vec<String>,
    /// The tag prefixes its Lua declares (`tags("prefix_" .. x)`).
    prefixes: Vec<String>,
    /// Per vault, in order.
    vaults: Vec<VaultFacts>,
}

struct VaultFacts {
    name: String,
    name_span: Span,
    /// Tags no engine code and no game name reads.
    open_tags: Vec<OpenTag>,
    /// Tags its Lua asks for.
    requested: Vec<(String, Span)>,
}

/// The facts of one file.
pub fn facts(f: &File, game: &GameNames) -> Facts {
    let (mut declared, mut prefixes) = lint::lua_declared_tags(f.prelude.iter());
    // `e.tags(e.name())` in a file's Lua (usually a helper its vaults
    // call) makes each vault's name one of its tags.
    let names_are_tags = f.lua().any(|l| lint::tags_own_name(&l.text));
    let mut vaults = Vec::with_capacity(f.vaults.len());
    for v in &f.vaults {
        declared.extend(v.tags().into_iter().map(str::to_string));
        if names_are_tags && v.has_lua() {
            declared.push(v.name.to_ascii_lowercase());
        }
        let (lua_tags, lua_prefixes) = lint::lua_declared_tags(v.lua());
        declared.extend(lua_tags);
        prefixes.extend(lua_prefixes);
        vaults.push(VaultFacts {
            name: v.name.to_string(),
            name_span: v.name_span,
            open_tags: lint::open_tags(v, game),
            requested: lint::requested_tags(v),
        });
    }
    prefixes.retain(|p| !p.is_empty());
    Facts {
        declared,
        prefixes,
        vaults,
    }
}

/// The set's findings, per file (`files`: path and facts, in order).
pub fn findings(files: &[(&str, Facts)]) -> Vec<Vec<Diagnostic>> {
    let mut declared: HashMap<&str, usize> = HashMap::new();
    let mut requested: HashSet<&str> = HashSet::new();
    let mut prefixes: Vec<&str> = Vec::new();
    for (_, f) in files {
        for t in &f.declared {
            *declared.entry(t).or_default() += 1;
        }
        prefixes.extend(f.prefixes.iter().map(String::as_str));
        for v in &f.vaults {
            requested.extend(v.requested.iter().map(|(t, _)| t.as_str()));
        }
    }
    // Tags other vaults really use: declared twice or more, or declared and
    // asked for.
    let selectors = Selectors::new(
        declared
            .iter()
            .filter(|(t, n)| **n >= 2 || requested.contains(*t))
            .map(|(t, _)| t.to_string())
            .collect(),
    );
    // Names are unique across the set, first come first kept: per file,
    // its vaults (by index) whose name an earlier vault has.
    let mut names: HashMap<&str, &str> = HashMap::with_capacity(files.len() * 64);
    let with_twins: Vec<(&Facts, Vec<(usize, Diagnostic)>)> = files
        .iter()
        .map(|(path, f)| {
            let mut twins = Vec::new();
            for (i, v) in f.vaults.iter().enumerate() {
                match names.get(v.name.as_str()) {
                    Some(other) => twins.push((
                        i,
                        Diagnostic::error(
                            DUPLICATE,
                            format!("Map named '{}' already loaded at {other}", v.name),
                            v.name_span,
                        ),
                    )),
                    None => {
                        names.insert(&v.name, path);
                    }
                }
            }
            (f, twins)
        })
        .collect();
    // Per file on the workers: near misses are searched among thousands
    // of selectors.
    crate::parallel::each(&with_twins, |(f, twins)| {
        let mut diags = Vec::new();
        let mut memo = TagMemo::default();
        let mut twins = twins.iter().peekable();
        for (i, v) in f.vaults.iter().enumerate() {
            lint::tag_findings(&v.open_tags, Some(&selectors), &mut memo, &mut diags);
            missing_requests(&v.requested, &declared, &prefixes, &mut diags);
            if let Some((_, twin)) = twins.next_if(|(at, _)| *at == i) {
                diags.push(twin.clone());
            }
        }
        diags
    })
}

/// Tags a vault's Lua asks for that no vault of the set declares.
fn missing_requests(
    requested: &[(String, Span)],
    declared: &HashMap<&str, usize>,
    prefixes: &[&str],
    diags: &mut Vec<Diagnostic>,
) {
    for (t, span) in requested {
        if !declared.contains_key(t.as_str()) && !prefixes.iter().any(|p| t.starts_with(p)) {
            diags.push(
                Diagnostic::warning(
                    TAG_MISSING,
                    format!("Lua asks for maps tagged \"{t}\" but no vault declares that tag"),
                    *span,
                )
                .with_note("the request finds nothing and the game goes on silently"),
            );
        }
    }
}
