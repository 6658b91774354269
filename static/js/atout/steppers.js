/* Phone polish on the entry form and the share section: − and + around every count box, the copy buttons, and
 * "Partager" (Web Share API) where the phone has it. */
import {$, $$} from "./dom.js";
import {showWake} from "./wake.js";

/* Put the steppers around the count boxes not yet given theirs, and show the buttons this phone can use. Run on
 * load and after every change of the sheet or the form. */
export function enhance() {
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
      // Moving the box takes the focus away from it: a box tapped while the page was still loading keeps
      // the focus and its selection, so that what the person types next goes into it.
      const focused = document.activeElement === input;
      const [start, end, dir] = [input.selectionStart, input.selectionEnd, input.selectionDirection];
      input.replaceWith(wrap);
      wrap.append(plus, input, minus);
      if (focused) {
        input.focus({preventScroll: true});
        try { if (start !== null) input.setSelectionRange(start, end, dir); } catch (e) { /* no selection here */ }
      }
    }
  }
  $$("button[data-copy]").forEach((b) => { b.hidden = false; });
  $$("button[data-share]").forEach((b) => { b.hidden = !navigator.share; });
  showWake();
}

/* A tap on a stepper, "Partager" or a copy button. */
export function listenSteppers() {
  document.addEventListener("click", async (ev) => {
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
    const share = ev.target.closest("button[data-share]");
    if (share && navigator.share) {
      try {
        await navigator.share({title: share.dataset.shareTitle, text: share.dataset.shareText, url: share.dataset.share});
      } catch (e) { /* closed without sharing: nothing to do */ }
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
}
