/** Relative luminance of #rrggbb (WCAG 2). Anything else counts as black. */
export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 0;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h!, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * Text colour for a button filled with the template's highlight colour: white or near-black, whichever reads
 * better. The marketing team picks the fill; the label stays legible whatever they pick.
 */
export function readableOn(fill: string): string {
  return contrast('#ffffff', fill) >= contrast('#111827', fill) ? '#ffffff' : '#111827';
}

function mixWithBlack(hex: string, t: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  return `#${[m[1], m[2], m[3]]
    .map((h) =>
      Math.round(parseInt(h!, 16) * (1 - t))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colour, darkened just enough to reach `min` contrast against `against` (unchanged when it already does). */
export function darkenToContrast(hex: string, against = '#ffffff', min = 4.5): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  for (let t = 0; t <= 1; t += 0.02) {
    const c = mixWithBlack(hex, t);
    if (contrast(c, against) >= min) return c;
  }
  return '#000000';
}

/**
 * The Apply button's fill and label for the template's highlight colour, always WCAG AA (4.5:1): a light
 * colour keeps its fill with a dark label; any other gets a white label on the colour, darkened as little as
 * needed (a mid blue like #2f6bff reads 4.49:1 with white and becomes #2e69fa-ish).
 */
export function buttonColors(highlight: string): { fill: string; label: string } {
  if (readableOn(highlight) !== '#ffffff' && contrast(highlight, '#111827') >= 4.5) return { fill: highlight, label: '#111827' };
  return { fill: darkenToContrast(highlight, '#ffffff', 4.5), label: '#ffffff' };
}
