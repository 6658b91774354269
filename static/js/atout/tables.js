/* "Mes tables": the tables this phone created or opened, newest first, kept in localStorage and listed on the
 * home page and the offline page (#my-tables). */
import {$, $$, live, S} from "./dom.js";

const TABLES_KEY = "atout.tables";
const KEPT = 60;
const RECENT_TABLES = 4;  // shown first; older ones folded, so that the games stay near the top of the screen

function readTables() {
  try { return JSON.parse(localStorage.getItem(TABLES_KEY) || "[]"); } catch (e) { return []; }
}

/* On a table's page: put this table first in the list (its names, its game, the link it was opened with). */
export function rememberTable() {
  if (!live || !live.dataset.table) return;
  const id = live.dataset.table;
  const edit = live.hasAttribute("data-edit");
  const all = readTables();
  const old = all.find((t) => t.id === id);
  const keepEdit = !edit && old && old.edit;  // opening the read-only link must not forget the edit link
  const entry = {id, game: live.dataset.game, slug: live.dataset.slug, names: live.dataset.names, at: Date.now(),
                 url: keepEdit ? old.url : location.pathname, edit: edit || Boolean(keepEdit)};
  try {
    localStorage.setItem(TABLES_KEY, JSON.stringify([entry, ...all.filter((t) => t.id !== id)].slice(0, KEPT)));
  } catch (e) { /* storage full or refused: the list is a convenience */ }
}

export function showTables() {
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

/* The games of this phone's tables, most recent first (their slugs; older entries kept none). */
export function recentGames() {
  return readTables().sort((a, b) => b.at - a.at).map((t) => t.slug).filter(Boolean);
}

