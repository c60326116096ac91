//! The Vaultwright studio. It renders the core's `Analysis` and knows no
//! level grammar: views, diagnostics, tokens and artifacts come from
//! `vaultwright::analyze`.
//!
//! Shaped like Yew's `function_todomvc`: `state` (one pure reducer:
//! documents, settings, zoom per view kind, the pane a phone shows, the open
//! panel, the chosen legend row; no storage, clock or DOM in it: actions
//! carry times and ids); `derive` (the analysis of the current document,
//! through an `Analyzer` the app owns, and the editor's UTF-16 view of it,
//! memoised on the document's revision); `effects` (hooks for the world
//! outside: storage, link, theme, shortcuts); `actions` (commands with side
//! effects that callbacks and shortcuts share); `documents` and
//! `find_in_docs` (pure, tested natively); `components` (one per file;
//! `app` only wires them); `service` (the editor's questions answered from
//! the latest analysis, or "stale, ask again"); `paint` (a stroke made an
//! action: one undo step for the editor); `templates` (the New… documents,
//! each tested valid).
//!
//! Links and pictures never replace stored data: a names file a link brings
//! is added beside the user's one of the same name
//! (`State::add_linked_names`), and a file is read as a picture only when it
//! parses as one (`picture::is_svg`: a prolog, then an `<svg>` root; the
//! state is that root's own `<metadata>` child). Exported SVG is well-formed
//! XML (`picture::xml_chars`). `index.html` carries a Content-Security-Policy
//! (written by `cargo xtask` with the hash of Trunk's inline start-up
//! script): scripts of its own origin and wasm only; every e2e test fails on
//! a refusal.

pub mod actions;
pub mod app;
pub mod bridge;
pub use vaultwright_codec as codec;
pub mod components;
pub mod convert;
pub mod crawl_library;
pub mod derive;
pub mod documents;
pub mod effects;
pub mod embed;
pub mod examples;
pub mod find_in_docs;
pub mod paint;
pub mod service;
pub mod state;
pub mod templates;

use std::cell::Cell;

thread_local! {
    /// When a timer started, and the analysis then current: it stops at
    /// the first paint of a newer analysis (an edit made inside a render,
    /// as a paint stroke's is, must not stop it at that render's paint).
    static EDIT_START: Cell<(f64, u64)> = const { Cell::new((0.0, 0)) };
    static STROKE_START: Cell<(f64, u64)> = const { Cell::new((0.0, 0)) };
    static ANALYSES: Cell<u64> = const { Cell::new(0) };
}

/// Called for each new analysis of a document.
pub fn analysed() {
    ANALYSES.with(|a| a.set(a.get() + 1));
}

fn start_timer(timer: &'static std::thread::LocalKey<Cell<(f64, u64)>>) {
    start_timer_at(timer, bridge::now());
}

fn start_timer_at(timer: &'static std::thread::LocalKey<Cell<(f64, u64)>>, at: f64) {
    let now = ANALYSES.with(Cell::get);
    timer.with(|s| s.set((at, now)));
}

/// Called when a paint stroke is released: starts the stroke→paint timer
/// (the stroke becomes an edit, the edit an analysis, the views repaint).
pub fn stroke_started() {
    start_timer(&STROKE_START);
}

/// Called when the editor reports an edit typed at `typed_at`
/// (`performance.now()`): starts the edit→paint timer there.
pub fn edit_started_at(typed_at: f64) {
    start_timer_at(&EDIT_START, typed_at);
}

/// Called after a view has painted: records `vw-edit` (edit → repaint) in
/// the Performance timeline for the timing harness.
pub fn painted() {
    if !cfg!(target_arch = "wasm32") {
        return;
    }
    bridge::mark_once("vw-interactive");
    let analyses = ANALYSES.with(Cell::get);
    for (timer, name) in [(&EDIT_START, "vw-edit"), (&STROKE_START, "vw-stroke")] {
        timer.with(|s| {
            let (start, at) = s.get();
            if start > 0.0 && analyses > at {
                s.set((0.0, 0));
                bridge::measure(name, start);
            }
        });
    }
}

pub fn start() {
    install_bench_hook();
    yew::Renderer::<app::App>::new().render();
    remove_boot_screen();
}

/// Takes away what the page showed while the code loaded (`#vw-boot` in
/// index.html): the app is on screen now.
fn remove_boot_screen() {
    let boot = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("vw-boot"));
    if let Some(boot) = boot {
        boot.remove();
    }
}

/// `window.vwBenchDcss(texts)`: analyse each DCSS text as the studio does
/// when a file opens (parse, check, outline, the first vault's preview)
/// and return the milliseconds taken, for the browser timing harness. It
/// goes through the studio's own path, so the hook adds no code of the
/// core's to the build.
fn install_bench_hook() {
    use wasm_bindgen::prelude::*;
    let Some(window) = web_sys::window() else {
        return;
    };
    let f = Closure::<dyn Fn(js_sys::Array) -> f64>::new(|texts: js_sys::Array| {
        let texts: Vec<String> = texts.iter().filter_map(|t| t.as_string()).collect();
        // Measured cold, as natively: a fresh analyzer for each file.
        let start = bridge::now();
        for t in &texts {
            let options = vaultwright::Options {
                file_name: "vault.des".into(),
                focus: Some(0),
                ..vaultwright::Options::default()
            };
            std::hint::black_box(vaultwright::Analyzer::new().analyze(
                t,
                vaultwright::Language::DcssDes,
                &options,
            ));
        }
        bridge::now() - start
    });
    let _ = js_sys::Reflect::set(&window, &JsValue::from_str("vwBenchDcss"), f.as_ref());
    f.forget();
}
