/* The offline queue's store: the rounds entered on this phone and not yet stored by the server, in IndexedDB
 * ("atout" database, "outbox" store, one item per round, keyed by its own Idempotency-Key). An item:
 * {key, table, url, round, fields: [[name, value]…], summary, at, state: "pending" | "conflict" | "refused",
 * fresh: whether the person is still looking at the form it came from}. */

/* The database, or null where IndexedDB is missing or refused (private mode): the forms then post as usual. */
export const db = new Promise((resolve) => {
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
let handle = null;
db.then((d) => { handle = d; });

/* Whether the queue can be used now (the database is open). */
export function usable() {
  return handle !== null;
}

function tx(mode, fn) {
  return db.then((d) => new Promise((resolve, reject) => {
    const t = d.transaction("outbox", mode);
    const result = fn(t.objectStore("outbox"));
    t.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  }));
}

export const outbox = {
  put: (item) => tx("readwrite", (s) => s.put(item)),
  remove: (key) => tx("readwrite", (s) => s.delete(key)),
  // Sent in round order (then by time): a refused round fixed later must still go before the rounds after it.
  forTable: (table) => tx("readonly", (s) => s.index("table").getAll(table))
    .then((items) => (items || []).sort((a, b) => (a.round - b.round) || (a.at - b.at))),
};

/* A new Idempotency-Key: the server stores a round sent twice with the same key once. */
export function newKey() {
  if (crypto.randomUUID) return "atout-" + crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return "atout-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
