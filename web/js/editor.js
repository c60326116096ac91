// The studio's source editor, without an editor library: a native
// <textarea> takes the input (typing, IME, touch selection, copy and paste,
// undo and redo, the browser's find), its text made transparent, and a
// layer under it draws the lines in sight with the core's highlighting,
// diagnostics, linked ranges and what a level's run did. The text is laid
// out twice in the same monospace font, line height and tab size, so the
// two agree glyph for glyph. (An editor library did this for 105 KB of
// the studio's 600 KB; the language service is the core's, in Rust.)

/** Pixels: one line, and the text's margins inside the code area. */
const LINE = 18;
const PAD_TOP = 4;
const PAD_LEFT = 6;
const TAB = 8;
/** Lines drawn above and below those in sight, so that scrolling a little
 *  does not draw again. */
const MARGIN = 40;

const TOKEN_CLASSES = ["tok-keyword", "tok-constant", "tok-string", "tok-number", "tok-char", "tok-comment", "tok-punct", "tok-map", "tok-code", "tok-invalid"];
const SEVERITY_RANK = { info: 1, warning: 2, error: 3 };

function el(tag, className) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  return e;
}

/** A position after a change of `removed` units at `from` replaced by
 *  `inserted`: a range's start moves after text inserted at it, its end
 *  stays before. */
function mapStart(p, c) {
  if (p < c.from) return p;
  if (p >= c.from + c.removed) return p + c.inserted - c.removed;
  return c.from + c.inserted;
}
function mapEnd(p, c) {
  if (p <= c.from) return p;
  if (p >= c.from + c.removed) return p + c.inserted - c.removed;
  return c.from;
}

/** The one change that turns `a` into `b` (common prefix and suffix). */
function diff(a, b) {
  const n = Math.min(a.length, b.length);
  let start = 0;
  while (start < n && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (end < n - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)) end++;
  return { from: start, removed: a.length - start - end, inserted: b.length - start - end };
}

/** The ranges of `list` ([from, to, …] arrays) that touch `from..to`. */
function touching(list, from, to) {
  return list.filter((r) => r[0] < to && r[1] > from || (r[0] === r[1] && r[0] >= from && r[0] <= to));
}

export class Editor {
  constructor(parent, text, onChange, onCursor) {
    this.onChange = onChange;
    this.onCursor = onCursor;
    this.text = "";
    this.lineStarts = [0];
    this.tokens = [];
    this.linked = [];
    this.diagnostics = [];
    this.trace = { unrun: [], hints: [], values: [] };
    this.drawn = null;
    this.activeLine = -1;
    this.lastHead = -1;
    this.charWidth = 0;
    this.tabFocusOut = false;
    this.scheduled = false;
    this.applying = false;
    this.build(parent);
    this.listen();
    this.take(text);
  }

  // ---- the DOM ----------------------------------------------------------

  build(parent) {
    this.root = el("div", "vw-editor");
    this.scroller = el("div", "vw-scroller");
    this.sizer = el("div", "vw-sizer");
    this.gutter = el("div", "vw-gutter");
    this.gutterLayer = el("div", "vw-gutter-layer");
    this.code = el("div", "vw-code");
    this.layer = el("div", "vw-layer");
    // The drawn copy of the text is for the eyes only: screen readers and
    // the browser's find read the textarea.
    this.layer.setAttribute("aria-hidden", "true");
    this.layer.inert = true;
    this.ta = el("textarea", "vw-content");
    for (const [k, v] of [["wrap", "off"], ["spellcheck", "false"], ["autocomplete", "off"], ["autocapitalize", "off"], ["autocorrect", "off"], ["aria-label", "Source"], ["data-gramm", "false"]]) {
      this.ta.setAttribute(k, v);
    }
    this.tooltip = el("div", "vw-tooltip");
    this.tooltip.hidden = true;
    this.gutter.append(this.gutterLayer);
    this.code.append(this.layer, this.ta);
    this.sizer.append(this.gutter, this.code);
    this.scroller.append(this.sizer);
    this.root.append(this.scroller, this.tooltip);
    parent.append(this.root);
  }

  listen() {
    this.ta.addEventListener("input", () => this.onInput());
    this.ta.addEventListener("keydown", (e) => this.onKey(e));
    this.ta.addEventListener("mousemove", (e) => this.hover(e.clientX, e.clientY));
    this.ta.addEventListener("mouseleave", () => { this.tooltip.hidden = true; });
    // The textarea is as large as its text and never scrolls itself; if a
    // browser scrolls it anyway, the layer would no longer match.
    this.ta.addEventListener("scroll", () => { this.ta.scrollTop = 0; this.ta.scrollLeft = 0; });
    const cursor = () => this.cursorMoved();
    for (const ev of ["select", "keyup", "mouseup", "focus", "touchend"]) this.ta.addEventListener(ev, cursor);
    document.addEventListener("selectionchange", () => { if (document.activeElement === this.ta) cursor(); });
    this.scroller.addEventListener("scroll", () => {
      this.tooltip.hidden = true;
      if (!this.covers()) this.render();
    });
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(() => { this.charWidth = 0; this.resize(); this.render(); }).observe(this.scroller);
    }
  }

  // ---- text -------------------------------------------------------------

  /** A text from outside: no change to map marks through. */
  take(text) {
    this.ta.value = text;
    this.text = this.ta.value;
    this.tokens = [];
    this.linked = [];
    this.diagnostics = [];
    this.trace = { unrun: [], hints: [], values: [] };
    this.textChanged();
  }

  onInput() {
    const next = this.ta.value;
    const change = diff(this.text, next);
    this.text = next;
    this.mapMarks(change);
    this.textChanged();
    this.onChange(next);
    this.cursorMoved();
    this.reveal(this.head());
  }

  textChanged() {
    const starts = [0];
    let longest = 0;
    for (let at = this.text.indexOf("\n"); at >= 0; at = this.text.indexOf("\n", at + 1)) {
      longest = Math.max(longest, this.columns(starts[starts.length - 1], at));
      starts.push(at + 1);
    }
    longest = Math.max(longest, this.columns(starts[starts.length - 1], this.text.length));
    this.lineStarts = starts;
    this.longest = longest;
    this.resize();
    this.schedule();
  }

  /** The width in columns of `from..to` on one line, tabs expanded. */
  columns(from, to) {
    const tab = this.text.indexOf("\t", from);
    if (tab < 0 || tab >= to) return to - from;
    let col = 0;
    for (let i = from; i < to; i++) col = this.text.charCodeAt(i) === 9 ? col + TAB - (col % TAB) : col + 1;
    return col;
  }

  /** Marks follow the text until the core sends new ones. */
  mapMarks(c) {
    if (c.removed === 0 && c.inserted === 0) return;
    const ranges = (list) => list
      .map((r) => { const m = r.slice(); m[0] = mapStart(r[0], c); m[1] = Math.max(m[0], mapEnd(r[1], c)); return m; });
    const flat = [];
    for (let i = 0; i + 2 < this.tokens.length; i += 3) {
      const from = mapStart(this.tokens[i], c), to = mapEnd(this.tokens[i + 1], c);
      if (to > from) flat.push(from, to, this.tokens[i + 2]);
    }
    this.tokens = flat;
    this.linked = ranges(this.linked);
    this.diagnostics = ranges(this.diagnostics);
    this.trace = {
      unrun: ranges(this.trace.unrun),
      hints: this.trace.hints.map(([at, t]) => [mapStart(at, c), t]),
      values: ranges(this.trace.values),
    };
  }

  lineOf(pos) {
    let lo = 0, hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= pos) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  lineEnd(line) {
    return line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] - 1 : this.text.length;
  }

  head() {
    return this.ta.selectionDirection === "backward" ? this.ta.selectionStart : this.ta.selectionEnd;
  }

  // ---- geometry -----------------------------------------------------------

  measureChar() {
    if (this.charWidth > 0) return this.charWidth;
    const probe = el("span");
    probe.textContent = "0".repeat(64);
    this.layer.append(probe);
    const w = probe.getBoundingClientRect().width / 64;
    probe.remove();
    if (w > 0) this.charWidth = w;
    return w || 8;
  }

  resize() {
    const lines = this.lineStarts.length;
    const height = PAD_TOP + lines * LINE + Math.max(LINE * 2, (this.scroller.clientHeight || 0) - LINE * 2);
    const digits = String(lines).length;
    this.gutter.style.width = `${Math.max(3, digits) + 2.5}ch`;
    this.sizer.style.height = `${height}px`;
    // A few columns of slack: the caret after the longest line, and glyphs
    // wider than the font's columns.
    this.code.style.width = `${PAD_LEFT * 2 + (this.longest + 4) * this.measureChar()}px`;
  }

  /** Whether the lines in sight are all drawn. */
  covers() {
    if (!this.drawn) return false;
    const [first, last] = this.inSight();
    return first >= this.drawn[0] && last <= this.drawn[1];
  }

  inSight() {
    const top = Math.max(0, this.scroller.scrollTop - PAD_TOP);
    const height = this.scroller.clientHeight || 800;
    const first = Math.floor(top / LINE);
    return [first, Math.min(this.lineStarts.length - 1, Math.ceil((top + height) / LINE))];
  }

  /** The text offset under a client point. */
  posAt(x, y) {
    const box = this.ta.getBoundingClientRect();
    const line = Math.min(this.lineStarts.length - 1, Math.max(0, Math.floor((y - box.top - PAD_TOP) / LINE)));
    const want = (x - box.left - PAD_LEFT) / this.measureChar();
    const from = this.lineStarts[line], to = this.lineEnd(line);
    let col = 0;
    for (let i = from; i < to; i++) {
      const next = this.text.charCodeAt(i) === 9 ? col + TAB - (col % TAB) : col + 1;
      if (want < next) return i;
      col = next;
    }
    return to;
  }

  /** Scrolls so that `pos` is in sight. */
  reveal(pos) {
    const line = this.lineOf(pos);
    const top = PAD_TOP + line * LINE;
    const s = this.scroller;
    if (top < s.scrollTop) s.scrollTop = top - LINE;
    else if (top + LINE > s.scrollTop + s.clientHeight) s.scrollTop = top + 2 * LINE - s.clientHeight;
    const x = PAD_LEFT + this.columns(this.lineStarts[line], pos) * this.measureChar() + this.gutter.offsetWidth;
    const visible = s.clientWidth - this.gutter.offsetWidth;
    if (x < s.scrollLeft + this.gutter.offsetWidth) s.scrollLeft = Math.max(0, x - this.gutter.offsetWidth - visible / 3);
    else if (x > s.scrollLeft + s.clientWidth - 8) s.scrollLeft = x - s.clientWidth + visible / 3;
  }

  // ---- drawing ------------------------------------------------------------

  /** Draws once after the changes of this task (text, tokens, marks). */
  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => { this.scheduled = false; this.render(); });
  }

  render() {
    const [seenFirst, seenLast] = this.inSight();
    const first = Math.max(0, seenFirst - MARGIN);
    const last = Math.min(this.lineStarts.length - 1, seenLast + MARGIN);
    this.drawn = [first, last];
    const from = this.lineStarts[first], to = this.lineEnd(last);
    const outer = [
      ...touching(this.linked, from, to).map((r) => [r[0], r[1], "vw-linked"]),
      ...touching(this.trace.unrun, from, to).map((r) => [r[0], r[1], "vw-unrun"]),
      ...touching(this.diagnostics, from, to).map((d) => [d[0], d[0] === d[1] ? d[0] + 1 : d[1], `vw-diag vw-diag-${d[2]}`, d]),
    ];
    const hints = this.trace.hints.filter(([at]) => at >= from && at <= to);
    const lines = document.createDocumentFragment();
    const numbers = document.createDocumentFragment();
    let token = this.firstToken(from);
    for (let line = first; line <= last; line++) {
      const s = this.lineStarts[line], e = this.lineEnd(line);
      const div = el("div", line === this.activeLine ? "vw-line vw-activeLine" : "vw-line");
      token = this.drawLine(div, s, e, outer.filter((r) => r[0] <= e && r[1] > s), token);
      for (const [at, text] of hints) {
        if (at >= s && at <= e) {
          const hint = el("span", "vw-run-hint");
          hint.textContent = text;
          hint.title = "in the seed the map shows";
          div.append(hint);
        }
      }
      lines.append(div);
      numbers.append(this.gutterLine(line, s, e, outer));
    }
    const top = `${PAD_TOP + first * LINE}px`;
    this.layer.style.top = top;
    this.gutterLayer.style.top = top;
    this.layer.replaceChildren(lines);
    this.gutterLayer.replaceChildren(numbers);
  }

  /** Index (into the flat tokens) of the first token ending after `pos`. */
  firstToken(pos) {
    let lo = 0, hi = Math.floor(this.tokens.length / 3);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.tokens[mid * 3 + 1] <= pos) lo = mid + 1; else hi = mid;
    }
    return lo * 3;
  }

  /** One line: spans of the outer marks (linked, unrun, diagnostics), and
   *  in them the tokens' colours. Returns the next token to look at. */
  drawLine(div, s, e, marks, token) {
    const cuts = new Set([s, e]);
    for (const [a, b] of marks) {
      if (a > s && a < e) cuts.add(a);
      if (b > s && b < e) cuts.add(b);
    }
    const points = [...cuts].sort((a, b) => a - b);
    let t = token;
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i], b = points[i + 1];
      const covering = marks.filter((m) => m[0] <= a && m[1] >= b);
      let host = div;
      if (covering.length) {
        host = el("span", [...new Set(covering.map((m) => m[2]))].join(" "));
        if (covering.some((m) => m[2] === "vw-unrun")) host.title = "not run in this seed";
        div.append(host);
      }
      t = this.drawTokens(host, a, b, t);
    }
    // A diagnostic at the end of a line (a missing token): a mark there.
    for (const m of marks) {
      if (m[3] && m[0] >= e) {
        const point = el("span", `vw-diag-point vw-diag-${m[3][2]}`);
        point.textContent = " ";
        div.append(point);
      }
    }
    return t;
  }

  drawTokens(host, a, b, t) {
    const tokens = this.tokens;
    let at = a;
    while (t < tokens.length && tokens[t] < b) {
      const from = Math.max(tokens[t], a), to = Math.min(tokens[t + 1], b);
      if (from > at) host.append(this.text.slice(at, from));
      if (to > from) {
        const span = el("span", TOKEN_CLASSES[tokens[t + 2]] || TOKEN_CLASSES[0]);
        span.textContent = this.text.slice(from, to);
        host.append(span);
        at = to;
      }
      if (tokens[t + 1] > b) break;
      t += 3;
    }
    if (at < b) host.append(this.text.slice(at, b));
    return t;
  }

  gutterLine(line, s, e, outer) {
    const div = el("div", line === this.activeLine ? "vw-gutter-line vw-activeLineGutter" : "vw-gutter-line");
    div.textContent = String(line + 1);
    const here = outer.filter((r) => r[3] && r[0] <= e && r[1] > s || r[3] && r[0] === s);
    if (here.length) {
      const worst = here.reduce((w, r) => (SEVERITY_RANK[r[3][2]] > SEVERITY_RANK[w] ? r[3][2] : w), "info");
      const dot = el("span", `vw-gutter-mark vw-diag-${worst}`);
      dot.title = here.map((r) => r[3][3]).join("\n");
      div.prepend(dot);
    }
    return div;
  }

  // ---- the cursor, keys and hovering ----------------------------------------

  cursorMoved() {
    // An edit made for the user moves the selection and puts it back:
    // one report afterwards, not one per step.
    if (this.applying) return;
    const head = this.head();
    const line = this.lineOf(head);
    if (line !== this.activeLine) {
      const was = this.activeLine;
      this.activeLine = line;
      this.markActive(was, false);
      this.markActive(line, true);
    }
    if (head !== this.lastHead) {
      this.lastHead = head;
      this.onCursor(head);
    }
  }

  markActive(line, on) {
    if (!this.drawn || line < this.drawn[0] || line > this.drawn[1]) return;
    const i = line - this.drawn[0];
    this.layer.children[i]?.classList.toggle("vw-activeLine", on);
    this.gutterLayer.children[i]?.classList.toggle("vw-activeLineGutter", on);
  }

  onKey(e) {
    // Tab indents; Escape first lets the next Tab leave the editor.
    if (e.key === "Escape") { this.tabFocusOut = true; return; }
    // Read-only (the reviewer's view), Tab is the page's: no indent to make.
    if (e.key === "Tab" && !this.ta.readOnly && !e.ctrlKey && !e.altKey && !e.metaKey && !this.tabFocusOut && !e.shiftKey) {
      e.preventDefault();
      document.execCommand("insertText", false, "  ");
    }
    if ((e.key === "PageDown" || e.key === "PageUp") && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      this.page(e.key === "PageDown" ? 1 : -1, e.shiftKey);
    }
    this.tabFocusOut = false;
    // A key that moved the caret brings it into sight (not Ctrl alone, nor
    // a shortcut, after the user scrolled elsewhere).
    const before = this.head();
    requestAnimationFrame(() => {
      const head = this.head();
      if (head !== before) this.reveal(head);
    });
  }

  /** A page up or down: the textarea is as tall as its text, so the
   *  browser's own page would be the whole text. */
  page(direction, extend) {
    const lines = Math.max(1, Math.floor(this.scroller.clientHeight / LINE) - 1);
    const head = this.head();
    const line = this.lineOf(head);
    const target = Math.min(this.lineStarts.length - 1, Math.max(0, line + direction * lines));
    const pos = Math.min(this.lineStarts[target] + (head - this.lineStarts[line]), this.lineEnd(target));
    if (extend) {
      const anchor = this.ta.selectionDirection === "backward" ? this.ta.selectionEnd : this.ta.selectionStart;
      if (pos < anchor) this.ta.setSelectionRange(pos, anchor, "backward");
      else this.ta.setSelectionRange(anchor, pos, "forward");
    } else {
      this.ta.setSelectionRange(pos, pos);
    }
    this.scroller.scrollTop += direction * lines * LINE;
    this.cursorMoved();
  }

  hover(x, y) {
    const pos = this.posAt(x, y);
    const value = this.trace.values.find(([f, t]) => f <= pos && pos <= t);
    const diags = value ? [] : this.diagnostics.filter(([f, t]) => (f <= pos && pos < t) || (f === t && f === pos));
    if (!value && !diags.length) { this.tooltip.hidden = true; return; }
    this.tooltip.replaceChildren();
    if (value) {
      const v = el("div", "vw-run-value");
      v.textContent = value[2];
      this.tooltip.append(v);
    }
    for (const d of diags) {
      const row = el("div", `vw-tooltip-diag vw-diag-${d[2]}`);
      row.textContent = d[4] ? `${d[3]} [${d[4]}]` : d[3];
      this.tooltip.append(row);
    }
    const root = this.root.getBoundingClientRect();
    const line = this.lineOf(pos);
    const lineTop = this.ta.getBoundingClientRect().top + PAD_TOP + line * LINE;
    this.tooltip.hidden = false;
    this.tooltip.style.left = `${Math.max(0, Math.min(x - root.left, root.width - this.tooltip.offsetWidth - 4))}px`;
    const above = lineTop - root.top - this.tooltip.offsetHeight - 2;
    this.tooltip.style.top = `${above >= 0 ? above : lineTop - root.top + LINE + 2}px`;
  }

  // ---- the bridge's calls ---------------------------------------------------

  setTokens(flat) { this.tokens = Array.from(flat); this.schedule(); }

  setLinked(flat) {
    this.linked = [];
    for (let i = 0; i + 2 < flat.length; i += 3) if (flat[i + 1] > flat[i]) this.linked.push([flat[i], flat[i + 1]]);
    this.schedule();
  }

  /** `list`: [{from, to, severity, message, code}]. */
  setDiagnostics(list) {
    const len = this.text.length;
    this.diagnostics = list.map((d) => {
      const from = Math.min(d.from, len);
      const severity = d.severity === "note" ? "info" : d.severity;
      return [from, Math.min(Math.max(d.to, from), len), SEVERITY_RANK[severity] ? severity : "info", d.message, d.code];
    });
    this.schedule();
  }

  setTrace(trace) {
    this.trace = { unrun: trace.unrun || [], hints: trace.hints || [], values: trace.values || [] };
    this.schedule();
  }

  /** One edit made for the user (a paint stroke): the browser's own edit
   *  command, so that it is one step of the textarea's undo. */
  applyEdit(from, to, insert) {
    const len = this.text.length;
    from = Math.min(from, len);
    to = Math.min(Math.max(to, from), len);
    const before = document.activeElement;
    const [start, end] = [this.ta.selectionStart, this.ta.selectionEnd];
    this.applying = true;
    try {
      this.insert(from, to, insert);
      const c = { from, removed: to - from, inserted: insert.length };
      this.ta.setSelectionRange(mapEnd(start, c), mapEnd(end, c));
      if (before && before !== this.ta && before instanceof HTMLElement) before.focus({ preventScroll: true });
    } finally {
      this.applying = false;
    }
    this.cursorMoved();
  }

  /** Replaces `from..to` by the browser's edit command (one undo step). */
  insert(from, to, insert) {
    this.ta.focus({ preventScroll: true });
    this.ta.setSelectionRange(from, to);
    const was = this.ta.value;
    const done = insert ? document.execCommand("insertText", false, insert) : document.execCommand("delete");
    if (!done && this.ta.value === was) {
      // A browser without the command: the edit still happens, outside undo.
      this.ta.setRangeText(insert, from, to, "end");
      this.onInput();
    }
  }

  setCursor(offset) {
    const pos = Math.min(offset, this.text.length);
    this.ta.focus({ preventScroll: true });
    this.ta.setSelectionRange(pos, pos);
    this.reveal(pos);
    this.cursorMoved();
  }

  focus() { this.ta.focus({ preventScroll: true }); }

  /** Read-only: the text is shown, selectable and copyable, not edited. */
  setReadOnly(on) {
    this.ta.readOnly = on;
    this.root.classList.toggle("vw-readonly", on);
  }
}
