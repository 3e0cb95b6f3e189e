// Papan's service worker: keeps one build of the app for offline play.
//
// `cargo xtask build-web` fills in VERSION (a hash of every served file) and
// FILES (all of them), so each build gets its own cache and a changed build is
// a changed worker: the browser installs it beside the running one, and the
// page offers to reload (index.html) instead of swapping code mid-game.
const VERSION = "__PAPAN_VERSION__";
const FILES = ["__PAPAN_FILES__"];
const CACHE = "papan-" + VERSION;

self.addEventListener("install", (event) => {
  // `reload`: never fill the new cache from an older HTTP cache entry.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("papan-") && key !== CACHE) await caches.delete(key);
      }
      // The first visit is controlled at once, so it already works offline.
      await self.clients.claim();
    })(),
  );
});

// The page sends this when the person accepts the update.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  // The room server and anything else that is not this build: the network, untouched.
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  let key;
  if (request.mode === "navigate" && !path.includes(".")) {
    key = "./"; // every router path (/hex/play) is the app's one page
  } else if (FILES.includes(path)) {
    key = path;
  } else {
    return;
  }
  event.respondWith(
    (async () => {
      const hit = await (await caches.open(CACHE)).match(new URL(key, scope));
      return hit || fetch(request);
    })(),
  );
});
