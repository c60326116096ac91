// The studio's JavaScript side: the source editor (editor.js, CodeMirror 6
// with the core's language service), IndexedDB, downloads and the service
// worker. Bundled by esbuild into js/bridge.js (generated) and imported by
// the Rust app through wasm-bindgen. Nothing here parses a level format:
// highlighting, findings, completions and hover cards come from the Rust
// core.

import { Editor, analysisTook } from "./editor.js";
import { adoptBootEditor, bootDone } from "./boot.js";

export { analysisTook };

/** Creates an editor in `parent` showing document `key`; `onChange(text,
 *  key, at)` after edits to document `key` (typed at `performance.now()`
 *  `at`; keystrokes are reported once their frame is painted),
 *  `onCursor(utf16Offset)` when the selection head moves, `service(kind, offset, arg, length)` answers the language
 *  service's questions (JSON, or "" for none). */
export function createEditor(parent, doc, key, onChange, onCursor, service) {
  const editor = adoptEditor(parent, doc, key, onChange, onCursor, service) || new Editor(parent, doc, key, onChange, onCursor, service);
  // The whole text, which the page does not hold in its drawn lines (those
  // out of sight are not drawn): for tests and tools driving the studio.
  parent.vwText = () => editor.text;
  parent.vwEditor = editor;
  return editor;
}

/** The editor the boot screen showed this document in, moved into
 *  `parent` and given the app's callbacks; keys typed in it before the app
 *  started are reported now. */
function adoptEditor(parent, doc, key, onChange, onCursor, service) {
  const editor = adoptBootEditor(key, doc);
  if (!editor) return null;
  Object.assign(editor, { onChange, onCursor, service });
  parent.appendChild(editor.view.dom);
  // Keys the app has not heard of: the app's text is older than the
  // editor's (a `take` of it reports them instead), and they are told soon.
  if (editor.text !== doc) {
    editor.pending = { key, at: performance.now() };
    queueMicrotask(() => editor.report());
  }
  editor.view.focus();
  return editor;
}

export { bootDone };

export function getText(editor) { return editor.text; }

/** Document `key` with `text`: the state it was left in when it holds that
 *  text (its undo history kept across switches and reloads of the tab),
 *  else a fresh one whose history starts here. */
export function setText(editor, text, key) { editor.take(text, key); }

/** `flat` = [from, to, kind, from, to, kind, …] in UTF-16 offsets. */
export function setTokens(editor, flat) { editor.setTokens(flat); }

/** Ranges linked to what the pointer is on in a view (flat [from, to, 0, …]). */
export function setLinked(editor, flat) { editor.setLinked(flat); }

/** What folds (flat [from, to, …] in UTF-16 offsets). */
export function setFolds(editor, flat) { editor.setFolds(flat); }

/** `json` = [{from, to, severity, message, code, fixes}] in UTF-16 offsets. */
export function setDiagnostics(editor, json) { editor.setDiagnostics(JSON.parse(json)); }

/** `json`: `{unrun: [[from, to]], hints: [[at, text]], values: [[from,
 *  to, text]]}` in UTF-16 offsets; empty text clears. */
export function setTrace(editor, json) { editor.setTrace(json ? JSON.parse(json) : {}); }

/** One edit made for the user (a paint stroke): its own undo step. */
export function applyEdit(editor, from, to, insert) { editor.applyEdit(from, to, insert); }

export function setCursor(editor, offset) { editor.setCursor(offset); }

export function focusEditor(editor) { editor.focus(); }

export function setReadOnly(editor, on) { editor.setReadOnly(on); }

/** The editor's component is gone: keep its history, let its view go. */
export function destroyEditor(editor) { editor.destroy(); }


/** Shown inside a frame of another page (an embed): cross-origin, reading
 *  `top` may throw, which also means a frame. */
export function embedded() {
  try { return window.self !== window.top; } catch { return true; }
}

/** The core's worker script of this build (its loader, which Trunk
 *  writes beside the page). */
export function coreWorkerUrl() {
  return "./vaultwright-core_loader.js";
}

// ---- IndexedDB: one object store of documents ----------------------------

const DB_NAME = "vaultwright";
const STORE = "documents";

function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function tx(mode, work) {
  return openDb().then((db) => new Promise((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const result = work(t.objectStore(STORE));
    t.oncomplete = () => resolve(result.result === undefined ? null : result.result);
    t.onerror = () => reject(t.error ? String(t.error) : "storage error");
    t.onabort = () => reject(t.error ? String(t.error) : "storage aborted");
  }));
}

/** Saves one document (a JSON string with an `id`). */
export function dbPut(json) { return tx("readwrite", (s) => s.put(JSON.parse(json))).then(() => null); }
/** All documents as a JSON array string. */
export function dbAll() { return tx("readonly", (s) => s.getAll()).then((v) => JSON.stringify(v || [])); }
export function dbDelete(id) { return tx("readwrite", (s) => s.delete(id)).then(() => null); }

// ---- files and the service worker -----------------------------------------

export function download(name, bytes, mime) {
  const blob = new Blob([bytes], { type: mime || "application/octet-stream" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** The canvas as PNG bytes, by the browser's own encoder (empty if it cannot). */
export function canvasPng(canvas) {
  return new Promise((resolve) => canvas.toBlob((blob) => {
    if (!blob) resolve(new Uint8Array());
    else blob.arrayBuffer().then((b) => resolve(new Uint8Array(b)), () => resolve(new Uint8Array()));
  }, "image/png"));
}

export function svgText(svg) { return new XMLSerializer().serializeToString(svg); }

/** Whether this browser lets a page put an image on the clipboard. */
export function canCopyImage() {
  return typeof ClipboardItem !== "undefined" && !!(navigator.clipboard && navigator.clipboard.write);
}

export function copyPng(bytes) {
  if (!canCopyImage()) return Promise.resolve(false);
  const item = new ClipboardItem({ "image/png": new Blob([bytes], { type: "image/png" }) });
  return navigator.clipboard.write([item]).then(() => true, () => false);
}

export function copyText(text) {
  if (navigator.clipboard && navigator.clipboard.writeText) {
    return navigator.clipboard.writeText(text).then(() => true, () => false);
  }
  return Promise.resolve(false);
}

export function readFile(file) {
  return file.arrayBuffer().then((b) => new Uint8Array(b));
}

/** The path of a file picked with its folder, inside that folder. */
export function relativePath(file) {
  return file.webkitRelativePath || file.name;
}

/** The text at `url` (a file of crawl's Lua library), or a rejection that
 *  says why: the address's status, or that the network is out of reach. */
export function fetchText(url) {
  return fetch(url, { cache: "no-cache", credentials: "omit" }).then((r) =>
    r.ok ? r.text() : Promise.reject(new Error(`${r.status} ${r.statusText} from ${url}`)),
  );
}

export function registerServiceWorker() {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    // The worker script is always checked against the host, never taken
    // from the HTTP cache: a redeploy is seen on the next visit.
    navigator.serviceWorker
      .register("sw.js", { updateViaCache: "none" })
      .catch((e) => console.warn("service worker:", e));
  }
}

export function now() { return performance.now(); }

const marked = new Set();
/** A Performance mark, once per page load (e.g. "vw-interactive"). */
export function markOnce(name) {
  if (marked.has(name)) return;
  marked.add(name);
  performance.mark(name);
}

export function measure(name, start) {
  try { performance.measure(name, { start, end: performance.now() }); } catch (_) { /* old browsers */ }
}
