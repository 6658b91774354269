/* The rounds that wait in the queue, on screen: a row each in the sheet ("En attente d'envoi", or scored like
 * the others when the rules give their points: see Sheet.offline_points), the totals with them added (marked
 * as provisional), the form moved on to the round after them and the status line naming that round. */
import {$, $$, Atout, entryForm, formTouched, live, processHtmx, S} from "./dom.js";
import {outbox, usable} from "./outbox.js";
import {setPendingCount, setState} from "./status.js";
import {enhance} from "./steppers.js";

/* The fields of a queued round, grouped by name, for a round queued before summaries were kept. */
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

/* Show the form for round ``number``: the current one renumbered, or a kept template of that round. */
/* The form of round ``number``, whatever is typed in the one on screen: "Corriger" a refused round. */
export function formForRound(number) {
  alignForm(number, true);
}

function alignForm(number, force = false) {
  const entry = $("#entry");
  const form = entryForm();
  if (!entry || !form || Number(entry.dataset.round) === number || (formTouched() && !force)) return;
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

/* The queued rounds of this table on screen, as they are in the queue now. */
export async function showPending() {
  if (!live || !usable()) return;
  const items = await outbox.forTable(live.dataset.table);
  setPendingCount(items.length);
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
      if (item.state === "refused" && item.reasons && item.reasons.length) {
        const why = document.createElement("ul");
        why.className = "reasons";
        for (const reason of item.reasons) {
          const li = document.createElement("li");
          li.textContent = reason;
          why.append(li);
        }
        td.append(why);
      }
      if (item.state === "refused") {
        const fix = document.createElement("button");
        fix.type = "button";
        fix.className = "fix";
        fix.textContent = S.fix;
        fix.dataset.fix = item.key;
        td.append(fix);
      }
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
