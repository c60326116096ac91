// Vaultwright service worker: precaches every file of the build (the list
// and version are written into this file by `cargo xtask` after Trunk
// builds) and serves them offline. A new build has a new version, so the
// next load installs it and drops the old cache.
const VERSION = "__VW_VERSION__";
const PRECACHE = __VW_PRECACHE__;
const CACHE = "vaultwright-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
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
