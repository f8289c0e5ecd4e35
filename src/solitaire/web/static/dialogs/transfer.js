// Settings' "Move your records to another device" (rules RC-2, docs/board.md): a button asks
// the server for a link (POST /api/player/transfer), which is shown once — its full address
// with a Copy button, the QR code the server drew, when it expires in words — and can be
// cancelled (DELETE). Nothing of it is kept in the browser: closing the page forgets the
// link, which still works on the server until used, cancelled, replaced or expired; Settings
// opened later asks the server (GET) and says until when, with Cancel.
//
//   setupTransfer();   // once, with the Settings dialog

import { ApiUnreachable, api } from "../api.js";
import { expiryWords } from "../format.js";
import { currentLanguage, t } from "../i18n.js";
import { ui } from "../state.js";

const $ = (id) => document.getElementById(id);

// ui.dialogs.transfer: `shown`, {url, expiresAt} of the link on screen, or null; `pending`,
// {expiresAt} of a link made earlier, which this page can't show.
const link = ui.dialogs.transfer;

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
  if (link.shown !== null && link.shown.expiresAt <= now) link.shown = null;
  if (link.pending !== null && (link.pending.expiresAt <= now || link.shown !== null)) link.pending = null;
  const on = link.shown !== null;
  $("transfer-link").hidden = !on;
  $("transfer-pending").hidden = link.pending === null;
  $("transfer-cancel").hidden = !on && link.pending === null;
  const make = on || link.pending !== null ? "ui.transfer.remake" : "ui.transfer.make";
  $("transfer-make").textContent = t(make);
  $("transfer-make").dataset.i18n = make;
  if (on) $("transfer-expires").textContent = expiryWords(link.shown.expiresAt);
  if (link.pending !== null) $("transfer-pending").textContent = expiryWords(link.pending.expiresAt, now, currentLanguage(), "ui.transfer.pending");
}

// A link made earlier (another visit of this page) that still works: said, to be cancelled.
async function askPending() {
  if (link.shown !== null) return;
  try {
    const { status, body } = await api.transferStatus();
    // {expires_at: null}: none that still works.
    link.pending = status === 200 && body?.expires_at ? { expiresAt: new Date(body.expires_at) } : null;
  } catch {
    link.pending = null; // offline: nothing to say about it
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
  link.shown = { url: new URL(url, window.location.origin).href, expiresAt: new Date(expiresAt) };
  $("transfer-url").value = link.shown.url;
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
  link.shown = null;
  link.pending = null;
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
