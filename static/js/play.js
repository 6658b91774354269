/* Digital play (templates/tables/play.html): enhancement only — without this script every card is a plain
 * form button and the page reloads after each move.
 *
 * The page stays live through static/js/atout/live.js (its ``#live`` box names the page's ``…/live/`` poll: one
 * request per change). A tap is sent by htmx and answered with the new table; here, a hand that has been
 * tapped takes no second tap until the answer is on screen, and a refused move's reason is brought into view.
 */
(() => {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;

  document.addEventListener("htmx:beforeRequest", (ev) => {
    const form = ev.target.closest && ev.target.closest(".hand-form, .deal-end form");
    if (!form) return;
    if (form.classList.contains("sending")) { ev.preventDefault(); return; }
    form.classList.add("sending");
  });
  document.addEventListener("htmx:afterRequest", (ev) => {
    const form = ev.target.closest && ev.target.closest(".hand-form, .deal-end form");
    if (form) form.classList.remove("sending");
  });
  document.addEventListener("htmx:afterSwap", (ev) => {
    if (ev.target !== live) return;
    const message = live.querySelector(".play-message");
    if (message) message.scrollIntoView({block: "center"});
  });
})();
