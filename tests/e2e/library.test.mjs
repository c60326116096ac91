// crawl's Lua library in the studio: fetched at the pinned commit (the
// test serves the corpus's copy in place of crawl's repository, which is
// the library at that commit) or opened from a dat folder, kept in this
// browser across a reload, and the vaults' Lua runs with it; without it
// the view says what is missing.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { CORPUS_DLUA, CRAWL_REPOSITORY, OUT, fixtureFile, openFile, openStudio, serveCrawlLibrary, waitFor, withStudio } from "./harness.mjs";

function haveLibrary(t) {
  if (fs.existsSync(path.join(CORPUS_DLUA, "dungeon.lua"))) return true;
  if (process.env.CI === "true") assert.fail(`${CORPUS_DLUA} is missing: the library tests need the corpus`);
  t.skip(`${CORPUS_DLUA} is missing`);
  return false;
}

// A vault whose Lua calls a helper of crawl's library (dlua/vault.lua).
const HELPED = [
  "NAME: garden_helped",
  "TAGS: no_rotate no_hmirror no_vmirror",
  ": decorative_floor(_G, 'p', \"flower patch\")",
  "MAP",
  "xxxxxxx",
  "x.ppp.x",
  "x.p@p.x",
  "x.ppp.x",
  "xxxxxxx",
  "ENDMAP",
  "",
].join("\n");

/** Waits until the view's notes (joined by new lines) match `re`, and
 *  (with `not`) do not match `not`. */
async function notesSay(page, re, not = null) {
  await page.waitForFunction(([src, nsrc]) => {
    const text = [...document.querySelectorAll(".view-notes li")].map((n) => n.textContent).join("\n");
    return new RegExp(src).test(text) && !(nsrc && new RegExp(nsrc).test(text));
  }, [re.source, not?.source ?? null], { timeout: 20000 });
}

test("fetched at the pinned commit, the library runs a vault's helpers, stays across a reload, and can be forgotten", (t) => {
  if (!haveLibrary(t)) return;
  return withStudio(async ({ page, errors, server }) => {
    const asked = await serveCrawlLibrary(page);
    await openStudio(page, server.url);
    await openFile(page, fixtureFile("helped.des", HELPED));
    await notesSay(page, /not at hand/);
    await notesSay(page, /decorative_floor/);
    await page.click("[data-testid=names]");
    await page.waitForSelector("[data-testid=library-section]");
    assert.match(await page.textContent("[data-testid=library-status]"), /Not held/);
    await page.click("[data-testid=fetch-library]");
    await waitFor(page, () => /Held in this browser: 73 Lua files from crawl\/crawl@5539bdd7ae/.test(document.querySelector("[data-testid=library-status]")?.textContent ?? ""));
    assert.equal(asked.length, 73);
    assert.ok(asked.every((p) => p.startsWith("/crawl/crawl/5539bdd7ae305739dd29112ad5d16cc14c077abe/crawl-ref/source/dat/dlua/")), asked[0]);
    await page.screenshot({ path: path.join(OUT, "library-panel.png") });
    await page.keyboard.press("Escape");
    // The helper's file is one the game's own vault files load, and crawl
    // runs all their preludes before any map: the vault's Lua runs with no
    // load of its own, and no finding asks for one.
    await notesSay(page, /Lua ran for this seed/, /not at hand/);
    assert.equal(await page.locator("button", { hasText: "load dlua/vault.lua at the top of the file" }).count(), 0);
    // Kept: a reload, with the network refused, still has it.
    await page.unroute(`${CRAWL_REPOSITORY}**`);
    await page.route(`${CRAWL_REPOSITORY}**`, (route) => route.abort());
    await page.reload();
    await openStudio(page, server.url);
    await notesSay(page, /Lua ran for this seed/);
    await page.screenshot({ path: path.join(OUT, "library-vault.png") });
    // Forgotten, the view says what is missing again, and after a reload too.
    await page.click("[data-testid=names]");
    await page.click("[data-testid=forget-library]");
    await waitFor(page, () => /Not held/.test(document.querySelector("[data-testid=library-status]")?.textContent ?? ""));
    await page.keyboard.press("Escape");
    await notesSay(page, /not at hand/);
    await page.reload();
    await openStudio(page, server.url);
    await notesSay(page, /not at hand/);
    assert.deepEqual(errors, []);
  });
});

test("a failed fetch changes nothing and says why", (t) => {
  if (!haveLibrary(t)) return;
  return withStudio(async ({ page, errors, server }) => {
    await page.route(`${CRAWL_REPOSITORY}**`, (route) => route.abort());
    await openStudio(page, server.url);
    await openFile(page, fixtureFile("helped.des", HELPED));
    await page.click("[data-testid=names]");
    await page.click("[data-testid=fetch-library]");
    await waitFor(page, () => /Could not fetch crawl's Lua library/.test(document.querySelector("[data-testid=message]")?.textContent ?? ""));
    assert.match(await page.textContent("[data-testid=library-status]"), /Not held/);
    assert.deepEqual(errors, []);
  });
});

for (const [w, h, tag] of [[1400, 900, "desktop"], [390, 844, "phone"]]) {
  test(`a dat folder opened once draws a layout at level size (${tag})`, (t) => {
    if (!haveLibrary(t)) return;
    return withStudio(async ({ page, errors, server }) => {
      await openStudio(page, server.url);
      await openFile(page, fixtureFile("donut.des", DONUT));
      await page.click("[data-testid=names]");
      // The folder as a user picks it: crawl's dat, holding dlua.
      const dat = path.join(OUT, "picked-dat");
      fs.rmSync(dat, { recursive: true, force: true });
      fs.mkdirSync(dat, { recursive: true });
      fs.cpSync(CORPUS_DLUA, path.join(dat, "dlua"), { recursive: true });
      fs.mkdirSync(path.join(dat, "des"), { recursive: true });
      // A vault file of the game's own: read too, as the index a vault's
      // Lua picks maps from.
      fs.writeFileSync(path.join(dat, "des", "rooms.des"), "NAME: x\nMAP\n.\nENDMAP\n");
      fs.writeFileSync(path.join(dat, "des", "README"), "not a vault file\n");
      await page.setInputFiles("[data-testid=open-dat]", dat);
      await waitFor(page, () => /Held in this browser: 73 Lua files and 1 vault file from picked-dat/.test(document.querySelector("[data-testid=library-status]")?.textContent ?? ""));
      await page.setViewportSize({ width: w, height: h });
      if (tag === "phone") await page.screenshot({ path: path.join(OUT, "library-panel-phone.png") });
      await page.keyboard.press("Escape");
      if (tag === "phone") await page.locator("[data-testid=pane-tabs] button", { hasText: "View" }).click();
      await notesSay(page, /Lua ran for this seed/);
      const label = await page.getAttribute("canvas[data-testid=tilemap]", "aria-label");
      assert.match(label, /80 by 70 cells/);
      await page.screenshot({ path: path.join(OUT, `library-layout-${tag}.png`) });
      if (tag === "desktop") {
        // The vault files came with the folder: a map of theirs is found
        // by name (the Lua stops on its assert otherwise).
        await openFile(page, fixtureFile("picker.des", "NAME: picker\n: assert(dgn.map_by_name('x'), 'no map x')\nMAP\n.\nENDMAP\n"));
        await waitFor(page, () => /1 by 1 cells/.test(document.querySelector("canvas[data-testid=tilemap]")?.getAttribute("aria-label") ?? ""));
        await notesSay(page, /Lua ran for this seed/, /stopped/);
      }
      assert.deepEqual(errors, []);
    });
  });
}

// A vault whose Lua stops where crawl's build of it stops (DC0315).
const STOPPING = [
  "NAME: altar_of_pieces",
  "TAGS: no_rotate no_hmirror no_vmirror",
  ": local pieces = 3",
  ": error(\"the altar needs \" .. pieces .. \" pieces\")",
  "MAP",
  "xxxxx",
  "x.C.@",
  "xxxxx",
  "ENDMAP",
  "",
].join("\n");

for (const [w, h, tag] of [[1400, 900, "desktop"], [390, 844, "phone"]]) {
  test(`a vault whose Lua stops with an error is a problem at its line, and the view says why (${tag})`, (t) => {
    if (!haveLibrary(t)) return;
    return withStudio(async ({ page, errors, server }) => {
      await serveCrawlLibrary(page);
      await openStudio(page, server.url);
      await openFile(page, fixtureFile("stopping.des", STOPPING));
      // Without the library no run is trusted to say so.
      await notesSay(page, /not at hand|stopped/);
      assert.equal(await page.locator("[data-testid=problems] .diag .diag-code", { hasText: "DC0315" }).count(), 0);
      await page.click("[data-testid=names]");
      await page.click("[data-testid=fetch-library]");
      await waitFor(page, () => /Held in this browser/.test(document.querySelector("[data-testid=library-status]")?.textContent ?? ""));
      await page.keyboard.press("Escape");
      await page.setViewportSize({ width: w, height: h });
      // On a phone the problems list is under the source, its tab's count
      // says so.
      if (tag === "phone") await waitFor(page, () => /Source \(1 error\)/.test(document.querySelector("[data-testid=pane-tabs]")?.textContent ?? ""));
      await page.waitForSelector("[data-testid=problems] .diag:has(.diag-code:text('DC0315'))", { timeout: 30000 });
      const text = await page.textContent("[data-testid=problems] .diag:has(.diag-code:text('DC0315'))");
      assert.match(text, /the vault's Lua stops here: the altar needs 3 pieces/);
      assert.match(text, /4:/, text);
      await page.screenshot({ path: path.join(OUT, `dcss-lua-stops-${tag}.png`) });
      if (tag === "phone") await page.locator("[data-testid=pane-tabs] button", { hasText: "View" }).click();
      await notesSay(page, /stopped at line 4 \(the altar needs 3 pieces\)/);
      assert.deepEqual(errors, []);
    });
  });
}

// A layout in crawl's way: the whole level, drawn by the library's and
// the builder's functions.
const DONUT = [
  "NAME: layout_donut_test",
  "DEPTH: D:2-",
  "ORIENT: encompass",
  "TAGS: overwritable layout allow_dup unrand",
  "{{",
  "  local gxm, gym = dgn.max_bounds()",
  "  extend_map{width=gxm, height=gym, fill='x'}",
  "  fill_area{x1=10, y1=10, x2=gxm-10, y2=gym-10, fill='.'}",
  "  fill_area{x1=25, y1=25, x2=gxm-25, y2=gym-25, fill='x'}",
  "  local fill = util.random_choose_weighted({ {'.', 10}, {'w', 5}, {'l', 1} })",
  "  octa_room{x1=30, y1=30, x2=gxm-30, y2=gym-30, oblique=3, replace='x', inside=fill}",
  "  mapgrd[12][12] = '{'",
  "  mapgrd[gxm-12][gym-12] = '}'",
  "}}",
  "MAP",
  "ENDMAP",
  "",
].join("\n");

// A vault whose Lua sorts through crawl's library (`dgn.random_item_def`
// calls `util.sort(t)`, one argument given of two) and asks the game's
// index for a map by tag, which a drawing does not have.
const WEAPONS = [
  "NAME: weapon_rack_test",
  "TAGS: no_rotate no_hmirror no_vmirror",
  ": local weapons = { [\"great mace\"] = 10, [\"glaive\"] = 5, [\"broad axe\"] = 5 }",
  ": kitem(\"d = \" .. dgn.random_item_def(weapons, \"freezing\", \"pre_id\"))",
  ": if not dgn.map_by_tag(\"special_room\") then kfeat(\"p = altar_trog\") end",
  "MAP",
  "xxx@xxx",
  "x.d.p.x",
  "x.....x",
  "xxxxxxx",
  "ENDMAP",
  "",
].join("\n");

for (const [w, h, tag] of [[1400, 900, "desktop"], [390, 844, "phone"]]) {
  test(`a vault sorting through the library draws, and says what the game's index would give (${tag})`, (t) => {
    if (!haveLibrary(t)) return;
    return withStudio(async ({ page, errors, server }) => {
      await serveCrawlLibrary(page);
      await openStudio(page, server.url);
      await openFile(page, fixtureFile("weapons.des", WEAPONS));
      await page.click("[data-testid=names]");
      await page.click("[data-testid=fetch-library]");
      await waitFor(page, () => /Held in this browser/.test(document.querySelector("[data-testid=library-status]")?.textContent ?? ""));
      await page.keyboard.press("Escape");
      await page.setViewportSize({ width: w, height: h });
      if (tag === "phone") await page.locator("[data-testid=pane-tabs] button", { hasText: "View" }).click();
      await notesSay(page, /Lua ran for this seed/);
      await notesSay(page, /`dgn\.map_by_tag` found no map/, /cut off/);
      const legend = (await page.locator("[data-testid=legend-row]").allTextContents()).join("\n");
      assert.match(legend, /altar/i);
      assert.match(legend, /great mace|glaive|broad axe/);
      await page.screenshot({ path: path.join(OUT, `library-sorted-${tag}.png`) });
      assert.deepEqual(errors, []);
    });
  });
}

// A layout whose Lua never ends: nothing is drawn, and the view says why
// and where, in place of an empty map.
const ENDLESS = [
  "NAME: layout_endless_test",
  "ORIENT: encompass",
  "TAGS: overwritable layout",
  "{{",
  "  local n = 0",
  "  while true do n = n + crawl.random2(3) end",
  "}}",
  "",
].join("\n");

for (const [w, h, tag] of [[1400, 900, "desktop"], [390, 844, "phone"]]) {
  test(`a map-less vault whose Lua stops says why in place of a drawing (${tag})`, () =>
    withStudio(async ({ page, errors, server }) => {
      await page.setViewportSize({ width: w, height: h });
      await openStudio(page, server.url);
      await openFile(page, fixtureFile("endless.des", ENDLESS));
      if (tag === "phone") await page.locator("[data-testid=pane-tabs] button", { hasText: "View" }).click();
      await page.waitForSelector("[data-testid=empty-drawing]", { timeout: 20000 });
      const said = await page.textContent("[data-testid=empty-drawing]");
      assert.match(said, /Nothing drawn for layout_endless_test/);
      assert.match(said, /stopped at line 6 \(ran past 2 million steps/);
      assert.match(said, /nothing is drawn: its map is made in Lua/);
      assert.match(said, /`vaultwright render` runs a vault's Lua up to 1000 million steps/);
      assert.equal(await page.locator("canvas[data-testid=tilemap]").count(), 0);
      await page.screenshot({ path: path.join(OUT, `lua-stopped-${tag}.png`) });
      assert.deepEqual(errors, []);
    }));
}
