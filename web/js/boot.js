// The first paint: the editor shows the last document before the studio's
// own code (its wasm) has loaded. This module runs as soon as the editor's
// bundle has (it is imported by it, and needs nothing of the wasm): it reads
// the document the studio showed last from this browser's storage and puts
// an editor on it, taking keys at once. The app adopts that editor when it
// starts (`adoptBootEditor`), with whatever was typed meanwhile; until then
// a line says the rest of the studio is loading.
//
// Only a plain visit gets one: a link and an embed keep the loading card of
// index.html until the app is up. A first visit (nothing stored) gets the
// example the app opens then.
import { Editor } from "./editor.js";
// The studio's first example, which a first visit opens (the first of
// web/src/examples.rs; esbuild bundles the file's text).
import FIRST_EXAMPLE from "../../static/examples/tiny-maze.des";

const DB_NAME = "vaultwright";
const STORE = "documents";
/** localStorage keys the app writes (web/src/effects/storage.rs). */
const CURRENT = "vaultwright.current";
const THEME = "vaultwright.theme";
const SPLIT = "vaultwright.split";
/** What storage had not confirmed when the page was last hidden. */
const BACKUP = "vaultwright.unsaved";

let boot = null;

function plainVisit() {
  try {
    if (window.self !== window.top) return false;
  } catch {
    return false;
  }
  return !location.hash.startsWith("#v") && typeof indexedDB !== "undefined";
}

/** The stored documents (no names files, no library). */
function storedDocuments() {
  return new Promise((resolve) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" });
    req.onerror = () => resolve([]);
    req.onsuccess = () => {
      const all = req.result.transaction(STORE, "readonly").objectStore(STORE).getAll();
      all.onsuccess = () => resolve((all.result || []).filter((r) => !r.kind && typeof r.source === "string"));
      all.onerror = () => resolve([]);
    };
  });
}

/** The documents of the backup the app writes as the page is hidden (a
 *  list, or one document), newer than what storage holds. */
function backedUp() {
  try {
    const kept = JSON.parse(localStorage.getItem(BACKUP) || "[]");
    return (Array.isArray(kept) ? kept : [kept]).filter((d) => d && typeof d.source === "string");
  } catch {
    return [];
  }
}

/** The document the studio showed last: the one it remembers, else the
 *  most recently changed; as the backup has it when it has it. */
function lastDocument(stored) {
  const newer = backedUp();
  const docs = stored.map((d) => newer.find((b) => b.id === d.id) || d).concat(newer.filter((b) => !stored.some((d) => d.id === b.id)));
  let current = null;
  try { current = localStorage.getItem(CURRENT); } catch { /* storage refused */ }
  return docs.find((d) => d.id === current) || docs.reduce((a, b) => ((b.updated || 0) > (a?.updated || 0) ? b : a), null);
}

function dark() {
  let theme = null;
  try { theme = localStorage.getItem(THEME); } catch { /* storage refused */ }
  return theme === "dark" || (theme !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

/** The studio's frame around the editor, drawn with its own classes. */
function skeleton(doc) {
  const app = el("div", "app boot-studio" + (dark() ? " dark" : ""));
  const bar = el("header", "toolbar");
  bar.append(el("span", "brand", "Vaultwright"), el("span", "doc-name", doc.name || ""));
  const line = el("div", "core-loading");
  line.setAttribute("role", "status");
  line.setAttribute("data-testid", "studio-loading");
  const bar2 = el("span", "core-loading-bar");
  bar2.setAttribute("aria-hidden", "true");
  line.append(bar2, `Loading the studio… ${doc.name || "the last document"} is open to edit; its map and findings follow.`);
  const main = el("main", "split show-editor");
  let split = null;
  try { split = parseFloat(localStorage.getItem(SPLIT)); } catch { /* storage refused */ }
  if (split > 0) main.style.setProperty("--split", `${split}%`);
  const pane = el("section", "pane editor-pane");
  pane.setAttribute("aria-label", "Source");
  const editorPane = el("div", "editor");
  pane.append(editorPane);
  const view = el("section", "pane view-pane boot-view");
  view.append(el("div", "boot-line", "The map and the findings appear when the studio has loaded."));
  main.append(pane, el("div", "splitter"), view);
  app.append(bar, line, main);
  return { app, editorPane };
}

/** Starts the core's worker before the app is up: its wasm, the largest
 *  file, downloads and compiles beside the page's own (after the editor
 *  is on screen, so that it does not slow that). The app takes it over
 *  (web/src/core_worker/client.rs), with what it said meanwhile. */
function startCoreWorker() {
  if (window.vwCoreTaken || window.vwCoreEarly || typeof Worker === "undefined") return;
  try {
    const worker = new Worker("./vaultwright-core_loader.js", { name: "vaultwright-core" });
    const early = [];
    worker.onmessage = (e) => early.push(e.data);
    window.vwCoreEarly = { worker, early };
  } catch { /* the app starts one itself */ }
}

async function start() {
  try {
    await showLastDocument();
  } finally {
    startCoreWorker();
  }
}

async function showLastDocument() {
  const screen = document.getElementById("vw-boot");
  if (!screen || !plainVisit()) return;
  const doc = lastDocument(await storedDocuments()) || { id: null, name: "tiny-maze.des", source: FIRST_EXAMPLE };
  // The app may have started meanwhile (it removes the screen).
  if (!doc || !document.getElementById("vw-boot")) return;
  const { app, editorPane } = skeleton(doc);
  const editor = new Editor(editorPane, doc.source, doc.id, () => {}, () => {}, () => Promise.resolve(""));
  screen.replaceChildren(app);
  screen.classList.add("with-editor");
  boot = { editor, id: doc.id, text: doc.source };
  editor.view.focus();
}

/** The boot editor of document `key` holding `text`, for the app's editor
 *  to carry on (what was typed in it meanwhile is its to report), or none
 *  (it is put away). Either way the boot screen goes. */
export function adoptBootEditor(key, text) {
  const b = boot;
  boot = null;
  document.getElementById("vw-boot")?.remove();
  if (!b) return null;
  // The example a first visit shows gets its id from the app.
  if ((b.id === key || b.id === null) && b.text === text) {
    b.editor.key = key;
    b.editor.view.dom.setAttribute("data-doc", key);
    return b.editor;
  }
  b.editor.destroy();
  return null;
}

/** The app has started: the boot screen goes unless an editor on it
 *  waits for the app's own to adopt it (a little while, in case the app
 *  shows no editor). */
export function bootDone() {
  if (!boot) {
    document.getElementById("vw-boot")?.remove();
    return;
  }
  setTimeout(() => { if (boot) adoptBootEditor(null, null); }, 3000);
}

start();
