// NetHack 5.0 Lua level scripts in the studio: detected, outlined, each
// map part previewed, dungeon.lua's branch graph, findings with one-click
// fixes, completion with the game's glyphs, painting; screenshots of
// castle.lua, minetn-1.lua, a filler level and dungeon.lua at desktop and
// phone sizes.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { SHARED, OUT, cellPoint, openStudio, replaceText, waitFor, withStudio } from "./harness.mjs";

const DAT = path.join(SHARED, "corpus/nethack-3.7/dat");
const SIZES = [["desktop", 1400, 900], ["phone", 390, 844]];

async function open(page, file, text) {
  const name = path.basename(file);
  const payload = text === undefined ? file : { name, mimeType: "text/plain", buffer: Buffer.from(text) };
  await page.setInputFiles("[data-testid=open-file]", payload);
  await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, name);
}

test("Lua levels open as NetHack 5.0 scripts: outline, map preview, dungeon.lua's graph, screenshots", () => withStudio(async ({ page, errors, server }) => {
  assert.ok(fs.existsSync(path.join(DAT, "castle.lua")), `${DAT} is missing: this test needs ../shared/corpus`);
  await openStudio(page, server.url);
  const cases = [["castle", "castle.lua", "canvas[data-testid=tilemap]"], ["minetn-1", "minetn-1.lua", "canvas[data-testid=tilemap]"],
    ["filler", "Arc-fila.lua", null], ["dungeon", "dungeon.lua", "svg[data-testid=graph]"]];
  for (const [name, file, drawing] of cases) {
    await page.setViewportSize({ width: 1400, height: 900 });
    await open(page, path.join(DAT, file));
    assert.equal(await page.inputValue("[data-testid=language]"), "nethack-lua");
    // The outline lists its map parts, rooms and regions; a file with a
    // map part opens on its drawing.
    await waitFor(page, () => /\d+ of \d+/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
    if (drawing) await page.waitForSelector(drawing);
    for (const [size, w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      if (size === "phone") await page.click("[data-testid=pane-tabs] button:has-text('View')");
      await page.waitForTimeout(250);
      await page.screenshot({ path: path.join(OUT, `lua-${name}-${size}.png`) });
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.equal(sideways, 0, `${name} at ${size} scrolls sideways`);
      if (size === "phone") await page.click("[data-testid=pane-tabs] button:has-text('Source')");
    }
  }
  assert.deepEqual(errors, []);
}));

test("a Lua level's unknown names are findings with one-click fixes, and names complete with their glyphs", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  const town = 'des.level_init({ style = "solidfill", fg = " " })\n' +
    'des.map([[\n-----\n|...|\n-----]])\n' +
    'des.monster({ id = "watch captian", x = 2, y = 1 })\n';
  await open(page, "town.lua", town);
  await waitFor(page, () => document.querySelector("[data-testid=problems] .diag.error") !== null);
  const message = await page.locator("[data-testid=problems] .diag.error").first().textContent();
  assert.match(message, /watch captian/);
  await page.screenshot({ path: path.join(OUT, "lua-finding-desktop.png") });
  await page.click("[data-testid=problems] [data-testid=fix]");
  await waitFor(page, () => document.querySelector(".cm-editor").parentElement.vwText().includes('"watch captain"'));
  await waitFor(page, () => document.querySelector("[data-testid=problems] .diag.error") === null);

  // Completion inside a monster's name: the game's glyphs.
  await page.click(".cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText('des.monster("ja');
  await page.keyboard.press("Control+Space");
  await waitFor(page, () => document.querySelector(".cm-tooltip-autocomplete") !== null);
  const first = await page.evaluate(() => {
    const li = document.querySelector(".cm-tooltip-autocomplete li");
    return { text: li.querySelector(".cm-completionLabel")?.textContent, glyph: li.querySelector(".vw-glyph")?.textContent };
  });
  assert.deepEqual(first, { text: "jackal", glyph: "d" });
  await page.screenshot({ path: path.join(OUT, "lua-completion-desktop.png") });
  assert.deepEqual(errors, []);
}));

test("New offers a Lua level; painting its map is one edit of the drawing, undone in one step", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  const index = await page.$$eval("[data-testid=new] option", (os) => os.findIndex((o) => /Lua level/.test(o.textContent)));
  assert.ok(index > 0, "New offers a Lua level");
  await page.selectOption("[data-testid=new]", String(index - 1));
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent.endsWith(".lua"));
  await page.waitForSelector("canvas[data-testid=tilemap]");
  const text = () => page.evaluate(() => document.querySelector(".cm-editor").parentElement.vwText());
  const original = await text();
  assert.match(original, /des\.map\(/);
  await page.click("[data-testid=paint]");
  await page.waitForSelector("[data-testid=paint-bar]");
  await page.click("[data-testid=palette] .swatch[data-key='{']");
  // The studio opens on the level as run: the 20×10 drawing centred as
  // the game centres it (x 2 + (78-2-20)/2 = 30, y 2 + (20-2-10)/2 = 6,
  // each made odd), so its cell (3, 3) is the level's (34, 10).
  const p = await cellPoint(page, 34, 10);
  await page.mouse.click(p.x, p.y);
  await waitFor(page, (o) => document.querySelector(".cm-editor").parentElement.vwText() !== o, original);
  const painted = await text();
  // One character of the drawing changed, nothing else.
  const diff = [...painted].map((c, i) => [c, original[i], i]).filter(([a, b]) => a !== b);
  assert.equal(painted.length, original.length);
  assert.deepEqual(diff.map(([a]) => a), ["{"]);
  await page.screenshot({ path: path.join(OUT, "lua-paint-desktop.png") });
  assert.equal(painted.split("\n")[7], original.split("\n")[7].slice(0, 3) + "{" + original.split("\n")[7].slice(4));
  await page.click(".cm-content");
  await page.keyboard.press("Control+z");
  await waitFor(page, (o) => document.querySelector(".cm-editor").parentElement.vwText() === o, original);
  assert.deepEqual(errors, []);
}));

test("a 3.4.3 level opens as NetHack 5.0's Lua with To Lua, and is run", () => withStudio(async ({ page, errors, server }) => {
  const castle = path.join(SHARED, "corpus/nethack-3.4.3/des/castle.des");
  assert.ok(fs.existsSync(castle), `${castle} is missing: this test needs ../shared/corpus`);
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page, castle);
  await page.click("[data-testid=to-lua]");
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "castle.lua");
  assert.equal(await page.inputValue("[data-testid=language]"), "nethack-lua");
  const text = await page.evaluate(() => document.querySelector(".cm-editor").parentElement.vwText());
  assert.match(text, /des\.map\(\{ halign = "center", valign = "center", map = \[\[/);
  assert.match(text, /des\.drawbridge\(\{ dir = "east", state = "random", x = 5, y = 8 \}\)/);
  // The converted level runs: the studio opens on it, drawn.
  await page.waitForSelector("canvas[data-testid=tilemap]");
  await waitFor(page, () => /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  await page.screenshot({ path: path.join(OUT, "lua-converted-desktop.png") });
  assert.deepEqual(errors, []);
}));

test("a 3.6 file's levels open as NetHack 5.0's Lua with To Lua, on a phone too", () => withStudio(async ({ page, errors, server }) => {
  const bigroom = path.join(SHARED, "corpus/nethack-3.6.6/des/bigroom.des");
  assert.ok(fs.existsSync(bigroom), `${bigroom} is missing: this test needs ../shared/corpus`);
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, bigroom);
  // On a phone the tools are behind the menu.
  await page.click("[data-testid=menu]");
  await page.click("[data-testid=to-lua]");
  // One document per level of the file: bigrm-1 … bigrm-10.
  await waitFor(page, () => [...document.querySelectorAll("[data-testid=documents] option")].filter((o) => /^bigrm-\d+\.lua$/.test(o.textContent)).length === 10);
  assert.equal(await page.inputValue("[data-testid=language]"), "nethack-lua");
  const text = await page.evaluate(() => document.querySelector(".cm-editor").parentElement.vwText());
  assert.match(text, /converted from lev_comp 3\.6 source/);
  assert.match(text, /des\.map\(\{ halign = "center", valign = "center", map = \[\[/);
  await page.click("[data-testid=pane-tabs] button:has-text('View')");
  await page.waitForSelector("canvas[data-testid=tilemap]");
  await waitFor(page, () => /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scroll");
  await page.screenshot({ path: path.join(OUT, "lua-converted36-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.selectOption("[data-testid=documents]", { label: "bigrm-1.lua" });
  await waitFor(page, () => /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  await page.screenshot({ path: path.join(OUT, "lua-converted36-desktop.png") });
  assert.deepEqual(errors, []);
}));

test("a Lua level's seed grid shows what the script leaves to chance; two seeds side by side", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page, path.join(DAT, "minetn-1.lua"));
  await page.waitForSelector("[data-testid=faces-mode]");
  await page.selectOption("[data-testid=faces-mode]", "4");
  await waitFor(page, () => document.querySelectorAll("[data-testid=faces] canvas.face-canvas").length === 4);
  const glyphs = await page.$$eval("[data-testid=faces] canvas.face-canvas", (cs) => cs.map((c) => c.dataset.glyphs));
  assert.equal(new Set(glyphs).size, 4, "each seed runs the script to another level");
  // The town's drawing is the same in every face: its cells never differ.
  const differing = Number(await page.getAttribute("[data-testid=faces]", "data-differing"));
  assert.ok(differing > 0 && differing < 80 * 21, `${differing}`);
  await page.screenshot({ path: path.join(OUT, "lua-faces-desktop.png") });
  await page.selectOption("[data-testid=faces-mode]", "diff");
  await waitFor(page, () => document.querySelectorAll("[data-testid=faces] canvas.face-canvas").length === 2);
  await page.screenshot({ path: path.join(OUT, "lua-diff-desktop.png") });
  assert.deepEqual(errors, []);
}));

test("hostile one-line scripts run in the browser as Lua runs them, and the page lives", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  // Each once ended the page's wasm: piccolo 0.3.3 panicked growing a
  // table with a field set to nil (through a variable), and on
  // math.mininteger % -1; 2,000 unary minuses overflowed the stack.
  const text = "local t = { a = 1 }\nlocal n = nil\nt.a = n\nfor i = 1, 100 do t['k' .. i] = i end\nlocal m = math.mininteger % -1\ndes.map({ x = 1, y = 1, map = '.' })\n";
  await open(page, "fields.lua", text);
  await waitFor(page, () => /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  assert.equal(await page.locator("[data-testid=problems] .diag.error").count(), 0);
  await open(page, "minus.lua", "local x = " + "- ".repeat(2000) + "1\n");
  await waitFor(page, () => /nests too deeply/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
  await open(page, "unpack.lua", "local a = table.unpack({}, 1, 2^31)\n");
  await waitFor(page, () => /too many results to unpack/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
  await open(page, "double.lua", "local s = 'x'\nfor i = 1, 40 do s = s .. s end\n");
  await waitFor(page, () => /more than 64 MB/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
  await page.screenshot({ path: path.join(OUT, "lua-hostile-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, "lua-hostile-phone.png") });
  await page.setViewportSize({ width: 1400, height: 900 });
  // A chain Lua reads in a loop: 400 terms are read and run, 20,000 are
  // left to `vaultwright check` with a word.
  const chain = (n) => "local a = false\nlocal x = " + Array(n).fill("a").join(" or ") + " or 'last'\ndes.message(x)\ndes.map({ x = 1, y = 1, map = '.' })\n";
  await open(page, "chain400.lua", chain(399));
  await waitFor(page, () => /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  assert.equal(await page.locator("[data-testid=problems] .diag.error").count(), 0);
  await open(page, "chain20000.lua", chain(20000));
  await waitFor(page, () => /chain of 400 operators/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
  // Still alive: another document opens and is read.
  await open(page, "shallow.lua", "des.map({ x = 1, y = 1, map = '.' })\n");
  await waitFor(page, () => /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  assert.deepEqual(errors, []);
}));

test("a script nested 190 deep (Lua allows 200): the page lives and says check reads it", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  // The browser's stack ends a page's wasm between 100 and 130 levels of
  // recursion: such a script is not read or run there.
  const depth = 190;
  const text = "local x = 0\n" + Array.from({ length: depth }, (_, i) => `if x < ${i} then\n`).join("") + "des.message(\"deep\")\n" + "end\n".repeat(depth);
  await open(page, "deep.lua", text);
  await waitFor(page, () => /nests deeper than the page's stack takes/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
  // Still alive: another document opens and is read.
  await open(page, "shallow.lua", "des.map({ x = 1, y = 1, map = '.' })\n");
  await waitFor(page, () => /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  assert.deepEqual(errors, []);
}));

test("a Lua level broken on one line still outlines the calls after it, on a phone too", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  const index = await page.$$eval("[data-testid=new] option", (os) => os.findIndex((o) => /Lua level/.test(o.textContent)));
  await page.selectOption("[data-testid=new]", String(index - 1));
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent.endsWith(".lua"));
  const script = [
    'des.level_init({ style = "solidfill", fg = " " })',
    "local broken = = 1",
    'des.room({ type = "ordinary", x = 3, y = 3, w = 4, h = 4 })',
    'des.room({ type = "temple", x = 12, y = 3, w = 5, h = 3 })',
    "",
  ].join("\n");
  await replaceText(page, script);
  // Lua refuses the script at line 2; the reading goes on past it, so
  // both rooms after it are in the outline.
  await waitFor(page, () => /line 2/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
  await waitFor(page, () => /ordinary — room\s*1 of 2/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  await page.screenshot({ path: path.join(OUT, "lua-broken-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, "lua-broken-phone.png") });
  assert.deepEqual(errors, []);
}));

test("NetHack's themerms.lua and bigrm-2.lua run in the browser (a table field set to nil, then grown)", () => withStudio(async ({ page, errors, server }) => {
  assert.ok(fs.existsSync(path.join(DAT, "themerms.lua")), `${DAT} is missing: this test needs ../shared/corpus`);
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  for (const file of ["bigrm-2.lua", "themerms.lua"]) {
    await open(page, path.join(DAT, file));
    await waitFor(page, () => /\d+ of \d+/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
    const said = await page.evaluate(() => document.body.textContent);
    assert.doesNotMatch(said, /not run in the browser|the Lua VM \(piccolo [\d.]+\) failed/, `${file} is declined`);
  }
  await open(page, path.join(DAT, "bigrm-2.lua"));
  await waitFor(page, () => /the level, run/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  await page.screenshot({ path: path.join(OUT, "lua-bigrm-2-desktop.png") });
  assert.deepEqual(errors, []);
}));
