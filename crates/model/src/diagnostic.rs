//! Diagnostics: a stable code, a severity, a message and where it applies.

use serde::{Deserialize, Serialize};

use crate::source::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One finding about a source text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// Stable identifier, e.g. `NH0101`; documented in `ARCHITECTURE.md`.
    pub code: String,
    pub severity: Severity,
    pub message: String,
    /// The primary span the message is about.
    pub span: Span,
    /// Further explanations (shown after the snippet).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The line number the original tool prints for this message, when the
    /// message is one the original tool gives (its line numbers follow the
    /// original's lexer, which can differ from `span`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compat_line: Option<u32>,
    /// True when the original tool would print this message verbatim.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub original: bool,
    /// A rewrite that fixes it, for the studio to apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
}

/// Replace the text at `span` with `replacement` (an empty span inserts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fix {
    /// What applying it does, for a button: "rewrite in the 3.6 form".
    pub title: String,
    pub span: Span,
    pub replacement: String,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &str, message: impl Into<String>, span: Span) -> Self {
        // Every code is registered, with its meaning (see `codes`): tests
        // and fuzzing run with debug assertions and find one that is not.
        debug_assert!(
            crate::codes::lookup(code).is_some(),
            "diagnostic code {code} is not in codes.tsv"
        );
        Diagnostic {
            code: code.to_string(),
            severity,
            message: message.into(),
            span,
            notes: Vec::new(),
            compat_line: None,
            original: false,
            fix: None,
        }
    }

    pub fn error(code: &str, message: impl Into<String>, span: Span) -> Self {
        Self::new(Severity::Error, code, message, span)
    }

    pub fn warning(code: &str, message: impl Into<String>, span: Span) -> Self {
        Self::new(Severity::Warning, code, message, span)
    }

    pub fn note_at(code: &str, message: impl Into<String>, span: Span) -> Self {
        Self::new(Severity::Note, code, message, span)
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Marks the message as one the original tool prints at `line`.
    pub fn original_at(mut self, line: u32) -> Self {
        self.compat_line = Some(line);
        self.original = true;
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
