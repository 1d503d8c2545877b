import type { Lang } from '@lendview/i18n';

export interface Localized {
  en: string;
  id: string;
}

/** The text of a template in the page's language; an empty translation falls back to the other one. */
export function pick(text: Localized | undefined, lang: Lang): string {
  if (!text) return '';
  const own = text[lang].trim();
  return own || text[lang === 'en' ? 'id' : 'en'].trim();
}

/** Plain-text paragraphs of the agreement: blank lines separate them; single line breaks stay inside one. */
export function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
