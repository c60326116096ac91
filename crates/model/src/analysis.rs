//! Everything the core knows about one source text: what every format
//! lowers to, and all the CLI and the studio read.

use serde::{Deserialize, Serialize};

use crate::artifact::Artifact;
use crate::diagnostic::Diagnostic;
use crate::language::Language;
use crate::symbol::{Symbol, SymbolView};
use crate::target::Target;
use crate::token::Token;
use crate::visible;

/// Everything the core knows about one source text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    pub language: Language,
    /// The compiler a NetHack file was checked and compiled for: the one
    /// the options chose, or for a special level the one picked from its
    /// content (none for the other languages).
    #[serde(default)]
    pub target: Option<Target>,
    pub diagnostics: Vec<Diagnostic>,
    pub tokens: Vec<Token>,
    pub outline: Vec<Symbol>,
    pub views: Vec<SymbolView>,
    pub artifacts: Vec<Artifact>,
}

impl Analysis {
    /// The outline's names and details and the findings' messages and
    /// notes with bidirectional and control characters written as escapes
    /// (see [`visible`]): what the doors hand out.
    pub fn make_text_visible(&mut self) {
        for symbol in &mut self.outline {
            visible::make_visible(&mut symbol.name);
            visible::make_visible(&mut symbol.detail);
        }
        for d in &mut self.diagnostics {
            visible::make_visible(&mut d.message);
            d.notes.iter_mut().for_each(visible::make_visible);
        }
    }

    pub fn empty(language: Language) -> Analysis {
        Analysis {
            language,
            target: None,
            diagnostics: Vec::new(),
            tokens: Vec::new(),
            outline: Vec::new(),
            views: Vec::new(),
            artifacts: Vec::new(),
        }
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}
