// What the board says about the server's answers (game.js's callbacks) and about its own
// failures: a move said aloud, a refusal's reminder (UI-6), a stale game (409), an action
// whose card is gone, an error in the player's language (the exception itself, in English,
// goes to the console).
//
//   createGame({ show, ...answerFeedback({ restart, resync }), options })

import { ApiUnreachable } from "./api.js";
import { t } from "./i18n.js";
import { settings } from "./settings.js";
import { announce, describeChange } from "./speech.js";
import { ui } from "./state.js";
import { showToast } from "./toast.js";

// Something failed outside the server's answers (the network, or the board's own code).
export function reportFailure(error) {
  console.error(error);
  showToast(t(error instanceof ApiUnreachable ? "ui.error_network" : "ui.error_unexpected"), { kind: "error" });
}

function refusedText(body) {
  return body?.message ?? t("ui.error_generic", { message: 422 });
}

// game.js's callbacks: `restart` when the game is gone (404), `resync` after a failure the
// board can't explain.
export function answerFeedback({ restart, resync }) {
  return {
    applied(before, after) {
      const said = describeChange(before, after);
      if (said) announce(said);
    },
    refused(body, action) {
      // The toast is a live region itself: the reminder is read from there.
      if (!action.quiet && settings().interactive_rules) showToast(refusedText(body), { kind: "reminder" });
      else if (action.keys) announce(t("ui.keys.not_moved"));
    },
    stale: () => showToast(t("ui.stale")),
    lost: () => announce(t("ui.action_lost")),
    notFound: () => restart().catch(reportFailure),
    failed(problem) {
      if (problem instanceof ApiUnreachable) {
        // The network is gone: the banner says so, and the game is read again when it returns.
        ui.dom.network.lost();
        return;
      }
      if (problem instanceof Error) {
        reportFailure(problem);
        resync();
        return;
      }
      const { status, body } = problem;
      const own = body?.error !== "bad_response" && typeof body?.message === "string";
      showToast(own ? body.message : t("ui.error_generic", { message: status }), { kind: "error" });
    },
  };
}
