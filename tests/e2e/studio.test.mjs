// End-to-end tests of the built studio (dist/) in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import {
  ROOT, SHARED, OUT, startServer, launch, openStudio, editorText, replaceText, canvasData, cellPoint, waitFor, cliBinary,
  untilWorkerControls,
} from "./harness.mjs";

const LEVEL = `MAZE:"e2etest",' '
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
MONSTER:'D',"red dragon",(2,1)
`;
const RANDOM_MONSTER = "MONSTER:'d',random,random\n";
// center/center placement of a 5x3 map in the 80x21 level: (37, 9).
const MONSTER_CELL = [39, 10];

test("typing a level repaints the map, errors show up, hover and click link to the source", async () => {
  const server = await startServer();
  const { context, page, errors } = await launch();
  try {
    await openStudio(page, server.url);
    await page.waitForSelector("canvas[data-testid=tilemap]");
    const before = await canvasData(page);
    await replaceText(page, LEVEL);
    await waitFor(page, () => document.querySelector("[data-testid=outline]")?.dataset.current.startsWith("e2etest"));
    await page.waitForTimeout(100);
    const after = await canvasData(page);
    assert.notEqual(after, before, "the canvas changed");
    assert.equal(await page.locator(".diag.error").count(), 0);

    // An error typed at the end is diagnosed inline and in the panel.
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    await page.keyboard.insertText('TRAP:"nonsense",(1,1)\n');
    await page.waitForSelector(".diag.error");
    const msg = await page.locator(".diag.error .diag-msg").first().textContent();
    assert.equal(msg, "Unknown trap type!");
    await page.waitForSelector(".cm-lintRange-error");
    assert.match(await page.locator(".exports").textContent(), /no binaries while there are errors/);

    // Hover the dragon: the tooltip names it and its source line.
    const p = await cellPoint(page, ...MONSTER_CELL);
    await page.mouse.move(p.x, p.y);
    const tip = await page.waitForSelector("[data-testid=tooltip]");
    const tipText = await tip.textContent();
    assert.match(tipText, /red dragon/);
    assert.match(tipText, /line 8: MONSTER:'D',"red dragon",\(2,1\)/);
    // The hovered item's source is highlighted in the editor.
    await page.waitForSelector(".vw-linked");

    // Click: the editor cursor moves to that line.
    await page.click(".cm-content");
    await page.keyboard.press("Control+Home");
    await page.mouse.click(p.x, p.y);
    await waitFor(page, () => document.querySelector(".cm-activeLine")?.textContent.startsWith("MONSTER:'D'"));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test("exported .lev bytes equal the CLI's, and castle.des is screenshotted", async () => {
  const server = await startServer();
  const { context, page } = await launch();
  try {
    await openStudio(page, server.url);
    const castle = path.join(SHARED, "corpus/nethack-3.4.3/des/castle.des");
    assert.ok(fs.existsSync(castle), `${castle} is missing: this test needs ../shared/corpus`);
    await page.setInputFiles("[data-testid=open-file]", castle);
    await waitFor(page, () => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "castle.des");
    await page.waitForSelector("[data-testid=artifact]");
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(OUT, "studio-castle.png") });

    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=artifact]")]);
    assert.equal(download.suggestedFilename(), "castle.lev");
    const got = fs.readFileSync(await download.path());
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "vw-cli-"));
    execFileSync(cliBinary(), ["compile", castle, "-o", outDir]);
    const want = fs.readFileSync(path.join(outDir, "castle.lev"));
    fs.rmSync(outDir, { recursive: true, force: true });
    assert.ok(got.equals(want), `downloaded ${got.length} bytes differ from the CLI's ${want.length}`);
  } finally {
    await context.close();
    await server.close();
  }
});

test("a copied link opens the same state in a fresh browser", async () => {
  const server = await startServer();
  const a = await launch();
  let hash;
  try {
    await openStudio(a.page, server.url);
    // A random placement: the seed matters, so it is offered and linked.
    await replaceText(a.page, LEVEL + RANDOM_MONSTER);
    await a.page.fill("[data-testid=seed]", "4242");
    await a.page.press("[data-testid=seed]", "Enter");
    await a.page.click("[data-testid=copy-link]");
    await waitFor(a.page, () => document.documentElement.dataset.lastLink?.startsWith("#v2."));
    hash = await a.page.evaluate(() => document.documentElement.dataset.lastLink);
  } catch (e) {
    await server.close();
    throw e;
  } finally {
    await a.context.close();
  }
  const b = await launch();
  try {
    await openStudio(b.page, server.url + hash);
    await waitFor(b.page, () => document.querySelector("[data-testid=message]")?.textContent.includes("shared link"));
    assert.equal(await editorText(b.page), LEVEL + RANDOM_MONSTER);
    assert.equal(await b.page.inputValue("[data-testid=seed]"), "4242");
    assert.match(await b.page.locator("[data-testid=outline]").textContent(), /e2etest/);
    assert.equal(await b.page.evaluate(() => location.hash), "", "the hash is consumed");
  } finally {
    await b.context.close();
    await server.close();
  }
});

function b64url(buf) {
  return buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

test("hostile links show a message and change nothing else", async () => {
  const server = await startServer();
  const { context, page, errors } = await launch();
  try {
    await openStudio(page, server.url);
    await replaceText(page, LEVEL);
    await page.waitForTimeout(600); // autosave
    const docsBefore = await page.locator("[data-testid=documents] option").count();
    const textBefore = await editorText(page);

    const valid = b64url(zlib.deflateSync(Buffer.from(JSON.stringify({ v: 1, state: {
      language: "nethack-des", target: "nethack-3.4.3", name: "x", source: LEVEL, symbol: 0, seed: 1, view: "map" } }))));
    const bomb = b64url(zlib.deflateSync(Buffer.alloc(50 * 1024 * 1024, 32), { level: 9 }));
    assert.ok(bomb.length < 100000, "the bomb is a short hash");
    const cases = {
      garbage: "#v1.%%%not-base64%%%",
      truncated: "#v1." + valid.slice(0, valid.length - 10),
      bomb: "#v1." + bomb,
      future: "#v9." + valid,
    };
    for (const [name, hash] of Object.entries(cases)) {
      await page.evaluate((h) => { location.hash = h; }, hash);
      await waitFor(page, () => document.querySelector("[data-testid=message]")?.classList.contains("error"));
      const msg = await page.locator("[data-testid=message]").textContent();
      assert.match(msg, /Could not open the link/, name);
      assert.equal(await page.locator("[data-testid=documents] option").count(), docsBefore, `${name}: documents unchanged`);
      assert.equal(await editorText(page), textBefore, `${name}: text unchanged`);
      await page.click("[data-testid=message] button");
    }

    // Markup in the name or the source is shown as text, never run.
    const evil = b64url(zlib.deflateSync(Buffer.from(JSON.stringify({ v: 1, state: {
      language: "nethack-des", target: "nethack-3.4.3",
      name: '<img src=x onerror="window.__pwned=1">',
      source: '<script>window.__pwned=1</script>\nMAZE:"<b>x</b>",\' \'\nNOMAP\n', symbol: 0, seed: 1, view: "map" } }))));
    await page.evaluate((h) => { location.hash = h; }, "#v1." + evil);
    await waitFor(page, () => document.querySelector("[data-testid=message]")?.textContent.includes("shared link"));
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(await page.locator("script:not([type=module])").count(), 0);
    assert.equal(await page.locator("[data-testid=documents] option").count(), docsBefore + 1, "opened as a new document");
    assert.match(await page.locator("[data-testid=documents]").textContent(), /<img src=x/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test("edits survive a reload (autosave)", async () => {
  const server = await startServer();
  const { context, page } = await launch();
  try {
    await openStudio(page, server.url);
    await replaceText(page, LEVEL + "# autosaved line\n");
    await page.waitForTimeout(800);
    await page.reload();
    await page.waitForSelector(".cm-content");
    await waitFor(page, () => [...document.querySelectorAll(".cm-line")].some((l) => l.textContent === "# autosaved line"));
  } finally {
    await context.close();
    await server.close();
  }
});

test("a key typed just before a switch or a reload stays in its document", async () => {
  // The editor tells the app of a keystroke once its frame is painted; a
  // switch or a reload in the same moment must neither lose the key nor
  // give it to the other document.
  const server = await startServer();
  const { context, page, errors } = await launch();
  const open = async (name, text) => {
    await page.setInputFiles("[data-testid=open-file]", { name, mimeType: "text/plain", buffer: Buffer.from(text) });
    await waitFor(page, (n) => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === n, name);
  };
  // A keystroke and, in the same task, something else.
  const typeThen = (then) => page.evaluate((then) => {
    const editor = document.querySelector(".cm-editor").vwEditor;
    const end = editor.view.state.doc.length;
    editor.view.dispatch({ changes: { from: end, insert: "# typed\n" }, userEvent: "input.type" });
    if (then === "reload") {
      location.reload();
      return;
    }
    const select = document.querySelector("[data-testid=documents]");
    select.value = [...select.options].find((o) => o.textContent === then).value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }, then);
  try {
    await openStudio(page, server.url);
    await open("first.des", LEVEL);
    await open("second.des", LEVEL);
    await typeThen("first.des");
    await waitFor(page, () => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "first.des");
    assert.ok(!(await editorText(page)).includes("# typed"), "the key went to the document switched to");
    await page.selectOption("[data-testid=documents]", { label: "second.des" });
    await waitFor(page, () => [...document.querySelectorAll(".cm-line")].some((l) => l.textContent === "# typed"));

    await typeThen("reload");
    await page.waitForSelector(".cm-content");
    await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "second.des");
    await waitFor(page, () => [...document.querySelectorAll(".cm-line")].filter((l) => l.textContent === "# typed").length === 2);

    // A key that reaches a document after the switch away from it is
    // saved too: the page is reloaded with the other document shown.
    // (both documents came back: the first was saved though the second
    // was opened before its save was due)
    await waitFor(page, () => {
      const names = [...document.querySelectorAll("[data-testid=documents] option")].map((o) => o.textContent);
      return names.includes("first.des") && names.includes("second.des");
    });
    await typeThen("first.des");
    await waitFor(page, () => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "first.des");
    await page.waitForTimeout(500);
    await page.reload();
    await page.waitForSelector(".cm-content");
    await page.selectOption("[data-testid=documents]", { label: "second.des" });
    await waitFor(page, () => [...document.querySelectorAll(".cm-line")].filter((l) => l.textContent === "# typed").length === 3);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test("offline: with the service worker in control, the studio loads without network or server", async () => {
  const server = await startServer();
  const { context, page } = await launch();
  try {
    await openStudio(page, server.url);
    await untilWorkerControls(page);
    await context.setOffline(true);
    await server.close();
    await page.reload();
    await page.waitForSelector(".cm-content", { timeout: 20000 });
    await page.waitForSelector("canvas[data-testid=tilemap], svg[data-testid=rooms]", { timeout: 20000 });
    await replaceText(page, LEVEL);
    await waitFor(page, () => document.querySelector("[data-testid=outline]")?.dataset.current.startsWith("e2etest"));
  } finally {
    await context.close();
    // Closed here too: a failure above must not leave node waiting on it.
    await server.close();
  }
});

test("dungeon.def opens with its branch graph, rolls with a seed, and the dungeon file downloads", async () => {
  const server = await startServer();
  const { context, page, errors } = await launch();
  try {
    await openStudio(page, server.url);
    const def = path.join(SHARED, "corpus/nethack-3.4.3/des/dungeon.def");
    assert.ok(fs.existsSync(def), `${def} is missing: this test needs ../shared/corpus`);
    await page.setInputFiles("[data-testid=open-file]", def);
    await page.waitForSelector("svg[data-testid=graph]");
    assert.equal(await page.inputValue("[data-testid=language]"), "nethack-dungeon");
    const graph = await page.locator("svg[data-testid=graph]").textContent();
    for (const name of ["The Dungeons of Doom", "Gehennom", "The Gnomish Mines", "The Quest", "Sokoban",
                        "Fort Ludios", "Vlad's Tower", "The Elemental Planes", "oracle", "medusa", "castle", "valley", "sanctum"]) {
      assert.ok(graph.includes(name), `${name} missing from the graph`);
    }
    assert.equal(await page.locator("svg[data-testid=graph] g.level").count(), 33);
    assert.ok(await page.locator("svg[data-testid=graph] g.edge").count() >= 7);
    await page.screenshot({ path: path.join(OUT, "studio-dungeon.png") });

    // Hover a level: its source line; click: the editor goes there.
    const oracle = page.locator("svg[data-testid=graph] g.level", { hasText: "oracle" }).first();
    await oracle.hover();
    assert.match(await page.locator("[data-testid=tooltip]").textContent(), /oracle/);
    await oracle.click();
    await waitFor(page, () => document.querySelector(".cm-activeLine")?.textContent.startsWith("LEVEL:"));

    // The rolled layout for a seed.
    await page.click("button.tab:has-text('rolled layout')");
    await page.fill("[data-testid=seed]", "7");
    await page.press("[data-testid=seed]", "Enter");
    await page.waitForSelector(".roll-hint");
    const rolled = await page.locator("svg[data-testid=graph]").textContent();
    assert.ok(rolled.includes("oracle"));
    await page.screenshot({ path: path.join(OUT, "studio-dungeon-roll.png") });

    const buttons = await page.locator("[data-testid=artifact]").allTextContents();
    assert.ok(buttons.some((b) => b.includes("dungeon.pdf")));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("[data-testid=artifact]", { hasText: /dungeon$/ }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "dungeon");
    const got = fs.readFileSync(await download.path());
    const want = fs.readFileSync(path.join(SHARED, "corpus/nethack-3.4.3/expected/dungeon.pdf/dungeon"));
    assert.ok(got.equals(want), "downloaded dungeon differs from the reference");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test("a POWDER map and an RLG327 file open with their views, diagnostics and exports", async () => {
  const server = await startServer();
  const { context, page, errors } = await launch();
  try {
    await openStudio(page, server.url);
    const map = path.join(SHARED, "corpus/powder/maps/lava.map");
    assert.ok(fs.existsSync(map), `${map} is missing: this test needs ../shared/corpus`);
    await page.setInputFiles("[data-testid=open-file]", map);
    await waitFor(page, () => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "lava.map");
    assert.equal(await page.inputValue("[data-testid=language]"), "powder-map");
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(OUT, "studio-powder.png") });
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=artifact]")]);
    assert.equal(download.suggestedFilename(), "lava.cpp");
    const got = fs.readFileSync(await download.path());
    assert.ok(got.equals(fs.readFileSync(path.join(SHARED, "corpus/powder/expected/lava.cpp"))), "lava.cpp differs from map2c's");

    const desc = path.join(SHARED, "corpus/rlg327/monster_desc.codebymax.txt");
    await page.setInputFiles("[data-testid=open-file]", desc);
    await waitFor(page, () => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "monster_desc.codebymax.txt");
    assert.equal(await page.inputValue("[data-testid=language]"), "rlg327-monsters");
    await page.waitForSelector("table.entity-table");
    assert.equal(await page.locator("table.entity-table tbody tr").count(), 20);
    assert.ok(await page.locator("svg.dice").count() > 40, "dice charts");
    // The two discarded entries are diagnosed.
    assert.ok(await page.locator(".diag.error").count() >= 2);
    await page.screenshot({ path: path.join(OUT, "studio-rlg327.png") });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test("a DCSS vault previews with SUBST/NSUBST/SHUFFLE per seed", async () => {
  const server = await startServer();
  const { context, page, errors } = await launch();
  try {
    await openStudio(page, server.url);
    const index = await page.evaluate(() =>
      [...document.querySelectorAll("[data-testid=examples] option")].findIndex((o) => o.textContent.startsWith("DCSS")) - 1);
    assert.ok(index >= 0, "the DCSS example is listed");
    await page.selectOption("[data-testid=examples]", String(index));
    await waitFor(page, () => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "crypt.des");
    assert.equal(await page.inputValue("[data-testid=language]"), "dcss-des");
    await page.waitForSelector("canvas[data-testid=tilemap]");
    assert.match(await page.locator("[data-testid=outline]").textContent(), /vaultwright_example_crypt/);
    const seen = new Set();
    for (const seed of ["1", "2", "3", "4", "5", "6"]) {
      await page.fill("[data-testid=seed]", seed);
      await page.press("[data-testid=seed]", "Enter");
      await page.waitForTimeout(150);
      seen.add(await canvasData(page));
    }
    assert.ok(seen.size > 1, "different seeds give different realisations");
    assert.match(await page.locator(".view-notes").textContent(), /SUBST, NSUBST, SHUFFLE and CLEAR applied/);
    await page.screenshot({ path: path.join(OUT, "studio-dcss.png") });

    // A map far beyond the level (the game refuses it): the finding, and
    // a word in the view instead of a drawing of millions of cells.
    await replaceText(page, "NAME: too_wide\nTAGS: transparent\nMAP\n" + ".".repeat(400) + "\nENDMAP\n");
    await page.waitForSelector(".empty-view");
    assert.match(await page.locator(".empty-view").textContent(), /Nothing to draw for too_wide/);
    assert.match(await page.locator("section.diagnostics").textContent(), /is too big: 400x1 - max 80x70/);
    await page.screenshot({ path: path.join(OUT, "studio-dcss-too-big.png") });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
