/**
 * What leaves the browser in a real-user event (docs/releasing.md "Real-user signals"): never a token, a device
 * id, a query string, a phone number or a long digit run. The server masks again (apps/api/src/rum/redact.ts);
 * masking here keeps them off the network too.
 */
const URL_QUERY = /((?:https?:\/\/[^\s/?#()'"<>]+)?\/[^\s?#()'"<>]*)[?#][^\s()'"<>]*/g;
const PAIR = /\b([A-Za-z_][A-Za-z0-9_.-]*)=([^&\s#"'<>,;]+)/g;
const BEARER = /\b(bearer)\s+[^\s,;"']+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}(?:\.[A-Za-z0-9_-]+){1,2}/g;
const OPAQUE = /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const NUMBER = /\+?\(?\d(?:[\s.()-]{0,2}\d){5,}/g;
/** Control characters except tab and line feed, and lone surrogates: the API refuses a batch holding any. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe to send: no controls, query strings cut, secrets, e-mails and digit runs masked, at most `max` characters. */
export function maskText(text: string, max: number): string {
  const masked = text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(URL_QUERY, '$1')
    .replace(JWT, '[token]')
    .replace(BEARER, '$1 [redacted]')
    .replace(PAIR, (_m, key: string) => `${key}=[redacted]`)
    .replace(EMAIL, '[email]')
    .replace(OPAQUE, (m) => (/^[a-f0-9]{8}-/.test(m) ? m : '[token]'))
    .replace(NUMBER, '[number]');
  return cut(masked, max);
}

/** A stack: each line masked like a message, but a frame's `path.js:line:col` keeps its numbers (query cut). */
export function maskStack(stack: string, max: number): string {
  const lines = stack.replace(/\r\n?/g, '\n').split('\n').slice(0, 40);
  const out = lines.map((line) => {
    const held: string[] = [];
    const hidden = line.replace(
      /((?:https?:\/\/[^\s/()]+)?\/[^\s?#()'"<>]*\.m?js)(?:[?#][^\s:()]*)?(:\d+:\d+)/g,
      (_m, path: string, pos: string) => {
        held.push(buildPath(path) + pos);
        return `\uE000${held.length - 1}\uE000`;
      },
    );
    return maskText(hidden, 1000).replace(/\uE000(\d+)\uE000/g, (_m, i: string) => held[Number(i)] ?? '');
  });
  return cut(out.join('\n'), max);
}

/**
 * A script's path as kept: a build file's (under /remotes/ or /assets/) whole, its digits included (chunk names
 * carry build ids, and symbolication needs the exact file); any other path with its digit runs masked.
 */
function buildPath(path: string): string {
  return /^(?:https?:\/\/[^/]+)?\/(?:remotes|assets)\//.test(path) ? path : path.replace(/\d{6,}/g, '[number]');
}

/** At most `max` UTF-16 units, never splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max;
  const code = s.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return s.slice(0, end);
}

/** The top-level route as sent: the path only (no query, no fragment), characters outside the route pattern replaced. */
export function routeOf(pathname: string): string {
  let path = pathname.split(/[?#]/, 1)[0] ?? '/';
  if (path.length > 1) path = path.replace(/\/+$/, '');
  path = path.replace(/[^A-Za-z0-9_./-]/g, '_').replace(/\d{6,}/g, '0');
  if (!path.startsWith('/')) path = `/${path}`;
  return path.slice(0, 200);
}
