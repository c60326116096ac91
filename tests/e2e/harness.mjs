// Shared pieces of the browser tests: a static server for dist/ on
// 127.0.0.1, a persistent Chromium context (playwright-core, Debian's
// chromium), and small helpers for the studio's editor and canvas.
import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DIST = path.join(ROOT, "dist");
export const SHARED = process.env.VAULTWRIGHT_SHARED || path.join(ROOT, "../shared");
export const OUT = path.join(ROOT, "target/e2e");
fs.mkdirSync(OUT, { recursive: true });

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm",
  ".css": "text/css", ".png": "image/png", ".webmanifest": "application/manifest+json",
};

/**
 * A static server on 127.0.0.1 for the build `root()` names (dist/ by
 * default, read at each request so a test can redeploy), every file sent
 * with `cacheControl`; `requests` counts the GETs of each path.
 */
export async function startServer({ root = () => DIST, cacheControl = "no-cache", gzip = false } = {}) {
  if (!fs.existsSync(path.join(root(), "index.html"))) throw new Error("dist/ is missing: run `cargo xtask dist` first");
  const sockets = new Set();
  const requests = new Map();
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
    requests.set(p, (requests.get(p) || 0) + 1);
    if (p.endsWith("/")) p += "index.html";
    const dir = root();
    const f = path.join(dir, p);
    if (!f.startsWith(dir) || !fs.existsSync(f) || fs.statSync(f).isDirectory()) { res.writeHead(404); res.end(); return; }
    const headers = { "content-type": TYPES[path.extname(f)] || "application/octet-stream", "cache-control": cacheControl };
    let body = fs.readFileSync(f);
    // As a static host serves: compressed for a browser that takes it.
    if (gzip && /gzip/.test(req.headers["accept-encoding"] || "") && /\.(html|js|wasm|css|webmanifest)$/.test(f)) {
      body = zlib.gzipSync(body, { level: 9 });
      headers["content-encoding"] = "gzip";
    }
    res.writeHead(200, headers);
    res.end(body);
  });
  server.on("connection", (s) => { sockets.add(s); s.on("close", () => sockets.delete(s)); });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    requests,
    close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  };
}

export const CHROME_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
];

export async function launch(extra = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vaultwright-e2e-"));
  const opened = await launchIn(dir, extra);
  const closeContext = opened.context.close.bind(opened.context);
  opened.context.close = async () => {
    await closeContext();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return opened;
}

/**
 * A browser on the profile in `dir`, kept when it closes: closing and
 * launching again is a user closing the browser and coming back.
 */
export async function launchIn(dir, extra = {}) {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROME_ARGS,
    viewport: { width: 1400, height: 860 },
    acceptDownloads: true,
    permissions: ["clipboard-read", "clipboard-write"],
    ...extra,
  });
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(20000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // The page's Content-Security-Policy must allow everything the studio
  // does: a refusal is an error in every test.
  page.on("console", (m) => {
    if (m.type() === "error" && /Content.Security.Policy/i.test(m.text())) errors.push(`CSP: ${m.text()}`);
  });
  return { context, page, errors, dir };
}

/**
 * Runs `body({ page, errors, server })` in a fresh browser profile against a
 * fresh server for dist/, and closes both afterwards, whatever happens.
 * `extra` goes to the browser context (viewport, touch, …).
 */
export async function withStudio(body, extra = {}) {
  const server = await startServer();
  const { context, page, errors } = await launch(extra);
  try {
    return await body({ page, errors, server });
  } finally {
    await context.close();
    await server.close();
  }
}

/**
 * Waits until the service worker is activated and controls the page (the
 * next load is controlled; on a loaded machine the first reload can race
 * the worker's claim, so a second one is allowed).
 */
export async function untilWorkerControls(page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === "activated", null, { timeout: 30000 });
  for (let attempt = 0; ; attempt++) {
    await page.reload();
    try {
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 10000 });
      return;
    } catch (e) {
      if (attempt >= 2) throw e;
    }
  }
}

export async function openStudio(page, url) {
  await page.goto(url);
  await page.waitForSelector(".cm-content", { timeout: 20000 });
  await page.waitForSelector("[data-testid=outline]", { timeout: 20000, state: "attached" });
}

export async function editorText(page) {
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll(".cm-line")].map((l) => l.textContent);
    return lines.join("\n");
  });
}

/** Replaces the whole editor text as a user would (select all, type). */
export async function replaceText(page, text) {
  await page.click(".cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

export async function canvasData(page) {
  return page.evaluate(() => document.querySelector("canvas[data-testid=tilemap]").toDataURL());
}

/** Client coordinates of the centre of map cell (x, y). */
export async function cellPoint(page, x, y) {
  return page.evaluate(([x, y]) => {
    const c = document.querySelector("canvas[data-testid=tilemap]");
    const r = c.getBoundingClientRect();
    const w = parseFloat(c.dataset.cellW), h = parseFloat(c.dataset.cellH);
    return { x: r.left + (x + 0.5) * w, y: r.top + (y + 0.5) * h };
  }, [x, y]);
}

export async function waitFor(page, fn, arg, timeout = 10000) {
  await page.waitForFunction(fn, arg, { timeout });
}

/** A 40×40 vault whose `x` cells become stone wall or floor by seed. */
export function substVault() {
  const rows = [];
  for (let y = 0; y < 40; y++) {
    let row = "";
    for (let x = 0; x < 40; x++) {
      const edge = x === 0 || y === 0 || x === 39 || y === 39;
      row += edge ? "x" : (x + y) % 7 === 0 ? "x" : ".";
    }
    rows.push(row);
  }
  const text = `NAME: e2e_faces\nTAGS: no_rotate no_hmirror no_vmirror\nSUBST: x = c.\nMAP\n${rows.join("\n")}\nENDMAP\n`;
  return { text, substituted: rows.join("").split("").filter((c) => c === "x").length };
}

/** The command line to run, not built here: $VAULTWRIGHT_BIN, else a
 *  debug or release build of this tree; null when there is none. */
export function builtBinary() {
  const candidates = process.env.VAULTWRIGHT_BIN
    ? [path.resolve(ROOT, process.env.VAULTWRIGHT_BIN)]
    : [path.join(ROOT, "target/debug/vaultwright"), path.join(ROOT, "target/release/vaultwright")];
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

/** The command line built from this tree (debug), built if missing. */
export function cliBinary() {
  const dir = process.env.CARGO_TARGET_DIR || path.join(ROOT, "target");
  const bin = path.join(dir, "debug/vaultwright");
  if (!fs.existsSync(bin)) execFileSync("cargo", ["build", "-q", "-p", "vaultwright-cli"], { cwd: ROOT, stdio: "inherit" });
  return bin;
}

/** The editor's whole text (the page draws only the lines in sight). */
export async function wholeText(page) {
  return page.evaluate(() => document.querySelector("[data-testid=editor]").vwText());
}

/** The files of a zip the studio wrote (stored entries, as it writes
 *  them): path → text. */
export function unzipStored(buffer) {
  const files = new Map();
  let at = 0;
  while (at + 30 <= buffer.length && buffer.readUInt32LE(at) === 0x04034b50) {
    const size = buffer.readUInt32LE(at + 18);
    const nameLength = buffer.readUInt16LE(at + 26);
    const extra = buffer.readUInt16LE(at + 28);
    const name = buffer.subarray(at + 30, at + 30 + nameLength).toString("utf8");
    const start = at + 30 + nameLength + extra;
    files.set(name, buffer.subarray(start, start + size).toString("utf8"));
    at = start + size;
  }
  return files;
}

/** What clicking (or pressing) `act` downloads: its name and bytes. */
export async function downloaded(page, act) {
  const [download] = await Promise.all([page.waitForEvent("download"), act()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

/** Writes a file for the page to open (under target/e2e) and returns its path. */
export function fixtureFile(name, text) {
  const file = path.join(OUT, name);
  fs.writeFileSync(file, text);
  return file;
}

/** Opens `file` through the studio's Open button and waits until it is shown. */
export async function openFile(page, file) {
  await page.setInputFiles("[data-testid=open-file]", file);
  await waitFor(page, (n) => document.querySelector("[data-testid=documents]")?.selectedOptions[0]?.textContent === n, path.basename(file));
}

/** Where crawl's Lua library is fetched from (web/src/crawl_library.rs). */
export const CRAWL_REPOSITORY = "https://raw.githubusercontent.com/crawl/crawl/";
export const CORPUS_DLUA = path.join(SHARED, "corpus/dcss/dlua");

/** Answers the page's fetches of crawl's repository from the corpus's copy
 *  of the library (crawl's dat/dlua at the pinned commit); returns the
 *  paths asked for. */
export async function serveCrawlLibrary(page) {
  const asked = [];
  await page.route(`${CRAWL_REPOSITORY}**`, (route) => {
    const url = new URL(route.request().url());
    const rel = url.pathname.split("/crawl-ref/source/dat/dlua/")[1] ?? "";
    const file = path.join(CORPUS_DLUA, rel);
    asked.push(url.pathname);
    if (!rel || !file.startsWith(CORPUS_DLUA) || !fs.existsSync(file)) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ status: 200, contentType: "text/plain", body: fs.readFileSync(file, "utf8") });
  });
  return asked;
}
