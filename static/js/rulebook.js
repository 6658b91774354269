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
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
