// Loaded on demand by the editor only (a separate chunk): it brings zod and the contract's schema, which
// visitors of the landing never download. Operators work on office networks, so the extra ~60 KB is fine
// there, and the editor then checks exactly what the server will check.
import { landingConfig } from '@lendview/contracts';
import type { LandingConfig } from '../api/channel-template.ts';

export type FieldErrorKind =
  | { key: 'required' }
  | { key: 'tooLong'; max: number }
  | { key: 'tooMany'; max: number }
  | { key: 'color' }
  | { key: 'image' }
  | { key: 'https' }
  | { key: 'invalid' };

/** Errors by field path ('headline.en', 'highlights.1.id', 'theme.fontColor', ...). */
export type FieldErrors = Record<string, FieldErrorKind>;

function kindOf(path: string, issue: { code: string; maximum?: unknown; minimum?: unknown }): FieldErrorKind {
  if (issue.code === 'too_small') return { key: 'required' };
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return path === 'highlights' ? { key: 'tooMany', max } : { key: 'tooLong', max };
  }
  if (path.startsWith('theme.')) return { key: 'color' };
  if (path === 'logo' || path === 'heroImage') return { key: 'image' };
  if (path === 'download.iosUrl' || path === 'download.androidUrl') return { key: 'https' };
  return { key: 'invalid' };
}

/** The contract's landingConfig check, as the server runs it; {} when the draft is valid. */
export function validateConfig(config: LandingConfig): FieldErrors {
  const result = landingConfig.safeParse(config);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    // The first problem of a field is enough to fix it.
    if (!(path in errors)) errors[path] = kindOf(path, issue);
  }
  return errors;
}
