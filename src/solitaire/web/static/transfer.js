// Settings' "Move your records to another device" (SPEC RC-2, docs/board.md): a button asks
// the server for a link (POST /api/player/transfer), which is shown once — its full address
// with a Copy button, the QR code the server drew, when it expires in words — and can be
// cancelled (DELETE). Nothing of it is kept in the browser: closing the page forgets the
// link, which still works on the server until used, cancelled, replaced or expired; Settings
// opened later asks the server (GET) and says until when, with Cancel.
//
//   setupTransfer();   // once, with the Settings dialog

import { ApiUnreachable, api } from "./api.js";
import { currentLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

let shown = null; // {url, expiresAt} of the link on screen, or null
let pending = null; // {expiresAt} of a link made earlier, which this page can't show

// "in 24 hours (Wednesday 2 December 2026 at 13:21)", in the board's language.
export function expiryWords(expiresAt, now = new Date(), lang = currentLanguage(), message = "ui.transfer.expires") {
  const minutes = Math.max(0, Math.round((expiresAt - now) / 60000));
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const inWords = minutes >= 90 ? relative.format(Math.round(minutes / 60), "hour") : relative.format(minutes, "minute");
  const time = new Intl.DateTimeFormat(lang, { dateStyle: "full", timeStyle: "short" }).format(expiresAt);
  return t(message, { relative: inWords, time });
}

function say(text, { error = false } = {}) {
  const status = $("transfer-status");
  status.textContent = text;
  status.classList.toggle("error", error);
}

function failureText(failure) {
  if (failure instanceof ApiUnreachable) return t("ui.error_network");
  console.error(failure);
  return t("ui.error_unexpected");
}

function answerText({ status, body }) {
  return body?.message ?? t("ui.error_generic", { status });
}

function draw() {
  const now = new Date();
  if (shown !== null && shown.expiresAt <= now) shown = null;
  if (pending !== null && (pending.expiresAt <= now || shown !== null)) pending = null;
  const on = shown !== null;
  $("transfer-link").hidden = !on;
  $("transfer-pending").hidden = pending === null;
  $("transfer-cancel").hidden = !on && pending === null;
  const make = on || pending !== null ? "ui.transfer.remake" : "ui.transfer.make";
  $("transfer-make").textContent = t(make);
  $("transfer-make").dataset.i18n = make;
  if (on) $("transfer-expires").textContent = expiryWords(shown.expiresAt);
  if (pending !== null) $("transfer-pending").textContent = expiryWords(pending.expiresAt, now, currentLanguage(), "ui.transfer.pending");
}

// A link made earlier (another visit of this page) that still works: said, to be cancelled.
async function askPending() {
  if (shown !== null) return;
  try {
    const { status, body } = await api.transferStatus();
    pending = status === 200 ? { expiresAt: new Date(body.expires_at) } : null;
  } catch {
    pending = null; // offline: nothing to say about it
  }
  draw();
}

// The control keeps the focus while its request runs (a disabled button would drop it).
async function busy(button, work) {
  if (button.getAttribute("aria-busy") === "true") return;
  button.setAttribute("aria-busy", "true");
  try {
    await work();
  } catch (failure) {
    say(failureText(failure), { error: true });
  } finally {
    button.removeAttribute("aria-busy");
  }
}

async function make() {
  const answer = await api.makeTransfer();
  if (answer.status !== 201) {
    say(answerText(answer), { error: true });
    return;
  }
  const { url, expires_at: expiresAt, qr_svg: qr } = answer.body;
  shown = { url: new URL(url, window.location.origin).href, expiresAt: new Date(expiresAt) };
  $("transfer-url").value = shown.url;
  // The server's own SVG (segno): a <title> names it, no script and no style attribute.
  $("transfer-qr").innerHTML = qr;
  say("");
  draw();
}

async function cancel() {
  const answer = await api.cancelTransfer();
  if (answer.status !== 204) {
    say(answerText(answer), { error: true });
    return;
  }
  shown = null;
  pending = null;
  $("transfer-url").value = "";
  $("transfer-qr").replaceChildren();
  draw();
  // The Cancel button hides: the focus goes to the button that makes a new link.
  $("transfer-make").focus();
  say(t("ui.transfer.cancelled"));
}

async function copy() {
  const field = $("transfer-url");
  try {
    await navigator.clipboard.writeText(field.value);
    say(t("ui.transfer.copied"));
  } catch {
    // No clipboard (an old browser, a page not served over HTTPS, a refusal): the address is
    // selected for the device's own copy.
    field.focus();
    field.select();
    say(t("ui.transfer.copy_select"));
  }
}

export function setupTransfer() {
  $("transfer-make").addEventListener("click", (event) => busy(event.currentTarget, make));
  $("transfer-cancel").addEventListener("click", (event) => busy(event.currentTarget, cancel));
  $("transfer-copy").addEventListener("click", copy);
  const field = $("transfer-url");
  field.addEventListener("focus", () => field.select());
  // Enter in the field would submit the dialog's form, and so close it.
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter") event.preventDefault();
  });
  // Settings opened again: the link, if it has not expired meanwhile, and its time from now.
  const dialog = $("settings-dialog");
  new MutationObserver(() => {
    draw();
    if (dialog.open) askPending();
  }).observe(dialog, { attributeFilter: ["open"] });
  // Another language chosen: the expiry, written in words, follows it.
  new MutationObserver(() => draw()).observe(document.documentElement, { attributeFilter: ["lang"] });
  draw();
}
