//! The studio: toolbar, editor and views side by side, diagnostics below.
//! State lives in one reducer (`state.rs`); storage, the URL hash and
//! keyboard shortcuts are effects; the analysis is derived with `use_memo`.

use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use vaultwright::view::View;
use vaultwright::{
    detect_language, Analysis, Analyzer, Language, LineIndex, Options, Severity, Target,
};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::bridge;
use crate::codec::{self, LinkState, Utf16Map};
use crate::components::diagnostics::DiagnosticsPanel;
use crate::components::editor::{Editor, EditorDiagnostic};
use crate::components::graph::BranchGraphView;
use crate::components::rooms::RoomLayoutView;
use crate::components::table::EntityTableView;
use crate::components::tilemap::TileMapView;
use crate::components::Hover;
use crate::examples::EXAMPLES;
use crate::state::{new_doc, Action, Doc, State, Tone};

/// The analysis of the current document and what the editor needs from it.
pub struct Derived {
    pub analysis: Rc<Analysis>,
    pub source: Rc<String>,
    pub map16: Rc<Utf16Map>,
    pub tokens: Rc<Vec<u32>>,
    pub diagnostics: Rc<Vec<EditorDiagnostic>>,
    pub all_diagnostics: Rc<Vec<vaultwright::Diagnostic>>,
}

thread_local! {
    /// The studio's analyzer, kept between keystrokes.
    static ANALYZER: std::cell::RefCell<Analyzer> = std::cell::RefCell::new(Analyzer::new());
}

pub fn derive(doc: &Doc) -> Derived {
    let start = bridge_now();
    let options = Options {
        target: doc.target,
        seed: doc.seed,
        extra_warnings: false,
        file_name: doc.name.clone(),
        dialect: None,
        focus: Some(doc.symbol),
    };
    // Re-analysis after a keystroke re-lints only the vaults that changed.
    let analysis = ANALYZER.with(|a| a.borrow_mut().analyze(&doc.source, doc.language, &options));
    if start > 0.0 {
        bridge::measure("vw-core", start);
    }
    let map16 = Utf16Map::new(&doc.source);
    let mut tokens = Vec::with_capacity(analysis.tokens.len() * 3);
    for t in &analysis.tokens {
        tokens.push(map16.to_utf16(t.span.start as usize));
        tokens.push(map16.to_utf16(t.span.end as usize));
        tokens.push(t.kind as u32);
    }
    let diagnostics = analysis
        .diagnostics
        .iter()
        .map(|d| EditorDiagnostic {
            from: map16.to_utf16(d.span.start as usize),
            to: map16.to_utf16(d.span.end as usize),
            severity: match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            },
            message: if d.notes.is_empty() {
                d.message.clone()
            } else {
                format!("{} ({})", d.message, d.notes.join("; "))
            },
            code: d.code.clone(),
        })
        .collect();
    let all = analysis.diagnostics.clone();
    if start > 0.0 {
        bridge::measure("vw-analyze", start);
    }
    Derived {
        analysis: Rc::new(analysis),
        source: Rc::new(doc.source.clone()),
        map16: Rc::new(map16),
        tokens: Rc::new(tokens),
        diagnostics: Rc::new(diagnostics),
        all_diagnostics: Rc::new(all),
    }
}

fn bridge_now() -> f64 {
    if cfg!(target_arch = "wasm32") {
        bridge::now()
    } else {
        0.0
    }
}

fn save(doc: &Doc, dispatch: UseReducerDispatcher<State>) {
    let json = serde_json::to_string(doc).unwrap_or_default();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = bridge::settle(bridge::db_put(&json)).await {
            dispatch.dispatch(Action::Message(
                Tone::Error,
                format!("Could not save to this browser's storage: {e}. Your text is still here; export it to keep it."),
            ));
        }
    });
}

fn remember_current(id: &str) {
    if let Some(ls) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = ls.set_item("vaultwright.current", id);
    }
}

fn open_from_hash(dispatch: &UseReducerDispatcher<State>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hash = window.location().hash().unwrap_or_default();
    match codec::decode_link(&hash) {
        Ok(None) => {}
        Ok(Some(link)) => {
            let mut doc = new_doc(&link.name, link.language, &link.source);
            doc.target = link.target;
            doc.seed = link.seed;
            doc.symbol = link.symbol;
            doc.view = link.view;
            dispatch.dispatch(Action::Open(doc));
            dispatch.dispatch(Action::Message(
                Tone::Info,
                "Opened the shared link as a new document.".into(),
            ));
            clear_hash();
        }
        Err(e) => {
            dispatch.dispatch(Action::Message(
                Tone::Error,
                format!("Could not open the link: {e}. Nothing was changed."),
            ));
            clear_hash();
        }
    }
}

fn clear_hash() {
    if let Some(w) = web_sys::window() {
        if let Ok(h) = w.history() {
            let url = w.location().pathname().unwrap_or_else(|_| "/".into());
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    }
}

fn open_file(file: web_sys::File, dispatch: UseReducerDispatcher<State>) {
    wasm_bindgen_futures::spawn_local(async move {
        let name = file.name();
        match wasm_bindgen_futures::JsFuture::from(bridge::read_file(&file)).await {
            Ok(bytes) => {
                let bytes = js_sys::Uint8Array::new(&bytes).to_vec();
                if bytes.len() > 8 << 20 {
                    dispatch.dispatch(Action::Message(
                        Tone::Error,
                        format!("{name} is larger than 8 MB; not opened."),
                    ));
                    return;
                }
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let language = detect_language(&name, &text).unwrap_or(Language::NethackDes);
                dispatch.dispatch(Action::Open(new_doc(&name, language, &text)));
            }
            Err(e) => dispatch.dispatch(Action::Message(
                Tone::Error,
                format!("Could not read {name}: {}", bridge::describe(e)),
            )),
        }
    });
}

fn view_kind(v: &View) -> &'static str {
    match v {
        View::TileMap(_) => "map",
        View::RoomLayout(_) => "rooms",
        View::BranchGraph(g) if g.roll.is_some() => "roll",
        View::BranchGraph(_) => "graph",
        View::EntityTable(_) => "table",
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(State::default);
    let dispatch = state.dispatcher();
    let hover = use_state(|| None::<Hover>);
    let canvas_ref = use_node_ref();
    let svg_ref = use_node_ref();
    let save_timer = use_mut_ref(|| None::<Timeout>);

    // Start: service worker, stored documents, a link in the hash.
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            bridge::register_service_worker();
            open_from_hash(&dispatch);
            let d2 = dispatch.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let docs: Vec<Doc> = match bridge::settle(bridge::db_all()).await {
                    Ok(v) => {
                        serde_json::from_str(&v.as_string().unwrap_or_default()).unwrap_or_default()
                    }
                    Err(e) => {
                        d2.dispatch(Action::Message(Tone::Error, format!("This browser's storage is not available ({e}); documents will not be kept.")));
                        Vec::new()
                    }
                };
                let docs = if docs.is_empty() {
                    let ex = &EXAMPLES[0];
                    let doc = new_doc(ex.file, ex.language, ex.source);
                    vec![doc]
                } else {
                    docs
                };
                d2.dispatch(Action::Loaded(docs));
            });
            let d3 = dispatch.clone();
            let listener = web_sys::window()
                .map(|w| EventListener::new(&w, "hashchange", move |_| open_from_hash(&d3)));
            move || drop(listener)
        });
    }

    // Autosave the current document shortly after it changes.
    {
        let dispatch = dispatch.clone();
        let doc = state.doc().cloned();
        let loaded = state.loaded;
        let save_timer = save_timer.clone();
        use_effect_with((doc, loaded), move |(doc, loaded)| {
            if let (Some(doc), true) = (doc.clone(), *loaded) {
                remember_current(&doc.id);
                *save_timer.borrow_mut() = Some(Timeout::new(250, move || save(&doc, dispatch)));
            }
        });
    }

    let derived = {
        let doc = state.doc().cloned();
        use_memo(
            doc.map(|d| (d.source, d.language, d.target, d.seed, d.name, d.symbol)),
            |key| {
                key.as_ref()
                    .map(|(source, language, target, seed, name, symbol)| {
                        let mut doc = new_doc(name, *language, source);
                        doc.target = *target;
                        doc.seed = *seed;
                        doc.symbol = *symbol;
                        derive(&doc)
                    })
            },
        )
    };

    // Keyboard shortcuts.
    {
        let dispatch = dispatch.clone();
        let state = state.clone();
        let derived = derived.clone();
        use_effect_with(state.clone(), move |_| {
            let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
                EventListener::new(&doc, "keydown", move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    if !(e.ctrl_key() || e.meta_key()) {
                        return;
                    }
                    match (e.key().as_str(), e.shift_key()) {
                        ("s", false) => {
                            e.prevent_default();
                            if let Some(d) = state.doc() {
                                save(d, dispatch.clone());
                                dispatch.dispatch(Action::Message(
                                    Tone::Info,
                                    "Saved in this browser.".into(),
                                ));
                            }
                        }
                        ("L", true) | ("l", true) => {
                            e.prevent_default();
                            copy_link(&state, &dispatch);
                        }
                        ("E", true) | ("e", true) => {
                            e.prevent_default();
                            if let Some(d) = derived.as_ref() {
                                download_all(d, &state, &dispatch);
                            }
                        }
                        _ => {}
                    }
                })
            });
            move || drop(listener)
        });
    }

    // After every render (child views have drawn by then): close the
    // edit → repaint measurement.
    use_effect(crate::painted);

    let on_change = {
        let dispatch = dispatch.clone();
        Callback::from(move |text: String| {
            crate::edit_started();
            dispatch.dispatch(Action::Edit(text));
        })
    };
    let on_cursor = {
        let dispatch = dispatch.clone();
        let derived = derived.clone();
        Callback::from(move |u: u32| {
            let byte = derived
                .as_ref()
                .as_ref()
                .map(|d| d.map16.to_byte(u))
                .unwrap_or(u as usize);
            dispatch.dispatch(Action::Cursor(byte));
        })
    };
    let on_jump = {
        let dispatch = dispatch.clone();
        Callback::from(move |offset: usize| dispatch.dispatch(Action::Jump(offset)))
    };
    let on_hover = {
        let hover = hover.clone();
        Callback::from(move |h: Option<Hover>| hover.set(h))
    };

    let Some(doc) = state.doc().cloned() else {
        return html! { <div class="app loading">{"Loading Vaultwright…"}</div> };
    };
    let Some(d) = derived.as_ref().as_ref() else {
        return html! { <div class="app loading">{"Loading Vaultwright…"}</div> };
    };
    let analysis = d.analysis.clone();

    // The line of the editor cursor, for highlighting what it made.
    let highlight = {
        let index = LineIndex::new(&d.source);
        let line = index.line_of(state.cursor.min(d.source.len()));
        let r = index.line_range(&d.source, line);
        (r.start, r.end.max(r.start + 1))
    };
    let linked: Rc<Vec<u32>> = Rc::new(
        hover
            .as_ref()
            .and_then(|h| h.origin)
            .map(|o| {
                vec![
                    d.map16.to_utf16(o.start as usize),
                    d.map16.to_utf16(o.end as usize),
                    0,
                ]
            })
            .unwrap_or_default(),
    );
    let jump = state.jump.map(|(o, n)| (d.map16.to_utf16(o), n));

    let symbol = doc.symbol.min(analysis.outline.len().saturating_sub(1));
    let views: Vec<&View> = analysis
        .views
        .iter()
        .filter(|v| v.symbol == symbol)
        .map(|v| &v.view)
        .collect();
    let current_view = views
        .iter()
        .find(|v| view_kind(v) == doc.view)
        .or(views.first())
        .copied();

    let view_html = match current_view {
        Some(View::TileMap(m)) => html! {
            <TileMapView map={Rc::new(m.clone())} source={d.source.clone()} highlight={highlight} dark={state.dark}
                on_jump={on_jump.clone()} on_hover={on_hover.clone()} canvas_ref={canvas_ref.clone()} />
        },
        Some(View::RoomLayout(l)) => html! {
            <RoomLayoutView layout={Rc::new(l.clone())} source={d.source.clone()} highlight={highlight}
                on_jump={on_jump.clone()} on_hover={on_hover.clone()} svg_ref={svg_ref.clone()} />
        },
        Some(View::BranchGraph(g)) => html! {
            <>
            if g.roll.is_some() {
                <div class="hint roll-hint">{ "One concrete layout for this seed: change the seed or press reroll." }</div>
            }
            <BranchGraphView graph={Rc::new(g.clone())} highlight={highlight}
                on_jump={on_jump.clone()} on_hover={on_hover.clone()} svg_ref={svg_ref.clone()} />
            </>
        },
        Some(View::EntityTable(t)) => {
            html! { <EntityTableView table={Rc::new(t.clone())} on_jump={on_jump.clone()} /> }
        }
        None => {
            html! { <div class="empty-view">{ if doc.language.is_supported() { "Nothing to draw yet: define a level." } else { "This language is not supported yet." } }</div> }
        }
    };

    // ---- toolbar callbacks ------------------------------------------------
    let on_file = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(files) = input.files() {
                for i in 0..files.length() {
                    if let Some(f) = files.get(i) {
                        open_file(f, dispatch.clone());
                    }
                }
            }
            input.set_value("");
        })
    };
    let on_example = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = sel.value().parse::<usize>() {
                if let Some(ex) = EXAMPLES.get(i) {
                    dispatch.dispatch(Action::Open(new_doc(ex.file, ex.language, ex.source)));
                }
            }
            sel.set_value("");
        })
    };
    let on_language = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            if let Some(l) = Language::from_name(&sel.value()) {
                dispatch.dispatch(Action::SetLanguage(l));
            }
        })
    };
    let on_target = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            if let Some(t) = Target::from_name(&sel.value()) {
                dispatch.dispatch(Action::SetTarget(t));
            }
        })
    };
    let on_symbol = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = sel.value().parse() {
                dispatch.dispatch(Action::SetSymbol(i));
            }
        })
    };
    let on_seed = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(s) = input.value().trim().parse() {
                dispatch.dispatch(Action::SetSeed(s));
            }
        })
    };
    let reroll = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::SetSeed((js_sys::Math::random() * 1e9) as u64))
        })
    };
    let on_doc = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let sel: HtmlSelectElement = e.target_unchecked_into();
            dispatch.dispatch(Action::Switch(sel.value()));
        })
    };
    let rename = {
        let dispatch = dispatch.clone();
        let doc = doc.clone();
        Callback::from(move |_: MouseEvent| {
            let name = web_sys::window().and_then(|w| {
                w.prompt_with_message_and_default("Rename document", &doc.name)
                    .ok()
                    .flatten()
            });
            if let Some(name) = name {
                dispatch.dispatch(Action::Rename(doc.id.clone(), name));
            }
        })
    };
    let delete = {
        let dispatch = dispatch.clone();
        let doc = doc.clone();
        let count = state.docs.len();
        Callback::from(move |_: MouseEvent| {
            let ok = web_sys::window()
                .and_then(|w| {
                    w.confirm_with_message(&format!("Delete “{}” from this browser?", doc.name))
                        .ok()
                })
                .unwrap_or(false);
            if ok {
                let id = doc.id.clone();
                let d2 = dispatch.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    if let Err(e) = bridge::settle(bridge::db_delete(&id)).await {
                        d2.dispatch(Action::Message(
                            Tone::Error,
                            format!("Could not delete: {e}"),
                        ));
                    }
                });
                dispatch.dispatch(Action::Delete(doc.id.clone()));
                if count <= 1 {
                    let ex = &EXAMPLES[0];
                    dispatch.dispatch(Action::Open(new_doc(ex.file, ex.language, ex.source)));
                }
            }
        })
    };
    let new_blank = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(Action::Open(new_doc(
                "untitled.des",
                Language::NethackDes,
                "MAZE:\"untitled\",' '\nGEOMETRY:center,center\nMAP\n.....\nENDMAP\n",
            )))
        })
    };
    let copy = {
        let state = state.clone();
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| copy_link(&state, &dispatch))
    };
    let theme = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::ToggleTheme))
    };
    let export_all = {
        let derived = derived.clone();
        let state = state.clone();
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(d) = derived.as_ref() {
                download_all(d, &state, &dispatch);
            }
        })
    };
    let export_picture = {
        let canvas_ref = canvas_ref.clone();
        let svg_ref = svg_ref.clone();
        let name = doc.name.clone();
        let kind = current_view.map(view_kind).unwrap_or("map");
        Callback::from(move |_: MouseEvent| {
            let stem = name
                .rsplit_once('.')
                .map(|(s, _)| s.to_string())
                .unwrap_or(name.clone());
            if kind == "map" {
                if let Some(c) = canvas_ref.cast::<web_sys::HtmlCanvasElement>() {
                    bridge::download_canvas_png(&c, &format!("{stem}.png"));
                }
            } else if let Some(s) = svg_ref.cast::<web_sys::Element>() {
                bridge::download_svg(&s, &format!("{stem}.svg"));
            }
        })
    };
    let dismiss = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Dismiss))
    };
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ondrop = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(files) = e.data_transfer().and_then(|dt| dt.files()) {
                for i in 0..files.length() {
                    if let Some(f) = files.get(i) {
                        open_file(f, dispatch.clone());
                    }
                }
            }
        })
    };
    let splitter_down = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            let dispatch = dispatch.clone();
            let Some(window) = web_sys::window() else {
                return;
            };
            let width = window
                .inner_width()
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(1000.0);
            let mv = EventListener::new(&window, "mousemove", move |e| {
                if let Some(e) = e.dyn_ref::<MouseEvent>() {
                    dispatch.dispatch(Action::Split(e.client_x() as f64 / width * 100.0));
                }
            });
            let holder = std::rc::Rc::new(std::cell::RefCell::new(Some(mv)));
            let h2 = holder.clone();
            let up = EventListener::once(&window, "mouseup", move |_| {
                h2.borrow_mut().take();
            });
            up.forget();
            std::mem::forget(holder);
        })
    };

    let artifacts = &analysis.artifacts;
    html! {
        <div class={classes!("app", state.dark.then_some("dark"))} {ondragover} {ondrop}>
            <header class="toolbar">
                <span class="brand">{"Vaultwright"}</span>
                <label class="button" title="Open files (or drop them anywhere)">
                    {"Open…"}<input type="file" multiple=true onchange={on_file} data-testid="open-file" />
                </label>
                <select onchange={on_example} title="Examples" data-testid="examples">
                    <option value="" selected=true>{"Examples…"}</option>
                    { for EXAMPLES.iter().enumerate().map(|(i, ex)| html!{ <option value={i.to_string()}>{ ex.title }</option> }) }
                </select>
                <select onchange={on_doc} title="Documents in this browser" data-testid="documents">
                    { for state.docs.iter().map(|x| html!{ <option value={x.id.clone()} selected={x.id == doc.id}>{ &x.name }</option> }) }
                </select>
                <button onclick={new_blank} title="New document">{"New"}</button>
                <button onclick={rename} title="Rename document">{"Rename"}</button>
                <button onclick={delete} title="Delete document">{"Delete"}</button>
                <select onchange={on_language} title="Language" data-testid="language">
                    { for Language::ALL.iter().map(|l| html!{ <option value={l.name()} selected={*l == doc.language}>{ l.title() }</option> }) }
                </select>
                <select onchange={on_target} title="Compiler version" data-testid="target">
                    { for Target::ALL.iter().map(|t| html!{ <option value={t.name()} selected={*t == doc.target}>{ t.name() }</option> }) }
                </select>
                <span class="spacer" />
                <button onclick={copy} title="Copy a link with this document (Ctrl+Shift+L)" data-testid="copy-link">{"Copy link"}</button>
                <button onclick={theme} title="Light / dark">{ if state.dark { "☀" } else { "☾" } }</button>
            </header>
            if let Some((tone, text)) = &state.message {
                <div class={classes!("message", if *tone == Tone::Error { "error" } else { "info" })} role="status" data-testid="message">
                    <span>{ text }</span><button onclick={dismiss} aria-label="Dismiss">{"×"}</button>
                </div>
            }
            <main class="split" style={format!("grid-template-columns: {:.1}% 6px 1fr", state.split)}>
                <section class="pane editor-pane">
                    <Editor text={Rc::new(doc.source.clone())} reload={state.reload} tokens={d.tokens.clone()}
                        diagnostics={d.diagnostics.clone()} linked={linked} jump={jump}
                        on_change={on_change} on_cursor={on_cursor} />
                    <DiagnosticsPanel diagnostics={d.all_diagnostics.clone()} source={d.source.clone()} on_jump={on_jump.clone()} />
                </section>
                <div class="splitter" onmousedown={splitter_down} title="Drag to resize" />
                <section class="pane view-pane">
                    <div class="view-bar">
                        <select onchange={on_symbol} title="Outline" data-testid="outline">
                            { for analysis.outline.iter().enumerate().map(|(i, s)| html!{
                                <option value={i.to_string()} selected={i == symbol}>{ format!("{} — {} {}", s.name, s.kind, s.detail) }</option>
                            }) }
                        </select>
                        { for views.iter().map(|v| {
                            let kind = view_kind(v);
                            let dispatch = dispatch.clone();
                            let active = current_view.map(view_kind) == Some(kind);
                            html!{ <button class={classes!("tab", active.then_some("on"))} onclick={Callback::from(move |_| dispatch.dispatch(Action::SetView(kind.into())))}>{ v.kind() }</button> }
                        }) }
                        <label class="seed" title="Seed for random placements">{"seed"}
                            <input type="number" min="0" value={doc.seed.to_string()} onchange={on_seed} data-testid="seed" />
                        </label>
                        <button onclick={reroll} title="New random seed">{"reroll"}</button>
                    </div>
                    <div class="view-body">
                        { view_html }
                        if let Some(h) = hover.as_ref() {
                            <div class="tooltip" data-testid="tooltip" style={format!("left:{}px;top:{}px", h.at.0 + 14.0, h.at.1 + 40.0)}>{ &h.text }</div>
                        }
                    </div>
                    <div class="exports">
                        <span>{"Export:"}</span>
                        { for artifacts.iter().map(|a| {
                            let (name, bytes) = (a.name.clone(), a.bytes.clone());
                            html!{ <button class="artifact" data-testid="artifact" onclick={Callback::from(move |_| bridge::download(&name, &bytes, "application/octet-stream"))}>{ format!("⬇ {}", a.name) }</button> }
                        }) }
                        if artifacts.len() > 1 {
                            <button onclick={export_all} title="All artifacts as one .zip (Ctrl+Shift+E)">{"⬇ all (.zip)"}</button>
                        }
                        if artifacts.is_empty() {
                            <span class="muted">{ if analysis.has_errors() { "no binaries while there are errors" } else { "nothing compiled" } }</span>
                        }
                        if current_view.is_some_and(|v| view_kind(v) != "table") {
                            <button onclick={export_picture}>{ if current_view.map(view_kind) == Some("map") { "PNG" } else { "SVG" } }</button>
                        }
                    </div>
                </section>
            </main>
        </div>
    }
}

fn link_state(doc: &Doc) -> LinkState {
    LinkState {
        language: doc.language,
        target: doc.target,
        name: doc.name.clone(),
        source: doc.source.clone(),
        symbol: doc.symbol,
        seed: doc.seed,
        view: doc.view.clone(),
    }
}

fn copy_link(state: &State, dispatch: &UseReducerDispatcher<State>) {
    let Some(doc) = state.doc() else { return };
    let Some(window) = web_sys::window() else {
        return;
    };
    let hash = codec::encode_link(&link_state(doc));
    let base = window.location().href().unwrap_or_default();
    let base = base.split('#').next().unwrap_or("").to_string();
    let url = format!("{base}{hash}");
    let dispatch = dispatch.clone();
    let shown = url.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let copied = wasm_bindgen_futures::JsFuture::from(bridge::copy_text(&url))
            .await
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        let text = if copied {
            format!("Link copied ({} characters).", url.len())
        } else {
            "Copy this link:".to_string()
        };
        dispatch.dispatch(Action::Message(
            Tone::Info,
            if copied {
                text
            } else {
                format!("{text} {shown}")
            },
        ));
    });
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        if let Some(el) = doc.document_element() {
            let _ = el.set_attribute("data-last-link", &hash);
        }
    }
}

fn download_all(d: &Derived, state: &State, dispatch: &UseReducerDispatcher<State>) {
    let files: Vec<(String, Vec<u8>)> = d
        .analysis
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
    let name = state
        .doc()
        .map(|d| d.name.clone())
        .unwrap_or_else(|| "vaultwright".into());
    let stem = name
        .rsplit_once('.')
        .map(|(s, _)| s.to_string())
        .unwrap_or(name);
    bridge::download(
        &format!("{stem}.zip"),
        &codec::zip(&files),
        "application/zip",
    );
}
