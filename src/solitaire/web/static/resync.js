// Reading the game again as the server holds it: after a network failure (the last action
// may or may not have arrived), when the network returns, and when the page becomes visible
// again (another tab or device may have moved meanwhile: the toast says so, `ui.stale`).
//
//   const network = watchResync({ restart: resumeOrStart, onFailure });   // once
//   resync();

import { api } from "./api.js";
import { t } from "./i18n.js";
import { watchNetwork } from "./offline.js";
import { ui } from "./state.js";
import { showToast } from "./toast.js";

// After a network failure: the game as the server holds it, unless actions were made since
// or another answer was adopted meanwhile. Back online after a look without the network, the
// device's copy of the game answers here while the offline engine asks the server for the
// game (moved on in another tab, say) and shows it: whichever answer comes last must not put
// the older state back.
export async function resync() {
  const current = ui.game.confirmed();
  if (!current) return;
  const { status, body } = await api.game(current.id).catch(() => ({ status: 0 }));
  if (status !== 200) return;
  ui.dom.network.found();
  if (!ui.game.busy() && ui.game.confirmed() === current) ui.game.adopt(body, { animate: true });
}

// Another tab may have moved meanwhile: show the game as the server holds it.
async function visible() {
  const current = ui.game.confirmed();
  if (document.visibilityState !== "visible" || !current || ui.game.busy()) return;
  const { status, body } = await api.game(current.id);
  if (status === 200 && body.version !== current.version && ui.game.confirmed() === current) {
    ui.game.adopt(body, { animate: true });
    showToast(t("ui.stale"));
  }
}

// While the network is away the board waits; back, it reads the game (or, with none yet,
// `restart`s: resumes or deals one). Answers the network's watch (offline.js).
export function watchResync({ restart, onFailure }) {
  // A failed look is not worth a word: the next action finds out, and says it.
  document.addEventListener("visibilitychange", () => visible().catch((error) => console.error(error)));
  return watchNetwork({ back: () => (ui.game.confirmed() ? resync() : restart()).catch(onFailure) });
}
