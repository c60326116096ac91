// A 3.6 level is a program: the editor shows what its run did in the seed
// drawn. Code a seed never reaches is faded, a loop says how many times it
// ran, hovering a variable shows its value there, and the cursor on a
// selection expression outlines its cells in the tile map.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { OUT, withStudio, openStudio, replaceText, waitFor } from "./harness.mjs";

const LEVEL = `MAZE: "trace", ' '
INIT_MAP: solidfill, ' '
$i = 0
LOOP [3] { $i = $i + 1 }
IF [$i == 3] {
  TERRAIN: rect (2,2,6,4), '.'
} ELSE {
  MESSAGE: "never"
}
STAIR: (4,3), up
`;

/** Client point at the middle of the `nth` occurrence of `needle` in the
 *  editor's line that contains `line`. */
async function pointAt(page, line, needle, nth = 0) {
  return page.evaluate(([line, needle, nth]) => {
    const el = [...document.querySelectorAll(".cm-line")].find((l) => l.textContent.includes(line));
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      let at = n.textContent.indexOf(needle);
      while (at >= 0) {
        if (seen++ === nth) {
          const r = document.createRange();
          r.setStart(n, at);
          r.setEnd(n, at + needle.length);
          const b = r.getBoundingClientRect();
          return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
        }
        at = n.textContent.indexOf(needle, at + 1);
      }
    }
    return null;
  }, [line, needle, nth]);
}

const selectedCells = (page) => page.evaluate(() => document.querySelector("canvas[data-testid=tilemap]")?.dataset.selectedCells);

test("the editor shows a 3.6 level's run: dimmed branches, loop counts, values, selections", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await replaceText(page, LEVEL);
  await waitFor(page, () => document.querySelector(".vw-run-hint") !== null);

  // The ELSE branch never runs ($i is 3 after the loop in every seed).
  const unrun = await page.evaluate(() => [...document.querySelectorAll(".vw-unrun")].map((e) => e.textContent).join(" "));
  assert.match(unrun, /"never"/);
  assert.doesNotMatch(unrun, /TERRAIN|LOOP|STAIR/);

  const hints = await page.evaluate(() => [...document.querySelectorAll(".vw-run-hint")].map((e) => e.textContent));
  assert.deepEqual(hints, ["ran 3 times"]);

  // Hovering the $i read inside the loop: the values it had there.
  const read = await pointAt(page, "LOOP [3]", "$i", 1);
  assert.ok(read, "the loop's $i is on screen");
  await page.mouse.move(read.x, read.y);
  await waitFor(page, () => document.querySelector(".vw-run-value") !== null);
  assert.equal(await page.textContent(".vw-run-value"), "$i here in this seed: 0, 1, 2");

  // The cursor on the rect line outlines its 12 border cells; elsewhere none.
  const rect = await pointAt(page, "TERRAIN: rect", "rect");
  await page.mouse.click(rect.x, rect.y);
  await waitFor(page, () => document.querySelector("canvas[data-testid=tilemap]")?.dataset.selectedCells === "12");
  await page.mouse.move(read.x, read.y);
  await waitFor(page, () => document.querySelector(".vw-run-value") !== null);
  await page.screenshot({ path: path.join(OUT, "screen-run36-desktop.png") });

  const stair = await pointAt(page, "STAIR", "STAIR");
  await page.mouse.click(stair.x, stair.y);
  await waitFor(page, () => document.querySelector("canvas[data-testid=tilemap]")?.dataset.selectedCells === "0");

  // Phone: the editor pane alone, with the same marks.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click("[data-testid=pane-tabs] button:has-text('Source')");
  await page.waitForTimeout(250);
  assert.ok(await page.evaluate(() => document.querySelector(".vw-run-hint")?.getBoundingClientRect().width > 0));
  await page.screenshot({ path: path.join(OUT, "screen-run36-phone.png") });
  assert.equal(await selectedCells(page), "0");
  assert.deepEqual(errors, []);
}));
