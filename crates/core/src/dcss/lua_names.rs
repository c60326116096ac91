//! The names a vault gives through its Lua, checked as its headers are:
//! the vault's Lua is run once (seed 0, at the first place its DEPTH
//! allows) and every header function it called with a value not written
//! out at the call (through a helper: `decorative_floor(_G, 'p',
//! "flower patch")`) is linted like the header it stands for. The
//! finding lies on the vault's own string holding the name when there is
//! one, else on the vault's first Lua line. (Calls that write their value
//! out are checked where they are read: `lint::lint_header_calls`.)

use std::collections::HashSet;
use std::sync::Arc;

use super::ast::{Item, Vault};
use super::lint;
use super::run::expand::lua_made;
use super::run::{assigned_names, Library, Missing, PreparedFile, PreparedMap, VAULT_LIMITS};
use super::File;
use crate::lua::scan;
use vaultwright_model::diagnostic::{Diagnostic, Fix};
use vaultwright_model::source::Span;
use vaultwright_model::{DcssLibrary, GameNames};

/// crawl's Lua library as the checks are given it: the same copy is the
/// same library (compared by address, not by its megabyte of text).
#[derive(Clone)]
pub struct LibraryRef(pub DcssLibrary);

impl PartialEq for LibraryRef {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::fmt::Debug for LibraryRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LibraryRef({} files)", self.0.len())
    }
}

/// Whether a vault's Lua may give a name its call does not write out:
/// it hands the map to a helper (`_G`), calls a function of the file's
/// prelude, or calls a header function with anything but one string
/// written out. Only such Lua is run by the check as the game builds it
/// (a drawing runs all).
fn may_give_names(v: &Vault, helpers: &HashSet<&str>) -> bool {
    v.lua().any(|lua| {
        let code = &*lua.text;
        let toks = lua.tokens();
        let text = |i: usize| toks.get(i).map_or("", |t: &scan::Token| t.text(code));
        toks.iter().enumerate().any(|(i, t)| {
            if t.kind != scan::Kind::Word {
                return false;
            }
            let word = t.text(code);
            if word == "_G" || helpers.contains(word) {
                return true;
            }
            if lint::header_function(word).is_none() || text(i + 1) != "(" {
                return false;
            }
            let literal = toks
                .get(i + 2)
                .is_some_and(|s| matches!(s.kind, scan::Kind::String | scan::Kind::LongString));
            !(literal && text(i + 3) == ")")
        })
    })
}

/// Whether a vault's Lua may call a name that nothing defines: a call of
/// a plain name, or of a field of `dgn`, `crawl` or `you`, that neither
/// the game, crawl's library, nor the file defines or assigns. Only such
/// Lua is run for DC0314 (the run decides).
fn may_call_undefined(v: &Vault, file_names: &HashSet<String>, library: &Library) -> bool {
    v.lua().any(|lua| {
        scan::name_uses(&lua.text, lua.tokens()).any(|used| {
            let name = used.name;
            if !used.called || LUA_WORDS.contains(&name) || name.contains(':') {
                return false;
            }
            let known = file_names.contains(name) || library.assigns(name);
            let undefined = match name.split_once('.') {
                None => {
                    !known
                        && lint::header_function(name).is_none()
                        && !Missing::plain(name).game_defines()
                }
                Some((table @ ("dgn" | "crawl" | "you"), field)) if !field.contains('.') => {
                    !known && !Missing::field(table, field).game_defines()
                }
                Some(_) => false,
            };
            undefined
        })
    })
}

/// Lua's reserved words a `(` may follow.
const LUA_WORDS: &[&str] = &[
    "and", "elseif", "function", "if", "in", "local", "not", "or", "return", "until", "while",
];

/// The names the file's Lua defines or assigns, anywhere in it.
pub(super) fn file_assigned_names(file: &File) -> HashSet<String> {
    let preludes = file.prelude.iter();
    let vaults = file.vaults.iter().flat_map(|v| v.lua());
    preludes
        .chain(vaults)
        .flat_map(|lua| assigned_names(&lua.text))
        .collect()
}

/// The functions the file's prelude defines by a plain name.
fn prelude_functions<'a>(file: &'a File) -> HashSet<&'a str> {
    let mut names = HashSet::new();
    for lua in &file.prelude {
        let code = &*lua.text;
        let toks = lua.tokens();
        for pair in toks.windows(3) {
            let [f, name, after] = pair else { continue };
            if f.text(code) == "function"
                && name.kind == scan::Kind::Word
                && after.text(code) == "("
            {
                names.insert(name.text(code));
            }
        }
    }
    names
}

/// Per vault of `file` that `wanted` says to check (and whose Lua may
/// give names its calls do not write out), the findings about the names
/// its Lua gives.
pub fn findings(
    src: &str,
    file: &File,
    library: Option<&LibraryRef>,
    names: &GameNames,
    wanted: impl Fn(usize) -> bool + Sync,
) -> Vec<Vec<Diagnostic>> {
    let helpers = prelude_functions(file);
    let library = library.map(|l| Library::of(&l.0));
    let file_names = match &library {
        Some(_) => file_assigned_names(file),
        None => HashSet::new(),
    };
    // Each vault to run, and whether only as crawl's loader validates it
    // (`is_validating()` true, no SUBVAULT built): a map whose Lua gives
    // no name is still run so, with crawl's library at hand, for where its
    // Lua stops (`lua_stop`), as cheaply as crawl checks it at start.
    let todo: Vec<(usize, bool)> = (0..file.vaults.len())
        .filter(|&i| wanted(i))
        .filter_map(|i| {
            let v = &file.vaults[i];
            let names_run = v.has_lua()
                && (may_give_names(v, &helpers)
                    || library
                        .as_deref()
                        .is_some_and(|l| may_call_undefined(v, &file_names, l)));
            match names_run {
                true => Some((i, false)),
                false => (library.is_some() && v.is_run()).then_some((i, true)),
            }
        })
        .collect();
    let mut out = vec![Vec::new(); file.vaults.len()];
    if todo.is_empty() {
        return out;
    }
    let runs: Vec<(usize, Vec<Diagnostic>)> = crate::lua::sandbox::deep(|| {
        let prepared = Arc::new(PreparedFile::new(src, file, library.clone()));
        prepared.with_run(VAULT_LIMITS, |session| {
            todo.iter()
                .map(|&(i, validating)| {
                    let v = &file.vaults[i];
                    let map = PreparedMap::in_file(&prepared, v).validating(validating);
                    let outcome = session.run(&map, 0);
                    let mut found = vault_findings(src, prepared.lines(), v, &outcome, names);
                    if let Some(library) = &library {
                        found.extend(undefined_call(src, v, &outcome, library, &file_names));
                        found.extend(super::lua_stop::finding(src, prepared.lines(), v, &outcome));
                    }
                    (i, found)
                })
                .collect()
        })
    });
    for (i, found) in runs {
        out[i] = found;
    }
    out
}

fn vault_findings(
    src: &str,
    lines: &vaultwright_model::source::LineIndex,
    v: &Vault,
    outcome: &super::run::Outcome,
    names: &GameNames,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let fallback = v
        .items
        .iter()
        .find_map(|i| match i {
            Item::Lua(l) => Some(l.span),
            _ => None,
        })
        .unwrap_or(v.name_span);
    for (directive, line) in lua_made(src, lines, v, outcome, fallback) {
        let from = found.len();
        lint::lint_directive(&directive, names, &mut found);
        let through = match line {
            0 => "given by the vault's Lua, through crawl's library".to_string(),
            line => format!("given by the vault's Lua, through the call at line {line}"),
        };
        for d in &mut found[from..] {
            d.notes.push(through.clone());
        }
    }
    found.retain(|d| d.span != Span::new(0, 0));
    found
}

/// DC0314: the run stopped calling a name that neither crawl's library
/// (loaded), the file, nor the game defines: crawl's run of the map stops
/// there too. A name the game defines that this runner does not model
/// is no finding (the view says the run stopped).
fn undefined_call(
    src: &str,
    v: &Vault,
    outcome: &super::run::Outcome,
    library: &Library,
    file_names: &HashSet<String>,
) -> Option<Diagnostic> {
    let missing = outcome.missing.as_ref().filter(|m| !m.game_defines())?;
    let span = name_span(src, v, missing)?;
    let written = missing.written();
    if let Some(file) = &missing.unloaded_in {
        return Some(not_loaded(&written, file, span));
    }
    let diagnostic = Diagnostic::error(
        UNDEFINED_CALL,
        format!("`{written}` is defined neither by crawl's Lua library, nor by the game, nor in this file"),
        span,
    )
    .with_note("the vault's Lua stops here: crawl cannot build the map".to_string());
    let prefix = missing.table.as_ref().map(|t| format!("{t}."));
    let defined = library
        .assigned()
        .chain(file_names)
        .filter_map(|n| match &prefix {
            Some(p) => n.strip_prefix(p.as_str()),
            None => (!n.contains('.')).then_some(n.as_str()),
        });
    let candidates = missing.game_names().into_iter().chain(defined);
    let limit = (missing.name.len() / 4).clamp(1, 3);
    Some(
        match crate::suggest::nearest(&missing.name, candidates, limit) {
            Some(near) => diagnostic
                .with_note(format!(
                    "did you mean `{}{near}`?",
                    prefix.as_deref().unwrap_or("")
                ))
                .with_fix(Fix {
                    title: format!("change to {near}"),
                    span,
                    replacement: near.to_string(),
                }),
            None => diagnostic,
        },
    )
}

/// DC0314 for a name a file of crawl's library defines that the vault's
/// file never loads: crawl's run stops there too. The fix loads it at the
/// top of the file, as crawl's own vault files do.
fn not_loaded(written: &str, file: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        UNDEFINED_CALL,
        format!("`{written}` is defined in crawl's `{file}`, which this file does not load"),
        span,
    )
    .with_note("the vault's Lua stops here: crawl cannot build the map".to_string())
    .with_fix(Fix {
        title: format!("load {file} at the top of the file"),
        span: Span::new(0, 0),
        replacement: format!(": crawl_require(\"{file}\")\n"),
    })
}

/// The code of a call of a name nothing defines.
pub const UNDEFINED_CALL: &str = "DC0314";

/// Where the vault's Lua writes `missing` (`name`, or `table.name`).
fn name_span(src: &str, v: &Vault, missing: &super::run::Missing) -> Option<Span> {
    v.lua().find_map(|lua| {
        let code = &*lua.text;
        let toks = lua.tokens();
        toks.iter().enumerate().find_map(|(i, t)| {
            if t.kind != scan::Kind::Word || t.text(code) != missing.name {
                return None;
            }
            let before = |k: usize| {
                i.checked_sub(k)
                    .and_then(|j| toks.get(j))
                    .map_or("", |t: &scan::Token| t.text(code))
            };
            let fits = match &missing.table {
                Some(table) => before(1) == "." && before(2) == table,
                None => !matches!(before(1), "." | ":"),
            };
            let start = lua.text_at + t.start;
            let end = start + missing.name.len();
            (fits && src.get(start..end) == Some(missing.name.as_str()))
                .then(|| Span::new(start, end))
        })
    })
}
