//! What the editor takes from an analysis, made in the core's worker:
//! tokens, findings with their fixes, folds and a level's run trace, all
//! in UTF-16 offsets (as the browser counts).

use vaultwright::service;
use vaultwright::{Analysis, Severity, View};

use crate::codec::Utf16Map;
use crate::components::editor::{EditorDiagnostic, EditorFix};

/// Folds as the editor takes them: flat `[from, to, …]`.
pub fn editor_folds(source: &str, analysis: &Analysis, map16: &Utf16Map) -> Vec<u32> {
    let document = service::Document { source, analysis };
    service::folds(document)
        .iter()
        .flat_map(|f| {
            [
                map16.to_utf16(f.span.start as usize),
                map16.to_utf16(f.span.end as usize),
            ]
        })
        .collect()
}

/// The findings for the editor, each with the fixes the service offers.
pub fn editor_findings(
    source: &str,
    analysis: &Analysis,
    map16: &Utf16Map,
) -> Vec<EditorDiagnostic> {
    let document = service::Document { source, analysis };
    editor_diagnostics(analysis, &service::fixes(document), map16)
}

#[derive(serde::Serialize)]
struct EditorTrace {
    unrun: Vec<(u32, u32)>,
    hints: Vec<(u32, String)>,
    values: Vec<(u32, u32, String)>,
}

/// The run trace of the focused entry's tile map (a 3.6 level's), for the
/// editor.
pub fn editor_trace(analysis: &Analysis, symbol: usize, map16: &Utf16Map) -> String {
    let trace = analysis
        .views
        .iter()
        .filter(|v| v.symbol == symbol)
        .find_map(|v| match &v.view {
            View::TileMap(m) if !m.trace.is_empty() => Some(&m.trace),
            _ => None,
        });
    let Some(trace) = trace else {
        return String::new();
    };
    let at = |o: u32| map16.to_utf16(o as usize);
    let out = EditorTrace {
        unrun: trace
            .unrun
            .iter()
            .map(|s| (at(s.start), at(s.end)))
            .collect(),
        hints: trace
            .hints
            .iter()
            .map(|h| (at(h.span.start), h.text.clone()))
            .collect(),
        values: trace
            .values
            .iter()
            .map(|v| (at(v.span.start), at(v.span.end), v.text.clone()))
            .collect(),
    };
    serde_json::to_string(&out).unwrap_or_default()
}

/// Flat `[from, to, kind, …]` in UTF-16 offsets, as the editor takes them.
pub fn editor_tokens(analysis: &Analysis, map16: &Utf16Map) -> Vec<u32> {
    let mut tokens = Vec::with_capacity(analysis.tokens.len() * 3);
    for t in &analysis.tokens {
        tokens.push(map16.to_utf16(t.span.start as usize));
        tokens.push(map16.to_utf16(t.span.end as usize));
        tokens.push(t.kind as u32);
    }
    tokens
}

/// The findings for the editor, each with its fixes as edits.
fn editor_diagnostics(
    analysis: &Analysis,
    fixes: &[(usize, vaultwright::diagnostic::Fix)],
    map16: &Utf16Map,
) -> Vec<EditorDiagnostic> {
    analysis
        .diagnostics
        .iter()
        .enumerate()
        .map(|(i, d)| EditorDiagnostic {
            fixes: fixes
                .iter()
                .filter(|(of, _)| *of == i)
                .map(|(_, f)| EditorFix {
                    title: f.title.clone(),
                    from: map16.to_utf16(f.span.start as usize),
                    to: map16.to_utf16(f.span.end as usize),
                    insert: f.replacement.clone(),
                })
                .collect(),
            from: map16.to_utf16(d.span.start as usize),
            to: map16.to_utf16(d.span.end as usize),
            severity: match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            }
            .to_string(),
            message: if d.notes.is_empty() {
                d.message.clone()
            } else {
                format!("{} ({})", d.message, d.notes.join("; "))
            },
            code: d.code.clone(),
            shown: true,
        })
        .collect()
}
