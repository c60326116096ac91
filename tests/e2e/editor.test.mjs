// The source editor itself: what it draws matches the text, a diagnostic
// is marked and explained where it is, Tab indents, PageDown pages, and
// undo takes an edit back.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { withStudio, openStudio, replaceText, waitFor, wholeText, OUT } from "./harness.mjs";

const LEVEL = `MAZE:"ed",' '
GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
TRAP:"nonsense",(1,1)
`;

test("the editor draws its text, marks and explains an error, pages, indents and undoes", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await replaceText(page, LEVEL);
  await waitFor(page, () => document.querySelector(".cm-lintRange-error") !== null);

  // The drawn lines are the text, line for line, and coloured by the core.
  const drawn = await page.evaluate(() => [...document.querySelectorAll(".cm-line")].map((l) => l.textContent));
  assert.deepEqual(drawn, LEVEL.split("\n"));
  assert.equal(await page.textContent(".cm-line .tok-keyword"), "MAZE");
  // The error's line has a marker in the gutter.
  const mark = await page.evaluate(() => {
    const m = document.querySelector(".cm-lint-marker-error");
    if (!m) return null;
    const r = m.getBoundingClientRect();
    const line = [...document.querySelectorAll(".cm-lineNumbers .cm-gutterElement")]
      .find((g) => Math.abs(g.getBoundingClientRect().top - r.top) < 4);
    return line?.textContent;
  });
  assert.equal(mark, "8");

  // Hovering the underlined text shows the message and its code.
  const box = await page.evaluate(() => {
    const r = document.querySelector(".cm-line .cm-lintRange-error").getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  await page.mouse.move(box.x, box.y);
  await waitFor(page, () => document.querySelector(".cm-tooltip-lint") !== null);
  assert.match(await page.textContent(".cm-tooltip-lint"), /Unknown trap type!/);
  await page.screenshot({ path: path.join(OUT, "editor-error-desktop.png") });

  // Tab indents with two spaces; one Ctrl+Z takes them back.
  await page.click(".cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Tab");
  assert.equal(await wholeText(page), LEVEL + "  ");
  await page.keyboard.press("Control+Z");
  await waitFor(page, (t) => document.querySelector("[data-testid=editor]").vwText() === t, LEVEL);

  // A long text: PageDown moves the caret one screen down and scrolls
  // with it, not to the end of the text.
  const long = Array.from({ length: 400 }, (_, i) => `# line ${i + 1}`).join("\n");
  await replaceText(page, long);
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("PageDown");
  await waitFor(page, () => document.querySelector(".cm-scroller").scrollTop > 0);
  const after = await page.evaluate(() => {
    const s = document.querySelector(".cm-scroller");
    return { active: document.querySelector(".cm-activeLine")?.textContent, top: s.scrollTop, height: s.clientHeight };
  });
  const line = Number(after.active?.replace("# line ", ""));
  assert.ok(line > 10 && line < 100, `PageDown went to "${after.active}"`);
  assert.ok(after.top > 0 && after.top < after.height * 2, `scrolled to ${after.top}`);
  // The lines drawn are the ones in sight (the page holds no more than a
  // few screens of them).
  const count = await page.locator(".cm-line").count();
  assert.ok(count < 200, `${count} lines drawn`);
  assert.ok(await page.evaluate((l) => [...document.querySelectorAll(".cm-line")].some((e) => e.textContent === `# line ${l}`), line));

  // A phone: the editor fills its pane and keeps its gutter.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click("[data-testid=pane-tabs] button:has-text('Source')");
  await page.waitForTimeout(250);
  const fit = await page.evaluate(() => {
    const e = document.querySelector(".cm-editor").getBoundingClientRect();
    const g = document.querySelector(".cm-gutters").getBoundingClientRect();
    return { width: e.width, gutter: g.width, page: document.documentElement.scrollWidth };
  });
  assert.ok(fit.width <= 390 && fit.page <= 390, JSON.stringify(fit));
  assert.ok(fit.gutter > 20 && fit.gutter < 80, JSON.stringify(fit));
  await page.screenshot({ path: path.join(OUT, "editor-phone.png") });
  assert.deepEqual(errors, []);
}));
