//! What the studio derives from the current document: the core's analysis
//! and the editor's view of it (UTF-16 offsets, as the browser counts).

use std::rc::Rc;

use vaultwright::{Analysis, LineIndex, Options};

use crate::codec::Utf16Map;
use crate::components::editor::EditorDiagnostic;
use crate::core_worker::protocol::Analyzed;
use crate::state::Doc;

/// The analysis of the current document and what the editor needs from it.
#[derive(Clone)]
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
    /// The core has not answered for this document yet: nothing is found
    /// in it because nothing has been read.
    pub waiting: bool,
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

/// The options a document is analysed with (crawl's library is held by
/// the core's worker and joins them there).
pub fn options_for(doc: &Doc, game: &vaultwright::GameNames) -> Options {
    Options {
        target: doc.target,
        explicit_target: doc.explicit_target,
        seed: doc.shown.seed,
        extra_warnings: false,
        file_name: doc.name.clone(),
        dialect: None,
        focus: Some(doc.shown.symbol),
        dcss_names: game.clone(),
        ..Options::default()
    }
}

impl Derived {
    /// The core's answer for `source`, analysed with `options`.
    pub fn from_answer(analyzed: Analyzed, source: Rc<String>, options: Options) -> Derived {
        crate::analysed();
        Derived {
            analysis: Rc::new(analyzed.analysis),
            lines: Rc::new(LineIndex::new(&source)),
            map16: Rc::new(Utf16Map::new(&source)),
            source,
            tokens: Rc::new(analyzed.tokens),
            diagnostics: Rc::new(analyzed.diagnostics),
            folds: Rc::new(analyzed.folds),
            trace: Rc::new(analyzed.trace),
            options: Rc::new(options),
            waiting: false,
        }
    }

    /// This analysis over `text`, the document as it is now, when the
    /// edits made since it was analysed kept its length (a stroke painted
    /// over a map keeps every row's): the next stroke then paints over the
    /// last one's cells, not over the text the analysis saw.
    pub fn over(&self, text: &str) -> Derived {
        if text.len() != self.source.len() || *self.source == text {
            return self.clone();
        }
        let source = Rc::new(text.to_string());
        Derived {
            lines: Rc::new(LineIndex::new(&source)),
            map16: Rc::new(Utf16Map::new(&source)),
            source,
            ..self.clone()
        }
    }

    /// What is shown of a document before the core has answered: its
    /// text, with nothing found in it yet.
    pub fn waiting(doc: &Doc, options: Options) -> Derived {
        let source = Rc::new(doc.source.clone());
        Derived {
            analysis: Rc::new(Analysis::empty(doc.language)),
            lines: Rc::new(LineIndex::new(&source)),
            map16: Rc::new(Utf16Map::new(&source)),
            source,
            tokens: Rc::default(),
            diagnostics: Rc::default(),
            folds: Rc::default(),
            trace: Rc::default(),
            options: Rc::new(options),
            waiting: true,
        }
    }
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
