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

mod analyze;
mod analyzer;
mod c_number;
pub mod convert;
mod dcss;
pub mod decimal;
mod detect;
pub mod dropin;
mod dungeon;
pub mod excerpt;
pub mod faces;
mod grid;
pub mod lev;
pub mod lua;

/// NetHack 5.0 level scripts run for a seed on the Lua engine, and the
/// rows of their maps, for what drives them from outside the core (tests,
/// benchmarks, fuzzing). Everything else of the format is reached
/// through `analyze` and the service, as for every other format.
pub mod level_scripts {
    pub use crate::nethack_lua::maps;
    pub use crate::nethack_lua::run::level::Level;
    pub use crate::nethack_lua::run::{run, Prepared, Realisation};
}
/// Where DCSS vaults are drawn for, for what compares the drawings with
/// crawl's from outside the core (the oracle test).
pub mod vault_places {
    pub use crate::dcss::run::Place;

    /// The place each vault of a `.des` source is drawn for (the first
    /// its DEPTH allows), by name, in file order.
    pub fn first_places(source: &str) -> Vec<(String, Place)> {
        crate::dcss::reader::read(source, false)
            .vaults
            .iter()
            .map(|v| (v.name.to_string(), Place::first_allowed(v)))
            .collect()
    }
}
pub mod dlua;
mod nethack;
mod nethack36;
mod nethack_common;
mod nethack_dialect;
mod nethack_lua;
pub mod paint;
pub mod parallel;
mod powder;
mod rlg327;
mod rng;
pub mod service;
mod suggest;
mod tsv;
pub mod walk;

pub use analyze::{analyze, pick_nethack_target};
pub use analyzer::Analyzer;
pub use detect::detect_language;
pub use lev::describe_lev_offset;
pub use rlg327::{Dialect as Rlg327Dialect, Form as Rlg327Form, Kind as Rlg327Kind};
// The model, under the names callers have always used.
pub use vaultwright_model::{codes, diagnostic, file_name, sorting, source, view, visible};
pub use vaultwright_model::{
    Analysis, Artifact, DcssLibrary, Diagnostic, GameNames, Language, LineCol, LineIndex, NameKind,
    Options, Severity, Span, Symbol, SymbolView, Target, Token, TokenKind, View,
};
