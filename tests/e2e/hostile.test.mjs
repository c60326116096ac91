// Hostile names in the studio: a level named like a path is refused with a
// finding (no file to export), and a name with a bidirectional override
// shows the override as an escape instead of reading backwards.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { OUT, launch, openStudio, startServer, waitFor, withStudio } from "./harness.mjs";

fs.mkdirSync(OUT, { recursive: true });

function fixture(name, text) {
  const file = path.join(OUT, name);
  fs.writeFileSync(file, text);
  return file;
}

async function open(page, file, shown = path.basename(file)) {
  await page.setInputFiles("[data-testid=open-file]", file);
  await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, shown);
}

const PATH_LEVEL = [
  'LEVEL: "/tmp/vw"',
  "GEOMETRY:center,center",
  "MAP",
  "...",
  "ENDMAP",
  "$place = { (0,0) }",
  "",
].join("\n");

test("a level named like a path is refused with a finding, and nothing can be exported", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await open(page, fixture("path-name.des", PATH_LEVEL));
  const refused = () => [...document.querySelectorAll(".diag.error .diag-msg")].some((d) => /cannot be used as a file name/.test(d.textContent));
  await waitFor(page, refused);
  assert.match(await page.textContent(".exports"), /no binaries while there are errors/);
  assert.equal(await page.locator("[data-testid=artifact]").count(), 0);
  await page.screenshot({ path: path.join(OUT, "hostile-path-name.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, "hostile-path-name-phone.png") });
  assert.deepEqual(errors, []);
}));

test("a bidirectional override in a vault's name or a file's name is shown, never obeyed", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  const vault = "NAME: evil\u202Etluav_gnp\nMAP\n@.\nENDMAP\n";
  await open(page, fixture("invoice\u202Esed.des", vault), "invoicesed.des");
  await waitFor(page, () => document.querySelector("[data-testid=outline]")?.dataset.current.includes("\\u{202e}"));
  const label = await page.getAttribute("[data-testid=outline]", "data-current");
  assert.ok(!label.includes("\u202E"), "the override reached the outline");
  assert.match(label, /evil\\u\{202e\}tluav_gnp/);
  assert.deepEqual(errors, []);
}));

/** A permalink hash carrying `state`, as the studio writes one. */
function linkTo(state) {
  const json = JSON.stringify({ state, v: 1 });
  return "#v1." + zlib.deflateSync(Buffer.from(json), { level: 9 }).toString("base64url");
}

const PUSHED = "NAME: pushed\nMAP\nxxx\nx.x\nxxx\nENDMAP\n";

test("a page on another site that opens the studio cannot add documents or names files unseen", async () => {
  const studio = await startServer();
  const site = path.join(OUT, "another-site");
  fs.mkdirSync(site, { recursive: true });
  fs.writeFileSync(path.join(site, "index.html"), "<!doctype html><title>another site</title><p>another site</p>");
  const other = await startServer({ root: () => site });
  const { context, page, errors } = await launch();
  const pushed = (i) => studio.url + linkTo({
    language: "dcss-des", target: "nethack-3.4.3", explicit_target: false, name: `pushed${i}.des`,
    source: PUSHED, symbol: 0, seed: 1, view: "map",
    names: [{ name: "fork.names", text: "monster: evil twin\n" }],
  });
  try {
    await page.goto(other.url);
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate((u) => { window.studio = window.open(u); }, pushed(0)),
    ]);
    popup.on("pageerror", (e) => errors.push(String(e)));
    await popup.waitForSelector(".cm-content", { timeout: 20000 });
    const said = () => popup.locator("[data-testid=message]").textContent();
    await waitFor(popup, () => /Another page sent a link to pushed0\.des/.test(document.querySelector("[data-testid=message]")?.textContent ?? ""));
    // The message names the site that sent it.
    assert.ok((await said()).includes(`from ${other.url.replace(/\/$/, "")}`), await said());
    await popup.setViewportSize({ width: 390, height: 844 });
    await popup.screenshot({ path: path.join(OUT, "hostile-link-offered-phone.png") });
    await popup.setViewportSize({ width: 1400, height: 900 });
    const before = await popup.locator("[data-testid=documents] option").count();
    // The page pushes four more links: each is offered, none added.
    for (let i = 1; i <= 4; i++) {
      await page.evaluate((u) => { window.studio.location = u; }, pushed(i));
      await waitFor(popup, (n) => (document.querySelector("[data-testid=message]")?.textContent ?? "").includes(n), `pushed${i}.des`);
    }
    assert.equal(await popup.locator("[data-testid=documents] option").count(), before, "nothing added");
    await popup.screenshot({ path: path.join(OUT, "hostile-link-offered.png") });
    // The user opens the last one: one document, and its names file off.
    await popup.click("[data-testid=offer]");
    await waitFor(popup, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "pushed4.des");
    assert.equal(await popup.locator("[data-testid=documents] option").count(), before + 1);
    assert.match(await said(), /kept off until you turn them on/);
    await popup.click("[data-testid=names]");
    const row = popup.locator("[data-testid=names-panel] li", { hasText: "fork.names" });
    assert.equal(await row.locator("input[type=checkbox]").isChecked(), false, "the link's names file is off");
    await popup.screenshot({ path: path.join(OUT, "hostile-link-names-off.png") });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await studio.close();
    await other.close();
  }
});
