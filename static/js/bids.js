/* Rikiki and Motton with the hook ("le donneur ne peut pas faire tomber juste"): once every other player's bid
 * is typed, say which one bid the dealer may not make. The server refuses that bid anyway; this only says it
 * before the form is sent.
 *
 * The entry form is often replaced after this script ran, and not always by htmx: the offline queue and the
 * live sheet (static/js/atout/) put a new form on the page, sometimes with values restored into it without any event.
 * So the listener sits on the document, and every hint put on the page is worked out at once (a mutation
 * observer), from whatever its form holds by then. */
(function () {
  "use strict";
  if (window.atoutBids) { window.atoutBids.scan(document); return; }  // included again with a swapped-in form

  function update(hint) {
    var form = hint.closest("form");
    var out = hint.querySelector(".hook-bid");
    if (!form || !out) return;
    var players = Number(hint.dataset.hookPlayers);
    var cards = Number(hint.dataset.hookCards);
    var numberField = form.querySelector("input[name=round_number]");
    var number = Number((numberField && numberField.value) || hint.dataset.hookNumber);
    var dealer = (number - 1) % players;
    var text = "";
    var others = 0;
    var complete = true;
    for (var seat = 0; seat < players; seat++) {
      if (seat === dealer) continue;
      var input = form.querySelector('input[name="bids.' + seat + '"]');
      var value = input ? input.value.trim() : "";
      if (!/^[0-9]+$/.test(value)) { complete = false; break; }
      others += Number(value);
    }
    if (complete && cards - others >= 0) {
      var rows = form.querySelectorAll("tbody th[scope=row]");
      var name = rows[dealer] ? rows[dealer].textContent.trim() : "";
      text = hint.dataset.hookText.replace("{name}", name).replace("{bid}", String(cards - others));
    }
    if (out.textContent !== text) out.textContent = text;
    hint.dataset.hookReady = "1";
  }

  function scan(root) {
    var scope = root && root.querySelectorAll ? root : document;
    if (scope.matches && scope.matches(".hook-hint")) update(scope);
    scope.querySelectorAll(".hook-hint").forEach(update);
  }

  document.addEventListener("input", function (e) {
    var form = e.target && e.target.form;
    if (form) form.querySelectorAll(".hook-hint").forEach(update);
  });
  // A form put on the page by any script (htmx, the offline queue, the live sheet), or changed in place (the
  // offline queue renumbers it for the next round): its hint from its values. Values written right after the
  // form (a refused round's, put back) are there too: the observer runs once that script is done.
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      r.addedNodes.forEach(function (node) { if (node.nodeType === 1) scan(node); });
      var form = r.target.closest ? r.target.closest("form") : null;
      if (form) scan(form);
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
  // The form steppers and entry-grid.js set values with an input event; a form reset sets them without one.
  document.addEventListener("reset", function (e) {
    setTimeout(function () { if (e.target.querySelectorAll) scan(e.target); }, 0);
  });

  window.atoutBids = { scan: scan };
  scan(document);
})();
