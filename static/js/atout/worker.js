/* The service worker (/sw.js, templates/pwa/sw.js): registered once the page has loaded, asked to keep the
 * rulebook and the other static files for offline use, and handed the offline copy of a table's page.
 *
 * A table's page ([data-offline] on its #live box) hands the worker its copy as the server sent it, before any
 * script changed it (main.js is the first script of the page: see base.html), so the page is not downloaded a
 * second time; the worker keeps no page of a table itself, as only the page knows whether its game is over.
 * Notices meant for one visit only ([data-once]) are left out of the copy. */
import {$, live} from "./dom.js";

const PRECACHE_DELAY_MS = 1000;
const KEEP_TIMEOUT_MS = 3000;  // a worker of an older version does not answer "keep-table"

export const offlineCopy = Boolean(live && live.hasAttribute("data-offline"));
const firstHtml = offlineCopy ? snapshot() : null;

function snapshot() {
  const root = document.documentElement.cloneNode(true);
  root.querySelectorAll("[data-once]").forEach((el) => el.remove());
  return "<!doctype html>\n" + root.outerHTML;
}

/* The worker's registration once it is active, or null (no service worker here, or it failed). */
export const swReady = new Promise((resolve) => {
  if (!("serviceWorker" in navigator)) return resolve(null);
  const go = () => navigator.serviceWorker.register("/sw.js", {scope: "/"})
    .then(() => navigator.serviceWorker.ready).then(resolve, () => resolve(null));
  if (document.readyState === "complete") go(); else window.addEventListener("load", go);
});

/* A message to the active service worker; its answer (null without one, or when it does not answer in time). */
async function askWorker(message, timeout) {
  const registration = await swReady;
  if (!registration || !registration.active) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (ev) => resolve(ev.data);
    registration.active.postMessage(message, [channel.port2]);
    setTimeout(() => resolve(null), timeout);
  });
}

/* Once the page has loaded, ask the service worker to keep for offline use the rulebook of the games this phone
 * plays: the one of this page (a table's, a game's rules) and those of its tables (``games``, newest first) — only
 * this page's when the phone asks to save data. */
export async function precache(games = []) {
  if (!(await swReady)) return;
  await new Promise((resolve) => setTimeout(resolve, PRECACHE_DELAY_MS));
  const page = $("article.rules[data-game]");  // a game's rulebook page
  const here = (live && live.dataset.slug) || (page && page.dataset.game) || "";
  const saveData = Boolean(navigator.connection && navigator.connection.saveData);
  const wanted = [here, ...(saveData ? [] : games)].filter(Boolean);
  await askWorker({type: "precache", games: [...new Set(wanted)]}, 120000);
}

/* Hand this page, as the server sent it (on load, or a live change, which brings the whole page), to the service
 * worker as its offline copy: kept while the game is on, the table's pages taken out once it is over. */
let lastCopy = null;  // what was handed last, handed again to a new service worker that asks for it
export async function keepPage(html, doc) {
  if (!offlineCopy) return;
  doc = doc || new DOMParser().parseFromString(html, "text/html");
  const sheet = $("#sheet", doc);
  if (!sheet) return;
  lastCopy = {type: "keep-table", path: location.pathname, html, version: Number(sheet.dataset.version) || 0,
              finished: sheet.hasAttribute("data-finished")};
  await askWorker(lastCopy, KEEP_TIMEOUT_MS);
}

/* After this phone's own round: the answer is the new sheet only; it replaces the sheet in the kept page. */
export async function keepSheet(liveHtml) {
  if (!offlineCopy || !("caches" in window)) return;
  try {
    const kept = await caches.match(location.pathname, {ignoreVary: true, ignoreSearch: true});
    const base = kept ? await kept.text() : lastCopy && lastCopy.html;
    if (!base) return;
    const doc = new DOMParser().parseFromString(base, "text/html");
    const box = $("#live", doc);
    if (!box) return;
    box.innerHTML = liveHtml;
    const sheet = $("#sheet", box);
    if (sheet && sheet.dataset.version) box.dataset.version = sheet.dataset.version;
    doc.querySelectorAll("[data-once]").forEach((el) => el.remove());
    await keepPage("<!doctype html>\n" + doc.documentElement.outerHTML, doc);
  } catch (e) { /* the copy we have stays */ }
}

/* A worker that takes over (an update) asks the open pages for their copy again: listened for from the start. */
export function listenToWorker() {
  if (!offlineCopy || !navigator.serviceWorker) return;
  navigator.serviceWorker.addEventListener("message", (ev) => {
    if (ev.data && ev.data.type === "offline-copy" && lastCopy) askWorker(lastCopy, KEEP_TIMEOUT_MS);
  });
}

/* On load: hand the page as loaded to the service worker (a copy served offline is handed back unchanged). */
export async function keepFirstPage() {
  if (firstHtml) await keepPage(firstHtml);
}
