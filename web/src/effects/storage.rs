//! Keeping documents and settings in this browser.
//!
//! Every document goes to IndexedDB as soon as it exists or changes (the
//! shown one shortly after its last keystroke). A write started while the
//! page is closing may never finish, so when the page is hidden or closed
//! every document storage has not confirmed is also written synchronously
//! to local storage (`BACKUP`); at start the backup wins over the stored
//! copy when it is newer. Settings (theme, split) are small and go to local storage.
//! DCSS names files live in IndexedDB beside the documents.
//!
//! A mirror of the document list: every document new or changed is written
//! to IndexedDB at once, shown or not, the shown one after a quiet 250 ms; a
//! document gone from the list is deleted; on `pagehide`/hidden everything
//! IndexedDB has not confirmed goes to a synchronous local-storage copy, so
//! To Lua's levels survive a reload in the same moment.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use vaultwright::decimal;
use yew::prelude::*;

use crate::actions::{make_doc, Dispatch};
use crate::bridge;
use crate::effects::library::{LibraryRecord, LIBRARY_KIND};
use crate::examples::EXAMPLES;
use crate::state::{Action, Doc, NamesFile, Settings, State, Theme, Tone};

const BACKUP: &str = "vaultwright.unsaved";
const CURRENT: &str = "vaultwright.current";
const THEME: &str = "vaultwright.theme";
const SPLIT: &str = "vaultwright.split";
const NAMES_IN_LINKS: &str = "vaultwright.names-in-links";
const GUIDELINES: &str = "vaultwright.guidelines";
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
        problems: crate::state::ProblemFilter {
            guidelines: recall(GUIDELINES).is_none_or(|v| v != "0"),
            ..defaults.problems
        },
    }
}

/// Writes the settings whenever they change.
#[hook]
pub fn use_settings_storage(settings: &Settings) {
    use_effect_with(settings.clone(), |s| {
        remember(THEME, s.theme.name());
        remember(SPLIT, &format!("{:.1}", s.split));
        remember(NAMES_IN_LINKS, if s.names_in_links { "1" } else { "0" });
        remember(GUIDELINES, if s.problems.guidelines { "1" } else { "0" });
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
            let Stored {
                mut docs,
                names,
                library,
            } = match bridge::settle(bridge::db_all()).await {
                Ok(v) => stored_records(&v.as_string().unwrap_or_default()),
                Err(e) => {
                    dispatch.dispatch(Action::Message(Tone::Error, format!("This browser's storage is not available ({e}); documents will not be kept.")));
                    Stored::default()
                }
            };
            if !names.is_empty() {
                dispatch.dispatch(Action::NamesLoaded(names));
            }
            if let Some(library) = library {
                dispatch.dispatch(Action::Library(library.into_library()));
            }
            let stored = restore_backup(&mut docs);
            STORED_AT_START.with(|s| *s.borrow_mut() = stored);
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

/// What storage holds.
#[derive(Default)]
struct Stored {
    docs: Vec<Doc>,
    names: Vec<NamesFile>,
    library: Option<LibraryRecord>,
}

/// The stored records, read one by one (one damaged record loses only
/// itself): documents, and names files and crawl's library by their kind.
fn stored_records(json: &str) -> Stored {
    let records: Vec<&serde_json::value::RawValue> = serde_json::from_str(json).unwrap_or_default();
    let mut stored = Stored::default();
    for r in records {
        let kind = serde_json::from_str::<RecordKind>(r.get()).map(|k| k.kind);
        match kind.ok().flatten().as_deref() {
            Some(NAMES_KIND) => stored
                .names
                .extend(serde_json::from_str::<NamesFile>(r.get()).ok()),
            Some(LIBRARY_KIND) => {
                if let Ok(library) = serde_json::from_str::<LibraryRecord>(r.get()) {
                    stored.library = Some(library);
                }
            }
            _ => stored
                .docs
                .extend(serde_json::from_str::<Doc>(r.get()).ok()),
        }
    }
    stored
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

/// Puts the synchronous backup's documents in place of their stored
/// copies when newer (and beside them when storage never got them);
/// returns the documents storage already holds as they are.
fn restore_backup(docs: &mut Vec<Doc>) -> HashMap<String, Doc> {
    let mut stored: HashMap<String, Doc> = docs.iter().map(|d| (d.id.clone(), d.clone())).collect();
    for backup in recall(BACKUP).map(|j| backed_up(&j)).unwrap_or_default() {
        match docs.iter_mut().find(|d| d.id == backup.id) {
            Some(d) if d.updated >= backup.updated => {}
            Some(d) => {
                stored.remove(&d.id);
                *d = backup;
            }
            None => docs.push(backup),
        }
    }
    stored
}

/// What this page knows storage holds: the version of each document
/// IndexedDB confirmed writing, and the documents as they are now. A
/// document whose version now is not the confirmed one is unsaved.
#[derive(Default)]
struct Mirror {
    stored: HashMap<String, Rc<Doc>>,
    /// The versions whose write was started and not yet answered.
    writing: HashMap<String, Rc<Doc>>,
    latest: Vec<Rc<Doc>>,
    /// The ids of the list storage was last brought level with: one gone
    /// from the list since is deleted (whatever became of its writes).
    known: HashSet<String>,
    /// The shown document's write, delayed while keys come.
    timer: Option<Timeout>,
    /// The documents read from storage have been taken as stored.
    seeded: bool,
}

impl Mirror {
    fn is_stored(&self, doc: &Rc<Doc>) -> bool {
        self.stored.get(&doc.id).is_some_and(|s| Rc::ptr_eq(s, doc))
    }

    fn is_written(&self, doc: &Rc<Doc>) -> bool {
        self.is_stored(doc)
            || self
                .writing
                .get(&doc.id)
                .is_some_and(|w| Rc::ptr_eq(w, doc))
    }

    fn unsaved(&self) -> impl Iterator<Item = &Rc<Doc>> {
        self.latest.iter().filter(|d| !self.is_stored(d))
    }
}

/// Keeps every document in IndexedDB as soon as it exists or changes:
/// one made by To Lua, a link or a picture is written at once, whether or
/// not it is shown; the shown one shortly after its last keystroke. A
/// document gone from the list is deleted from storage. When the page is
/// hidden or closed, whatever storage has not confirmed is also written
/// synchronously to local storage (`BACKUP`), which wins at the next start
/// when it is newer.
#[hook]
pub fn use_document_storage(state: &State, dispatch: Dispatch) {
    let mirror = use_mut_ref(Mirror::default);
    mirror.borrow_mut().latest = state.docs.clone();
    let versions: Vec<usize> = state.docs.iter().map(|d| Rc::as_ptr(d) as usize).collect();
    let shown = state.doc().map(|d| d.id.clone());
    {
        let (mirror, dispatch, loaded) = (mirror.clone(), dispatch.clone(), state.loaded);
        use_effect_with((versions, shown, loaded), move |(_, shown, _)| {
            if loaded && !ephemeral() {
                if let Some(id) = shown {
                    remember(CURRENT, id);
                }
                sync(&mirror, shown.as_deref(), &dispatch);
            }
        });
    }
    use_effect_with((), move |_| {
        let on_hide = Rc::new(move || flush(&mirror, &dispatch));
        let listeners = web_sys::window().map(|w| {
            let f1 = on_hide.clone();
            let hidden = w.document().map(|d| {
                let d2 = d.clone();
                EventListener::new(&d, "visibilitychange", move |_| {
                    if d2.hidden() {
                        f1();
                    }
                })
            });
            let f2 = on_hide.clone();
            let pagehide = EventListener::new(&w, "pagehide", move |_| f2());
            (hidden, pagehide)
        });
        move || drop(listeners)
    });
}

/// Brings storage level with the documents: writes what is new or changed
/// (the shown document after a quiet time), deletes what is gone.
fn sync(mirror: &Rc<RefCell<Mirror>>, shown: Option<&str>, dispatch: &Dispatch) {
    let mut m = mirror.borrow_mut();
    if !m.seeded {
        m.seeded = true;
        // A document is stored as it is only if nothing changed it since
        // it was read (a link shown before storage answered may have).
        let from_storage = STORED_AT_START.with(|s| std::mem::take(&mut *s.borrow_mut()));
        let read: Vec<Rc<Doc>> = m
            .latest
            .iter()
            .filter(|d| from_storage.get(&d.id).is_some_and(|s| s == &***d))
            .cloned()
            .collect();
        for d in read {
            m.stored.insert(d.id.clone(), d);
        }
    }
    let now: HashSet<String> = m.latest.iter().map(|d| d.id.clone()).collect();
    // Known at the last sync, or written since (a flush on hiding writes
    // what the last render held).
    let gone: HashSet<String> = m
        .known
        .iter()
        .chain(m.stored.keys())
        .chain(m.writing.keys())
        .filter(|id| !now.contains(*id))
        .cloned()
        .collect();
    m.known = now;
    for id in gone {
        m.stored.remove(&id);
        m.writing.remove(&id);
        forget_backup(&id);
        let _ = bridge::db_delete(&id);
    }
    let changed: Vec<Rc<Doc>> = m
        .latest
        .iter()
        .filter(|d| !m.is_written(d))
        .cloned()
        .collect();
    for doc in changed {
        if Some(doc.id.as_str()) == shown {
            let (later, dispatch) = (mirror.clone(), dispatch.clone());
            m.timer = Some(Timeout::new(SAVE_DELAY_MS, move || {
                later.borrow_mut().timer = None;
                write_shown(&later, &doc.id, &dispatch);
            }));
        } else {
            write(&mut m, mirror, doc, dispatch);
        }
    }
    mark_unsaved(&m);
}

/// The delayed write of the shown document: its version at that moment.
fn write_shown(mirror: &Rc<RefCell<Mirror>>, id: &str, dispatch: &Dispatch) {
    let mut m = mirror.borrow_mut();
    let Some(doc) = m.latest.iter().find(|d| d.id == id).cloned() else {
        return;
    };
    if !m.is_written(&doc) {
        write(&mut m, mirror, doc, dispatch);
    }
}

/// Starts writing one version; once IndexedDB confirms it, that version
/// is the stored one.
fn write(m: &mut Mirror, mirror: &Rc<RefCell<Mirror>>, doc: Rc<Doc>, dispatch: &Dispatch) {
    m.writing.insert(doc.id.clone(), doc.clone());
    let json = serde_json::to_string(&*doc).unwrap_or_default();
    let (mirror, dispatch) = (mirror.clone(), dispatch.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let result = bridge::settle(bridge::db_put(&json)).await;
        let failed = {
            let mut m = mirror.borrow_mut();
            if m.writing.get(&doc.id).is_some_and(|w| Rc::ptr_eq(w, &doc)) {
                m.writing.remove(&doc.id);
            }
            let failed = match result {
                // A document deleted while it was written is not kept.
                Ok(_) if m.latest.iter().any(|d| d.id == doc.id) => {
                    m.stored.insert(doc.id.clone(), doc.clone());
                    None
                }
                Ok(_) => {
                    let _ = bridge::db_delete(&doc.id);
                    None
                }
                Err(e) => Some(e),
            };
            mark_unsaved(&m);
            failed
        };
        // The borrow ends first: the message renders the app at once.
        if let Some(e) = failed {
            dispatch.dispatch(Action::Message(
                Tone::Error,
                format!("Could not save {} to this browser's storage: {e}. Your text is still here; download it to keep it.", doc.name),
            ));
        }
    });
}

/// The page is being hidden or closed: the delayed write is made now, and
/// what storage has not confirmed goes to local storage synchronously
/// (an IndexedDB write started now may never finish).
fn flush(mirror: &Rc<RefCell<Mirror>>, dispatch: &Dispatch) {
    if ephemeral() {
        return;
    }
    let mut m = mirror.borrow_mut();
    m.timer = None;
    let unsaved: Vec<Rc<Doc>> = m.unsaved().cloned().collect();
    for doc in &unsaved {
        if !m.is_written(doc) {
            write(&mut m, mirror, doc.clone(), dispatch);
        }
    }
    // Before storage has answered, the backup of the last visit has not
    // been read back yet: it is kept, with what this visit adds.
    let mut docs: Vec<Doc> = if m.seeded {
        Vec::new()
    } else {
        recall(BACKUP).map(|j| backed_up(&j)).unwrap_or_default()
    };
    for d in &unsaved {
        docs.retain(|b| b.id != d.id);
        docs.push((**d).clone());
    }
    if docs.is_empty() {
        if let Some(ls) = local_storage() {
            let _ = ls.remove_item(BACKUP);
        }
        return;
    }
    remember(BACKUP, &serde_json::to_string(&docs).unwrap_or_default());
}

/// How many documents storage has not confirmed, on the page's root
/// element (`data-unsaved`): for the browser tests, which wait for 0.
fn mark_unsaved(m: &Mirror) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-unsaved", &m.unsaved().count().to_string());
    }
}

thread_local! {
    /// The ids read from storage at start: those documents need no write.
    static STORED_AT_START: RefCell<HashMap<String, Doc>> = RefCell::new(HashMap::new());
}

/// A deleted document must not come back from the backup.
pub fn forget_backup(id: &str) {
    let Some(backup) = recall(BACKUP) else { return };
    let docs = backed_up(&backup);
    if docs.iter().any(|d| d.id == id) {
        let kept: Vec<&Doc> = docs.iter().filter(|d| d.id != id).collect();
        remember(BACKUP, &serde_json::to_string(&kept).unwrap_or_default());
    }
}

/// The documents of a backup: a list, or one document (as earlier
/// versions wrote it).
fn backed_up(json: &str) -> Vec<Doc> {
    serde_json::from_str::<Vec<Doc>>(json)
        .or_else(|_| serde_json::from_str::<Doc>(json).map(|d| vec![d]))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A backup is the list of documents storage had not confirmed; an
    /// earlier version's backup of one document still reads.
    #[test]
    fn a_backup_reads_as_a_list_or_as_one_document() {
        let one = crate::state::new_doc(
            "a".into(),
            "a.des",
            vaultwright::Language::NethackDes,
            "A",
            1.0,
        );
        let two = crate::state::new_doc(
            "b".into(),
            "b.lua",
            vaultwright::Language::NethackLua,
            "B",
            2.0,
        );
        let list = serde_json::to_string(&[&one, &two]).unwrap_or_default();
        assert_eq!(backed_up(&list), [one.clone(), two]);
        let single = serde_json::to_string(&one).unwrap_or_default();
        assert_eq!(backed_up(&single), [one]);
        assert!(backed_up("not json").is_empty());
    }

    /// Documents, names files and crawl's library share the store, each
    /// read by its kind; a damaged record loses only itself.
    #[test]
    fn stored_records_are_told_apart_by_kind() {
        let doc = crate::state::new_doc(
            "a".into(),
            "a.des",
            vaultwright::Language::DcssDes,
            "NAME: a",
            1.0,
        );
        let library = r#"{"id":"crawl-library","kind":"dlua","origin":"dat","files":{"dlua/dungeon.lua":"x = 1"}}"#;
        let names =
            r#"{"id":"names:1:f","name":"f","text":"monster: x","active":true,"kind":"names"}"#;
        let json = format!(
            "[{},{library},{names},{{\"kind\":\"dlua\"}}]",
            serde_json::to_string(&doc).unwrap_or_default()
        );
        let stored = stored_records(&json);
        assert_eq!(stored.docs, [doc]);
        assert_eq!(stored.names.len(), 1);
        let library = stored.library.map(LibraryRecord::into_library);
        let library = library.expect("the library record");
        assert_eq!(library.origin, "dat");
        assert!(library.is_whole());
    }
}
