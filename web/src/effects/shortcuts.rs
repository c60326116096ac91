//! Keyboard shortcuts for the whole page. The listener is not passive, so
//! the browser's own meaning of a key (Ctrl+S saves the page) is prevented
//! when the studio takes it.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::actions::{
    copy_entry_link, copy_link, download_all, download_source, download_sources, entry_link_state,
    save_now, shared_names, Dispatch,
};
use crate::derive::Derived;
use crate::state::{Action, Doc, Overlay, Pane, Tone};

/// A shortcut and what it does, for the sheet `?` opens.
pub struct Shortcut {
    pub keys: &'static str,
    pub does: &'static str,
}

pub const SHORTCUTS: &[Shortcut] = &[
    Shortcut {
        keys: "Ctrl+S",
        does: "Save the document in this browser (it is also saved as you type)",
    },
    Shortcut {
        keys: "Ctrl+Shift+L",
        does: "Copy a link that opens this document and view",
    },
    Shortcut {
        keys: "Ctrl+Shift+K",
        does: "Copy a link to the vault or level at the cursor alone",
    },
    Shortcut {
        keys: "Ctrl+Shift+E",
        does: "Export every compiled file as one .zip",
    },
    Shortcut {
        keys: "Ctrl+P",
        does: "Documents: filter, open, rename, download or delete any document kept here",
    },
    Shortcut {
        keys: "Ctrl+Shift+S",
        does: "Download this document's source as edited",
    },
    Shortcut {
        keys: "Ctrl+Shift+D",
        does: "Download every document's source as one .zip",
    },
    Shortcut {
        keys: "Ctrl+Shift+F",
        does: "Search every open document; Enter goes to a match",
    },
    Shortcut {
        keys: "Ctrl+Shift+O",
        does: "Outline: filter and go to a level, vault or dungeon",
    },
    Shortcut {
        keys: "Alt+1 / Alt+2",
        does: "Focus the editor / the view (on a phone: show it)",
    },
    Shortcut {
        keys: "Ctrl+Space",
        does: "In the editor: what may be typed here (names with the game's glyphs)",
    },
    Shortcut {
        keys: "F12 / Ctrl+click",
        does: "Go to where the name at the cursor is defined (a subvault's tag, a glyph's key, a $variable, a level)",
    },
    Shortcut {
        keys: "Shift+F12",
        does: "List every place the name at the cursor is defined and used, in the open documents",
    },
    Shortcut {
        keys: "F2",
        does: "Rename the name at the cursor everywhere (a DCSS tag across the open files)",
    },
    Shortcut {
        keys: "Ctrl+.",
        does: "Apply the fix of the finding at the cursor",
    },
    Shortcut {
        keys: "F8 / Shift+F8",
        does: "Go to the next / previous problem; Ctrl+Shift+M lists them in the editor",
    },
    Shortcut {
        keys: "Ctrl+F / Ctrl+H",
        does: "Find / replace (regex, case, whole word, in the selection)",
    },
    Shortcut {
        keys: "Alt+drag, Alt+Shift+↑↓",
        does: "Rectangular selection, a cursor on the line above or below: edit a map's columns at once",
    },
    Shortcut {
        keys: "Ctrl+Shift+[ / ]",
        does: "Fold / unfold the level, vault, map or Lua block at the cursor",
    },
    Shortcut {
        keys: "Esc, then Tab",
        does: "Leave the editor with the keyboard (Tab alone indents)",
    },
    Shortcut {
        keys: "Arrows, Enter",
        does: "On the map: move the cell cursor, jump to the cell's source line",
    },
    Shortcut {
        keys: "Space",
        does: "On the map, painting: paint the cell under the cursor (or pick it, fill from it, paste at it)",
    },
    Shortcut {
        keys: "B L R F G I S V",
        does: "On the map, painting: pencil, line, rectangle, filled rectangle, flood fill, eyedropper, select, paste",
    },
    Shortcut {
        keys: "Ctrl+C / Ctrl+X / Ctrl+V",
        does: "On the map, painting: copy or cut the marked rectangle, then paste it where you press",
    },
    Shortcut {
        keys: "+ / − / 0 / 1",
        does: "In a view: zoom in, zoom out, fit to the pane, 100%",
    },
    Shortcut {
        keys: "↑ ↓ Enter",
        does: "In the outline: choose an entry",
    },
    Shortcut {
        keys: "?",
        does: "This sheet (outside the editor)",
    },
    Shortcut {
        keys: "Esc",
        does: "Close a panel or this sheet",
    },
];

/// What the shortcuts act on, refreshed on every render.
#[derive(Default)]
pub struct Target {
    pub doc: Option<Rc<Doc>>,
    pub derived: Option<Rc<Derived>>,
    pub overlay: Option<Overlay>,
    /// The names files, and whether copied links carry the active ones.
    pub names: Rc<Vec<crate::state::NamesFile>>,
    pub names_in_links: bool,
    /// The shown view's zoom (a link carries it).
    pub zoom: Option<crate::state::Zoom>,
    /// The editor's cursor, a byte offset (a link to the document carries it).
    pub cursor: usize,
    /// Every document (Download all).
    pub docs: Vec<Rc<Doc>>,
}

#[hook]
pub fn use_shortcuts(dispatch: Dispatch, target: Target) {
    let current = use_mut_ref(Target::default);
    *current.borrow_mut() = target;
    use_effect_with((), move |_| {
        let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
            EventListener::new_with_options(
                &doc,
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    if let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() {
                        on_key(e, &current, &dispatch);
                    }
                },
            )
        });
        move || drop(listener)
    });
}

fn on_key(e: &web_sys::KeyboardEvent, current: &Rc<RefCell<Target>>, dispatch: &Dispatch) {
    let t = current.borrow();
    let ctrl = e.ctrl_key() || e.meta_key();
    let key = e.key();
    let handled = match (ctrl, e.shift_key(), e.alt_key(), key.as_str()) {
        (true, false, false, "s") => {
            if let Some(d) = &t.doc {
                save_now(d, dispatch);
                dispatch.dispatch(Action::Message(Tone::Info, "Saved in this browser.".into()));
            }
            true
        }
        (true, true, false, "L" | "l") => {
            if let Some(d) = &t.doc {
                let zoom = t.zoom.unwrap_or(crate::state::Zoom::Fit);
                let names = shared_names(&t.names, t.names_in_links);
                copy_link(d, names, zoom, t.cursor, dispatch);
            }
            true
        }
        (true, true, false, "K" | "k") => {
            if let (Some(d), Some(x)) = (&t.doc, &t.derived) {
                let names = shared_names(&t.names, t.names_in_links);
                let zoom = t.zoom.unwrap_or(crate::state::Zoom::Fit);
                copy_entry_link(
                    &entry_link_state(x, d, d.shown.symbol, names, zoom, false),
                    dispatch,
                );
            }
            true
        }
        (true, true, false, "E" | "e") => {
            if let (Some(d), Some(x)) = (&t.doc, &t.derived) {
                download_all(&x.analysis, d, dispatch);
            }
            true
        }
        (true, true, false, "O" | "o") => {
            dispatch.dispatch(Action::Overlay(Some(Overlay::Outline)));
            true
        }
        (true, false, false, "p" | "P") => {
            dispatch.dispatch(Action::Overlay(Some(Overlay::Documents)));
            true
        }
        (true, true, false, "S" | "s") => {
            if let Some(d) = &t.doc {
                download_source(d);
            }
            true
        }
        (true, true, false, "D" | "d") => {
            download_sources(&t.docs, dispatch);
            true
        }
        (true, true, false, "F" | "f") => {
            dispatch.dispatch(Action::Overlay(Some(Overlay::Search)));
            true
        }
        (false, _, true, "1") => {
            dispatch.dispatch(Action::ShowPane(Pane::Editor));
            focus(".vw-content");
            true
        }
        (false, _, true, "2") => {
            dispatch.dispatch(Action::ShowPane(Pane::View));
            focus("[data-focus=view]");
            true
        }
        (false, _, false, "?") if !typing(e) => {
            dispatch.dispatch(Action::Overlay(Some(Overlay::Shortcuts)));
            true
        }
        (false, false, false, "Escape") if t.overlay.is_some() => {
            dispatch.dispatch(Action::Overlay(None));
            true
        }
        _ => false,
    };
    if handled {
        e.prevent_default();
    }
}

/// Whether the key goes into a text field or the editor.
fn typing(e: &web_sys::KeyboardEvent) -> bool {
    let Some(el) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return false;
    };
    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || el.is_content_editable()
}

/// Moves the keyboard focus to the first element matching `selector`,
/// once the render that may show it has happened.
pub fn focus(selector: &'static str) {
    gloo::timers::callback::Timeout::new(0, move || {
        let el = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(selector).ok().flatten())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(el) = el {
            let _ = el.focus();
        }
    })
    .forget();
}
