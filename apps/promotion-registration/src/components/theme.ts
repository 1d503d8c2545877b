import type { CSSProperties } from 'react';
import type { LandingConfig } from '../api/channel-template.ts';
import { buttonColors, darkenToContrast } from '../lib/color.ts';

/** The template's colours as CSS variables on the page root (the contract allows #rrggbb only). */
export function themeStyle(theme: LandingConfig['theme']): CSSProperties {
  const button = buttonColors(theme.highlightColor);
  return {
    '--pr-from': theme.backgroundFrom,
    '--pr-to': theme.backgroundTo,
    '--pr-font': theme.fontColor,
    '--pr-highlight': theme.highlightColor,
    // The marketing team picks the colours; the page keeps every label readable (WCAG AA 4.5:1) whatever they pick.
    '--pr-button': button.fill,
    '--pr-on-highlight': button.label,
    '--pr-highlight-text': darkenToContrast(theme.highlightColor, '#ffffff', 4.5),
  } as CSSProperties;
}
