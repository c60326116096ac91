// The studio's views on any screen: fitted, following the cursor, an
// outline that filters, the keyboard, shortcuts that take, no edit lost.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {
  SHARED, OUT, openStudio, replaceText, waitFor, withStudio,
} from "./harness.mjs";

const CASTLE = path.join(SHARED, "corpus/nethack-3.4.3/des/castle.des");
const DUNGEON = path.join(SHARED, "corpus/nethack-3.4.3/des/dungeon.def");
const FLOAT = path.join(SHARED, "corpus/dcss/des/variable/float.des");

function need(file) {
  assert.ok(fs.existsSync(file), `${file} is missing: this test needs ../shared/corpus`);
}

async function open(page, file) {
  need(file);
  await page.setInputFiles("[data-testid=open-file]", file);
  await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, path.basename(file));
}

/** The drawing's box and its pane's box, in client pixels. */
async function boxes(page, drawing, pane) {
  return page.evaluate(([d, p]) => {
    const a = document.querySelector(d).getBoundingClientRect();
    const b = document.querySelector(p).getBoundingClientRect();
    return { d: { l: a.left, t: a.top, r: a.right, b: a.bottom }, p: { l: b.left, t: b.top, r: b.right, b: b.bottom } };
  }, [drawing, pane]);
}

function inside(x, label) {
  const ok = x.d.l >= x.p.l - 0.5 && x.d.t >= x.p.t - 0.5 && x.d.r <= x.p.r + 0.5 && x.d.b <= x.p.b + 0.5;
  assert.ok(ok, `${label}: drawing ${JSON.stringify(x.d)} outside its pane ${JSON.stringify(x.p)}`);
}

async function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("views open fitted to their pane at 1400×900 and at 390×844, with no sideways page scroll", () => withStudio(async ({ page, errors, server }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openStudio(page, server.url);
    await open(page, CASTLE);
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await page.waitForTimeout(200);
    inside(await boxes(page, "canvas[data-testid=tilemap]", "[data-testid=map-pane]"), "castle");
    assert.equal(await horizontalOverflow(page), 0);
    await page.screenshot({ path: path.join(OUT, "views-castle-desktop.png") });

    // 100% and back to fit.
    await page.click("button:has-text('100%')");
    await waitFor(page, () => document.querySelector("[data-testid=zoom]").textContent === "100%");
    await page.click("[data-testid=fit]");
    await page.waitForTimeout(100);
    inside(await boxes(page, "canvas[data-testid=tilemap]", "[data-testid=map-pane]"), "castle refitted");

    await open(page, DUNGEON);
    await page.waitForSelector("svg[data-testid=graph]");
    await page.waitForTimeout(200);
    inside(await boxes(page, "svg[data-testid=graph]", "[data-testid=graph-pane]"), "dungeon graph");
    await page.screenshot({ path: path.join(OUT, "views-dungeon-desktop.png") });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.click("[data-testid=pane-tabs] button:has-text('View')");
    await page.waitForTimeout(200);
    inside(await boxes(page, "svg[data-testid=graph]", "[data-testid=graph-pane]"), "dungeon graph on a phone");
    assert.equal(await horizontalOverflow(page), 0, "no sideways scroll on a phone");
    await page.screenshot({ path: path.join(OUT, "views-dungeon-phone.png") });
    await page.click("[data-testid=pane-tabs] button:has-text('Source')");
    await page.waitForSelector(".cm-content");
    assert.equal(await horizontalOverflow(page), 0);
    // The toolbar is one menu button on a phone.
    assert.equal(await page.locator("[data-testid=language]").isVisible(), false);
    await page.click("[data-testid=menu]");
    assert.equal(await page.locator("[data-testid=language]").isVisible(), true);
    await page.screenshot({ path: path.join(OUT, "views-menu-phone.png") });
    assert.deepEqual(errors, []);
}));

test("the view follows the editor cursor", () => withStudio(async ({ page, errors, server }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openStudio(page, server.url);
    await open(page, CASTLE);
    await page.waitForSelector("canvas[data-testid=tilemap]");
    // Zoom in far enough that the map is larger than its pane.
    for (let i = 0; i < 6; i++) await page.click("button[aria-label='Zoom in']");
    await page.waitForTimeout(200);
    // A map larger than its pane gets an overview; a click there moves the view.
    await page.waitForSelector("[data-testid=minimap]");
    const pane = "[data-testid=map-pane]";
    const before = await page.evaluate((p) => document.querySelector(p).scrollLeft, pane);
    // Line 39 is the map's last row: its right end is off-screen.
    await page.click(".cm-content");
    await page.keyboard.press("Control+Home");
    for (let i = 0; i < 38; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    await waitFor(page, ([p, b]) => {
      const el = document.querySelector(p);
      return el.scrollTop > 0 || el.scrollLeft !== b;
    }, [pane, before]);
    const mm = await page.locator("[data-testid=minimap]").boundingBox();
    await page.mouse.click(mm.x + 2, mm.y + 2);
    await waitFor(page, (p) => document.querySelector(p).scrollLeft === 0 && document.querySelector(p).scrollTop === 0, pane);

    // Zoom and pan are kept when another view is shown and this one again.
    await page.evaluate((p) => { document.querySelector(p).scrollLeft = 300; }, pane);
    await page.waitForTimeout(100);
    const zoomed = await page.locator("[data-testid=zoom]").textContent();
    await open(page, DUNGEON);
    await page.waitForSelector("svg[data-testid=graph]");
    await page.selectOption("[data-testid=documents]", { label: "castle.des" });
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await waitFor(page, (p) => document.querySelector(p).scrollLeft === 300, pane);
    assert.equal(await page.locator("[data-testid=zoom]").textContent(), zoomed);
    assert.deepEqual(errors, []);
}));

test("the outline filters 346 vaults as you type, and selects the vault the cursor is in", () => withStudio(async ({ page, errors, server }) => {
    await openStudio(page, server.url);
    await open(page, FLOAT);
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await page.keyboard.press("Control+Shift+O");
    await page.waitForSelector("[data-testid=outline-filter]");
    const all = await page.locator("[data-testid=outline-row]").count();
    assert.ok(all >= 300, `${all} rows`);
    await page.keyboard.type("tomb");
    await page.waitForSelector("[data-testid=outline-count]");
    const some = await page.locator("[data-testid=outline-row]").count();
    assert.ok(some > 0 && some < all, `${some} of ${all}`);
    const target = (await page.locator("[data-testid=outline-row] .outline-name").nth(1 % some).textContent()).trim();
    if (some > 1) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await waitFor(page, (t) => document.querySelector("[data-testid=outline]")?.dataset.current.startsWith(t), target);
    // The editor went there: its current line names the vault.
    await waitFor(page, (t) => document.querySelector(".cm-activeLine")?.textContent.includes(t), target);
    await page.screenshot({ path: path.join(OUT, "views-float-outline.png") });

    // Editor → outline: put the cursor in the file's last vault.
    const lines = fs.readFileSync(FLOAT, "utf8").split("\n");
    const at = lines.findLastIndex((l) => l.startsWith("NAME:"));
    const name = lines[at].replace(/^NAME:\s*/, "").trim();
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    for (let i = lines.length - 1; i > at; i--) await page.keyboard.press("ArrowUp");
    await waitFor(page, (n) => document.querySelector("[data-testid=outline]")?.dataset.current.startsWith(n), name);
    assert.deepEqual(errors, []);
}));

test("keyboard: Tab reaches every control, shortcuts take, ? lists them", () => withStudio(async ({ page, errors, server }) => {
    await openStudio(page, server.url);
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await page.evaluate(() => document.activeElement?.blur());
    const reached = new Set();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      const id = await page.evaluate(() => {
        const e = document.activeElement;
        return e?.dataset?.testid || e?.getAttribute("aria-label") || e?.textContent?.trim().slice(0, 20) || e?.tagName;
      });
      reached.add(id);
      // The editor keeps Tab for indenting: Escape, then Tab, leaves it.
      if (await page.evaluate(() => document.activeElement?.classList.contains("cm-content"))) {
        reached.add("editor");
        await page.keyboard.press("Escape");
      }
      if (id?.startsWith?.("Tile map")) break;
    }
    for (const want of ["open-file", "examples", "documents", "language", "target", "copy-link", "help", "editor", "outline", "fit"]) {
      assert.ok(reached.has(want), `Tab never reached ${want}: ${[...reached].join(", ")}`);
    }
    // The map canvas takes focus and moves a cell cursor with the arrows.
    await page.focus("canvas[data-testid=tilemap]");
    await page.keyboard.press("ArrowRight");
    await page.waitForSelector("[data-testid=tooltip]");

    // Shortcuts prevent the browser's own meaning.
    for (const [key, shift] of [["s", false], ["L", true], ["E", true]]) {
      const prevented = await page.evaluate(([key, shift]) => {
        const e = new KeyboardEvent("keydown", { key, ctrlKey: true, shiftKey: shift, bubbles: true, cancelable: true });
        document.body.dispatchEvent(e);
        return e.defaultPrevented;
      }, [key, shift]);
      assert.ok(prevented, `Ctrl+${shift ? "Shift+" : ""}${key} was not prevented`);
    }
    await page.click("[data-testid=message] .dismiss").catch(() => {});
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press("?");
    await page.waitForSelector("[data-testid=shortcuts]");
    assert.match(await page.locator("[data-testid=shortcuts]").textContent(), /Esc, then Tab/);
    await page.keyboard.press("Escape");
    await waitFor(page, () => !document.querySelector("[data-testid=shortcuts]"));
    assert.deepEqual(errors, []);
}));

test("an edit is kept when the page reloads at once", () => withStudio(async ({ page, errors, server }) => {
    await openStudio(page, server.url);
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    await page.keyboard.insertText("# typed just before the reload\n");
    await page.waitForTimeout(50);
    await page.reload();
    await page.waitForSelector(".cm-content");
    await waitFor(page, () => [...document.querySelectorAll(".cm-line")].some((l) => l.textContent === "# typed just before the reload"));
}));

test("the theme follows the OS until chosen; a long link offers the file instead", () => withStudio(async ({ page, errors, server }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openStudio(page, server.url);
    await waitFor(page, () => document.querySelector(".app")?.classList.contains("dark"));
    await page.emulateMedia({ colorScheme: "light" });
    await waitFor(page, () => !document.querySelector(".app").classList.contains("dark"));
    await page.click("button[aria-label='Switch between light and dark']");
    await waitFor(page, () => document.querySelector(".app").classList.contains("dark"));
    await page.reload();
    await page.waitForSelector(".cm-content");
    await waitFor(page, () => document.querySelector(".app")?.classList.contains("dark"));

    // 40 KB of text that does not compress away.
    let text = "MAZE:\"long\",' '\nNOMAP\n";
    let x = 12345;
    for (let i = 0; i < 1200; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      text += `# ${x.toString(36)} ${(x * 7).toString(36)} ${(x * 13).toString(36)}\n`;
    }
    await replaceText(page, text);
    await page.click("[data-testid=copy-link]");
    await page.waitForSelector("[data-testid=offer]");
    assert.match(await page.locator("[data-testid=message]").textContent(), /KB long/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=offer]")]);
    assert.ok(download.suggestedFilename().length > 0);
    assert.deepEqual(errors, []);
}));

test("on a touch screen a tap describes a cell instead of jumping", () => withStudio(async ({ page, errors, server }) => {
    await openStudio(page, server.url);
    await replaceText(page, `MAZE:"tap",' '\nGEOMETRY:center,center\nMAP\n-----\n|...|\n-----\nENDMAP\nMONSTER:'D',"red dragon",(2,1)\n`);
    await page.tap("[data-testid=pane-tabs] button:has-text('View')");
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await page.waitForTimeout(200);
    const p = await page.evaluate(() => {
      const c = document.querySelector("canvas[data-testid=tilemap]");
      const r = c.getBoundingClientRect();
      const w = parseFloat(c.dataset.cellW), h = parseFloat(c.dataset.cellH);
      return { x: r.left + 39.5 * w, y: r.top + 10.5 * h };
    });
    await page.touchscreen.tap(p.x, p.y);
    await page.waitForSelector("[data-testid=tooltip]");
    assert.match(await page.locator("[data-testid=tooltip]").textContent(), /red dragon/);
    // Still on the view: a tap is not a jump to the source.
    assert.ok(await page.locator("canvas[data-testid=tilemap]").isVisible());
    assert.deepEqual(errors, []);
}, { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } }));

test("the legend lists the glyphs; choosing one highlights its cells", () => withStudio(async ({ page, errors, server }) => {
    await openStudio(page, server.url);
    await open(page, CASTLE);
    await page.waitForSelector("[data-testid=legend-row]");
    const rows = await page.locator("[data-testid=legend-row]").allTextContents();
    assert.ok(rows.some((r) => /moat/.test(r)), `no moat in ${rows.join(" | ")}`);
    assert.ok(rows.some((r) => /soldier/.test(r)), "the soldiers are listed");
    const before = await page.evaluate(() => document.querySelector("canvas[data-testid=tilemap]").toDataURL());
    await page.locator("[data-testid=legend-row]", { hasText: "moat" }).first().click();
    await waitFor(page, () => document.querySelector("[data-testid=legend-row][aria-pressed=true]"));
    await waitFor(page, (b) => document.querySelector("canvas[data-testid=tilemap]").toDataURL() !== b, before);
    await page.screenshot({ path: path.join(OUT, "views-castle-legend.png") });
    assert.deepEqual(errors, []);
}));

test("one bad map character is one error; the map, outline and view stay", () => withStudio(async ({ page, errors, server }) => {
    await openStudio(page, server.url);
    await open(page, CASTLE);
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await page.click(".cm-content");
    await page.keyboard.press("Control+Home");
    for (let i = 0; i < 29; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Home");
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.insertText("Q");
    await page.waitForSelector(".diag.error");
    await page.waitForTimeout(300);
    assert.equal(await page.locator(".diag.error").count(), 1);
    assert.equal(await page.locator(".diag.error .diag-pos").textContent(), "30:11");
    assert.match(await page.locator(".diag.error .diag-msg").textContent(), /`Q` is not a map character/);
    assert.match(await page.getAttribute("[data-testid=outline]", "data-current"), /^castle/);
    assert.ok(await page.locator("canvas[data-testid=tilemap]").isVisible());
    assert.deepEqual(errors, []);
}));

test("a file cut inside a UTF-8 character at byte 4,096, a binary file and an empty file each get a message", () => withStudio(async ({ page, errors, server }) => {
  const dir = fs.mkdtempSync(path.join(OUT, "odd-"));
  try {
    await openStudio(page, server.url);
    const edge = path.join(dir, "edge.des");
    fs.writeFileSync(edge, Buffer.concat([Buffer.from("# " + "x".repeat(4092)), Buffer.from("é\nMAZE:\"edge\",' '\nNOMAP\n")]));
    await open(page, edge);
    await page.waitForSelector("[data-testid=outline][data-current^=edge]");

    const bin = path.join(dir, "blob.des");
    fs.writeFileSync(bin, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0, 0xff]));
    await page.setInputFiles("[data-testid=open-file]", bin);
    await waitFor(page, () => /binary/.test(document.querySelector("[data-testid=message]")?.textContent || ""));

    const empty = path.join(dir, "empty.des");
    fs.writeFileSync(empty, "");
    await open(page, empty);
    await page.waitForSelector(".empty-view");
    assert.deepEqual(errors, []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}));
