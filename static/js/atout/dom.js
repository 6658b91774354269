/* What the modules of the page script share: two lookups, the page's live box (#live, on a table's page) and
 * status line (#conn, every page), the words the server gave the script (the data-* of #conn, see
 * templates/pwa/status.html), window.Atout (what tests and the budget wait for) and the entry form's helpers. */
export const $ = (sel, el = document) => el.querySelector(sel);
export const $$ = (sel, el = document) => Array.from(el.querySelectorAll(sel));
export const conn = $("#conn");
export const live = $("#live");
export const S = conn ? conn.dataset : {};
// loaded: the page's own first-load work is done; ready: also what is kept for offline use (see main.js).
export const Atout = (window.Atout = {loaded: null, ready: null, state: null});

export function processHtmx(el) {
  if (window.htmx) window.htmx.process(el);
}

export function entryForm() {
  return $("#entry form.entry-form");
}

/* Whether the person has started filling in the round form (a box focused, a value changed). */
export function formTouched() {
  const form = entryForm();
  if (!form) return false;
  if (form.contains(document.activeElement) && document.activeElement.matches("input, select, textarea")) return true;
  return $$("input, select, textarea", form).some((el) => (el.type === "checkbox" || el.type === "radio")
    ? el.checked !== el.defaultChecked
    : el.tagName === "SELECT" ? Array.from(el.options).some((o) => o.selected !== o.defaultSelected)
    : el.type !== "hidden" && el.value !== el.defaultValue);
}
