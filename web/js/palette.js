// The armies' colours, and how a mark in one of them is kept visible on any square: a frame in
// black or white, whichever contrasts with the square, around the army's own colour.

/** Each army colour's hex. */
export const PALETTE = {
  Red: "#d0454f", Blue: "#3f7fc8", Yellow: "#e0b52a", Green: "#3f9a5a",
  White: "#f4f1e8", Black: "#262626",
};

/** Relative luminance of a `#rrggbb` colour (WCAG 2). */
export function luminance(hex) {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** Contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The frame drawn around a last-move mark on a square of colour `square`: black or white,
 * whichever contrasts more with the square. */
export function frameFor(square) {
  return contrast("#000000", square) >= contrast("#ffffff", square) ? "#000000" : "#ffffff";
}
