//! Bringing crawl's Lua library into the studio and keeping it: from a
//! folder the user picks, or fetched at the pinned commit from crawl's
//! repository (the one origin the page may reach), then stored in
//! IndexedDB as one record so a later visit, offline or not, has it.

use std::collections::BTreeMap;
use std::rc::Rc;

use yew::prelude::*;

use crate::actions::{now_ms, Dispatch};
use crate::bridge;
use crate::crawl_library::{self, CrawlLibrary, MAX_FILE_BYTES};
use crate::state::{Action, Tone};

/// The library's record in the documents' store, told apart by its kind.
pub const LIBRARY_KIND: &str = "dlua";
const LIBRARY_ID: &str = "crawl-library";

/// The library as stored.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct LibraryRecord {
    pub id: String,
    pub kind: String,
    pub origin: String,
    pub read_at: f64,
    pub files: BTreeMap<String, String>,
}

impl LibraryRecord {
    pub fn into_library(self) -> CrawlLibrary {
        CrawlLibrary::new(self.origin, self.read_at, self.files)
    }
}

/// Writes the library whenever another is taken, and forgets it when the
/// user does.
#[hook]
pub fn use_library_storage(library: &Option<Rc<CrawlLibrary>>) {
    let started = use_mut_ref(|| false);
    use_effect_with(library.clone(), move |library| {
        // The first run sees the empty start, not a removal.
        let first = !std::mem::replace(&mut *started.borrow_mut(), true);
        // In a frame of another page nothing is kept (as the documents).
        if bridge::embedded() {
            return;
        }
        match library {
            Some(l) => {
                let record = LibraryRecord {
                    id: LIBRARY_ID.into(),
                    kind: LIBRARY_KIND.into(),
                    origin: l.origin.clone(),
                    read_at: l.read_at,
                    files: (*l.files).clone(),
                };
                if let Ok(json) = serde_json::to_string(&record) {
                    let _ = bridge::db_put(&json);
                }
            }
            None if !first => {
                let _ = bridge::db_delete(LIBRARY_ID);
            }
            None => {}
        }
    });
}

/// Fetches every file of the library at the pinned commit, saying how
/// far it got; nothing is taken unless all came.
pub fn fetch_pinned(dispatch: Dispatch) {
    wasm_bindgen_futures::spawn_local(async move {
        let wanted: Vec<_> = crawl_library::pinned_files().collect();
        let mut files = BTreeMap::new();
        for (i, (path, url)) in wanted.iter().enumerate() {
            if i % 10 == 0 {
                dispatch.dispatch(Action::Message(
                    Tone::Info,
                    format!(
                        "Fetching crawl's Lua library: {i} of {} files…",
                        wanted.len()
                    ),
                ));
            }
            match bridge::settle(Ok(bridge::fetch_text(url))).await {
                Ok(text) => {
                    files.insert(path.to_string(), text.as_string().unwrap_or_default());
                }
                Err(e) => {
                    dispatch.dispatch(Action::Message(
                        Tone::Error,
                        format!("Could not fetch crawl's Lua library ({e}); nothing was changed. Opening your own dat folder works offline."),
                    ));
                    return;
                }
            }
        }
        take(
            CrawlLibrary::new(crawl_library::pinned_origin(), now_ms(), files),
            &dispatch,
        );
    });
}

/// Reads the library's files out of a picked folder (`dat`, `dlua`, or
/// crawl's whole tree): only Lua files under a `dlua` folder are read.
pub fn read_folder(picked: web_sys::FileList, dispatch: Dispatch) {
    let chosen: Vec<(String, web_sys::File)> = (0..picked.length())
        .filter_map(|i| picked.get(i))
        .filter_map(|f| {
            let relative = bridge::relative_path(&f);
            crawl_library::library_path(&relative).map(|p| (p, f))
        })
        .collect();
    let folder = picked
        .get(0)
        .map(|f| crawl_library::folder_name(&bridge::relative_path(&f)))
        .unwrap_or_default();
    wasm_bindgen_futures::spawn_local(async move {
        let mut files = BTreeMap::new();
        for (path, file) in chosen {
            if file.size() > f64::from(MAX_FILE_BYTES) {
                continue;
            }
            if let Ok(v) = bridge::settle(Ok(bridge::read_file(&file))).await {
                let bytes = js_sys::Uint8Array::new(&v).to_vec();
                files.insert(path, String::from_utf8_lossy(&bytes).into_owned());
            }
        }
        take(CrawlLibrary::new(folder, now_ms(), files), &dispatch);
    });
}

/// Takes a library that holds `dungeon.lua`; says why not otherwise.
fn take(library: CrawlLibrary, dispatch: &Dispatch) {
    if !library.is_whole() {
        dispatch.dispatch(Action::Message(
            Tone::Error,
            format!(
                "{} holds no dlua/dungeon.lua ({} Lua files under a dlua folder): not crawl's dat folder? Nothing was changed.",
                library.origin,
                library.files.len()
            ),
        ));
        return;
    }
    dispatch.dispatch(Action::Message(
        Tone::Info,
        format!(
            "crawl's Lua library ({} files, from {}) is kept in this browser: vaults' Lua now runs with it.",
            library.files.len(),
            library.origin
        ),
    ));
    dispatch.dispatch(Action::Library(library));
}
