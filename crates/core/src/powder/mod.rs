//! POWDER room maps (`rooms/*.map`) and the output of POWDER's `map2c`.
//!
//! The reader classifies lines exactly as `map2c` does (its warnings are
//! kept verbatim for the `map2c` drop-in), then checks what `map2c` leaves
//! to the C compiler or the game: names against the game's lists, one
//! SQUARE per cell, a legend for every map character, well-formed globals.
//! Output is written only when the generated C would compile.
//!
//! `read.rs` is map2c's line classification; `analyze` reads rows in a
//! recovering mode, where a row map2c rejects, a stray line between rows
//! or a second map is one warning and the map goes on, while the C text
//! (`map2c.rs`, `convert`) is always map2c's own reading. `check.rs` holds
//! the names against `names`, which reads the game's lists from `data/`;
//! `view.rs` draws the room.
//!
//! No parser library: the reading is map2c's own line classification, a
//! byte loop that follows its C rather than a grammar.

pub mod catalog;
mod check;
mod map2c;
pub mod names;
mod read;
mod view;

use self::check::check;
pub use self::map2c::{file_name_finding, map2c, prefix_of};
use self::read::{read, read_with, Rows};
pub(crate) use self::view::square_look;
use self::view::view;

use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::view::View;
use vaultwright_model::{Analysis, Artifact, Language, Options, Symbol, SymbolView, Token};

pub const ORIGINAL_WARNING: &str = "PW0100";
pub const ORIGINAL_FATAL: &str = "PW0101";
pub const CRASH: &str = "PW0102";
pub const UNKNOWN_NAME: &str = "PW0200";
pub const SQUARE_COUNT: &str = "PW0201";
pub const NO_LEGEND: &str = "PW0202";
pub const BAD_VALUE: &str = "PW0203";
pub const EMPTY_MAP: &str = "PW0204";
pub const LONG_LINE: &str = "PW0205";
pub const BORDER: &str = "PW0206";
pub const EXPLICIT_NONE: &str = "PW0207";
pub const CRLF: &str = "PW0208";
pub const LEVELS: &str = "PW0209";
pub const FILE_NAME: &str = "PW0210";

/// The attribute kinds, in `map2c`'s prefix-test order.
const KINDS: &[(&str, &str)] = &[
    ("MOBLEVEL", "moblevel"),
    ("MOB", "mob"),
    ("SQUAREFLAG", "squareflag"),
    ("INTRINSIC", "intrinsic"),
    ("SQUARE", "square"),
    ("ITEMTYPE", "itemtype"),
    ("ITEM", "item"),
    ("SIGNPOST", "signpost"),
];

/// The lists in the order `map2c` writes them.
const LIST_ORDER: &[&str] = &[
    "mob",
    "item",
    "itemtype",
    "moblevel",
    "intrinsic",
    "squareflag",
    "signpost",
];

fn kind_of(token: &str) -> Option<&'static str> {
    KINDS
        .iter()
        .find(|(prefix, _)| token.starts_with(prefix))
        .map(|(_, k)| *k)
}

fn names_of(kind: &str) -> &'static [&'static str] {
    match kind {
        "square" => names::SQUARE.rows(),
        "squareflag" => names::SQUAREFLAG.rows(),
        "mob" => names::MOB.rows(),
        "moblevel" => names::MOBLEVEL.rows(),
        "item" => names::ITEM.rows(),
        "itemtype" => names::ITEMTYPE.rows(),
        "intrinsic" => names::INTRINSIC.rows(),
        "signpost" => names::SIGNPOST.rows(),
        _ => &[],
    }
}

#[derive(Clone, Debug)]
pub struct LegendToken {
    pub letter: u8,
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct MapBlock {
    pub width: usize,
    /// Cells of each row (without the `|` delimiters) and the row's span.
    pub rows: Vec<(Span, Vec<u8>)>,
    pub top: Span,
}

#[derive(Clone, Debug)]
pub struct Globals {
    pub minlevel: i64,
    pub maxlevel: i64,
    pub rarity: i64,
    pub mandatory: i64,
    pub onlyonce: i64,
    pub allowstairs: i64,
    pub allowgeneration: i64,
    pub allowdig: i64,
    pub allowitems: i64,
    pub allowtele: i64,
    pub x: i64,
    pub y: i64,
    pub quest: String,
    /// Where each global was last set.
    pub spans: Vec<(&'static str, Span)>,
}

impl Default for Globals {
    fn default() -> Self {
        Globals {
            minlevel: -1,
            maxlevel: -1,
            rarity: 100,
            mandatory: 0,
            onlyonce: 0,
            allowstairs: 1,
            allowgeneration: 1,
            allowdig: 1,
            allowitems: 1,
            allowtele: 1,
            x: -1,
            y: -1,
            quest: "-1".into(),
            spans: Vec::new(),
        }
    }
}

pub struct Room {
    pub legend: Vec<LegendToken>,
    pub map: Option<MapBlock>,
    pub globals: Globals,
    pub diagnostics: Vec<Diagnostic>,
    pub tokens: Vec<Token>,
    /// `map2c` would stop without output (no legend or no map) or crash.
    pub fatal: bool,
}

/// The `map2c` drop-in: diagnostics, and the C text when it compiles.
pub fn convert(src: &str, input_name: &str, prefix: &str) -> (Vec<Diagnostic>, Option<String>) {
    let mut room = read(src);
    if !room.fatal {
        check(&mut room);
    }
    let ok = !room.diagnostics.iter().any(Diagnostic::is_error) && room.map.is_some();
    let text = ok.then(|| map2c(&room, prefix, input_name));
    (room.diagnostics, text)
}

pub fn analyze(src: &str, options: &Options) -> Analysis {
    // The views and findings come from the recovering reading; the C text
    // is map2c's, from its own reading.
    let mut room = read_with(src, Rows::Recovering);
    if !room.fatal {
        check(&mut room);
    }
    let original = read(src);
    let mut analysis = Analysis::empty(Language::PowderMap);
    let prefix = prefix_of(&options.file_name);
    let g = &room.globals;
    if let Some(map) = &room.map {
        let mut detail = vec![format!("{}x{}", map.width, map.rows.len())];
        if g.minlevel >= 0 || g.maxlevel >= 0 {
            detail.push(format!("levels {}..{}", g.minlevel, g.maxlevel));
        }
        detail.push(format!("rarity {}", g.rarity));
        if g.mandatory != 0 {
            detail.push("mandatory".into());
        }
        if g.quest != "-1" {
            detail.push(format!("quest {}", g.quest));
        }
        if g.x >= 0 || g.y >= 0 {
            detail.push(format!("pos {} {}", g.x, g.y));
        }
        for (name, v) in [
            ("stairs", g.allowstairs),
            ("generation", g.allowgeneration),
            ("dig", g.allowdig),
            ("items", g.allowitems),
            ("tele", g.allowtele),
        ] {
            if v == 0 {
                detail.push(format!("no {name}"));
            }
        }
        analysis.outline.push(Symbol {
            name: prefix.clone(),
            kind: "room".into(),
            span: Span::new(0, src.len()),
            name_span: map.top,
            detail: detail.join(", "),
        });
        if let Some(tm) = view(&room).filter(|_| options.wants_views_of(0)) {
            analysis.views.push(SymbolView {
                symbol: 0,
                view: View::TileMap(tm),
            });
        }
    }
    let has_error = room.diagnostics.iter().any(Diagnostic::is_error);
    if !has_error && room.map.is_some() {
        let input = if options.file_name.is_empty() {
            format!("{prefix}.map")
        } else {
            options
                .file_name
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or(&options.file_name)
                .to_string()
        };
        analysis.artifacts.push(Artifact {
            name: format!("{prefix}.cpp"),
            symbol: Some(0),
            bytes: map2c(&original, &prefix, &input).into_bytes(),
        });
    }
    vaultwright_model::sorting::sort_by_key(&mut room.tokens, |t| (t.span.start, t.span.end));
    analysis.tokens = room.tokens;
    analysis.diagnostics = room.diagnostics;
    if !options.file_name.is_empty() {
        analysis
            .diagnostics
            .extend(file_name_finding(&options.file_name));
    }
    analysis
}

/// map2c's stderr for the drop-in: its own messages, then our errors.
pub fn map2c_messages(diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.original || d.is_error())
        .map(|d| d.message.clone())
        .collect()
}

#[cfg(test)]
mod tests;
