//! Every fix the checker has for a finding, as an edit: the fixes a
//! finding carries (the dialect rewrites), the names its notes propose
//! ("did you mean …?"), and for NetHack names, which the originals'
//! messages do not correct, the nearest name of the file's compiler.

use super::line::LineAt;
use super::{nethack, Document};
use vaultwright_model::diagnostic::Fix;
use vaultwright_model::{Diagnostic, Language, Span};

/// The fixes of the document's findings: (index of the finding, fix).
pub fn fixes(doc: Document) -> Vec<(usize, Fix)> {
    doc.analysis
        .diagnostics
        .iter()
        .enumerate()
        .filter_map(|(i, d)| Some((i, fix_of(doc, d)?)))
        .collect()
}

fn fix_of(doc: Document, d: &Diagnostic) -> Option<Fix> {
    if let Some(fix) = &d.fix {
        return Some(fix.clone());
    }
    if let Some(fix) = proposed(doc, d) {
        return Some(fix);
    }
    match doc.analysis.language {
        Language::NethackDes => nearest_nethack_name(doc, d),
        _ => None,
    }
}

/// A note's "did you mean X?": X replaces the name the message quotes,
/// where it stands in the finding's span.
fn proposed(doc: Document, d: &Diagnostic) -> Option<Fix> {
    let wanted = d
        .notes
        .iter()
        .find_map(|n| quoted(n.split("did you mean").nth(1)?))?;
    let wrong = quoted(&d.message)?;
    let text = doc.source.get(d.span.range())?;
    let at = text.find(wrong)? + d.span.start as usize;
    Some(Fix {
        title: format!("change to {wanted}"),
        span: Span::new(at, at + wrong.len()),
        replacement: wanted.to_string(),
    })
}

/// The first text between `"…"` or `` `…` `` in `s`.
fn quoted(s: &str) -> Option<&str> {
    let open = s.find(['"', '`'])?;
    let mark = s[open..].chars().next()?;
    let rest = &s[open + 1..];
    let close = rest.find(mark)?;
    Some(&rest[..close]).filter(|q| !q.is_empty())
}

/// A monster, object, trap or room type name the compiler does not know,
/// in a string of the finding's span: the nearest known name.
fn nearest_nethack_name(doc: Document, d: &Diagnostic) -> Option<Fix> {
    let text = doc.source.get(d.span.range())?;
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    let line = LineAt::new(doc.source, d.span.start as usize);
    let names = nethack::names_for_statement(doc, line.statement()?)?;
    if names.iter().any(|n| n == inner) {
        return None;
    }
    let limit = (inner.chars().count() / 3).clamp(1, 3);
    let best = crate::suggest::nearest_folded(
        inner,
        names.iter().map(String::as_str),
        limit,
        str::to_ascii_lowercase,
    )?;
    let start = d.span.start as usize + 1;
    Some(Fix {
        title: format!("change to \"{best}\""),
        span: Span::new(start, start + inner.len()),
        replacement: best.to_string(),
    })
}
