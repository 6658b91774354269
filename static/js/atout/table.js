/* The card table's pace (templates/tables/play.html): the cards a live change brings are played back one by one.
 *
 * The server answers a tap or a poll with the table as it is now: after the person's card, the bots' cards came
 * in the same answer (they play at once, server-side). Laid out as it is, the trick would jump from one card to
 * four, or straight to the next trick. Here, the felt goes back to what it showed before the change, then each
 * new card appears in its turn, PACES.normal.card ms apart; a trick completed stays in sight PACES.normal.hold ms,
 * its taker marked, before it is gathered and the next trick's cards follow. What the felt can be played back
 * from is on the page: the felt's trick number and each card's place in it (data-trick, data-order), and the
 * trick before it in the "Dernier pli" drawer (its cards in order, data-taker). Anything else (a new deal, a jump
 * of several tricks, the end of the deal) goes on screen as it is.
 *
 * While cards are played back, the hand takes no tap (the table it would be played on is not in sight yet); a
 * tap on the felt shows it at once. The switch "Jeu rapide" (kept on the phone, localStorage) shortens the pauses.
 * Enhancement only: without the script the page shows the table as the server sends it. */
import {$, $$, live} from "./dom.js";

const PACE_KEY = "atout.pace";
export const PACES = {normal: {card: 600, hold: 1000}, fast: {card: 150, hold: 400}};

const opened = new Set();  // the drawers open on screen (their class: "last-trick", "sheet-drawer"…)
let shown = null;  // what the felt shows now: {deal, trick, cards: [{seat, label, node}] in the order played}
let timer = null;
let finish = null;  // puts the felt as the server sent it, ending a playback under way

function paceName() {
  try { return localStorage.getItem(PACE_KEY) === "fast" ? "fast" : "normal"; } catch (e) { return "normal"; }
}

function cardOf(seat, node) {
  return {seat, label: node.getAttribute("aria-label") || node.textContent, node: node.cloneNode(true)};
}

/* The trick on the felt, as the server rendered it. */
function feltState(felt) {
  const cards = $$(".seat-slot[data-order]", felt)
    .map((slot) => ({slot, card: $(".played .card.face", slot)}))
    .filter((x) => x.card)
    .sort((a, b) => Number(a.slot.dataset.order) - Number(b.slot.dataset.order))
    .map((x) => cardOf(x.slot.dataset.seat, x.card));
  // No card on the felt only before the deal's first lead (a trick completed stays until the next is led): the
  // trick to come is then the first.
  const trick = Number(felt.dataset.trick);
  return {deal: felt.dataset.deal, trick: cards.length ? trick : trick + 1, cards};
}

/* The trick before the one on the felt ("Dernier pli"), its cards in order, its taker and what the drawer says. */
function lastTrick() {
  const list = $(".last-trick .trick-list", live);
  if (!list) return null;
  const said = $(".last-trick .drawer-body p", live);
  const cards = $$("li[data-seat]", list).filter((li) => $(".card", li)).map((li) => cardOf(li.dataset.seat, $(".card", li)));
  return {cards, taker: list.dataset.taker, caption: said ? said.textContent : ""};
}

function isPrefix(a, b) {
  return a.length <= b.length && a.every((c, i) => c.seat === b[i].seat && c.label === b[i].label);
}

/* The felt showing ``cards`` (the others' places empty), ``taker``'s seat marked, ``caption`` under the trick. */
function lay(felt, cards, taker, caption) {
  const bySeat = new Map(cards.map((c) => [c.seat, c.node]));
  for (const slot of $$(".seat-slot", felt)) {
    const place = $(".played", slot);
    const node = bySeat.get(slot.dataset.seat);
    if (node) place.replaceChildren(node.cloneNode(true));
    else {
      const empty = document.createElement("span");
      empty.className = "card empty";
      empty.setAttribute("aria-hidden", "true");
      place.replaceChildren(empty);
    }
    slot.classList.toggle("took", taker !== undefined && slot.dataset.seat === taker);
    slot.classList.remove("is-turn");
  }
  const under = $(".trick-caption", felt);
  if (under && caption !== undefined) under.textContent = caption;
}

/* The steps from what the felt showed (``before``) to the table now (``now``, ``last``): each a function, the pause
 * before it and what the felt shows after it; null when the change is not one trick's cards or the next trick's
 * (then no playback). */
function plan(felt, before, now, last, pace) {
  if (!before || before.deal !== now.deal) return null;
  const steps = [];
  let wait = 0;
  const play = (trick, from, to, taker, caption) => {
    for (let i = from.length; i < to.length; i += 1) {
      const upTo = to.slice(0, i + 1);
      steps.push({wait, run: () => lay(felt, upTo, undefined, caption), state: {deal: now.deal, trick, cards: upTo}});
      wait = pace.card;
    }
    if (taker !== undefined) {
      steps.push({wait: 0, run: () => lay(felt, to, taker, caption), state: {deal: now.deal, trick, cards: to}});
    }
  };
  if (now.trick === before.trick && isPrefix(before.cards, now.cards)) {
    if (now.cards.length - before.cards.length < 2) return null;  // one card: nothing to pace
    play(now.trick, before.cards, now.cards);
  } else if (now.trick === before.trick + 1 && last && isPrefix(before.cards, last.cards)) {
    if (before.cards.length === last.cards.length && now.cards.length < 2) return null;  // the trick was in sight
    play(before.trick, before.cards, last.cards, last.taker, last.caption);
    wait = before.cards.length === last.cards.length ? 0 : pace.hold;
    // The trick gathered: the next one, no card yet.
    steps.push({wait, run: () => lay(felt, [], undefined, ""), state: {deal: now.deal, trick: now.trick, cards: []}});
    wait = pace.card / 2;
    play(now.trick, [], now.cards);
  } else {
    return null;
  }
  return steps;
}

function drawerName(details) {
  return Array.from(details.classList).find((c) => c !== "drawer") || "";
}

/* A drawer opened stays open when the live box changes under it (the sheet being read as the bots play on). */
function keepDrawers() {
  for (const details of $$(".drawer", live)) if (opened.has(drawerName(details))) details.open = true;
}

/* After the live box changed (a tap's answer, a poll): the drawers open again, the new cards played back from
 * what the felt showed. */
export function paceTable() {
  if (finish) finish(false);
  keepDrawers();
  const felt = live && $(".felt", live);
  if (!felt) { shown = null; return; }
  const now = feltState(felt);
  const steps = plan(felt, shown, now, lastTrick(), PACES[paceName()]);
  if (!steps || !steps.length) { shown = now; return; }
  const final = felt.cloneNode(true);
  const box = felt.closest(".play-table");
  box.classList.add("pacing");
  // Played to its end (or tapped through): the felt as the server sent it. Cut short by the next change: the
  // next playback starts from what the felt showed then.
  finish = (whole = true) => {
    clearTimeout(timer);
    timer = null;
    finish = null;
    box.classList.remove("pacing");
    if (!whole) return;
    if (felt.isConnected) felt.replaceWith(final);
    shown = now;
  };
  felt.addEventListener("click", () => { if (finish) finish(); }, {once: true});
  const step = (i) => {
    steps[i].run();
    shown = steps[i].state;
    if (i + 1 >= steps.length) { finish(); return; }
    timer = setTimeout(() => step(i + 1), steps[i + 1].wait);
  };
  step(0);
}

/* The switch "Jeu rapide" (in the page's menu), shown with the script, ticked as the phone last chose. */
export function startTable() {
  const label = $("label.pace");
  if (label) {
    label.hidden = false;
    $("input", label).checked = paceName() === "fast";
  }
  // Noted at the tap (the toggle event comes later, maybe after the live box changed under it) and at the toggle.
  document.addEventListener("click", (ev) => {
    const summary = ev.target.closest && ev.target.closest(".drawer > summary");
    if (!summary) return;
    const details = summary.parentElement;
    if (details.open) opened.delete(drawerName(details));
    else opened.add(drawerName(details));
  }, true);
  document.addEventListener("toggle", (ev) => {
    const details = ev.target;
    if (!details.matches || !details.matches(".drawer")) return;
    if (details.open) opened.add(drawerName(details));
    else if (details.isConnected) opened.delete(drawerName(details));
  }, true);
  document.addEventListener("change", (ev) => {
    if (!ev.target.matches("#pace-fast")) return;
    try { localStorage.setItem(PACE_KEY, ev.target.checked ? "fast" : "normal"); } catch (e) { /* this page only */ }
  });
  const felt = live && $(".felt", live);
  shown = felt ? feltState(felt) : null;
}
