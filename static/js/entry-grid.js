/* Entry grid: each count's sum against the deal's total (an empty box is 0); the last empty seat gets what remains. */
document.addEventListener("input", (ev) => {
  const i = ev.target;
  if (!i.matches || !i.matches("form[data-entry-grid] input.count")) return;
  i.removeAttribute("data-auto");  // typed by hand
  const key = i.name.split(".")[0];
  const out = i.form.querySelector(`output[data-sum="${key}"]`);
  if (!out) return;
  const total = Number(out.dataset.total);
  const num = (b) => Number.parseInt(b.value, 10) || 0;
  const all = [...i.form.querySelectorAll(`input.count[name^="${key}."]`)];
  const left = all.filter((b) => b.value.trim() === "" || b.hasAttribute("data-auto"));
  const rest = total - all.filter((b) => !left.includes(b)).reduce((s, b) => s + num(b), 0);
  for (const b of left) {
    if (left.length === 1 && all.length > 1 && rest >= 0) {
      b.value = String(rest);
      b.setAttribute("data-auto", "");
    } else if (b.hasAttribute("data-auto")) {
      b.value = "";
      b.removeAttribute("data-auto");
    }
  }
  const sum = all.reduce((s, b) => s + num(b), 0);
  out.textContent = `${sum} / ${total}`;
  out.classList.toggle("sum-ok", sum === total);
  out.classList.toggle("sum-over", sum > total);
});

/* A count whose gap follows a seat field (Pharaon's banker does not bet, and the entry may hand the bank on): the
   seat picked there has no boxes, the others have theirs. A reset form goes back to the gap it was served with. */
function moveGap(form, name, seat) {
  for (const td of form.querySelectorAll(`td[data-out-follows="${name}"]`)) {
    const out = seat === null ? td.hasAttribute("data-out-initial") : td.dataset.seat === seat;
    td.classList.toggle("is-out", out);
    for (const box of td.querySelectorAll("input.count")) box.disabled = out;
  }
}
document.addEventListener("change", (ev) => {
  const r = ev.target;
  if (r.matches && r.matches("form[data-entry-grid] input[type=radio]") && r.checked) moveGap(r.form, r.name, r.value);
});
document.addEventListener("reset", (ev) => {
  if (!ev.target.matches || !ev.target.matches("form[data-entry-grid]")) return;
  const names = new Set([...ev.target.querySelectorAll("td[data-out-follows]")].map((td) => td.dataset.outFollows));
  for (const name of names) moveGap(ev.target, name, null);
});
