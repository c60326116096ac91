//! Vaultwright core: parsers, checkers and compilers for roguelike level
//! formats. Every format lowers to the same plain-data [`Analysis`]; the CLI
//! and the studio only read that.
//!
//! ```
//! use vaultwright::{analyze, Language, Options};
//! let src = "MAZE:\"tiny\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n";
//! let analysis = analyze(src, Language::NethackDes, &Options::default());
//! assert!(analysis.diagnostics.is_empty());
//! assert_eq!(analysis.artifacts[0].name, "tiny.lev");
//! ```

mod analyzer;
mod dcss;
pub mod decimal;
pub mod dropin;
mod dungeon;
pub mod faces;
mod grid;
mod nethack;
pub mod nethack36;
pub mod paint;
/// NetHack 3.4.3 and 3.2.x `.lev` files read back field by field.
pub mod lev {
    pub use crate::nethack::decode::{decode, dialect_of, meaning, DecodeError, Decoded, Field};
    pub use crate::nethack::decompile::{decompile, Decompiled};
    pub use crate::nethack::dialect::Dialect;
    pub use crate::nethack::encode::LevelFile;
}
pub mod nethack_dialect;
pub mod parallel;
mod powder;
mod rlg327;
mod rng;
mod tsv;

pub use analyzer::Analyzer;
pub use rlg327::{Dialect as Rlg327Dialect, Form as Rlg327Form, Kind as Rlg327Kind};
// The model, under the names callers have always used.
pub use vaultwright_model::{diagnostic, file_name, sorting, source, view, visible};
pub use vaultwright_model::{
    Analysis, Artifact, Diagnostic, GameNames, Language, LineCol, LineIndex, NameKind, Options,
    Severity, Span, Symbol, SymbolView, Target, Token, TokenKind, View,
};

/// The record and field at a byte offset of a `.lev` file (as a 3.4.3 or
/// 3.2 `lev_comp` writes it): "part 0, monster 3: x". For reading a binary
/// next to its source, and for messages about a differing byte.
pub fn describe_lev_offset(bytes: &[u8], offset: usize) -> String {
    nethack::encode::describe_offset_in(bytes, offset)
}

/// Guesses the language from a file name and its content.
pub fn detect_language(path: &str, content: &str) -> Option<Language> {
    let lower = path.to_ascii_lowercase();
    let file = lower.rsplit(['/', '\\']).next().unwrap_or(&lower);
    if file.ends_with(".map") {
        return Some(Language::PowderMap);
    }
    if file.ends_with(".def") || file.ends_with(".pdf") || file == "dungeon" {
        return Some(Language::NethackDungeon);
    }
    // The first 4 KiB, cut where no character is split.
    let head: &str = content
        .get(..source::floor_char_boundary(content, 4096))
        .unwrap_or(content);
    if head.contains("RLG327 MONSTER DESCRIPTION") {
        return Some(Language::Rlg327Monsters);
    }
    if head.contains("RLG327 OBJECT DESCRIPTION") {
        return Some(Language::Rlg327Objects);
    }
    if file.ends_with(".des") || file.ends_with(".lua") || !file.contains('.') {
        // Most files of a large DCSS set hold neither word: a substring
        // search rules them out before any line is looked at.
        let nethack = (memchr::memmem::find(content.as_bytes(), b"MAZE").is_some()
            || memchr::memmem::find(content.as_bytes(), b"LEVEL").is_some())
            && content.lines().any(starts_a_nethack_level);
        let dcss = !nethack
            && content.lines().any(|l| {
                let l = l.trim_start();
                l.starts_with("NAME:")
                    || l.starts_with("default-depth:")
                    || l.starts_with("{{")
                    || l.starts_with("lua {{")
                    || (l.starts_with(": ") && file.ends_with(".des"))
            });
        if nethack {
            return Some(Language::NethackDes);
        }
        if dcss || content.contains("ENDMAP") && !content.contains("GEOMETRY") {
            return Some(Language::DcssDes);
        }
        if file.ends_with(".des") {
            return Some(Language::NethackDes);
        }
    }
    if file.ends_with(".txt") {
        if content.contains("BEGIN MONSTER") {
            return Some(Language::Rlg327Monsters);
        }
        if content.contains("BEGIN OBJECT") {
            return Some(Language::Rlg327Objects);
        }
    }
    None
}

/// `MAZE` or `LEVEL`, blanks, then `:` (lev_comp allows any blanks
/// between a keyword and its colon, tabs included).
fn starts_a_nethack_level(line: &str) -> bool {
    let l = line.trim_start();
    ["MAZE", "LEVEL"].iter().any(|kw| {
        l.strip_prefix(kw)
            .is_some_and(|rest| rest.trim_start_matches([' ', '\t']).starts_with(':'))
    })
}

/// Analyses one source text: parse, check, lower to views and artifacts.
/// Never panics and never fails: problems are diagnostics. Pure: nothing
/// is kept between calls (an [`Analyzer`] keeps what can be reused).
pub fn analyze(source: &str, language: Language, options: &Options) -> Analysis {
    let mut analysis = analyze_language(source, language, options);
    analysis.make_text_visible();
    analysis
}

fn analyze_language(source: &str, language: Language, options: &Options) -> Analysis {
    match language {
        Language::NethackDes => analyze_nethack_des(source, options),
        Language::NethackDungeon => dungeon::analyze(source, options),
        Language::PowderMap => powder::analyze(source, options),
        Language::DcssDes => dcss::analyze(source, options, None),
        Language::Rlg327Monsters => rlg327::analyze(source, rlg327::Kind::Monster, options),
        Language::Rlg327Objects => rlg327::analyze(source, rlg327::Kind::Object, options),
    }
}

/// A NetHack special level, by the compiler of the language it is written
/// in, with the note that says which was picked.
fn analyze_nethack_des(source: &str, options: &Options) -> Analysis {
    let picked = nethack_dialect::pick(source, options);
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
    analysis
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

    /// `head` padded so that its byte 4096 falls inside an "é" (bytes
    /// 4095..4097), then `tail`.
    fn split_at_4096(head: &str, tail: &str) -> String {
        let mut content = head.to_string();
        content.push_str(&"x".repeat(4095 - head.len()));
        content.push('é');
        content.push_str(tail);
        content
    }

    #[test]
    fn a_level_keyword_with_blanks_before_its_colon_is_nethack() {
        let content =
            "# x\nLEVEL  :\t\"Q0avTp\"\nROOM: \"ordinary\", random, random, random, random\nMAP\n";
        assert_eq!(
            detect_language("vd0204.des", content),
            Some(Language::NethackDes)
        );
        assert_eq!(
            detect_language("v.des", "NAME: x\nMAP\n.\nENDMAP\n"),
            Some(Language::DcssDes)
        );
    }

    #[test]
    fn detect_language_cuts_its_head_at_a_character_boundary() {
        let header = "RLG327 MONSTER DESCRIPTION 1\n";
        let early = split_at_4096(header, "\n");
        assert!(!early.is_char_boundary(4096));
        assert_eq!(
            detect_language("monsters.txt", &early),
            Some(Language::Rlg327Monsters)
        );
        // A header past the first 4 KiB is not looked at.
        let late = split_at_4096("", &format!("\n{header}"));
        assert!(!late.is_char_boundary(4096));
        assert_eq!(detect_language("monsters.txt", &late), None);
    }

    #[test]
    fn an_analysis_shows_names_and_messages_as_they_are() {
        let src = "NAME: evil\u{202e}tluav\nMONS: orc\u{2066}\nMAP\n.1.\nENDMAP\n";
        let a = analyze(src, Language::DcssDes, &Options::default());
        let shown: Vec<&str> = a.outline.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(shown, ["evil\\u{202e}tluav"]);
        for d in &a.diagnostics {
            assert!(
                !d.message.chars().any(visible::is_hidden_control),
                "{}",
                d.message
            );
        }
    }
}
