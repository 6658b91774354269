// Barbu classique entry form: show only the fields of the contract chosen (every group shows without this script,
// and the server reads only the chosen one). Works again after htmx swaps the form in.
(function () {
  "use strict";
  function sync(form) {
    var chosen = form.querySelector('input[name="contract"]:checked');
    form.querySelectorAll(".contract-fields").forEach(function (group) {
      group.hidden = !chosen || group.dataset.contract !== chosen.value;
    });
  }
  function setup(root) {
    (root || document).querySelectorAll(".barbu-classique-form").forEach(function (form) {
      if (form.dataset.contractSync) { sync(form); return; }
      form.dataset.contractSync = "1";
      form.addEventListener("change", function (e) {
        if (e.target && e.target.name === "contract") { sync(form); }
      });
      sync(form);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:afterSwap", function (e) { setup(e.target); });
  document.addEventListener("htmx:load", function () { setup(document); });
  // The live sheet may also replace the form without htmx (a poll after another phone's entry).
  new MutationObserver(function () { setup(document); }).observe(document.documentElement, { childList: true, subtree: true });
  setup(document);
})();
