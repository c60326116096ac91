//! The Vaultwright studio. It renders the core's `Analysis` and knows no
//! level grammar: views, diagnostics, tokens and artifacts come from the
//! core, which runs in a Web Worker beside the page (`core_worker`): the
//! page never waits for it, and a script that runs away is stopped by
//! ending the worker.
//!
//! Shaped like Yew's `function_todomvc`: `state` (one pure reducer:
//! documents, settings, zoom per view kind, the pane a phone shows, the open
//! panel, the chosen legend row; no storage, clock or DOM in it: actions
//! carry times and ids); `derive` (the analysis of the current document
//! as the worker answered it, and the editor's UTF-16 view of it);
//! `effects` (hooks for the world outside: the core's worker, storage,
//! link, theme, shortcuts); `actions` (commands with side
//! effects that callbacks and shortcuts share); `documents` and
//! `find_in_docs` (pure, tested natively); `components` (one per file;
//! `app` only wires them); `service` (the editor's questions sent to the
//! worker's language service, and what its answers ask of the page); `paint` (a stroke made an
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
pub mod core_worker;
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
    /// When the worker's last analysis reached the page (0 once painted).
    static ANSWER_AT: Cell<f64> = const { Cell::new(0.0) };
}

/// Called when the worker's analysis reaches the page: the page's own
/// work for it (the views drawn) is timed until the next paint.
pub fn answer_arrived() {
    ANSWER_AT.with(|a| a.set(bridge::now()));
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
    let answered = ANSWER_AT.with(|a| a.replace(0.0));
    if answered > 0.0 {
        // The editor holds back a burst of keys for about this long, so
        // that the page's work for an answer falls between bursts.
        bridge::analysis_took(bridge::now() - answered);
    }
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
    // The core's worker starts loading at once, beside the page's first
    // paint (the editor shows the document's text before it answers).
    let core = core_worker::client::Core::start(&bridge::core_worker_url());
    install_bench_hook(core.clone());
    yew::Renderer::<app::App>::with_props(app::AppProps { core }).render();
    // What the page showed while the code loaded (`#vw-boot` in
    // index.html, and the editor `js/boot.js` put there) goes; an editor
    // there is first carried on by the app's own.
    bridge::boot_done();
}

/// `window.vwBenchDcss(texts)`: a promise of the milliseconds the core's
/// worker takes to analyse each DCSS text as the studio does when a file
/// opens (parse, check, outline, the first vault's preview), for the
/// browser timing harness.
fn install_bench_hook(core: core_worker::client::Core) {
    use core_worker::client::{Kind, Outcome};
    use core_worker::protocol::{Answer, Request};
    use wasm_bindgen::prelude::*;
    let Some(window) = web_sys::window() else {
        return;
    };
    let bench_core = core.clone();
    let f =
        Closure::<dyn Fn(js_sys::Array) -> js_sys::Promise>::new(move |texts: js_sys::Array| {
            let texts: Vec<String> = texts.iter().filter_map(|t| t.as_string()).collect();
            bench_core.promise(
                Kind::Bench,
                Request::Bench { texts },
                |outcome| match outcome {
                    Outcome::Answer(Answer::Bench(ms)) => Ok(JsValue::from_f64(ms)),
                    _ => Err(JsValue::from_str("stopped")),
                },
            )
        });
    let _ = js_sys::Reflect::set(&window, &JsValue::from_str("vwBenchDcss"), f.as_ref());
    f.forget();
    install_spin_hook(&window, core);
}

/// `window.vwCoreSpin(ms)`: a promise that the core's worker is kept
/// busy for `ms`, resolved with `"spun"`, or `"stopped after N ms"` when
/// the page ended it for taking too long (the browser tests' runaway).
fn install_spin_hook(window: &web_sys::Window, core: core_worker::client::Core) {
    use core_worker::client::{Kind, Outcome};
    use core_worker::protocol::Request;
    use wasm_bindgen::prelude::*;
    let f = Closure::<dyn Fn(f64) -> js_sys::Promise>::new(move |ms: f64| {
        let core = core.clone();
        core.promise(Kind::Spin, Request::Spin { ms }, |outcome| {
            Ok(JsValue::from_str(&match outcome {
                Outcome::Stopped { after_ms } => format!("stopped after {after_ms:.0} ms"),
                Outcome::Answer(_) => "spun".to_string(),
            }))
        })
    });
    let _ = js_sys::Reflect::set(window, &JsValue::from_str("vwCoreSpin"), f.as_ref());
    f.forget();
}
