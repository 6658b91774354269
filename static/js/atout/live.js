/* A live table: asks whether the table changed (``…/live/`` with the sheet's ETag: 304 when not); the one answer
 * to a change is the page itself, whose sheet goes on screen (keeping a form being typed into), with what changed
 * around the sheet, and which is kept as the offline copy: one request per change and per phone. The phone that
 * entered a round needs none: the answer to its round is the new sheet (see queue.js).
 *
 * How often: every second while a deal is being played on Atout (``data-deal-live`` on ``#live``) or while the
 * table moved in the last half-minute (a change seen, a round entered, the page opened); then a second longer
 * after each quiet check, up to every 5 s; every 15 s while the page is hidden. Back in sight or in focus, it
 * asks at once and every second again. */
import {$, $$, formTouched, live, processHtmx, S} from "./dom.js";
import {setState} from "./status.js";
import {rememberTable} from "./tables.js";
import {keepPage} from "./worker.js";

const POLL_MS = 1000;
const IDLE_POLL_MS = 5000;
const BUSY_MS = 30000;  // after a change, checks stay a second apart this long
const HIDDEN_POLL_MS = 15000;

/* What the other modules do (set by main.js): after the sheet changed on screen, and after the server answered
 * a check (the queue then sends what waits). */
export const on = {swap: () => {}, reached: () => {}};

let version = live ? Number(live.dataset.version) : 0;
let fails = 0;
let pollTimer = null;
let polling = false;  // one check at a time: "online" or "visible" during a check must not start another loop
let lastChange = Date.now();  // the page just opened shows the table as it is: people are at it
let quietWait = POLL_MS;  // the wait after the next quiet check, once the table is idle
let lastCheck = 0;

/* The table moved (a change seen, a round entered here): checks a second apart again. */
export function busy() {
  lastChange = Date.now();
  quietWait = POLL_MS;
}

/* How long until the next check: see the top of this file. */
function nextWait() {
  if (document.hidden) return HIDDEN_POLL_MS;
  if ((live && live.hasAttribute("data-deal-live")) || Date.now() - lastChange < BUSY_MS) {
    quietWait = POLL_MS;
    return POLL_MS;
  }
  const wait = quietWait;
  quietWait = Math.min(IDLE_POLL_MS, quietWait + POLL_MS);
  return wait;
}

/* Back in sight or in focus: ask now (once, though both come together) and every second again. */
function wake() {
  if (document.hidden || !live) return;
  quietWait = POLL_MS;
  if (polling) return;
  if (Date.now() - lastCheck < 500) {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(poll, POLL_MS);
  } else {
    poll();
  }
}

// The page around the live sheet (finish button, share section…), as the server last sent it: a live change
// that changes it there too is applied (see applyPage).
let around = live ? aroundLive(document) : null;
function aroundLive(doc) {
  const main = $("#main", doc);
  const box = $("#live", doc);
  if (!main || !box || box.parentElement !== main) return null;
  const kids = Array.from(main.children).filter((el) => !el.hasAttribute("data-once"));
  // Compared without the CSRF tokens, which every rendering masks anew.
  const item = (el) => ({el, html: el.outerHTML.replace(/(name="csrfmiddlewaretoken" value=")[^"]*"/g, '$1"')});
  const at = kids.indexOf(box);
  return {before: kids.slice(0, at).map(item), after: kids.slice(at + 1).map(item)};
}

/* Put the page's new parts around the sheet in place of the old ones; a part the server sent unchanged stays
 * as it is on screen (a section opened, a box ticked). */
function syncAround(fresh) {
  const old = around.before.concat(around.after);
  const keep = (item) => {
    const same = old.find((o) => !o.used && o.html === item.html);
    if (same) { same.used = true; return same; }
    return {el: document.adoptNode(item.el), html: item.html, fresh: true};
  };
  const next = {before: fresh.before.map(keep), after: fresh.after.map(keep)};
  const unchanged = !next.before.concat(next.after).some((i) => i.fresh) && old.every((o) => o.used);
  old.forEach((o) => { if (!o.used) o.el.remove(); delete o.used; });
  if (unchanged) return;
  const main = $("#main");
  let anchor = null;
  for (const i of next.before) { main.insertBefore(i.el, anchor ? anchor.nextSibling : main.firstChild); anchor = i.el; }
  anchor = live;
  for (const i of next.after) { anchor.after(i.el); anchor = i.el; }
  next.before.concat(next.after).forEach((i) => { if (i.fresh) { delete i.fresh; processHtmx(i.el); } });
  around = next;
}

/* The validator of the sheet on screen ("v12-3f9a0c1d"), as the server rendered it. */
function shownTag() {
  const sheet = $("#sheet");
  return (sheet && sheet.dataset.etag) || `"v${version}"`;
}

/* Seconds in a Retry-After header (a number or an HTTP date); 0 when absent or junk. */
export function retryAfter(res) {
  const raw = (res.headers.get("Retry-After") || "").trim();
  if (/^\d+$/.test(raw)) return Number(raw);
  const when = Date.parse(raw);
  return Number.isNaN(when) ? 0 : Math.max(0, (when - Date.now()) / 1000);
}

function noteVersion() {
  const sheet = $("#sheet");
  if (sheet && sheet.dataset.version) {
    version = Math.max(version, Number(sheet.dataset.version));
    live.dataset.version = String(version);
  }
}

/* Put a freshly rendered ``live`` partial on the page, keeping a form the user is filling in. */
export function applyLive(html, force = false) {
  const tpl = document.createElement("template");
  tpl.innerHTML = html;
  const fresh = tpl.content;
  const entry = $("#entry");
  if (!force && entry && formTouched() && $("#entry", fresh)) {
    const sheet = $("#sheet");
    const newSheet = $("#sheet", fresh);
    if (sheet && newSheet) sheet.replaceWith(newSheet);
    const bar = $(".totals-bar", live);
    const newBar = $(".totals-bar", fresh);
    if (bar && newBar) bar.replaceWith(newBar);
    else if (newBar && sheet) $("#sheet").before(newBar);
    const newEntry = $("#entry", fresh);
    // The upcoming-round forms follow the table; the form being typed into stays.
    $$("template.upcoming-form", entry).forEach((t) => t.remove());
    $$("template.upcoming-form", newEntry).forEach((t) => entry.append(t));
    entry.dataset.upcoming = newEntry.dataset.upcoming || "[]";
    if (Number(newEntry.dataset.round) > Number(entry.dataset.round) && !$(".taken", entry)) {
      const warn = document.createElement("p");
      warn.className = "taken warn";
      warn.setAttribute("role", "alert");
      warn.textContent = S.taken;
      $("form", entry).prepend(warn);
    }
  } else {
    live.replaceChildren(fresh);
  }
  noteVersion();
  busy();
  processHtmx(live);
  on.swap();
}

/* A digital table's page moves on card by card (``data-moves``): a poll answered before this phone's own move
 * was stored must not bring back the table as it was before it. */
function older(fresh, shown) {
  if (!fresh || !shown || !fresh.dataset.moves || !shown.dataset.moves) return false;
  const v = Number(fresh.dataset.version) - Number(shown.dataset.version);
  return v < 0 || (v === 0 && Number(fresh.dataset.moves) < Number(shown.dataset.moves));
}

/* A live change: the whole page as the server renders it now. Its sheet goes on screen (keeping a form being
 * typed into), what changed around the sheet too; the page is kept as the offline copy. */
async function applyPage(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const box = $("#live", doc);
  if (!box) return;
  if (older($("#sheet", doc), $("#sheet"))) return;
  live.dataset.names = box.dataset.names || live.dataset.names;
  live.toggleAttribute("data-deal-live", box.hasAttribute("data-deal-live"));
  const fresh = aroundLive(doc);
  if (around && fresh) syncAround(fresh);
  applyLive(box.innerHTML);
  rememberTable();
  await keepPage(html, doc);
}

/* Ask for the sheet now (after choosing in a conflict, discarding a queued round): the same request as a poll. */
export async function refresh() {
  const res = await fetch(live.dataset.poll, {credentials: "same-origin", cache: "no-store"});
  if (!res.ok) throw new Error(String(res.status));
  await applyPage(await res.text());
}

/* One check of the table, then the next one (:func:`nextWait`); stops when the table is gone or the link no
 * longer opens it. */
export async function poll() {
  if (polling) return;  // the running check schedules the next one
  polling = true;
  clearTimeout(pollTimer);
  pollTimer = null;
  let again = true;
  let wait = 0;
  lastCheck = Date.now();
  try {
    const res = await fetch(live.dataset.poll, {headers: {"If-None-Match": shownTag()}, credentials: "same-origin",
                                                cache: "no-store"});
    if (res.status === 304 || res.ok) {
      fails = 0;
      setState("live");
      if (res.ok) await applyPage(await res.text());
      on.reached();
    } else if (res.status === 404 || res.status === 403) {
      again = false;  // the table is gone, or this link no longer opens it: stop asking
    } else {
      if (res.status >= 500 || res.status === 429) wait = retryAfter(res) * 1000;
      throw new Error(String(res.status));
    }
  } catch (e) {
    fails += 1;
    setState(fails >= 3 || !navigator.onLine ? "offline" : "reconnecting");
  } finally {
    polling = false;
  }
  if (again) pollTimer = setTimeout(poll, Math.max(wait, nextWait()));
}

/* Back online, back in sight, or a sheet htmx swapped in (undo, a correction): follow the table. */
export function listenLive() {
  window.addEventListener("online", () => { fails = 0; if (live) poll(); else setState("live"); });
  window.addEventListener("offline", () => setState("offline"));
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("focus", wake);
  document.addEventListener("htmx:afterSwap", (ev) => {
    if (ev.target === live) {
      const sheet = $("#sheet");
      if (sheet && sheet.dataset.version) { version = Number(sheet.dataset.version); live.dataset.version = String(version); }
      busy();  // this phone's own move or correction: the others answer soon
      on.swap();
      // The answer to a round sent by the form itself (no offline queue here): a refusal comes back in sight.
      if (ev.detail && ev.detail.requestConfig && ev.detail.requestConfig.verb === "post"
          && $("#entry form.entry-form .error")) import("./problems.js").then((m) => m.showProblems());
    }
  });
}
