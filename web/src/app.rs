//! The studio's root: it owns the state (one reducer), derives the analysis
//! of the current document, runs the effects (storage, link, shortcuts,
//! theme) and lays out the components. No logic lives in `html!`.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::actions::{open_files, Dispatch};
use crate::components::diagnostics::{scope_at, DiagnosticsPanel};
use crate::components::documents_panel::DocumentsPanel;
use crate::components::editor::{Editor, ServiceCall, TextChange};
use crate::components::message_bar::MessageBar;
use crate::components::names_panel::NamesPanel;
use crate::components::pane_tabs::PaneTabs;
use crate::components::review_bar::ReviewBar;
use crate::components::search_panel::SearchPanel;
use crate::components::shortcut_sheet::ShortcutSheet;
use crate::components::toolbar::Toolbar;
use crate::components::view_pane::ViewPane;
use crate::components::Hover;
use crate::core_worker::client::Core;
use crate::derive::Derived;
use crate::effects::analysis::{use_analysis, use_core_ready, use_open_documents};
use crate::effects::link::use_hash_link;
use crate::effects::shortcuts::{use_shortcuts, Target};
use crate::effects::storage::{
    load_settings, use_document_storage, use_names_storage, use_settings_storage,
    use_stored_documents,
};
use crate::effects::theme::use_system_dark;
use crate::state::{Action, Overlay, Pane, State, Tone};

/// The app is given the core's worker, started before it renders.
#[derive(Properties, PartialEq)]
pub struct AppProps {
    pub core: Core,
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let state = use_reducer(|| State::new(load_settings()));
    let dispatch = state.dispatcher();
    let hover = use_state(|| None::<Hover>);
    let drag = use_mut_ref(Drag::default);
    let core = props.core.clone();
    let core_ready = use_core_ready(&core);
    let system_dark = use_system_dark();

    // In a frame of another page (an embed) the studio keeps nothing: the
    // reader's own documents are not touched, nor is storage asked for
    // (a frame's may be refused or partitioned).
    let embedded = *use_memo((), |_| crate::bridge::embedded());
    // Registered once the core's worker has loaded: the service worker
    // then takes its files from the HTTP cache instead of fetching them
    // a second time while the first download is still under way.
    use_effect_with(core_ready, move |&ready| {
        if ready && !embedded {
            crate::bridge::register_service_worker()
        }
    });
    use_hash_link(dispatch.clone());
    use_stored_documents(dispatch.clone());
    use_document_storage(&state, dispatch.clone());
    use_settings_storage(&state.settings);
    use_names_storage(&state.names);

    let doc = state.doc().cloned();
    // The editor reports keystrokes once their frame is painted (see
    // `reportSoon` in js/editor.js): a key costs the editor's update, not
    // the core's, and the analysis runs as soon as the app hears of it.
    let derived: Rc<Option<Rc<Derived>>> = Rc::new(use_analysis(
        &core,
        doc.clone(),
        &state.game,
        state.library.as_deref(),
        dispatch.clone(),
    ));
    use_open_documents(&core, &state.docs, state.current);
    use_shortcuts(
        dispatch.clone(),
        Target {
            doc: doc.clone(),
            derived: (*derived).clone(),
            overlay: state.overlay,
            names: state.names.clone(),
            names_in_links: state.settings.names_in_links,
            zoom: doc
                .as_ref()
                .map(|d| state.zoom.get(&crate::state::zoom_key(&d.id, d.shown.view))),
            cursor: state.cursor,
            docs: state.docs.clone(),
        },
    );
    use_cursor_selects_entry(&state, (*derived).clone(), dispatch.clone());
    // The findings as the problems list filters them: F8 stops on those.
    let shown_diagnostics = {
        let filter = state.settings.problems;
        let derived = (*derived).clone();
        let scope = derived
            .as_ref()
            .filter(|_| filter.here)
            .and_then(|d| scope_at(&d.analysis, state.cursor).map(|s| s.span));
        let key = (
            derived
                .as_ref()
                .map(|d| Rc::as_ptr(&d.diagnostics) as usize),
            filter,
            scope,
        );
        use_memo(key, move |_| {
            derived.map(|d| crate::derive::shown_diagnostics(&d, filter, scope))
        })
    };
    // After every render (child views have drawn by then): close the
    // edit → repaint measurement.
    use_effect(crate::painted);

    // The editor reports a cursor moved by a key once the key is painted:
    // the problems list and the view follow it then.
    let view_cursor = Rc::new(state.cursor);
    let problems_cursor = view_cursor.clone();
    let (Some(doc), Some(d)) = (doc, (*derived).clone()) else {
        return html! { <div class="app loading">{"Loading Vaultwright…"}</div> };
    };
    let dark = state.is_dark(system_dark);
    // What the editor takes when another document opens: the document's
    // own text (the analysis shown may be of an older one).
    let text = if d.source.as_str() == doc.source {
        d.source.clone()
    } else {
        Rc::new(doc.source.clone())
    };
    let callbacks = Callbacks::new(&dispatch, &d, &hover, &drag);
    let highlight = d.line_around(*view_cursor);
    let linked = Rc::new(linked_ranges(&d, hover.as_ref()));
    let jump = state.jump.map(|(o, n)| (d.map16.to_utf16(o), n));
    let docs = Rc::new(
        state
            .docs
            .iter()
            .zip(crate::documents::labels(&state.docs))
            .map(|(x, label)| (x.id.clone(), label))
            .collect::<Vec<_>>(),
    );
    let errors = d
        .analysis
        .diagnostics
        .iter()
        .filter(|x| x.is_error())
        .count();
    let pane = match state.pane {
        Pane::Editor => "show-editor",
        Pane::View => "show-view",
    };
    let review = state.review;
    let reviewing = review.map(|r| {
        if r.source {
            "review review-source"
        } else {
            "review"
        }
    });
    // Only an embed's review bar links out to the full studio: the whole
    // document is not compressed again on every render of a review.
    let studio_url = review
        .filter(|_| embedded)
        .map(|_| crate::actions::link_url(&crate::actions::link_hash(&doc, Vec::new())))
        .unwrap_or_default();
    let grid = format!("--split: {:.1}%", state.settings.split);
    let zoom = Rc::new(state.zoom.clone());
    let sheet = state.overlay == Some(Overlay::Shortcuts);
    let service = {
        let (core, docs, dispatch) = (core.clone(), state.docs.clone(), dispatch.clone());
        Callback::from(move |call: ServiceCall| {
            let cx = crate::service::Context {
                core: &core,
                docs: &docs,
                dispatch: &dispatch,
            };
            crate::service::answer(call, &cx)
        })
    };
    html! {
        <ContextProvider<Dispatch> context={dispatch.clone()}>
        <ContextProvider<Core> context={core.clone()}>
        <div class={classes!("app", dark.then_some("dark"), embedded.then_some("embedded"))} ondragover={callbacks.drag_over} ondrop={callbacks.drop}>
            <Toolbar docs={docs} doc={doc.clone()} dark={dark} system_dark={system_dark} menu_open={state.overlay == Some(Overlay::Menu)}
                names={state.names.clone()} names_in_links={state.settings.names_in_links}
                zoom={state.zoom.get(&crate::state::zoom_key(&doc.id, doc.shown.view))} cursor={state.cursor} />
            // In an embed, the review bar says what is shown; only errors
            // need a line of their own.
            if let Some(m) = state.message.as_ref().filter(|m| !embedded || m.tone == Tone::Error) {
                <MessageBar message={m.clone()} doc={doc.clone()} />
            }
            if !core_ready {
                <div class="core-loading" role="status" data-testid="core-loading">
                    <span class="core-loading-bar" aria-hidden="true"></span>
                    {"Loading the core… the editor works already; findings and views follow."}
                </div>
            }
            if let Some(r) = review {
                <ReviewBar doc={doc.clone()} review={r} embedded={embedded} studio_url={studio_url} />
            }
            // Reviewing, the review bar's Source button shows the source.
            if review.is_none() {
                <PaneTabs pane={state.pane} errors={errors} />
            }
            <main class={classes!("split", pane, reviewing)} style={grid}>
                <section class="pane editor-pane" aria-label="Source">
                    <Editor text={text} doc_id={Rc::<str>::from(doc.id.as_str())} reload={state.reload} tokens={d.tokens.clone()}
                        diagnostics={(*shown_diagnostics).clone().unwrap_or_else(|| d.diagnostics.clone())} folds={d.folds.clone()} linked={linked} trace={d.trace.clone()} jump={jump} edit={state.edit.clone()}
                        on_change={callbacks.change} on_cursor={callbacks.cursor} read_only={review.is_some()} service={service} />
                    <DiagnosticsPanel analysis={d.analysis.clone()} editor={d.diagnostics.clone()} source={d.source.clone()} lines={d.lines.clone()}
                        cursor={*problems_cursor} on_jump={callbacks.jump} filter={state.settings.problems} />
                </section>
                <div class="splitter" role="separator" aria-orientation="vertical" onmousedown={callbacks.split} title="Drag to resize" />
                <ViewPane derived={d.clone()} doc={doc.clone()} highlight={highlight} dark={dark} zoom={zoom}
                    outline_open={state.overlay == Some(Overlay::Outline)} legend={state.legend.clone()} hover={(*hover).clone()} on_hover={callbacks.hover}
                    names={state.names.clone()} names_in_links={state.settings.names_in_links} brush={state.brush} clip={state.clip.clone()}
                    review={review.is_some()} embed_open={state.overlay == Some(Overlay::Embed)} />
            </main>
            if sheet {
                <ShortcutSheet />
            }
            if state.overlay == Some(Overlay::Names) {
                <NamesPanel names={state.names.clone()} in_links={state.settings.names_in_links} library={state.library.clone()} />
            }
            if state.overlay == Some(Overlay::Documents) {
                <DocumentsPanel docs={Rc::new(state.docs.clone())} current={state.current} />
            }
            if state.overlay == Some(Overlay::Search) {
                <SearchPanel docs={Rc::new(state.docs.clone())} />
            }
        </div>
        </ContextProvider<Core>>
        </ContextProvider<Dispatch>>
    }
}

/// The App's own callbacks, built outside `html!`.
struct Callbacks {
    change: Callback<TextChange>,
    cursor: Callback<u32>,
    jump: Callback<usize>,
    hover: Callback<Option<Hover>>,
    drag_over: Callback<DragEvent>,
    drop: Callback<DragEvent>,
    split: Callback<MouseEvent>,
}

impl Callbacks {
    fn new(
        dispatch: &Dispatch,
        d: &Rc<Derived>,
        hover: &UseStateHandle<Option<Hover>>,
        drag: &Rc<RefCell<Drag>>,
    ) -> Callbacks {
        let change = {
            let dispatch = dispatch.clone();
            Callback::from(move |change: TextChange| {
                crate::edit_started_at(change.typed_at);
                dispatch.dispatch(Action::EditorChanged {
                    id: change.doc_id,
                    text: change.text,
                    at: crate::actions::now_ms(),
                });
            })
        };
        let cursor = {
            let (dispatch, map16) = (dispatch.clone(), d.map16.clone());
            Callback::from(move |u: u32| dispatch.dispatch(Action::Cursor(map16.to_byte(u))))
        };
        let jump = {
            let dispatch = dispatch.clone();
            Callback::from(move |offset: usize| dispatch.dispatch(Action::Jump(offset)))
        };
        let hover = {
            let hover = hover.clone();
            Callback::from(move |h: Option<Hover>| hover.set(h))
        };
        let drop = {
            let dispatch = dispatch.clone();
            Callback::from(move |e: DragEvent| {
                e.prevent_default();
                if let Some(files) = e.data_transfer().and_then(|dt| dt.files()) {
                    open_files(files, &dispatch);
                }
            })
        };
        Callbacks {
            change,
            cursor,
            jump,
            hover,
            drag_over: Callback::from(|e: DragEvent| e.prevent_default()),
            drop,
            split: splitter_drag(dispatch.clone(), drag.clone()),
        }
    }
}

/// The listeners of a splitter drag; a new drag replaces the last one's.
#[derive(Default)]
struct Drag {
    moving: Rc<RefCell<Option<EventListener>>>,
    release: Option<EventListener>,
}

/// Dragging the splitter moves it live (a CSS variable) and records the
/// position once, when the mouse is released.
fn splitter_drag(dispatch: Dispatch, drag: Rc<RefCell<Drag>>) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        let Some(window) = web_sys::window() else {
            return;
        };
        let Some(main) = window
            .document()
            .and_then(|d| d.query_selector("main.split").ok().flatten())
            .and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok())
        else {
            return;
        };
        let width = window
            .inner_width()
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(1000.0)
            .max(1.0);
        let last = Rc::new(Cell::new(None::<f64>));
        let l2 = last.clone();
        let moving = EventListener::new(&window, "mousemove", move |e| {
            if let Some(e) = e.dyn_ref::<MouseEvent>() {
                let p = (e.client_x() as f64 / width * 100.0).clamp(15.0, 85.0);
                l2.set(Some(p));
                let _ = main.style().set_property("--split", &format!("{p:.1}%"));
            }
        });
        let mut d = drag.borrow_mut();
        *d.moving.borrow_mut() = Some(moving);
        let (slot, dispatch) = (d.moving.clone(), dispatch.clone());
        d.release = Some(EventListener::once(&window, "mouseup", move |_| {
            slot.borrow_mut().take();
            if let Some(p) = last.get() {
                dispatch.dispatch(Action::Split(p));
            }
        }));
    })
}

/// Editor ranges linked to the hovered view item (UTF-16 `[from, to, 0]`).
fn linked_ranges(d: &Derived, hover: Option<&Hover>) -> Vec<u32> {
    match hover.and_then(|h| h.origin) {
        Some(o) => vec![
            d.map16.to_utf16(o.start as usize),
            d.map16.to_utf16(o.end as usize),
            0,
        ],
        None => Vec::new(),
    }
}

/// Moving the editor cursor into an outline entry selects that entry, so
/// the views follow the text being edited. The entry chosen stays while
/// the cursor is inside it: a map part or theme room chosen in a Lua
/// level's outline lies inside "the level, run", which would otherwise
/// take the view back once the cursor lands there.
#[hook]
fn use_cursor_selects_entry(state: &State, derived: Option<Rc<Derived>>, dispatch: Dispatch) {
    let cursor = state.cursor;
    let chosen = state.doc().map(|d| d.shown.symbol);
    // Only a move of the cursor chooses: an entry chosen in the outline
    // makes a new analysis (its views) before the editor's cursor has
    // moved there, and the old cursor must not take the choice back.
    use_effect_with(cursor, move |cursor| {
        let Some(d) = derived.as_ref() else { return };
        let inside = |i: usize| {
            d.analysis.outline.get(i).is_some_and(|s| {
                (s.span.start as usize) <= *cursor && *cursor < s.span.end as usize
            })
        };
        if chosen.is_some_and(inside) {
            return;
        }
        if let Some(i) = d.symbol_at(*cursor) {
            dispatch.dispatch(Action::SetSymbol(i));
        }
    });
}
