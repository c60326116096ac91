// The source editor itself: what it draws matches the text, a diagnostic
// is marked and explained where it is, keys that a textarea as tall as its
// text would get wrong (Tab, PageDown) do what an editor does, and undo is
// the browser's own.
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
  await waitFor(page, () => document.querySelector(".vw-diag-error") !== null);

  // The drawn lines are the text, line for line, and coloured by the core.
  const drawn = await page.evaluate(() => [...document.querySelectorAll(".vw-line")].map((l) => l.textContent));
  assert.deepEqual(drawn, LEVEL.split("\n"));
  assert.equal(await page.textContent(".vw-line .tok-keyword"), "MAZE");
  // The error's line has a marker in the gutter whose title is the message.
  const mark = await page.evaluate(() => {
    const m = document.querySelector(".vw-gutter-mark.vw-diag-error");
    return m && { line: m.parentElement.textContent, title: m.title };
  });
  assert.deepEqual(mark, { line: "8", title: "Unknown trap type!" });

  // Hovering the underlined text shows the message and its code.
  const box = await page.evaluate(() => {
    const r = document.querySelector(".vw-line .vw-diag-error").getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  await page.mouse.move(box.x, box.y);
  await waitFor(page, () => !document.querySelector(".vw-tooltip").hidden);
  assert.match(await page.textContent(".vw-tooltip"), /^Unknown trap type! \[NH\d+\]$/);
  await page.screenshot({ path: path.join(OUT, "editor-error-desktop.png") });

  // Tab indents with two spaces; one Ctrl+Z takes them back.
  await page.click(".vw-content");
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
  const after = await page.evaluate(() => {
    const s = document.querySelector(".vw-scroller");
    return { active: document.querySelector(".vw-activeLine")?.textContent, top: s.scrollTop, height: s.clientHeight };
  });
  const line = Number(after.active?.replace("# line ", ""));
  assert.ok(line > 10 && line < 100, `PageDown went to "${after.active}"`);
  assert.ok(after.top > 0 && after.top < after.height * 2, `scrolled to ${after.top}`);
  // The lines drawn are the ones in sight (the page holds no more than a
  // few screens of them).
  const count = await page.locator(".vw-line").count();
  assert.ok(count < 200, `${count} lines drawn`);
  assert.ok(await page.evaluate((l) => [...document.querySelectorAll(".vw-line")].some((e) => e.textContent === `# line ${l}`), line));

  // A phone: the editor fills its pane and keeps its gutter.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click("[data-testid=pane-tabs] button:has-text('Source')");
  await page.waitForTimeout(250);
  const fit = await page.evaluate(() => {
    const e = document.querySelector(".vw-editor").getBoundingClientRect();
    const g = document.querySelector(".vw-gutter").getBoundingClientRect();
    return { width: e.width, gutter: g.width, page: document.documentElement.scrollWidth };
  });
  assert.ok(fit.width <= 390 && fit.page <= 390, JSON.stringify(fit));
  assert.ok(fit.gutter > 20 && fit.gutter < 80, JSON.stringify(fit));
  await page.screenshot({ path: path.join(OUT, "editor-phone.png") });
  assert.deepEqual(errors, []);
}));
