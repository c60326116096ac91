//! What the studio derives from the current document: the core's analysis
//! and the editor's view of it (UTF-16 offsets, as the browser counts).

use std::rc::Rc;

use vaultwright::service;
use vaultwright::{Analysis, Analyzer, LineIndex, Options, Severity, View};

use crate::bridge;
use crate::codec::Utf16Map;
use crate::components::editor::{EditorDiagnostic, EditorFix};
use crate::state::Doc;

/// The analysis of the current document and what the editor needs from it.
pub struct Derived {
    pub analysis: Rc<Analysis>,
    pub source: Rc<String>,
    pub lines: Rc<LineIndex>,
    pub map16: Rc<Utf16Map>,
    pub tokens: Rc<Vec<u32>>,
    pub diagnostics: Rc<Vec<EditorDiagnostic>>,
    /// What folds, flat `[from, to, …]` in UTF-16 offsets.
    pub folds: Rc<Vec<u32>>,
    /// What the focused level's run did, for the editor, as JSON
    /// (`{unrun: [[from, to]], hints: [[at, text]], values: [[from, to,
    /// text]]}` in UTF-16 offsets), empty when there is no run.
    pub trace: Rc<String>,
    /// The options the analysis was made with (the seed grid realises the
    /// same entry with others seeds).
    pub options: Rc<Options>,
}

/// One derivation is one analysis: compared by identity, not content.
impl PartialEq for Derived {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.analysis, &other.analysis)
    }
}

impl Derived {
    /// The outline entry whose definition holds a byte offset.
    pub fn symbol_at(&self, offset: usize) -> Option<usize> {
        self.analysis
            .outline
            .iter()
            .position(|s| (s.span.start as usize) <= offset && offset < s.span.end as usize)
    }

    /// Byte range of the line holding `offset`, never empty.
    pub fn line_around(&self, offset: usize) -> (usize, usize) {
        let line = self.lines.line_of(offset.min(self.source.len()));
        let r = self.lines.line_range(&self.source, line);
        (r.start, r.end.max(r.start + 1))
    }
}

pub fn derive(
    analyzer: &mut Analyzer,
    doc: &Doc,
    game: &vaultwright::GameNames,
    library: Option<vaultwright::DcssLibrary>,
) -> Derived {
    let start = now();
    crate::analysed();
    let options = Options {
        target: doc.target,
        explicit_target: doc.explicit_target,
        seed: doc.shown.seed,
        extra_warnings: false,
        file_name: doc.name.clone(),
        dialect: None,
        focus: Some(doc.shown.symbol),
        dcss_names: game.clone(),
        dcss_library: library,
        ..Options::default()
    };
    // Re-analysis after a keystroke re-lints only the vaults that changed.
    let analysis = analyzer.analyze(&doc.source, doc.language, &options);
    if start > 0.0 {
        bridge::measure("vw-core", start);
    }
    let map16 = Utf16Map::new(&doc.source);
    let tokens = editor_tokens(&analysis, &map16);
    let document = service::Document {
        source: &doc.source,
        analysis: &analysis,
    };
    let diagnostics = editor_diagnostics(&analysis, &service::fixes(document), &map16);
    let folds = service::folds(document)
        .iter()
        .flat_map(|f| {
            [
                map16.to_utf16(f.span.start as usize),
                map16.to_utf16(f.span.end as usize),
            ]
        })
        .collect();
    let trace = editor_trace(&analysis, doc.shown.symbol, &map16);
    if start > 0.0 {
        bridge::measure("vw-analyze", start);
        // The editor holds back a burst of keys for about this long.
        bridge::analysis_took(bridge::now() - start);
    }
    Derived {
        analysis: Rc::new(analysis),
        lines: Rc::new(LineIndex::new(&doc.source)),
        source: Rc::new(doc.source.clone()),
        map16: Rc::new(map16),
        tokens: Rc::new(tokens),
        diagnostics: Rc::new(diagnostics),
        folds: Rc::new(folds),
        trace: Rc::new(trace),
        options: Rc::new(options),
    }
}

#[derive(serde::Serialize)]
struct EditorTrace {
    unrun: Vec<(u32, u32)>,
    hints: Vec<(u32, String)>,
    values: Vec<(u32, u32, String)>,
}

/// The run trace of the focused entry's tile map (a 3.6 level's), for the
/// editor.
fn editor_trace(analysis: &Analysis, symbol: usize, map16: &Utf16Map) -> String {
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
fn editor_tokens(analysis: &Analysis, map16: &Utf16Map) -> Vec<u32> {
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
            },
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

/// The editor's findings marked as the problems list's filter shows them
/// (`scope`: the entry at the cursor, for "only here"): the same list
/// when every one is shown.
pub fn shown_diagnostics(
    d: &Derived,
    filter: crate::state::ProblemFilter,
    scope: Option<vaultwright::Span>,
) -> Rc<Vec<EditorDiagnostic>> {
    let keeps: Vec<bool> = d
        .analysis
        .diagnostics
        .iter()
        .map(|x| filter.keeps(x, scope))
        .collect();
    if keeps.iter().all(|&k| k) {
        return d.diagnostics.clone();
    }
    Rc::new(
        d.diagnostics
            .iter()
            .zip(keeps)
            .map(|(e, shown)| EditorDiagnostic { shown, ..e.clone() })
            .collect(),
    )
}

fn now() -> f64 {
    if cfg!(target_arch = "wasm32") {
        bridge::now()
    } else {
        0.0
    }
}
