// The service worker (docs/board.md, "Offline"): it keeps the board's files and the pages of
// every language so that they open offline. The server serves this file at /sw.js with, first,
// `self.SOLITAIRE = {release, keep}`: the release's name and the addresses to keep.
//
// - Installing a release fills a cache named after it with the board, its files, the
//   manifest and the icons; the pages follow in the background once it is active. The new
//   worker takes over at once and drops every older release's cache, so a new release's files
//   replace the cached ones at once.
// - The board and the pages are asked of the network first (the board's page carries the
//   player's game) and kept as they come; offline, the kept copy is served (for a /play/
//   link, the board's). The built files, named by their content, come from the cache first.
// - The API is never touched. The engine's files (/offline/…, rules UI-21) are put in their
//   own cache by the board (offline-engine.js) and served from it; files.json, their list,
//   is the board's to read.

/* global self, caches, fetch, URL, Response */

const { release, keep } = self.SOLITAIRE;
const CACHE = `solitaire-${release}`;
const FIRST = keep.filter((address) => !/^\/[a-z]{2}\//.test(address));
const PAGES = keep.filter((address) => /^\/[a-z]{2}\//.test(address));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FIRST))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("solitaire-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
      .then(() => {
        // The pages of every language, without holding the board up.
        caches.open(CACHE).then((cache) => cache.addAll(PAGES)).catch(() => null);
      }),
  );
});

function isPage(url) {
  return url.pathname === "/" || /^\/play\//.test(url.pathname) || /^\/[a-z]{2}(\/|$)/.test(url.pathname);
}

async function networkFirst(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) cache.put(url.pathname === "/" || url.pathname.startsWith("/play/") ? "/" : request, answer.clone());
    return answer;
  } catch (error) {
    const kept = (await cache.match(request, { ignoreSearch: true })) ?? (!/^\/[a-z]{2}(\/|$)/.test(url.pathname) ? await cache.match("/") : null);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) cache.put(request, answer.clone());
  return answer;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  // The source modules (a checkout without a build) are revalidated like pages.
  const source = url.pathname.startsWith("/static/") || url.pathname.startsWith("/site/");
  if (url.pathname.startsWith("/offline/")) {
    // The board's own download (it fills the cache) goes to the network as the page's.
    if (url.pathname !== "/offline/files.json" && !request.headers.has("x-offline-fill")) {
      event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request)));
    }
    return;
  }
  if (request.mode === "navigate" || isPage(url) || source) event.respondWith(networkFirst(request, url));
  else if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/") || url.pathname === "/manifest.webmanifest") {
    event.respondWith(cacheFirst(request));
  }
});
