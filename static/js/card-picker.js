/* Card picker: tap a suit, then ranks, to add cards to a text field, written as players write them ("10♥ D♠ Joker").
 * The text field stays the only truth, so every form works the same without this script.
 * Also the Rami round form's helpers: hide the winner's hand, show the chosen way of counting, rami sec. */
(function () {
  "use strict";
  if (window.atoutCardPicker) { window.atoutCardPicker.scan(document); return; }

  var SYMBOL_SUIT = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  var SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var FRENCH_RANK = { J: "V", Q: "D", K: "R" };
  var FROM_FRENCH = { V: "J", D: "Q", R: "K", AS: "A" };
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

  /* Same reading as the server (read_cards in companion/kernel/cards.py): codes (KH), the French display (R♥),
   * words in French or English ("roi de cœur", "dame pique", "king of hearts"); each stretch that reads as no
   * card is one item, so it shows as one chip, as the server gives one message for it. */
  var RANK_WORDS = { as: "A", a: "A", "1": "A", ace: "A", deux: "2", two: "2", trois: "3", three: "3",
    quatre: "4", four: "4", cinq: "5", five: "5", six: "6", sept: "7", seven: "7", huit: "8", eight: "8",
    neuf: "9", nine: "9", dix: "10", ten: "10", valet: "J", v: "J", jack: "J", j: "J", dame: "Q", d: "Q",
    queen: "Q", q: "Q", roi: "K", r: "K", king: "K", k: "K" };
  for (var n = 2; n <= 10; n++) RANK_WORDS[String(n)] = String(n);
  var SUIT_WORDS = { pique: "S", piques: "S", spade: "S", spades: "S", coeur: "H", coeurs: "H", heart: "H",
    hearts: "H", carreau: "D", carreaux: "D", diamond: "D", diamonds: "D", trefle: "C", trefles: "C", club: "C",
    clubs: "C" };
  Object.keys(SYMBOL_SUIT).forEach(function (sym) { SUIT_WORDS[sym] = SYMBOL_SUIT[sym]; });
  var OF_WORDS = ["de", "du", "of"];
  var JOKER_WORDS = ["joker", "jokers", "jk", "jok"];

  function fold(word) {
    return word.toLowerCase().replace(/œ/g, "oe").normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  /* A compact token (KH, 10d, R♥, As♠, DH), as Card.parse reads it, or null. */
  function readToken(token) {
    var t = token.replace(/\uFE0F/g, "").trim();
    var up = t.toUpperCase();
    if (JOKER_WORDS.indexOf(up.toLowerCase()) >= 0) return "JK";
    if (t.length < 2) return null;
    var last = t.slice(-1);
    var rank = up.slice(0, -1);
    var suit;
    if (SYMBOL_SUIT[last]) {
      suit = SYMBOL_SUIT[last];
    } else {
      suit = last.toUpperCase();
      if ("SHDC".indexOf(suit) < 0) return null;
    }
    rank = FROM_FRENCH[rank] || rank;
    return RANKS.indexOf(rank) >= 0 ? rank + suit : null;
  }

  function pieces(text) {
    return text.replace(/\uFE0F/g, "").replace(/([♠♥♦♣♤♡♢♧])/g, " $1 ").split(/[\s,;+\/]+/).filter(Boolean);
  }

  /* The items of a typed hand: {code} for a card, {bad: "as typed"} for a stretch that is none. */
  function items(text) {
    var ps = pieces(text);
    var ws = ps.map(fold);
    var out = [];
    var bad = [];
    function at(i) {
      if (JOKER_WORDS.indexOf(ws[i]) >= 0) return ["JK", 1];
      var rank = Object.prototype.hasOwnProperty.call(RANK_WORDS, ws[i]) ? RANK_WORDS[ws[i]] : null;
      if (rank && i + 1 < ws.length) {
        var j = OF_WORDS.indexOf(ws[i + 1]) >= 0 && i + 2 < ws.length ? i + 2 : i + 1;
        if (Object.prototype.hasOwnProperty.call(SUIT_WORDS, ws[j])) return [rank + SUIT_WORDS[ws[j]], j - i + 1];
      }
      if (Object.prototype.hasOwnProperty.call(SUIT_WORDS, ws[i])) return null;
      var code = readToken(ps[i]);
      return code ? [code, 1] : null;
    }
    function flush() {
      if (!bad.length) return;
      out.push({ bad: bad.map(function (p) { return SYMBOL_SUIT[p] ? p : " " + p; }).join("").trim() });
      bad = [];
    }
    for (var i = 0; i < ps.length;) {
      var found = at(i);
      if (!found) { bad.push(ps[i]); i += 1; continue; }
      flush();
      out.push({ code: found[0] });
      i += found[1];
    }
    flush();
    return out;
  }

  var ENGLISH = (document.documentElement.lang || "").toLowerCase().indexOf("en") === 0;

  function label(code) {
    if (code === "JK") return "Joker";
    var rank = code.slice(0, -1);
    return (ENGLISH ? rank : FRENCH_RANK[rank] || rank) + SUIT_SYMBOL[code.slice(-1)];
  }

  function points(picker) {
    var ref = picker.getAttribute("data-points-ref");
    var node = ref && document.getElementById(ref);
    if (!node) return null;
    try { return JSON.parse(node.textContent); } catch (e) { return null; }
  }

  function setupPicker(picker) {
    if (picker.dataset.ready) return;
    picker.dataset.ready = "1";
    var field = picker.closest(".cards-field");
    var input = field && field.querySelector("input.cards-text");
    if (!input) return;
    var chips = picker.querySelector(".chips");
    var sum = picker.querySelector(".picker-sum");
    var values = points(picker);
    var suit = "S";

    function write(list) {
      input.value = list.map(function (it) { return it.code ? label(it.code) : it.bad; }).join(" ");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }

    function render() {
      var list = items(input.value);
      chips.textContent = "";
      var count = 0;
      var total = 0;
      list.forEach(function (it, i) {
        var code = it.code || null;
        var shown = code ? label(code) : it.bad;
        var li = document.createElement("li");
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = shown + " ×";
        b.setAttribute("aria-label", picker.getAttribute("data-remove-label") + " " + shown);
        if (!code) b.className = "bad";
        else if (code !== "JK" && "HD".indexOf(code.slice(-1)) >= 0) b.className = "suit-red";
        b.addEventListener("click", function () {
          var rest = items(input.value);
          rest.splice(i, 1);
          write(rest);
        });
        li.appendChild(b);
        chips.appendChild(li);
        if (code) {
          count += 1;
          if (values) total += values[code === "JK" ? "JK" : code.slice(0, -1)] || 0;
        }
      });
      var text = "";
      if (list.length) {
        text = (values ? picker.getAttribute("data-sum-label") : picker.getAttribute("data-count-label"))
          .replace("{n}", String(count)).replace("{p}", String(total));
      }
      sum.textContent = text;
    }

    // The field gets the cards as players write them (R♥ 7♦ Joker), the same alphabet as the hint and placeholder.
    function add(code) {
      input.value = (input.value.trim() + " " + label(code)).trim();
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }

    picker.querySelectorAll("[data-suit]").forEach(function (b) {
      b.addEventListener("click", function () {
        suit = b.getAttribute("data-suit");
        picker.querySelectorAll("[data-suit]").forEach(function (o) {
          o.setAttribute("aria-pressed", o === b ? "true" : "false");
        });
      });
    });
    picker.querySelectorAll("[data-rank]").forEach(function (b) {
      b.addEventListener("click", function () { add(b.getAttribute("data-rank") + suit); });
    });
    picker.querySelectorAll("[data-code]").forEach(function (b) {
      b.addEventListener("click", function () { add(b.getAttribute("data-code")); });
    });
    picker.querySelectorAll("[data-undo]").forEach(function (b) {
      b.addEventListener("click", function () {
        var rest = items(input.value);
        rest.pop();
        write(rest);
      });
    });
    // On a page with many fields, only one shows its keys at a time.
    if (picker.hasAttribute("data-collapsible")) {
      var open = picker.querySelector("[data-open]");
      var activate = function () {
        var scope = picker.closest("form") || document;
        scope.querySelectorAll("[data-card-picker][data-collapsible]").forEach(function (p) {
          var keys = p.querySelector(".picker-keys");
          var button = p.querySelector("[data-open]");
          var on = p === picker;
          if (keys) keys.hidden = !on;
          if (button) button.hidden = on;
        });
      };
      field.addEventListener("focusin", activate);
      if (open) open.addEventListener("click", activate);
      var all = (picker.closest("form") || document).querySelectorAll("[data-card-picker][data-collapsible]");
      var firstEmpty = Array.prototype.filter.call(all, function (p) {
        var i = p.closest(".cards-field").querySelector("input.cards-text");
        return i && !i.value.trim();
      })[0];
      var on = picker === (firstEmpty || all[0]);
      picker.querySelector(".picker-keys").hidden = !on;
      if (open) open.hidden = on;
    }
    input.addEventListener("input", render);
    // A form emptied by a script (reset, then values cleared) shows no stale cards.
    if (input.form) input.form.addEventListener("reset", function () { setTimeout(render, 0); });
    picker.hidden = false;
    render();
  }

  function setupRamiForm(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    var seats = Array.prototype.slice.call(form.querySelectorAll("fieldset[data-seat]"));

    function how(fs) {
      var checked = fs.querySelector(".how input:checked");
      return checked ? checked.value : "";
    }
    function choose(fs, value) {
      var radio = fs.querySelector('.how input[value="' + value + '"]');
      if (radio) radio.checked = true;
    }
    var sec = form.querySelector("input[data-rami-sec]");
    function update() {
      seats.forEach(function (fs) {
        var winner = fs.querySelector("input[data-winner]");
        var hand = fs.querySelector(".rami-hand");
        var isWinner = !!(winner && winner.checked);
        // With a rami sec nobody else laid anything: a seat with no choice yet is "laid nothing".
        if (sec && sec.checked && !isWinner && !how(fs)) choose(fs, "nothing");
        hand.hidden = isWinner;
        fs.classList.toggle("is-winner", isWinner);
        var h = how(fs);
        fs.querySelector(".how-points").hidden = h !== "points";
        fs.querySelector(".how-cards").hidden = h !== "cards";
      });
    }
    seats.forEach(function (fs) {
      var pts = fs.querySelector(".how-points input");
      var txt = fs.querySelector(".how-cards input.cards-text");
      // A form sent back with errors: the value typed says which way was meant.
      if (!how(fs)) {
        if (pts && pts.value.trim()) choose(fs, "points");
        else if (txt && txt.value.trim()) choose(fs, "cards");
      }
      if (pts) pts.addEventListener("input", function () { if (pts.value.trim()) choose(fs, "points"); });
      if (txt) txt.addEventListener("input", function () { if (txt.value.trim()) choose(fs, "cards"); });
    });
    if (sec) {
      sec.addEventListener("change", function () {
        if (!sec.checked) return;
        seats.forEach(function (fs) {
          var winner = fs.querySelector("input[data-winner]");
          if (!(winner && winner.checked)) choose(fs, "nothing");
        });
        update();
      });
    }
    form.addEventListener("change", update);
    form.addEventListener("reset", function () { setTimeout(update, 0); });
    update();
  }

  function scan(root) {
    var scope = root && root.querySelectorAll ? root : document;
    scope.querySelectorAll("[data-card-picker]").forEach(setupPicker);
    scope.querySelectorAll("form[data-rami-form]").forEach(setupRamiForm);
    if (scope.matches && scope.matches("form[data-rami-form]")) setupRamiForm(scope);
  }

  window.atoutCardPicker = { scan: scan, readToken: readToken, items: items };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { scan(document); });
  } else {
    scan(document);
  }
  document.addEventListener("htmx:load", function (e) { scan(e.detail && e.detail.elt); });
  // Content put on the page by other scripts (the offline queue, live updates) is set up too.
  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    setTimeout(function () { pending = false; scan(document); }, 0);
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
