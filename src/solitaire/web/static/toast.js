// A short message at the bottom of the screen (the UI-6 reminder, "link copied", errors).
// It sits in a polite live region, so screen readers read it too.
//
//   showToast("Only a king can go into an empty column.")

import { ui } from "./state.js";

const SHOW_MS = 3200;

export function showToast(text, { kind = "info" } = {}) {
  const toast = document.getElementById("toast");
  toast.textContent = text;
  toast.dataset.kind = kind;
  toast.hidden = false;
  // Restart the entrance transition for a message that follows another.
  toast.classList.remove("shown");
  void toast.offsetWidth;
  toast.classList.add("shown");
  clearTimeout(ui.toastTimer);
  ui.toastTimer = setTimeout(hideToast, SHOW_MS);
}

export function hideToast() {
  const toast = document.getElementById("toast");
  toast.classList.remove("shown");
  toast.hidden = true;
}
