/* The generic entry grid (templates/tables/entry/grid.html), faster on one thumb:
 * - the − and + around each count (the box alone works without this script);
 * - each count column's running sum against the deal's total ("12 / 13"), an empty box counting 0;
 * - when every seat but one is filled in, the last gets what remains (marked, and still editable).
 * The boxes stay the only truth: the server reads them the same way (an empty box is 0). */
(function () {
  "use strict";
  if (window.atoutEntryGrid) return;
  document.documentElement.classList.add("entry-grid-js");

  function value(input) {
    var n = Number.parseInt(input.value, 10);
    return Number.isNaN(n) ? 0 : n;
  }

  function column(form, key) {
    return Array.prototype.slice.call(form.querySelectorAll('input.count[data-count="' + key + '"]'));
  }

  /* The last seat left empty gets what remains; a box filled that way is emptied again when it no longer is
   * the only one left (or the others already reach the total), so a guess never outlives its reason. */
  function autofill(form, key, total) {
    var inputs = column(form, key);
    var typed = inputs.filter(function (i) { return i.value.trim() !== "" && !i.hasAttribute("data-auto"); });
    var left = inputs.filter(function (i) { return typed.indexOf(i) < 0; });
    var sum = typed.reduce(function (s, i) { return s + value(i); }, 0);
    left.forEach(function (i) {
      var only = left.length === 1 && inputs.length > 1 && typed.length === inputs.length - 1;
      if (only && total - sum >= 0) {
        i.value = String(total - sum);
        i.setAttribute("data-auto", "");
      } else if (i.hasAttribute("data-auto")) {
        i.value = "";
        i.removeAttribute("data-auto");
      }
    });
  }

  function showSums(form) {
    form.querySelectorAll("output[data-sum]").forEach(function (out) {
      var total = Number(out.getAttribute("data-total"));
      var sum = column(form, out.getAttribute("data-sum")).reduce(function (s, i) { return s + value(i); }, 0);
      var text = sum + " / " + total;
      // Only real changes touch the page: the observer below would otherwise wake itself up for ever.
      if (out.textContent !== text) out.textContent = text;
      out.classList.toggle("sum-ok", sum === total);
      out.classList.toggle("sum-over", sum > total);
      var foot = out.closest("tfoot");
      if (foot && foot.hidden) foot.hidden = false;
    });
  }

  function totalOf(form, key) {
    var out = form.querySelector('output[data-sum="' + key + '"]');
    return out ? Number(out.getAttribute("data-total")) : null;
  }

  document.addEventListener("input", function (ev) {
    var input = ev.target;
    if (!input.matches || !input.matches("form[data-entry-grid] input.count[data-count]")) return;
    input.removeAttribute("data-auto");  // typed (or stepped) by hand: the player's number now
    var form = input.form;
    var total = totalOf(form, input.getAttribute("data-count"));
    if (total !== null) autofill(form, input.getAttribute("data-count"), total);
    showSums(form);
  });

  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("form[data-entry-grid] button.nudge");
    if (!button) return;
    var input = button.parentElement.querySelector("input.count");
    var max = input.hasAttribute("data-max") ? Number(input.getAttribute("data-max")) : Infinity;
    var floor = input.hasAttribute("data-signed") ? -Infinity : 0;  // the free sheet's points go below zero
    var next = Math.min(max, Math.max(floor, value(input) + Number(button.getAttribute("data-nudge"))));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  function scan(root) {
    var scope = root && root.querySelectorAll ? root : document;
    scope.querySelectorAll("form[data-entry-grid]").forEach(showSums);
    if (scope.matches && scope.matches("form[data-entry-grid]")) showSums(scope);
  }

  document.addEventListener("reset", function (ev) {
    if (ev.target.matches && ev.target.matches("form[data-entry-grid]")) {
      var form = ev.target;
      setTimeout(function () {
        form.querySelectorAll("input[data-auto]").forEach(function (i) { i.removeAttribute("data-auto"); });
        showSums(form);
      }, 0);
    }
  }, true);

  window.atoutEntryGrid = { scan: scan };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { scan(document); });
  else scan(document);
  document.addEventListener("htmx:load", function (e) { scan(e.detail && e.detail.elt); });
  // Forms put on the page by other scripts (the offline queue's coming rounds) are summed too.
  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    setTimeout(function () { pending = false; scan(document); }, 0);
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
