// A picture that is also the source: an exported PNG (or SVG) carries the
// document, and opening or dropping it reopens the same document and view.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { OUT, SHARED, editorText, launch, openStudio, startServer, waitFor } from "./harness.mjs";

const CASTLE = path.join(SHARED, "corpus/nethack-3.4.3/des/castle.des");
const ORACLE = path.join(SHARED, "corpus/nethack-3.4.3/des/oracle.des");

async function open(page, file) {
  assert.ok(fs.existsSync(file), `${file} is missing: this test needs ../shared/corpus`);
  await page.setInputFiles("[data-testid=open-file]", file);
  await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, path.basename(file));
}

/** Clicks an export button and keeps the file it downloads under target/e2e. */
async function exported(page, button, name) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(button)]);
  const file = path.join(OUT, name);
  await download.saveAs(file);
  return file;
}

/** The permalink state a PNG carries (the text of our iTXt chunk). */
function carried(file) {
  const bytes = fs.readFileSync(file);
  const at = bytes.indexOf(Buffer.from("iTXtvaultwright\0"));
  assert.ok(at > 0, `${file} carries no document`);
  const len = bytes.readUInt32BE(at - 4);
  const data = bytes.subarray(at + 4, at + 4 + len);
  return data.subarray("vaultwright".length + 5).toString("utf8");
}

/** Drops a file onto the studio as a person would drag it from a folder. */
async function drop(page, file, mime) {
  const bytes = [...fs.readFileSync(file)];
  const transfer = await page.evaluateHandle(([bytes, name, mime]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], name, { type: mime }));
    return dt;
  }, [bytes, path.basename(file), mime]);
  await page.dispatchEvent(".app", "drop", { dataTransfer: transfer });
}

test("a PNG of the map carries the document: opened or dropped, it comes back with its seed and view", async () => {
  const server = await startServer();
  let png;
  const a = await launch();
  try {
    await openStudio(a.page, server.url);
    await open(a.page, CASTLE);
    await a.page.waitForSelector("canvas[data-testid=tilemap]");
    await a.page.fill("[data-testid=seed]", "4242");
    await a.page.press("[data-testid=seed]", "Enter");
    png = await exported(a.page, "[data-testid=export-png]", "castle-picture.png");
    // Copy image: the clipboard holds a PNG.
    await a.page.click("[data-testid=copy-image]");
    await waitFor(a.page, () => document.querySelector("[data-testid=message]")?.textContent.includes("Image copied"));
    const types = await a.page.evaluate(async () => (await navigator.clipboard.read()).flatMap((i) => i.types));
    assert.ok(types.includes("image/png"), types.join());
    assert.deepEqual(a.errors, []);
  } finally {
    await a.context.close();
  }
  const bytes = fs.readFileSync(png);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG");
  assert.ok(bytes.includes(Buffer.from("iTXtvaultwright\0")), "with the document in an iTXt chunk");

  // Opened in a fresh browser: the same text, seed and view.
  const b = await launch();
  try {
    await openStudio(b.page, server.url);
    await b.page.setInputFiles("[data-testid=open-file]", png);
    await waitFor(b.page, () => document.querySelector("[data-testid=message]")?.textContent.includes("Opened castle-picture.png as a new document"));
    // The message may come before the editor shows the new text: wait for it.
    const castleText = fs.readFileSync(CASTLE, "utf8");
    await waitFor(b.page, (first) => document.querySelector(".cm-line")?.textContent === first, castleText.split("\n")[0]);
    assert.ok(castleText.startsWith(await editorText(b.page)));
    assert.equal(await b.page.inputValue("[data-testid=seed]"), "4242");
    assert.equal(await b.page.locator("[data-testid=documents] option:checked").textContent(), "castle.des");
    await b.page.waitForSelector("canvas[data-testid=tilemap]");
    // The same document and view: its picture carries the same state.
    const again = await exported(b.page, "[data-testid=export-png]", "castle-picture-again.png");
    assert.equal(carried(again), carried(png));
    assert.match(carried(png), /^#v2\.[A-Za-z0-9_-]+$/);
    // Its seed changed, another document shown, the picture dropped onto
    // the studio: back to the castle, with the picture's seed.
    await b.page.fill("[data-testid=seed]", "7");
    await b.page.press("[data-testid=seed]", "Enter");
    await b.page.selectOption("[data-testid=documents]", { index: 0 });
    await drop(b.page, png, "image/png");
    await waitFor(b.page, () => document.querySelector("[data-testid=message]")?.textContent.includes("castle.des is already open: switched to it, as it was shared"));
    assert.equal(await b.page.locator("[data-testid=documents] option:checked").textContent(), "castle.des");
    await waitFor(b.page, () => document.querySelector("[data-testid=seed]")?.value === "4242");
    // A picture of something else is refused with a message.
    const plain = path.join(OUT, "not-ours.png");
    fs.writeFileSync(plain, Buffer.concat([bytes.subarray(0, 33), bytes.subarray(bytes.indexOf(Buffer.from("IDAT")) - 4)]));
    await b.page.setInputFiles("[data-testid=open-file]", plain);
    await waitFor(b.page, () => document.querySelector("[data-testid=message]")?.textContent.includes("without a Vaultwright document"));
    assert.deepEqual(b.errors, []);
  } finally {
    await b.context.close();
    await server.close();
  }
});

test("an SVG of a room layout carries the document too", async () => {
  const server = await startServer();
  let svg;
  const a = await launch();
  try {
    await openStudio(a.page, server.url);
    await open(a.page, ORACLE);
    await a.page.click("button[role=tab]:has-text('room layout')");
    svg = await exported(a.page, "[data-testid=export-svg]", "oracle-picture.svg");
    assert.deepEqual(a.errors, []);
  } finally {
    await a.context.close();
  }
  const state = (f) => fs.readFileSync(f, "utf8").match(/<metadata id="vaultwright-state">([^<]*)</)?.[1];
  assert.match(fs.readFileSync(svg, "utf8"), /^<svg[^>]*><metadata id="vaultwright-state">#v2\.[A-Za-z0-9_-]+<\/metadata>/);
  const b = await launch();
  try {
    await openStudio(b.page, server.url);
    await b.page.setInputFiles("[data-testid=open-file]", svg);
    await waitFor(b.page, () => document.querySelector("[data-testid=message]")?.textContent.includes("Opened oracle-picture.svg"));
    assert.ok(fs.readFileSync(ORACLE, "utf8").startsWith(await editorText(b.page)));
    assert.equal(await b.page.getAttribute("button[role=tab]:has-text('room layout')", "aria-selected"), "true");
    const again = await exported(b.page, "[data-testid=export-svg]", "oracle-picture-again.svg");
    assert.equal(state(again), state(svg));
    assert.deepEqual(b.errors, []);
  } finally {
    await b.context.close();
    await server.close();
  }
});
