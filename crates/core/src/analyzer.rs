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
            _ => crate::analyze::analyze(source, language, options),
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
                .map(|(_, src)| crate::analyze::analyze(src, language, options))
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
            let fresh = crate::analyze::analyze(text, Language::DcssDes, &options);
            assert_eq!(kept, fresh);
        }
        let before = crate::analyze::analyze(&edits[0], Language::DcssDes, &options);
        let after = crate::analyze::analyze(&edits[2], Language::DcssDes, &options);
        assert_ne!(
            before.diagnostics, after.diagnostics,
            "the edit must change a finding"
        );
    }
}

/// A DCSS set: the cross-file findings of `dcss::set`.
#[cfg(test)]
mod set_tests {
    use super::Analyzer;
    use vaultwright_model::{Language, Options};

    /// (file index, code, the text its span covers) of every set finding.
    fn set_findings(files: &[(&str, &str)]) -> Vec<(usize, String, String)> {
        let analyses = Analyzer::new().analyze_set(files, Language::DcssDes, &Options::default());
        let mut out = Vec::new();
        for (i, (a, (_, src))) in analyses.iter().zip(files).enumerate() {
            for d in &a.diagnostics {
                if ["DC0101", "DC0200", "DC0201", "DC0202"].contains(&d.code.as_str()) {
                    let text = &src[d.span.start as usize..d.span.end as usize];
                    out.push((i, d.code.clone(), text.to_string()));
                }
            }
        }
        out
    }

    #[test]
    fn tags_names_and_requests_are_resolved_across_the_files() {
        let a = "NAME: pool_a\nTAGS: my_pool\nMAP\n.\nENDMAP\n\n\
                 NAME: twice\nTAGS: my_poool q\nMAP\n.\nENDMAP\n";
        let b = "NAME: asker\n: dgn.place_maps{tag = \"my_pool\"}\n\
                 SUBVAULT: X : no_such_vault_tag\nMAP\nX\nENDMAP\n\n\
                 NAME: twice\nMAP\n.\nENDMAP\n";
        let found = set_findings(&[("a.des", a), ("b.des", b)]);
        // `my_pool` is asked for in b, so it is a selector and `my_poool`
        // in a is a near miss of it; `q` is a one-letter tag; the subvault
        // asks for a tag no file declares; `twice` is named in both files.
        assert!(
            found.contains(&(0, "DC0200".into(), "my_poool".into())),
            "{found:?}"
        );
        assert!(
            found.contains(&(0, "DC0201".into(), "q".into())),
            "{found:?}"
        );
        assert!(
            found.iter().any(|(i, c, _)| *i == 1 && c == "DC0202"),
            "{found:?}"
        );
        assert!(
            found.contains(&(1, "DC0101".into(), "twice".into())),
            "{found:?}"
        );
        assert!(!found.iter().any(|(_, _, t)| t == "my_pool"), "{found:?}");
        // Alone, file a has no selector `my_pool`: its near miss is not
        // reported (no engine tag is near it), and nothing is named twice.
        let alone = set_findings(&[("a.des", a)]);
        assert!(
            !alone.iter().any(|(_, c, _)| c == "DC0200" || c == "DC0101"),
            "{alone:?}"
        );
    }
}
