//! The checks of a read file: ORIENT, branches, map sizes, then per vault
//! the lint, triggerables and seeded checks (kept per vault text by the
//! caller's cache), then the file-wide triggerable checks.

use std::collections::HashMap;

use super::ast::*;
use super::lua_names::{self, LibraryRef};
use super::{
    fields, lint, marker_lines, seeded, tables, triggerables, BAD_BRANCH, BAD_ORIENT, LEVEL_HEIGHT,
    LEVEL_WIDTH, MAP_SIZE, ORIENTS,
};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::{GameNames, NameKind, Options};

/// What the checks of [`super::read_and_check`] are told about the user's game and
/// how far to look.
#[derive(Clone, Debug, PartialEq)]
pub struct Checks {
    pub names: GameNames,
    /// Seeds each vault is realised with for the seeded checks (none: 0).
    pub seeds: u32,
    /// Tags are checked by the set of files together (`set::findings`),
    /// so each file leaves them.
    pub tags_by_set: bool,
    /// crawl's Lua library, which the vaults' Lua runs with.
    pub library: Option<LibraryRef>,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            names: GameNames::default(),
            seeds: seeded::DEFAULT_SEEDS,
            tags_by_set: false,
            library: None,
        }
    }
}

impl Checks {
    pub fn of(options: &Options) -> Checks {
        Checks {
            names: options.dcss_names.clone(),
            seeds: options.reachability_seeds.unwrap_or(seeded::DEFAULT_SEEDS),
            tags_by_set: false,
            library: options.dcss_library.clone().map(LibraryRef),
        }
    }
}

/// Lint findings per vault text (spans relative to the vault), kept by the
/// caller between analyses of one document: re-analysing a file of
/// hundreds of vaults after a keystroke re-lints only the vault that
/// changed. Only the vaults of the latest analysis are kept.
#[derive(Clone, Debug, Default)]
pub struct LintCache {
    by_vault_text: HashMap<String, Vec<Diagnostic>>,
    /// What the kept findings were checked with: other names or seeds
    /// make them stale.
    checks: Checks,
    /// The file's Lua outside its vaults, which every vault's Lua runs
    /// after: another prelude makes the kept findings stale.
    prelude: String,
}

/// Branch names in a DEPTH or PLACE value (`D:2-5, !Lair, Orc:$`).
fn branch_errors(text: &str, span: Span, names: &GameNames, diags: &mut Vec<Diagnostic>) {
    for item in fields(text, |b| b == b',') {
        let item = item.trim().trim_start_matches('!');
        let branch = fields(item, |b| b == b':').next().unwrap_or("").trim();
        if branch.is_empty()
            || branch == "*"
            || branch.eq_ignore_ascii_case("any")
            || branch.as_bytes()[0].is_ascii_digit()
        {
            continue;
        }
        if !tables::BRANCHES.contains(&branch) && !names.knows(NameKind::Branch, branch) {
            diags.push(Diagnostic::error(
                BAD_BRANCH,
                format!("Unknown branch: '{branch}'"),
                span,
            ));
        }
    }
}

pub fn check(f: &mut File, src: &str, checks: &Checks, cache: Option<&mut LintCache>) {
    let names = &checks.names;
    let mut diags = Vec::new();
    for v in &f.vaults {
        // One pass over the directives for the ORIENT and branch checks.
        for item in &v.items {
            let Item::Directive(d) = item else { continue };
            match d.kw {
                Kw::Orient => {
                    let o = d.args.first().map(|(s, _)| &**s).unwrap_or("");
                    if !o.is_empty() && !ORIENTS.contains(&o) {
                        let mut diag =
                            Diagnostic::error(BAD_ORIENT, format!("Bad orient: {o}"), d.args[0].1);
                        if o == "center" {
                            diag.notes.push("the spelling is `centre`".into());
                        }
                        diags.push(diag);
                    }
                }
                Kw::Depth | Kw::Place => {
                    for (text, span) in &d.args {
                        branch_errors(text, *span, names, &mut diags);
                    }
                }
                _ => {}
            }
        }
        // Size against the ORIENT limits (only when ORIENT is written and
        // no Lua could change it).
        let (w, h) = v.size();
        if let Some(o) = v.first_arg("ORIENT") {
            let (mw, mh) = match o {
                "encompass" => (80, 70),
                "north" | "south" => (80, 46),
                "east" | "west" => (53, 70),
                _ => (53, 46),
            };
            if w > mw || h > mh {
                diags.push(Diagnostic::error(
                    MAP_SIZE,
                    format!("map is {w}x{h}; ORIENT: {o} allows at most {mw}x{mh}"),
                    v.name_span,
                ));
            }
        } else if w > LEVEL_WIDTH || h > LEVEL_HEIGHT {
            // Whatever Lua sets the ORIENT to, no map exceeds the level.
            diags.push(Diagnostic::error(
                MAP_SIZE,
                format!(
                    "Map '{}' is too big: {w}x{h} - max {LEVEL_WIDTH}x{LEVEL_HEIGHT}",
                    v.name
                ),
                v.name_span,
            ));
        }
    }
    let prelude_from = diags.len();
    for l in &f.prelude {
        lint::lint_lua(l, &[], names, &mut diags);
    }
    lint::note_name_tables(&mut diags[prelude_from..]);
    if let Some(library) = checks.library.as_ref() {
        let library = super::run::Library::of(&library.0);
        diags.extend(super::lua_fields::undefined_library_fields(
            src, f, &library,
        ));
    }
    {
        let prelude: String = f.prelude.iter().map(|l| &*l.text).collect();
        let mut cache = cache.map(|c| {
            if c.checks != *checks || c.prelude != prelude {
                c.by_vault_text.clear();
                c.checks = checks.clone();
                c.prelude = prelude;
            }
            &mut c.by_vault_text
        });
        let vault_text = |v: &Vault| src.get(v.span.start as usize..v.span.end as usize);
        let kept = |i: usize| {
            let known = cache.as_ref().zip(vault_text(&f.vaults[i]));
            known.is_some_and(|(c, t)| c.contains_key(t))
        };
        let mut lua_found =
            lua_names::findings(src, f, checks.library.as_ref(), names, |i| !kept(i)).into_iter();
        let mut next = cache.as_ref().map(|_| HashMap::new());
        let mut memo = lint::TagMemo::default();
        for v in &f.vaults {
            let from_lua = lua_found.next().unwrap_or_default();
            let at = v.span.start;
            let text = src.get(at as usize..v.span.end as usize);
            let hit = text.and_then(|t| cache.as_mut()?.remove(t).map(|d| (t, d)));
            // Findings about names the vault's Lua gave say the file line
            // of the call: kept by the vault's text alone they would name
            // a stale line once an edit above moves the vault.
            let lua_gave_findings = hit.is_none() && !from_lua.is_empty();
            let (text, found) = match hit {
                Some((t, d)) => (Some(t), d),
                None => {
                    let mut found = Vec::new();
                    if !checks.tags_by_set {
                        lint::tag_findings(&lint::open_tags(v, names), None, &mut memo, &mut found);
                    }
                    lint::lint_specs(v, names, &mut found);
                    lint::lint_transforms(v, &mut found);
                    found.extend(from_lua);
                    triggerables::check(v, names, &mut found);
                    seeded::check(v, checks.seeds, &mut found);
                    lint::note_name_tables(&mut found);
                    // Kept relative to the vault's start.
                    for d in &mut found {
                        d.span = Span::new(
                            d.span.start.saturating_sub(at) as usize,
                            d.span.end.saturating_sub(at) as usize,
                        );
                    }
                    (text, found)
                }
            };
            let placed = |mut d: Diagnostic| {
                d.span = Span::new((d.span.start + at) as usize, (d.span.end + at) as usize);
                d
            };
            // Copies only when the cache keeps the relative originals.
            match (next.as_mut(), text) {
                (Some(next), Some(t)) if !lua_gave_findings => {
                    diags.extend(found.iter().cloned().map(placed));
                    next.insert(t.to_string(), found);
                }
                _ => diags.extend(found.into_iter().map(placed)),
            }
        }
        if let (Some(cache), Some(next)) = (cache, next) {
            *cache = next;
        }
    }
    triggerables::check_file(f, src, &mut diags);
    marker_lines::check(f, names, &mut diags);
    f.diagnostics.extend(diags);
}
