// The header's icons as SVG (a system without an emoji font draws no 🔊): each an outline in
// the text's colour, hidden from screen readers (the button that holds it has the name).

const NS = "http://www.w3.org/2000/svg";

const PATHS = {
  sound: ["M3 9h4l5-4v14l-5-4H3z", "M15.5 8.5a5 5 0 0 1 0 7", "M18.5 5.5a9 9 0 0 1 0 13"],
  muted: ["M3 9h4l5-4v14l-5-4H3z", "M16 9l6 6", "M22 9l-6 6"],
  settings: ["M12 8.5a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7z", "M12 2v3", "M12 19v3", "M2 12h3", "M19 12h3",
    "M4.9 4.9l2.1 2.1", "M17 17l2.1 2.1", "M4.9 19.1l2.1-2.1", "M17 7l2.1-2.1"],
};

/** The icon `name` ("sound", "muted", "settings") as an SVG element. */
export function icon(name) {
  const svg = document.createElementNS(NS, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", class: "icon", "aria-hidden": "true", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "round" })) svg.setAttribute(k, v);
  for (const d of PATHS[name]) {
    const p = document.createElementNS(NS, "path");
    p.setAttribute("d", d);
    svg.appendChild(p);
  }
  return svg;
}
