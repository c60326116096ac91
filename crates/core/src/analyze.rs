//! The pure door: one source text analysed by the format it is written
//! in. Nothing is kept between calls; an [`crate::Analyzer`] keeps what can
//! be reused.

use vaultwright_model::{Analysis, Diagnostic, Language, Options, Target};

use crate::{dcss, dungeon, nethack, nethack36, nethack_dialect, nethack_lua, powder, rlg327};

/// Analyses one source text: parse, check, lower to views and artifacts.
/// Never panics and never fails: problems are diagnostics. Pure: nothing
/// is kept between calls (an [`crate::Analyzer`] keeps what can be reused).
pub fn analyze(source: &str, language: Language, options: &Options) -> Analysis {
    let mut analysis = analyze_language(source, language, options);
    analysis.make_text_visible();
    analysis
}

fn analyze_language(source: &str, language: Language, options: &Options) -> Analysis {
    match language {
        Language::NethackDes => analyze_nethack_des(source, options),
        Language::NethackDungeon => Analysis {
            target: Some(options.target),
            ..dungeon::analyze(source, options)
        },
        Language::PowderMap => powder::analyze(source, options),
        Language::DcssDes => dcss::analyze(source, options, None),
        Language::Rlg327Monsters => rlg327::analyze(source, rlg327::Kind::Monster, options),
        Language::Rlg327Objects => rlg327::analyze(source, rlg327::Kind::Object, options),
        Language::NethackLua => nethack_lua::analyze(source, options),
    }
}

/// A NetHack special level, by the compiler of the language it is written
/// in, with the note that says which was picked.
fn analyze_nethack_des(source: &str, options: &Options) -> Analysis {
    let picked = nethack_dialect::pick(source, options);
    let target = picked.target;
    let mut analysis = if picked.target.is_36() {
        nethack36::analyze::analyze(source, options)
    } else if picked.target == options.target {
        nethack::analyze(source, options)
    } else {
        let options = Options {
            target: picked.target,
            ..options.clone()
        };
        nethack::analyze(source, &options)
    };
    analysis.diagnostics = with_dialect_findings(picked.diagnostics, analysis.diagnostics);
    analysis.target = Some(target);
    analysis
}

/// The compiler a NetHack special level is read by — the one `options`
/// names when `explicit_target`, else the one its content is written for —
/// with the note that says which and why, and the mixed-file warning.
/// [`analyze`] says the same in [`Analysis::target`]; this is the pick
/// alone, without the compile.
pub fn pick_nethack_target(source: &str, options: &Options) -> (Target, Vec<Diagnostic>) {
    let picked = nethack_dialect::pick(source, options);
    (picked.target, picked.diagnostics)
}

/// The pick's note and the mixed-file warning first, then the compiler's
/// findings with the other-language ones put among them by position.
fn with_dialect_findings(picked: Vec<Diagnostic>, compiler: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let (head, mut ours): (Vec<Diagnostic>, Vec<Diagnostic>) = picked
        .into_iter()
        .partition(|d| d.code == nethack_dialect::PICKED || d.code == nethack_dialect::MIXED);
    vaultwright_model::sorting::sort_by_key(&mut ours, |d| d.span.start);
    let mut out = head;
    let mut ours = ours.into_iter().peekable();
    for d in compiler {
        while let Some(o) = ours.next_if(|o| o.span.start <= d.span.start) {
            out.push(o);
        }
        out.push(d);
    }
    out.extend(ours);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_shows_names_and_messages_as_they_are() {
        let src = "NAME: evil\u{202e}tluav\nMONS: orc\u{2066}\nMAP\n.1.\nENDMAP\n";
        let a = analyze(src, Language::DcssDes, &Options::default());
        let shown: Vec<&str> = a.outline.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(shown, ["evil\\u{202e}tluav"]);
        for d in &a.diagnostics {
            assert!(
                !d.message
                    .chars()
                    .any(vaultwright_model::visible::is_hidden_control),
                "{}",
                d.message
            );
        }
    }
}
