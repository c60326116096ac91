//! Keeping documents and settings in this browser.
//!
//! Documents go to IndexedDB shortly after each change. A write started
//! while the page is closing may never finish, so when the page is hidden
//! or closed the current document is also written synchronously to local
//! storage (`BACKUP`); at start the backup wins over the stored copy when
//! it is newer. Settings (theme, split) are small and go to local storage.
//! DCSS names files live in IndexedDB beside the documents.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use vaultwright::decimal;
use yew::prelude::*;

use crate::actions::{make_doc, save_now, Dispatch};
use crate::bridge;
use crate::examples::EXAMPLES;
use crate::state::{Action, Doc, NamesFile, Settings, State, Theme, Tone};

const BACKUP: &str = "vaultwright.unsaved";
const CURRENT: &str = "vaultwright.current";
const THEME: &str = "vaultwright.theme";
const SPLIT: &str = "vaultwright.split";
const NAMES_IN_LINKS: &str = "vaultwright.names-in-links";
/// Names files share the documents' store, told apart by this kind.
const NAMES_KIND: &str = "names";
/// Quiet time after a keystroke before the document is written.
const SAVE_DELAY_MS: u32 = 250;

/// In a frame of another page (an embed) nothing is read or kept: the
/// frame shows the document its link carries, and the reader's own
/// documents and settings stay out of it (a frame's storage may also be
/// refused or partitioned by the browser).
pub fn ephemeral() -> bool {
    bridge::embedded()
}

fn local_storage() -> Option<web_sys::Storage> {
    if ephemeral() {
        return None;
    }
    web_sys::window()?.local_storage().ok()?
}

/// Best effort: private modes may refuse local storage.
fn remember(key: &str, value: &str) {
    if let Some(ls) = local_storage() {
        let _ = ls.set_item(key, value);
    }
}

fn recall(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok()?
}

pub fn load_settings() -> Settings {
    let defaults = Settings::default();
    Settings {
        // "vaultwright.dark" is where earlier versions kept the choice.
        theme: recall(THEME)
            .or_else(|| recall("vaultwright.dark"))
            .map(|t| Theme::from_name(&t))
            .unwrap_or(defaults.theme),
        split: recall(SPLIT)
            .and_then(|v| decimal::parse(&v))
            .unwrap_or(defaults.split),
        names_in_links: recall(NAMES_IN_LINKS).is_some_and(|v| v == "1"),
    }
}

/// Writes the settings whenever they change.
#[hook]
pub fn use_settings_storage(settings: &Settings) {
    use_effect_with(settings.clone(), |s| {
        remember(THEME, s.theme.name());
        remember(SPLIT, &format!("{:.1}", s.split));
        remember(NAMES_IN_LINKS, if s.names_in_links { "1" } else { "0" });
    });
}

/// Reads the stored documents once at start (an example when there are
/// none) and hands them to the state.
#[hook]
pub fn use_stored_documents(dispatch: Dispatch) {
    use_effect_with((), move |_| {
        if ephemeral() {
            // The link's document (opened from the hash) is the only one;
            // a frame without a link shows the first example.
            let linked = web_sys::window()
                .and_then(|w| w.location().hash().ok())
                .is_some_and(|h| h.starts_with("#v"));
            let docs = if linked {
                Vec::new()
            } else {
                let ex = &EXAMPLES[0];
                vec![make_doc(ex.file, ex.language, ex.source)]
            };
            dispatch.dispatch(Action::Loaded { docs, last: None });
            return;
        }
        wasm_bindgen_futures::spawn_local(async move {
            let (mut docs, names) = match bridge::settle(bridge::db_all()).await {
                Ok(v) => stored_records(&v.as_string().unwrap_or_default()),
                Err(e) => {
                    dispatch.dispatch(Action::Message(Tone::Error, format!("This browser's storage is not available ({e}); documents will not be kept.")));
                    (Vec::new(), Vec::new())
                }
            };
            if !names.is_empty() {
                dispatch.dispatch(Action::NamesLoaded(names));
            }
            restore_backup(&mut docs);
            if docs.is_empty() {
                let ex = &EXAMPLES[0];
                docs.push(make_doc(ex.file, ex.language, ex.source));
            }
            dispatch.dispatch(Action::Loaded {
                docs,
                last: recall(CURRENT),
            });
        });
    });
}

/// The stored records, read one by one (one damaged record loses only
/// itself): documents, and names files by their kind.
fn stored_records(json: &str) -> (Vec<Doc>, Vec<NamesFile>) {
    let records: Vec<&serde_json::value::RawValue> = serde_json::from_str(json).unwrap_or_default();
    let mut docs = Vec::new();
    let mut names = Vec::new();
    for r in records {
        let kind = serde_json::from_str::<RecordKind>(r.get()).map(|k| k.kind);
        if kind.ok().flatten().as_deref() == Some(NAMES_KIND) {
            names.extend(serde_json::from_str::<NamesFile>(r.get()).ok());
        } else {
            docs.extend(serde_json::from_str::<Doc>(r.get()).ok());
        }
    }
    (docs, names)
}

/// The kind of a stored record (documents have none). Records are read as
/// text and then as their type: a `serde_json::Value` in between would
/// bring a second reader of every type into the studio.
#[derive(serde::Deserialize)]
struct RecordKind {
    #[serde(default)]
    kind: Option<String>,
}

/// A names file as stored: its fields and its kind (written without a
/// `serde_json::Value`, whose writer the studio otherwise does not need).
#[derive(serde::Serialize)]
struct NamesRecord<'a> {
    #[serde(flatten)]
    file: &'a NamesFile,
    kind: &'static str,
}

/// Writes the names files whenever they change, and forgets removed ones.
#[hook]
pub fn use_names_storage(names: &Rc<Vec<NamesFile>>) {
    let kept = use_mut_ref(Vec::<String>::new);
    use_effect_with(names.clone(), move |names| {
        if ephemeral() {
            return;
        }
        let ids: Vec<String> = names.iter().map(|n| n.id.clone()).collect();
        for gone in kept.borrow().iter().filter(|id| !ids.contains(id)) {
            let _ = bridge::db_delete(gone);
        }
        for n in names.iter() {
            let record = NamesRecord {
                file: n,
                kind: NAMES_KIND,
            };
            let _ = bridge::db_put(&serde_json::to_string(&record).unwrap_or_default());
        }
        *kept.borrow_mut() = ids;
    });
}

/// Puts the synchronous backup in place of its stored copy when newer.
fn restore_backup(docs: &mut Vec<Doc>) {
    let Some(backup) = recall(BACKUP).and_then(|j| serde_json::from_str::<Doc>(&j).ok()) else {
        return;
    };
    match docs.iter_mut().find(|d| d.id == backup.id) {
        Some(d) if d.updated >= backup.updated => {}
        Some(d) => *d = backup,
        None => docs.push(backup),
    }
}

/// Saves the current document shortly after it changes, and at once when
/// the page is hidden or closed.
#[hook]
pub fn use_document_storage(state: &State, dispatch: Dispatch) {
    let pending = use_mut_ref(|| None::<Timeout>);
    let latest: Rc<RefCell<Option<Rc<Doc>>>> = use_mut_ref(|| None);
    let doc = state.doc().cloned().filter(|_| state.loaded);
    {
        let (pending, latest, dispatch) = (pending.clone(), latest.clone(), dispatch.clone());
        use_effect_with(doc, move |doc| {
            if let Some(doc) = doc.clone() {
                remember(CURRENT, &doc.id);
                // Another document shown before the last one's save was
                // due: that one is saved now (its timer is replaced).
                let waiting = pending.borrow().is_some();
                if let Some(prev) = latest
                    .borrow()
                    .as_ref()
                    .filter(|p| waiting && p.id != doc.id)
                {
                    save_now(prev, &dispatch);
                }
                *latest.borrow_mut() = Some(doc.clone());
                let done = pending.clone();
                *pending.borrow_mut() = Some(Timeout::new(SAVE_DELAY_MS, move || {
                    save_now(&doc, &dispatch);
                    done.borrow_mut().take();
                }));
            }
        });
    }
    use_effect_with((), move |_| {
        let flush = move || {
            // Cancel the timer and write now, synchronously as well.
            let was_pending = pending.borrow_mut().take().is_some();
            if let Some(doc) = latest.borrow().as_ref() {
                if was_pending {
                    save_now(doc, &dispatch);
                }
                remember(BACKUP, &serde_json::to_string(&**doc).unwrap_or_default());
            }
        };
        let flush = Rc::new(flush);
        let listeners = web_sys::window().map(|w| {
            let f1 = flush.clone();
            let hidden = w.document().map(|d| {
                let d2 = d.clone();
                EventListener::new(&d, "visibilitychange", move |_| {
                    if d2.hidden() {
                        f1();
                    }
                })
            });
            let f2 = flush.clone();
            let pagehide = EventListener::new(&w, "pagehide", move |_| f2());
            (hidden, pagehide)
        });
        move || drop(listeners)
    });
}

/// Saves a document that changed while another is shown: the editor
/// reports the last keys typed into a document when the user switches
/// away from it, after the switch.
#[hook]
pub fn use_background_saves(state: &State, dispatch: Dispatch) {
    let seen = use_mut_ref(std::collections::HashMap::<String, u64>::new);
    let revisions: Vec<(String, u64)> = state
        .docs
        .iter()
        .map(|d| (d.id.clone(), d.revision))
        .collect();
    let (docs, current, loaded) = (
        state.docs.clone(),
        state.doc().map(|d| d.id.clone()),
        state.loaded,
    );
    use_effect_with(revisions, move |_| {
        let mut seen = seen.borrow_mut();
        for d in &docs {
            let before = seen.insert(d.id.clone(), d.revision);
            let changed = before.is_some_and(|b| b != d.revision);
            if loaded && changed && current.as_deref() != Some(d.id.as_str()) {
                save_now(d, &dispatch);
            }
        }
    });
}

/// A deleted document must not come back from the backup.
pub fn forget_backup(id: &str) {
    let Some(ls) = local_storage() else { return };
    let backed_up = ls
        .get_item(BACKUP)
        .ok()
        .flatten()
        .and_then(|j| serde_json::from_str::<Doc>(&j).ok())
        .is_some_and(|d| d.id == id);
    if backed_up {
        let _ = ls.remove_item(BACKUP);
    }
}
