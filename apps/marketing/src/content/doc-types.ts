/** Shape of the long legal / company documents in this folder, rendered by components/LegalDocument.tsx. */

export type { Lang } from '@lendview/i18n';

export type Block =
  /** A paragraph. */
  | { type: 'p'; text: string }
  /** A bulleted list. */
  | { type: 'ul'; items: string[] }
  /** A two-column table with a caption (read by screen readers) and a header row. */
  | { type: 'table'; caption: string; head: [string, string]; rows: [string, string][] }
  /** The company's live contact details (phone and email from the API, address from the copy). */
  | { type: 'contact' };

export interface DocSection {
  /** Anchor id, stable across languages (used by the table of contents). */
  id: string;
  title: string;
  blocks: Block[];
  subsections?: DocSection[];
}

export interface LegalDoc {
  title: string;
  /** e.g. "Last updated: 1 January 2025". */
  updated?: string;
  intro: Block[];
  sections: DocSection[];
}

export const p = (text: string): Block => ({ type: 'p', text });
export const ul = (...items: string[]): Block => ({ type: 'ul', items });
