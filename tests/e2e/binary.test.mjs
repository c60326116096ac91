// The binary view: a compiled level's fields tied both ways to the source.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { SHARED, OUT, openStudio, waitFor, withStudio } from "./harness.mjs";

const CASTLE = path.join(SHARED, "corpus/nethack-3.4.3/des/castle.des");
const CASTLE_LEV = path.join(SHARED, "corpus/nethack-3.4.3/expected/castle.des/castle.lev");

async function openBinary(page, url, phone = false) {
  assert.ok(fs.existsSync(CASTLE), `${CASTLE} is missing: this test needs ../shared/corpus`);
  await openStudio(page, url);
  await page.setInputFiles("[data-testid=open-file]", CASTLE);
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "castle.des");
  if (phone) await page.click("[data-testid=pane-tabs] button:has-text('View')");
  await page.click("button[role=tab]:has-text('binary')");
  await page.waitForSelector("[data-testid=binary] tbody tr");
}

/** The editor's cursor to the start of 1-based line `n`. */
async function cursorToLine(page, n) {
  await page.click(".cm-content");
  await page.keyboard.press("Control+Home");
  for (let i = 1; i < n; i++) await page.keyboard.press("ArrowDown");
}

test("the binary view ties a level's fields to its statements, both ways", () => withStudio(async ({ page, errors, server }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openBinary(page, server.url);
  // The file the view reads is the one lev_comp writes.
  const size = fs.statSync(CASTLE_LEV).size;
  const head = await page.locator(".binary-head").textContent();
  assert.ok(head.startsWith(`castle.lev · ${size} bytes`), head);

  // The cursor on a statement lights the rows it wrote, and they scroll into sight.
  const lines = fs.readFileSync(CASTLE, "utf8").split("\n");
  const doorLine = lines.findIndex((l) => l.startsWith("DOOR:")) + 1;
  await cursorToLine(page, doorLine);
  // (the view may still be catching up with the lines the cursor passed)
  const litFields = () => page.$$eval("[data-testid=binary] tr.hl td.field", (tds) => tds.map((t) => t.textContent).join("|"));
  const door0 = ["part 0 / door 0 / x", "part 0 / door 0 / y", "part 0 / door 0 / state"];
  await waitFor(page, (want) => [...document.querySelectorAll("[data-testid=binary] tr.hl td.field")].map((t) => t.textContent).join("|") === want, door0.join("|"), 20000)
    .catch(async (e) => { throw new Error(`lit rows: ${await litFields()}: ${e.message}`); });
  // (scrolled smoothly: wait for it to arrive)
  await waitFor(page, () => {
    const row = document.querySelector("[data-testid=binary] tr.hl").getBoundingClientRect();
    const pane = document.querySelector("[data-testid=binary]").getBoundingClientRect();
    return row.top >= pane.top && row.bottom <= pane.bottom - 1;
  });
  await page.screenshot({ path: path.join(OUT, "binary-castle-desktop.png") });

  // The pointer on a field lights the statement that wrote it in the
  // editor (the next door, on the line after the cursor's).
  const row = page.locator("[data-testid=binary] tr", { hasText: "part 0 / door 1 / state" }).first();
  await row.scrollIntoViewIfNeeded();
  await row.hover();
  await waitFor(page, () => [...document.querySelectorAll(".vw-linked")].some((e) => e.textContent.startsWith("DOOR:closed,(55,03)")), null, 20000);
  const tip = await page.locator("[data-testid=tooltip]").textContent();
  assert.equal(tip, `part 0 / door 1 / state = 4 (closed) · line ${doorLine + 1}: DOOR:closed,(55,03)`);
  // A monster's record names it.
  const monster = page.locator("[data-testid=binary] tr", { hasText: "monster 0 / monster" }).first();
  await monster.scrollIntoViewIfNeeded();
  await monster.hover();
  await waitFor(page, () => /monster 0 \/ monster = \d+ \(soldier\) · line \d+: MONSTER/.test(document.querySelector("[data-testid=tooltip]")?.textContent));
  await page.screenshot({ path: path.join(OUT, "binary-castle-hover.png") });

  // A count belongs to no one statement: muted, and no jump.
  assert.ok(await page.locator("[data-testid=binary] tr.unowned").count() > 0);
  assert.deepEqual(errors, []);
}));

test("the binary view fits a phone without sideways scrolling", () => withStudio(async ({ page, errors, server }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openBinary(page, server.url, true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.equal(overflow, 0);
  const wide = await page.evaluate(() => {
    const t = document.querySelector("table.binary").getBoundingClientRect();
    const w = document.querySelector("[data-testid=binary]").getBoundingClientRect();
    return t.right - w.right;
  });
  assert.ok(wide <= 1, `the table runs ${wide}px past its pane`);
  await page.screenshot({ path: path.join(OUT, "binary-castle-phone.png") });
  assert.deepEqual(errors, []);
}));

test("a 3.6 level's binary view lists its records, tied to the statements that emitted them", () => withStudio(async ({ page, errors, server }) => {
  const file = path.join(SHARED, "corpus/nethack-3.6.6/des/castle.des");
  const lev = path.join(SHARED, "corpus/nethack-3.6.6/expected/castle.des/castle.lev");
  assert.ok(fs.existsSync(file), `${file} is missing: this test needs ../shared/corpus`);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openStudio(page, server.url);
  await page.setInputFiles("[data-testid=open-file]", file);
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "castle.des");
  await page.click("button[role=tab]:has-text('binary')");
  await page.waitForSelector("[data-testid=binary] tbody tr");
  const head = await page.locator(".binary-head").textContent();
  assert.ok(head.startsWith(`castle.lev · ${fs.statSync(lev).size} bytes · ${1060 + 6} fields`), head);
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const monsterLine = lines.findIndex((l) => l.startsWith("MONSTER:")) + 1;
  await cursorToLine(page, monsterLine);
  await waitFor(page, () => [...document.querySelectorAll("[data-testid=binary] tr.hl td.field")].some((t) => t.textContent.endsWith("/ MONSTER")));
  await page.screenshot({ path: path.join(OUT, "binary-castle36-desktop.png") });
  assert.deepEqual(errors, []);
}));

test("the dungeon file in the binary pane: records tied to their DUNGEON, LEVEL and BRANCH lines", () => withStudio(async ({ page, errors, server }) => {
  const def = path.join(SHARED, "corpus/nethack-3.4.3/des/dungeon.def");
  const bin = path.join(SHARED, "corpus/nethack-3.4.3/expected/dungeon.pdf/dungeon");
  assert.ok(fs.existsSync(def), `${def} is missing: this test needs ../shared/corpus`);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openStudio(page, server.url);
  await page.setInputFiles("[data-testid=open-file]", def);
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "dungeon.def");
  await page.click("button[role=tab]:has-text('binary')");
  await page.waitForSelector("[data-testid=binary] tbody tr");
  const head = await page.locator(".binary-head").textContent();
  assert.ok(head.startsWith(`dungeon · ${fs.statSync(bin).size} bytes`), head);
  // The cursor on the oracle's LEVEL line lights its level record.
  const lines = fs.readFileSync(def, "utf8").split("\n");
  const oracle = lines.findIndex((l) => /^LEVEL:\s*"oracle"/.test(l)) + 1;
  await cursorToLine(page, oracle);
  // (the view follows the cursor a frame behind: it may still show a line
  // the cursor passed)
  await waitFor(page, () => {
    const lit = [...document.querySelectorAll("[data-testid=binary] tr.hl td.field")].map((t) => t.textContent);
    const value = document.querySelector("[data-testid=binary] tr.hl td.value")?.textContent;
    return lit.length === 8 && lit.every((t) => /^dungeon 0 \/ level \d+ \//.test(t)) && value === "\"oracle\"";
  }, null, 20000);
  const name = await page.$$eval("[data-testid=binary] tr.hl td.value", (tds) => tds[0].textContent);
  assert.equal(name, "\"oracle\"");
  await page.screenshot({ path: path.join(OUT, "binary-dungeon-desktop.png") });
  assert.deepEqual(errors, []);
}));
