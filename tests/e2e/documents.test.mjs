// The studio as a daily tool: every document it makes is kept (To Lua's
// levels through an immediate reload and a closed browser), sources come
// out (Download, Download all as a zip), the document list tells the
// truth with 100 documents, F8 follows the problems list's filters, a
// rename across documents is undone in all, search across documents,
// match counts in find and replace, and the PNG at a chosen scale.
// Screenshots of the document list, the search and the folded guidelines
// at desktop and phone sizes.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  OUT, SHARED, downloaded, launchIn, openStudio, startServer, unzipStored, waitFor, withStudio,
} from "./harness.mjs";

const MINES = path.join(SHARED, "corpus/nethack-3.6.6/des/mines.des");
const MINES_343 = path.join(SHARED, "corpus/nethack-3.4.3/des/mines.des");
const FLOAT = path.join(SHARED, "corpus/dcss/des/variable/float.des");

const shownLabel = () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent;
const text = () => document.querySelector("[data-testid=editor]").vwText();
const options = () => [...document.querySelectorAll("[data-testid=documents] option")].map((o) => o.textContent);

async function openFiles(page, files) {
  await page.setInputFiles("[data-testid=open-file]", files.map(([name, body]) => ({ name, mimeType: "text/plain", buffer: Buffer.from(body) })));
}

async function show(page, label) {
  await page.selectOption("[data-testid=documents]", { label });
  await waitFor(page, (l) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === l, label);
}

/** Every document's source, as Download all (Ctrl+Shift+D) zips it. */
async function allSources(page) {
  const zip = await downloaded(page, () => page.keyboard.press("Control+Shift+D"));
  assert.equal(zip.name, "vaultwright-documents.zip");
  return unzipStored(zip.bytes);
}

test("every document To Lua makes is kept: an immediate reload, then a closed and reopened browser", async () => {
  assert.ok(fs.existsSync(MINES), `${MINES} is missing: this test needs ../shared/corpus`);
  const server = await startServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vaultwright-e2e-"));
  let browser = await launchIn(dir);
  try {
    let { page } = browser;
    await openStudio(page, server.url);
    await page.setInputFiles("[data-testid=open-file]", MINES);
    await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "mines.des");
    const before = (await page.evaluate(options)).length;
    // To Lua (the core's worker converts), and the page reloaded in the
    // moment the documents are made: nothing is shown but the last level,
    // and no write has had time to finish.
    await page.evaluate((n) => new Promise((resolve) => {
      document.querySelector("[data-testid=to-lua]").click();
      const made = () => document.querySelectorAll("[data-testid=documents] option").length === n;
      const watch = new MutationObserver(() => {
        if (!made()) return;
        watch.disconnect();
        location.reload();
        resolve();
      });
      watch.observe(document.body, { childList: true, subtree: true });
    }), before + 11).catch((e) => {
      // The reload may end the page before the answer comes back.
      if (!/context was destroyed|navigat/i.test(String(e))) throw e;
    });
    await page.waitForSelector(".cm-content");
    await waitFor(page, (n) => document.querySelectorAll("[data-testid=documents] option").length === n, before + 11, 20000);
    const labels = await page.evaluate(options);
    const levels = labels.filter((l) => /^minetn-\d\.lua$|^minefill\.lua$|^minend-\d\.lua$/.test(l));
    assert.equal(levels.length, 11, JSON.stringify(labels));
    const kept = await allSources(page);
    const lua = [...kept.keys()].filter((k) => k.startsWith("mines.des (3.6.6)/") && k.endsWith(".lua"));
    assert.equal(lua.length, 11, JSON.stringify([...kept.keys()]));
    for (const k of lua) assert.match(kept.get(k), /des\.level_init|des\.map|des\.room/, k);

    // To Lua again makes nothing new: every kept text is the conversion.
    await show(page, "mines.des");
    await page.click("[data-testid=to-lua]");
    await waitFor(page, () => /They were all open already/.test(document.querySelector("[data-testid=message]")?.textContent ?? ""));
    assert.equal((await page.evaluate(options)).length, before + 11);

    // Every document confirmed by storage, the browser is closed and
    // opened again on the same profile.
    await waitFor(page, () => document.documentElement.dataset.unsaved === "0");
    await browser.context.close();
    browser = await launchIn(dir);
    page = browser.page;
    await openStudio(page, server.url);
    await waitFor(page, (n) => document.querySelectorAll("[data-testid=documents] option").length === n, before + 11);
    const again = await allSources(page);
    assert.deepEqual([...again.entries()].sort(), [...kept.entries()].sort());
    assert.deepEqual(browser.errors, []);
  } finally {
    await browser.context.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
});

test("To Lua says what it made, and documents of one name are told apart by where they came from", () => withStudio(async ({ page, errors, server }) => {
  assert.ok(fs.existsSync(MINES), `${MINES} is missing: this test needs ../shared/corpus`);
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.setInputFiles("[data-testid=open-file]", MINES);
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "mines.des");
  await page.click("[data-testid=to-lua]");
  await waitFor(page, () => /To Lua made 11 documents from mines\.des \(3\.6\.6\): minefill\.lua/.test(document.querySelector("[data-testid=message]")?.textContent ?? ""));
  // The 3.4.3 file of the same name: eleven more levels of the same names.
  await page.setInputFiles("[data-testid=open-file]", MINES_343);
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "mines.des · 2");
  await page.click("[data-testid=to-lua]");
  await waitFor(page, () => [...document.querySelectorAll("[data-testid=documents] option")].some((o) => o.textContent === "minetn-1.lua · from mines.des (3.4.3)"));
  const labels = await page.evaluate(options);
  assert.ok(labels.includes("minetn-1.lua · from mines.des (3.6.6)"), JSON.stringify(labels));
  assert.equal(new Set(labels).size, labels.length, "every label is distinct");
  // The zip keeps each origin as a folder.
  const files = await allSources(page);
  assert.ok(files.has("mines.des (3.6.6)/minetn-1.lua") && files.has("mines.des (3.4.3)/minetn-1.lua"), JSON.stringify([...files.keys()]));
  assert.ok(files.has("mines.des") && files.has("mines (2).des"), JSON.stringify([...files.keys()]));
  assert.deepEqual(errors, []);
}));

test("100 documents: the list and the switcher name each one as its text says", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  // Half of them share one name: they are told apart by number.
  const files = [];
  for (let i = 0; i < 100; i++) {
    const name = i % 2 ? "same.des" : `level-${i}.des`;
    files.push([name, `MAZE:"doc${i}",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n# document ${i}\n`]);
  }
  await openFiles(page, files);
  await waitFor(page, () => document.querySelectorAll("[data-testid=documents] option").length === 101, undefined, 30000);
  const labels = await page.evaluate(options);
  assert.equal(new Set(labels).size, 101, "every label is distinct");
  // Through the document list (Ctrl+P), each document opens under its
  // own label in the switcher, with its own text.
  for (const i of [0, 1, 45, 46, 47, 98, 99]) {
    await page.keyboard.press("Control+P");
    await page.waitForSelector("[data-testid=documents-panel]");
    const rows = await page.$$eval("[data-testid=doc-label]", (ls) => ls.map((l) => l.textContent));
    assert.equal(rows.length, 101);
    const expected = `# document ${i}`;
    // Rows are in the switcher's order: the first document is the example.
    await page.click(`[data-testid=doc-row]:nth-child(${i + 2})`);
    await waitFor(page, (e) => document.querySelector("[data-testid=editor]").vwText().includes(e), expected);
    await waitFor(page, (l) => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === l, rows[i + 1]);
  }
  // And through the switcher, each label shows its own text.
  for (let i = 0; i < 100; i += 7) {
    await page.selectOption("[data-testid=documents]", { index: i + 1 });
    await waitFor(page, (e) => document.querySelector("[data-testid=editor]").vwText().includes(e), `# document ${i}\n`);
  }
  await page.keyboard.press("Control+P");
  await page.fill("[data-testid=documents-filter]", "same 7");
  await page.screenshot({ path: path.join(OUT, "documents-list-desktop.png") });
  assert.deepEqual(errors, []);
}));

test("Download and Download all, from the toolbar, the keyboard and a phone's menu; a deleted document comes back", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openFiles(page, [["a.des", "MAZE:\"a\",' '\n"], ["b.lua", "des.level_init({ style = \"solidfill\" })\n"]]);
  await waitFor(page, shownLabel);
  await waitFor(page, () => document.querySelectorAll("[data-testid=documents] option").length === 3);
  await show(page, "b.lua");
  await page.click(".cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.type("-- edited\n");
  const one = await downloaded(page, () => page.click("[data-testid=download-source]"));
  assert.equal(one.name, "b.lua");
  assert.match(one.bytes.toString(), /-- edited/);
  const keyed = await downloaded(page, () => page.keyboard.press("Control+Shift+S"));
  assert.equal(keyed.name, "b.lua");
  const all = unzipStored((await downloaded(page, () => page.click("[data-testid=open-documents]").then(() => page.click("[data-testid=download-all-sources]")))).bytes);
  assert.equal(all.get("a.des"), "MAZE:\"a\",' '\n");
  assert.match(all.get("b.lua"), /-- edited/);
  assert.equal(all.size, 3);
  await page.keyboard.press("Escape");

  // Renamed from the list (the browser's prompt answers the new name).
  page.once("dialog", (d) => d.accept("c.lua"));
  await page.click("[data-testid=open-documents]");
  await page.locator("[data-testid=doc-row]", { hasText: "b.lua" }).locator("button:has-text('Rename')").click();
  await waitFor(page, () => [...document.querySelectorAll("[data-testid=doc-label]")].some((l) => l.textContent === "c.lua"));
  await waitFor(page, () => [...document.querySelectorAll("[data-testid=documents] option")].some((o) => o.textContent === "c.lua"));
  await page.keyboard.press("Escape");

  // Deleted, then brought back by the message's Undo.
  await page.click("[data-testid=open-documents]");
  await page.locator("[data-testid=doc-row]", { hasText: "a.des" }).locator("[data-testid=doc-delete]").click();
  await waitFor(page, () => !document.querySelector("[data-testid=documents]").textContent.includes("a.des"));
  await page.click("[data-testid=message] [data-testid=offer]");
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "a.des");
  await page.keyboard.press("Escape");
  await waitFor(page, () => document.querySelector("[data-testid=documents-panel]") === null);

  // On a phone the same is behind the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click("[data-testid=menu]");
  await page.screenshot({ path: path.join(OUT, "documents-menu-phone.png") });
  const phone = await downloaded(page, () => page.click("[data-testid=download-source]"));
  assert.equal(phone.name, "a.des");
  if ((await page.getAttribute("[data-testid=menu]", "aria-expanded")) !== "true") await page.click("[data-testid=menu]");
  await page.click("[data-testid=open-documents]");
  await page.waitForSelector("[data-testid=documents-panel]");
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scroll");
  await page.screenshot({ path: path.join(OUT, "documents-list-phone.png") });
  const zipped = unzipStored((await downloaded(page, () => page.click("[data-testid=download-all-sources]"))).bytes);
  assert.equal(zipped.size, 3);
  assert.deepEqual(errors, []);
}));

test("F8 follows the problems list's filters; guideline notes fold away and stay folded; the card stays in the editor", () => withStudio(async ({ page, errors, server }) => {
  assert.ok(fs.existsSync(FLOAT), `${FLOAT} is missing: this test needs ../shared/corpus`);
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.setInputFiles("[data-testid=open-file]", FLOAT);
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "float.des", undefined, 30000);
  await page.waitForSelector("[data-testid=problems] .diag.guideline", { timeout: 30000 });
  const codesBy = async (presses, key) => {
    const codes = [];
    await page.click(".cm-content");
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      codes.push(await page.evaluate(() => document.querySelector("[data-testid=editor] .cm-editor").dataset.f8Code));
    }
    return codes;
  };
  // All shown: F8 meets guideline notes.
  const before = await codesBy(40, "F8");
  assert.ok(before.some((c) => c.startsWith("DC05")), JSON.stringify(before));
  // Guidelines folded away: F8 and Shift+F8 never stop on one.
  await page.click("[data-testid=problems] .diag-filter:has-text('guidelines')");
  await waitFor(page, () => document.querySelector("[data-testid=problems] .diag.guideline") === null);
  for (const key of ["F8", "Shift+F8"]) {
    const codes = await codesBy(40, key);
    assert.ok(codes.every((c) => c && !c.startsWith("DC05")), `${key}: ${JSON.stringify(codes)}`);
  }
  // Notes hidden too: only warnings and errors.
  await page.click("[data-testid=problems] .diag-filter:has-text('note')");
  const severities = await page.evaluate(() => [...document.querySelectorAll("[data-testid=problems] .diag")].map((d) => d.classList[1]));
  assert.ok(severities.length > 0 && !severities.includes("note"), JSON.stringify(severities));
  const codes = await codesBy(25, "F8");
  const warningCodes = await page.$$eval("[data-testid=problems] .diag .diag-code", (cs) => cs.map((c) => c.textContent));
  assert.ok(codes.every((c) => warningCodes.includes(c)), JSON.stringify(codes));
  await page.screenshot({ path: path.join(OUT, "problems-guidelines-folded-desktop.png") });

  // The choice of guidelines outlives a reload.
  await page.reload();
  await page.waitForSelector("[data-testid=problems] .diag-filter");
  await waitFor(page, () => /folded away/.test(document.querySelector("[data-testid=problems]").textContent));

  // A long finding's card stays inside the editor.
  await page.click("[data-testid=problems] .diag-filter:has-text('guidelines')");
  await page.waitForSelector("[data-testid=problems] .diag.guideline");
  await page.click("[data-testid=problems] .diag.guideline");
  const at = await page.evaluate(() => {
    const ed = document.querySelector("[data-testid=editor]").vwEditor;
    const head = ed.view.state.selection.main.head;
    const c = ed.view.coordsAtPos(head);
    return { x: c.left + 2, y: (c.top + c.bottom) / 2 };
  });
  await page.mouse.move(at.x, at.y);
  await page.waitForSelector(".cm-tooltip-lint, [data-testid=hover-card]", { timeout: 5000 });
  // A card that grows after it was placed (the finding joins the hover
  // card) is placed again on the next frames: wait for that, then judge.
  const cardsOutside = (untilNone) => {
    const ed = document.querySelector("[data-testid=editor] .cm-editor").getBoundingClientRect();
    const outside = [...document.querySelectorAll(".cm-tooltip")]
      .map((t) => [t.className, t.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0 && (r.left < ed.left - 1 || r.right > ed.right + 1))
      .map(([c, r]) => `${c}: ${r.left}..${r.right} outside ${ed.left}..${ed.right}`);
    return untilNone ? outside.length === 0 : outside;
  };
  await page.waitForFunction(cardsOutside, true, { timeout: 5000 }).catch(() => {});
  assert.deepEqual(await page.evaluate(cardsOutside, false), [], "every card inside the editor");
  await page.screenshot({ path: path.join(OUT, "problems-card-desktop.png") });
  assert.deepEqual(errors, []);
}));

const CAGE = "NAME: cage\nTAGS: cage_tag transparent\nKMONS: O = orc warrior\nMAP\nxxxxx\nx.O.x\nxxxxx\nENDMAP\n";
const MAIN = "NAME: main\nTAGS: transparent\nSUBVAULT: X : cage_tag\nMAP\n.....\n.XXX.\n.....\nENDMAP\n";

test("a rename across documents says where it changed and one Ctrl+Z undoes it in all", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openFiles(page, [["cage.des", CAGE], ["main.des", MAIN]]);
  await waitFor(page, () => document.querySelectorAll("[data-testid=documents] option").length === 3);
  await show(page, "cage.des");
  await page.evaluate(() => {
    const ed = document.querySelector("[data-testid=editor]").vwEditor;
    ed.setCursor(ed.text.indexOf("cage_tag") + 1);
  });
  await page.keyboard.press("F2");
  await page.waitForSelector("[data-testid=rename] input");
  await page.fill("[data-testid=rename] input", "cell_tag");
  await page.keyboard.press("Enter");
  await waitFor(page, () => /Renamed cage_tag to cell_tag: 2 places in 2 documents/.test(document.querySelector("[data-testid=message]")?.textContent ?? ""));
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes("TAGS: cell_tag"));
  // Ctrl+Z here takes it back in main.des too.
  await page.click(".cm-content");
  await page.keyboard.press("Control+z");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes("TAGS: cage_tag"));
  await waitFor(page, () => /Undid the rename in 1 other document/.test(document.querySelector("[data-testid=message]")?.textContent ?? ""));
  await show(page, "main.des");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes("SUBVAULT: X : cage_tag"));
  // And redo in cage.des brings it back in both.
  await show(page, "cage.des");
  await page.click(".cm-content");
  await page.keyboard.press("Control+Shift+z");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes("TAGS: cell_tag"));
  await show(page, "main.des");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().includes("SUBVAULT: X : cell_tag"));
  assert.deepEqual(errors, []);
}));

test("search across documents, and match counts in find and replace", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openFiles(page, [["cage.des", CAGE], ["main.des", MAIN]]);
  await waitFor(page, () => document.querySelectorAll("[data-testid=documents] option").length === 3);
  await page.keyboard.press("Control+Shift+F");
  await page.waitForSelector("[data-testid=search-panel]");
  await page.keyboard.type("cage_tag");
  await waitFor(page, () => document.querySelector("[data-testid=search-summary]").textContent === "2 matches in 2 documents");
  await page.screenshot({ path: path.join(OUT, "search-desktop.png") });
  // The second match is main.des's: Down, Enter show it with the cursor on it.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "main.des");
  await waitFor(page, () => {
    const ed = document.querySelector("[data-testid=editor]").vwEditor;
    return ed.view.state.selection.main.head === ed.text.indexOf("cage_tag");
  });
  await page.keyboard.press("Escape");

  // Find counts its matches; Replace all says how many it replaced.
  await page.click(".cm-content");
  await page.keyboard.press("Control+h");
  await page.waitForSelector(".cm-search input[name=search]");
  // Typed, as CodeMirror takes the query on keys.
  await page.click(".cm-search input[name=search]");
  await page.keyboard.type(".");
  await waitFor(page, () => /^\d+ matches$/.test(document.querySelector("[data-testid=search-count]")?.textContent ?? ""));
  const count = Number((await page.textContent("[data-testid=search-count]")).split(" ")[0]);
  assert.equal(count, MAIN.split(".").length - 1);
  await page.click(".cm-search input[name=replace]");
  await page.keyboard.type(",");
  await page.click(".cm-search button[name=replaceAll]");
  await waitFor(page, (n) => document.querySelector("[data-testid=search-count]")?.textContent === `Replaced ${n} · no matches`, count);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+Shift+F");
  await page.waitForSelector("[data-testid=search-panel]");
  await page.fill("[data-testid=search-input]", "NAME");
  await waitFor(page, () => /^2 matches in 2 documents$/.test(document.querySelector("[data-testid=search-summary]").textContent));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scroll");
  await page.screenshot({ path: path.join(OUT, "search-phone.png") });
  assert.deepEqual(errors, []);
}));

test("the map's PNG at a chosen scale", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openFiles(page, [["png.des", "MAZE:\"png\",' '\nGEOMETRY:center,center\nMAP\n-----\n|...|\n-----\nENDMAP\n"]]);
  await page.waitForSelector("[data-testid=png-scale]");
  const width = (png) => png.readUInt32BE(16);
  const height = (png) => png.readUInt32BE(20);
  for (const f of [1, 3]) {
    await page.selectOption("[data-testid=png-scale]", String(f));
    const png = (await downloaded(page, () => page.click("[data-testid=export-png]"))).bytes;
    // The level is drawn whole, 10×16 pixels a cell at 1×.
    assert.equal(width(png) % (10 * f), 0);
    assert.equal(height(png) % (16 * f), 0);
    if (f === 3) assert.ok(width(png) >= 3 * 5 * 10, `${width(png)}`);
  }
  assert.deepEqual(errors, []);
}));

test("a theme room or a map part chosen in a Lua level's outline is the part shown", () => withStudio(async ({ page, errors, server }) => {
  const THEMES = path.join(SHARED, "corpus/nethack-3.7/dat/themerms.lua");
  const TOWN = path.join(SHARED, "corpus/nethack-3.7/dat/minetn-1.lua");
  assert.ok(fs.existsSync(THEMES), `${THEMES} is missing: this test needs ../shared/corpus`);
  await openStudio(page, server.url);
  for (const [name, w, h] of [["desktop", 1400, 900], ["phone", 390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.setInputFiles("[data-testid=open-file]", THEMES);
    await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "themerms.lua");
    if (name === "phone") await page.click("[data-testid=pane-tabs] button:has-text('View')");
    await waitFor(page, () => /defines \d+ theme rooms/.test(document.querySelector("[data-testid=outline]")?.getAttribute("title") ?? "") || /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
    await page.click("[data-testid=outline]");
    await page.fill("[data-testid=outline-filter]", "Fake Delphi");
    await page.keyboard.press("Enter");
    // The room is drawn alone on an empty level, and stays chosen.
    await waitFor(page, () => /theme room 2 alone/.test(document.querySelector(".view-notes")?.textContent ?? ""));
    if (name === "phone") await page.click("[data-testid=pane-tabs] button:has-text('View')");
    await page.waitForSelector("canvas[data-testid=tilemap]");
    // Once the app has heard the editor's cursor land in the room (the
    // problems list scopes to it), the choice still holds.
    await waitFor(page, () => /only Fake Delphi/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
    assert.match(await page.getAttribute("[data-testid=outline]", "data-current"), /Fake Delphi/);
    assert.match(await page.textContent(".view-notes"), /theme room 2 alone/);
    await page.screenshot({ path: path.join(OUT, `theme-room-${name}.png`) });
  }
  // A map part of a level: chosen, it is shown as written, not the run.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.setInputFiles("[data-testid=open-file]", TOWN);
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "minetn-1.lua");
  await page.click("[data-testid=outline]");
  await page.fill("[data-testid=outline-filter]", "map part");
  await page.keyboard.press("Enter");
  await waitFor(page, () => /only map/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
  assert.match(await page.getAttribute("[data-testid=outline]", "data-current"), /^map/);
  assert.deepEqual(errors, []);
}));
