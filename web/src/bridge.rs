//! Bindings to `js/bridge.js` (the source editor, IndexedDB, downloads).

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/bridge.js")]
extern "C" {
    #[wasm_bindgen(js_name = createEditor)]
    pub fn create_editor(
        parent: &web_sys::Element,
        doc: &str,
        key: &str,
        on_change: &Closure<dyn FnMut(String, String, f64)>,
        on_cursor: &Closure<dyn FnMut(u32)>,
        service: &Closure<dyn FnMut(String, u32, String, u32) -> js_sys::Promise>,
    ) -> JsValue;
    #[wasm_bindgen(js_name = getText)]
    pub fn get_text(view: &JsValue) -> String;
    #[wasm_bindgen(js_name = setText)]
    pub fn set_text(view: &JsValue, text: &str, key: &str);
    #[wasm_bindgen(js_name = setFolds)]
    pub fn set_folds(view: &JsValue, flat: Vec<u32>);
    #[wasm_bindgen(js_name = setTokens)]
    pub fn set_tokens(view: &JsValue, flat: Vec<u32>);
    #[wasm_bindgen(js_name = setLinked)]
    pub fn set_linked(view: &JsValue, flat: Vec<u32>);
    #[wasm_bindgen(js_name = setDiagnostics)]
    pub fn set_diagnostics(view: &JsValue, diags_json: &str);
    #[wasm_bindgen(js_name = setTrace)]
    pub fn set_trace(view: &JsValue, json: &str);
    #[wasm_bindgen(js_name = setCursor)]
    pub fn set_cursor(view: &JsValue, offset: u32);
    #[wasm_bindgen(js_name = setReadOnly)]
    pub fn set_read_only(view: &JsValue, on: bool);
    #[wasm_bindgen(js_name = destroyEditor)]
    pub fn destroy_editor(view: &JsValue);
    /// The studio is shown in a frame of another page (an embed).
    pub fn embedded() -> bool;
    /// Where the core's worker is loaded from (this build's file).
    #[wasm_bindgen(js_name = coreWorkerUrl)]
    pub fn core_worker_url() -> String;
    /// Replaces UTF-16 `from..to` with `insert` as one undo step.
    #[wasm_bindgen(js_name = applyEdit)]
    pub fn apply_edit(view: &JsValue, from: u32, to: u32, insert: &str);

    #[wasm_bindgen(js_name = dbPut, catch)]
    pub fn db_put(json: &str) -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(js_name = dbAll, catch)]
    pub fn db_all() -> Result<js_sys::Promise, JsValue>;
    #[wasm_bindgen(js_name = dbDelete, catch)]
    pub fn db_delete(id: &str) -> Result<js_sys::Promise, JsValue>;

    pub fn download(name: &str, bytes: &[u8], mime: &str);
    /// Resolves to the canvas as PNG bytes (`Uint8Array`, empty on failure).
    #[wasm_bindgen(js_name = canvasPng)]
    pub fn canvas_png(canvas: &web_sys::HtmlCanvasElement) -> js_sys::Promise;
    #[wasm_bindgen(js_name = svgText)]
    pub fn svg_text(svg: &web_sys::Element) -> String;
    #[wasm_bindgen(js_name = canCopyImage)]
    pub fn can_copy_image() -> bool;
    /// Resolves to whether the PNG went onto the clipboard.
    #[wasm_bindgen(js_name = copyPng)]
    pub fn copy_png(bytes: &[u8]) -> js_sys::Promise;
    #[wasm_bindgen(js_name = copyText)]
    pub fn copy_text(text: &str) -> js_sys::Promise;
    #[wasm_bindgen(js_name = readFile)]
    pub fn read_file(file: &web_sys::File) -> js_sys::Promise;
    #[wasm_bindgen(js_name = relativePath)]
    pub fn relative_path(file: &web_sys::File) -> String;
    #[wasm_bindgen(js_name = fetchText)]
    pub fn fetch_text(url: &str) -> js_sys::Promise;
    #[wasm_bindgen(js_name = registerServiceWorker)]
    pub fn register_service_worker();
    pub fn now() -> f64;
    pub fn measure(name: &str, start: f64);
    #[wasm_bindgen(js_name = analysisTook)]
    pub fn analysis_took(ms: f64);
    /// The app has started: the boot screen goes (see `js/boot.js`).
    #[wasm_bindgen(js_name = bootDone)]
    pub fn boot_done();
    #[wasm_bindgen(js_name = markOnce)]
    pub fn mark_once(name: &str);
}

/// Awaits a storage promise, turning a rejection into a message.
pub async fn settle(p: Result<js_sys::Promise, JsValue>) -> Result<JsValue, String> {
    let p = p.map_err(describe)?;
    wasm_bindgen_futures::JsFuture::from(p)
        .await
        .map_err(describe)
}

pub fn describe(e: JsValue) -> String {
    use wasm_bindgen::JsCast;
    if let Some(s) = e.as_string() {
        return s;
    }
    match e.dyn_ref::<js_sys::Error>() {
        Some(err) => String::from(err.message()),
        None => format!("{e:?}"),
    }
}
