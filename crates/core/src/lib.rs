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
pub mod diagnostic;
pub mod dropin;
mod dungeon;
pub mod faces;
pub mod file_name;
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
pub mod sorting;
pub mod source;
pub mod view;
pub mod visible;

use serde::{Deserialize, Serialize};

pub use analyzer::Analyzer;
pub use dcss::names::{GameNames, NameKind};
pub use diagnostic::{Diagnostic, Severity};
pub use rlg327::{Dialect as Rlg327Dialect, Form as Rlg327Form, Kind as Rlg327Kind};
pub use source::{LineCol, LineIndex, Span};
pub use view::View;

/// The languages the core knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Language {
    /// NetHack special levels (`lev_comp` input).
    NethackDes,
    /// NetHack dungeon description (`dungeon.def` / `dungeon.pdf`).
    NethackDungeon,
    /// Dungeon Crawl Stone Soup vault files.
    DcssDes,
    /// POWDER room maps.
    PowderMap,
    /// RLG327 monster descriptions.
    Rlg327Monsters,
    /// RLG327 object descriptions.
    Rlg327Objects,
}

impl Language {
    pub const ALL: [Language; 6] = [
        Language::NethackDes,
        Language::NethackDungeon,
        Language::DcssDes,
        Language::PowderMap,
        Language::Rlg327Monsters,
        Language::Rlg327Objects,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Language::NethackDes => "nethack-des",
            Language::NethackDungeon => "nethack-dungeon",
            Language::DcssDes => "dcss-des",
            Language::PowderMap => "powder-map",
            Language::Rlg327Monsters => "rlg327-monsters",
            Language::Rlg327Objects => "rlg327-objects",
        }
    }

    pub fn from_name(name: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.name() == name)
    }

    pub fn title(self) -> &'static str {
        match self {
            Language::NethackDes => "NetHack special level",
            Language::NethackDungeon => "NetHack dungeon description",
            Language::DcssDes => "DCSS vault file",
            Language::PowderMap => "POWDER room",
            Language::Rlg327Monsters => "RLG327 monster descriptions",
            Language::Rlg327Objects => "RLG327 object descriptions",
        }
    }

    /// Whether the core can analyse this language yet.
    pub fn is_supported(self) -> bool {
        true
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

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

/// Which compiler a NetHack file is checked and compiled for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    #[default]
    #[serde(rename = "nethack-3.4.3")]
    Nethack343,
    #[serde(rename = "nethack-3.2.3")]
    Nethack323,
    #[serde(rename = "nethack-3.2.2")]
    Nethack322,
    /// NetHack 3.6.6: a different language and `.lev` format (see
    /// [`nethack36`]); the dungeon compiler only changes its header.
    #[serde(rename = "nethack-3.6.6")]
    Nethack366,
}

impl Target {
    pub const ALL: [Target; 4] = [
        Target::Nethack343,
        Target::Nethack323,
        Target::Nethack322,
        Target::Nethack366,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Nethack343 => "nethack-3.4.3",
            Target::Nethack323 => "nethack-3.2.3",
            Target::Nethack322 => "nethack-3.2.2",
            Target::Nethack366 => "nethack-3.6.6",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// True for the 3.2 dialect (both 3.2.2 and 3.2.3).
    pub fn is_32(self) -> bool {
        matches!(self, Target::Nethack323 | Target::Nethack322)
    }

    /// True for the 3.6 language (variables, control flow, selections).
    pub fn is_36(self) -> bool {
        matches!(self, Target::Nethack366)
    }
}

/// Options for [`analyze`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub target: Target,
    /// The user chose `target` (`--target`, the studio's selector): a
    /// NetHack special level is compiled for it as it is. When false, its
    /// language (3.4.3/3.2 or 3.6) is picked from its content, `target`
    /// being the choice among the classic ones.
    #[serde(default)]
    pub explicit_target: bool,
    /// Seed for views with random parts.
    pub seed: u64,
    /// The original's `-w`: extra warnings.
    pub extra_warnings: bool,
    /// Name of the file analysed, if any: some formats derive output names
    /// from it (`dgn_comp`: `x.pdf` → `x`) or choose a dialect by it
    /// (`.def` is preprocessed, `.pdf` is not).
    #[serde(default)]
    pub file_name: String,
    /// RLG327 dialect (`s2016`, `f2017`, `y2018`); detected when absent.
    #[serde(default)]
    pub dialect: Option<String>,
    /// Only build the views of this outline entry (files with hundreds of
    /// entries stay fast to re-analyse while typing); all when absent.
    #[serde(default)]
    pub focus: Option<usize>,
    /// Build no views at all: `check` and `compile` want findings and
    /// files, and a file of thousands of levels then costs memory in
    /// proportion to its text, not to its drawings.
    #[serde(default)]
    pub without_views: bool,
    /// DCSS: what the user's game knows beyond the checker's tables (names
    /// files, the old trap feature names).
    #[serde(default)]
    pub dcss_names: GameNames,
    /// DCSS: leave out the notes of the written guidelines (header order,
    /// arrival names, simple.des, ghost vault sizes).
    #[serde(default)]
    pub no_guidelines: bool,
    /// DCSS: how many seeds each vault is realised with to find cells its
    /// transforms cut off and markers placed nowhere (the default when
    /// absent; none when 0).
    #[serde(default)]
    pub reachability_seeds: Option<u32>,
}

impl Options {
    /// Whether the views of outline entry `symbol` are wanted.
    pub fn wants_views_of(&self, symbol: usize) -> bool {
        !self.without_views && self.focus.is_none_or(|f| f == symbol)
    }
}

/// A token for highlighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TokenKind {
    Keyword,
    /// A value keyword (`random`, `lit`, `north` …).
    Constant,
    String,
    Number,
    Char,
    Comment,
    Punctuation,
    /// A row of a map drawing.
    MapRow,
    /// Embedded code (Lua), shown but never run.
    Code,
    Invalid,
}

/// An entry in the outline: a level, a vault, a dungeon, an entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbol {
    pub name: String,
    /// "maze level", "room level", "vault", "dungeon", "monster", …
    pub kind: String,
    /// The whole definition.
    pub span: Span,
    /// The name itself.
    pub name_span: Span,
    /// One line of facts (size, flags, tags).
    #[serde(default)]
    pub detail: String,
}

/// A view belonging to one outline entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SymbolView {
    /// Index into [`Analysis::outline`].
    pub symbol: usize,
    pub view: View,
}

/// A compiled output file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Artifact {
    pub name: String,
    /// Index into [`Analysis::outline`] of what produced it, if any.
    pub symbol: Option<usize>,
    pub bytes: Vec<u8>,
}

/// Everything the core knows about one source text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    pub language: Language,
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
    pub(crate) fn make_text_visible(&mut self) {
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
    crate::sorting::sort_by_key(&mut ours, |d| d.span.start);
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
}
