// Vaultwright service worker: precaches every file of the build (the list
// and version are written into this file by `cargo xtask` after Trunk
// builds) and serves them offline. A new build has a new version, so the
// next load installs it and drops the old caches.
//
// A redeploy must never leave a returning visitor with a page that names
// files the host no longer has. Static hosts send `Cache-Control:
// max-age=…`, so a plain fetch during install could take the *old*
// index.html from the browser's HTTP cache and store it beside the new
// hashed files. Every precache request therefore goes to the network
// (`cache: "reload"`), and the new cache is only kept when its page names
// the build's own files; otherwise the install fails and the old worker
// keeps serving the old, consistent build until the next try.
//
// Each file is fetched with `cache: "reload"`: a static host's `max-age`
// must not put the old `index.html` beside the new hashed files, which broke
// every reload of a returning visitor once the HTTP cache expired. A cache
// whose page does not name the build's own files fails the install, so the
// old worker keeps serving the old, consistent build. The page registers it
// with `updateViaCache: "none"`; `tests/e2e/update.test.mjs` redeploys
// behind `max-age=600` and expires the HTTP cache.
const VERSION = "__VW_VERSION__";
const PRECACHE = __VW_PRECACHE__;
const CACHE = "vaultwright-" + VERSION;

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    PRECACHE.map(async (url) => {
      const res = await fetch(new Request(url, { cache: "reload" }));
      if (!res.ok) throw new Error(`precache ${url}: HTTP ${res.status}`);
      await cache.put(url, res);
    })
  );
  const page = await cache.match("./index.html");
  const text = page ? await page.text() : "";
  const hashed = PRECACHE.filter((u) => /vaultwright-web-[^/]*\.(js|wasm)$/.test(u));
  const stale = hashed.filter((u) => !text.includes(u.replace(/^\.\//, "")));
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
