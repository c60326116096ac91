// Vaultwright service worker: precaches every file of the build (the list
// and version are written into this file by `cargo xtask` after Trunk
// builds) and serves them offline. A new build has a new version, so the
// next load installs it and drops the old caches.
//
// A redeploy must never leave a returning visitor with a page that names
// files the host no longer has. Static hosts send `Cache-Control:
// max-age=…`, so a plain fetch during install could take the *old*
// index.html from the browser's HTTP cache and store it beside the new
// hashed files. Every file not named by its hash is therefore fetched from
// the network (`cache: "reload"`), and the new cache is only kept when its
// page names the build's own files; otherwise the install fails and the
// old worker keeps serving the old, consistent build until the next try.
// The page registers the worker with `updateViaCache: "none"`;
// `tests/e2e/update.test.mjs` redeploys behind `max-age=600` and expires
// the HTTP cache, and counts the downloads of a first visit.
const VERSION = "__VW_VERSION__";
const PRECACHE = __VW_PRECACHE__;
const CACHE = "vaultwright-" + VERSION;

// A file whose name carries its content's hash (Trunk's
// `name-<hash>.js|wasm|css`, and the snippets under the crate's hashed
// folder) is the same file wherever it comes from: the worker takes it
// from the browser's HTTP cache when the page just fetched it
// (`force-cache`, which reuses a stored copy even behind `no-cache`), so a
// first visit downloads the build once. Every other file is fetched anew.
const CONTENT_HASHED = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$|\/vaultwright-web-[0-9a-f]{16}\//;

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    PRECACHE.map(async (url) => {
      const mode = CONTENT_HASHED.test(url) ? "force-cache" : "reload";
      const res = await fetch(new Request(url, { cache: mode }));
      if (!res.ok) throw new Error(`precache ${url}: HTTP ${res.status}`);
      await cache.put(url, res);
    })
  );
  const page = await cache.match("./index.html");
  const text = page ? await page.text() : "";
  const hashed = PRECACHE.filter((u) => /vaultwright-web-[^/]*\.(js|wasm)$/.test(u));
  const stale = hashed.filter((u) => !text.includes(u.replace(/^\.\//, "")));
  // The core's worker is started by its loader, which names its files.
  const loader = await cache.match("./vaultwright-core_loader.js");
  const loads = loader ? await loader.text() : "";
  const core = PRECACHE.filter((u) => /vaultwright-core-[0-9a-f]{16}(_bg)?\.(js|wasm)$/.test(u));
  stale.push(...core.filter((u) => !loads.includes(u.replace(/^\.\//, ""))));
  if (!page || stale.length > 0) {
    await caches.delete(CACHE);
    throw new Error("the page fetched does not belong to this build: " + stale.join(", "));
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("vaultwright-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    event.respondWith(
      caches.match("./index.html", { cacheName: CACHE }).then((hit) => hit || fetch(req))
    );
    return;
  }
  event.respondWith(
    caches.match(req, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit || fetch(req))
  );
});
