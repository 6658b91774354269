/* The status line (#conn): whether the page is live, reconnecting or offline, and how many rounds wait to be sent.
 * Off a table's page it shows only when offline. */
import {Atout, conn, live, S} from "./dom.js";

let pendingCount = 0;

/* The number of rounds waiting in the queue (see pending.js); shown the next time the state is set. */
export function setPendingCount(n) {
  pendingCount = n;
}

export function setState(state) {
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
