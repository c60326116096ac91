//! The names files panel: which names the user's game knows beyond the
//! checker's tables (a fork's monsters, an older version's spells). Files
//! are kept in this browser; only active ones count, and they go into a
//! copied link only when the box says so.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::actions::{now_ms, Dispatch};
use crate::bridge;
use crate::crawl_library::CrawlLibrary;
use crate::effects::library;
use crate::state::{game_names, Action, NamesFile, Tone};

#[derive(Properties, PartialEq)]
pub struct NamesPanelProps {
    pub names: Rc<Vec<NamesFile>>,
    pub in_links: bool,
    pub library: Option<Rc<CrawlLibrary>>,
}

#[function_component(NamesPanel)]
pub fn names_panel(props: &NamesPanelProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let close = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Overlay(None)))
    };
    let on_files = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(files) = input.files() {
                for i in 0..files.length() {
                    if let Some(f) = files.get(i) {
                        read_names_file(f, dispatch.clone());
                    }
                }
            }
            input.set_value("");
        })
    };
    let in_links = {
        let (dispatch, on) = (dispatch.clone(), props.in_links);
        Callback::from(move |_: Event| dispatch.dispatch(Action::NamesInLinks(!on)))
    };
    let broken = game_names(&props.names).1;
    let active = props.names.iter().filter(|n| n.active).count();
    html! {
        <div class="sheet names-panel" role="dialog" aria-modal="true" aria-labelledby="names-title" data-testid="names-panel">
            <div class="sheet-head">
                <h2 id="names-title">{"Names of your game (DCSS)"}</h2>
                <button onclick={close} aria-label="Close (Esc)">{"×"}</button>
            </div>
            <p class="hint">{"The checker knows the names of crawl trunk. For another version or a fork, add a names file: one "}<code>{"category: name"}</code>{" per line (monster, item, feature, spell, tile, tag, branch, god), "}<code>{"#"}</code>{" comments. Names in active files are accepted."}</p>
            if props.names.is_empty() {
                <p class="empty">{"No names files yet."}</p>
            } else {
                <ul class="names-list">
                    { for props.names.iter().map(|n| names_row(n, &broken, &dispatch)) }
                </ul>
            }
            <div class="names-actions">
                <label class="button file-button">
                    {"Add names file…"}<input type="file" accept=".txt,.names,text/plain" multiple=true class="visually-hidden" onchange={on_files} data-testid="add-names" />
                </label>
                <span class="hint">{ format!("{active} active") }</span>
            </div>
            <label class="names-share">
                <input type="checkbox" checked={props.in_links} onchange={in_links} data-testid="names-in-links" />
                {" Put the active names files in copied links"}
            </label>
            <LibrarySection library={props.library.clone()} />
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct LibrarySectionProps {
    library: Option<Rc<CrawlLibrary>>,
}

/// crawl's Lua library: what the studio holds, and the ways to bring it.
#[function_component(LibrarySection)]
fn library_section(props: &LibrarySectionProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let on_folder = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(files) = input.files() {
                library::read_folder(files, dispatch.clone());
            }
            input.set_value("");
        })
    };
    let fetch = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| library::fetch_pinned(dispatch.clone()))
    };
    let forget = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| library::forget(&dispatch))
    };
    let status = match &props.library {
        Some(l) => html! {
            <p data-testid="library-status">{ format!("Held in this browser: {} from {}. Vaults' Lua runs with them, offline too.", l.contents(), l.origin) }</p>
        },
        None => html! {
            <p data-testid="library-status">{"Not held: a vault whose Lua calls crawl's helpers (place_unique, decorative_floor, the layouts…) is drawn from its headers alone, and its view says so."}</p>
        },
    };
    // `webkitdirectory` is not an attribute Yew knows: set it on the node.
    let folder_input = use_node_ref();
    {
        let folder_input = folder_input.clone();
        use_effect_with((), move |_| {
            if let Some(input) = folder_input.cast::<HtmlInputElement>() {
                let _ = input.set_attribute("webkitdirectory", "");
            }
        });
    }
    html! {
        <section class="library" aria-labelledby="library-title" data-testid="library-section">
            <h3 id="library-title">{"crawl's Lua library (dat/dlua)"}</h3>
            <p class="hint">{"Vaults call crawl's own Lua library. It is crawl's code, not part of the studio: open your crawl's "}<code>{"dat"}</code>{" folder (its vault files come too: layouts choose their rooms from them), or fetch the library from crawl's repository at the commit the checker's names come from ("}<code>{ crate::crawl_library::pinned_origin() }</code>{")."}</p>
            { status }
            <div class="names-actions">
                <label class="button file-button">
                    {"Open dat folder…"}<input ref={folder_input} type="file" multiple=true class="visually-hidden" onchange={on_folder} data-testid="open-dat" />
                </label>
                <button onclick={fetch} data-testid="fetch-library">{"Fetch from crawl's repository"}</button>
                if props.library.is_some() {
                    <button onclick={forget} data-testid="forget-library">{"Forget"}</button>
                }
            </div>
        </section>
    }
}

fn names_row(n: &NamesFile, broken: &[(String, usize)], dispatch: &Dispatch) -> Html {
    let toggle = {
        let (dispatch, id) = (dispatch.clone(), n.id.clone());
        Callback::from(move |_: Event| dispatch.dispatch(Action::ToggleNames(id.clone())))
    };
    let remove = {
        let (dispatch, id) = (dispatch.clone(), n.id.clone());
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::RemoveNames(id.clone())))
    };
    let count = n
        .text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .count();
    let bad = broken
        .iter()
        .find(|(name, _)| *name == n.name)
        .map(|(_, k)| format!(" · {k} line(s) name nothing"));
    html! {
        <li>
            <label>
                <input type="checkbox" checked={n.active} onchange={toggle} />
                { format!(" {} ", n.name) }
            </label>
            <span class="hint">{ format!("{count} name{}{}", if count == 1 { "" } else { "s" }, bad.unwrap_or_default()) }</span>
            <button onclick={remove} aria-label={format!("Remove {}", n.name)}>{"Remove"}</button>
        </li>
    }
}

/// A names file lists names, one a line: a megabyte is tens of thousands.
const MAX_NAMES_BYTES: u32 = 1 << 20;

/// Reads a chosen file and keeps it as an active names file.
fn read_names_file(file: web_sys::File, dispatch: Dispatch) {
    let name = file.name();
    wasm_bindgen_futures::spawn_local(async move {
        match bridge::settle(Ok(bridge::read_file(&file))).await {
            Ok(v) if js_sys::Uint8Array::new(&v).length() > MAX_NAMES_BYTES => {
                dispatch.dispatch(Action::Message(
                    Tone::Error,
                    format!("{name} is larger than 1 MB: not a names file? Nothing was added."),
                ))
            }
            Ok(v) => {
                let bytes = js_sys::Uint8Array::new(&v).to_vec();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                dispatch.dispatch(Action::AddNames(NamesFile {
                    id: format!("names:{}:{}", now_ms(), name),
                    name,
                    text,
                    active: true,
                }));
            }
            Err(e) => dispatch.dispatch(Action::Message(
                Tone::Error,
                format!("Could not read {name}: {e}"),
            )),
        }
    });
}
