/* "Garder l'écran allumé" (Screen Wake Lock API): shown on a table's page only where the browser has it, off
 * until asked; the choice is kept on the phone for the next tables. The browser lets go of the lock when the
 * page is hidden: it is asked for again when the page is seen again. */
import {$, live} from "./dom.js";

const WAKE_KEY = "atout.wake";
let wakeLock = null;

function wakeWanted() {
  try { return localStorage.getItem(WAKE_KEY) === "1"; } catch (e) { return false; }
}

/* The switch (templates/pwa/wake.html) shown where it works, ticked while the lock is held or wanted. */
export function showWake() {
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

/* On a table's page: hold the lock if it was asked for at an earlier table; follow the switch. */
export function startWake() {
  document.addEventListener("change", (ev) => {
    if (!ev.target.matches("#wake-lock")) return;
    try { localStorage.setItem(WAKE_KEY, ev.target.checked ? "1" : "0"); } catch (e) { /* kept for this page only */ }
    if (ev.target.checked) holdWake();
    else if (wakeLock) { wakeLock.release().catch(() => {}); wakeLock = null; }
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && live && wakeWanted() && $("#wake-lock")) holdWake();
  });
  if (live && wakeWanted() && $("#wake-lock") && "wakeLock" in navigator) holdWake();
}
