/* Atout on the phone: installable app, live tables, offline entry that never loses a round.
 *
 * Everything here is an enhancement: without this script every page and form still works.
 * - registers the service worker (/sw.js) that keeps the app shell, the rulebook and opened tables offline;
 * - "Mes tables": the tables this phone created or opened, newest first, in localStorage;
 * - live tables: asks the API every second whether the table changed (ETag, 304 when not) and swaps the sheet;
 * - says whether the page is live, reconnecting or offline;
 * - offline queue: a round entered on the edit page is first written to IndexedDB with its own Idempotency-Key,
 *   then sent; while it waits, the sheet shows it as pending and the form moves on to the next round. A retry
 *   reuses the key, so the server stores it once. A round someone else entered first comes back as a conflict
 *   showing both versions; the user keeps one. Nothing leaves the queue without the server's answer or the
 *   user's choice;
 * - +/- steppers on counts, copy buttons on the share screen.
 */
(() => {
  "use strict";
  const $ = (sel, el = document) => el.querySelector(sel);
  const $$ = (sel, el = document) => Array.from(el.querySelectorAll(sel));
  const conn = $("#conn");
  const live = $("#live");
  const S = conn ? conn.dataset : {};
  const PAGES = "atout-pages";
  const POLL_MS = 1000;
  const HIDDEN_POLL_MS = 15000;
  const PRECACHE_DELAY_MS = 1000;
  const Atout = (window.Atout = {loaded: null, ready: null, state: null});
  // This page as the server sent it, before any script changed it (this one runs first: see base.html). On a
  // first visit the service worker did not see the page go by; this copy is kept for offline use instead of
  // downloading the page a second time. Notices meant for one visit only ([data-once]) are left out.
  // A page the service worker served from the network (plain URL) is already kept: no copy needed.
  const swKeptIt = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller) && !location.search;
  const firstHtml = live && !swKeptIt ? snapshot() : null;
  function snapshot() {
    const root = document.documentElement.cloneNode(true);
    root.querySelectorAll("[data-once]").forEach((el) => el.remove());
    return "<!doctype html>\n" + root.outerHTML;
  }

  /* ---- service worker ---------------------------------------------------------------------------- */
  const swReady = new Promise((resolve) => {
    if (!("serviceWorker" in navigator)) return resolve(null);
    const go = () => navigator.serviceWorker.register("/sw.js", {scope: "/"})
      .then(() => navigator.serviceWorker.ready).then(resolve, () => resolve(null));
    if (document.readyState === "complete") go(); else window.addEventListener("load", go);
  });

  /* Once the page has loaded, ask the service worker to keep the rulebook of every game for offline use. */
  async function precache() {
    const registration = await swReady;
    if (!registration || !registration.active) return;
    await new Promise((resolve) => setTimeout(resolve, PRECACHE_DELAY_MS));
    await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      registration.active.postMessage({type: "precache"}, [channel.port2]);
      setTimeout(resolve, 120000);
    });
  }

  /* Keep a copy of this table page for offline use, as it is now (after a live change: downloaded again). */
  async function keepPage() {
    if (!live || !("caches" in window)) return;
    try {
      const cache = await caches.open(PAGES);
      const res = await fetch(location.pathname, {credentials: "same-origin", cache: "no-store"});
      if (res.ok && !res.redirected) await cache.put(location.pathname, res);
    } catch (e) { /* offline: the copy we have stays */ }
  }

  /* On load: keep the page as loaded, unless the service worker already did. */
  async function keepFirstPage() {
    if (!live || !firstHtml || !("caches" in window)) return;
    try {
      const cache = await caches.open(PAGES);
      await cache.put(location.pathname, new Response(firstHtml, {headers: {"Content-Type": "text/html; charset=utf-8"}}));
    } catch (e) { /* storage refused: the page still works online */ }
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
  let etag = "";  // the API's last ETag (see poll)
  let fails = 0;
  let pollTimer = null;
  let polling = false;  // one check at a time: "online" or "visible" during a check must not start another loop
  // The queue waits for the user while a conflict or a refused entry is on screen. Items in those states are
  // sent again after a reload: the server stored nothing for them, so asking again is harmless and shows why.
  let paused = false;

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

  async function refresh() {
    const res = await fetch(location.pathname, {headers: {"HX-Request": "true", "HX-Current-URL": location.href},
                                                credentials: "same-origin", cache: "no-store"});
    if (!res.ok) throw new Error(String(res.status));
    applyLive(await res.text());
    keepPage();
  }

  async function poll() {
    if (polling) return;  // the running check schedules the next one
    polling = true;
    clearTimeout(pollTimer);
    pollTimer = null;
    let again = true;
    try {
      // The API's ETag is "v<version>-<names hash>" (a group renames players without a new version). The last
      // one is sent back while it is of the version on screen; otherwise the bare version, which gets a 200.
      const known = etag.startsWith(`"v${version}-`) ? etag : `"v${version}"`;
      const res = await fetch(live.dataset.api, {headers: {"If-None-Match": known, Accept: "application/json"},
                                                 credentials: "same-origin", cache: "no-store"});
      if (res.status === 304 || res.ok) {
        fails = 0;
        setState("live");
        // A compressed answer's ETag is weak (W/"v12-…", Django's GZipMiddleware): kept without the W/, which
        // the server ignores in If-None-Match.
        const got = (res.headers.get("ETag") || "").replace(/^W\//, "");
        const tag = /"v(\d+)(?:-[0-9a-f]+)?"/.exec(got);
        if (tag) etag = got;
        if (res.ok && tag) {
          const names = ((await res.json()).players || []).join(", ");
          if (Number(tag[1]) !== version || names !== live.dataset.names) {
            version = Number(tag[1]);
            live.dataset.names = names;
            await refresh();
          }
        }
        flush();
      } else if (res.status === 404) {
        again = false;  // the table is gone: stop asking
      } else {
        throw new Error(String(res.status));
      }
    } catch (e) {
      fails += 1;
      setState(fails >= 3 || !navigator.onLine ? "offline" : "reconnecting");
    } finally {
      polling = false;
    }
    if (again) pollTimer = setTimeout(poll, document.hidden ? HIDDEN_POLL_MS : POLL_MS);
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

  async function showPending() {
    if (!live || !dbHandle) return;
    const items = await outbox.forTable(live.dataset.table);
    pendingCount = items.length;
    setState(Atout.state || (navigator.onLine ? "live" : "offline"));
    const body = $("#sheet table.sheet tbody");
    if (!body) return;
    $$("tr.pending", body).forEach((tr) => tr.remove());
    const empty = $("td.empty", body);
    if (empty && items.length) empty.parentElement.hidden = true;
    const columns = $$("#sheet table.sheet thead tr:first-child th").length - 1;
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
      const td = document.createElement("td");
      td.colSpan = Math.max(columns, 1);
      td.className = "pending-cell";
      const label = {pending: S.pendingRow, conflict: S.conflictRow, refused: S.refusedRow}[item.state] || S.pendingRow;
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
      tr.append(th, td);
      body.append(tr);
    }
    const entry = $("#entry");
    // A refused or conflicting round keeps its own form on screen; otherwise the form follows the queue.
    if (entry && items.length && items.every((i) => i.state === "pending")) {
      const last = Math.max(...items.map((i) => i.round));
      if (last + 1 > Number(entry.dataset.round)) alignForm(last + 1);
    }
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
    let reached = true;
    const items = await outbox.forTable(live.dataset.table);
    let sent = 0;
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
      if (res.ok) {
        await outbox.remove(item.key);
        sent += 1;
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
      setState("reconnecting");  // 5xx: try again later
      reached = false;
      break;
    }
    if (sent && !paused) await refresh().catch(() => {});
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

  async function resolveKeepMine(form) {
    const key = $("#conflict") && $("#conflict").dataset.key;
    let res;
    try {
      res = await fetch(form.action, {method: "POST", credentials: "same-origin", body: new URLSearchParams(new FormData(form)),
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
        input.replaceWith(wrap);
        wrap.append(plus, input, minus);
      }
    }
    $$("button[data-copy]").forEach((b) => { b.hidden = false; });
  }

  /* ---- start ------------------------------------------------------------------------------------- */
  window.addEventListener("online", () => { fails = 0; if (live) poll(); else setState("live"); });
  window.addEventListener("offline", () => setState("offline"));
  document.addEventListener("visibilitychange", () => { if (!document.hidden && live) poll(); });
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
