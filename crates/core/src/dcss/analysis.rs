//! From a file to the studio's and the CLI's `Analysis`: findings, the
//! outline, tokens and the focused vault's views; and many files as one
//! set, each on its own thread.

use super::ast::*;
use super::checks::{Checks, LintCache};
use super::{guidelines, lua_view, read_and_check, set, view};
use crate::parallel;
use vaultwright_model::view::View;
use vaultwright_model::{Analysis, Language, Options, Symbol, SymbolView};

pub fn analyze(src: &str, options: &Options, cache: Option<&mut LintCache>) -> Analysis {
    let f = read_and_check(src, &Checks::of(options), cache, !options.without_views);
    let mut analysis = Analysis::empty(Language::DcssDes);
    for (i, v) in f.vaults.iter().enumerate() {
        analysis.outline.push(vault_symbol(v));
        if !options.wants_views_of(i) {
            continue;
        }
        if let Some(tm) = lua_view::drawn(src, &f, v, options.seed, options) {
            analysis.views.push(SymbolView {
                symbol: i,
                view: View::TileMap(tm),
            });
        }
        if let Some(table) = view::events_table(v) {
            analysis.views.push(SymbolView {
                symbol: i,
                view: View::EntityTable(table),
            });
        }
    }
    let mut tokens = f.tokens;
    vaultwright_model::sorting::sort_by_key(&mut tokens, |t| (t.span.start, t.span.end));
    analysis.tokens = tokens;
    analysis.diagnostics = f.diagnostics;
    if !options.no_guidelines {
        for v in &f.vaults {
            analysis
                .diagnostics
                .extend(guidelines::notes(v, &options.file_name));
        }
    }
    analysis
}

/// Files checked as one set (vault names unique across them, requested
/// tags resolved across them): per file, its findings and its outline.
pub fn analyze_set(files: &[(&str, &str)], options: &Options) -> Vec<Analysis> {
    let checks = Checks {
        tags_by_set: true,
        ..Checks::of(options)
    };
    // Per file, on its own: parsed and checked, its outline, its guideline
    // notes (none of which the set's checks change) and the facts the set's
    // checks read; its syntax tree is freed before the next file is read.
    let each = parallel::each_largest_first(
        files,
        |(_, src)| src.len(),
        |&(name, src)| {
            let f = read_and_check(src, &checks, None, false);
            let mut a = Analysis::empty(Language::DcssDes);
            a.outline = f.vaults.iter().map(vault_symbol).collect();
            let facts = set::facts(&f, &checks.names);
            let mut notes = Vec::new();
            if !options.no_guidelines {
                for v in &f.vaults {
                    notes.extend(guidelines::notes(v, name));
                }
            }
            a.diagnostics = f.diagnostics;
            ((name, facts), (a, notes))
        },
    );
    let (facts, mut analyses): (Vec<_>, Vec<_>) = each.into_iter().unzip();
    for ((a, notes), found) in analyses.iter_mut().zip(set::findings(&facts)) {
        a.diagnostics.extend(found);
        a.diagnostics.append(notes);
    }
    analyses.into_iter().map(|(a, _)| a).collect()
}

/// A vault's outline entry: size, ORIENT, depth, tags, whether Lua runs.
fn vault_symbol(v: &Vault) -> Symbol {
    use std::fmt::Write;
    // Parts joined by " · ", written into one string (one per vault of a
    // set of thousands).
    let mut detail = String::new();
    fn part(detail: &mut String) {
        if !detail.is_empty() {
            detail.push_str(" · ");
        }
    }
    fn joined<'s>(detail: &mut String, items: impl Iterator<Item = &'s str>, sep: &str) {
        for (i, item) in items.enumerate() {
            if i > 0 {
                detail.push_str(sep);
            }
            detail.push_str(item);
        }
    }
    let (w, h) = v.size();
    if h > 0 {
        let _ = write!(detail, "{w}x{h}");
    }
    if let Some(o) = v.first_arg("ORIENT").filter(|o| !o.is_empty()) {
        part(&mut detail);
        detail.push_str(o);
    }
    let mut depths = v
        .directives("DEPTH")
        .filter_map(|d| d.args.first().map(|(s, _)| &**s))
        .peekable();
    if depths.peek().is_some() {
        part(&mut detail);
        joined(&mut detail, depths, ", ");
    } else if let Some(dd) = &v.default_depth {
        part(&mut detail);
        let _ = write!(detail, "{dd} (default)");
    }
    let mut tags = v
        .directives("TAGS")
        .flat_map(|d| d.args.iter().map(|(s, _)| &**s))
        .peekable();
    if tags.peek().is_some() {
        part(&mut detail);
        detail.push_str("tags: ");
        joined(&mut detail, tags, " ");
    }
    if v.has_lua() {
        part(&mut detail);
        detail.push_str("Lua");
    }
    Symbol {
        name: v.name.to_string(),
        kind: "vault".into(),
        span: v.span,
        name_span: v.name_span,
        detail,
    }
}
