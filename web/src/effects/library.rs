//! Bringing crawl's Lua library into the studio and keeping it: from a
//! folder the user picks, or fetched at the pinned commit from crawl's
//! repository (the one origin the page may reach), then stored in
//! IndexedDB as one record when it is taken (and deleted when forgotten),
//! so a later visit, offline or not, has it.

use crate::actions::Dispatch;
use crate::bridge;
use crate::crawl_library::{self, CrawlLibrary, MAX_FILE_BYTES};
use crate::state::{Action, Tone};
use std::collections::BTreeMap;

/// The library's record in the documents' store, told apart by its kind.
pub const LIBRARY_KIND: &str = "dlua";
const LIBRARY_ID: &str = "crawl-library";

/// The library as stored.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct LibraryRecord {
    pub id: String,
    pub kind: String,
    pub origin: String,
    pub files: BTreeMap<String, String>,
}

impl LibraryRecord {
    pub fn into_library(self) -> CrawlLibrary {
        CrawlLibrary::new(self.origin, self.files)
    }
}

/// Keeps `library` in this browser (one record, replacing the last).
fn keep(library: &CrawlLibrary) {
    // In a frame of another page nothing is kept (as the documents).
    if bridge::embedded() {
        return;
    }
    let record = LibraryRecord {
        id: LIBRARY_ID.into(),
        kind: LIBRARY_KIND.into(),
        origin: library.origin.clone(),
        files: (*library.files).clone(),
    };
    if let Ok(json) = serde_json::to_string(&record) {
        let _ = bridge::db_put(&json);
    }
}

/// Forgets the library, here and in this browser's storage.
pub fn forget(dispatch: &Dispatch) {
    if !bridge::embedded() {
        let _ = bridge::db_delete(LIBRARY_ID);
    }
    dispatch.dispatch(Action::ForgetLibrary);
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
            CrawlLibrary::new(crawl_library::pinned_origin(), files),
            &dispatch,
        );
    });
}

/// Reads the library's files out of a picked folder (`dat`, `dlua`, or
/// crawl's whole tree): only Lua files under a `dlua` folder and the
/// game's vault files under a `des` folder are read.
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
        take(CrawlLibrary::new(folder, files), &dispatch);
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
                library.lua_files()
            ),
        ));
        return;
    }
    dispatch.dispatch(Action::Message(
        Tone::Info,
        format!(
            "crawl's Lua library ({}, from {}) is kept in this browser: vaults' Lua now runs with it.",
            library.contents(),
            library.origin
        ),
    ));
    keep(&library);
    dispatch.dispatch(Action::Library(library));
}
