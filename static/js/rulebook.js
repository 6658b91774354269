/* Rulebook: a table wider than the screen says so ("Faites défiler →") until it has been scrolled to its end.
 * The fading edge itself is CSS only; without this script the table still scrolls and fades. */
(function () {
  "use strict";
  function update(wide) {
    var box = wide.querySelector(".table-scroll");
    if (!box) return;
    var overflows = box.scrollWidth > box.clientWidth + 1;
    wide.classList.toggle("overflows", overflows);
    wide.classList.toggle("at-end", overflows && box.scrollLeft + box.clientWidth >= box.scrollWidth - 1);
  }
  function init() {
    var boxes = document.querySelectorAll(".table-wide");
    boxes.forEach(function (wide) {
      update(wide);
      var box = wide.querySelector(".table-scroll");
      if (box) box.addEventListener("scroll", function () { update(wide); }, { passive: true });
    });
    window.addEventListener("resize", function () { boxes.forEach(update); });
  }
  /* Offline, the service worker answers a game's page opened from a table ("?back=") with the copy it keeps,
   * which has no way back: the link is added here from the address, a local path only (as the server checks). */
  function wayBack() {
    var back = new URLSearchParams(location.search).get("back") || "";
    var crumbs = document.querySelector(".crumbs");
    if (!crumbs || document.querySelector(".back-to-table") || back.charAt(0) !== "/" || back.charAt(1) === "/"
        || back.length >= 300) return;
    var link = document.createElement("a");
    link.className = "back-to-table";
    link.href = back;
    link.textContent = "← " + (document.documentElement.lang === "en" ? "Back to the table" : "Retour à la table");
    crumbs.insertBefore(document.createTextNode(" · "), crumbs.firstChild);
    crumbs.insertBefore(link, crumbs.firstChild);
  }
  function start() { init(); wayBack(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
