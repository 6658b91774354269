/* Rikiki and Motton with the hook ("le donneur ne peut pas faire tomber juste"): once every other player's bid
 * is typed, say which one bid the dealer may not make. The server refuses that bid anyway; this only says it
 * before the form is sent. */
(function () {
  "use strict";

  function update(hint) {
    var form = hint.closest("form");
    if (!form) return;
    var players = Number(hint.dataset.hookPlayers);
    var cards = Number(hint.dataset.hookCards);
    var numberField = form.querySelector("input[name=round_number]");
    var number = Number((numberField && numberField.value) || hint.dataset.hookNumber);
    var dealer = (number - 1) % players;
    var out = hint.querySelector(".hook-bid");
    var others = 0;
    for (var seat = 0; seat < players; seat++) {
      if (seat === dealer) continue;
      var input = form.querySelector('input[name="bids.' + seat + '"]');
      var value = input ? input.value.trim() : "";
      if (!/^[0-9]+$/.test(value)) { out.textContent = ""; return; }
      others += Number(value);
    }
    var rest = cards - others;
    var rows = form.querySelectorAll("tbody th[scope=row]");
    var name = rows[dealer] ? rows[dealer].textContent.trim() : "";
    out.textContent = rest >= 0 ? hint.dataset.hookText.replace("{name}", name).replace("{bid}", String(rest)) : "";
  }

  function scan(root) {
    root.querySelectorAll(".hook-hint").forEach(function (hint) {
      if (hint.dataset.hookReady) return;
      hint.dataset.hookReady = "1";
      var form = hint.closest("form");
      if (form) form.addEventListener("input", function () { update(hint); });
      update(hint);
    });
  }

  scan(document);
  document.addEventListener("htmx:afterSwap", function (e) { scan(e.target); });
})();
