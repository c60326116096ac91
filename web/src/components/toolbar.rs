//! The toolbar: documents (open, examples, switch, list, new, rename,
//! download, delete),
//! language and compiler version, sharing and theme. On a narrow screen it
//! folds into a menu behind one button.

use std::rc::Rc;

use vaultwright::{Language, Target};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::actions::{
    copy_link, delete_doc, download_source, make_doc, open_files, rename_doc, shared_names,
    Dispatch,
};
use crate::examples::EXAMPLES;
use crate::state::{Action, Doc, Overlay};
use crate::templates::TEMPLATES;

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    /// Each document's id and its label in the list (distinct).
    pub docs: Rc<Vec<(String, String)>>,
    pub doc: Rc<Doc>,
    pub dark: bool,
    pub system_dark: bool,
    pub menu_open: bool,
    /// The DCSS names files, and whether copied links carry the active
    /// ones (worked out when a link is copied).
    pub names: Rc<Vec<crate::state::NamesFile>>,
    pub names_in_links: bool,
    /// The shown view's zoom and the editor's cursor (a byte offset), which
    /// a copied link carries.
    pub zoom: crate::state::Zoom,
    pub cursor: usize,
}

/// Whether a language is compiled by a versioned NetHack tool.
pub fn has_target(l: Language) -> bool {
    matches!(l, Language::NethackDes | Language::NethackDungeon)
}

#[function_component(Toolbar)]
pub fn toolbar(props: &ToolbarProps) -> Html {
    let dispatch = use_context::<Dispatch>().expect("the app provides its dispatcher");
    let core =
        use_context::<crate::core_worker::client::Core>().expect("the app provides the core");
    let doc = &props.doc;
    let on_file = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(files) = input.files() {
                open_files(files, &dispatch);
            }
            input.set_value("");
        })
    };
    let on_example = select(&dispatch, |v| {
        let ex = EXAMPLES.get(v.parse::<usize>().ok()?)?;
        Some(Action::Open(make_doc(ex.file, ex.language, ex.source)))
    });
    let on_doc = select(&dispatch, |v| Some(Action::Switch(v.to_string())));
    let on_language = select(&dispatch, |v| {
        Language::from_name(v).map(Action::SetLanguage)
    });
    let on_target = select(&dispatch, |v| match v {
        "auto" => Some(Action::SetTarget(None)),
        _ => Target::from_name(v).map(|t| Action::SetTarget(Some(t))),
    });
    let on_new = select(&dispatch, |v| {
        let t = TEMPLATES.get(v.parse::<usize>().ok()?)?;
        Some(Action::Open(make_doc(t.file, t.language, &t.text())))
    });
    let rename = {
        let (doc, dispatch) = (doc.clone(), dispatch.clone());
        Callback::from(move |_: MouseEvent| rename_doc(&doc, &dispatch))
    };
    let delete = {
        let (id, count, dispatch) = (doc.id.clone(), props.docs.len(), dispatch.clone());
        Callback::from(move |_: MouseEvent| delete_doc(&id, count, &dispatch))
    };
    let download = {
        let doc = doc.clone();
        Callback::from(move |_: MouseEvent| download_source(&doc))
    };
    let documents = click(&dispatch, || {
        Some(Action::Overlay(Some(Overlay::Documents)))
    });
    // The switcher shows the document shown, whatever the user chose in
    // it before (an option's `selected` attribute stops counting once the
    // list has been used, and options are reused as the list changes).
    let switcher = use_node_ref();
    {
        let switcher = switcher.clone();
        use_effect_with((doc.id.clone(), props.docs.clone()), move |(id, _)| {
            if let Some(sel) = switcher.cast::<HtmlSelectElement>() {
                sel.set_value(id);
            }
        });
    }
    let copy = {
        let (doc, dispatch, names, in_links) = (
            doc.clone(),
            dispatch.clone(),
            props.names.clone(),
            props.names_in_links,
        );
        let (zoom, cursor) = (props.zoom, props.cursor);
        Callback::from(move |_: MouseEvent| {
            copy_link(
                &doc,
                shared_names(&names, in_links),
                zoom,
                cursor,
                &dispatch,
            )
        })
    };
    let theme = {
        let system_dark = props.system_dark;
        click(&dispatch, move || Some(Action::ToggleTheme { system_dark }))
    };
    let help = click(&dispatch, || {
        Some(Action::Overlay(Some(Overlay::Shortcuts)))
    });
    let menu = {
        let open = props.menu_open;
        click(&dispatch, move || {
            Some(Action::Overlay((!open).then_some(Overlay::Menu)))
        })
    };
    let names = click(&dispatch, || Some(Action::Overlay(Some(Overlay::Names))));
    let names_active = props.names.iter().filter(|n| n.active).count();
    let show_names = doc.language == Language::DcssDes || names_active > 0;
    let names_label = match names_active {
        0 => "Names…".to_string(),
        n => format!("Names ({n})"),
    };
    let show_target = has_target(doc.language);
    let to_lua = {
        let (dispatch, doc) = (dispatch.clone(), doc.clone());
        let core = core.clone();
        Callback::from(move |_: MouseEvent| {
            crate::convert::to_lua(&core, &doc, dispatch.clone());
        })
    };
    html! {
        <header class={classes!("toolbar", props.menu_open.then_some("open"))}>
            <span class="brand">{"Vaultwright"}</span>
            <span class="doc-name" title={doc.name.clone()}>{ &doc.name }</span>
            <button class="menu-button" aria-expanded={props.menu_open.to_string()} aria-controls="tools" onclick={menu} data-testid="menu">{"☰ Menu"}</button>
            <div class="tools" id="tools">
                <label class="button file-button" title="Open files (or drop them anywhere)">
                    {"Open…"}<input type="file" multiple=true class="visually-hidden" onchange={on_file} data-testid="open-file" />
                </label>
                <select onchange={on_example} title="Examples" aria-label="Examples" data-testid="examples">
                    <option value="" selected=true>{"Examples…"}</option>
                    { for EXAMPLES.iter().enumerate().map(|(i, ex)| html!{ <option value={i.to_string()}>{ ex.title }</option> }) }
                </select>
                <select ref={switcher} onchange={on_doc} title="Documents in this browser (Ctrl+P lists them)" aria-label="Documents" data-testid="documents">
                    { for props.docs.iter().map(|(id, label)| html!{ <option key={id.clone()} value={id.clone()} selected={*id == doc.id}>{ label }</option> }) }
                </select>
                <button onclick={documents} title="Every document: open, rename, download, delete; Download all (Ctrl+P)" data-testid="open-documents">{ format!("Documents ({})", props.docs.len()) }</button>
                <select onchange={on_new} title="New document from a template" aria-label="New document" data-testid="new">
                    <option value="" selected=true>{"New…"}</option>
                    { for TEMPLATES.iter().enumerate().map(|(i, t)| html!{ <option value={i.to_string()}>{ t.title }</option> }) }
                </select>
                <button onclick={rename} title="Rename document">{"Rename"}</button>
                <button onclick={download} title="Download this document's source as edited (Ctrl+Shift+S)" data-testid="download-source">{"Download"}</button>
                <button onclick={delete} title="Delete document from this browser (Undo in the message)">{"Delete"}</button>
                <select onchange={on_language} title="Language" aria-label="Language" data-testid="language">
                    { for Language::ALL.iter().map(|l| html!{ <option value={l.name()} selected={*l == doc.language}>{ l.title() }</option> }) }
                </select>
                if show_target {
                    <select onchange={on_target} title="Compiler version" aria-label="Compiler version" data-testid="target">
                        <option value="auto" selected={!doc.explicit_target} title="3.4.3 or 3.6, from the file's constructs">{ "auto (from the file)" }</option>
                        { for Target::ALL.iter().map(|t| html!{ <option value={t.name()} selected={doc.explicit_target && *t == doc.target}>{ t.name() }</option> }) }
                    </select>
                }
                if doc.language == Language::NethackDes {
                    <button onclick={to_lua} title="Open each level as NetHack 5.0's Lua (3.6, 3.4.3 and 3.2 levels)" data-testid="to-lua">{"To Lua"}</button>
                }
                if show_names {
                    <button onclick={names} title="Names of your game: names files for another version or a fork (DCSS)" data-testid="names">{ names_label }</button>
                }
                <span class="spacer" />
                <button onclick={copy} title="Copy a link with this document (Ctrl+Shift+L)" data-testid="copy-link">{"Copy link"}</button>
                <button onclick={theme} title="Light / dark" aria-label="Switch between light and dark">{ if props.dark { "☀" } else { "☾" } }</button>
                <button onclick={help} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" data-testid="help">{"?"}</button>
            </div>
        </header>
    }
}

/// A `<select>` change turned into an action (none when `f` says so). The
/// select is reset when it is a one-shot chooser (empty first value).
fn select(dispatch: &Dispatch, f: impl Fn(&str) -> Option<Action> + 'static) -> Callback<Event> {
    let dispatch = dispatch.clone();
    Callback::from(move |e: Event| {
        let sel: HtmlSelectElement = e.target_unchecked_into();
        if let Some(a) = f(&sel.value()) {
            dispatch.dispatch(a);
        }
        if sel
            .options()
            .get_with_index(0)
            .is_some_and(|o| o.get_attribute("value").as_deref() == Some(""))
        {
            sel.set_value("");
        }
    })
}

fn click(dispatch: &Dispatch, f: impl Fn() -> Option<Action> + 'static) -> Callback<MouseEvent> {
    let dispatch = dispatch.clone();
    Callback::from(move |_: MouseEvent| {
        if let Some(a) = f() {
            dispatch.dispatch(a);
        }
    })
}
