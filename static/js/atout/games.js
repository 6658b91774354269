/* The home page's list of games: the games of this phone's recent tables first ("Vos jeux"), and the filter box
 * that keeps, as one types, the games whose names the words typed find — accents, case and slips forgiven, read
 * as the server reads ?q= (companion/kernel/text.py, finds_name). Without this script the box is a plain form. */
import {$, $$} from "./dom.js";

const RECENT_GAMES = 3;

export function fold(text) {
  return text.replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE")
    .normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

const words = (text) => fold(text).match(/[\p{L}\p{N}_]+/gu) || [];

function maxTypos(term) {
  if (term.length < 4 || !/^\p{L}+$/u.test(term)) return 0;
  return term.length < 8 ? 1 : 2;
}

/* Edit distance with adjacent swaps (optimal string alignment), or most + 1 once it must exceed most. */
function distance(a, b, most) {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before = null, prev = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], before[j - 2] + 1);
    }
    if (Math.min(...cur) > most) return most + 1;
    before = prev; prev = cur;
  }
  return prev[b.length];
}

function findsWord(typed, word) {
  if (word.startsWith(typed)) return true;
  const most = maxTypos(typed);
  return most > 0 && (distance(typed, word, most) <= most || distance(typed, word.slice(0, typed.length), most) <= most);
}

/* names: the game's names, folded and joined by " | " (data-match). */
export function findsName(typed, names) {
  const asked = words(typed);
  return !asked.length || names.split(" | ").some((name) => {
    const own = words(name);
    return asked.every((t) => own.some((w) => findsWord(t, w)));
  });
}

function filter(box, lists) {
  const typed = box.value;
  let any = false;
  for (const section of $$(".games-group", lists)) {
    if (section.id === "games-recent") { section.hidden = Boolean(typed.trim()) || !$("li", section); continue; }
    let shown = 0;
    for (const li of $$("li", section)) {
      li.hidden = !findsName(typed, li.dataset.match);
      if (!li.hidden) shown++;
    }
    section.hidden = !shown;
    any = any || shown > 0;
  }
  $("#games-none", lists).hidden = any;
}

export function startGames(recentSlugs) {
  const lists = $("#game-lists"), box = $("#game-q");
  if (!lists || !box) return;
  const recent = $("#games-recent"), seen = new Set();
  for (const slug of recentSlugs) {
    if (seen.size === RECENT_GAMES || seen.has(slug)) continue;
    const li = $(`li[data-game="${CSS.escape(slug)}"]`, lists);
    if (!li) continue;
    seen.add(slug);
    $("ul", recent).append(li.cloneNode(true));
  }
  recent.hidden = !seen.size;
  box.addEventListener("input", () => filter(box, lists));
  if (box.value) filter(box, lists);
}
