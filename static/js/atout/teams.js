/* The new-table form of a game played in partnerships: the two teams shown as the names are typed ("Équipes :
 * Alice & Chloé contre Bruno & David"), so that partners typed side by side are seen before the table exists.
 * Without this script the hint above says where partners sit. */
import {$, $$} from "./dom.js";

export function startTeams() {
  const shown = $("#teams-shown");
  if (!shown) return;
  const teams = JSON.parse(shown.dataset.teams || "{}");
  const boxes = $$('input[name^="player."]');
  const update = () => {
    const names = boxes.map((b) => b.value.trim()).filter(Boolean);
    const split = teams[String(names.length)];
    shown.hidden = !split;
    if (!split) return;
    shown.replaceChildren();
    const label = document.createElement("strong");
    label.textContent = `${shown.dataset.label} : `;
    shown.append(label);
    split.forEach((team, i) => {
      if (i) shown.append(` ${shown.dataset.against} `);
      const b = document.createElement("bdi");
      b.textContent = team.map((seat) => names[seat]).join(" & ");
      shown.append(b);
    });
  };
  boxes.forEach((b) => b.addEventListener("input", update));
  update();
}
