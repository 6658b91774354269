/* The offline queue: a round entered on the edit page is first written to IndexedDB (outbox.js) with its own
 * Idempotency-Key, then sent; while it waits, the sheet shows it as pending and the form moves on to the next
 * round (pending.js). A retry reuses the key, so the server stores it once. A round someone else entered first
 * comes back as a conflict showing both versions; the user keeps one. Nothing leaves the queue without the
 * server's answer or the user's choice. "L'enregistrer comme donne N" rewrites the queued round (same key) and
 * lets the queue send it, so that a retry after a lost answer replays instead of storing it a second time. A
 * server that cannot store (503, Retry-After) or no network: the round stays queued and is sent again later. */
import {$, $$, entryForm, live, S} from "./dom.js";
import {applyLive, refresh, retryAfter} from "./live.js";
import {newKey, outbox, usable} from "./outbox.js";
import {formForRound, showPending} from "./pending.js";
import {setState} from "./status.js";
import {keepSheet} from "./worker.js";

// The queue waits for the user while a conflict or a refused entry is on screen. Items in those states are
// sent again after a reload: the server stored nothing for them, so asking again is harmless and shows why.
let paused = false;
// The refused entry the user opened again to correct ("Reprendre la saisie"): an answer to its resend that lands
// afterwards (the queue sends refused entries again after a reload) updates its reasons but never puts the old
// values back over what the user is typing.
let correcting = null;
// A server that said "not now" (503 with Retry-After): nothing is sent to it before this time.
let retryAt = 0;
let retryTimer = null;

function notNow(res) {
  const seconds = Math.min(retryAfter(res) || 2, 300);
  retryAt = Date.now() + seconds * 1000;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => flush(), seconds * 1000 + 50);
}

// One flush at a time; a flush asked for while one runs (a new round was queued) runs right after it.
let flushing = null;
let flushAgain = false;
export function flush() {
  if (flushing) { flushAgain = true; return flushing; }
  flushing = (async () => {
    let reached = true;
    do { flushAgain = false; reached = await doFlush(); } while (flushAgain && reached && !paused);
  })().finally(() => { flushing = null; });
  return flushing;
}

/* Send the queued rounds in order; false when the server could not be reached. */
async function doFlush() {
  if (!live || !usable() || paused) return true;
  if (Date.now() < retryAt) return false;  // the server asked for a pause: the timer sends them after it
  let reached = true;
  const items = await outbox.forTable(live.dataset.table);
  let sheetHtml = null;  // the answer to the last round stored: the sheet as it is now
  for (const item of items) {
    let res;
    try {
      res = await fetch(item.url, {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: {"HX-Request": "true", "Idempotency-Key": item.key, "Content-Type": "application/x-www-form-urlencoded"},
        body: new URLSearchParams(item.fields).toString(),
      });
    } catch (e) {
      setState(navigator.onLine ? "reconnecting" : "offline");
      reached = false;
      if (item.fresh) { item.fresh = false; await outbox.put(item); }
      break;  // no network: the item stays, the next poll or "online" tries again
    }
    if (res.ok || res.status === 422) {
      // Stored (or stored before: 422 is a key already used, and every queued round has a key of its own).
      await outbox.remove(item.key);
      sheetHtml = res.ok ? await res.text() : "";
      continue;
    }
    if (res.status === 400 && item.fresh) {
      // Refused while the user is looking at the form: the form comes back with the errors next to the
      // fields and the values typed; the entry leaves the queue (a refused row would say it twice).
      // The problems' module first: the form, its values and the scroll to its first problem then change in one
      // go, never a jump of the page after the user (or a test) has started to tap the corrected form.
      const [html, problems] = await Promise.all([res.text(), import("./problems.js")]);
      await outbox.remove(item.key);
      applyLive(html, true);
      restoreValues(item);
      problems.showProblems();
      break;
    }
    if (res.status === 400 || res.status === 409 || res.status === 403 || res.status === 404) {
      item.state = res.status === 409 ? "conflict" : "refused";
      const html = await res.text();
      // The server's reasons stay with the entry: the row says them, "Corriger" shows them on its form again.
      const problems = res.status === 400 ? await import("./problems.js") : null;
      if (problems) item.reasons = problems.reasonsIn(html);
      await outbox.put(item);
      paused = true;
      if (item.key === correcting) break;  // on screen already, being corrected: leave the form to the user
      if (res.status !== 403 && res.status !== 404) {
        applyLive(html, true);
        markConflict(item);
        if (problems) { restoreValues(item); problems.showProblems(); }
      }
      break;
    }
    // 5xx (the database is down: 503 with Retry-After), 429…: nothing was stored; try again later.
    setState("reconnecting");
    notNow(res);
    if (item.fresh) { item.fresh = false; await outbox.put(item); }
    reached = false;
    break;
  }
  if (sheetHtml !== null && !paused) {
    if (sheetHtml) {
      applyLive(sheetHtml);
      keepSheet(sheetHtml);
    } else {
      await refresh().catch(() => {});
    }
  }
  await showPending();
  return reached;
}

function markConflict(item) {
  const block = $("#conflict");
  if (block) block.dataset.key = item.key;
}

/* A refused entry comes back as the form with its errors; put the user's values back into it. */
function restoreValues(item) {
  const form = entryForm();
  if (!form) return;
  form.dataset.replaces = item.key;
  for (const [name, value] of item.fields) {
    for (const el of $$(`[name="${CSS.escape(name)}"]`, form)) {
      if (el.type === "hidden") continue;
      if (el.type === "checkbox" || el.type === "radio") el.checked = el.type === "checkbox" ? true : el.value === value;
      else el.value = value;
    }
  }
}

// What a person reads for a queued round: "Plis — Ana 4 · Plis — Bea 3 · R♥: Cid", from the form's own labels.
function readable(form) {
  const parts = [];
  for (const el of $$("input, select", form)) {
    if (!el.name || el.type === "hidden" || el.type === "submit") continue;
    if ((el.type === "radio" || el.type === "checkbox") && !el.checked) continue;
    if (el.tagName !== "SELECT" && el.type !== "radio" && el.type !== "checkbox" && el.value.trim() === "") continue;
    const label = el.getAttribute("aria-label") || (el.labels && el.labels[0] ? el.labels[0].textContent.trim() : el.name);
    if (el.type === "radio") parts.push(label);
    else if (el.type === "checkbox") parts.push(label);
    else if (el.tagName === "SELECT") {
      if (el.selectedIndex > 0) parts.push(`${label} : ${el.options[el.selectedIndex].textContent.trim()}`);
    } else parts.push(`${label} ${el.value.trim()}`);
  }
  return parts.join(" · ");
}

async function submitEntry(form) {
  const entry = $("#entry");
  const fields = Array.from(new FormData(form).entries()).filter(([name]) => name !== "idempotency_key");
  const round = Number(new FormData(form).get("round_number") || entry.dataset.round);
  const withRound = fields.filter(([name]) => name !== "round_number").concat([["round_number", String(round)]]);
  const button = $("button[type=submit]", form);
  if (button) button.disabled = true;
  // Resubmitting a refused or conflicting round replaces it in the queue, keeping its place.
  const items = await outbox.forTable(live.dataset.table);
  let at = Date.now();
  for (const old of items) {
    if (old.state !== "pending" && (old.round === round || old.key === form.dataset.replaces)) {
      at = Math.min(at, old.at);
      await outbox.remove(old.key);
    }
  }
  const item = {key: newKey(), table: live.dataset.table, url: form.action, round, fields: withRound,
                summary: readable(form), at, state: "pending", fresh: true};
  await outbox.put(item);
  paused = false;
  // Offline (or the send fails): the form moves on to the next round and the round shows as pending.
  for (const el of $$("input:not([type=hidden])", form)) {
    if (el.type === "checkbox" || el.type === "radio") el.defaultChecked = el.checked; else el.defaultValue = el.value;
  }
  for (const o of $$("select option", form)) o.defaultSelected = o.selected;
  if (document.activeElement && form.contains(document.activeElement)) document.activeElement.blur();
  await flush();
  if (button) button.disabled = false;
  const left = await outbox.forTable(live.dataset.table);
  if (left.some((i) => i.key === item.key && i.state === "pending")) {
    form.reset();
    $$("input:not([type=hidden])", form).forEach((el) => {
      if (el.type === "checkbox" || el.type === "radio") { el.checked = false; el.defaultChecked = false; }
      else { el.value = ""; el.defaultValue = ""; }
    });
    $$("select option", form).forEach((o) => { o.defaultSelected = false; o.selected = false; });
    $$("select", form).forEach((el) => { el.selectedIndex = 0; });
    await showPending();
  }
}

/* "Remplacer par ma saisie" (a correction of the stored round) or "L'enregistrer comme donne N" (a new round
 * under another number). The second rewrites the queued round — its number, the fields the server showed —
 * and the queue sends it with its own Idempotency-Key: if the answer is lost, the retry (now or after a
 * reload) is a replay, never a second round. A correction carries the table version it was decided on: sent
 * again after it was applied, it is refused as stale, not applied twice. */
async function resolveKeepMine(form) {
  const key = $("#conflict") && $("#conflict").dataset.key;
  const item = key ? (await outbox.forTable(live.dataset.table)).find((i) => i.key === key) : null;
  const fields = Array.from(new FormData(form).entries()).filter(([name]) => name !== "idempotency_key");
  const number = Number(new FormData(form).get("round_number"));
  if (item && number && !fields.some(([name]) => name === "version")) {
    Object.assign(item, {url: form.action, round: number, fields, state: "pending", fresh: false});
    await outbox.put(item);
    $("#conflict").remove();
    paused = false;
    await flush();
    return;
  }
  let res;
  try {
    res = await fetch(form.action, {method: "POST", credentials: "same-origin", body: new URLSearchParams(fields),
                                    headers: {"Content-Type": "application/x-www-form-urlencoded"}});
  } catch (e) {
    setState("offline");
    return;  // the conflict stays in the queue and on screen
  }
  if (res.ok && key) await outbox.remove(key);
  if (res.ok) {
    paused = false;
    await refresh().catch(() => {});
    flush();
  } else if (res.status >= 500) {
    setState("reconnecting");  // nothing applied: the conflict stays on screen, to choose again
  } else {
    // Refused (the round changed again, or the entry is not valid there): show why, keep the entry queued.
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const main = $("#main", doc);
    if (main) $("#main").replaceChildren(...main.childNodes);
  }
}

/* The round form and the conflict's choices go through the queue (on the edit page, where IndexedDB works). */
export function listenQueue() {
  // Set before anything is awaited: a second tap in the same instant must not queue the round twice.
  let submitting = false;
  document.addEventListener("submit", (ev) => {
    const form = ev.target;
    if (!live || !usable() || !live.hasAttribute("data-edit")) return;
    if (form.matches("#entry form.entry-form")) {
      ev.preventDefault();
      ev.stopPropagation();  // htmx must not send it too: the queue does
      if (submitting) return;
      submitting = true;
      submitEntry(form).catch(() => form.submit()).finally(() => { submitting = false; });
    } else if (form.matches("#conflict form[data-resolve=keep-mine]")) {
      ev.preventDefault();
      ev.stopPropagation();
      resolveKeepMine(form);
    }
  }, true);

  document.addEventListener("click", async (ev) => {
    const stored = ev.target.closest("#conflict [data-resolve=keep-stored]");
    if (stored && usable()) {
      const key = $("#conflict").dataset.key;
      if (key) {
        ev.preventDefault();
        await outbox.remove(key);
        paused = false;
        await refresh().catch(() => {});
        flush();
      }
      return;
    }
    const fix = ev.target.closest("[data-fix]");
    if (fix) {
      const item = (await outbox.forTable(live.dataset.table)).find((i) => i.key === fix.dataset.fix);
      if (!item) return;
      correcting = item.key;
      formForRound(item.round);
      restoreValues(item);
      (await import("./problems.js")).showProblems(item.reasons || []);
      return;
    }
    const discard = ev.target.closest("[data-discard]");
    if (discard && window.confirm(S.discardConfirm)) {
      await outbox.remove(discard.dataset.discard);
      paused = false;
      await refresh().catch(() => {});
      await showPending();
      flush();
    }
  });
}
