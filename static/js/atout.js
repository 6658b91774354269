/* Atout on the phone: installable app, live tables, offline entry that never loses a round.
 *
 * Everything here is an enhancement: without this script every page and form still works.
 * - registers the service worker (/sw.js) that keeps the app shell, the rulebook and the tables being played
 *   offline; a table's page ([data-offline] on its #live box) hands it its copy, as the server sent it, and says when
 *   the game is over (the worker then takes the table's pages out);
 * - "Mes tables": the tables this phone created or opened, newest first, in localStorage;
 * - live tables: asks every second whether the table changed (``…/live/`` with the sheet's ETag: 304 when not);
 *   the one answer to a change is the page itself, whose sheet goes on screen and which is kept as the offline
 *   copy: one request per change and per phone. The phone that entered a round needs none: the answer to its
 *   round is the new sheet;
 * - says whether the page is live, reconnecting or offline;
 * - offline queue: a round entered on the edit page is first written to IndexedDB with its own Idempotency-Key,
 *   then sent; while it waits, the sheet shows it as pending and the form moves on to the next round. A retry
 *   reuses the key, so the server stores it once. A round someone else entered first comes back as a conflict
 *   showing both versions; the user keeps one. Nothing leaves the queue without the server's answer or the
 *   user's choice. "L'enregistrer comme donne N" rewrites the queued round (same key) and lets the queue send
 *   it, so that a retry after a lost answer replays instead of storing it a second time. A server that cannot
 *   store (503, Retry-After) or no network: the round stays queued and is sent again later;
 * - while rounds wait, the totals include them (marked, when the rules give their points: see
 *   Sheet.offline_points) and the status line names the round the form enters;
 * - +/- steppers on counts, copy buttons, "Partager" (Web Share API) where the phone has it;
 * - "Garder l'écran allumé" (Screen Wake Lock API), shown only where the browser has it, off until asked.
 */
(() => {
  "use strict";
  const $ = (sel, el = document) => el.querySelector(sel);
  const $$ = (sel, el = document) => Array.from(el.querySelectorAll(sel));
  const conn = $("#conn");
  const live = $("#live");
  const S = conn ? conn.dataset : {};
  const POLL_MS = 1000;
  const HIDDEN_POLL_MS = 15000;
  const PRECACHE_DELAY_MS = 1000;
  const KEEP_TIMEOUT_MS = 3000;  // a worker of an older version does not answer "keep-table"
  const Atout = (window.Atout = {loaded: null, ready: null, state: null});
  // This page as the server sent it, before any script changed it (this one runs first: see base.html): the
  // offline copy of a table's page, kept without downloading the page a second time (the service worker keeps no
  // page of a table itself: only the page knows whether its game is over). Notices meant for one visit only
  // ([data-once]) are left out.
  const offlineCopy = Boolean(live && live.hasAttribute("data-offline"));
  const firstHtml = offlineCopy ? snapshot() : null;
  function snapshot() {
    const root = document.documentElement.cloneNode(true);
    root.querySelectorAll("[data-once]").forEach((el) => el.remove());
    return "<!doctype html>\n" + root.outerHTML;
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

  /* ---- service worker ---------------------------------------------------------------------------- */
  const swReady = new Promise((resolve) => {
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

  /* Once the page has loaded, ask the service worker to keep the rulebook of every game for offline use. */
  async function precache() {
    if (!(await swReady)) return;
    await new Promise((resolve) => setTimeout(resolve, PRECACHE_DELAY_MS));
    await askWorker({type: "precache"}, 120000);
  }

  /* Hand this page, as the server sent it (on load, or a live change, which brings the whole page), to the service
   * worker as its offline copy: kept while the game is on, the table's pages taken out once it is over. */
  let lastCopy = null;  // what was handed last, handed again to a new service worker that asks for it
  async function keepPage(html, doc) {
    if (!offlineCopy) return;
    doc = doc || new DOMParser().parseFromString(html, "text/html");
    const sheet = $("#sheet", doc);
    if (!sheet) return;
    lastCopy = {type: "keep-table", path: location.pathname, html, version: Number(sheet.dataset.version) || 0,
                finished: sheet.hasAttribute("data-finished")};
    await askWorker(lastCopy, KEEP_TIMEOUT_MS);
  }
  if (offlineCopy && navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", (ev) => {
      if (ev.data && ev.data.type === "offline-copy" && lastCopy) askWorker(lastCopy, KEEP_TIMEOUT_MS);
    });
  }

  /* After this phone's own round: the answer is the new sheet only; it replaces the sheet in the kept page. */
  async function keepSheet(liveHtml) {
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

  /* On load: hand the page as loaded to the service worker (a copy served offline is handed back unchanged). */
  async function keepFirstPage() {
    if (!firstHtml) return;
    await keepPage(firstHtml);
  }

  /* ---- connection status ------------------------------------------------------------------------- */
  let pendingCount = 0;
  function setState(state) {
    Atout.state = state;
    if (!conn) return;
    if (!live && state === "live") { conn.hidden = true; return; }
    conn.hidden = false;
    conn.dataset.state = state;
    const label = {live: S.live, reconnecting: S.reconnecting, offline: S.offline}[state] || "";
    const text = document.createElement("span");
    text.className = "conn-label";
    text.textContent = label;
    conn.replaceChildren(text);
    conn.classList.remove("compact");
    if (pendingCount) {
      const sep = document.createElement("span");
      sep.className = "conn-sep";
      sep.textContent = "·";
      const count = document.createElement("span");
      count.className = "conn-count";
      count.textContent = `${pendingCount} ⏳`;
      conn.append(" ", sep, " ", count);  // the spaces are for text readers; on screen, margins
      // Too narrow for the word and the count (a 360 px phone, "Reconnexion…"): the state shows as its dot
      // and colour only (the word stays for screen readers and in the title); the count always shows.
      if (text.scrollWidth > text.clientWidth) conn.classList.add("compact");
    }
    conn.title = pendingCount ? `${label} · ${pendingCount} ${S.pending}` : label;
  }

  /* ---- Mes tables -------------------------------------------------------------------------------- */
  const TABLES_KEY = "atout.tables";
  function readTables() {
    try { return JSON.parse(localStorage.getItem(TABLES_KEY) || "[]"); } catch (e) { return []; }
  }
  function rememberTable() {
    if (!live || !live.dataset.table) return;
    const id = live.dataset.table;
    const edit = live.hasAttribute("data-edit");
    const all = readTables();
    const old = all.find((t) => t.id === id);
    const keepEdit = !edit && old && old.edit;  // opening the read-only link must not forget the edit link
    const entry = {id, game: live.dataset.game, names: live.dataset.names, at: Date.now(),
                   url: keepEdit ? old.url : location.pathname, edit: edit || Boolean(keepEdit)};
    try {
      localStorage.setItem(TABLES_KEY, JSON.stringify([entry, ...all.filter((t) => t.id !== id)].slice(0, 60)));
    } catch (e) { /* storage full or refused: the list is a convenience */ }
  }
  const RECENT_TABLES = 4;  // shown first; older ones folded, so that the games stay near the top of the screen
  function showTables() {
    const section = $("#my-tables");
    if (!section) return;
    const tables = readTables().sort((a, b) => b.at - a.at);
    const ul = $("ul", section);
    ul.replaceChildren();
    $$("details", section).forEach((d) => d.remove());
    let list = ul;
    const lang = document.documentElement.lang || "fr";
    for (const [i, t] of tables.entries()) {
      if (i === RECENT_TABLES) {
        const details = document.createElement("details");
        const more = document.createElement("summary");
        more.textContent = `${S.older} (${tables.length - RECENT_TABLES})`;
        list = document.createElement("ul");
        details.append(more, list);
        section.append(details);
      }
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.className = "game-link";
      a.href = t.url;
      const strong = document.createElement("strong");
      strong.textContent = t.game;
      const small = document.createElement("small");
      const when = new Date(t.at).toLocaleString(lang, {weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit"});
      small.textContent = `${t.names} · ${when}${t.edit ? " · " + S.editBadge : ""}`;
      a.append(strong, small);
      li.append(a);
      list.append(li);
    }
    section.hidden = tables.length === 0;
  }

  /* ---- IndexedDB outbox -------------------------------------------------------------------------- */
  const db = new Promise((resolve) => {
    if (!("indexedDB" in window)) return resolve(null);
    let req;
    try { req = indexedDB.open("atout", 1); } catch (e) { return resolve(null); }
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore("outbox", {keyPath: "key"});
      store.createIndex("table", "table");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
  let dbHandle = null;
  db.then((d) => { dbHandle = d; });
  function tx(mode, fn) {
    return db.then((d) => new Promise((resolve, reject) => {
      const t = d.transaction("outbox", mode);
      const result = fn(t.objectStore("outbox"));
      t.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    }));
  }
  const outbox = {
    put: (item) => tx("readwrite", (s) => s.put(item)),
    remove: (key) => tx("readwrite", (s) => s.delete(key)),
    // Sent in round order (then by time): a refused round fixed later must still go before the rounds after it.
    forTable: (table) => tx("readonly", (s) => s.index("table").getAll(table))
      .then((items) => (items || []).sort((a, b) => (a.round - b.round) || (a.at - b.at))),
  };
  function newKey() {
    if (crypto.randomUUID) return "atout-" + crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return "atout-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* ---- the live sheet ---------------------------------------------------------------------------- */
  let version = live ? Number(live.dataset.version) : 0;
  let fails = 0;
  let pollTimer = null;
  let polling = false;  // one check at a time: "online" or "visible" during a check must not start another loop
  // The queue waits for the user while a conflict or a refused entry is on screen. Items in those states are
  // sent again after a reload: the server stored nothing for them, so asking again is harmless and shows why.
  let paused = false;
  // A server that said "not now" (503 with Retry-After): nothing is sent to it before this time.
  let retryAt = 0;
  let retryTimer = null;

  /* The validator of the sheet on screen ("v12-3f9a0c1d"), as the server rendered it. */
  function shownTag() {
    const sheet = $("#sheet");
    return (sheet && sheet.dataset.etag) || `"v${version}"`;
  }

  /* Seconds in a Retry-After header (a number or an HTTP date); 0 when absent or junk. */
  function retryAfter(res) {
    const raw = (res.headers.get("Retry-After") || "").trim();
    if (/^\d+$/.test(raw)) return Number(raw);
    const when = Date.parse(raw);
    return Number.isNaN(when) ? 0 : Math.max(0, (when - Date.now()) / 1000);
  }

  function notNow(res) {
    const seconds = Math.min(retryAfter(res) || 2, 300);
    retryAt = Date.now() + seconds * 1000;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => flush(), seconds * 1000 + 50);
  }

  function formTouched() {
    const form = $("#entry form.entry-form");
    if (!form) return false;
    if (form.contains(document.activeElement) && document.activeElement.matches("input, select, textarea")) return true;
    return $$("input, select, textarea", form).some((el) => (el.type === "checkbox" || el.type === "radio")
      ? el.checked !== el.defaultChecked
      : el.tagName === "SELECT" ? Array.from(el.options).some((o) => o.selected !== o.defaultSelected)
      : el.type !== "hidden" && el.value !== el.defaultValue);
  }

  function processHtmx(el) {
    if (window.htmx) window.htmx.process(el);
  }

  /* Put a freshly rendered ``live`` partial on the page, keeping a form the user is filling in. */
  function applyLive(html, force = false) {
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
    const sheet = $("#sheet");
    if (sheet && sheet.dataset.version) {
      version = Math.max(version, Number(sheet.dataset.version));
      live.dataset.version = String(version);
    }
    processHtmx(live);
    afterSwap();
  }

  async function afterSwap() {
    enhance();
    await showPending();
  }

  /* A live change: the whole page as the server renders it now. Its sheet goes on screen (keeping a form being
   * typed into), what changed around the sheet too; the page is kept as the offline copy. */
  async function applyPage(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const box = $("#live", doc);
    if (!box) return;
    if (older($("#sheet", doc), $("#sheet"))) return;
    live.dataset.names = box.dataset.names || live.dataset.names;
    const fresh = aroundLive(doc);
    if (around && fresh) syncAround(fresh);
    applyLive(box.innerHTML);
    rememberTable();
    await keepPage(html, doc);
  }

  /* A digital table's page moves on card by card (``data-moves``): a poll answered before this phone's own move
   * was stored must not bring back the table as it was before it. */
  function older(fresh, shown) {
    if (!fresh || !shown || !fresh.dataset.moves || !shown.dataset.moves) return false;
    const v = Number(fresh.dataset.version) - Number(shown.dataset.version);
    return v < 0 || (v === 0 && Number(fresh.dataset.moves) < Number(shown.dataset.moves));
  }

  /* Ask for the sheet now (after choosing in a conflict, discarding a queued round): the same request as a poll. */
  async function refresh() {
    const res = await fetch(live.dataset.poll, {credentials: "same-origin", cache: "no-store"});
    if (!res.ok) throw new Error(String(res.status));
    await applyPage(await res.text());
  }

  async function poll() {
    if (polling) return;  // the running check schedules the next one
    polling = true;
    clearTimeout(pollTimer);
    pollTimer = null;
    let again = true;
    let wait = 0;
    try {
      const res = await fetch(live.dataset.poll, {headers: {"If-None-Match": shownTag()}, credentials: "same-origin",
                                                  cache: "no-store"});
      if (res.status === 304 || res.ok) {
        fails = 0;
        setState("live");
        if (res.ok) await applyPage(await res.text());
        flush();
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
    if (again) pollTimer = setTimeout(poll, Math.max(wait, document.hidden ? HIDDEN_POLL_MS : POLL_MS));
  }

  /* ---- offline entry ----------------------------------------------------------------------------- */
  function entryForm() {
    return $("#entry form.entry-form");
  }

  /* Show the form for round ``number``: the current one renumbered, or a kept template of that round. */
  function alignForm(number) {
    const entry = $("#entry");
    const form = entryForm();
    if (!entry || !form || Number(entry.dataset.round) === number || formTouched()) return;
    const from = Number(entry.dataset.round);
    const tpl = $$("template.upcoming-form", entry).find((t) => t.dataset.rounds.split(" ").map(Number).includes(number));
    let next = form;
    let shown = from;
    if (tpl) {
      next = tpl.content.firstElementChild ? $("form", tpl.content).cloneNode(true) : form;
      shown = Number(tpl.dataset.rounds.split(" ")[0]);
      form.replaceWith(next);
    }
    const h2 = $("h2", next);
    if (h2) h2.textContent = h2.textContent.replace(new RegExp(`\\b${shown}\\b`), String(number));
    let hidden = $("input[name=round_number]", next);
    if (!hidden) {
      hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = "round_number";
      next.prepend(hidden);
    }
    hidden.value = String(number);
    $$("input[name=idempotency_key]", next).forEach((el) => el.remove());
    $$(".error, .taken", next).forEach((el) => el.remove());
    $$("[aria-invalid]", next).forEach((el) => el.removeAttribute("aria-invalid"));
    $$("input:not([type=hidden])", next).forEach((el) => {
      if (el.type === "checkbox" || el.type === "radio") el.checked = false; else el.value = "";
    });
    $$("select", next).forEach((el) => { el.selectedIndex = 0; });
    entry.dataset.round = String(number);
    processHtmx(next);
    enhance();
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

  function summary(fields) {
    const groups = new Map();
    for (const [name, value] of fields) {
      if (["csrfmiddlewaretoken", "round_number", "idempotency_key", "version"].includes(name) || value === "") continue;
      const [key] = name.split(".");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(value);
    }
    return Array.from(groups, ([key, values]) => `${key} ${values.join("·")}`).join(" ; ");
  }

  /* The coming rounds as the server described them (number, contract, dealer, points per field). */
  function upcoming() {
    const entry = $("#entry");
    try { return JSON.parse((entry && entry.dataset.upcoming) || "[]"); } catch (e) { return []; }
  }

  /* A queued round's points, seat by seat, from the points per field the rules gave; null when they gave none. */
  function pendingScores(item, rounds, seats) {
    const coming = rounds.find((r) => r.n === item.round);
    if (!coming || !coming.points || !seats) return null;
    const scores = new Array(seats).fill(0);
    for (const [name, value] of item.fields) {
      const [key, seat] = name.split(".");
      if (!(key in coming.points)) continue;
      const each = coming.points[key];
      if (seat !== undefined) {
        const n = Number.parseInt(String(value).replace(/\u2212/g, "-"), 10);  // "−5" typed with a real minus
        if (/^\d+$/.test(seat) && Number(seat) < seats && !Number.isNaN(n)) scores[Number(seat)] += each * n;
      } else if (/^\d+$/.test(value) && Number(value) < seats) {
        scores[Number(value)] += each;  // a seat field: the chosen player scores them
      }
    }
    return scores;
  }

  /* The score sheet itself (games add tables of their own under it: the race, the board). */
  function sheetTable() {
    return $("#sheet table.sheet");
  }

  /* A score as the sheet prints it and back (companion/typography.py): a true minus sign, "−12", and in French
     a decimal comma, "40,5". */
  function readNumber(text) {
    return Number(String(text).trim().replace(/\u2212/g, "-").replace(",", "."));
  }
  function showNumber(n) {
    const text = String(n).replace("-", "\u2212");
    return (document.documentElement.lang || "fr").startsWith("fr") ? text.replace(".", ",") : text;
  }

  /* Totals on screen with the queued rounds added (or, without their points, marked as leaving them out). */
  function showPendingTotals(added, counted, unknown) {
    const cells = [$$("tr.totals td[data-seat]", sheetTable() || undefined), $$(".totals-bar li")];
    // Who leads is the rules' verdict on the stored rounds: not shown over totals that are not stored yet.
    const provisional = counted || unknown;
    $$(".totals-bar .badge, tr.totals .badge", live).forEach((b) => { b.hidden = provisional; });
    for (const list of cells) {
      list.forEach((cell, seat) => {
        const holder = cell.matches("li") ? $("strong", cell) : cell;
        if (!holder) return;
        const text = Array.from(holder.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && n.data.trim() !== "");
        if (!text) return;
        if (holder.dataset.stored === undefined) holder.dataset.stored = text.data.trim();
        const stored = readNumber(holder.dataset.stored);
        $$(".pending-mark", cell).forEach((el) => el.remove());
        cell.classList.toggle("with-pending", provisional);
        text.data = Number.isNaN(stored) ? holder.dataset.stored : showNumber(stored + (added[seat] || 0));
        if (provisional) {
          const mark = document.createElement("span");
          mark.className = "pending-mark";
          mark.textContent = "⏳";
          mark.title = unknown ? S.pendingUncounted : S.pendingCounted;  // some left out: said so
          if (holder === cell) text.after(mark);
          else { holder.after(mark); holder.title = mark.title; }
        }
      });
    }
  }

  /* The status line names the round the form enters, with its contract, dealer and first player. */
  function showComing(number, rounds) {
    const next = $("#sheet p.next");
    const coming = rounds.find((r) => r.n === number);
    if (!next || !coming) return;
    const text = next.firstChild;
    if (text && text.nodeType === Node.TEXT_NODE) text.data = text.data.replace(/\d+/, String(number));
    const link = $("a", next);
    if (link && coming.contract) {
      link.href = coming.rule;
      const strong = $("strong", link);
      if (strong) strong.textContent = coming.contract;
    }
    // Into the name's own isolation (<bdi>) when the page has one: nothing in a name moves the text around it.
    const put = (strong, name) => { if (strong) ($("bdi", strong) || strong).textContent = name; };
    // A banker the coming coup's result decides (Baccara after the next coup) is said in words, not guessed.
    put($(':scope > strong[data-next="dealer"]', next), coming.dealer || coming.dealer_note || "");
    put($(':scope > strong[data-next="first"]', next), coming.first || "");
  }

  async function showPending() {
    if (!live || !dbHandle) return;
    const items = await outbox.forTable(live.dataset.table);
    pendingCount = items.length;
    setState(Atout.state || (navigator.onLine ? "live" : "offline"));
    const table = sheetTable();
    const body = table && $("tbody", table);
    if (!body) return;
    $$("tr.pending", body).forEach((tr) => tr.remove());
    const empty = $("td.empty", body);
    if (empty && items.length) empty.parentElement.hidden = true;
    const seats = $$("tr.totals td[data-seat]", table).length;
    const columns = $$("thead tr:first-child th", table).length - 1;
    const rounds = upcoming();
    const added = new Array(seats).fill(0);
    let unknown = false;
    let counted = false;
    const running = $$("tr.totals td[data-seat]", table).map((td) => {
      const first = Array.from(td.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && n.data.trim() !== "");
      const shown = td.dataset.stored !== undefined ? td.dataset.stored : first ? first.data.trim() : "NaN";
      return readNumber(shown);
    });
    for (const item of items) {
      const tr = document.createElement("tr");
      tr.className = `pending pending-${item.state}`;
      tr.dataset.key = item.key;
      const th = document.createElement("th");
      th.scope = "row";
      th.className = "rowhead";
      th.textContent = String(item.round);
      const badge = document.createElement("small");
      badge.textContent = "⏳";
      th.append(badge);
      const label = {pending: S.pendingRow, conflict: S.conflictRow, refused: S.refusedRow}[item.state] || S.pendingRow;
      const scores = item.state === "pending" ? pendingScores(item, rounds, seats) : null;
      if (item.state === "pending" && !scores) unknown = true;
      tr.append(th);
      if (scores && columns === seats) {
        // Scored as the rules say, not stored yet: a row like the others, its totals provisional.
        tr.classList.add("pending-scored");
        counted = true;
        const coming = rounds.find((r) => r.n === item.round);
        if (coming && coming.contract) {
          const contract = document.createElement("small");
          contract.textContent = coming.contract;
          badge.before(contract);
        }
        tr.setAttribute("aria-label", `${item.round} · ${label}`);
        th.title = label;
        scores.forEach((score, seat) => {
          added[seat] += score;
          running[seat] += score;
          const td = document.createElement("td");
          td.textContent = showNumber(score);
          const small = document.createElement("small");
          small.textContent = Number.isNaN(running[seat]) ? "" : showNumber(running[seat]);
          td.append(small);
          tr.append(td);
        });
      } else {
        const td = document.createElement("td");
        td.colSpan = Math.max(columns, 1);
        td.className = "pending-cell";
        const strong = document.createElement("strong");
        strong.textContent = label;
        const detail = document.createElement("small");
        detail.textContent = item.summary || summary(item.fields);
        td.append(strong, detail);
        if (item.state !== "pending") {
          const discard = document.createElement("button");
          discard.type = "button";
          discard.className = "discard";
          discard.textContent = S.discard;
          discard.dataset.discard = item.key;
          td.append(discard);
        }
        tr.append(td);
      }
      body.append(tr);
    }
    showPendingTotals(added, counted, unknown);
    const entry = $("#entry");
    // A refused or conflicting round keeps its own form on screen; otherwise the form follows the queue.
    if (entry && items.length && items.every((i) => i.state === "pending")) {
      const last = Math.max(...items.map((i) => i.round));
      if (last + 1 > Number(entry.dataset.round)) alignForm(last + 1);
    }
    if (entry) showComing(Number(entry.dataset.round), rounds);
  }

  // One flush at a time; a flush asked for while one runs (a new round was queued) runs right after it.
  let flushing = null;
  let flushAgain = false;
  function flush() {
    if (flushing) { flushAgain = true; return flushing; }
    flushing = (async () => {
      let reached = true;
      do { flushAgain = false; reached = await doFlush(); } while (flushAgain && reached && !paused);
    })().finally(() => { flushing = null; });
    return flushing;
  }

  /* Send the queued rounds in order; false when the server could not be reached. */
  async function doFlush() {
    if (!live || !dbHandle || paused) return true;
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
        await outbox.remove(item.key);
        applyLive(await res.text(), true);
        restoreValues(item);
        break;
      }
      if (res.status === 400 || res.status === 409 || res.status === 403 || res.status === 404) {
        item.state = res.status === 409 ? "conflict" : "refused";
        await outbox.put(item);
        paused = true;
        const html = await res.text();
        if (res.status !== 403 && res.status !== 404) {
          applyLive(html, true);
          markConflict(item);
          if (res.status === 400) restoreValues(item);
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

  // Set before anything is awaited: a second tap in the same instant must not queue the round twice.
  let submitting = false;
  document.addEventListener("submit", (ev) => {
    const form = ev.target;
    if (!live || !dbHandle || !live.hasAttribute("data-edit")) return;
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

  document.addEventListener("click", async (ev) => {
    const stored = ev.target.closest("#conflict [data-resolve=keep-stored]");
    if (stored && dbHandle) {
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
    const discard = ev.target.closest("[data-discard]");
    if (discard && window.confirm(S.discardConfirm)) {
      await outbox.remove(discard.dataset.discard);
      paused = false;
      await refresh().catch(() => {});
      await showPending();
      flush();
      return;
    }
    const step = ev.target.closest("button.step");
    if (step) {
      const input = $("input", step.parentElement);
      const now = Number.parseInt(input.value, 10);
      const floor = input.hasAttribute("data-signed") ? -Infinity : 0;  // the free sheet's points go below zero
      const value = Math.max(floor, (Number.isNaN(now) ? 0 : now) + Number(step.dataset.step));
      input.value = String(value);
      input.dispatchEvent(new Event("input", {bubbles: true}));
      return;
    }
    const share = ev.target.closest("button[data-share]");
    if (share && navigator.share) {
      try {
        await navigator.share({title: share.dataset.shareTitle, text: share.dataset.shareText, url: share.dataset.share});
      } catch (e) { /* closed without sharing: nothing to do */ }
      return;
    }
    const copy = ev.target.closest("button[data-copy]");
    if (copy) {
      const input = $(copy.dataset.copy);
      let done = false;
      try {
        await navigator.clipboard.writeText(input.value);
        done = true;
      } catch (e) {
        // No clipboard API (plain HTTP on a home network): select the link and try the old way.
        input.focus();
        input.select();
        input.setSelectionRange(0, input.value.length);
        try { done = document.execCommand("copy"); } catch (err) { done = false; }
      }
      const label = copy.dataset.label || copy.textContent;
      copy.dataset.label = label;
      copy.textContent = done ? copy.dataset.done : copy.dataset.selected;
      setTimeout(() => { copy.textContent = label; }, done ? 2000 : 4000);
    }
  });

  /* ---- phone polish ------------------------------------------------------------------------------ */
  function enhance() {
    const grid = $("#entry .entry-grid, .entry-form .entry-grid");
    if (grid) {
      const firstRow = $("tbody tr", grid);
      const counts = firstRow ? $$("input.count", firstRow).length : 0;
      grid.classList.toggle("stacked-steppers", counts > 1);
      for (const input of $$("input.count", grid)) {
        if (input.parentElement.classList.contains("stepper")) continue;
        const wrap = document.createElement("span");
        wrap.className = "stepper";
        const minus = document.createElement("button");
        minus.type = "button";
        minus.className = "step";
        minus.dataset.step = "-1";
        minus.textContent = "−";
        minus.setAttribute("aria-label", `− ${input.getAttribute("aria-label") || ""}`);
        minus.tabIndex = -1;
        const plus = minus.cloneNode(true);
        plus.dataset.step = "1";
        plus.textContent = "+";
        plus.setAttribute("aria-label", `+ ${input.getAttribute("aria-label") || ""}`);
        // Moving the box takes the focus away from it: a box tapped while the page was still loading keeps
        // the focus and its selection, so that what the person types next goes into it.
        const focused = document.activeElement === input;
        const [start, end, dir] = [input.selectionStart, input.selectionEnd, input.selectionDirection];
        input.replaceWith(wrap);
        wrap.append(plus, input, minus);
        if (focused) {
          input.focus({preventScroll: true});
          try { if (start !== null) input.setSelectionRange(start, end, dir); } catch (e) { /* no selection here */ }
        }
      }
    }
    $$("button[data-copy]").forEach((b) => { b.hidden = false; });
    $$("button[data-share]").forEach((b) => { b.hidden = !navigator.share; });
    showWake();
  }

  /* ---- keep the screen awake --------------------------------------------------------------------- */
  // Off until asked; the choice is kept on the phone for the next tables. The browser lets go of the lock when
  // the page is hidden: it is asked for again when the page is seen again.
  const WAKE_KEY = "atout.wake";
  let wakeLock = null;
  function wakeWanted() {
    try { return localStorage.getItem(WAKE_KEY) === "1"; } catch (e) { return false; }
  }
  function showWake() {
    const label = $("label.wake");
    if (!label) return;
    label.hidden = !live || !("wakeLock" in navigator);
    $("input", label).checked = Boolean(wakeLock) || (!label.hidden && wakeWanted());
  }
  async function holdWake() {
    if (wakeLock || document.hidden || !("wakeLock" in navigator)) return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } catch (e) {
      wakeLock = null;  // refused (battery saver…): the box says so
      const box = $("#wake-lock");
      if (box) box.checked = false;
    }
  }
  document.addEventListener("change", (ev) => {
    if (!ev.target.matches("#wake-lock")) return;
    try { localStorage.setItem(WAKE_KEY, ev.target.checked ? "1" : "0"); } catch (e) { /* kept for this page only */ }
    if (ev.target.checked) holdWake();
    else if (wakeLock) { wakeLock.release().catch(() => {}); wakeLock = null; }
  });

  /* ---- start ------------------------------------------------------------------------------------- */
  window.addEventListener("online", () => { fails = 0; if (live) poll(); else setState("live"); });
  window.addEventListener("offline", () => setState("offline"));
  document.addEventListener("visibilitychange", () => {
    if (document.hidden || !live) return;
    poll();
    if (wakeWanted() && $("#wake-lock")) holdWake();
  });
  document.addEventListener("htmx:afterSwap", (ev) => {
    if (ev.target === live) {
      const sheet = $("#sheet");
      if (sheet && sheet.dataset.version) { version = Number(sheet.dataset.version); live.dataset.version = String(version); }
      afterSwap();
    }
  });

  enhance();
  showTables();
  if (!navigator.onLine) setState("offline");
  // loaded: the page's own first-load work is done (first live check answered, offline copy kept, service worker
  // installed with the app shell). ready: also the rulebook and the other static files kept for offline use,
  // downloaded in the background afterwards.
  Atout.loaded = (async () => {
    let checked = null;
    if (live) {
      rememberTable();
      if (wakeWanted() && $("#wake-lock") && "wakeLock" in navigator) holdWake();
      await db;
      await showPending();
      checked = poll();
    }
    await swReady;
    await Promise.all([keepFirstPage(), checked]);
    return true;
  })();
  Atout.ready = Atout.loaded.then(precache).then(() => true);
})();
