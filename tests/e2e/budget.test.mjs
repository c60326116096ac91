// Timing harness (prints figures; budgets are read by people, not asserted):
// edit → views repainted for the largest corpus file, first load to
// interactive on loopback, and the gzipped size of the build.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { DIST, SHARED, startServer, launch, openStudio, substVault, cellPoint, serveCrawlLibrary } from "./harness.mjs";

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

test("budget figures", async () => {
  // Size: wasm + JS + CSS, gzipped.
  let total = 0;
  const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).forEach((e) => {
    const f = path.join(d, e.name);
    if (e.isDirectory()) walk(f);
    else if (/\.(wasm|js|css)$/.test(e.name) && e.name !== "sw.js") total += zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length;
  });
  walk(DIST);
  console.log(`BUDGET size: wasm+js+css gzipped = ${(total / 1024).toFixed(1)} KB (budget 600 KB)`);

  const dir = path.join(SHARED, "corpus/nethack-3.4.3/des");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".des")).map((f) => path.join(dir, f));
  assert.ok(files.length > 0, "the corpus is needed for the timing harness");
  const largest = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];

  const server = await startServer();
  const { context, page } = await launch();
  try {
    const t0 = Date.now();
    await openStudio(page, server.url);
    await page.waitForFunction(() => performance.getEntriesByName("vw-interactive").length > 0);
    const interactive = await page.evaluate(() => performance.getEntriesByName("vw-interactive")[0].startTime);
    console.log(`BUDGET first load to interactive: ${interactive.toFixed(0)} ms (wall ${Date.now() - t0} ms; budget 500 ms)`);

    await page.setInputFiles("[data-testid=open-file]", largest);
    await page.waitForFunction((n) => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === n, path.basename(largest));
    await page.waitForTimeout(300);
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    await page.evaluate(() => performance.clearMeasures());
    const n = 40;
    for (let i = 0; i < n; i++) {
      await page.keyboard.insertText(i % 2 ? "#" : "\n");
      await page.waitForFunction((k) => performance.getEntriesByName("vw-edit").length >= k, i + 1, { timeout: 5000 });
    }
    const edits = await page.evaluate(() => performance.getEntriesByName("vw-edit").map((e) => e.duration));
    const analyze = await page.evaluate(() => performance.getEntriesByName("vw-analyze").map((e) => e.duration));
    console.log(`BUDGET edit→repaint on ${path.basename(largest)} (${fs.statSync(largest).size} bytes, ${n} edits): ` +
      `p50 ${percentile(edits, 50).toFixed(1)} ms, p95 ${percentile(edits, 95).toFixed(1)} ms, max ${Math.max(...edits).toFixed(1)} ms (budget p95 16 ms); ` +
      `analysis alone p95 ${percentile(analyze, 95).toFixed(1)} ms`);
    assert.equal(edits.length, n);

    // Every NetHack file, not only the largest: views differ in cost.
    // Each key is also timed as the user waits for it: from its input
    // event to the frame that shows it (budget p95 16 ms up to 150 KB).
    await page.evaluate(() => {
      window.vwKeyFrames = [];
      document.addEventListener("input", () => {
        const t = performance.now();
        requestAnimationFrame(() => setTimeout(() => window.vwKeyFrames.push(performance.now() - t), 0));
      }, true);
    });
    const worst = [];
    const keys = [];
    for (const f of [...files, path.join(dir, "dungeon.def")].sort()) {
      if (!fs.existsSync(f)) continue;
      await page.setInputFiles("[data-testid=open-file]", f);
      // The largest file, opened and edited above, opens again beside
      // its edited copy: the list numbers the second ("castle.des · 2").
      await page.waitForFunction((n) => {
        const shown = document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent;
        return shown === n || shown?.startsWith(`${n} · `);
      }, path.basename(f));
      await page.waitForTimeout(150);
      await page.click(".cm-content");
      await page.keyboard.press("Control+End");
      await page.evaluate(() => { performance.clearMeasures(); window.vwKeyFrames = []; });
      const k = 20;
      for (let i = 0; i < k; i++) {
        await page.keyboard.insertText(i % 2 ? "#" : "\n");
        await page.waitForFunction((j) => performance.getEntriesByName("vw-edit").length >= j, i + 1, { timeout: 5000 });
      }
      const xs = await page.evaluate(() => performance.getEntriesByName("vw-edit").map((e) => e.duration));
      worst.push([path.basename(f), percentile(xs, 95)]);
      keys.push([path.basename(f), percentile(await page.evaluate(() => window.vwKeyFrames), 95)]);
    }
    // The same keys in CodeMirror alone (the studio's editor with no app
    // around it, on an empty page of the same origin): what the browser
    // and the editor need on this machine, whatever the app does.
    const bare = await context.newPage();
    await bare.goto(server.url + "bare-editor-floor");
    const bridgeJs = (await fetch(server.url).then((r) => r.text())).match(/href="?(\/?snippets\/[^" >]+\/js\/bridge\.js)/)[1];
    const css = (await fetch(server.url).then((r) => r.text())).match(/href="?(\/?studio-[^" >]+\.css)/)[1];
    const floor = [];
    for (const f of [...files, path.join(dir, "dungeon.def")].sort()) {
      if (!fs.existsSync(f)) continue;
      await bare.evaluate(async ({ text, bridgeJs, css }) => {
        document.body.innerHTML = `<link rel="stylesheet" href="${css}"><div id="host" style="height:90vh;width:650px"></div>`;
        const { createEditor } = await import(bridgeJs);
        window.floorEditor?.destroy();
        window.floorEditor = createEditor(document.getElementById("host"), text, "floor", () => {}, () => {}, () => "");
        window.vwKeyFrames = [];
        if (!window.listening) {
          window.listening = true;
          document.addEventListener("input", () => {
            const t = performance.now();
            requestAnimationFrame(() => setTimeout(() => window.vwKeyFrames.push(performance.now() - t), 0));
          }, true);
        }
      }, { text: fs.readFileSync(f, "utf8"), bridgeJs, css });
      await bare.click(".cm-content");
      await bare.keyboard.press("Control+End");
      await bare.waitForTimeout(100);
      await bare.evaluate(() => { window.vwKeyFrames = []; });
      for (let i = 0; i < 20; i++) {
        await bare.keyboard.insertText(i % 2 ? "#" : "\n");
        await bare.waitForFunction((j) => window.vwKeyFrames.length >= j, i + 1);
        await bare.waitForTimeout(30);
      }
      floor.push(percentile(await bare.evaluate(() => window.vwKeyFrames), 95));
    }
    await bare.close();
    const median = (xs) => percentile(xs, 50);
    console.log(`BUDGET keystroke→next frame p95, median over the ${keys.length} NetHack files: studio ${median(keys.map((k) => k[1])).toFixed(1)} ms, ` +
      `CodeMirror alone on the same files ${median(floor).toFixed(1)} ms (worst ${Math.max(...floor).toFixed(1)}); budget 16 ms`);
    worst.sort((a, b) => b[1] - a[1]);
    keys.sort((a, b) => b[1] - a[1]);
    console.log(`BUDGET edit→repaint p95 per NetHack file (${worst.length} files, 20 edits each; budget 16 ms): ` +
      worst.map(([n, v]) => `${n} ${v.toFixed(1)}`).join(", "));
    console.log(`BUDGET keystroke→next frame p95 per NetHack file (budget 16 ms): ` +
      keys.map(([n, v]) => `${n} ${v.toFixed(1)}`).join(", "));

    // NetHack 5.0 Lua levels: each edit runs the script for the seed and
    // redraws the level (budget p95 16 ms). The keys keep the script
    // valid (a comment grows), so every edit is a full run.
    const dat = path.join(SHARED, "corpus/nethack-3.7/dat");
    const lua = [];
    for (const name of ["castle.lua", "minetn-1.lua", "medusa-1.lua", "bigrm-3.lua"]) {
      const f = path.join(dat, name);
      await page.setInputFiles("[data-testid=open-file]", f);
      await page.waitForFunction((n) => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === n, name);
      await page.waitForTimeout(150);
      await page.click(".cm-content");
      await page.keyboard.press("Control+End");
      await page.evaluate(() => performance.clearMeasures());
      for (let i = 0; i < 20; i++) {
        await page.keyboard.insertText(i % 2 ? " x" : "\n--");
        await page.waitForFunction((j) => performance.getEntriesByName("vw-edit").length >= j, i + 1, { timeout: 5000 });
      }
      const xs = await page.evaluate(() => performance.getEntriesByName("vw-edit").map((e) => e.duration));
      const an = await page.evaluate(() => performance.getEntriesByName("vw-analyze").map((e) => e.duration));
      lua.push(`${name} ${percentile(xs, 95).toFixed(1)} (analysis ${percentile(an, 95).toFixed(1)})`);
    }
    console.log(`BUDGET edit→repaint p95 per Lua level (20 edits each; budget 16 ms): ` + lua.join(", "));

    // The largest file of any corpus the studio loads (a DCSS vault file).
    const dcssRoot = path.join(SHARED, "corpus/dcss/des");
    const all = [];
    const walkDes = (d) => fs.readdirSync(d, { withFileTypes: true }).forEach((e) => {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walkDes(f);
      else if (e.name.endsWith(".des")) all.push(f);
    });
    walkDes(dcssRoot);
    const biggest = all.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    await page.setInputFiles("[data-testid=open-file]", biggest);
    await page.waitForFunction((n) => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === n, path.basename(biggest), { timeout: 20000 });
    await page.waitForTimeout(500);
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    await page.evaluate(() => performance.clearMeasures());
    // 60 edits, so that p95 is not simply the slowest one.
    const m = 60;
    for (let i = 0; i < m; i++) {
      await page.keyboard.insertText(i % 2 ? "#" : "\n");
      await page.waitForFunction((k) => performance.getEntriesByName("vw-edit").length >= k, i + 1, { timeout: 10000 });
    }
    const big = await page.evaluate(() => performance.getEntriesByName("vw-edit").map((e) => e.duration));
    const bigAnalyze = await page.evaluate(() => performance.getEntriesByName("vw-analyze").map((e) => e.duration));
    console.log(`BUDGET edit→repaint on ${path.basename(biggest)} (${fs.statSync(biggest).size} bytes, ${m} edits): ` +
      `p50 ${percentile(big, 50).toFixed(1)} ms, p95 ${percentile(big, 95).toFixed(1)} ms (budget p95 16 ms); analysis alone p95 ${percentile(bigAnalyze, 95).toFixed(1)} ms`);

    const parts = await page.evaluate(() => ["vw-core", "vw-tokens", "vw-diags"].map((n) => [n, performance.getEntriesByName(n).map((e) => e.duration)]));
    console.log(`BUDGET float.des parts (p50/p95 ms): ` + parts.map(([n, xs]) => xs.length ? `${n} ${percentile(xs, 50).toFixed(1)}/${percentile(xs, 95).toFixed(1)} (${xs.length})` : `${n} none`).join(", "));

    // What a user waits for a key: from the input event to the frame after
    // it, the browser's own work included (budget p95 33 ms on float.des).
    // The keys come as fast as the browser shows them.
    await page.evaluate(() => {
      window.vwKeyFrames = [];
      document.querySelector(".cm-content").addEventListener("input", () => {
        const t = performance.now();
        requestAnimationFrame(() => setTimeout(() => window.vwKeyFrames.push(performance.now() - t), 0));
      });
    });
    for (let i = 0; i < 40; i++) {
      await page.keyboard.insertText(i % 2 ? "#" : "\n");
      await page.waitForFunction((k) => window.vwKeyFrames.length >= k, i + 1, { timeout: 10000 });
    }
    const frames = await page.evaluate(() => window.vwKeyFrames);
    console.log(`BUDGET keystroke→next frame on ${path.basename(biggest)}, 40 keys (all work, the browser's layout included; budget p95 33 ms): ` +
      `p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms`);

    // DCSS analysis of the whole corpus in wasm, as the studio opens each
    // file (parse, check, outline, the first vault's preview).
    const texts = all.map((f) => fs.readFileSync(f, "utf8"));
    const bytes = all.reduce((n, f) => n + fs.statSync(f).size, 0);
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await page.evaluate((t) => window.vwBenchDcss(t), texts));
    const best = Math.min(...runs);
    assert.ok(best > 0, "the wasm benchmark hook ran");
    console.log(`BUDGET DCSS analysis as the studio opens a file, in wasm: ${all.length} files, ${(bytes / 1048576).toFixed(2)} MiB, ` +
      `best of 5 ${best.toFixed(1)} ms = ${(bytes / 1048576 / (best / 1000)).toFixed(1)} MiB/s ` +
      `(runs: ${runs.map((r) => r.toFixed(0)).join(", ")} ms)`);

    // Painting castle.des: a pencil stroke → one edit → analysis → views repainted.
    const castle = path.join(dir, "castle.des");
    await page.setInputFiles("[data-testid=open-file]", castle);
    // Edited above, castle.des opens again beside its copy ("castle.des · 2").
    await page.waitForFunction(() => /^castle\.des( · \d+)?$/.test(document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent ?? ""));
    await page.waitForSelector("canvas[data-testid=tilemap]");
    await page.click("[data-testid=paint]");
    await page.evaluate(() => performance.clearMeasures());
    const strokes = 30;
    for (let i = 0; i < strokes; i++) {
      await page.click(`[data-testid=palette] .swatch[data-key='${i % 2 ? "." : "}"}']`);
      // Floor of the big west room (the map part sits at (9, 3)).
      // (each cell painted moat, then floor again: every stroke changes the text)
      const j = Math.floor(i / 2);
      const p = await cellPoint(page, 16 + (j % 5), 12 + (Math.floor(j / 5) % 3));
      await page.mouse.click(p.x, p.y);
      await page.waitForFunction((k) => performance.getEntriesByName("vw-stroke").length >= k, i + 1, { timeout: 10000 });
    }
    const painted = await page.evaluate(() => performance.getEntriesByName("vw-stroke").map((e) => e.duration));
    console.log(`BUDGET paint stroke→repaint on castle.des (${strokes} strokes): ` +
      `p50 ${percentile(painted, 50).toFixed(1)} ms, p95 ${percentile(painted, 95).toFixed(1)} ms (budget p95 16 ms)`);

    // The seed grid: 16 realisations of a 40×40 vault, realised and drawn.
    await page.setInputFiles("[data-testid=open-file]", { name: "grid.des", mimeType: "text/plain", buffer: Buffer.from(substVault().text) });
    await page.waitForFunction(() => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "grid.des");
    await page.selectOption("[data-testid=faces-mode]", "16");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=faces] canvas.face-canvas").length === 16);
    await page.evaluate(() => performance.clearMeasures());
    const grids = 20;
    for (let i = 0; i < grids; i++) {
      await page.fill("[data-testid=seed]", String(100 + i));
      await page.press("[data-testid=seed]", "Enter");
      await page.waitForFunction((k) => performance.getEntriesByName("vw-faces").length >= k, i + 1, { timeout: 10000 });
    }
    const faces = await page.evaluate(() => performance.getEntriesByName("vw-faces").map((e) => e.duration));
    console.log(`BUDGET 16-seed grid of a 40×40 DCSS vault, realised and drawn (${grids} seeds): ` +
      `p50 ${percentile(faces, 50).toFixed(1)} ms, p95 ${percentile(faces, 95).toFixed(1)} ms (budget 100 ms)`);

    // Lua-driven vaults, with crawl's library fetched (served from the
    // corpus's copy in place of crawl's repository): an edit inside the
    // vault runs its Lua again for the view (budget p95 50 ms).
    await serveCrawlLibrary(page);
    await page.click("[data-testid=names]");
    await page.click("[data-testid=fetch-library]");
    await page.waitForFunction(() => /Held in this browser/.test(document.querySelector("[data-testid=library-status]")?.textContent ?? ""), null, { timeout: 30000 });
    await page.keyboard.press("Escape");
    const luaVaults = [
      ["variable/float.des", ': decorative_floor(_G, \'?\', "mop and bucket")'],
      ["builder/layout.des", "extend_map{width=gxm, height=gym, fill='x'}"],
    ];
    const driven = [];
    for (const [rel, line] of luaVaults) {
      const f = path.join(dcssRoot, rel);
      await page.setInputFiles("[data-testid=open-file]", f);
      const name = path.basename(f);
      await page.waitForFunction((n) => new RegExp(`^${n.replace(".", "\\.")}( · \\d+)?$`).test(document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent ?? ""), name, { timeout: 20000 });
      await page.click(".cm-content");
      await page.evaluate((t) => {
        const ed = document.querySelector("[data-testid=editor]").vwEditor;
        const at = ed.text.indexOf(t);
        if (at < 0) throw new Error(`not in the text: ${t}`);
        ed.setCursor(at + t.length);
      }, line);
      await page.waitForFunction(() => [...document.querySelectorAll(".view-notes li")].some((n) => /Lua ran for this seed/.test(n.textContent)), null, { timeout: 20000 });
      await page.evaluate(() => performance.clearMeasures());
      for (let i = 0; i < 20; i++) {
        await page.keyboard.insertText(i % 2 ? "x" : " --");
        await page.waitForFunction((k) => performance.getEntriesByName("vw-edit").length >= k, i + 1, { timeout: 20000 });
      }
      const xs = await page.evaluate(() => performance.getEntriesByName("vw-edit").map((e) => e.duration));
      const an = await page.evaluate(() => performance.getEntriesByName("vw-analyze").map((e) => e.duration));
      driven.push(`${name} ${percentile(xs, 95).toFixed(1)} (analysis ${percentile(an, 95).toFixed(1)})`);
    }
    console.log(`BUDGET edit→repaint p95 inside a Lua-driven DCSS vault, crawl's library at hand (20 edits each; budget 50 ms): ` + driven.join(", "));
  } finally {
    await context.close();
    await server.close();
  }
});
