// Building elements: h("tag", {attrs, onclick …}, ...children).

export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== "") e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}

/** A modal dialog (focus moves into it; Escape closes it when `closable`). */
export function dialog(testid, label, kids, { closable = true } = {}) {
  const box = h("div", { role: "dialog", "aria-modal": "true", "aria-label": label }, ...kids);
  const dlg = h("div", { class: "dialog", "data-testid": testid }, box);
  if (closable) dlg.addEventListener("keydown", (e) => { if (e.key === "Escape") dlg.remove(); });
  document.body.append(dlg);
  setTimeout(() => box.querySelector("button, a, input, select")?.focus(), 0);
  return dlg;
}
