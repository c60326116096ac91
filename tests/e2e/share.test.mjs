// Sharing one vault, not a file: a link to one vault of a large DCSS file
// opens that vault alone (seed and view kept, where it came from said);
// the reviewer's view opens on the map, read-only until the reader edits;
// an embed works inside a frame of a page on another origin, keeps
// nothing, and lets the keyboard leave.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { OUT, SHARED, editorText, launch, openStudio, startServer, waitFor } from "./harness.mjs";

const LARGEST = path.join(SHARED, "corpus/dcss/des/variable/float.des");

/**
 * A vault of `text` to share: one in the second half of the file, with a
 * map, that places no other vault and calls no Lua of the file, so that its
 * link carries it alone; with the line it starts on.
 */
function chooseVault(text) {
  const lines = text.split("\n");
  const starts = [];
  lines.forEach((l, i) => { if (/^NAME:/.test(l)) starts.push(i); });
  for (const [k, at] of starts.entries()) {
    if (k < starts.length / 2) continue;
    const block = lines.slice(at, starts[k + 1] ?? lines.length).join("\n");
    if (/\nMAP\n/.test(block) && !/SUBVAULT|^:|^\s*\{\{|^lua/m.test(block)) {
      return { name: lines[at].replace(/^NAME:\s*/, "").trim(), line: at + 1 };
    }
  }
  throw new Error("no vault to share in the file");
}

async function goToEntry(page, name) {
  // The outline lists the file's vaults once the core's worker has
  // analysed it (the editor shows the text before).
  await waitFor(page, () => !/nothing defined/.test(document.querySelector("[data-testid=outline]")?.dataset.current ?? "nothing defined"), null, 30000);
  await page.click("[data-testid=outline]");
  await page.fill("[data-testid=outline-filter]", name);
  await page.press("[data-testid=outline-filter]", "Enter");
  await waitFor(page, (n) => document.querySelector("[data-testid=outline]").dataset.current.startsWith(n + " "), name);
}

async function lastLink(page) {
  await waitFor(page, () => document.documentElement.dataset.lastLink?.startsWith("#v2."));
  return page.evaluate(() => document.documentElement.dataset.lastLink);
}

test("a link to one vault of a large DCSS file opens that vault alone, with its seed and view, in a fresh browser", async () => {
  assert.ok(fs.existsSync(LARGEST), `${LARGEST} is needed: the test shares one of its vaults`);
  const text = fs.readFileSync(LARGEST, "utf8");
  const vault = chooseVault(text);
  const server = await startServer();
  let hash;
  try {
    const a = await launch();
    try {
      await openStudio(a.page, server.url);
      await a.page.setInputFiles("[data-testid=open-file]", LARGEST);
      await waitFor(a.page, () => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "float.des", null, 30000);
      await goToEntry(a.page, vault.name);
      await a.page.fill("[data-testid=seed]", "77");
      await a.page.press("[data-testid=seed]", "Enter");
      await a.page.click("[data-testid=copy-entry-link]");
      hash = await lastLink(a.page);
      const said = await a.page.locator("[data-testid=message]").textContent();
      assert.match(said, new RegExp(`${vault.name}\\.des alone \\(from float\\.des, line ${vault.line}\\)`), said);
      const whole = fs.statSync(LARGEST).size;
      assert.ok(hash.length < 2000 && hash.length * 20 < whole, `the link (${hash.length}) carries the vault, not the file (${whole} bytes)`);
      // The outline's own button copies the same link.
      await a.page.click("[data-testid=outline]");
      await a.page.fill("[data-testid=outline-filter]", vault.name);
      await a.page.locator("[data-testid=outline-link]").first().click();
      assert.equal(await lastLink(a.page), hash);
    } finally {
      await a.context.close();
    }
    const b = await launch();
    try {
      await openStudio(b.page, server.url + "#");
      await b.page.goto(server.url + hash);
      await waitFor(b.page, (n) => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === n, `${vault.name}.des`);
      const said = await b.page.locator("[data-testid=message]").textContent();
      assert.match(said, new RegExp(`cut from float\\.des, line ${vault.line}`), said);
      const source = await editorText(b.page);
      assert.match(source, new RegExp(`^NAME:\\s*${vault.name}$`, "m"));
      assert.equal((source.match(/^NAME:/gm) || []).length, 1, "the vault alone");
      assert.match(await b.page.locator("[data-testid=outline]").textContent(), /1 of 1/);
      assert.equal(await b.page.inputValue("[data-testid=seed]"), "77");
      assert.equal(await b.page.locator(".view-tabs [aria-selected=true]").first().textContent(), "tile map");
      assert.ok(await b.page.locator("canvas[data-testid=tilemap]").isVisible(), "the vault is drawn");
      // The reader's own document is still there beside it.
      const docs = await b.page.locator("[data-testid=documents] option").count();
      assert.ok(docs >= 2, `the link opened beside the stored document (${docs} documents)`);
    } finally {
      await b.context.close();
    }
  } finally {
    await server.close();
  }
});

/** The reviewer's link of the vault the studio shows, from the Embed panel. */
async function reviewLink(page) {
  await page.click("[data-testid=embed]");
  const frame = await page.inputValue("[data-testid=embed-frame]");
  const src = frame.match(/src="([^"]+)"/)[1].replace(/&amp;/g, "&");
  assert.match(await page.inputValue("[data-testid=embed-markdown]"), /^\[!\[.+\]\(.+\.png\)\]\(http.+#v2\..+\)$/);
  await page.keyboard.press("Escape");
  return src;
}

const VAULTS = "NAME: first_vault\nMAP\nxxx\nx.x\nxxx\nENDMAP\n\n" +
  "NAME: review_me\nTAGS: transparent\nMONS: orc\nSUBST: ? = .x\nMAP\nxxxxxxx\nx.?1?.x\nx.....x\nxxx+xxx\nENDMAP\n";

async function openVaults(page, url) {
  await openStudio(page, url);
  const file = path.join(OUT, "review.des");
  fs.writeFileSync(file, VAULTS);
  await page.setInputFiles("[data-testid=open-file]", file);
  await waitFor(page, () => document.querySelector("[data-testid=documents]").selectedOptions[0]?.textContent === "review.des");
  await goToEntry(page, "review_me");
}

test("the reviewer's view opens on the map, read-only until the reader chooses to edit", async () => {
  const server = await startServer();
  try {
    const a = await launch();
    let link;
    try {
      await openVaults(a.page, server.url);
      link = await reviewLink(a.page);
    } finally {
      await a.context.close();
    }
    for (const [size, viewport] of [["desktop", { width: 1400, height: 900 }], ["phone", { width: 390, height: 844 }]]) {
      const b = await launch({ viewport, ...(size === "phone" ? { isMobile: true, hasTouch: true } : {}) });
      try {
        await b.page.goto(link);
        await b.page.waitForSelector("[data-testid=review-bar]");
        await b.page.waitForSelector("canvas[data-testid=tilemap]");
        assert.match(await b.page.locator("[data-testid=review-bar]").textContent(), /review_me\.des.*from review\.des, line 8.*read-only/);
        assert.ok(await b.page.locator("canvas[data-testid=tilemap]").isVisible(), "the map first");
        assert.ok(!(await b.page.locator(".editor-pane").isVisible()), "the source is aside");
        assert.ok(await b.page.locator("[data-testid=seed]").isVisible(), "seeds at hand");
        await b.page.screenshot({ path: path.join(OUT, `share-review-${size}.png`) });
        await b.page.click("[data-testid=review-source]");
        await waitFor(b.page, () => getComputedStyle(document.querySelector(".editor-pane")).display !== "none");
        assert.equal(await b.page.evaluate(() => document.querySelector(".cm-content").getAttribute("contenteditable") === "false"), true, "read-only");
        const before = await editorText(b.page);
        await b.page.click(".cm-content");
        await b.page.keyboard.type("zzz");
        assert.equal(await editorText(b.page), before, "typing changes nothing while reviewing");
        await b.page.screenshot({ path: path.join(OUT, `share-review-source-${size}.png`) });
        await b.page.click("[data-testid=review-edit]");
        await waitFor(b.page, () => !document.querySelector("[data-testid=review-bar]"));
        assert.equal(await b.page.evaluate(() => document.querySelector(".cm-content").getAttribute("contenteditable") === "false"), false, "editable once chosen");
      } finally {
        await b.context.close();
      }
    }
  } finally {
    await server.close();
  }
});

/** A page of another origin (`localhost`, the studio being on 127.0.0.1) with the embed between two buttons. */
async function hostPage(frameSnippet) {
  const html = `<!doctype html><meta charset=utf-8><title>A forum post</title>
<style>body{font:15px sans-serif;margin:16px} iframe{width:100%;max-width:720px;height:480px}</style>
<p>Look at this vault:</p><button id=before>before</button><br>${frameSnippet.replace(/width="720" height="480" /, "")}<br><button id=after>after</button>`;
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://localhost:${server.address().port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

test("an embed works inside a frame of a page on another origin: it keeps nothing and the keyboard can leave it", async () => {
  const server = await startServer();
  let host;
  try {
    const a = await launch();
    let snippet;
    try {
      await openVaults(a.page, server.url);
      await a.page.click("[data-testid=embed]");
      snippet = await a.page.inputValue("[data-testid=embed-frame]");
      assert.match(await a.page.inputValue("[data-testid=embed-link]"), /^http:\/\/127\.0\.0\.1:\d+\/#v2\./);
      await a.page.screenshot({ path: path.join(OUT, "share-embed-panel-desktop.png") });
    } finally {
      await a.context.close();
    }
    host = await hostPage(snippet);
    for (const [size, viewport] of [["desktop", { width: 1400, height: 900 }], ["phone", { width: 390, height: 844 }]]) {
      const b = await launch({ viewport });
      try {
        await b.page.goto(host.url);
        const frame = b.page.frameLocator("iframe");
        await frame.locator("canvas[data-testid=tilemap]").waitFor();
        const inner = b.page.frames().find((f) => f.url().startsWith(server.url));
        assert.ok(inner, "the studio runs in the frame");
        assert.notEqual(new URL(inner.url()).origin, new URL(host.url).origin, "on another origin");
        assert.ok(await frame.locator(".app.embedded").count() === 1);
        assert.ok(!(await frame.locator(".toolbar").isVisible()), "no file chrome in an embed");
        const open = frame.locator("[data-testid=open-studio]");
        assert.equal(await open.getAttribute("target"), "_blank");
        assert.match(await open.getAttribute("href"), /^http:\/\/127\.0\.0\.1:\d+\/#v2\./);
        assert.equal(await frame.locator("[data-testid=message].error").count(), 0, "no storage error shown");
        // Nothing kept: no database opened, no setting written.
        await b.page.waitForTimeout(600);
        // (This browser refuses a third-party frame its storage: an embed
        // that asked for it would have said so in its message bar.)
        const kept = await inner.evaluate(async () => ({
          dbs: await indexedDB.databases().then((d) => d.map((x) => x.name), () => []),
          local: (() => { try { return localStorage.length; } catch { return 0; } })(),
        }));
        assert.deepEqual(kept, { dbs: [], local: 0 }, "the embed keeps nothing");
        await b.page.screenshot({ path: path.join(OUT, `share-embed-${size}.png`), fullPage: true });
        // The keyboard goes in and comes out again.
        await b.page.focus("#before");
        let left = false, entered = false;
        for (let i = 0; i < 40 && !left; i++) {
          await b.page.keyboard.press("Tab");
          const where = await b.page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
          if (where === "IFRAME") entered = true;
          if (where === "after") left = true;
        }
        assert.ok(entered, "Tab goes into the embed");
        assert.ok(left, "Tab leaves the embed: no keyboard trap");
      } finally {
        await b.context.close();
      }
    }
  } finally {
    if (host) await host.close();
    await server.close();
  }
});

test("a link to the document keeps the view's zoom and the editor's cursor", async () => {
  const server = await startServer();
  let hash;
  const level = `MAZE:"zoomed",' '\nGEOMETRY:center,center\nMAP\n-----\n|...|\n-----\nENDMAP\n# the line the author was on\nTRAP:"arrow",(1,1)\n`;
  try {
    const a = await launch();
    try {
      await openStudio(a.page, server.url);
      await a.page.setViewportSize({ width: 1400, height: 900 });
      await a.page.setInputFiles("[data-testid=open-file]", { name: "zoomed.des", mimeType: "text/plain", buffer: Buffer.from(level) });
      await waitFor(a.page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "zoomed.des");
      await a.page.waitForSelector("canvas[data-testid=tilemap]");
      await a.page.click("button[aria-label='Zoom in']");
      await a.page.click("button[aria-label='Zoom in']");
      const zoom = await a.page.textContent("[data-testid=zoom]");
      await a.page.evaluate(() => {
        const ed = document.querySelector("[data-testid=editor]").vwEditor;
        ed.setCursor(ed.text.indexOf("# the line"));
      });
      await a.page.click("[data-testid=copy-link]");
      hash = await lastLink(a.page);
      assert.ok(zoom !== "fit", zoom);

      const b = await launch();
      try {
        await openStudio(b.page, server.url + "#");
        await b.page.goto(server.url + hash);
        await waitFor(b.page, () => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === "zoomed.des");
        await waitFor(b.page, () => document.querySelector(".cm-activeLine")?.textContent === "# the line the author was on");
        await waitFor(b.page, (z) => document.querySelector("[data-testid=zoom]")?.textContent === z, zoom);
      } finally {
        await b.context.close();
      }
    } finally {
      await a.context.close();
    }
  } finally {
    await server.close();
  }
});
