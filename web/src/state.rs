//! The studio's state: documents and UI settings, changed only by actions
//! through one pure reducer. Nothing here touches storage, the clock or the
//! DOM: the hooks in `effects/` persist what changes, and actions carry
//! whatever the outside world had to say (times, ids, preferences).
//! The analysis is not state: it is derived from the current document.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use vaultwright::view::ViewKind;
use vaultwright::{GameNames, Language, Target};

use crate::crawl_library::CrawlLibrary;

use crate::codec::{FacesState, LinkOrigin, ViewSettings};
use yew::prelude::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Doc {
    pub id: String,
    pub name: String,
    pub language: Language,
    pub target: Target,
    /// The user picked `target` in the selector; otherwise a NetHack
    /// level's language is picked from its text.
    #[serde(default)]
    pub explicit_target: bool,
    pub source: String,
    /// What it shows (the entry, seed, view, seed grid): what its links
    /// carry too.
    #[serde(flatten)]
    pub shown: ViewSettings,
    /// A vault or level opened from a link to it alone: the file it was
    /// cut from, and its line there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<LinkOrigin>,
    /// What the document was made from inside the studio ("mines.des
    /// (3.6)" for a level To Lua made): tells apart documents of the same
    /// name in the document list, and is their folder in a zip of sources.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// Milliseconds since the epoch of the last change.
    pub updated: f64,
    /// Counts edits, so that the analysis is keyed without comparing texts.
    #[serde(skip)]
    pub revision: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Error,
}

/// Something a message offers to do besides being dismissed.
#[derive(Clone, Debug, PartialEq)]
pub enum Offer {
    /// Download the current document's text (for links too long to share).
    DownloadSource,
    /// Bring back a deleted document where it was in the list.
    Restore { doc: Rc<Doc>, index: usize },
    /// Open what a link brought, which another page sent (a page that
    /// opened the studio): nothing is added until the user says so.
    OpenLink {
        link: Rc<crate::codec::LinkState>,
        from: String,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub tone: Tone,
    pub text: String,
    pub offer: Option<Offer>,
}

/// The colour theme: the OS preference until the user picks one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    System,
    Light,
    Dark,
}

impl Theme {
    pub fn name(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_name(name: &str) -> Theme {
        match name {
            "light" | "0" => Theme::Light,
            "dark" | "1" => Theme::Dark,
            _ => Theme::System,
        }
    }
}

/// How a view is scaled in its pane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Zoom {
    /// As large as fits the pane entirely.
    Fit,
    /// A fixed factor of the natural size (1.0 = 100%).
    Scale(f64),
}

/// The zoom of each kind of view ("map", "rooms", …) of each document (a
/// 5×7 vault does not open at the 100% of the last file's map): a few
/// entries, kept as a list, keyed by [`zoom_key`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Zooms(Vec<(String, Zoom)>);

impl Zooms {
    /// The zoom of a kind of view; views open fitted.
    pub fn get(&self, view: &str) -> Zoom {
        self.0
            .iter()
            .find(|(k, _)| k == view)
            .map(|(_, z)| *z)
            .unwrap_or(Zoom::Fit)
    }

    pub fn set(&mut self, view: String, zoom: Zoom) {
        match self.0.iter_mut().find(|(k, _)| *k == view) {
            Some(slot) => slot.1 = zoom,
            None => self.0.push((view, zoom)),
        }
    }
}

/// The key of a document's view in [`Zooms`].
pub fn zoom_key(doc: &str, view: ViewKind) -> String {
    format!("{doc}\u{1f}{}", view.name())
}

/// Which pane a narrow screen shows (wide screens show both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pane {
    Editor,
    View,
}

/// A panel over the page that takes the keyboard while it is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Outline,
    Shortcuts,
    Menu,
    Names,
    /// What to paste to show the vault in another page.
    Embed,
    /// The document list (Ctrl+P).
    Documents,
    /// Search across the open documents (Ctrl+Shift+F).
    Search,
}

/// The reviewer's view: the map first, the source aside and read-only
/// until the reader chooses to edit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Review {
    /// The source is shown beside the map (read-only).
    pub source: bool,
}

/// A DCSS names file kept in this browser: names the user's game knows
/// beyond the checker's tables (a fork's monsters, an older version's
/// spells). Only active ones are used, and they go into a link only when
/// the user asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NamesFile {
    pub id: String,
    pub name: String,
    pub text: String,
    pub active: bool,
}

/// The names the active names files add, and the lines of each that name
/// nothing (file name, count).
pub fn game_names(files: &[NamesFile]) -> (GameNames, Vec<(String, usize)>) {
    let mut game = GameNames::default();
    let mut broken = Vec::new();
    for f in files.iter().filter(|f| f.active) {
        let findings = game.read(&f.text);
        if !findings.is_empty() {
            broken.push((f.name.clone(), findings.len()));
        }
    }
    (game, broken)
}

/// What the problems list shows; F8 and Shift+F8 stop on the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProblemFilter {
    pub errors: bool,
    pub warnings: bool,
    pub notes: bool,
    /// The written guidelines (DCSS notes DC05xx): advice, not mistakes;
    /// folding them away is remembered across visits.
    pub guidelines: bool,
    /// Only the level or vault at the cursor.
    pub here: bool,
}

impl Default for ProblemFilter {
    fn default() -> Self {
        ProblemFilter {
            errors: true,
            warnings: true,
            notes: true,
            guidelines: true,
            here: false,
        }
    }
}

impl ProblemFilter {
    /// Whether a finding is shown, `scope` being the entry at the cursor.
    pub fn keeps(&self, d: &vaultwright::Diagnostic, scope: Option<vaultwright::Span>) -> bool {
        use vaultwright::Severity;
        let by_severity = match d.severity {
            Severity::Error => self.errors,
            Severity::Warning => self.warnings,
            Severity::Note => self.notes,
        };
        let in_scope = !self.here
            || scope.is_none_or(|s| {
                let at = d.span.start;
                s.start <= at && at <= s.end
            });
        by_severity && (self.guidelines || !is_guideline(d)) && in_scope
    }
}

/// The written guidelines (DCSS notes DC05xx): advice, not mistakes.
pub fn is_guideline(d: &vaultwright::Diagnostic) -> bool {
    d.code.starts_with("DC05")
}

/// Settings kept across visits (read once at start, written by an effect).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub theme: Theme,
    /// Width of the editor pane in percent.
    pub split: f64,
    /// Whether copied links carry the active names files.
    pub names_in_links: bool,
    /// What the problems list shows (only the guidelines' choice is kept
    /// across visits: hidden errors would be a trap at the next visit).
    pub problems: ProblemFilter,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::System,
            split: 45.0,
            names_in_links: false,
            problems: ProblemFilter::default(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub docs: Vec<Rc<Doc>>,
    pub current: usize,
    pub loaded: bool,
    pub settings: Settings,
    pub message: Option<Message>,
    /// Byte offset of the editor cursor.
    pub cursor: usize,
    /// A jump request for the editor: (byte offset, nonce).
    pub jump: Option<(usize, u32)>,
    /// Increments when the editor must reload the document text.
    pub reload: u32,
    /// Zoom of each kind of view ("map", "rooms", …), kept while switching.
    pub zoom: Zooms,
    pub pane: Pane,
    pub overlay: Option<Overlay>,
    /// The legend entry whose cells are highlighted, if any.
    pub legend: Option<String>,
    /// DCSS names files kept in this browser.
    /// Shared, so that the state copied for each action does not copy
    /// the files' texts.
    pub names: Rc<Vec<NamesFile>>,
    /// What the active ones add (the analysis is keyed by it).
    pub game: Rc<GameNames>,
    /// crawl's Lua library, when the user opened or fetched it: the
    /// vaults' Lua runs with it.
    pub library: Option<Rc<CrawlLibrary>>,
    /// Painting the map by hand.
    pub brush: Brush,
    /// An edit for the editor to make as one undo step (a paint stroke):
    /// UTF-16 `from`, `to`, the text, and a nonce.
    pub edit: Option<(u32, u32, Rc<String>, u32)>,
    /// What was copied from a map.
    pub clip: Option<Rc<Clip>>,
    /// The reviewer's view, while the reader has not chosen to edit.
    pub review: Option<Review>,
}

/// What a stroke on the map does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaintTool {
    Pencil,
    Line,
    Rect,
    FilledRect,
    Flood,
    /// The eyedropper: the cell's character becomes the one painted.
    Pick,
    /// Mark a rectangle to copy, cut or move (drag inside it to move).
    Select,
    /// Write the copied block at the cell pressed.
    Paste,
}

impl PaintTool {
    pub const ALL: [PaintTool; 8] = [
        PaintTool::Pencil,
        PaintTool::Line,
        PaintTool::Rect,
        PaintTool::FilledRect,
        PaintTool::Flood,
        PaintTool::Pick,
        PaintTool::Select,
        PaintTool::Paste,
    ];

    /// Name, icon and the key that chooses it while the map has focus.
    pub fn describe(self) -> (&'static str, &'static str, &'static str) {
        match self {
            PaintTool::Pencil => ("pencil", "✎", "b"),
            PaintTool::Line => ("line", "╱", "l"),
            PaintTool::Rect => ("rectangle", "▭", "r"),
            PaintTool::FilledRect => ("filled rectangle", "■", "f"),
            PaintTool::Flood => ("flood fill", "◍", "g"),
            PaintTool::Pick => ("eyedropper", "⊙", "i"),
            PaintTool::Select => ("select", "⬚", "s"),
            PaintTool::Paste => ("paste", "⊞", "v"),
        }
    }

    /// What else the tool does, for its tooltip.
    pub fn hint(self) -> &'static str {
        match self {
            PaintTool::Select => {
                " · drag to mark a rectangle; drag inside it to move it; Ctrl+C copies, Ctrl+X cuts"
            }
            PaintTool::Paste => {
                " · writes the copied block with its corner at the cell pressed (Ctrl+V)"
            }
            _ => "",
        }
    }
}

/// Characters copied from a map, for pasting: row-major, `None` where
/// the copied rectangle was outside the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clip {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Option<u8>>,
}

/// Whether the map is painted on, with what and which character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Brush {
    pub on: bool,
    pub tool: PaintTool,
    pub key: u8,
}

impl Default for Brush {
    fn default() -> Self {
        Brush {
            on: false,
            tool: PaintTool::Pencil,
            key: b'.',
        }
    }
}

impl State {
    pub fn new(settings: Settings) -> State {
        State {
            docs: Vec::new(),
            current: 0,
            loaded: false,
            settings,
            message: None,
            cursor: 0,
            jump: None,
            brush: Brush::default(),
            edit: None,
            clip: None,
            review: None,
            reload: 0,
            zoom: Zooms::default(),
            pane: Pane::Editor,
            overlay: None,
            legend: None,
            names: Rc::new(Vec::new()),
            game: Rc::new(GameNames::default()),
            library: None,
        }
    }

    pub fn doc(&self) -> Option<&Rc<Doc>> {
        self.docs.get(self.current)
    }

    fn doc_mut(&mut self) -> Option<&mut Doc> {
        self.docs.get_mut(self.current).map(Rc::make_mut)
    }
}

pub enum Action {
    /// Documents read from storage at start; `last` is the id the user had
    /// open last time.
    Loaded {
        docs: Vec<Doc>,
        last: Option<String>,
    },
    /// The text of document `id` changed in the editor at `at` (ms since
    /// the epoch). The editor names the document: it may report a
    /// keystroke after the app has switched to another one.
    EditorChanged {
        id: String,
        text: String,
        at: f64,
    },
    /// Open a document (file, example, link) and show it; an identical one
    /// already open (same name and text) is shown instead.
    Open(Doc),
    /// Documents made from one (To Lua's levels of `origin`): each opened
    /// unless an identical one is, the first shown, and a message saying
    /// what was made.
    OpenMade {
        docs: Vec<Doc>,
        origin: String,
    },
    /// Open a shared document (a link, a picture): as `Open`, and an
    /// identical open one takes the seed, entry and view it was shared with.
    OpenShared(Doc),
    Switch(String),
    Rename {
        id: String,
        name: String,
        at: f64,
    },
    /// Delete a document from this browser (the message offers it back).
    Delete(String),
    /// A deleted document brought back at its place in the list.
    Restore {
        doc: Rc<Doc>,
        index: usize,
    },
    SetLanguage(Language),
    /// A target chosen in the selector; `None` picks it from the text.
    SetTarget(Option<Target>),
    SetSeed(u64),
    /// What the current document shows, all at once (a view's own control
    /// for a setting that travels with the document and its links).
    Show(ViewSettings),
    SetBrush(Brush),
    SetClip(Rc<Clip>),
    /// Make an edit in the editor as one undo step (UTF-16 offsets).
    ApplyEdit {
        from: u32,
        to: u32,
        insert: String,
    },
    /// The seed grid's or diff's settings.
    SetFaces(FacesState),
    /// Enter the reviewer's view, show or hide its source, or leave it
    /// (`None`: the reader chose to edit).
    Review(Option<Review>),
    /// Select an outline entry (from the outline or the editor cursor).
    SetSymbol(usize),
    /// Select an outline entry and move the editor to it.
    GoToSymbol {
        index: usize,
        offset: usize,
    },
    SetView(ViewKind),
    Cursor(usize),
    Jump(usize),
    /// Show document `id` with the cursor at byte `offset` (a definition
    /// or a reference in another open document).
    GoTo {
        id: String,
        offset: usize,
    },
    /// Replace the text of document `id`, which is not the one shown (a
    /// rename reaching the other documents of a set).
    ReplaceOtherDoc {
        id: String,
        text: String,
        at: f64,
    },
    Message(Tone, String),
    Offer(Tone, String, Offer),
    Dismiss,
    ToggleTheme {
        system_dark: bool,
    },
    Split(f64),
    Zoom(ViewKind, Zoom),
    ShowPane(Pane),
    Overlay(Option<Overlay>),
    Legend(Option<String>),
    /// Names files read from storage at start, or brought by a link.
    NamesLoaded(Vec<NamesFile>),
    /// Names files a link or a picture brought: added beside the user's,
    /// never over them (see `State::add_linked_names`).
    NamesFromLink(Vec<NamesFile>),
    /// Keep a names file (active at once); one of the same name is replaced.
    AddNames(NamesFile),
    ToggleNames(String),
    RemoveNames(String),
    /// crawl's Lua library read from storage, a folder or the network:
    /// it replaces the one held.
    Library(CrawlLibrary),
    ForgetLibrary,
    NamesInLinks(bool),
    /// The problems list's filters changed.
    Problems(ProblemFilter),
}

impl Action {
    /// What the toolbar (a menu on a phone) does: open, switch, rename or
    /// delete a document, choose its language or target, the theme, and
    /// what says it was done (a copied link's message).
    fn is_a_menu_action(&self) -> bool {
        matches!(
            self,
            Action::Open(_)
                | Action::OpenMade { .. }
                | Action::OpenShared(_)
                | Action::Switch(_)
                | Action::Rename { .. }
                | Action::Delete(_)
                | Action::Restore { .. }
                | Action::SetLanguage(_)
                | Action::SetTarget(_)
                | Action::ToggleTheme { .. }
                | Action::Message(..)
                | Action::Offer(..)
        )
    }
}

impl State {
    /// A deleted document back at its place in the list, shown.
    fn restore(&mut self, doc: Rc<Doc>, index: usize) {
        if self.docs.iter().any(|d| d.id == doc.id) {
            return;
        }
        let at = index.min(self.docs.len());
        self.docs.insert(at, doc.clone());
        self.show(at);
        self.message = Some(Message {
            tone: Tone::Info,
            text: format!("{} is back.", doc.name),
            offer: None,
        });
    }

    fn rename(&mut self, id: &str, name: &str, at: f64) {
        if let Some(d) = self.docs.iter_mut().find(|d| d.id == id) {
            let d = Rc::make_mut(d);
            d.name = crate::codec::sanitize_name(name);
            d.updated = at;
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        // On a phone the toolbar is a menu: it closes once an action of
        // it is taken, showing what the action did.
        if s.overlay == Some(Overlay::Menu) && action.is_a_menu_action() {
            s.overlay = None;
        }
        match action {
            Action::Loaded { docs, last } => s.loaded_docs(docs, last),
            Action::EditorChanged { id, text, at } => {
                let Some(d) = s.docs.iter_mut().find(|d| d.id == id) else {
                    return self;
                };
                if d.source == text {
                    return self;
                }
                let d = Rc::make_mut(d);
                d.source = text;
                d.updated = at;
                d.revision += 1;
            }
            Action::Open(doc) => s.open(doc, false),
            Action::OpenMade { docs, origin } => s.open_made(docs, &origin),
            Action::OpenShared(doc) => s.open(doc, true),
            Action::Switch(id) => {
                if let Some(i) = s.docs.iter().position(|d| d.id == id) {
                    s.show(i);
                }
            }
            Action::Rename { id, name, at } => s.rename(&id, &name, at),
            Action::Delete(id) => s.delete(&id),
            Action::Restore { doc, index } => s.restore(doc, index),
            Action::SetLanguage(l) => s.update_doc(|d| {
                d.language = l;
                d.shown.symbol = 0;
            }),
            Action::SetTarget(t) => s.update_doc(|d| {
                d.explicit_target = t.is_some();
                d.target = t.unwrap_or_default();
            }),
            Action::SetSeed(seed) => s.update_doc(|d| d.shown.seed = seed),
            Action::Show(shown) => s.update_doc(|d| {
                d.shown = ViewSettings {
                    faces: shown.faces.valid(),
                    ..shown
                }
            }),
            Action::SetFaces(f) => s.update_doc(|d| d.shown.faces = f.valid()),
            Action::SetSymbol(i) => {
                if s.doc().map(|d| d.shown.symbol) == Some(i) {
                    return self;
                }
                s.update_doc(|d| d.shown.symbol = i);
                s.legend = None;
            }
            Action::GoToSymbol { index, offset } => {
                s.update_doc(|d| d.shown.symbol = index);
                s.legend = None;
                s.jump_to(offset);
                s.overlay = None;
            }
            Action::SetView(v) => s.update_doc(|d| d.shown.view = v),
            Action::Cursor(c) => {
                if s.cursor == c {
                    return self;
                }
                s.cursor = c;
            }
            Action::Jump(offset) => s.jump_to(offset),
            Action::GoTo { id, offset } => {
                if let Some(i) = s.docs.iter().position(|d| d.id == id) {
                    if i != s.current {
                        s.show(i);
                    }
                    s.jump_to(offset);
                }
            }
            Action::ReplaceOtherDoc { id, text, at } => {
                let current = s.docs.get(s.current).map(|d| d.id.clone());
                if current.as_deref() != Some(id.as_str()) {
                    if let Some(d) = s.docs.iter_mut().find(|d| d.id == id) {
                        let d = Rc::make_mut(d);
                        d.source = text;
                        d.updated = at;
                        d.revision += 1;
                    }
                }
            }
            Action::SetBrush(b) => s.brush = b,
            Action::SetClip(c) => s.clip = Some(c),
            Action::Review(r) => {
                // The map is what a reviewer came for: on a phone too; the
                // source, when asked for (on a phone, instead of the map).
                match (s.review, r) {
                    (None, Some(_)) => s.pane = Pane::View,
                    (Some(was), Some(now)) if was.source != now.source => {
                        s.pane = if now.source { Pane::Editor } else { Pane::View };
                    }
                    _ => {}
                }
                s.review = r;
            }
            Action::ApplyEdit { from, to, insert } => {
                let nonce = s.edit.as_ref().map_or(1, |e| e.3.wrapping_add(1));
                s.edit = Some((from, to, Rc::new(insert), nonce));
            }
            Action::Message(tone, text) => {
                s.message = Some(Message {
                    tone,
                    text,
                    offer: None,
                })
            }
            Action::Offer(tone, text, offer) => {
                s.message = Some(Message {
                    tone,
                    text,
                    offer: Some(offer),
                })
            }
            Action::Dismiss => s.message = None,
            Action::ToggleTheme { system_dark } => {
                let dark = s.is_dark(system_dark);
                s.settings.theme = if dark { Theme::Light } else { Theme::Dark };
            }
            Action::Split(p) => s.settings.split = p.clamp(15.0, 85.0),
            Action::Zoom(view, zoom) => {
                // The shown document's view (a link's zoom is dispatched
                // after its document is shown).
                let id = s
                    .docs
                    .get(s.current)
                    .map(|d| d.id.clone())
                    .unwrap_or_default();
                s.zoom.set(zoom_key(&id, view), zoom);
            }
            Action::ShowPane(p) => s.pane = p,
            Action::Overlay(o) => s.overlay = o,
            Action::Legend(key) => s.legend = key,
            Action::NamesLoaded(files) => {
                // Storage answers once, at start; what a link brought
                // before that goes beside the stored files, as it would
                // have after.
                let early = std::mem::take(Rc::make_mut(&mut s.names));
                for f in files {
                    s.keep_names(f);
                }
                for f in early {
                    s.add_linked_names(f);
                }
            }
            Action::NamesFromLink(files) => {
                let kept: Vec<String> = files
                    .into_iter()
                    .filter_map(|f| s.add_linked_names(f))
                    .collect();
                if !kept.is_empty() {
                    let note = format!(
                        " Names files of the same name but other content are yours and stay; the link's are kept beside them as {}.",
                        kept.join(", ")
                    );
                    match &mut s.message {
                        Some(m) => m.text.push_str(&note),
                        None => {
                            s.message = Some(Message {
                                tone: Tone::Info,
                                text: note.trim_start().to_string(),
                                offer: None,
                            })
                        }
                    }
                }
            }
            Action::AddNames(f) => s.keep_names(f),
            Action::ToggleNames(id) => {
                if let Some(f) = Rc::make_mut(&mut s.names).iter_mut().find(|f| f.id == id) {
                    f.active = !f.active;
                }
            }
            Action::RemoveNames(id) => Rc::make_mut(&mut s.names).retain(|f| f.id != id),
            Action::Library(library) => s.library = Some(Rc::new(library)),
            Action::ForgetLibrary => s.library = None,
            Action::NamesInLinks(on) => s.settings.names_in_links = on,
            Action::Problems(f) => s.settings.problems = f,
        }
        if !Rc::ptr_eq(&s.names, &self.names) {
            s.game = Rc::new(game_names(&s.names).0);
        }
        Rc::new(s)
    }
}

impl State {
    pub fn is_dark(&self, system_dark: bool) -> bool {
        match self.settings.theme {
            Theme::System => system_dark,
            Theme::Light => false,
            Theme::Dark => true,
        }
    }

    fn update_doc(&mut self, f: impl FnOnce(&mut Doc)) {
        if let Some(d) = self.doc_mut() {
            f(d);
        }
    }

    fn show(&mut self, index: usize) {
        self.current = index;
        self.reload += 1;
        self.cursor = 0;
        self.legend = None;
    }

    /// Removes a document; the message offers it back, so that nothing
    /// is lost to a slip. The last document is replaced by an example
    /// by the caller (the reducer makes no ids).
    fn delete(&mut self, id: &str) {
        let Some(i) = self.docs.iter().position(|d| d.id == id) else {
            return;
        };
        let doc = self.docs.remove(i);
        // The shown document stays shown when one above it goes.
        if i < self.current {
            self.current -= 1;
        }
        self.current = self.current.min(self.docs.len().saturating_sub(1));
        self.reload += 1;
        self.message = Some(Message {
            tone: Tone::Info,
            text: format!("Deleted {} from this browser.", doc.name),
            offer: Some(Offer::Restore {
                index: i,
                doc: doc.clone(),
            }),
        });
    }

    fn jump_to(&mut self, offset: usize) {
        let nonce = self.jump.map(|(_, n)| n.wrapping_add(1)).unwrap_or(1);
        self.jump = Some((offset, nonce));
        // On a narrow screen a jump is a request to see the source.
        self.pane = Pane::Editor;
    }

    /// The open document of the same name and text, if any: opening it
    /// again shows it rather than doubling it.
    fn identical(&self, doc: &Doc) -> Option<usize> {
        self.docs
            .iter()
            .position(|d| d.name == doc.name && d.source == doc.source)
    }

    fn open(&mut self, doc: Doc, shared: bool) {
        match self.identical(&doc) {
            Some(i) => {
                let text = if shared {
                    let d = Rc::make_mut(&mut self.docs[i]);
                    (d.shown.seed, d.shown.symbol, d.shown.faces) =
                        (doc.shown.seed, doc.shown.symbol, doc.shown.faces);
                    d.shown.view.clone_from(&doc.shown.view);
                    (d.target, d.explicit_target) = (doc.target, doc.explicit_target);
                    format!(
                        "{} is already open: switched to it, as it was shared.",
                        doc.name
                    )
                } else {
                    format!("{} is already open: switched to it.", doc.name)
                };
                self.show(i);
                self.message = Some(Message {
                    tone: Tone::Info,
                    text,
                    offer: None,
                });
            }
            None => {
                self.docs.push(Rc::new(doc));
                self.show(self.docs.len() - 1);
            }
        }
    }

    fn open_made(&mut self, docs: Vec<Doc>, origin: &str) {
        let names: Vec<String> = docs.iter().map(|d| d.name.clone()).collect();
        let mut first = None;
        let mut already = 0;
        for doc in docs {
            let same = self.identical(&doc);
            let at = same.unwrap_or_else(|| {
                self.docs.push(Rc::new(doc));
                self.docs.len() - 1
            });
            already += usize::from(same.is_some());
            first.get_or_insert(at);
        }
        if let Some(i) = first {
            self.show(i);
        }
        self.message = Some(Message {
            tone: Tone::Info,
            text: made_message(origin, &names, already),
            offer: None,
        });
    }

    /// A names file a link brought (stored off: a names file changes what
    /// the checker accepts, so the user turns it on). One of the same name
    /// and text (or kept from an earlier link under a new name) is the same
    /// file: it stays as the user left it. One of the same name and other
    /// text is the user's own and stays as it is; the link's is kept beside
    /// it under a free name
    /// ("x (from link)", "x (from link 2)", …), which is returned.
    fn add_linked_names(&mut self, mut f: NamesFile) -> Option<String> {
        let names = Rc::make_mut(&mut self.names);
        let kept_from_link = format!("{} (from link", f.name);
        let same = |n: &NamesFile| {
            n.text == f.text && (n.name == f.name || n.name.starts_with(&kept_from_link))
        };
        if names.iter().any(same) {
            // The same file: kept as it is (a link never turns one on).
            return None;
        }
        let taken = |name: &str| names.iter().any(|n| n.name == name);
        let renamed = taken(&f.name).then(|| {
            (1..)
                .map(|i| match i {
                    1 => format!("{} (from link)", f.name),
                    i => format!("{} (from link {i})", f.name),
                })
                .find(|candidate| !taken(candidate))
                .unwrap_or_default()
        });
        if let Some(name) = &renamed {
            f.id = format!("{}:{name}", f.id);
            f.name = name.clone();
        }
        while names.iter().any(|n| n.id == f.id) {
            f.id.push('+');
        }
        names.push(f);
        renamed
    }

    /// Adds a names file, replacing one of the same name.
    fn keep_names(&mut self, f: NamesFile) {
        let names = Rc::make_mut(&mut self.names);
        match names.iter_mut().find(|n| n.name == f.name || n.id == f.id) {
            Some(n) => *n = f,
            None => names.push(f),
        }
    }

    /// Documents opened before storage answered (a link) stay, in front.
    fn loaded_docs(&mut self, docs: Vec<Doc>, last: Option<String>) {
        let keep = self.doc().map(|d| d.id.clone()).or(last);
        let mut merged: Vec<Rc<Doc>> = docs.into_iter().map(Rc::new).collect();
        for d in self.docs.drain(..) {
            if !merged.iter().any(|m| m.id == d.id) {
                merged.push(d);
            }
        }
        self.docs = merged;
        self.current = keep
            .and_then(|id| self.docs.iter().position(|d| d.id == id))
            .unwrap_or_else(|| newest(&self.docs));
        self.loaded = true;
        self.reload += 1;
    }
}

fn newest(docs: &[Rc<Doc>]) -> usize {
    docs.iter()
        .enumerate()
        .max_by(|a, b| a.1.updated.total_cmp(&b.1.updated))
        .map(|(i, _)| i)
        .unwrap_or(0)
}

/// What To Lua says it made: how many documents, from what, and their
/// names (the first few, then how many more); `already`: how many of them
/// were open already, as they are (those are shown, not doubled).
fn made_message(origin: &str, made: &[String], already: usize) -> String {
    const LISTED: usize = 12;
    let mut names = made
        .iter()
        .take(LISTED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if made.len() > LISTED {
        names.push_str(&format!(" and {} more", made.len() - LISTED));
    }
    let documents = match made.len() {
        1 => "1 document".to_string(),
        n => format!("{n} documents"),
    };
    let kept = match already {
        0 => String::new(),
        n if n == made.len() => " They were all open already, as they are.".to_string(),
        n => format!(" {n} of them were open already, as they are."),
    };
    format!("To Lua made {documents} from {origin}: {names}.{kept} Each is kept in this browser; Documents (Ctrl+P) lists them, Download all (Ctrl+Shift+D) saves them as one .zip.")
}

pub fn new_doc(id: String, name: &str, language: Language, source: &str, at: f64) -> Doc {
    Doc {
        id,
        name: crate::codec::sanitize_name(name),
        language,
        target: Target::default(),
        explicit_target: false,
        source: source.to_string(),
        shown: ViewSettings::at(0, 1),
        from: None,
        origin: None,
        updated: at,
        revision: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(id: &str, name: &str, text: &str) -> Doc {
        new_doc(id.into(), name, Language::NethackDes, text, 0.0)
    }

    fn reduce(s: State, a: Action) -> State {
        (*Rc::new(s).reduce(a)).clone()
    }

    fn names(id: &str, name: &str, text: &str) -> NamesFile {
        NamesFile {
            id: id.into(),
            name: name.into(),
            text: text.into(),
            active: true,
        }
    }

    /// A shared document already open is switched to with the seed and
    /// view it was shared with; a file opened again keeps the open one's.
    #[test]
    fn a_shared_document_already_open_takes_the_shared_view() {
        let s = reduce(
            State::new(Settings::default()),
            Action::Open(doc("a", "a.des", "x")),
        );
        let s = reduce(s, Action::SetSeed(7));
        let mut shared = doc("b", "a.des", "x");
        (shared.shown.seed, shared.shown.view) = (4242, ViewKind::Binary);
        let again = reduce(s.clone(), Action::Open(shared.clone()));
        assert_eq!(again.docs.len(), 1);
        assert_eq!(again.doc().map(|d| d.shown.seed), Some(7));
        let s = reduce(s, Action::OpenShared(shared));
        assert_eq!(s.docs.len(), 1);
        let d = s.doc().expect("open");
        assert_eq!((d.shown.seed, d.shown.view), (4242, ViewKind::Binary));
        assert!(s
            .message
            .is_some_and(|m| m.text.contains("as it was shared")));
    }

    /// On a phone the menu closes once one of its actions is taken, and
    /// stays open for what is not its (a keystroke in the editor).
    #[test]
    fn the_menu_closes_after_its_action() {
        let s = reduce(
            State::new(Settings::default()),
            Action::Open(doc("a", "a.des", "x")),
        );
        let s = reduce(s, Action::Overlay(Some(Overlay::Menu)));
        let s = reduce(s, Action::Cursor(1));
        assert_eq!(s.overlay, Some(Overlay::Menu));
        let s = reduce(s, Action::Open(doc("b", "b.des", "y")));
        assert_eq!(s.overlay, None);
    }

    /// A view's zoom is its document's: another document's map opens
    /// fitted, and the first keeps its 250%.
    #[test]
    fn a_zoom_belongs_to_its_document() {
        let s = reduce(
            State::new(Settings::default()),
            Action::Open(doc("a", "a.des", "x")),
        );
        let s = reduce(s, Action::Zoom(ViewKind::Map, Zoom::Scale(2.5)));
        let s = reduce(s, Action::Open(doc("b", "b.des", "y")));
        assert_eq!(s.zoom.get(&zoom_key("b", ViewKind::Map)), Zoom::Fit);
        assert_eq!(s.zoom.get(&zoom_key("a", ViewKind::Map)), Zoom::Scale(2.5));
    }

    /// The seed grid is the document's (it travels with it, in storage
    /// and links), and a grid has 4, 9 or 16 faces whatever it is asked.
    /// A reviewer's link opens on the map; asking for the source shows it
    /// (on a phone, instead of the map); choosing to edit leaves the view.
    #[test]
    fn the_reviewers_view_shows_the_map_then_the_source_on_request() {
        let s = reduce(
            State::new(Settings::default()),
            Action::OpenShared(doc("a", "a.des", "x")),
        );
        assert_eq!(s.pane, Pane::Editor);
        let s = reduce(s, Action::Review(Some(Review::default())));
        assert_eq!(
            (s.review, s.pane),
            (Some(Review { source: false }), Pane::View)
        );
        let s = reduce(s, Action::Review(Some(Review { source: true })));
        assert_eq!(s.pane, Pane::Editor);
        let s = reduce(s, Action::Review(Some(Review { source: false })));
        assert_eq!(s.pane, Pane::View);
        let s = reduce(s, Action::Review(None));
        assert_eq!((s.review, s.pane), (None, Pane::View));
    }

    #[test]
    fn the_seed_grid_belongs_to_the_document() {
        use crate::codec::FacesMode;
        let s = reduce(
            State::new(Settings::default()),
            Action::Open(doc("a", "a.des", "")),
        );
        let grid = FacesState {
            mode: FacesMode::Grid,
            count: 10,
            ..FacesState::default()
        };
        let s = reduce(s, Action::SetFaces(grid));
        let d = s.doc().expect("a document is open");
        assert_eq!(
            (d.shown.faces.mode, d.shown.faces.count),
            (FacesMode::Grid, 16)
        );
        let stored = serde_json::to_string(&**d).expect("a document serialises");
        let back: Doc = serde_json::from_str(&stored).expect("and reads back");
        assert_eq!(back.shown.faces, d.shown.faces);
        // Documents stored before the grid existed show one face.
        let old = stored.replace(r#""faces":"#, r#""unused":"#);
        let old: Doc = serde_json::from_str(&old).expect("an older document reads");
        assert!(old.shown.faces.is_one());
    }

    /// What a document shows is stored flat, as it was before one struct
    /// held it: a document stored then reads the same, and a view name
    /// this version does not know opens the map rather than losing it.
    #[test]
    fn stored_documents_keep_what_they_show() {
        let stored = r#"{"id":"d1","name":"a.des","language":"nethack-des","target":"nethack-3.4.3","source":"MAZE:\"x\"","seed":77,"symbol":2,"view":"rooms","updated":5.0}"#;
        let d: Doc = serde_json::from_str(stored).expect("an older document reads");
        assert_eq!(
            (d.shown.seed, d.shown.symbol, d.shown.view),
            (77, 2, ViewKind::Rooms)
        );
        let again = serde_json::to_string(&d).expect("it serialises");
        for field in [r#""seed":77"#, r#""symbol":2"#, r#""view":"rooms""#] {
            assert!(again.contains(field), "{field} in {again}");
        }
        let newer = stored.replace(r#""view":"rooms""#, r#""view":"hologram""#);
        let d: Doc = serde_json::from_str(&newer).expect("an unknown view still reads");
        assert_eq!(d.shown.view, ViewKind::Map);
    }

    /// A view's own control sets what the document shows in one action,
    /// kept as every other setting is (a grid's count made valid).
    #[test]
    fn show_sets_what_the_document_shows() {
        let s = reduce(
            State::new(Settings::default()),
            Action::Open(doc("a", "a.des", "")),
        );
        let mut shown = ViewSettings::default();
        (shown.symbol, shown.seed, shown.view) = (3, 9, ViewKind::Rooms);
        shown.faces = FacesState {
            mode: crate::codec::FacesMode::Grid,
            count: 10,
            ..FacesState::default()
        };
        let s = reduce(s, Action::Show(shown.clone()));
        let d = s.doc().expect("a document is open");
        assert_eq!(
            (d.shown.symbol, d.shown.seed, d.shown.view),
            (3, 9, ViewKind::Rooms)
        );
        assert_eq!(d.shown.faces.count, 16);
    }

    #[test]
    fn active_names_files_make_the_game_names() {
        use vaultwright::NameKind;
        let s = State::new(Settings::default());
        let s = reduce(
            s,
            Action::AddNames(names("n1", "fork.names", "monster: deep elf mage\n")),
        );
        assert!(s.game.knows(NameKind::Monster, "Deep Elf Mage"));
        let s = reduce(s, Action::ToggleNames("n1".into()));
        assert!(
            !s.game.knows(NameKind::Monster, "deep elf mage"),
            "inactive"
        );
        // A file of the same name replaces the kept one.
        let s = reduce(
            s,
            Action::AddNames(names(
                "n2",
                "fork.names",
                "spell: Hellfire Mortar\nbad line\n",
            )),
        );
        assert_eq!(s.names.len(), 1);
        assert!(s.game.knows(NameKind::Spell, "hellfire mortar"));
        assert_eq!(game_names(&s.names).1, [("fork.names".to_string(), 1)]);
        let s = reduce(s, Action::RemoveNames("n2".into()));
        assert!(s.names.is_empty() && s.game.is_empty());
    }

    /// A link never replaces the user's names file: one of the same name
    /// and other content goes beside it under a new name; one with the
    /// same content is the same file, left as it was.
    #[test]
    fn names_from_a_link_never_replace_the_users() {
        let s = State::new(Settings::default());
        let mut mine = names("n1", "fork.names", "monster: deep elf mage\n");
        mine.active = false;
        let s = reduce(s, Action::NamesLoaded(vec![mine.clone()]));
        let theirs = names("link:1", "fork.names", "monster: evil twin\n");
        let s = reduce(s, Action::NamesFromLink(vec![theirs.clone()]));
        assert_eq!(s.names.len(), 2);
        assert_eq!(s.names[0], mine, "the user's file is as it was");
        assert_eq!(s.names[1].name, "fork.names (from link)");
        assert_eq!(s.names[1].text, theirs.text);
        assert!(s.message.as_ref().unwrap().text.contains("(from link)"));
        // The same link again: a second copy, named apart.
        let s = reduce(s, Action::NamesFromLink(vec![theirs.clone()]));
        assert_eq!(s.names.len(), 2, "the same content is the same file");
        // A link with the user's own file: not doubled, and left off (a
        // link never turns a names file on).
        let s = reduce(
            s,
            Action::NamesFromLink(vec![names("link:2", "fork.names", &mine.text)]),
        );
        assert_eq!(s.names.len(), 2);
        assert!(!s.names[0].active);
        // Brought before storage answered: the stored file wins its name.
        let early = State::new(Settings::default());
        let early = reduce(early, Action::NamesFromLink(vec![theirs.clone()]));
        let early = reduce(early, Action::NamesLoaded(vec![mine.clone()]));
        assert_eq!(early.names[0], mine);
        assert_eq!(early.names[1].name, "fork.names (from link)");
    }

    #[test]
    fn opening_an_identical_document_switches_to_it() {
        let s = State::new(Settings::default());
        let s = reduce(s, Action::Open(doc("a", "x.des", "MAZE")));
        let s = reduce(s, Action::Open(doc("b", "y.des", "MAZE")));
        let s = reduce(s, Action::Open(doc("c", "x.des", "MAZE")));
        assert_eq!(s.docs.len(), 2);
        assert_eq!(s.current, 0);
        assert!(s.message.is_some());
        let s = reduce(s, Action::Open(doc("d", "x.des", "MAZE2")));
        assert_eq!(s.docs.len(), 3);
        assert_eq!(s.current, 2);
    }

    #[test]
    fn the_theme_follows_the_system_until_toggled() {
        let s = State::new(Settings::default());
        assert!(s.is_dark(true));
        assert!(!s.is_dark(false));
        let s = reduce(s, Action::ToggleTheme { system_dark: true });
        assert_eq!(s.settings.theme, Theme::Light);
        assert!(!s.is_dark(true));
    }

    #[test]
    fn edits_count_revisions_and_ignore_no_ops() {
        let s = State::new(Settings::default());
        let s = reduce(s, Action::Open(doc("a", "x.des", "MAZE")));
        let s = reduce(
            s,
            Action::EditorChanged {
                id: "a".into(),
                text: "MAZE2".into(),
                at: 5.0,
            },
        );
        assert_eq!(s.docs[0].revision, 1);
        assert_eq!(s.docs[0].updated, 5.0);
        let s = reduce(
            s,
            Action::EditorChanged {
                id: "a".into(),
                text: "MAZE2".into(),
                at: 9.0,
            },
        );
        assert_eq!(s.docs[0].revision, 1);
    }

    #[test]
    fn an_edit_reported_after_a_switch_goes_to_the_document_it_was_typed_in() {
        let s = State::new(Settings::default());
        let s = reduce(s, Action::Open(doc("a", "a.des", "MAZE")));
        let s = reduce(s, Action::Open(doc("b", "b.des", "LEVEL")));
        assert_eq!(s.doc().map(|d| d.id.as_str()), Some("b"));
        let s = reduce(
            s,
            Action::EditorChanged {
                id: "a".into(),
                text: "MAZE:".into(),
                at: 7.0,
            },
        );
        let text = |id: &str| s.docs.iter().find(|d| d.id == id).map(|d| d.source.clone());
        assert_eq!(text("a").as_deref(), Some("MAZE:"));
        assert_eq!(text("b").as_deref(), Some("LEVEL"));
        // A document closed meanwhile takes nothing.
        let s = reduce(s, Action::Delete("a".into()));
        let s = reduce(
            s,
            Action::EditorChanged {
                id: "a".into(),
                text: "lost".into(),
                at: 8.0,
            },
        );
        assert!(s.docs.iter().all(|d| d.source != "lost"));
    }

    /// A deleted document is offered back, and comes back at its place.
    #[test]
    fn a_deleted_document_comes_back_where_it_was() {
        let s = State::new(Settings::default());
        let s = reduce(s, Action::Open(doc("a", "a.des", "A")));
        let s = reduce(s, Action::Open(doc("b", "b.des", "B")));
        let s = reduce(s, Action::Open(doc("c", "c.des", "C")));
        let s = reduce(s, Action::Delete("b".into()));
        assert_eq!(s.docs.len(), 2);
        assert_eq!(
            s.doc().map(|d| d.id.as_str()),
            Some("c"),
            "the shown one stays"
        );
        let Some(Offer::Restore { doc, index }) = s.message.clone().and_then(|m| m.offer) else {
            panic!("the message offers the document back");
        };
        let s = reduce(s, Action::Restore { doc, index });
        let ids: Vec<&str> = s.docs.iter().map(|d| d.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        assert_eq!(s.doc().map(|d| d.id.as_str()), Some("b"));
    }

    /// To Lua's levels open at once, the first shown; levels already open
    /// as they are are not doubled, and the message says so.
    #[test]
    fn documents_made_from_a_file_open_together_and_say_so() {
        let s = State::new(Settings::default());
        let made = || vec![doc("1", "one.lua", "x"), doc("2", "two.lua", "y")];
        let s = reduce(
            s,
            Action::OpenMade {
                docs: made(),
                origin: "m.des (3.6.6)".into(),
            },
        );
        assert_eq!(s.docs.len(), 2);
        assert_eq!(s.doc().map(|d| d.name.as_str()), Some("one.lua"));
        let text = s.message.clone().map(|m| m.text).unwrap_or_default();
        assert!(
            text.starts_with("To Lua made 2 documents from m.des (3.6.6): one.lua, two.lua."),
            "{text}"
        );
        let s = reduce(
            s,
            Action::OpenMade {
                docs: made(),
                origin: "m.des (3.6.6)".into(),
            },
        );
        assert_eq!(s.docs.len(), 2);
        let text = s.message.map(|m| m.text).unwrap_or_default();
        assert!(text.contains("They were all open already"), "{text}");
    }
}
