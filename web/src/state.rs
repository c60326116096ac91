//! The studio's state: documents and UI settings, changed only by actions
//! through one reducer. The analysis is not state: it is derived from the
//! current document where it is needed.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use vaultwright::{Language, Target};
use yew::prelude::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Doc {
    pub id: String,
    pub name: String,
    pub language: Language,
    pub target: Target,
    pub source: String,
    pub seed: u64,
    pub symbol: usize,
    pub view: String,
    /// Milliseconds since the epoch of the last change.
    pub updated: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub docs: Vec<Doc>,
    pub current: usize,
    pub loaded: bool,
    pub dark: bool,
    /// Width of the editor pane in percent.
    pub split: f64,
    pub message: Option<(Tone, String)>,
    /// Byte offset of the editor cursor.
    pub cursor: usize,
    /// A jump request for the editor: (byte offset, nonce).
    pub jump: Option<(usize, u32)>,
    /// Increments when the editor must reload the document text.
    pub reload: u32,
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Keeps a UI setting across visits (best effort: private modes may refuse).
fn remember(key: &str, value: &str) {
    if let Some(ls) = local_storage() {
        let _ = ls.set_item(key, value);
    }
}

fn recall(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok()?
}

impl Default for State {
    fn default() -> Self {
        State {
            docs: Vec::new(),
            current: 0,
            loaded: false,
            dark: recall("vaultwright.dark").as_deref() == Some("1"),
            split: recall("vaultwright.split")
                .and_then(|v| v.parse().ok())
                .unwrap_or(45.0),
            message: None,
            cursor: 0,
            jump: None,
            reload: 0,
        }
    }
}

pub enum Action {
    /// Documents read from storage at start.
    Loaded(Vec<Doc>),
    Edit(String),
    /// Open a new document (file, example, link) and show it.
    Open(Doc),
    Switch(String),
    Rename(String, String),
    Delete(String),
    SetLanguage(Language),
    SetTarget(Target),
    SetSeed(u64),
    SetSymbol(usize),
    SetView(String),
    Cursor(usize),
    Jump(usize),
    Message(Tone, String),
    Dismiss,
    ToggleTheme,
    Split(f64),
}

impl State {
    pub fn doc(&self) -> Option<&Doc> {
        self.docs.get(self.current)
    }

    fn doc_mut(&mut self) -> Option<&mut Doc> {
        self.docs.get_mut(self.current)
    }
}

pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::Loaded(docs) => {
                // Documents opened before storage answered (a link) stay,
                // and stay in front.
                let keep = s.doc_id_hint();
                let mut merged = docs;
                for d in s.docs.drain(..) {
                    if !merged.iter().any(|m| m.id == d.id) {
                        merged.push(d);
                    }
                }
                s.docs = merged;
                s.current = keep
                    .and_then(|id| s.docs.iter().position(|d| d.id == id))
                    .unwrap_or_else(|| {
                        s.docs
                            .iter()
                            .enumerate()
                            .max_by(|a, b| a.1.updated.total_cmp(&b.1.updated))
                            .map(|(i, _)| i)
                            .unwrap_or(0)
                    });
                s.loaded = true;
                s.reload += 1;
            }
            Action::Edit(text) => {
                if let Some(d) = s.doc_mut() {
                    if d.source == text {
                        return self;
                    }
                    d.source = text;
                    d.updated = now_ms();
                }
            }
            Action::Open(doc) => {
                s.docs.push(doc);
                s.current = s.docs.len() - 1;
                s.reload += 1;
                s.cursor = 0;
            }
            Action::Switch(id) => {
                if let Some(i) = s.docs.iter().position(|d| d.id == id) {
                    s.current = i;
                    s.reload += 1;
                    s.cursor = 0;
                }
            }
            Action::Rename(id, name) => {
                if let Some(d) = s.docs.iter_mut().find(|d| d.id == id) {
                    d.name = crate::codec::sanitize_name(&name);
                    d.updated = now_ms();
                }
            }
            Action::Delete(id) => {
                if let Some(i) = s.docs.iter().position(|d| d.id == id) {
                    s.docs.remove(i);
                    if s.current >= s.docs.len() {
                        s.current = s.docs.len().saturating_sub(1);
                    }
                    s.reload += 1;
                }
            }
            Action::SetLanguage(l) => {
                if let Some(d) = s.doc_mut() {
                    d.language = l;
                    d.symbol = 0;
                }
            }
            Action::SetTarget(t) => {
                if let Some(d) = s.doc_mut() {
                    d.target = t;
                }
            }
            Action::SetSeed(seed) => {
                if let Some(d) = s.doc_mut() {
                    d.seed = seed;
                }
            }
            Action::SetSymbol(i) => {
                if let Some(d) = s.doc_mut() {
                    d.symbol = i;
                }
            }
            Action::SetView(v) => {
                if let Some(d) = s.doc_mut() {
                    d.view = v;
                }
            }
            Action::Cursor(c) => {
                if s.cursor == c {
                    return self;
                }
                s.cursor = c;
            }
            Action::Jump(offset) => {
                let nonce = s.jump.map(|(_, n)| n + 1).unwrap_or(1);
                s.jump = Some((offset, nonce));
            }
            Action::Message(tone, text) => s.message = Some((tone, text)),
            Action::Dismiss => s.message = None,
            Action::ToggleTheme => {
                s.dark = !s.dark;
                remember("vaultwright.dark", if s.dark { "1" } else { "0" });
            }
            Action::Split(p) => {
                s.split = p.clamp(15.0, 85.0);
                remember("vaultwright.split", &format!("{:.1}", s.split));
            }
        }
        Rc::new(s)
    }
}

impl State {
    /// The document the user had open last time (from local storage).
    fn doc_id_hint(&self) -> Option<String> {
        if let Some(d) = self.doc() {
            return Some(d.id.clone());
        }
        web_sys::window()?
            .local_storage()
            .ok()??
            .get_item("vaultwright.current")
            .ok()?
    }
}

pub fn new_id() -> String {
    format!(
        "{:x}-{:x}",
        now_ms() as u64,
        (js_sys::Math::random() * 1e12) as u64
    )
}

pub fn new_doc(name: &str, language: Language, source: &str) -> Doc {
    Doc {
        id: new_id(),
        name: crate::codec::sanitize_name(name),
        language,
        target: Target::default(),
        source: source.to_string(),
        seed: 1,
        symbol: 0,
        view: "map".into(),
        updated: now_ms(),
    }
}
