// The studio's editor as a code editor, with the core's language service:
// completion with the games' glyphs, hover cards, quick fixes (Ctrl+.),
// F8 to the next problem, go to definition across the open documents,
// rename across a set of DCSS files, the references list, a rectangular
// edit of a MAP block, find and replace with a regex, folding, undo kept
// per document across switches, and jumps that land in the top third.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { withStudio, openStudio, replaceText, waitFor, wholeText, OUT } from "./harness.mjs";

const LEVEL = `MAZE:"svc",' '
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
TRAP:"arrow",(1,1)
MONSTER:'d',"jackle",(2,1)
`;

/** The cursor at the first `text` of the document, `shift` characters on. */
async function cursorAt(page, text, shift = 0) {
  await page.evaluate(([t, k]) => {
    const ed = document.querySelector("[data-testid=editor]").vwEditor;
    const at = ed.text.indexOf(t);
    if (at < 0) throw new Error(`not in the text: ${t}`);
    ed.setCursor(at + k);
  }, [text, shift]);
}

async function activeLine(page) {
  return page.evaluate(() => document.querySelector(".cm-activeLine")?.textContent ?? null);
}

async function shownDocument(page) {
  return page.evaluate(() => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent);
}

async function openFiles(page, files) {
  for (const [name, text] of files) {
    await page.setInputFiles("[data-testid=open-file]", { name, mimeType: "text/plain", buffer: Buffer.from(text) });
    await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, name);
  }
}

async function showDocument(page, name) {
  await page.selectOption("[data-testid=documents]", { label: name });
  await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, name);
}

test("completion with glyphs, a hover card, a quick fix and F8 in a NetHack level", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await replaceText(page, LEVEL.replace('"jackle",(2,1)\n', '"ja'));
  await waitFor(page, () => document.querySelector(".cm-tooltip-autocomplete") !== null);
  const options = await page.evaluate(() => [...document.querySelectorAll(".cm-tooltip-autocomplete li")].slice(0, 3).map((li) => ({
    text: li.querySelector(".cm-completionLabel")?.textContent,
    glyph: li.querySelector(".vw-glyph")?.textContent,
    colour: li.querySelector(".vw-glyph")?.style.color,
    detail: li.querySelector(".cm-completionDetail")?.textContent,
  })));
  assert.equal(options[0].text, "jackal", JSON.stringify(options));
  assert.equal(options[0].glyph, "d");
  assert.ok(options[0].colour, "the glyph has the game's colour");
  assert.equal(options.every((o) => o.glyph === "d"), true, "only the class asked for");
  await page.screenshot({ path: path.join(OUT, "service-completion-desktop.png") });
  // CodeMirror passes Enter through as a newline when the list (re)opened
  // less than its interactionDelay (75 ms) ago, which a list refreshed by
  // the analysis can be: Enter is pressed once the list has stood still.
  await page.waitForTimeout(150);
  await page.keyboard.press("Enter");
  await waitFor(page, () => /MONSTER:'d',"jackal$/.test(document.querySelector("[data-testid=editor]").vwText()));
  assert.match(await wholeText(page), /MONSTER:'d',"jackal$/);

  // A hover card: what the name is, drawn as the game draws it.
  await replaceText(page, LEVEL);
  await waitFor(page, () => document.querySelector(".cm-lintRange-warning, .cm-lintRange-error") !== null);
  const word = await page.evaluate(() => {
    const span = [...document.querySelectorAll(".cm-line .tok-string")].find((s) => s.textContent === '"arrow"');
    const r = span.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  await page.mouse.move(word.x, word.y);
  await waitFor(page, () => document.querySelector("[data-testid=hover-card]") !== null);
  const card = await page.textContent("[data-testid=hover-card]");
  assert.match(card, /arrow/);
  assert.match(card, /trap/);
  await page.screenshot({ path: path.join(OUT, "service-hover-desktop.png") });
  await page.mouse.move(5, 5);

  // Ctrl+. on the misspelt monster: the nearest name.
  await cursorAt(page, "jackle", 2);
  await page.keyboard.press("Control+.");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes('"jackal"'));

  // F8 goes to the next problem.
  await replaceText(page, LEVEL.replace('"arrow"', '"nonsense"').replace('"jackle"', '"jackal"'));
  await waitFor(page, () => document.querySelector(".cm-lintRange-error") !== null);
  await cursorAt(page, "GEOMETRY");
  await page.keyboard.press("F8");
  await waitFor(page, () => document.querySelector(".cm-activeLine")?.textContent.startsWith("TRAP:"));
  assert.deepEqual(errors, []);
}));

const CAGE = "NAME: cage\nTAGS: cage_tag transparent\nKMONS: O = orc warrior\nMAP\nxxxxx\nx.O.x\nxxxxx\nENDMAP\n";
const MAIN = "NAME: main\nTAGS: transparent\nSUBVAULT: X : cage_tag\nMAP\n.....\n.XXX.\n.....\nENDMAP\n";

test("a DCSS set: definition in another document, the references, a rename across both", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openFiles(page, [["cage.des", CAGE], ["main.des", MAIN]]);

  await cursorAt(page, "cage_tag", 2);
  await page.keyboard.press("F12");
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "cage.des");
  await waitFor(page, () => document.querySelector(".cm-activeLine")?.textContent.startsWith("TAGS: cage_tag"));

  // Shift+F12 lists where the tag is carried and asked for.
  await cursorAt(page, "cage_tag", 1);
  await page.keyboard.press("Shift+F12");
  await waitFor(page, () => document.querySelector("[data-testid=references]") !== null);
  const places = await page.evaluate(() => [...document.querySelectorAll("[data-testid=references] .vw-ref")].map((r) => r.textContent));
  assert.equal(places.length, 2, JSON.stringify(places));
  assert.ok(places.some((p) => p.startsWith("main.des:3")), JSON.stringify(places));
  await page.screenshot({ path: path.join(OUT, "service-references-desktop.png") });
  await page.keyboard.press("Escape");

  // F2 renames it in both documents.
  await cursorAt(page, "cage_tag", 1);
  await page.keyboard.press("F2");
  await waitFor(page, () => document.querySelector("[data-testid=rename] input") !== null);
  await page.fill("[data-testid=rename] input", "cell_tag");
  await page.keyboard.press("Enter");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes("TAGS: cell_tag transparent"));
  await showDocument(page, "main.des");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes("SUBVAULT: X : cell_tag"));
  // The rename reached main.des as one more step of its own history.
  await page.click(".cm-content");
  await page.keyboard.press("Control+z");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes("SUBVAULT: X : cage_tag"));
  assert.deepEqual(errors, []);
}));

test("a rectangular edit of a map, replace with a regex, folding and undo kept per document", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openFiles(page, [["cage.des", CAGE], ["main.des", MAIN]]);

  // Three cursors down the map's second column (Alt+Shift+Down), one
  // character typed: the column changes on every row.
  await cursorAt(page, ".....\n.XXX.", 1);
  await page.keyboard.press("Alt+Shift+ArrowDown");
  await page.keyboard.press("Alt+Shift+ArrowDown");
  await page.keyboard.press("Delete");
  await page.keyboard.type("+");
  assert.match(await wholeText(page), /MAP\n\.\+\.\.\.\n\.\+XX\.\n\.\+\.\.\.\nENDMAP/);
  await page.keyboard.press("Escape");

  // Alt+drag selects a rectangle.
  const corners = await page.evaluate(() => {
    const lines = [...document.querySelectorAll(".cm-line")];
    const rowOf = (t) => lines.find((l) => l.textContent === t).getBoundingClientRect();
    const a = rowOf(".+..."), c = rowOf(".+...");
    const w = a.width / 5;
    return { x1: a.left + w * 2.2, y1: a.top + a.height / 2, x2: a.left + w * 3.8, y2: c.top + a.height * 2.5 };
  });
  await page.keyboard.down("Alt");
  await page.mouse.move(corners.x1, corners.y1);
  await page.mouse.down();
  await page.mouse.move(corners.x2, corners.y2, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up("Alt");
  const ranges = await page.evaluate(() => document.querySelector("[data-testid=editor]").vwEditor.view.state.selection.ranges.length);
  assert.equal(ranges, 3, "a rectangle over three rows");

  // Ctrl+H: replace with a regex.
  await page.keyboard.press("Control+h");
  await page.waitForSelector(".cm-search");
  await page.fill(".cm-search input[name=search]", "X+");
  await page.check(".cm-search input[name=re]");
  await page.fill(".cm-search input[name=replace]", "Y");
  await page.click(".cm-search button[name=replaceAll]");
  assert.match(await wholeText(page), /\.\+Y\./);
  await page.screenshot({ path: path.join(OUT, "service-replace-desktop.png") });
  await page.keyboard.press("Escape");

  // The MAP block folds.
  await waitFor(page, () => document.querySelector(".cm-foldGutter [title='Fold line']") !== null);
  const markers = await page.locator(".cm-foldGutter [title='Fold line']").count();
  assert.equal(markers, 2, "the vault and its map fold");
  await page.locator(".cm-foldGutter [title='Fold line']").nth(1).click();
  await waitFor(page, () => document.querySelector(".cm-foldPlaceholder") !== null);
  await page.click(".cm-foldPlaceholder");

  // Undo survives a switch to another document and back.
  const edited = await wholeText(page);
  await showDocument(page, "cage.des");
  await showDocument(page, "main.des");
  assert.equal(await wholeText(page), edited);
  await page.click(".cm-content");
  await page.keyboard.press("Control+z");
  await waitFor(page, () => !document.querySelector("[data-testid=editor]").vwText().includes(".+Y."));
  assert.deepEqual(errors, []);
}));

test("a jump lands in the top third of the editor", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  const vaults = Array.from({ length: 30 }, (_, i) => `NAME: vault_${i}\nTAGS: transparent\nMAP\n.....\n..x..\n.....\nENDMAP\n`).join("\n");
  await openFiles(page, [["many.des", vaults]]);
  await page.evaluate(() => {
    const ed = document.querySelector("[data-testid=editor]").vwEditor;
    ed.setCursor(ed.text.indexOf("NAME: vault_25"));
  });
  await waitFor(page, () => document.querySelector(".cm-activeLine")?.textContent === "NAME: vault_25");
  const where = await page.evaluate(() => {
    const s = document.querySelector(".cm-scroller").getBoundingClientRect();
    const a = document.querySelector(".cm-activeLine").getBoundingClientRect();
    return (a.top - s.top) / s.height;
  });
  assert.ok(where >= 0 && where < 1 / 3, `the line is at ${Math.round(where * 100)}% of the editor's height`);
  assert.deepEqual(errors, []);
}));

test("on a phone: completion, a hover card and the problems list fit the screen", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click("[data-testid=pane-tabs] button:has-text('Source')");
  await replaceText(page, LEVEL.replace('"jackle",(2,1)\n', '"ja'));
  await waitFor(page, () => document.querySelector(".cm-tooltip-autocomplete") !== null);
  const fits = await page.evaluate(() => {
    const r = document.querySelector(".cm-tooltip-autocomplete").getBoundingClientRect();
    return r.left >= 0 && r.right <= 390 && document.documentElement.scrollWidth <= 390;
  });
  assert.ok(fits, "the completion list stays on the screen");
  await page.screenshot({ path: path.join(OUT, "service-completion-phone.png") });
  await page.keyboard.press("Escape");

  await replaceText(page, LEVEL.replace('"arrow"', '"nonsense"'));
  await waitFor(page, () => document.querySelector("[data-testid=problems] .diag.error") !== null);
  // The highlighter colours the new text in a later frame: wait for the word,
  // and bring it into the phone's short editor before pointing at it.
  await waitFor(page, () => [...document.querySelectorAll(".cm-line .tok-string")].some((s) => s.textContent === '"jackle"'));
  const word = await page.evaluate(() => {
    const span = [...document.querySelectorAll(".cm-line .tok-string")].find((s) => s.textContent === '"jackle"');
    span.scrollIntoView({ block: "center" });
    const r = span.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  await page.mouse.move(word.x, word.y);
  await waitFor(page, () => document.querySelector(".cm-tooltip-lint, [data-testid=hover-card]") !== null);
  await page.screenshot({ path: path.join(OUT, "service-hover-phone.png") });

  // The problems list: hide the notes, then fix the misspelt name in one click.
  const before = await page.locator("[data-testid=problems] .diag").count();
  await page.click("[data-testid=problems] .diag-filter:has-text('note')");
  await waitFor(page, (n) => document.querySelectorAll("[data-testid=problems] .diag").length < n, before);
  await page.screenshot({ path: path.join(OUT, "service-problems-phone.png") });
  await page.click("[data-testid=problems] [data-testid=fix]");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes('"jackal"'));
  assert.deepEqual(errors, []);
}));

test("the problems list of a large vault file: filters, scope and order from the cursor", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  const vaults = Array.from({ length: 40 }, (_, i) => `NAME: vault_${i}\nTAGS: transparent\nKMONS: O = orc warior\nMAP\n.....\n..O..\n.....\nENDMAP\n`).join("\n");
  await openFiles(page, [["many.des", vaults]]);
  await waitFor(page, () => document.querySelectorAll("[data-testid=problems] .diag.error").length >= 40);
  await page.evaluate(() => {
    const ed = document.querySelector("[data-testid=editor]").vwEditor;
    ed.setCursor(ed.text.indexOf("NAME: vault_30"));
  });
  // From the cursor on: the first listed is vault_30's (once the list has
  // caught up with the cursor, after the frame that moved it).
  const line = 30 * 9 + 3;
  await waitFor(page, (l) => document.querySelector("[data-testid=problems] .diag .diag-pos")?.textContent.startsWith(`${l}:`), line);
  // Only the vault at the cursor.
  await page.click("[data-testid=problems] .diag-filter:has-text('only')");
  await waitFor(page, () => document.querySelectorAll("[data-testid=problems] .diag.error").length === 1);
  // Every "did you mean" is a fix button.
  assert.equal(await page.locator("[data-testid=problems] [data-testid=fix]").count(), 1);
  assert.match(await page.textContent("[data-testid=problems] [data-testid=fix]"), /orc warrior/);
  await page.screenshot({ path: path.join(OUT, "service-problems-desktop.png") });
  assert.deepEqual(errors, []);
}));
