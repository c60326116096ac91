// The studio's source editor: CodeMirror 6 for what a code editor is
// expected to do (undo per document, find and replace with regex and in
// selection, bracket matching, folding, multiple cursors and rectangular
// selection, a problems list and F8), and the core's language service,
// in Rust, for what it knows: highlighting from the core's tokens,
// findings and their fixes, completion with the games' glyphs, hover
// cards, go to definition, references and rename. The Rust side answers
// through one synchronous callback, `service(kind, offset, arg)`, which
// returns JSON (or "" for nothing).
//
// Chosen over the hand-written textarea editor it replaced because the
// issue's table (replace with regex and in selection, bracket matching,
// folding, multiple cursors and rectangular selection, a lint panel with
// F8, undo per document) is its maintained packages; it costs about 105 KB
// gzipped. Highlighting is the core's tokens drawn for the lines in sight by
// a view plugin that maps them through the edits made since the core sent
// them (a 370 KB file has 100,000 tokens: none is mapped on a keystroke);
// findings go to `@codemirror/lint` with their fixes as actions; folds are
// the core's (`service::folds`). Each document keeps its `EditorState` (its
// undo history) across switches, and in `sessionStorage` across a reload of
// the tab. The editor tells the app of a keystroke only once its frame is
// painted and the keys have paused for about twice the last analysis
// (`reportSoon`; at least once a second while a key is held), naming the
// document it was typed in; a switch, an unmount or the page being hidden
// reports at once. So a key costs the editor's update, not the app's, and a
// burst of keys on a large file is one analysis.

import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
  dropCursor, rectangularSelection, crosshairCursor, highlightSpecialChars, Decoration, WidgetType,
  hoverTooltip, ViewPlugin, showPanel, tooltips, repositionTooltips,
} from "@codemirror/view";
import { EditorState, EditorSelection, StateField, StateEffect, Compartment } from "@codemirror/state";
import { defaultKeymap, history, historyField, historyKeymap, indentWithTab, isolateHistory } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches, search, openSearchPanel, getSearchQuery, searchPanelOpen } from "@codemirror/search";
import { bracketMatching, foldGutter, foldKeymap, foldService, codeFolding } from "@codemirror/language";
import { setDiagnostics as lintSetDiagnostics, lintGutter, lintKeymap, forEachDiagnostic } from "@codemirror/lint";
import { autocompletion, completionKeymap } from "@codemirror/autocomplete";

const TOKEN_CLASSES = ["tok-keyword", "tok-constant", "tok-string", "tok-number", "tok-char", "tok-comment", "tok-punct", "tok-map", "tok-code", "tok-invalid"];
const tokenMarks = TOKEN_CLASSES.map((c) => Decoration.mark({ class: c }));

/** Undo histories kept for a reload of the tab, per document, up to this
 *  size (sessionStorage holds a few MB per origin). */
const HISTORY_LIMIT = 1_500_000;

// ---- highlighting: the core's tokens, drawn for the lines in sight --------

const setTokensEffect = StateEffect.define();

/** The tokens (flat [from, to, kind, …]) and the changes made since the
 *  core sent them, so that the lines in sight are drawn from them without
 *  mapping a hundred thousand tokens on every keystroke. */
const tokenField = StateField.define({
  create: () => ({ flat: [], since: null }),
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setTokensEffect)) return { flat: e.value, since: null };
    if (!tr.docChanged) return value;
    return { flat: value.flat, since: value.since ? value.since.composeDesc(tr.changes.desc) : tr.changes.desc };
  },
});

/** Index (into the flat tokens) of the first token ending after `pos`. */
function firstToken(flat, pos) {
  let lo = 0, hi = Math.floor(flat.length / 3);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (flat[mid * 3 + 1] <= pos) lo = mid + 1; else hi = mid;
  }
  return lo * 3;
}

function visibleTokens(view) {
  const { flat, since } = view.state.field(tokenField);
  const marks = [];
  const back = since ? since.invertedDesc : null;
  for (const { from, to } of view.visibleRanges) {
    const oldFrom = back ? back.mapPos(from, -1) : from;
    const oldTo = back ? back.mapPos(to, 1) : to;
    for (let i = firstToken(flat, oldFrom); i + 2 < flat.length && flat[i] < oldTo; i += 3) {
      const a = since ? since.mapPos(flat[i], 1) : flat[i];
      const b = since ? since.mapPos(flat[i + 1], -1) : flat[i + 1];
      if (b > a) marks.push((tokenMarks[flat[i + 2]] || tokenMarks[0]).range(a, b));
    }
  }
  return Decoration.set(marks, true);
}

const tokenHighlight = ViewPlugin.fromClass(class {
  constructor(view) { this.decorations = visibleTokens(view); }
  update(u) {
    const changed = u.startState.field(tokenField) !== u.state.field(tokenField);
    if (changed || u.viewportChanged) this.decorations = visibleTokens(u.view);
  }
}, { decorations: (v) => v.decorations });

// ---- ranges linked to the view, folds, what a level's run did --------------

const setLinkedEffect = StateEffect.define();
const linkMark = Decoration.mark({ class: "vw-linked" });

function rangesToDecorations(doc, flat, mark) {
  const len = doc.length;
  const ranges = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const from = Math.min(flat[i], len), to = Math.min(flat[i + 1], len);
    if (to > from) ranges.push(mark.range(from, to));
  }
  return Decoration.set(ranges, true);
}

const linkedField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const e of tr.effects) if (e.is(setLinkedEffect)) value = rangesToDecorations(tr.state.doc, e.value, linkMark);
    return value;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** What folds: the core's levels, vaults, maps and Lua blocks ([from, to]
 *  pairs), mapped through edits until the next analysis. */
const setFoldsEffect = StateEffect.define();
const foldsField = StateField.define({
  create: () => [],
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setFoldsEffect)) return e.value;
    if (!tr.docChanged) return value;
    return value.map(([f, t]) => [tr.changes.mapPos(f, 1), tr.changes.mapPos(t, -1)]);
  },
});
const coreFolds = foldService.of((state, lineStart, lineEnd) => {
  const doc = state.doc;
  let best = null;
  for (const [from, to] of state.field(foldsField)) {
    if (from < lineStart || from > lineEnd || to > doc.length) continue;
    const end = doc.lineAt(to);
    if (end.from <= lineEnd) continue;
    // Folded, the first line stays in sight, and the last one when it
    // closes the block (ENDMAP, `}}`).
    const range = { from: lineEnd, to: end.to };
    if (!best || range.to > best.to) best = range;
  }
  return best;
});

const setTraceEffect = StateEffect.define();
const unrunMark = Decoration.mark({ class: "vw-unrun", attributes: { title: "not run in this seed" } });

class HintWidget extends WidgetType {
  constructor(text) { super(); this.text = text; }
  eq(other) { return other.text === this.text; }
  toDOM() {
    const span = document.createElement("span");
    span.className = "vw-run-hint";
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

// ---- the references panel --------------------------------------------------

const showReferencesEffect = StateEffect.define();
const referencesField = StateField.define({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(showReferencesEffect)) return e.value;
    return value;
  },
  provide: (f) => showPanel.from(f, (refs) => (refs ? (view) => referencesPanel(view, refs) : null)),
});

/** The one change that turns `a` into `b` (their common prefix and
 *  suffix kept). */
function changeBetween(a, b) {
  const n = Math.min(a.length, b.length);
  let start = 0;
  while (start < n && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (end < n - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)) end++;
  return { from: start, to: a.length - end, insert: b.slice(start, b.length - end) };
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Shift+F12's list: every place the name is defined or used, in this
 *  document and the others open; a click goes there. */
function referencesPanel(view, refs) {
  const dom = el("div", "vw-references");
  dom.setAttribute("data-testid", "references");
  const head = el("div", "vw-references-head", `${refs.name}: ${refs.places.length} place${refs.places.length === 1 ? "" : "s"}`);
  const close = el("button", "vw-references-close", "×");
  close.title = "Close (Escape)";
  close.onclick = () => view.dispatch({ effects: showReferencesEffect.of(null) });
  head.append(close);
  const list = el("ul");
  for (const p of refs.places) {
    const item = el("li", p.definition ? "vw-ref vw-ref-def" : "vw-ref");
    const where = el("span", "vw-ref-where", `${p.file}:${p.line}`);
    item.append(where, el("code", "vw-ref-text", p.text));
    item.onclick = () => {
      const editor = view.dom.vwEditor;
      if (p.here) editor.setCursor(p.from, p.to);
      else editor.call("goto", p.from, p.id);
    };
    list.append(item);
  }
  dom.append(head, list);
  return { dom, top: false };
}

// ---- problems, cards and find: what the studio adds to CodeMirror's ------

/** F8 / Shift+F8: the next (1) or previous (-1) finding the problems list
 *  shows (its filters: severities, guideline notes, only here), from the
 *  cursor on, wrapping around. */
function goToShownDiagnostic(view, direction) {
  const found = [];
  forEachDiagnostic(view.state, (d, from, to) => { if (d.vwShown !== false) found.push({ from, to, code: d.source }); });
  // Nothing shown: nothing to go to (not CodeMirror's own F8, which
  // would stop on hidden ones).
  if (!found.length) return true;
  found.sort((a, b) => a.from - b.from || a.to - b.to);
  const sel = view.state.selection.main;
  const next = direction > 0
    ? found.find((d) => d.from > sel.from || (d.from === sel.from && d.to > sel.to)) || found[0]
    : [...found].reverse().find((d) => d.from < sel.from || (d.from === sel.from && d.to < sel.to)) || found[found.length - 1];
  view.dispatch({ selection: EditorSelection.single(next.from, next.to), scrollIntoView: true });
  // Which finding it stopped on, for the browser tests.
  view.dom.dataset.f8Code = next.code || "";
  return true;
}

/** Where tooltips may go: the editor's own box (a long finding wraps
 *  inside it instead of covering the view beside it). Its width is also
 *  the cards' widest, through a CSS variable. */
function editorSpace(view) {
  const rect = view.dom.getBoundingClientRect();
  view.dom.style.setProperty("--vw-tooltip-max", `${Math.max(160, Math.floor(rect.width - 16))}px`);
  return rect;
}

/** A card whose content grows after it was placed (a hover card and a
 *  finding shown together) is placed again, inside the editor. */
const tooltipsFollowTheirSize = ViewPlugin.fromClass(class {
  constructor(view) {
    this.seen = new WeakSet();
    this.resize = new ResizeObserver(() => repositionTooltips(view));
    // Each card is watched while it is on the page (a hover makes one).
    this.added = new MutationObserver((records) => {
      for (const r of records) for (const t of r.removedNodes) if (t instanceof Element) this.resize.unobserve(t);
      for (const t of view.dom.querySelectorAll(":scope > .cm-tooltip")) {
        if (!this.seen.has(t)) {
          this.seen.add(t);
          this.resize.observe(t);
        }
      }
    });
    this.added.observe(view.dom, { childList: true });
  }
  destroy() {
    this.resize.disconnect();
    this.added.disconnect();
  }
});

/** Matches counted past this are shown as "10000+". */
const COUNT_LIMIT = 10000;

/** How many matches `query` has (up to `COUNT_LIMIT`), and which one the
 *  selection is (from 1; 0 for none). */
function countMatches(state, query) {
  let total = 0, at = 0;
  if (!query.search || !query.valid) return { total, at };
  const sel = state.selection.main;
  const cursor = query.getCursor(state);
  for (let m = cursor.next(); !m.done && total < COUNT_LIMIT; m = cursor.next()) {
    total++;
    if (m.value.from === sel.from && m.value.to === sel.to) at = total;
  }
  return { total, at };
}

/** The find panel says how many matches there are and which one is
 *  selected ("3 of 12"), and after Replace all how many were replaced. */
const searchCount = ViewPlugin.fromClass(class {
  constructor(view) { this.query = null; this.replaced = null; this.update({ view, docChanged: true, transactions: [] }); }
  update(u) {
    const view = u.view;
    if (!searchPanelOpen(view.state)) { this.query = null; return; }
    const query = getSearchQuery(view.state);
    // Replace all: as many replaced as there were matches before it.
    for (const tr of u.transactions) {
      if (tr.isUserEvent("input.replace.all")) this.replaced = countMatches(tr.startState, getSearchQuery(tr.startState)).total;
    }
    const same = this.query && this.query.eq(query);
    if (same && !u.docChanged && !u.selectionSet) return;
    if (!same && this.query) this.replaced = null;
    this.query = query;
    const text = this.describe(view.state, query);
    // The panel is drawn after the plugins update: write into it then.
    requestAnimationFrame(() => {
      const panel = view.dom.querySelector(".cm-search");
      if (!panel) return;
      let out = panel.querySelector(".vw-search-count");
      if (!out) {
        out = el("span", "vw-search-count");
        out.setAttribute("data-testid", "search-count");
        out.setAttribute("aria-live", "polite");
        const close = panel.querySelector("button[name=close]");
        panel.insertBefore(out, close);
      }
      out.textContent = text;
    });
  }
  describe(state, query) {
    const replaced = this.replaced === null ? "" : `Replaced ${this.replaced} · `;
    if (!query.search) return replaced.replace(/ · $/, "");
    if (!query.valid) return `${replaced}not a valid pattern`;
    const { total, at } = countMatches(state, query);
    if (total >= COUNT_LIMIT) return `${replaced}${COUNT_LIMIT}+ matches`;
    if (!total) return `${replaced}no matches`;
    return `${replaced}${at ? `${at} of ` : ""}${total} match${total === 1 ? "" : "es"}`;
  }
});

// ---- the editor -------------------------------------------------------------

/** The editors on the page: what they have not reported reaches the app
 *  before the page is hidden or closed, ahead of the app's own listeners
 *  (capture phase), which save the document. */
const LIVE = new Set();
/** The longest a burst of keys goes unreported: a held key stays smooth,
 *  and the views catch up with it once a second. */
const REPORT_WITHIN_MS = 1000;
/** How long the page's work for the last analysis took (ms). */
let lastAnalysisMs = 0;

/** The page's work for the last analysis (the core's worker made it; the
 *  page drew its views) took `ms`: after a key, the editor waits about
 *  twice that with no new key before reporting, so that a large
 *  document's redraw does not land between the keys of a burst. A small
 *  document's costs next to nothing. */
export function analysisTook(ms) { lastAnalysisMs = Math.max(0, ms); }
const reportAll = () => { for (const e of LIVE) e.report(); };
window.addEventListener("pagehide", reportAll, { capture: true });
document.addEventListener("visibilitychange", reportAll, { capture: true });
// Whatever acts on the document (a click anywhere, a shortcut, a key
// outside the editor) first lets the app hear of the keys typed: a paint
// stroke, a fix, a save or a link then works on the text as it is.
window.addEventListener("pointerdown", reportAll, { capture: true });
window.addEventListener("keydown", (e) => {
  const inEditor = e.target instanceof Element && e.target.closest(".cm-editor");
  if (!inEditor || e.ctrlKey || e.metaKey || e.altKey || /^F\d+$/.test(e.key)) reportAll();
}, { capture: true });

export class Editor {
  /** `service(kind, offset, arg)` → JSON text or "" (see the top). */
  constructor(parent, text, key, onChange, onCursor, service) {
    this.onChange = onChange;
    this.onCursor = onCursor;
    this.service = service;
    this.key = key;
    this.states = new Map();
    this.readOnly = new Compartment();
    // The fold gutter draws its markers again only on an edit or a scroll:
    // new folds from the core are shown by making it anew.
    this.foldMarkers = new Compartment();
    this.applying = false;
    this.readOnlyOn = false;
    this.saveTimer = 0;
    this.extensions = this.makeExtensions();
    this.view = new EditorView({ parent, state: this.stateFor(key, text) });
    this.view.dom.vwEditor = this;
    this.view.dom.setAttribute("data-doc", key);
    // Not yet told the app: an edit (its document and when) and a cursor move.
    this.pending = null;
    // The last rename that reached other documents (see `followRename`).
    this.renamed = null;
    this.cursorMoved = false;
    this.reportFrame = 0;
    this.reportTimer = 0;
    LIVE.add(this);
  }

  makeExtensions() {
    const editor = this;
    return [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      this.foldMarkers.of(foldGutter()),
      codeFolding(),
      drawSelection(),
      dropCursor(),
      EditorState.allowMultipleSelections.of(true),
      rectangularSelection(),
      crosshairCursor(),
      bracketMatching({ brackets: "()[]{}" }),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: true }),
      searchCount,
      // Cards and findings stay inside the editor: never over the map.
      tooltips({ tooltipSpace: editorSpace }),
      tooltipsFollowTheirSize,
      lintGutter(),
      autocompletion({
        override: [(ctx) => this.complete(ctx)],
        icons: false,
        addToOptions: [{ render: renderGlyph, position: 20 }],
      }),
      tokenField,
      tokenHighlight,
      linkedField,
      foldsField,
      coreFolds,
      traceField,
      referencesField,
      hoverTooltip((view, pos) => this.hover(pos), { hoverTime: 350 }),
      this.readOnly.of([]),
      EditorView.contentAttributes.of({ "aria-label": "Source", spellcheck: "false", autocorrect: "off", autocapitalize: "off" }),
      keymap.of([
        { key: "F12", run: () => this.definition() },
        { key: "Shift-F12", run: () => this.references() },
        { key: "F2", run: () => this.rename() },
        { key: "Mod-.", run: () => this.quickFix() },
        { key: "Mod-h", run: openSearchPanel },
        { key: "F8", run: (view) => goToShownDiagnostic(view, 1) },
        { key: "Shift-F8", run: (view) => goToShownDiagnostic(view, -1) },
        { key: "Alt-Shift-ArrowUp", run: () => this.addCursor(-1), preventDefault: true },
        { key: "Alt-Shift-ArrowDown", run: () => this.addCursor(1), preventDefault: true },
        { key: "Escape", run: () => this.closeReferences() },
        ...completionKeymap,
        ...defaultKeymap,
        ...historyKeymap,
        ...searchKeymap,
        ...foldKeymap,
        ...lintKeymap,
        indentWithTab,
      ]),
      EditorView.domEventHandlers({
        mousedown(e, view) {
          // Ctrl+click (Cmd+click) goes to the definition.
          if (!(e.ctrlKey || e.metaKey) || e.altKey || e.button !== 0) return false;
          const pos = view.posAtCoords({ x: e.clientX, y: e.clientY });
          if (pos === null) return false;
          e.preventDefault();
          return editor.definition(pos);
        },
      }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) this.closePopups();
        if (u.docChanged) this.followRename(u);
        if (u.docChanged && !this.taking) {
          this.pending ??= { key: this.key, at: performance.now() };
          this.scheduleSave();
        }
        if ((u.selectionSet || u.docChanged) && !this.applying) this.cursorMoved = true;
        // An edit made for the user (a paint stroke) is reported at once;
        // a keystroke once its frame is painted (see `report`).
        if (this.applying) this.report();
        else if (this.pending || this.cursorMoved) this.reportSoon(u.docChanged);
      }),
    ];
  }

  // ---- telling the app ------------------------------------------------------------

  /** A keystroke costs the editor's own update: the app hears of it once
   *  a frame has been painted and a quiet time has passed with no new key
   *  (`edited`: this update is a key, which starts the wait again; see
   *  `analysisTook`), or after `REPORT_WITHIN_MS` of keys. A burst of keys is one report, so the app's work (the analysis,
   *  the views) never delays the next key's frame. */
  reportSoon(edited) {
    if (this.reportFrame || this.reportTimer) {
      const waited = this.pending ? performance.now() - this.pending.at : 0;
      if (!edited || waited > REPORT_WITHIN_MS) return;
      this.cancelReport();
    }
    const quiet = Math.min(lastAnalysisMs, REPORT_WITHIN_MS);
    this.reportFrame = requestAnimationFrame(() => {
      this.reportFrame = 0;
      this.reportTimer = setTimeout(() => this.report(), edited ? quiet : 0);
    });
  }

  cancelReport() {
    cancelAnimationFrame(this.reportFrame);
    clearTimeout(this.reportTimer);
    this.reportFrame = 0;
    this.reportTimer = 0;
  }

  /** Tells the app at once what it has not heard yet: before a switch, an
   *  unmount, or the page being hidden or closed. */
  report() {
    this.cancelReport();
    const pending = this.pending;
    this.pending = null;
    if (pending) this.onChange(this.view.state.doc.toString(), pending.key, pending.at);
    if (this.cursorMoved) {
      this.cursorMoved = false;
      this.onCursor(this.view.state.selection.main.head);
    }
  }

  /** A rename across documents is one step: when Ctrl+Z (or redo) takes
   *  this document back to before (after) it, the app does the same in
   *  the others it reached. */
  followRename(u) {
    const r = this.renamed;
    if (!r || r.key !== this.key) return;
    const undo = u.transactions.some((tr) => tr.isUserEvent("undo"));
    const redo = u.transactions.some((tr) => tr.isUserEvent("redo"));
    if (undo && u.startState.doc.eq(r.after) && u.state.doc.eq(r.before)) this.askLater("undo-rename");
    else if (redo && u.startState.doc.eq(r.before) && u.state.doc.eq(r.after)) this.askLater("redo-rename");
  }

  /** Asks the app once this update is over (it may re-render). */
  askLater(kind) {
    queueMicrotask(() => this.service(kind, 0, "", this.view.state.doc.length));
  }

  // ---- documents and their undo histories ---------------------------------

  /** The state to show document `key` with `text`: the one it was left
   *  in (its undo history with it), kept in memory or for a reload of the
   *  tab, when it still holds that text; else a fresh one. */
  stateFor(key, text) {
    const kept = this.states.get(key) || this.storedState(key);
    if (!kept) return EditorState.create({ doc: text, extensions: this.extensions });
    // The cursor starts at the top, as the app's does (its views follow
    // the cursor, and keep their own pan per document). A text changed
    // outside the editor (a rename reaching this document) is one more
    // step of its history, not a new history.
    const was = kept.doc.toString();
    const spec = { selection: { anchor: 0 } };
    if (was !== text) spec.changes = changeBetween(was, text);
    return kept.update(spec).state;
  }

  storedState(key) {
    try {
      const json = sessionStorage.getItem(`vw-undo:${key}`);
      if (!json) return null;
      return EditorState.fromJSON(JSON.parse(json), { extensions: this.extensions }, { history: historyField });
    } catch {
      return null;
    }
  }

  scheduleSave() {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.saveHistory(), 1000);
  }

  saveHistory() {
    try {
      const json = JSON.stringify(this.view.state.toJSON({ history: historyField }));
      if (json.length <= HISTORY_LIMIT) sessionStorage.setItem(`vw-undo:${this.key}`, json);
      else sessionStorage.removeItem(`vw-undo:${this.key}`);
    } catch {
      // Storage full or refused (a frame): the history lives for this tab only.
    }
  }

  /** Another document (or the same one changed outside the editor). */
  take(text, key) {
    // The app's text of this same document, while keys it has not heard
    // of are pending, is older than the editor's: report them instead.
    if ((key === undefined || key === this.key) && this.pending) {
      this.report();
      return;
    }
    this.report();
    if (key !== undefined && key !== this.key) {
      this.saveHistory();
      this.states.set(this.key, this.view.state);
      this.key = key;
      this.view.dom.setAttribute("data-doc", key);
    }
    this.closePopups();
    const state = this.stateFor(this.key, text);
    this.taking = true;
    try {
      this.view.setState(state);
      // A state carries its own read-only setting: the editor's holds.
      this.setReadOnly(this.readOnlyOn);
    } finally {
      this.taking = false;
    }
    this.states.set(this.key, state);
    // A state set whole reports nothing: tell the app the text and cursor.
    this.onChange(text, this.key, performance.now());
    this.onCursor(state.selection.main.head);
  }

  get text() { return this.view.state.doc.toString(); }

  // ---- the core's marks -------------------------------------------------------

  setTokens(flat) { this.view.dispatch({ effects: setTokensEffect.of(Array.from(flat)) }); }

  setLinked(flat) { this.view.dispatch({ effects: setLinkedEffect.of(Array.from(flat)) }); }

  setFolds(flat) {
    const pairs = [];
    for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
    const shown = this.view.state.field(foldsField);
    const same = shown.length === pairs.length && shown.every(([f, t], i) => f === pairs[i][0] && t === pairs[i][1]);
    if (same) return;
    this.view.dispatch({ effects: [setFoldsEffect.of(pairs), this.foldMarkers.reconfigure(foldGutter())] });
  }

  /** `list`: [{from, to, severity, message, code, fixes: [{title, from,
   *  to, insert}]}]; each fix is a button on the finding. */
  setDiagnostics(list) {
    const len = this.view.state.doc.length;
    const diagnostics = list.map((d) => {
      const from = Math.min(d.from, len);
      return {
        from,
        to: Math.min(Math.max(d.to, from), len),
        severity: d.severity === "note" ? "info" : d.severity,
        message: d.message,
        source: d.code,
        // Whether the problems list shows it (its filters): F8 stops only
        // on those.
        vwShown: d.shown !== false,
        // CodeMirror hands `apply` the finding's range as edits since moved
        // it: the fix moves with it.
        actions: (d.fixes || []).map((f) => ({
          name: f.title,
          apply: (view, at) => {
            const shift = at - from;
            const len = view.state.doc.length;
            const a = Math.min(Math.max(0, f.from + shift), len);
            const b = Math.min(Math.max(a, f.to + shift), len);
            view.dispatch({ changes: { from: a, to: b, insert: f.insert }, userEvent: "input.fix" });
          },
        })),
      };
    });
    this.view.dispatch(lintSetDiagnostics(this.view.state, diagnostics));
  }

  setTrace(trace) { this.view.dispatch({ effects: setTraceEffect.of(trace) }); }

  // ---- edits and the cursor -----------------------------------------------------

  /** One edit made for the user (a paint stroke): its own undo step. */
  applyEdit(from, to, insert) {
    const len = this.view.state.doc.length;
    this.applying = true;
    try {
      this.view.dispatch({
        changes: { from: Math.min(from, len), to: Math.min(Math.max(to, from), len), insert },
        annotations: isolateHistory.of("full"),
        userEvent: "input.paint",
      });
    } finally {
      this.applying = false;
    }
    this.onCursor(this.view.state.selection.main.head);
  }

  /** Moves the cursor (or selects `from..to`) and brings its line into the
   *  top third of the editor: what comes after it is what the user came
   *  for. */
  setCursor(from, to) {
    const len = this.view.state.doc.length;
    const anchor = Math.min(from, len);
    const head = to === undefined ? anchor : Math.min(to, len);
    const margin = Math.round(this.view.scrollDOM.clientHeight / 4);
    this.view.dispatch({
      selection: EditorSelection.single(anchor, head),
      effects: EditorView.scrollIntoView(anchor, { y: "start", yMargin: margin }),
    });
    this.view.focus();
  }

  focus() { this.view.focus(); }

  /** The rename box and the fix menu belong to one document and one text:
   *  a switch or an edit closes them. */
  closePopups() {
    for (const e of this.view.dom.querySelectorAll(".vw-rename, .vw-fix-menu")) e.remove();
  }

  /** Keeps the history for a reload and lets the view go (the editor's
   *  component is unmounted: on a phone, when the map is shown). */
  destroy() {
    this.report();
    LIVE.delete(this);
    clearTimeout(this.saveTimer);
    this.saveHistory();
    this.view.destroy();
  }

  setReadOnly(on) {
    this.readOnlyOn = on;
    this.view.dispatch({
      effects: this.readOnly.reconfigure(on ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : []),
    });
    this.view.dom.classList.toggle("vw-readonly", on);
  }

  /** A cursor added on the line above (-1) or below (1), at the same
   *  column: typing then edits every line alike (a map's column). */
  addCursor(direction) {
    const state = this.view.state;
    const ranges = state.selection.ranges.slice();
    const edge = direction < 0 ? ranges[0] : ranges[ranges.length - 1];
    const line = state.doc.lineAt(edge.head);
    const target = line.number + direction;
    if (target < 1 || target > state.doc.lines) return true;
    const next = state.doc.line(target);
    const pos = next.from + Math.min(edge.head - line.from, next.length);
    ranges.push(EditorSelection.cursor(pos));
    this.view.dispatch({ selection: EditorSelection.create(ranges, ranges.length - 1), scrollIntoView: true });
    return true;
  }

  // ---- the language service -------------------------------------------------------

  /** Asks the core's worker (through the app): a promise of the answer,
   *  `null` when it has none (or its analysis is of another text: it is
   *  asked again once it has caught up). */
  async call(kind, offset, arg) {
    // Keys the app has not heard of make its answers stale: tell it now
    // (it answers once it has analysed them).
    if (this.pending) this.report();
    const json = await this.service(kind, offset, arg === undefined ? "" : String(arg), this.view.state.doc.length);
    if (!json) return null;
    try {
      return JSON.parse(json);
    } catch {
      return null;
    }
  }

  async complete(ctx) {
    let answer = await this.call("complete", ctx.pos);
    for (let i = 0; answer && answer.stale && i < 40; i++) {
      await new Promise((r) => setTimeout(r, 30));
      if (ctx.aborted) return null;
      answer = await this.call("complete", ctx.pos);
    }
    if (!answer || answer.stale || !answer.items.length) return null;
    // Typing a word opens the list; elsewhere only Ctrl+Space or a
    // character that starts a name (`"`, `:`, `=`, `$`) does.
    const before = ctx.state.sliceDoc(Math.max(0, ctx.pos - 1), ctx.pos);
    if (!ctx.explicit && answer.from === ctx.pos && !/["':=$,\/ ]/.test(before)) return null;
    return {
      from: answer.from,
      to: answer.to,
      filter: false,
      options: answer.items.map((item, i) => ({
        label: item.name,
        detail: item.detail,
        type: item.kind,
        boost: -i,
        glyph: item.glyph,
        colour: item.colour,
      })),
    };
  }

  async hover(pos) {
    const value = this.view.state.field(traceField).values.find(([f, t]) => f <= pos && pos <= t);
    if (value) return { pos: value[0], end: value[1], above: true, create: () => ({ dom: el("div", "vw-run-value", value[2]) }) };
    const card = await this.call("hover", pos);
    if (!card || card.stale) return null;
    return { pos: card.from, end: card.to, above: true, create: () => ({ dom: hoverCard(card) }) };
  }

  /** F12 (or Ctrl+click): the app moves to the definition when the
   *  worker finds one. */
  definition(at) {
    const pos = at === undefined ? this.view.state.selection.main.head : at;
    this.call("definition", pos);
    return true;
  }

  references() {
    const pos = this.view.state.selection.main.head;
    this.call("references", pos).then((answer) => {
      if (!answer || answer.stale || !answer.places) return;
      this.view.dispatch({ effects: showReferencesEffect.of(answer) });
    });
    return true;
  }

  closeReferences() {
    if (!this.view.state.field(referencesField)) return false;
    this.view.dispatch({ effects: showReferencesEffect.of(null) });
    return true;
  }

  /** F2: a box at the name for the new one; Enter renames it everywhere
   *  (this document: one undo step; the others open: by the app). */
  rename() {
    const pos = this.view.state.selection.main.head;
    this.call("prepare-rename", pos).then((answer) => this.renameBox(pos, answer));
    return true;
  }

  /** The box a rename is typed in, at the name the worker found. */
  renameBox(pos, answer) {
    if (!answer || answer.stale) return;
    const box = el("form", "vw-rename");
    box.setAttribute("data-testid", "rename");
    const input = el("input");
    input.value = answer.name;
    input.setAttribute("aria-label", `Rename ${answer.name}`);
    const note = el("span", "vw-rename-note", answer.note || "");
    box.append(input, note);
    const coords = this.view.coordsAtPos(answer.from) || { left: 40, bottom: 40 };
    const host = this.view.dom.getBoundingClientRect();
    box.style.left = `${Math.max(0, coords.left - host.left)}px`;
    box.style.top = `${coords.bottom - host.top + 2}px`;
    const done = () => { box.remove(); this.view.focus(); };
    box.onsubmit = async (e) => {
      e.preventDefault();
      const result = await this.call("rename", pos, input.value);
      if (result && result.stale) {
        note.textContent = "the analysis is catching up: press Enter again";
        return;
      }
      if (result && result.error) {
        note.textContent = result.error;
        note.classList.add("vw-rename-error");
        return;
      }
      if (result && result.edits) {
        const before = this.view.state.doc;
        this.view.dispatch({ changes: result.edits.map((x) => ({ from: x.from, to: x.to, insert: x.insert })), userEvent: "input.rename" });
        // Undoing this step here undoes the rename in the other documents
        // it reached (see `followRename`).
        this.renamed = result.others ? { key: this.key, before, after: this.view.state.doc } : null;
      }
      done();
    };
    input.onkeydown = (e) => { if (e.key === "Escape") { e.preventDefault(); done(); } };
    this.view.dom.append(box);
    input.focus();
    input.select();
    return true;
  }

  /** Ctrl+.: the fix of the finding at the cursor, or a choice of them. */
  quickFix() {
    const state = this.view.state;
    const pos = state.selection.main.head;
    const actions = [];
    forEachDiagnostic(state, (d, from, to) => {
      if (from <= pos && pos <= to) for (const a of d.actions || []) actions.push([a, from, to]);
    });
    if (!actions.length) return false;
    if (actions.length === 1) {
      const [a, from, to] = actions[0];
      a.apply(this.view, from, to);
      return true;
    }
    const menu = el("div", "vw-fix-menu");
    menu.setAttribute("role", "menu");
    const coords = this.view.coordsAtPos(pos) || { left: 40, bottom: 40 };
    const host = this.view.dom.getBoundingClientRect();
    menu.style.left = `${coords.left - host.left}px`;
    menu.style.top = `${coords.bottom - host.top + 2}px`;
    for (const [a, from, to] of actions) {
      const b = el("button", "", a.name);
      b.onclick = () => { menu.remove(); a.apply(this.view, from, to); this.view.focus(); };
      menu.append(b);
    }
    menu.onkeydown = (e) => { if (e.key === "Escape") { menu.remove(); this.view.focus(); } };
    this.view.dom.append(menu);
    menu.querySelector("button").focus();
    return true;
  }
}

function swatch(glyph, colour) {
  const g = el("span", "vw-glyph", glyph || " ");
  if (colour) g.style.color = colour;
  return g;
}

/** The glyph before a completion, in the colour the game draws it. */
function renderGlyph(completion) {
  if (!completion.glyph) return null;
  return swatch(completion.glyph, completion.colour);
}

function hoverCard(card) {
  const dom = el("div", "vw-hover-card");
  dom.setAttribute("data-testid", "hover-card");
  const head = el("div", "vw-hover-head");
  if (card.glyph) head.append(swatch(card.glyph, card.colour));
  head.append(el("strong", "", card.name), el("span", "vw-hover-kind", card.kind));
  dom.append(head);
  if (card.detail) dom.append(el("div", "vw-hover-detail", card.detail));
  for (const line of card.lines || []) dom.append(el("div", "vw-hover-line", line));
  return dom;
}
