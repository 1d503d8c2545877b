// WCAG 2.x AA contrast of a landing template's colours (issue 13 item 5). One function for the API, which
// refuses to publish a failing template (the source of truth), and the editor, which shows the same findings
// before publishing. No zod here: the editor's main chunk imports it.

/** WCAG AA minimum contrast: 4.5:1 for normal text, 3:1 for large text (≥ 24 px, or ≥ 18.66 px bold). */
export const WCAG_AA = { normal: 4.5, large: 3 } as const;

/** The card the form, the links and the download buttons sit on (landing.css .pr-card). */
export const LANDING_CARD_BACKGROUND = '#ffffff';

export interface ContrastTheme {
  backgroundFrom: string;
  backgroundTo: string;
  fontColor: string;
  highlightColor: string;
}

/** The parts of a landing config the check reads (structurally a LandingConfig). */
export interface ContrastInput {
  subheadline: { en: string; id: string };
  highlights: readonly { en: string; id: string }[];
  theme: ContrastTheme;
}

/** One text/background pair below its minimum. Fields are config paths, the language the editor and API share. */
export interface ContrastFailure {
  /** What text: 'headline', 'subheadline', 'highlights', 'appName', 'links and buttons'. */
  text: string;
  textField: string;
  textColor: string;
  backgroundField: string;
  background: string;
  /** Rounded down to 2 decimals, so a shown 4.49 is never a pass. */
  ratio: number;
  min: number;
  large: boolean;
}

/** Relative luminance of #rrggbb (WCAG 2). */
export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 0;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h ?? '0', 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const floor2 = (n: number) => Math.floor(n * 100) / 100;

/**
 * Every pair of the landing below WCAG AA, in the order of the page (empty: the template may be published).
 * Text on the page background is checked against both ends of the gradient (the text may sit anywhere on it);
 * the highlight colour is link text on the white card and the fill under the buttons' white labels (one ratio).
 */
export function landingContrastFailures(config: ContrastInput): ContrastFailure[] {
  const { theme } = config;
  const backgrounds = [
    { backgroundField: 'theme.backgroundFrom', background: theme.backgroundFrom },
    { backgroundField: 'theme.backgroundTo', background: theme.backgroundTo },
  ];
  const hasText = (v: { en: string; id: string }) => v.en.trim() !== '' || v.id.trim() !== '';
  const onPage: { text: string; large: boolean; present: boolean }[] = [
    // 30 px bold (landing.css .pr-hero__headline): large text.
    { text: 'headline', large: true, present: true },
    { text: 'subheadline', large: false, present: hasText(config.subheadline) },
    { text: 'highlights', large: false, present: config.highlights.some(hasText) },
    // The app name beside the logo, 17 px bold: normal text.
    { text: 'appName', large: false, present: true },
  ];
  const failures: ContrastFailure[] = [];
  for (const item of onPage) {
    if (!item.present) continue;
    const min = item.large ? WCAG_AA.large : WCAG_AA.normal;
    for (const bg of backgrounds) {
      const ratio = floor2(contrastRatio(theme.fontColor, bg.background));
      if (ratio < min) {
        failures.push({ text: item.text, textField: 'theme.fontColor', textColor: theme.fontColor, ...bg, ratio, min, large: item.large });
      }
    }
  }
  const linkRatio = floor2(contrastRatio(theme.highlightColor, LANDING_CARD_BACKGROUND));
  if (linkRatio < WCAG_AA.normal) {
    failures.push({
      text: 'links and buttons',
      textField: 'theme.highlightColor',
      textColor: theme.highlightColor,
      backgroundField: 'card',
      background: LANDING_CARD_BACKGROUND,
      ratio: linkRatio,
      min: WCAG_AA.normal,
      large: false,
    });
  }
  return failures;
}
