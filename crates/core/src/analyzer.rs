//! The door for callers that analyse again and again (the studio after
//! each keystroke) or several files at once (`check DIR`): an object the
//! caller owns and keeps, holding what may be reused between analyses, as
//! rust-analyzer's `AnalysisHost` does. [`crate::analyze`] stays pure: it
//! is one fresh `Analyzer`'s first analysis.

use crate::dcss;
use vaultwright_model::{Analysis, Language, Options};

/// Keeps per-vault DCSS lint results between analyses of one document.
#[derive(Clone, Debug, Default)]
pub struct Analyzer {
    dcss_lint: dcss::LintCache,
}

impl Analyzer {
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// [`crate::analyze`], reusing what the previous analyses left: the
    /// result is the same as a fresh analysis's (tested), only faster.
    pub fn analyze(&mut self, source: &str, language: Language, options: &Options) -> Analysis {
        match language {
            Language::DcssDes => {
                let mut analysis = dcss::analyze(source, options, Some(&mut self.dcss_lint));
                analysis.make_text_visible();
                analysis
            }
            _ => crate::analyze(source, language, options),
        }
    }

    /// Several files of one language as a set, one analysis per file (its
    /// findings and outline; no views or tokens). DCSS files are checked
    /// together: vault names must be unique across them and requested tags
    /// are resolved across them. Other languages are analysed one by one.
    pub fn analyze_set(
        &mut self,
        files: &[(&str, &str)],
        language: Language,
        options: &Options,
    ) -> Vec<Analysis> {
        match language {
            Language::DcssDes => {
                let mut set = dcss::analyze_set(files, options);
                set.iter_mut().for_each(Analysis::make_text_visible);
                set
            }
            _ => files
                .iter()
                .map(|(_, src)| crate::analyze(src, language, options))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VAULTS: &str = "NAME: first\nMONS: orc\nMAP\n.1.\nENDMAP\n\n\
                          NAME: second\nKFEAT: z = altar_zin\nMAP\n.x.\nENDMAP\n";

    /// The same document edited three times: the kept analyzer and a fresh
    /// analysis agree every time (the cache only saves work).
    #[test]
    fn a_kept_analyzer_agrees_with_fresh_analyses() {
        let edits = [
            VAULTS.to_string(),
            format!("\n{VAULTS}"),
            VAULTS.replace(".x.", ".z."),
        ];
        let options = Options::default();
        let mut analyzer = Analyzer::new();
        for text in &edits {
            let kept = analyzer.analyze(text, Language::DcssDes, &options);
            let fresh = crate::analyze(text, Language::DcssDes, &options);
            assert_eq!(kept, fresh);
        }
        let before = crate::analyze(&edits[0], Language::DcssDes, &options);
        let after = crate::analyze(&edits[2], Language::DcssDes, &options);
        assert_ne!(
            before.diagnostics, after.diagnostics,
            "the edit must change a finding"
        );
    }
}
