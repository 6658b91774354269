/* Atout on the phone: installable app, live tables, offline entry that never loses a round.
 *
 * Everything here is an enhancement: without these scripts every page and form still works. The entry module,
 * loaded by every page (templates/base.html, <script type="module">, the page's first script); each concern is
 * a module of its own, in this folder:
 * - worker.js: the service worker (/sw.js), which keeps the app shell, the rulebook and the tables being played
 *   offline, and the table page's offline copy handed to it;
 * - tables.js: "Mes tables", the tables this phone created or opened; games.js: the home page's games, this
 *   phone's first, and the filter box; teams.js: the partnerships of a new table as the names are typed;
 * - live.js: the live sheet, checked every second (every 5 s when idle); status.js: live, reconnecting or offline;
 * - outbox.js, queue.js: the offline queue of rounds, in IndexedDB, sent with their own Idempotency-Key;
 * - pending.js: the queued rounds on the sheet, the totals with them, the form moved on;
 * - problems.js: a refused round's first problem in sight, its field focused, their count by the button (loaded
 *   when a round is refused, as games.js and teams.js are by the pages that use them);
 * - steppers.js: − and + on counts, copy and "Partager"; wake.js: "Garder l'écran allumé";
 * - table.js: a digital table's felt, the bots' cards a change brings played back one by one (loaded by the
 *   play pages alone).
 * No build step: the browser loads the modules as they are (minified and hashed by collectstatic in production,
 * imports included), and the service worker keeps every one of them (companion/pwa/views.py). */
import {$, Atout, live} from "./dom.js";
import {listenLive, on, poll} from "./live.js";
import {db} from "./outbox.js";
import {showPending} from "./pending.js";
import {flush, listenQueue} from "./queue.js";
import {setState} from "./status.js";
import {enhance, listenSteppers} from "./steppers.js";
import {recentGames, rememberTable, showTables} from "./tables.js";
import {startWake} from "./wake.js";
import {keepFirstPage, listenToWorker, precache, swReady} from "./worker.js";

// A digital table's play pages (their live box is #live.play) only: the felt's pace, loaded by those pages alone.
const cardTable = $("#live.play") ? import("./table.js") : null;
on.swap = () => {
  enhance();
  if (cardTable) cardTable.then((m) => m.paceTable());
  return showPending();
};
on.reached = flush;
listenToWorker();
listenQueue();
listenSteppers();
listenLive();
startWake();
if (cardTable) cardTable.then((m) => m.startTable());

enhance();
// A page that comes back with a refused round (no script ran the form): its first problem in sight.
if ($("#entry form.entry-form .error")) import("./problems.js").then((m) => m.showProblems());
showTables();
// Modules only two pages use, loaded by those pages alone (the service worker keeps them with the other files).
if ($("#game-lists")) import("./games.js").then((m) => m.startGames(recentGames()));
if ($("#teams-shown")) import("./teams.js").then((m) => m.startTeams());
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
Atout.ready = Atout.loaded.then(() => precache(recentGames())).then(() => true);
