// The core runs in a Web Worker: the page shows the document's text before
// the core answers, takes keys while a script runs away, and says so when
// the worker is stopped for a script that never ends.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { OUT, openStudio, replaceText, waitFor, withStudio } from "./harness.mjs";

const MESSAGE = "[data-testid=message]";

/** Milliseconds from each key typed to the next painted frame. */
async function typeAndTime(page, keys) {
  const times = [];
  for (const key of keys) {
    const ms = await page.evaluate(async (k) => {
      const start = performance.now();
      const editor = document.querySelector(".cm-content");
      editor.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
      document.execCommand("insertText", false, k);
      await new Promise((r) => requestAnimationFrame(() => r()));
      return performance.now() - start;
    }, key);
    times.push(ms);
  }
  return times;
}

/** Opens a document of `text` as a file named `name`. */
async function open(page, name, text) {
  await page.setInputFiles("[data-testid=open-file]", { name, mimeType: "text/plain", buffer: Buffer.from(text) });
  await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, name);
}


for (const [game, name, text, stopped] of [
  ["NetHack", "loop.lua", "des.map({ x = 1, y = 1, map = '.' })\n-- \nwhile true do end\n", "ran past 20 million steps"],
  ["DCSS", "loop.des", "NAME: forever\n{{\n-- \nwhile true do end\n}}\nMAP\nx.x\nENDMAP\n", "the vault's Lua stopped"],
]) {
  test(`an endless loop in a ${game} script is stopped within 2.5 s, and the editor takes keys throughout`, () => withStudio(async ({ page, errors, server }) => {
    await openStudio(page, server.url);
    await page.setViewportSize({ width: 1400, height: 900 });
    const started = Date.now();
    await open(page, name, text);
    // Keys typed on the comment line while the worker runs the loop.
    await page.click(".cm-line:nth-child(" + (game === "NetHack" ? 2 : 3) + ")");
    await page.keyboard.press("End");
    const times = await typeAndTime(page, ["k", "e", "y", "s"]);
    // The problems list or the view's notes say so.
    const says = (needle) => ["[data-testid=problems]", ".view-pane"].some((s) => document.querySelector(s)?.textContent.includes(needle));
    await waitFor(page, says, stopped, 10000);
    const took = Date.now() - started;
    assert.ok(took <= 2500, `the view said it was stopped after ${took} ms`);
    assert.ok(Math.max(...times) < 250, `a key waited ${Math.max(...times).toFixed(0)} ms for its frame: ${times.map((t) => t.toFixed(0))}`);
    assert.match(await page.textContent(".cm-content"), /-- keys/);
    await page.screenshot({ path: path.join(OUT, `worker-loop-${game.toLowerCase()}.png`) });
    assert.deepEqual(errors, []);
  }));
}

test("a worker that does not answer in 2 s is stopped and started again; the editor takes keys throughout", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await open(page, "after.des", "NAME: before\nMAP\nx.x\nENDMAP\n");
  await waitFor(page, () => /before/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""));
  // The worker kept busy for a minute, as a script that never ends keeps it.
  const spun = page.evaluate(() => window.vwCoreSpin(60000));
  await page.click(".cm-line:nth-child(1)");
  await page.keyboard.press("End");
  const times = await typeAndTime(page, ["_", "x"]);
  const answer = await spun;
  const after = Number(/stopped after (\d+) ms/.exec(answer)?.[1]);
  assert.ok(after >= 1900 && after <= 2500, answer);
  assert.ok(Math.max(...times) < 250, `a key waited ${Math.max(...times).toFixed(0)} ms for its frame`);
  // The new worker answers the edit typed meanwhile.
  await waitFor(page, () => /before_x/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""), null, 10000);
  assert.deepEqual(errors, []);
}));

test("the page shows the document's text before the core answers", () => withStudio(async ({ page, errors, server }) => {
  // The worker's files are held back: the page must still show its text.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/vaultwright-core/, async (route) => { await held; await route.continue(); });
  await page.goto(server.url);
  // The studio's own editor (js/boot.js may show one before it).
  await page.waitForSelector(".app:not(.boot-studio) .cm-content", { timeout: 20000 });
  const text = await page.evaluate(() => document.querySelector(".app:not(.boot-studio) .cm-content").textContent);
  assert.ok(text.length > 0, "the editor shows a text");
  assert.match(await page.textContent("body"), /Loading the core/);
  assert.match(await page.textContent(".view-pane"), /Reading the document/);
  await page.screenshot({ path: path.join(OUT, "worker-first-paint-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, "worker-first-paint-phone.png") });
  await page.setViewportSize({ width: 1400, height: 900 });
  release();
  await waitFor(page, () => !/Loading the core/.test(document.body.textContent), null, 20000);
  await page.screenshot({ path: path.join(OUT, "worker-answered-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, "worker-answered-phone.png") });
  assert.deepEqual(errors, []);
}));

/** Whether this browser's storage holds a document whose text has `needle`. */
function stored(needle) {
  return new Promise((resolve) => {
    const req = indexedDB.open("vaultwright", 1);
    req.onerror = () => resolve(false);
    req.onsuccess = () => {
      const all = req.result.transaction("documents", "readonly").objectStore("documents").getAll();
      all.onsuccess = () => resolve((all.result || []).some((d) => typeof d.source === "string" && d.source.includes(needle)));
      all.onerror = () => resolve(false);
    };
  });
}

test("a returning visit shows the last document in the editor before the studio's code has loaded, and keeps what was typed there", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await open(page, "boot.des", "NAME: boot_me\nMAP\nx.x\nENDMAP\n");
  await waitFor(page, stored, "boot_me");
  // The next visit: the studio's wasm is held back.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/vaultwright-web-[0-9a-f]+_bg\.wasm/, async (route) => { await held; await route.continue(); });
  await page.reload();
  await page.waitForSelector("#vw-boot .cm-content", { timeout: 20000 });
  assert.match(await page.textContent("#vw-boot .cm-content"), /NAME: boot_me/);
  assert.match(await page.textContent("#vw-boot"), /Loading the studio/);
  // It takes keys.
  await page.click("#vw-boot .cm-line:nth-child(1)");
  await page.keyboard.press("End");
  await page.keyboard.type("_typed");
  assert.match(await page.textContent("#vw-boot .cm-content"), /boot_me_typed/);
  await page.screenshot({ path: path.join(OUT, "boot-editor-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, "boot-editor-phone.png") });
  await page.setViewportSize({ width: 1400, height: 860 });
  release();
  // The studio carries on with what was typed: outlined, then stored.
  await waitFor(page, () => /boot_me_typed/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""), null, 20000);
  assert.equal(await page.locator("#vw-boot").count(), 0);
  await page.keyboard.type("2");
  await waitFor(page, stored, "boot_me_typed2", 10000);
  assert.deepEqual(errors, []);
}, { serviceWorkers: "block" }));
