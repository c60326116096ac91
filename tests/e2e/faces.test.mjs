// Every face of a random level: a grid of seeds with the differing cells
// shaded, a face chosen as the main seed, two seeds side by side, and all
// of it carried by a permalink.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { OUT, launch, openStudio, startServer, substVault, waitFor, withStudio } from "./harness.mjs";

async function openVault(page) {
  const { text } = substVault();
  await page.setInputFiles("[data-testid=open-file]", { name: "faces.des", mimeType: "text/plain", buffer: Buffer.from(text) });
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "faces.des");
  await page.waitForSelector("[data-testid=faces-mode]");
}

const faceSeeds = (page) => page.$$eval("[data-testid=faces] .face", (fs) => fs.map((f) => f.dataset.seed));

test("a grid of 16 seeds shows distinct faces, shades what differs, and a face becomes the main seed", () => withStudio(async ({ page, errors, server }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openStudio(page, server.url);
  await openVault(page);
  await page.selectOption("[data-testid=faces-mode]", "16");
  await waitFor(page, () => document.querySelectorAll("[data-testid=faces] canvas.face-canvas").length === 16);
  // Sixteen different realisations of the vault.
  const glyphs = await page.$$eval("[data-testid=faces] canvas.face-canvas", (cs) => cs.map((c) => c.dataset.glyphs));
  assert.equal(new Set(glyphs).size, 16, "every seed gives another face");
  assert.ok(glyphs.every((g) => g.length === 1600 && !g.includes("x")), "x is substituted in every face");
  // Shaded: exactly the substituted cells (the floor never changes).
  const differing = Number(await page.getAttribute("[data-testid=faces]", "data-differing"));
  assert.equal(differing, substVault().substituted);
  assert.match(await page.locator(".faces-summary").textContent(), new RegExp(`16 seeds: ${differing} cells differ`));
  // The shade is drawn: a substituted corner cell is tinted, a floor cell is not.
  const tint = await page.evaluate(() => {
    const c = document.querySelector("[data-testid=faces] canvas.face-canvas");
    const px = (x, y) => [...c.getContext("2d").getImageData(x, y, 1, 1).data];
    return { edge: px(1, 1), floor: px(10 + 1, 16 + 1) };
  });
  assert.ok(tint.edge[0] > tint.floor[0] + 40, `shaded ${tint.edge} against ${tint.floor}`);
  // Fits its pane: no sideways scrolling.
  assert.ok(await page.evaluate(() => { const v = document.querySelector(".faces-view"); return v.scrollWidth <= v.clientWidth; }));
  await page.screenshot({ path: path.join(OUT, "faces-grid-desktop.png") });

  // Choosing the fourth face makes its seed the main one, first in the grid.
  const seeds = await faceSeeds(page);
  assert.deepEqual(seeds.slice(0, 4), ["1", "2", "3", "4"], "consecutive from the main seed");
  await page.click("[data-testid=faces] .face:nth-child(4) button");
  await waitFor(page, () => document.querySelector("[data-testid=seed]")?.value === "4");
  await waitFor(page, () => document.querySelector("[data-testid=faces] .face")?.dataset.seed === "4");
  // Scattered seeds: still sixteen, the main one first.
  await page.check("[data-testid=faces-scattered]");
  await waitFor(page, () => document.querySelector("[data-testid=faces] .face:nth-child(2)")?.dataset.seed !== "5");
  const scattered = await faceSeeds(page);
  assert.equal(scattered.length, 16);
  assert.equal(scattered[0], "4");
  assert.equal(new Set(scattered).size, 16);
  assert.deepEqual(errors, []);
}));

test("two seeds side by side mark their differences, and a link brings the grid back", async () => {
  const server = await startServer();
  const a = await launch();
  let hash;
  try {
    await a.page.setViewportSize({ width: 1400, height: 900 });
    await openStudio(a.page, server.url);
    await openVault(a.page);
    await a.page.selectOption("[data-testid=faces-mode]", "diff");
    await waitFor(a.page, () => document.querySelectorAll("[data-testid=faces] canvas.face-canvas").length === 2);
    assert.deepEqual(await faceSeeds(a.page), ["1", "2"]);
    await a.page.fill("[data-testid=other-seed]", "77");
    await a.page.press("[data-testid=other-seed]", "Enter");
    await waitFor(a.page, () => document.querySelector("[data-testid=faces] .face:nth-child(2)")?.dataset.seed === "77");
    const differing = Number(await a.page.getAttribute("[data-testid=faces]", "data-differing"));
    // Two seeds agree on about half the substituted cells.
    assert.ok(differing > 0 && differing < substVault().substituted, `${differing}`);
    assert.match(await a.page.locator(".faces-summary").textContent(), new RegExp(`seed 1 beside seed 77: ${differing} cells differ`));
    await a.page.screenshot({ path: path.join(OUT, "faces-diff-desktop.png") });
    await a.page.click("[data-testid=copy-link]");
    await waitFor(a.page, () => document.documentElement.dataset.lastLink?.startsWith("#v2."));
    hash = await a.page.evaluate(() => document.documentElement.dataset.lastLink);
    assert.deepEqual(a.errors, []);
  } catch (e) {
    await server.close();
    throw e;
  } finally {
    await a.context.close();
  }
  const b = await launch();
  try {
    await openStudio(b.page, server.url + hash);
    await waitFor(b.page, () => document.querySelectorAll("[data-testid=faces] canvas.face-canvas").length === 2);
    assert.equal(await b.page.inputValue("[data-testid=faces-mode]"), "diff");
    assert.equal(await b.page.inputValue("[data-testid=other-seed]"), "77");
    assert.deepEqual(await faceSeeds(b.page), ["1", "77"]);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.context.close();
    await server.close();
  }
});

test("the seed grid fits a phone", () => withStudio(async ({ page, errors, server }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openStudio(page, server.url);
  const { text } = substVault();
  await page.setInputFiles("[data-testid=open-file]", { name: "faces.des", mimeType: "text/plain", buffer: Buffer.from(text) });
  await waitFor(page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "faces.des");
  await page.click("[data-testid=pane-tabs] button:has-text('View')");
  await page.selectOption("[data-testid=faces-mode]", "9");
  await waitFor(page, () => document.querySelectorAll("[data-testid=faces] canvas.face-canvas").length === 9);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.equal(overflow, 0);
  const right = await page.evaluate(() => Math.max(...[...document.querySelectorAll(".face")].map((f) => f.getBoundingClientRect().right)));
  assert.ok(right <= 390, `faces end at ${right}`);
  await page.screenshot({ path: path.join(OUT, "faces-grid-phone.png") });
  assert.deepEqual(errors, []);
}));
