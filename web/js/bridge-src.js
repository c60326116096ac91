// The studio's JavaScript side: CodeMirror 6, IndexedDB, downloads and the
// service worker. Bundled by esbuild into js/bridge.js (generated) and
// imported by the Rust app through wasm-bindgen. Nothing here parses a
// level format: highlighting and diagnostics come from the Rust core.

import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, Decoration, WidgetType, hoverTooltip } from "@codemirror/view";
import { EditorState, StateField, StateEffect, RangeSetBuilder } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches, search } from "@codemirror/search";
import { bracketMatching } from "@codemirror/language";
import { setDiagnostics as cmSetDiagnostics, lintGutter, lintKeymap } from "@codemirror/lint";

const TOKEN_CLASSES = ["tok-keyword", "tok-constant", "tok-string", "tok-number", "tok-char", "tok-comment", "tok-punct", "tok-map", "tok-code", "tok-invalid"];
const tokenMarks = TOKEN_CLASSES.map((c) => Decoration.mark({ class: c }));
const linkMark = Decoration.mark({ class: "cm-linked" });

const setTokensEffect = StateEffect.define();
const setLinkedEffect = StateEffect.define();

function rangesToDecorations(doc, flat, marks) {
  const builder = new RangeSetBuilder();
  const len = doc.length;
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const from = Math.min(flat[i], len), to = Math.min(flat[i + 1], len);
    if (to > from) builder.add(from, to, marks[flat[i + 2]] || marks[0]);
  }
  return builder.finish();
}

const tokenField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const e of tr.effects) if (e.is(setTokensEffect)) value = rangesToDecorations(tr.state.doc, e.value, tokenMarks);
    return value;
  },
  provide: (f) => EditorView.decorations.from(f),
});

const linkedField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const e of tr.effects) if (e.is(setLinkedEffect)) value = rangesToDecorations(tr.state.doc, e.value, [linkMark]);
    return value;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// ---- what a level's run did: dimmed code, loop counts, variable values ----

const setTraceEffect = StateEffect.define();
const unrunMark = Decoration.mark({ class: "cm-unrun", attributes: { title: "not run in this seed" } });

class HintWidget extends WidgetType {
  constructor(text) { super(); this.text = text; }
  eq(other) { return other.text === this.text; }
  toDOM() {
    const span = document.createElement("span");
    span.className = "cm-run-hint";
    span.textContent = this.text;
    span.title = "in the seed the map shows";
    return span;
  }
  ignoreEvent() { return true; }
}

function traceDecorations(doc, trace) {
  const len = doc.length;
  const ranges = [];
  for (const [from, to] of trace.unrun || []) {
    const f = Math.min(from, len), t = Math.min(to, len);
    if (t > f) ranges.push(unrunMark.range(f, t));
  }
  // A hint goes at the end of the line its statement starts on.
  for (const [at, text] of trace.hints || []) {
    const end = doc.lineAt(Math.min(at, len)).to;
    ranges.push(Decoration.widget({ widget: new HintWidget(text), side: 1 }).range(end));
  }
  return Decoration.set(ranges, true);
}

const traceField = StateField.define({
  create: () => ({ deco: Decoration.none, values: [] }),
  update(value, tr) {
    for (const e of tr.effects) {
      if (e.is(setTraceEffect)) return { deco: traceDecorations(tr.state.doc, e.value), values: e.value.values || [] };
    }
    if (!tr.docChanged) return value;
    const map = (p) => tr.changes.mapPos(p);
    return { deco: value.deco.map(tr.changes), values: value.values.map(([f, t, s]) => [map(f), map(t), s]) };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
});

// Hovering a variable shows its value where it is written.
const traceHover = hoverTooltip((view, pos) => {
  const hit = view.state.field(traceField).values.find(([f, t]) => f <= pos && pos <= t);
  if (!hit) return null;
  return {
    pos: hit[0],
    end: hit[1],
    above: true,
    create() {
      const dom = document.createElement("div");
      dom.className = "cm-run-value";
      dom.textContent = hit[2];
      return { dom };
    },
  };
});

/** The extensions each editor was made with (and its change callback), to
 *  start a document afresh. */
const editorExtensions = new WeakMap();

/** Creates an editor in `parent`; `onChange(text)` after every edit,
 *  `onCursor(utf16Offset)` when the selection head moves. */
export function createEditor(parent, doc, onChange, onCursor) {
  const extensions = [
    lineNumbers(),
    highlightActiveLineGutter(),
    history(),
    drawSelection(),
    bracketMatching(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    lintGutter(),
    tokenField,
    linkedField,
    traceField,
    traceHover,
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, ...lintKeymap, indentWithTab]),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) onChange(u.state.doc.toString());
      if (u.selectionSet || u.docChanged) onCursor(u.state.selection.main.head);
    }),
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc, extensions }) });
  editorExtensions.set(view, { extensions, onChange });
  // The whole text, which the page does not hold (lines out of sight are
  // not drawn): for tests and tools driving the studio.
  parent.vwText = () => view.state.doc.toString();
  return view;
}

export function getText(view) { return view.state.doc.toString(); }

/** Another document: a fresh state, so that its undo history starts here
 *  (Ctrl+Z never brings back the text of the document shown before). */
export function setText(view, text) {
  const made = editorExtensions.get(view);
  if (!made) {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    return;
  }
  view.setState(EditorState.create({ doc: text, extensions: made.extensions }));
  // A new state reports nothing: tell the app the text and cursor it holds.
  made.onChange(text);
  view.dispatch({ selection: { anchor: 0 } });
}

/** `flat` = [from, to, kind, from, to, kind, …] in UTF-16 offsets. */
export function setTokens(view, flat) {
  view.dispatch({ effects: setTokensEffect.of(flat) });
}

/** Ranges linked to what the pointer is on in a view (flat [from, to, 0, …]). */
export function setLinked(view, flat) {
  view.dispatch({ effects: setLinkedEffect.of(flat) });
}

/** `json` = [{from, to, severity, message, code}] in UTF-16 offsets. */
export function setDiagnostics(view, json) {
  const diags = JSON.parse(json);
  const len = view.state.doc.length;
  const list = diags.map((d) => ({
    from: Math.min(d.from, len),
    to: Math.min(Math.max(d.to, d.from), len),
    severity: d.severity === "note" ? "info" : d.severity,
    message: d.message,
    source: d.code,
  }));
  view.dispatch(cmSetDiagnostics(view.state, list));
}

/** `json`: `{unrun: [[from, to]], hints: [[at, text]], values: [[from,
 *  to, text]]}` in UTF-16 offsets; empty text clears. */
export function setTrace(view, json) {
  const trace = json ? JSON.parse(json) : {};
  view.dispatch({ effects: setTraceEffect.of(trace) });
}

/** One edit made for the user (a paint stroke): its own undo step. */
export function applyEdit(view, from, to, insert) {
  const len = view.state.doc.length;
  view.dispatch({
    changes: { from: Math.min(from, len), to: Math.min(to, len), insert },
    annotations: isolateHistory.of("full"),
    userEvent: "input.paint",
  });
}

export function setCursor(view, offset) {
  const pos = Math.min(offset, view.state.doc.length);
  view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  view.focus();
}

export function focusEditor(view) { view.focus(); }

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

export function registerServiceWorker() {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("service worker:", e));
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
