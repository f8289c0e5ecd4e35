// Offline (docs/board.md, "Offline"). The service worker (/sw.js) is registered once the
// board has drawn its game and a few seconds have passed, so its downloads never slow the
// first load. While the network is gone the board says so in a banner (`#offline`, a status
// region) instead of showing a game it cannot play — the server holds the rules and the
// face-down cards — and it picks up by itself when the network returns.
//
//   registerServiceWorker();
//   const network = watchNetwork({ back: () => …resync… });  network.lost();  network.found();

const REGISTER_AFTER_MS = 3000;

export function registerServiceWorker(after = REGISTER_AFTER_MS) {
  if (!("serviceWorker" in navigator)) return;
  setTimeout(() => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => console.warn("service worker:", error));
  }, after);
}

// `back()` runs when the network returns after being lost; `lost()` and `found()` say what the
// board's own requests found.
// When the device says it is online but the server can't be reached (a tunnel, a captive
// portal), the board asks again this often.
const RETRY_MS = 5000;

export function watchNetwork({ back }) {
  const banner = document.getElementById("offline");
  let away = false;
  let retry = 0;
  function show(gone) {
    away = gone;
    if (banner) banner.hidden = !gone;
    document.body.toggleAttribute("data-offline", gone);
    clearInterval(retry);
    if (gone && navigator.onLine) retry = setInterval(back, RETRY_MS);
  }
  window.addEventListener("offline", () => show(true));
  window.addEventListener("online", () => {
    if (!away) return;
    show(false);
    back();
  });
  if (!navigator.onLine) show(true);
  return {
    isOffline: () => away,
    lost: () => show(true),
    found() {
      if (away) show(false);
    },
  };
}
