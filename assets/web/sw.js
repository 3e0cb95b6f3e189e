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

// Web Push (the room server's notices): the browser has decrypted the
// message; it is shown as the server wrote it, in the person's language,
// one notification per game and kind (a newer one replaces the older).
self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch (e) {
    message = null;
  }
  if (!message || !message.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body || "",
      tag: message.kind + ":" + message.room,
      icon: "icons/icon-192.png",
      badge: "icons/icon-192.png",
      data: { url: message.url || "", room: message.room || "" },
    }),
  );
});

// A tap opens that game: in a Papan window already open (it is told where
// to go, and brought forward), or in a new one.
async function openFromNotification(notification) {
  notification.close();
  const hash = (notification.data && notification.data.url) || "";
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(self.registration.scope));
  if (open) {
    open.postMessage({ papanOpen: hash });
    try {
      await open.focus();
    } catch (e) {
      // Focus needs the tap's activation; the page has moved all the same.
    }
    return;
  }
  await self.clients.openWindow(new URL(hash, self.registration.scope).href);
}

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(openFromNotification(event.notification));
});
