// Painting the map: a stroke is one edit of the MAP rows, undone in one
// step; the palette offers what the map accepts; the painted level
// compiles in the studio as the command line compiles its text.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { OUT, SHARED, cellPoint, cliBinary, openStudio, waitFor, wholeText, withStudio } from "./harness.mjs";

const CASTLE = path.join(SHARED, "corpus/nethack-3.4.3/des/castle.des");

/** The MAP rows of a text (first block). */
function mapRows(text) {
  const lines = text.split(/\r?\n/);
  const start = lines.indexOf("MAP");
  return lines.slice(start + 1, lines.indexOf("ENDMAP", start));
}

/** Cells (x, y) where two maps' rows differ. */
function changed(before, after) {
  const out = [];
  for (let y = 0; y < Math.max(before.length, after.length); y++) {
    const a = before[y] || "", b = after[y] || "";
    for (let x = 0; x < Math.max(a.length, b.length); x++) if ((a[x] || " ") !== (b[x] || " ")) out.push([x, y, b[x]]);
  }
  return out;
}

/** Opens a level at desktop size, its map drawn; its text as opened. */
async function openMap(page, server, file) {
  assert.ok(fs.existsSync(file), `${file} is missing: this test needs ../shared/corpus`);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openStudio(page, server.url);
  await page.setInputFiles("[data-testid=open-file]", file);
  await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, path.basename(file));
  await page.waitForSelector("canvas[data-testid=tilemap]");
  return wholeText(page);
}

async function drag(page, from, to) {
  const a = await cellPoint(page, ...from), b = await cellPoint(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
}

test("a painted rectangle is one edit of the MAP rows, undone byte for byte, compiled as the CLI compiles it", () => withStudio(async ({ page, errors, server }) => {
  const original = await openMap(page, server, CASTLE);
  assert.equal(original, fs.readFileSync(CASTLE, "utf8"));

  await page.click("[data-testid=paint]");
  await page.waitForSelector("[data-testid=paint-bar]");
  // The palette is the dialect's map characters, each named.
  const keys = await page.$$eval("[data-testid=palette] .swatch", (bs) => bs.map((b) => b.dataset.key));
  for (const k of [".", "-", "|", "}", "T", "#"]) assert.ok(keys.includes(k), `palette lacks ${k}: ${keys.join("")}`);
  assert.match(await page.getAttribute("[data-testid=palette] .swatch[data-key='}']", "title"), /moat|water|pool/);
  await page.click("[data-testid=palette] .swatch[data-key='}']");
  await page.click("[data-tool='filled rectangle']");
  await page.screenshot({ path: path.join(OUT, "paint-palette-desktop.png") });

  // The map part sits at (9, 3) of the level: view cells (16..20, 12..14)
  // are the floor of the big west room, (7..11, 9..11) in the rows (a
  // stroke over a door would make the level fail: its DOOR would no
  // longer match the map, as lev_comp says).
  await drag(page, [16, 12], [20, 14]);
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() !== o, original);
  const painted = await wholeText(page);
  const diff = changed(mapRows(original), mapRows(painted));
  assert.ok(diff.length > 0 && diff.every(([, , c]) => c === "}"), JSON.stringify(diff));
  const xs = diff.map((d) => d[0]), ys = diff.map((d) => d[1]);
  const [x1, x2, y1, y2] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  assert.deepEqual([x2 - x1 + 1, y2 - y1 + 1], [5, 3], "a 5×3 rectangle");
  // Only the cells that were not moat already changed, all inside it.
  const before = mapRows(original);
  for (let y = y1; y <= y2; y++) for (let x = x1; x <= x2; x++) {
    const was = before[y][x];
    assert.equal(diff.some(([dx, dy]) => dx === x && dy === y), was !== "}", `(${x},${y}) was ${was}`);
  }
  // Outside the MAP rows nothing changed.
  assert.equal(painted.replace(mapRows(painted).join("\n"), ""), original.replace(mapRows(original).join("\n"), ""));
  await page.waitForSelector("[data-testid=artifact]");
  await page.screenshot({ path: path.join(OUT, "paint-castle-desktop.png") });

  // The exported .lev is what the command line writes for the painted text.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=artifact]")]);
  const got = fs.readFileSync(await download.path());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vw-paint-"));
  fs.writeFileSync(path.join(dir, "castle.des"), painted);
  execFileSync(cliBinary(), ["compile", path.join(dir, "castle.des"), "-o", dir]);
  const want = fs.readFileSync(path.join(dir, "castle.lev"));
  fs.rmSync(dir, { recursive: true, force: true });
  assert.ok(got.equals(want), `studio ${got.length} bytes, CLI ${want.length}`);

  // One undo step restores the text byte for byte, and undo goes no
  // further back than the opening of the document (not to the example
  // shown before it).
  await page.click(".cm-content");
  await page.keyboard.press("Control+z");
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() === o, original);
  await page.keyboard.press("Control+z");
  await page.waitForTimeout(200);
  assert.equal(await wholeText(page), original);

  // A row added at the top: one edit, the map part's coordinates moved
  // with it, still a level that compiles; undone in one step.
  await page.click("[data-testid=resize] button[aria-label^='Add a row at the top']");
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() !== o, original);
  const grown = await wholeText(page);
  assert.deepEqual(mapRows(grown).slice(1), mapRows(original));
  assert.equal(mapRows(grown)[0].trim(), "");
  assert.ok(grown.includes("DOOR:closed,(07,04)") && original.includes("DOOR:closed,(07,03)"));
  assert.ok(grown.includes("levregion(01,00,10,20)"), "the level's own coordinates stay");
  assert.match(await page.locator("[data-testid=message]").textContent(), /Added a row at the top: \d+ coordinates moved with the map/);
  await page.waitForSelector("[data-testid=artifact]");
  await page.click(".cm-content");
  await page.keyboard.press("Control+z");
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() === o, original);

  // The eyedropper picks a character; the keyboard paints the cell cursor.
  await page.click("[data-tool=eyedropper]");
  const corner = await cellPoint(page, 16, 12);
  await page.mouse.click(corner.x, corner.y);
  await waitFor(page, (k) => document.querySelector("[data-testid=palette] .swatch.on")?.dataset.key === k, before[y1][x1]);
  await page.click("[data-testid=palette] .swatch[data-key='T']");
  await page.focus("canvas[data-testid=tilemap]");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press(" ");
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() !== o, original);
  assert.equal(changed(mapRows(original), mapRows(await wholeText(page))).length, 1);
  assert.deepEqual(errors, []);
}));

test("a new vault from its template is painted with its own keys; the paint bar fits a phone", () => withStudio(async ({ page, errors, server }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openStudio(page, server.url);
  await page.click("[data-testid=menu]");
  await page.selectOption("[data-testid=new]", { label: "DCSS vault, 15×9" });
  if (await page.isVisible("[data-testid=new]")) await page.click("[data-testid=menu]");
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "untitled_vault.des");
  const text = await wholeText(page);
  assert.match(text, /^NAME: untitled_vault\n/);
  await page.click("[data-testid=pane-tabs] button:has-text('View')");
  await page.click("[data-testid=paint]");
  await page.waitForSelector("[data-testid=paint-bar]");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.equal(overflow, 0);
  await page.screenshot({ path: path.join(OUT, "paint-vault-phone.png") });
  // A tap with the pencil paints one cell.
  await page.click("[data-testid=palette] .swatch[data-key='l']");
  const p = await cellPoint(page, 3, 3);
  await page.mouse.click(p.x, p.y);
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() !== o, text);
  assert.equal(changed(mapRows(text), mapRows(await wholeText(page))).length, 1);
  assert.deepEqual(errors, []);
}));

test("a marked rectangle is copied and pasted, and moved by dragging it, each one edit", () => withStudio(async ({ page, errors, server }) => {
  const original = await openMap(page, server, CASTLE);
  const rows = mapRows(original);
  await page.click("[data-testid=paint]");
  await page.click("[data-tool=select]");
  // The fountain of the west room is at (10, 8) of the rows, (19, 11) drawn.
  assert.equal(rows[8][10], "{");
  await drag(page, [18, 10], [20, 12]);
  await waitFor(page, () => document.querySelector("canvas[data-testid=tilemap]").dataset.selection === "18,10,20,12");
  // (the press on the map gave it the keyboard)
  await page.keyboard.press("Control+c");
  await waitFor(page, () => document.querySelector("[data-testid=message]")?.textContent.includes("Copied a 3×3 block"));
  await page.keyboard.press("Control+v");
  await waitFor(page, () => document.querySelector("[data-tool=paste]")?.getAttribute("aria-pressed") === "true");
  const at = await cellPoint(page, 16, 13);
  await page.mouse.click(at.x, at.y);
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() !== o, original);
  const pasted = mapRows(await wholeText(page));
  for (let dy = 0; dy < 3; dy++) assert.equal(pasted[10 + dy].slice(7, 10), rows[7 + dy].slice(9, 12), `row ${dy}`);
  assert.equal(changed(rows, pasted).every(([x, y]) => x >= 7 && x <= 9 && y >= 10 && y <= 12), true);
  await page.screenshot({ path: path.join(OUT, "paint-select-desktop.png") });
  await page.click(".cm-content");
  await page.keyboard.press("Control+z");
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() === o, original);

  // Dragging inside a marked cell moves it: the fountain two cells right.
  await page.click("[data-tool=select]");
  await drag(page, [19, 11], [19, 11]);
  await drag(page, [19, 11], [21, 11]);
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() !== o, original);
  const moved = mapRows(await wholeText(page));
  assert.equal(moved[8][12], "{");
  assert.equal(moved[8][10], " ");
  assert.equal(changed(rows, moved).length, 2);
  await waitFor(page, () => document.querySelector("canvas[data-testid=tilemap]").dataset.selection === "21,11,21,11");
  assert.deepEqual(errors, []);
}));

test("a NetHack 3.6 level is painted through its MAP rows too", () => withStudio(async ({ page, errors, server }) => {
  const original = await openMap(page, server, path.join(SHARED, "corpus/nethack-3.6.6/des/castle.des"));
  await page.click("[data-testid=paint]");
  const keys = await page.$$eval("[data-testid=palette] .swatch", (bs) => bs.map((b) => b.dataset.key));
  for (const k of [".", "T", "}", "F"]) assert.ok(keys.includes(k), `3.6 palette lacks ${k}: ${keys.join("")}`);
  await page.click("[data-testid=palette] .swatch[data-key='T']");
  const p = await cellPoint(page, 16, 12);
  await page.mouse.click(p.x, p.y);
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() !== o, original);
  const diff = changed(mapRows(original), mapRows(await wholeText(page)));
  assert.equal(diff.length, 1);
  assert.equal(diff[0][2], "T");
  assert.deepEqual(errors, []);
}));

test("a POWDER room is painted inside its box, and grows with its borders", () => withStudio(async ({ page, errors, server }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openStudio(page, server.url);
  await page.selectOption("[data-testid=new]", { label: "POWDER room, 9×7" });
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "untitled.map");
  const text = await wholeText(page);
  await page.click("[data-testid=paint]");
  const keys = await page.$$eval("[data-testid=palette] .swatch", (bs) => bs.map((b) => b.dataset.key));
  assert.deepEqual(keys, [".", "#"], "the room's legend");
  await page.click("[data-testid=palette] .swatch[data-key='#']");
  const p = await cellPoint(page, 4, 3);
  await page.mouse.click(p.x, p.y);
  await waitFor(page, (o) => document.querySelector("[data-testid=editor]").vwText() !== o, text);
  const painted = (await wholeText(page)).split("\n");
  // Cell (4, 3) is the fifth character of the box's fourth row (line 5).
  assert.equal(painted[4], "|#...#...#|", painted.join("\n"));
  assert.deepEqual(painted.filter((l, i) => l !== text.split("\n")[i]), [painted[4]]);
  await page.click("[data-testid=resize] button[aria-label^='Add a column on the right']");
  await waitFor(page, () => document.querySelector("[data-testid=editor]").vwText().startsWith("+----------+"));
  assert.deepEqual(errors, []);
}));
