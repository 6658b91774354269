/* Card picker: tap a suit, then ranks, to add cards to a text field, written as players write them ("10♥ D♠ Joker").
 * The text field stays the only truth, so every form works the same without this script. The field is read with
 * the server's rules (cards/read.js, from the description the server generates): a chip per card, one per
 * stretch that reads as no card, as the server gives one message for it.
 * Also the Rami round form's helpers: hide the winner's hand, show the chosen way of counting, rami sec.
 * A module (loaded once however many forms include it); window.atoutCardPicker is for tests and other scripts. */
import {isRed, label, readCards as items, readToken} from "./cards/read.js";

// French says 0 and 1 in the singular ("0 carte", "1 point"), English 1 only: the page's language decides.
function single(n) {
  return (document.documentElement.lang || "fr").slice(0, 2) === "fr" ? n < 2 : n === 1;
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
      else if (isRed(code)) b.className = "suit-red";
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
      var cards = picker.getAttribute(single(count) ? "data-card-one" : "data-card-many").replace("{n}", String(count));
      var worth = picker.getAttribute(single(total) ? "data-point-one" : "data-point-many").replace("{p}", String(total));
      text = values ? picker.getAttribute("data-sum-label").replace("{cards}", cards).replace("{points}", worth) : cards;
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

window.atoutCardPicker = { scan: scan, readToken: readToken, items: items, label: label };
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
