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
use super::run::{FileRun, Library, PreparedFile, PreparedMap, VAULT_LIMITS};
use super::File;
use crate::lua::scan;
use vaultwright_model::diagnostic::Diagnostic;
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
/// written out. Only such Lua is run by the check (a drawing runs all).
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
    let todo: Vec<usize> = (0..file.vaults.len())
        .filter(|&i| {
            let v = &file.vaults[i];
            v.has_lua() && wanted(i) && may_give_names(v, &helpers)
        })
        .collect();
    let mut out = vec![Vec::new(); file.vaults.len()];
    if todo.is_empty() {
        return out;
    }
    let library = library.map(|l| Library::of(&l.0));
    let runs: Vec<(usize, Vec<Diagnostic>)> = crate::lua::sandbox::deep(|| {
        let prepared = Arc::new(PreparedFile::new(src, file, library));
        let mut session = FileRun::new(&prepared, VAULT_LIMITS);
        todo.iter()
            .map(|&i| {
                let v = &file.vaults[i];
                let outcome = session.run(&PreparedMap::in_file(&prepared, v), 0);
                (i, vault_findings(src, v, &outcome, names))
            })
            .collect()
    });
    for (i, found) in runs {
        out[i] = found;
    }
    out
}

fn vault_findings(
    src: &str,
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
    for (directive, line) in lua_made(src, v, outcome, fallback) {
        let from = found.len();
        lint::lint_directive(&directive, names, &mut found);
        for d in &mut found[from..] {
            d.notes.push(format!(
                "given by the vault's Lua, through the call at line {line}"
            ));
        }
    }
    found.retain(|d| d.span != Span::new(0, 0));
    found
}
