// DCSS in the studio: names files of the user's game (kept in this
// browser, active or not), cells a seed cuts off shaded, and markers drawn
// by what they do with a table of their events.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";
import { OUT, fixtureFile, openFile, openStudio, waitFor, withStudio } from "./harness.mjs";

fs.mkdirSync(OUT, { recursive: true });

const FORK_VAULT = "NAME: fork_guard\nMONS: deep elf mage\nMAP\n@.1.\nENDMAP\n";

test("a names file makes a fork's monster known, is kept across a reload, and can be switched off", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await openFile(page, fixtureFile("fork.des", FORK_VAULT));
  const unknown = () => [...document.querySelectorAll(".diag.error .diag-msg")].some((d) => /deep elf mage/.test(d.textContent));
  await waitFor(page, unknown);
  await page.click("[data-testid=names]");
  await page.waitForSelector("[data-testid=names-panel]");
  await page.setInputFiles("[data-testid=add-names]", fixtureFile("fork.names", "# my fork\nmonster: deep elf mage\n"));
  await waitFor(page, () => /1 active/.test(document.querySelector("[data-testid=names-panel]").textContent));
  await page.screenshot({ path: path.join(OUT, "dcss-names-panel.png") });
  const known = () => ![...document.querySelectorAll(".diag.error .diag-msg")].some((d) => /deep elf mage/.test(d.textContent));
  await waitFor(page, known);
  assert.match(await page.textContent("[data-testid=names]"), /Names \(1\)/);
  // Kept in this browser.
  await page.waitForTimeout(400);
  await page.reload();
  await openStudio(page, server.url);
  await waitFor(page, () => /Names \(1\)/.test(document.querySelector("[data-testid=names]")?.textContent ?? ""));
  // Switched off, the monster is unknown again.
  await page.click("[data-testid=names]");
  await page.locator("[data-testid=names-panel] .names-list input[type=checkbox]").first().uncheck();
  await waitFor(page, unknown);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, "dcss-names-panel-phone.png") });
  assert.deepEqual(errors, []);
}));

const SEEDED = [
  "NAME: walled_and_triggered",
  "TAGS: no_rotate no_hmirror no_vmirror",
  "SUBST: A = x.",
  "MARKER: F = lua:fog_machine { cloud_type = \"flame\", pow_max = 5, delay = 10, size = 2 }",
  "{{",
  "local tf = TriggerableFunction:new { func = \"callback.open\", props = { primary_name = \"gate\" } }",
  "tf:add_triggerer(DgnTriggerer:new { type = \"player_los\" })",
  "lua_marker('P', tf)",
  "lua_marker('r', props_marker { replica_to = \"gate\" })",
  "}}",
  "MAP",
  "xxxxxxxxxxx",
  "@.F.P.x...x",
  "x.....A.r.x",
  "x.r...x...x",
  "xxxxxxxxxxx",
  "ENDMAP",
  "",
].join("\n");

for (const [w, h, tag] of [[1400, 900, "desktop"], [390, 844, "phone"]]) {
  test(`cut-off cells are shaded and markers drawn by kind, with their events listed (${tag})`, () => withStudio(async ({ page, errors, server }) => {
    await page.setViewportSize({ width: w, height: h });
    await openStudio(page, server.url);
    await openFile(page, fixtureFile("seeded.des", SEEDED));
    if (tag === "phone") await page.locator("[data-testid=pane-tabs] button", { hasText: "View" }).click();
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await waitFor(page, () => [...document.querySelectorAll(".diag")].some((d) => /DC0400|cut walkable cells off/.test(d.textContent)));
    const legend = await page.locator("[data-testid=legend-row]").allTextContents();
    assert.ok(legend.some((r) => /fog machine/.test(r)), `no fog machine in ${legend.join(" | ")}`);
    assert.ok(legend.some((r) => /trigger/.test(r)), `no trigger in ${legend.join(" | ")}`);
    await page.screenshot({ path: path.join(OUT, `dcss-seeded-${tag}.png`) });
    await page.locator(".view-tabs [role=tab]", { hasText: "entity table" }).click();
    await page.waitForSelector(".entity-table");
    const table = await page.textContent(".entity-table");
    assert.match(table, /when this spot comes into view: calls `callback.open`/);
    await page.screenshot({ path: path.join(OUT, `dcss-markers-table-${tag}.png`) });
    assert.deepEqual(errors, []);
  }));
}

/** A permalink hash carrying `state`, as the studio writes one. */
function linkTo(state) {
  const json = JSON.stringify({ state, v: 1 });
  return "#v1." + zlib.deflateSync(Buffer.from(json), { level: 9 }).toString("base64url");
}

test("a link never replaces the user's names file: one of the same name is kept beside it", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  await openFile(page, fixtureFile("fork.des", FORK_VAULT));
  await page.click("[data-testid=names]");
  await page.setInputFiles("[data-testid=add-names]", fixtureFile("fork.names", "# mine\nmonster: deep elf mage\n"));
  await waitFor(page, () => /Names \(1\)/.test(document.querySelector("[data-testid=names]")?.textContent ?? ""));
  await page.waitForTimeout(400);
  const hash = linkTo({
    language: "dcss-des", target: "nethack-3.4.3", explicit_target: false, name: "theirs.des",
    source: FORK_VAULT, symbol: 0, seed: 1, view: "map",
    names: [{ name: "fork.names", text: "# theirs\nmonster: evil twin\n" }],
  });
  await page.goto(server.url + hash);
  await page.waitForSelector(".cm-content");
  await waitFor(page, () => /kept beside them as fork\.names \(from link\)/.test(document.querySelector("[data-testid=message]")?.textContent ?? ""));
  // The link's file is kept off: only the user's is active.
  assert.match(await page.textContent("[data-testid=names]"), /Names \(1\)/);
  // Both survive a reload, the user's as it was.
  await page.waitForTimeout(400);
  await page.goto(server.url);
  await openStudio(page, server.url);
  await waitFor(page, () => /Names \(1\)/.test(document.querySelector("[data-testid=names]")?.textContent ?? ""));
  await page.click("[data-testid=names]");
  const listed = await page.textContent("[data-testid=names-panel]");
  assert.match(listed, /fork\.names \(from link\)/);
  assert.match(listed, /fork\.names/);
  const row = (name) => page.locator("[data-testid=names-panel] li").filter({ has: page.locator("label", { hasText: new RegExp(`^ ${name.replace(/[().]/g, "\\$&")} $`) }) });
  assert.equal(await row("fork.names").locator("input[type=checkbox]").isChecked(), true, "the user's file stays on");
  assert.equal(await row("fork.names (from link)").locator("input[type=checkbox]").isChecked(), false, "the link's is off");
  await page.screenshot({ path: path.join(OUT, "names-from-link.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, "names-from-link-phone.png") });
  assert.deepEqual(errors, []);
}));

test("a text that mentions <svg> and carries a link is opened as text, not as a picture", () => withStudio(async ({ page, errors, server }) => {
  await openStudio(page, server.url);
  const hidden = linkTo({
    language: "nethack-des", target: "nethack-3.4.3", explicit_target: false, name: "smuggled.des",
    source: "MAZE:\"smuggled\",' '\n", symbol: 0, seed: 1, view: "map",
  });
  const text = `# exported with <svg> pictures in mind\n# <metadata id="vaultwright-state">${hidden}</metadata>\n${FORK_VAULT}`;
  await openFile(page, fixtureFile("notes.des", text));
  await waitFor(page, () => document.querySelector("[data-testid=editor]")?.vwText?.().includes("exported with <svg>"));
  assert.equal(await page.evaluate(() => [...document.querySelectorAll("[data-testid=documents] option")].some((o) => o.textContent === "smuggled.des")), false);
  assert.deepEqual(errors, []);
}));

// A vault placing subvaults of its own file: each is chosen by its tag,
// merged where its glyphs stand, and drawn with its own meaning.
const SUBVAULTS = [
  "NAME: shrine_hall",
  "TAGS: no_rotate no_hmirror no_vmirror",
  "SUBVAULT: A : hall_shrine",
  "SUBVAULT: B : hall_guard",
  "MAP",
  "xxxxxxxxx",
  "x.......x",
  "x.AAA.B.x",
  "x.AAA...@",
  "x.AAA...x",
  "xxxxxxxxx",
  "ENDMAP",
  "",
  "NAME: hall_shrine_zin",
  "TAGS: hall_shrine",
  "KFEAT: _ = altar_zin",
  "MAP",
  "lll",
  "l_l",
  "lll",
  "ENDMAP",
  "",
  "NAME: hall_guard_goblin",
  "TAGS: hall_guard",
  "MONS: goblin",
  "MAP",
  "1",
  "ENDMAP",
  "",
].join("\n");

for (const [w, h, tag] of [[1400, 900, "desktop"], [390, 844, "phone"]]) {
  test(`a SUBVAULT of the file's own maps is drawn merged, with the subvault's meaning (${tag})`, () => withStudio(async ({ page, errors, server }) => {
    await page.setViewportSize({ width: w, height: h });
    await openStudio(page, server.url);
    await openFile(page, fixtureFile("subvaults.des", SUBVAULTS));
    if (tag === "phone") await page.locator("[data-testid=pane-tabs] button", { hasText: "View" }).click();
    await page.waitForSelector("canvas[data-testid=tilemap]");
    const rows = () => [...document.querySelectorAll("[data-testid=legend-row]")].map((r) => r.textContent);
    await waitFor(page, () => [...document.querySelectorAll("[data-testid=legend-row]")].some((r) => /altar of Zin/.test(r.textContent)));
    const legend = await page.evaluate(rows);
    assert.ok(legend.some((r) => /altar of Zin, from a SUBVAULT/.test(r)), legend.join(" | "));
    assert.ok(legend.some((r) => /lava/.test(r)), legend.join(" | "));
    assert.ok(legend.some((r) => /goblin/.test(r)), legend.join(" | "));
    await page.screenshot({ path: path.join(OUT, `dcss-subvault-${tag}.png`) });
    assert.deepEqual(errors, []);
  }));
}
