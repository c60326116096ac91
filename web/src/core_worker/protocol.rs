//! What the page asks the core's worker and what it answers: plain data,
//! carried as JSON text (one `postMessage` of a string each way).
//!
//! Every request carries a ticket; its answer carries the same one, so the
//! page knows which question an answer is to (and drops it when a newer
//! question of the same kind has been asked since).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use vaultwright::view::{TileMap, View};
use vaultwright::{Analysis, Language, Options};

use super::wire::WireCells;
use crate::components::editor::EditorDiagnostic;

/// A question for the core, with its ticket.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Envelope {
    pub ticket: u64,
    pub request: Request,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Request {
    /// crawl's Lua library the next analyses run with (the worker keeps
    /// it; a restarted worker is sent it again), or none.
    Library(Option<BTreeMap<String, String>>),
    /// The analysis of one document and what the editor needs of it.
    Analyze {
        source: String,
        language: Language,
        options: Options,
    },
    /// The focused entry drawn with each seed (the seed grid).
    Faces {
        source: String,
        language: Language,
        options: Options,
        seeds: Vec<u64>,
    },
    /// A classic special level made NetHack 5.0 Lua (one text per level).
    ToLua { source: String, options: Options },
    /// The timing harness: milliseconds to analyse each DCSS text cold.
    Bench { texts: Vec<String> },
    /// The browser tests: keep the worker busy for `ms`, as a script
    /// that never ends would (the page must stop it and go on).
    Spin { ms: f64 },
    /// The documents open beside the shown one (a DCSS tag defined in
    /// one is found from another), sent when one of them changes.
    Documents(Vec<OpenDoc>),
    /// A question of the editor's language service about the document
    /// analysed last.
    Service(ServiceCall),
}

/// A document open beside the shown one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpenDoc {
    pub id: String,
    pub name: String,
    pub language: Language,
    pub revision: u64,
    pub source: String,
}

/// A question of the language service from the editor: `kind`
/// (`complete`, `hover`, `definition`, `references`, `goto`,
/// `prepare-rename`, `rename`, `undo-rename`, `redo-rename`), a UTF-16
/// offset, an argument (the new name; the document of a `goto`) and the
/// length of the editor's text (an analysis of another length is of an
/// older text).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ServiceCall {
    pub kind: String,
    pub offset: u32,
    pub arg: String,
    pub length: u32,
}

/// The service's answer: JSON for the editor (empty for none), and what
/// the page does besides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ServiceAnswer {
    pub json: String,
    pub effects: Vec<Effect>,
}

/// What the page does after a service answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// Move the cursor to a byte offset of the shown document.
    Jump(usize),
    /// Open another document at a byte offset.
    GoTo {
        id: String,
        offset: usize,
    },
    /// A rename reached another document: its new text.
    ReplaceOtherDoc {
        id: String,
        text: String,
    },
    /// The other documents a rename changed (undoing it in the shown one
    /// undoes it in these).
    Renamed(Vec<OtherText>),
    Message(String),
}

/// One other document's text before and after a rename reached it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OtherText {
    pub id: String,
    pub before: String,
    pub after: String,
}

/// An answer, with the ticket of its question.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reply {
    pub ticket: u64,
    pub answer: Answer,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// The worker has loaded and takes questions (sent once, ticket 0).
    Ready,
    /// The library is held.
    Library,
    Analyzed(Box<Analyzed>),
    /// The faces, and their cells as they cross (see `wire`).
    Faces(Vec<Option<TileMap>>, #[serde(default)] Vec<WireCells>),
    ToLua(Result<Converted, Refusal>),
    Bench(f64),
    Spun,
    /// The open documents are held.
    Documents,
    Service(ServiceAnswer),
}

/// A document's analysis and the editor's view of it (offsets in UTF-16,
/// as the browser counts).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analyzed {
    pub analysis: Analysis,
    /// Flat `[from, to, kind, …]`. A large file has a hundred thousand
    /// tokens: they cross beside the JSON, as a typed array handed over
    /// whole (`message_loop`, `client`), not as JSON numbers.
    #[serde(skip)]
    pub tokens: Vec<u32>,
    pub diagnostics: Vec<EditorDiagnostic>,
    /// Flat `[from, to, …]`.
    pub folds: Vec<u32>,
    /// What the focused level's run did (see `Derived::trace`).
    pub trace: String,
    /// Milliseconds the core took.
    pub took_ms: f64,
    /// The cells of the analysis's tile maps as they cross (see `wire`).
    #[serde(default)]
    pub cells: Vec<WireCells>,
}

/// A file made Lua: the version it was read as, and each level's text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Converted {
    pub read_as: String,
    /// Each level's name and Lua text.
    pub levels: Vec<(String, String)>,
}

/// Why a file was not made Lua.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Refusal {
    /// It has errors: the first one's message.
    Errors(String),
    NoLevel,
}

impl Answer {
    /// The tile maps it carries, in order.
    fn maps(&mut self) -> Vec<&mut TileMap> {
        match self {
            Answer::Analyzed(a) => a
                .analysis
                .views
                .iter_mut()
                .filter_map(|v| match &mut v.view {
                    View::TileMap(m) => Some(m),
                    _ => None,
                })
                .collect(),
            Answer::Faces(maps, _) => maps.iter_mut().flatten().collect(),
            _ => Vec::new(),
        }
    }

    /// Before it crosses: its maps' cells move to its wire cells.
    pub fn pack(&mut self) {
        let wire: Vec<WireCells> = self.maps().into_iter().map(WireCells::take).collect();
        match self {
            Answer::Analyzed(a) => a.cells = wire,
            Answer::Faces(_, cells) => *cells = wire,
            _ => {}
        }
    }

    /// After it crossed: the cells go back into its maps.
    pub fn unpack(&mut self) {
        let wire = match self {
            Answer::Analyzed(a) => std::mem::take(&mut a.cells),
            Answer::Faces(_, cells) => std::mem::take(cells),
            _ => return,
        };
        for (map, cells) in self.maps().into_iter().zip(wire) {
            cells.put(map);
        }
    }
}
