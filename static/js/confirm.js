/* Table actions that need a little script (none of it is required: every link and form works without it).
 *
 * - a link with data-dialog="<id>" opens that <dialog> instead of the confirmation page it points to; the dialog
 *   holds the same form as the page ("Terminer la partie", "Annuler la dernière donne"); its "Non" closes it;
 * - a button with data-preset fills the option field it names (new-table page: "partie courte / longue");
 * - a button with data-flip-sign turns the number of its field negative or positive (the free sheet's points:
 *   a phone's number pad often has no minus key).
 * Listeners sit on the document, so content swapped in later (htmx, live updates) works the same.
 */
"use strict";
(function () {
  document.addEventListener("click", (ev) => {
    const opener = ev.target.closest("a[data-dialog]");
    if (opener) {
      const dialog = document.getElementById(opener.dataset.dialog);
      if (dialog && typeof dialog.showModal === "function") {
        ev.preventDefault();
        dialog.showModal();
        const no = dialog.querySelector(".confirm-no");
        if (no) no.focus();  // the safe choice has the focus
      }
      return;
    }
    const preset = ev.target.closest("button[data-preset]");
    if (preset) {
      const input = document.getElementById(preset.dataset.target);
      if (!input) return;
      input.value = preset.dataset.preset;
      input.dispatchEvent(new Event("input", {bubbles: true}));
      markPresets(input);
      return;
    }
    const flip = ev.target.closest("button[data-flip-sign]");
    if (flip) {
      const input = document.getElementById(flip.dataset.flipSign);
      if (!input) return;
      const raw = input.value.trim().replace("−", "-");
      input.value = raw.startsWith("-") ? raw.slice(1) : "-" + (raw || "");
      input.dispatchEvent(new Event("input", {bubbles: true}));
      input.focus();
    }
  });

  function markPresets(input) {
    document.querySelectorAll(`button[data-preset][data-target="${input.id}"]`).forEach((b) => {
      b.setAttribute("aria-pressed", String(b.dataset.preset === input.value.trim()));
    });
  }

  document.addEventListener("input", (ev) => {
    if (ev.target.id && document.querySelector(`button[data-preset][data-target="${ev.target.id}"]`)) markPresets(ev.target);
  });
  document.querySelectorAll("button[data-preset]").forEach((b) => {
    const input = document.getElementById(b.dataset.target);
    if (input) markPresets(input);
  });
})();
