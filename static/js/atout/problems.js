/* A refused round in sight: the page scrolls to the first problem and puts the cursor in its field, and a short
 * line next to the button says how many there are ("2 problèmes : voir plus haut", a link up to the first). The
 * same for a round refused when the phone came back online (queue.js): its reasons, kept with it, shown on top
 * of its form. */
import {$, $$, entryForm, S} from "./dom.js";

function problems(form) {
  return $$(".error", form).filter((el) => !el.classList.contains("error-summary") && el.textContent.trim());
}

/* The field a problem is about: the box in its cell, the column's first box (data-field), else the form's first. */
function fieldOf(problem, form) {
  const cell = problem.closest("td, label, .field");
  const inCell = cell && $("input:not([type=hidden]), select, textarea", cell);
  if (inCell) return inCell;
  const key = problem.dataset.field;
  if (key) {
    const named = $$("input, select, textarea", form).find((el) => el.name === key || el.name.startsWith(`${key}.`));
    if (named && named.type !== "hidden") return named;
  }
  let next = problem.nextElementSibling;
  while (next) {
    const box = next.matches("input, select, textarea") ? next : $("input:not([type=hidden]), select, textarea", next);
    if (box && box.type !== "hidden") return box;
    next = next.nextElementSibling;
  }
  return $("input:not([type=hidden]), select, textarea", form);
}

export function showProblems(reasons = null) {
  listen();
  const form = entryForm();
  if (!form) return;
  $$(".error-summary, .error.reasons", form).forEach((el) => el.remove());
  if (reasons && reasons.length) {
    const box = document.createElement("div");
    box.className = "error reasons";
    box.setAttribute("role", "alert");
    for (const reason of reasons) {
      const p = document.createElement("p");
      p.textContent = reason;
      box.append(p);
    }
    const heading = $("h2", form);
    if (heading) heading.after(box); else form.prepend(box);
  }
  const found = problems(form);
  if (!found.length) return;
  const first = found[0];
  if (!first.id) first.id = "first-problem";
  const button = $("button[type=submit]", form);
  if (button) {
    const line = document.createElement("p");
    line.className = "error error-summary";
    const link = document.createElement("a");
    link.href = `#${first.id}`;
    link.textContent = (found.length === 1 ? S.problemOne : S.problems || "").replace("{n}", String(found.length));
    line.append(link);
    button.before(line);
  }
  first.scrollIntoView({block: "center"});
  const field = fieldOf(first, form);
  if (field) field.focus({preventScroll: true});
}

let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  document.addEventListener("click", (ev) => {
    const link = ev.target.closest(".error-summary a");
    if (!link) return;
    ev.preventDefault();
    const form = entryForm();
    const first = form && problems(form)[0];
    if (!first) return;
    first.scrollIntoView({block: "center"});
    const field = fieldOf(first, form);
    if (field) field.focus({preventScroll: true});
  });
}

/* The messages of a refused round's answer (the form with its errors), to keep with the queued entry. */
export function reasonsIn(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const form = $("#entry form.entry-form", doc);
  if (!form) return [];
  const seen = new Set();
  for (const el of problems(form)) seen.add(el.textContent.replace(/\s+/g, " ").trim());
  return Array.from(seen);
}
