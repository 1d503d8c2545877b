import { redactText } from '../lib/log-redaction.ts';

/**
 * What a browser's error text may keep before it is stored (docs/releasing.md "Real-user signals"): the
 * browser masks first (apps/shell/src/rum/redact.ts) and the server again here, so an old or hostile client
 * cannot store personal data either.
 *
 * - a URL keeps its path: the query string and fragment are cut (`?tok=…` never reaches the table);
 * - `name=value` pairs with a secret name and `Bearer …` are masked (lib/log-redaction.ts redactText);
 * - JWT-like and long opaque tokens (24+ letters/digits mixed with digits) become `[token]`;
 * - e-mail addresses become `[email]`;
 * - any run of 6 or more digits, also written with spaces, dots, dashes or a leading + (phone, card and account
 *   numbers: "+62 812-3456-7890"), becomes `[number]`.
 */
const URL_QUERY = /((?:https?:\/\/[^\s/?#()'"<>]+)?\/[^\s?#()'"<>]*)[?#][^\s()'"<>]*/g;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}(?:\.[A-Za-z0-9_-]+){1,2}/g;
const OPAQUE = /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const NUMBER = /\+?\(?\d(?:[\s.()-]{0,2}\d){5,}/g;

export function maskRumText(text: string): string {
  const masked = text
    .replace(URL_QUERY, '$1')
    .replace(JWT, '[token]')
    .replace(EMAIL, '[email]')
    .replace(OPAQUE, (m) => (/^[a-f0-9]{8}-/.test(m) ? m : '[token]'))
    .replace(NUMBER, '[number]');
  return redactText(masked);
}

/**
 * A stack as kept: each line masked like a message, except the frames' locations (`/remotes/<app>/<version>/
 * assets/x.js:12:345`), whose line and column numbers are what symbolication needs; their query strings are
 * still cut.
 */
export function maskStack(stack: string): string {
  return stack
    .split('\n')
    .map((line) => {
      const locations: string[] = [];
      // Hold the frame locations aside (path:line:col), mask the rest of the line, put them back.
      const held = line.replace(
        /((?:https?:\/\/[^\s/()]+)?\/[^\s?#()'"<>]*\.m?js)(?:[?#][^\s:()]*)?(:\d+:\d+)/g,
        (_m, path: string, pos: string) => {
          // A build file's path (under /remotes/ or /assets/) is kept whole: chunk names carry build ids, and
          // symbolication needs the exact file. Any other path has its digit runs masked.
          locations.push((/^(?:https?:\/\/[^/]+)?\/(?:remotes|assets)\//.test(path) ? path : path.replace(/\d{6,}/g, '[number]')) + pos);
          return `\uE000${locations.length - 1}\uE000`;
        },
      );
      return maskRumText(held).replace(/\uE000(\d+)\uE000/g, (_m, i: string) => locations[Number(i)] ?? '');
    })
    .join('\n');
}
