// Hostile names in the studio: a level named like a path is refused with a
// finding (no file to export), and a name with a bidirectional override
// shows the override as an escape instead of reading backwards.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { OUT, openStudio, waitFor, withStudio } from "./harness.mjs";

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
