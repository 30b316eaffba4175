// The project's own piece drawings, as SVG shapes in a 100×100 box (scaled into a square), in
// two sets: "staunton" silhouettes and flat "discs" with a drawn sign. No font is involved, so
// the pieces look the same on every browser and stay legible on 26-pixel squares.

const STAUNTON = {
  P: [["circle", { cx: 50, cy: 31, r: 13 }], ["path", { d: "M37 78 L43 46 L57 46 L63 78 Z" }], ["path", { d: "M25 88 L75 88 L71 76 L29 76 Z" }]],
  R: [["path", { d: "M27 88 L73 88 L73 79 L66 79 L62 44 L70 44 L70 20 L60 20 L60 29 L55 29 L55 20 L45 20 L45 29 L40 29 L40 20 L30 20 L30 44 L38 44 L34 79 L27 79 Z" }]],
  N: [["path", { d: "M32 88 L72 88 L70 66 C71 46 66 30 54 21 L50 11 L44 22 C36 27 28 38 23 50 C21 56 26 61 31 59 L41 53 C43 58 38 64 34 72 Z" }], ["circle", { cx: 45, cy: 33, r: 3.5, class: "eye" }]],
  B: [["circle", { cx: 50, cy: 13, r: 6 }], ["path", { d: "M50 19 C40 29 34 40 36 51 C37 59 43 63 50 63 C57 63 63 59 64 51 C66 40 60 29 50 19 Z" }], ["path", { d: "M55 31 L46 46", class: "line" }], ["path", { d: "M38 67 L62 67 L60 75 L40 75 Z" }], ["path", { d: "M27 88 L73 88 L69 78 L31 78 Z" }]],
  Q: [["path", { d: "M28 88 L72 88 L68 74 L76 32 L62 56 L59 24 L50 54 L41 24 L38 56 L24 32 L32 74 Z" }], ["circle", { cx: 24, cy: 29, r: 5.5 }], ["circle", { cx: 41, cy: 21, r: 5.5 }], ["circle", { cx: 59, cy: 21, r: 5.5 }], ["circle", { cx: 76, cy: 29, r: 5.5 }]],
  K: [["path", { d: "M30 88 L70 88 L66 73 C77 61 77 45 64 43 C58 42 53 47 50 53 C47 47 42 42 36 43 C23 45 23 61 34 73 Z" }], ["path", { d: "M46 10 L54 10 L54 19 L62 19 L62 26 L54 26 L54 40 L46 40 L46 26 L38 26 L38 19 L46 19 Z" }]],
};

const DISC = [["circle", { cx: 50, cy: 50, r: 42 }]];
const SIGNS = {
  P: [["circle", { cx: 50, cy: 50, r: 10, class: "sign-fill" }]],
  R: [["path", { d: "M32 68 L68 68 L68 34 L60 34 L60 42 L54 42 L54 34 L46 34 L46 42 L40 42 L40 34 L32 34 Z", class: "sign-fill" }]],
  N: [["path", { d: "M36 70 L36 30 L64 30 M36 50 L54 50", class: "sign" }]],
  B: [["path", { d: "M50 26 L68 50 L50 74 L32 50 Z M43 58 L57 42", class: "sign" }]],
  Q: [["path", { d: "M50 24 L56 42 L75 42 L60 54 L66 72 L50 61 L34 72 L40 54 L25 42 L44 42 Z", class: "sign-fill" }]],
  K: [["path", { d: "M50 24 L50 76 M30 44 L70 44", class: "sign" }]],
};

/** Piece sets by name, each with its label key for the settings. */
export const PIECE_SETS = { staunton: "pieces.staunton", discs: "pieces.discs" };

const NS = "http://www.w3.org/2000/svg";

/** A `<g>` drawing of `kind` in `fill` (an outline that contrasts), placed by `transform`:
 *  by default a 1×1 box at the origin. */
export function pieceShape(set, kind, fill, transform = "scale(0.01)") {
  const g = document.createElementNS(NS, "g");
  g.setAttribute("transform", transform);
  const light = isLight(fill);
  const outline = light ? "#222" : "#f2f2f2";
  const parts = set === "discs" ? [...DISC, ...(SIGNS[kind] || [])] : STAUNTON[kind] || STAUNTON.P;
  for (const [tag, attrs] of parts) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) if (k !== "class") e.setAttribute(k, v);
    const role = attrs.class;
    if (role === "eye") { e.setAttribute("fill", outline); }
    else if (role === "line" || role === "sign") {
      e.setAttribute("fill", "none"); e.setAttribute("stroke", outline); e.setAttribute("stroke-width", 7);
      e.setAttribute("stroke-linecap", "round"); e.setAttribute("stroke-linejoin", "round");
    } else if (role === "sign-fill") {
      e.setAttribute("fill", outline);
    } else {
      e.setAttribute("fill", fill); e.setAttribute("stroke", outline); e.setAttribute("stroke-width", 4.5);
      e.setAttribute("stroke-linejoin", "round");
    }
    g.appendChild(e);
  }
  return g;
}

function isLight(hex) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}
