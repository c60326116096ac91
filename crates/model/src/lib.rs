//! The model: the plain data every Vaultwright format lowers to, and all
//! the CLI, the studio and the codec read. It stands on the ground floor:
//! it imports nothing of the project, and every format imports it.
//!
//! - what is read: [`Language`], [`Target`], [`Options`] (with the
//!   [`GameNames`] a DCSS game adds);
//! - where: [`Span`]s and [`LineIndex`] over the source text;
//! - what is found: [`Diagnostic`]s, [`Token`]s, the outline of
//!   [`Symbol`]s with their [`View`]s, compiled [`Artifact`]s, all held by
//!   one [`Analysis`];
//! - what the language service answers: [`service`] (completions, hover
//!   cards, occurrences, folds);
//! - how a text is shown safely: [`visible`], [`file_name`].

pub mod analysis;
pub mod artifact;
pub mod codes;
pub mod diagnostic;
pub mod file_name;
pub mod game_names;
pub mod language;
pub mod options;
pub mod service;
pub mod sorting;
pub mod source;
pub mod symbol;
pub mod target;
pub mod token;
pub mod view;
pub mod visible;

pub use analysis::Analysis;
pub use artifact::Artifact;
pub use diagnostic::{Diagnostic, Fix, Severity};
pub use game_names::{GameNames, NameKind};
pub use language::Language;
pub use options::{DcssLibrary, Options};
pub use source::{LineCol, LineIndex, Span};
pub use symbol::{Symbol, SymbolView};
pub use target::Target;
pub use token::{Token, TokenKind};
pub use view::View;
