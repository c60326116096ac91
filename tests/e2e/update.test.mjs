// A redeploy must never break a returning visitor. Static hosts send
// `Cache-Control: max-age=…`, and a new service worker that filled its
// cache through the HTTP cache stored the *old* index.html beside the new
// hashed files: once the HTTP cache expired, the page named files the host
// no longer had and the studio did not load at all. This test deploys one
// build, then another with new hashed file names (the old ones gone),
// behind that header, and expects the new build after the cache expires.
import { test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DIST, OUT, launch, openStudio, startServer, untilWorkerControls } from "./harness.mjs";

const TEXT = new Set([".html", ".js", ".css", ".webmanifest"]);

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]);
}

const integrity = (bytes) => "sha384-" + crypto.createHash("sha384").update(bytes).digest("base64");

/**
 * The next build, as a redeploy brings it: every content-hashed file under
 * a new name (the old names gone), the page and the worker naming the new
 * ones, the worker a new version, and the page marked "B".
 */
function nextBuild(from) {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), "vaultwright-build-b-"));
  fs.cpSync(from, to, { recursive: true });
  const renames = [];
  for (const f of walk(to)) {
    const name = path.basename(f);
    const m = name.match(/-([0-9a-f]{8,})(?=(_bg)?\.(js|wasm|css)$)/);
    if (!m) continue;
    const newHash = [...m[1]].map((c) => (15 - parseInt(c, 16)).toString(16)).join("");
    const renamed = name.replace(m[1], newHash);
    fs.renameSync(f, path.join(path.dirname(f), renamed));
    renames.push([name, renamed]);
  }
  assert.ok(renames.length >= 2, `no hashed files found in ${from}`);
  const rewrite = (file, edit) => fs.writeFileSync(file, edit(fs.readFileSync(file, "utf8")));
  for (const f of walk(to).filter((f) => TEXT.has(path.extname(f)))) {
    rewrite(f, (text) => renames.reduce((t, [a, b]) => t.split(a).join(b), text));
  }
  const index = path.join(to, "index.html");
  rewrite(index, (page) => page
    // A file whose text named another changed: its integrity changes too.
    // (Trunk writes the page minified: attribute values may be unquoted.)
    .replace(/<link[^>]*>/g, (tag) => {
      const href = tag.match(/href="?\/?([^"\s>]+)"?/);
      if (!href || !/integrity=/.test(tag)) return tag;
      return tag.replace(/integrity="?[^"\s>]+"?/, `integrity="${integrity(fs.readFileSync(path.join(to, href[1])))}"`);
    })
    .replace(/<meta charset[^>]*>/, (charset) => `${charset}<meta name="vw-build" content="B">`));
  // The inline start-up script names the renamed files: the policy's hash
  // of it changes with it.
  rewrite(index, (page) => {
    const inline = [...page.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => `'sha256-${crypto.createHash("sha256").update(m[1]).digest("base64")}'`);
    return page.replace(/('sha256-[^']*'\s*)+/, inline.join(" ") + " ");
  });
  rewrite(path.join(to, "sw.js"), (sw) => sw.replace(/const VERSION = "([^"]*)"/, 'const VERSION = "$1b"'));
  return to;
}

/** Polls `check` (awaited) until it is true; `explain` says why not. */
async function until(ms, check, explain) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${await explain()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const versionOf = (dir) => fs.readFileSync(path.join(dir, "sw.js"), "utf8").match(/const VERSION = "([^"]*)"/)[1];

test("a redeploy behind an HTTP cache: the returning visitor gets the new build, never a broken page", async () => {
  const buildA = DIST;
  const buildB = nextBuild(buildA);
  let root = buildA;
  // As static hosts and CDNs serve it.
  const host = await startServer({ root: () => root, cacheControl: "public, max-age=600" });
  const { context, page, errors } = await launch();
  try {
    await openStudio(page, host.url);
    await untilWorkerControls(page);
    // Deploy B: A's hashed files are gone from the host. The visitor comes
    // back; the worker of A serves A, and the browser finds worker B.
    root = buildB;
    await page.reload();
    await page.waitForSelector(".cm-content", { timeout: 20000 });
    const [a, b] = [versionOf(buildA), versionOf(buildB)];
    await until(60000, () => page.evaluate(async ([a, b]) => {
      const keys = await caches.keys();
      return keys.includes(`vaultwright-${b}`) && !keys.includes(`vaultwright-${a}`);
    }, [a, b]), async () => `caches: ${await page.evaluate(() => caches.keys())}`);
    // Worker B's page is B's own, whatever the HTTP cache held.
    const cached = await page.evaluate(async (b) => {
      const cache = await caches.open(`vaultwright-${b}`);
      const res = await cache.match("./index.html");
      return res ? res.text() : `no page in the cache; caches: ${await caches.keys()}`;
    }, b);
    assert.match(cached, /name="vw-build" content="B"/, "the new cache holds the old page");
    // The HTTP cache expires; the next visits load B and work.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    for (let visit = 0; visit < 2; visit++) {
      await page.reload();
      await page.waitForSelector(".cm-content", { timeout: 20000 });
      await page.waitForSelector("[data-testid=outline]", { timeout: 20000, state: "attached" });
      assert.equal(await page.getAttribute("meta[name=vw-build]", "content"), "B");
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await host.close();
    fs.rmSync(buildB, { recursive: true, force: true });
  }
});

test("the first visit downloads each file of the build once: the worker takes the hashed files the page fetched", async () => {
  // As a host that lets nothing be reused unchecked (`no-cache`, no
  // validators): only a request that takes what the browser holds can
  // spare the second download.
  const host = await startServer({ cacheControl: "no-cache" });
  const { context, page, errors } = await launch();
  try {
    await openStudio(page, host.url);
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === "activated", null, { timeout: 30000 });
    const hashed = [...host.requests.keys()].filter((p) => /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$|\/vaultwright-web-[0-9a-f]{16}\//.test(p));
    assert.ok(hashed.some((p) => p.endsWith(".wasm")) && hashed.some((p) => p.endsWith(".css")), JSON.stringify([...host.requests]));
    const twice = hashed.filter((p) => host.requests.get(p) !== 1).map((p) => `${p} ×${host.requests.get(p)}`);
    assert.deepEqual(twice, [], "each hashed file fetched once");
    // And the worker holds them: offline, the studio still opens, and its
    // core (a worker of its own, with files of its own) answers.
    await untilWorkerControls(page);
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector(".cm-content", { timeout: 20000 });
    await page.waitForFunction(() => !document.querySelector("[data-testid=core-loading]") && /\S/.test(document.querySelector("[data-testid=outline]")?.textContent ?? ""), null, { timeout: 20000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await host.close();
  }
});

test("before the code has loaded the page says it is loading, at desktop and phone size; the studio takes its place", async () => {
  const host = await startServer();
  const { context, page, errors } = await launch();
  try {
    // Hold the wasm until the waiting page has been looked at.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route("**/*.wasm", async (route) => { await held; await route.continue(); });
    await page.goto(host.url);
    const boot = page.locator("#vw-boot");
    await boot.waitFor({ state: "visible", timeout: 10000 });
    assert.match(await boot.innerText(), /Vaultwright\s+Loading the studio…/);
    assert.equal(await page.locator(".boot-late").isVisible(), false, "the long-wait line waits");
    await page.screenshot({ path: path.join(OUT, "boot-desktop.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scroll");
    // No script has run: the OS's dark scheme is followed.
    await page.emulateMedia({ colorScheme: "dark" });
    assert.equal(await boot.evaluate((b) => getComputedStyle(b).backgroundColor), "rgb(21, 24, 29)");
    await page.screenshot({ path: path.join(OUT, "boot-phone.png") });
    // (The editor may already show the first example meanwhile: js/boot.js.)
    release();
    await page.waitForSelector(".app:not(.boot-studio) .cm-content", { timeout: 30000 });
    await page.waitForFunction(() => !document.getElementById("vw-boot"), null, { timeout: 10000 })
      .catch(() => assert.fail("the loading page is gone"));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await host.close();
  }
});

test("the page carries a Content-Security-Policy that allows its own scripts and wasm only", async () => {
  const page = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
  const policy = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/);
  assert.ok(policy, "index.html has no Content-Security-Policy");
  const directives = Object.fromEntries(policy[1].split(";").map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  assert.deepEqual(directives["default-src"], ["'self'"]);
  assert.deepEqual(directives["object-src"], ["'none'"]);
  const scripts = directives["script-src"];
  assert.ok(scripts.includes("'self'") && scripts.includes("'wasm-unsafe-eval'"), scripts.join(" "));
  assert.ok(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'"), scripts.join(" "));
  assert.ok(!scripts.some((s) => /^https?:|\*/.test(s)), "no script from elsewhere");
  // The one other origin: where crawl's Lua library is fetched, as text.
  assert.deepEqual(directives["connect-src"], ["'self'", "https://raw.githubusercontent.com"]);
  // It comes before the first script, so it governs all of them.
  assert.ok(page.indexOf("Content-Security-Policy") < page.indexOf("<script"));
  // Every test's page load listens for refusals (harness.mjs): the
  // studio running under it is checked across the whole suite.
});
