//! Commands with side effects that callbacks and shortcuts share: opening
//! files, sharing links, downloads. Each reports back through actions.

use vaultwright::{detect_language, Analysis, Language};
use yew::prelude::*;

use crate::bridge;
use crate::codec::{self, LinkOrigin, LinkState};
use crate::derive::Derived;
use crate::state::{new_doc, Action, Doc, NamesFile, Offer, Review, State, Tone, Zoom};

pub type Dispatch = UseReducerDispatcher<State>;

/// Files larger than this are refused with a message rather than opened.
pub const MAX_OPEN_BYTES: usize = 8 << 20;
/// Links longer than this are hard to paste into chats and issue trackers.
pub const LONG_LINK_BYTES: usize = 8 * 1024;

pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

pub fn new_id() -> String {
    format!(
        "{:x}-{:x}",
        now_ms() as u64,
        (js_sys::Math::random() * 1e12) as u64
    )
}

/// A new document stamped with a fresh id and the current time.
pub fn make_doc(name: &str, language: Language, source: &str) -> Doc {
    let name = codec::sanitize_name(name);
    new_doc(new_id(), &name, language, source, now_ms())
}

pub fn open_files(files: web_sys::FileList, dispatch: &Dispatch) {
    for i in 0..files.length() {
        if let Some(f) = files.get(i) {
            open_file(f, dispatch.clone());
        }
    }
}

fn open_file(file: web_sys::File, dispatch: Dispatch) {
    wasm_bindgen_futures::spawn_local(async move {
        let name = file.name();
        match wasm_bindgen_futures::JsFuture::from(bridge::read_file(&file)).await {
            Ok(bytes) => {
                let bytes = js_sys::Uint8Array::new(&bytes).to_vec();
                open_bytes(&name, &bytes, &dispatch);
            }
            Err(e) => dispatch.dispatch(Action::Message(
                Tone::Error,
                format!("Could not read {name}: {}", bridge::describe(e)),
            )),
        }
    });
}

/// Opens a file's bytes: a picture exported by the studio (PNG or SVG
/// with the document inside) reopens its document as a link would; any
/// other file is opened as a source text.
pub fn open_bytes(name: &str, bytes: &[u8], dispatch: &Dispatch) {
    match picture_link(bytes) {
        Some(Ok(hash)) => match codec::decode_link(&hash) {
            Ok(Some(link)) => open_link(link, name, dispatch),
            Ok(None) => dispatch.dispatch(no_document(name)),
            Err(e) => dispatch.dispatch(Action::Message(
                Tone::Error,
                format!("Could not open {name}: {e}. Nothing was changed."),
            )),
        },
        Some(Err(e)) => dispatch.dispatch(Action::Message(
            Tone::Error,
            format!("Could not open {name}: {e}. Nothing was changed."),
        )),
        None if bytes.starts_with(&codec::picture::PNG_SIGNATURE) => {
            dispatch.dispatch(no_document(name))
        }
        None => dispatch.dispatch(opened(name, bytes)),
    }
}

fn no_document(name: &str) -> Action {
    Action::Message(
        Tone::Error,
        format!("{name} is a picture without a Vaultwright document in it; only pictures exported by the studio reopen."),
    )
}

/// The permalink a picture carries: `None` when the bytes are not an
/// exported picture (or a PNG holding none), an error for a damaged one.
fn picture_link(bytes: &[u8]) -> Option<Result<String, String>> {
    if bytes.starts_with(&codec::picture::PNG_SIGNATURE) {
        return codec::picture::state_in_png(bytes).transpose();
    }
    // Only a text that parses as an SVG document (a prolog, then an <svg>
    // root) is a picture; a source that mentions `<svg` is a source.
    let text = std::str::from_utf8(bytes).ok()?;
    if codec::picture::is_svg(text) {
        return codec::picture::state_in_svg(text).map(Ok);
    }
    None
}

/// Opens the state of a link (or of a picture carrying one) as a new
/// document, with the names files it brings; `from` says where it came
/// from in the message.
pub fn open_link(link: LinkState, from: &str, dispatch: &Dispatch) {
    let mut doc = make_doc(&link.name, link.language, &link.source);
    doc.target = link.target;
    doc.explicit_target = link.explicit_target;
    doc.shown = link.shown.clone();
    doc.from = link.from.clone();
    let what = match &link.from {
        Some(origin) => format!(
            "{} (cut from {}, line {}) from {from}",
            link.name, origin.file, origin.line
        ),
        None => from.to_string(),
    };
    let brought: Vec<String> = link.names.iter().map(|n| n.name.clone()).collect();
    let message = if brought.is_empty() {
        format!("Opened {what} as a new document.")
    } else {
        format!(
            "Opened {what} as a new document. It brought names files, kept off until you turn them on in Names…: {}.",
            brought.join(", ")
        )
    };
    dispatch.dispatch(Action::Message(Tone::Info, message));
    if !link.names.is_empty() {
        let at = now_ms();
        dispatch.dispatch(Action::NamesFromLink(
            link.names
                .into_iter()
                .map(|n| NamesFile {
                    id: format!("names:{at}:{}", n.name),
                    name: n.name,
                    text: n.text,
                    active: false,
                })
                .collect(),
        ));
    }
    let view = doc.shown.view;
    dispatch.dispatch(Action::OpenShared(doc));
    if let Some(percent) = link.zoom {
        dispatch.dispatch(Action::Zoom(view, Zoom::Scale(f64::from(percent) / 100.0)));
    }
    if let Some(at) = link.cursor {
        dispatch.dispatch(Action::Jump(at as usize));
    }
    if link.review {
        dispatch.dispatch(Action::Review(Some(Review::default())));
    }
}

/// What opening a file's bytes does: a new document, or a message saying
/// why not. Binary and non-UTF-8 files open with their text made valid and
/// a message, so that nothing the user sees is silently altered.
pub fn opened(name: &str, bytes: &[u8]) -> Action {
    if bytes.len() > MAX_OPEN_BYTES {
        return Action::Message(
            Tone::Error,
            format!(
                "{name} is {:.1} MB, more than the studio opens ({} MB); check it with the command-line tool instead.",
                bytes.len() as f64 / (1 << 20) as f64,
                MAX_OPEN_BYTES >> 20
            ),
        );
    }
    if bytes.contains(&0) {
        return Action::Message(
            Tone::Error,
            format!("{name} looks like a binary file (it contains NUL bytes); not opened."),
        );
    }
    let text = String::from_utf8_lossy(bytes).into_owned();
    let language = detect_language(name, &text).unwrap_or(Language::NethackDes);
    Action::Open(make_doc(name, language, &text))
}

fn link_state(doc: &Doc, names: Vec<codec::NamesText>) -> LinkState {
    LinkState {
        language: doc.language,
        target: doc.target,
        explicit_target: doc.explicit_target,
        name: doc.name.clone(),
        source: doc.source.clone(),
        shown: doc.shown.clone(),
        names,
        from: doc.from.clone(),
        review: false,
        zoom: None,
        cursor: None,
    }
}

/// A view's zoom as a link holds it: percent, none when fitted.
fn link_zoom(zoom: Zoom) -> Option<u32> {
    match zoom {
        Zoom::Fit => None,
        Zoom::Scale(f) => Some((f * 100.0).round().clamp(5.0, 3200.0) as u32),
    }
}

/// The link to outline entry `symbol` alone: a vault (with what it needs)
/// or a level of a multi-level file, cut out as a document of its own and
/// saying where from; the whole document's when the entry is the file.
/// `review` opens it in the reviewer's view; `zoom` is the view's.
pub fn entry_link_state(
    d: &Derived,
    doc: &Doc,
    symbol: usize,
    names: Vec<codec::NamesText>,
    zoom: Zoom,
    review: bool,
) -> LinkState {
    let mut state = link_state(doc, names);
    state.shown.symbol = symbol;
    state.review = review;
    state.zoom = link_zoom(zoom);
    if let Some(x) = vaultwright::excerpt::excerpt(&d.source, &d.analysis, symbol) {
        state.name = codec::sanitize_name(&x.name);
        state.source = x.source;
        state.shown.symbol = x.symbol;
        state.from = Some(LinkOrigin {
            file: doc.name.clone(),
            line: x.line,
        });
        if let Some(target) = x.target {
            (state.target, state.explicit_target) = (target, true);
        }
    }
    state
}

/// The studio's address with a permalink hash.
pub fn link_url(hash: &str) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = base.split('#').next().unwrap_or("").to_string();
    format!("{base}{hash}")
}

/// Copies the link to one entry (see [`entry_link_state`]) and says what
/// it carries.
pub fn copy_entry_link(state: &LinkState, dispatch: &Dispatch) {
    let hash = codec::encode_link(state);
    let url = link_url(&hash);
    mark_last_link(&hash);
    let what = match &state.from {
        Some(origin) => format!(
            "{} alone (from {}, line {})",
            state.name, origin.file, origin.line
        ),
        None => format!("{} (the entry is the whole file)", state.name),
    };
    copy_then(url, dispatch, move |url, copied| {
        entry_link_message(url, &what, copied)
    });
}

/// Keeps the last link copied on the page, for the browser tests.
fn mark_last_link(hash: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = el.set_attribute("data-last-link", hash);
    }
}

/// Puts `text` on the clipboard, then dispatches what `tell` says of it
/// (given the text and whether the browser let it be copied).
pub fn copy_then(
    text: String,
    dispatch: &Dispatch,
    tell: impl FnOnce(&str, bool) -> Action + 'static,
) {
    let dispatch = dispatch.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let copied = wasm_bindgen_futures::JsFuture::from(bridge::copy_text(&text))
            .await
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        dispatch.dispatch(tell(&text, copied));
    });
}

/// Links longer than this are cut by many chats and trackers.
pub const PASTEABLE_LINK_CHARS: usize = 2000;

/// What the user is told after copying a link to one entry: what it
/// carries and its length; for a long one, that it may be cut, and the
/// picture or the file instead.
pub fn entry_link_message(url: &str, what: &str, copied: bool) -> Action {
    let done = if copied {
        "Link copied"
    } else {
        "Copy this link"
    };
    if url.len() > PASTEABLE_LINK_CHARS {
        let text = format!(
            "{done}: {what}, {} characters. Many chats and trackers cut links over {PASTEABLE_LINK_CHARS} characters: the map's picture (Export PNG) carries the same document, or share the file.",
            url.len()
        );
        return Action::Offer(Tone::Info, text, Offer::DownloadSource);
    }
    if copied {
        Action::Message(
            Tone::Info,
            format!("{done}: {what}, {} characters.", url.len()),
        )
    } else {
        Action::Message(Tone::Info, format!("{done} ({what}): {url}"))
    }
}

/// The names files a copied link carries: the active ones, when the user
/// asked for that in the names panel; none otherwise.
pub fn shared_names(names: &[NamesFile], in_links: bool) -> Vec<codec::NamesText> {
    names
        .iter()
        .filter(|n| in_links && n.active)
        .map(|n| codec::NamesText {
            name: n.name.clone(),
            text: n.text.clone(),
        })
        .collect()
}

/// The permalink hash of a document: what a link and an exported picture
/// carry.
pub fn link_hash(doc: &Doc, names: Vec<codec::NamesText>) -> String {
    codec::encode_link(&link_state(doc, names))
}

/// Copies a link to the whole document as it is shown: its view's zoom
/// and the editor's cursor (a byte offset) ride along.
pub fn copy_link(
    doc: &Doc,
    names: Vec<codec::NamesText>,
    zoom: Zoom,
    cursor: usize,
    dispatch: &Dispatch,
) {
    let mut state = link_state(doc, names);
    state.zoom = link_zoom(zoom);
    state.cursor = (cursor > 0).then(|| u32::try_from(cursor).unwrap_or(u32::MAX));
    let hash = codec::encode_link(&state);
    let url = link_url(&hash);
    mark_last_link(&hash);
    copy_then(url, dispatch, link_message);
}

/// What the user is told after copying a link: its length, and for a long
/// link the offer to share the file instead.
pub fn link_message(url: &str, copied: bool) -> Action {
    let kb = url.len() as f64 / 1024.0;
    if url.len() > LONG_LINK_BYTES {
        let text = format!(
            "{} The link is {kb:.0} KB long: many chats and trackers cut links over 8 KB. Sharing the file may be safer.",
            if copied { "Link copied." } else { "Could not copy the link." }
        );
        return Action::Offer(Tone::Info, text, Offer::DownloadSource);
    }
    if copied {
        Action::Message(
            Tone::Info,
            format!("Link copied ({} characters).", url.len()),
        )
    } else {
        Action::Message(Tone::Info, format!("Copy this link: {url}"))
    }
}

/// Downloads a document's source as edited, under its name.
pub fn download_source(doc: &Doc) {
    bridge::download(
        &codec::file_part(&doc.name),
        doc.source.as_bytes(),
        "text/plain",
    );
}

/// Downloads every document's source as one zip, and says what it holds.
pub fn download_sources(docs: &[std::rc::Rc<Doc>], dispatch: &Dispatch) {
    match crate::documents::sources_zip(docs) {
        Ok(zip) => {
            bridge::download("vaultwright-documents.zip", &zip, "application/zip");
            let n = docs.len();
            dispatch.dispatch(Action::Message(
                Tone::Info,
                format!(
                    "Downloaded vaultwright-documents.zip: {n} source{} as edited; those made from another file are in a folder named after it.",
                    if n == 1 { "" } else { "s" }
                ),
            ));
        }
        Err(e) => dispatch.dispatch(Action::Message(
            Tone::Error,
            format!("Could not make the zip: {e}."),
        )),
    }
}

/// Asks for a new name for a document (the browser's prompt).
pub fn rename_doc(doc: &Doc, dispatch: &Dispatch) {
    let Some(name) = web_sys::window()
        .and_then(|w| {
            w.prompt_with_message_and_default("Rename document", &doc.name)
                .ok()
        })
        .flatten()
    else {
        return;
    };
    dispatch.dispatch(Action::Rename {
        id: doc.id.clone(),
        name,
        at: now_ms(),
    });
}

/// Deletes a document (storage follows; the message offers it back). The
/// last one gives way to the first example, so that something is shown.
pub fn delete_doc(id: &str, count: usize, dispatch: &Dispatch) {
    dispatch.dispatch(Action::Delete(id.to_string()));
    if count <= 1 {
        let ex = &crate::examples::EXAMPLES[0];
        dispatch.dispatch(Action::Open(make_doc(ex.file, ex.language, ex.source)));
    }
}

pub fn download_all(analysis: &Analysis, doc: &Doc, dispatch: &Dispatch) {
    let files: Vec<(String, Vec<u8>)> = analysis
        .artifacts
        .iter()
        .map(|a| (a.name.clone(), a.bytes.clone()))
        .collect();
    if files.is_empty() {
        dispatch.dispatch(Action::Message(
            Tone::Info,
            "Nothing to export: the file has no compiled output.".into(),
        ));
        return;
    }
    match codec::zip(&files) {
        Ok(zip) => bridge::download(&format!("{}.zip", stem(&doc.name)), &zip, "application/zip"),
        Err(e) => dispatch.dispatch(Action::Message(
            Tone::Error,
            format!("Could not export the files: {e}."),
        )),
    }
}

/// Downloads one compiled file, unless its name would not be a plain file
/// name (the core refuses such names; this is the studio's own check).
pub fn download_artifact(artifact: &vaultwright::Artifact, dispatch: &Dispatch) {
    match vaultwright::file_name::problem(&artifact.name) {
        None => bridge::download(&artifact.name, &artifact.bytes, "application/octet-stream"),
        Some(why) => dispatch.dispatch(Action::Message(
            Tone::Error,
            format!(
                "Could not export `{}`: {why}.",
                vaultwright::file_name::shown(&artifact.name)
            ),
        )),
    }
}

pub fn stem(name: &str) -> &str {
    name.rsplit_once('.').map(|(s, _)| s).unwrap_or(name)
}

pub fn save_now(doc: &Doc, dispatch: &Dispatch) {
    // In a frame of another page nothing is kept (see effects/storage.rs).
    if bridge::embedded() {
        return;
    }
    let json = serde_json::to_string(doc).unwrap_or_default();
    let dispatch = dispatch.clone();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = bridge::settle(bridge::db_put(&json)).await {
            dispatch.dispatch(Action::Message(
                Tone::Error,
                format!("Could not save to this browser's storage: {e}. Your text is still here; export it to keep it."),
            ));
        }
    });
}
