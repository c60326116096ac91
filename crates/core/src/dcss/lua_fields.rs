//! DC0314 for a call of a field of one of crawl's library tables that
//! nothing defines: `omnigrid.omnigrid_paint{…}` (trunk's
//! `layout_grids.des`, whose omnigrid defines `paint` and `subdivide`
//! but no `omnigrid_paint`), which stops crawl's run of every map that
//! reaches it. Read from the text, not from a run: such a call often
//! lies in a function the file's prelude defines for the library to
//! call back, which a run of one map may never reach.

use std::collections::HashSet;

use super::lua_names::{file_assigned_names, UNDEFINED_CALL};
use super::run::{Library, Missing};
use super::File;
use crate::lua::scan;
use vaultwright_model::diagnostic::{Diagnostic, Fix};
use vaultwright_model::source::Span;

/// The findings for `file`'s Lua, given crawl's library.
pub fn undefined_library_fields(src: &str, file: &File, library: &Library) -> Vec<Diagnostic> {
    let assigned = file_assigned_names(file);
    let bound = bound_names(file);
    let mut found = Vec::new();
    for lua in file.lua() {
        for used in scan::name_uses(&lua.text, lua.tokens()) {
            let (name, called, field_at) = (used.name, used.called, used.last);
            let Some((table, field)) = name.split_once('.') else {
                continue;
            };
            // A table of the library's own (not the game's), which this
            // file neither shadows nor extends: vault files extend some
            // (`callback`), each for all, as crawl runs them all.
            let library_table = library.makes_table(table)
                && !Missing::field(table, field).game_defines()
                && !assigned.contains(table)
                && !bound.contains(table)
                && !extends(&assigned, table);
            let undefined = called
                && library_table
                && !field.contains(['.', ':'])
                && !library.assigns(name)
                && !assigned.contains(name);
            if !undefined {
                continue;
            }
            let Some(token) = lua.tokens().get(field_at) else {
                continue;
            };
            let start = lua.text_at + token.start;
            let span = Span::new(start, start + field.len());
            if src.get(start..start + field.len()) == Some(field) {
                found.push(finding(library, &assigned, table, field, span));
            }
        }
    }
    found
}

/// Whether the file defines a field of `table`.
fn extends(assigned: &HashSet<String>, table: &str) -> bool {
    assigned.iter().any(|n| {
        n.strip_prefix(table)
            .is_some_and(|rest| rest.starts_with('.'))
    })
}

fn finding(
    library: &Library,
    assigned: &HashSet<String>,
    table: &str,
    field: &str,
    span: Span,
) -> Diagnostic {
    let diagnostic = Diagnostic::error(
        UNDEFINED_CALL,
        format!("`{table}.{field}` is defined neither by crawl's Lua library nor in this file"),
        span,
    )
    .with_note(format!(
        "crawl's run of a map stops at this call: its library's `{table}` has no `{field}`"
    ));
    let prefix = format!("{table}.");
    let fields = library
        .assigned()
        .chain(assigned)
        .filter_map(|n| n.strip_prefix(prefix.as_str()))
        .filter(|f| !f.contains('.'));
    let limit = (field.len() / 4).clamp(1, 3);
    match crate::suggest::nearest(field, fields, limit) {
        Some(near) => diagnostic
            .with_note(format!("did you mean `{table}.{near}`?"))
            .with_fix(Fix {
                title: format!("change to {near}"),
                span,
                replacement: near.to_string(),
            }),
        None => diagnostic,
    }
}

/// The names the file's functions take as parameters and its `for`
/// loops bind: a parameter named as a library table (`function
/// f(layout)`) is not that table.
fn bound_names(file: &File) -> HashSet<String> {
    let mut names = HashSet::new();
    for lua in file.lua() {
        let code = &*lua.text;
        let toks = lua.tokens();
        let text = |t: &scan::Token| t.text(code);
        for (i, t) in toks.iter().enumerate() {
            let bound = match text(t) {
                // The list opens at the first `(` after the name.
                "function" => toks[i..]
                    .iter()
                    .position(|t| text(t) == "(")
                    .map(|open| &toks[i + open + 1..])
                    .map(|rest| {
                        let end = rest.iter().position(|t| text(t) == ")");
                        &rest[..end.unwrap_or(rest.len())]
                    }),
                "for" => toks.get(i + 1..).map(|rest| {
                    let end = rest.iter().position(|t| matches!(text(t), "in" | "="));
                    &rest[..end.unwrap_or(rest.len())]
                }),
                _ => None,
            };
            for p in bound.unwrap_or(&[]) {
                if p.kind == scan::Kind::Word {
                    names.insert(text(p).to_string());
                }
            }
        }
    }
    names
}
