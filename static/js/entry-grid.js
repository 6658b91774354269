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
