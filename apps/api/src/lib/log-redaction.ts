/**
 * The one redaction of everything the server logs (docs/security.md "Logs"). pino runs every log call through
 * it (app.ts: `formatters.log`, the `req` / `res` / `err` serializers and the `logMethod` hook), so a route that
 * logs an object, an error or a message string gets the same treatment as the request line.
 *
 * Rules, on the parsed request rather than on the raw text, so that an encoding cannot slip past a pattern:
 * - Query: every key is decoded the way the router decodes it and normalized (lower case, `[]` / `[0]` suffix
 *   and punctuation dropped), so `%74ok=`, `tok[]=` and `TOK=` are all `tok`. Only keys on SAFE_QUERY_KEYS keep
 *   their value; phone keys are masked; every other value is `[redacted]` (fail closed: a new parameter is
 *   hidden until someone decides it is harmless). Signed URLs (`sig`, `exp`) therefore never reach the log.
 * - Headers: only a few are logged at all; credentials (token, authorization, cookie, signatures) are
 *   `[redacted]`, a referer goes through the URL rule.
 * - Objects (body fields, anything a route logs): keys that name a secret or personal text (token, password,
 *   code, card number, holder name, complaint text, ...) are `[redacted]`, phone keys are masked.
 * - Errors: type, code, SQLSTATE fields and the message; database drivers' attached SQL parameters
 *   (PGlite's `params`, pg's `detail`) are dropped, and values quoted in a database message are hidden.
 * - Every string on the way out: `name=value` pairs with a secret name, `Bearer …` and runs of 9–19 digits
 *   (phone, card and account numbers) are masked, keeping the last 4 digits.
 */

export const REDACTED = '[redacted]';

/** Query parameters whose values are harmless and useful when reading a log. Everything else is hidden. */
export const SAFE_QUERY_KEYS = new Set(
  [
    'isNeedPop',
    'productId',
    'orderId',
    'position',
    'scene',
    'amount',
    'display',
    'templateId',
    'page_id',
    'page_type',
    'client_type',
    'user_from',
    'app_from',
    'utm_tag',
    'timestamp',
    'state',
    'id',
    'problemId',
    'overall',
    'type',
    'moduleId',
    'positionId',
    'aMar',
    'aVer',
    'aTp',
    'dNa',
    'oVer',
    'gid',
    'pf',
    'dId',
  ].map(normalizeKey),
);

/** Keys (normalized) whose values are personal or secret text: never logged. */
const SECRET_KEYS = new Set(
  [
    'tok',
    'token',
    'sig',
    'signature',
    'exp',
    'password',
    'passwd',
    'pass',
    'secret',
    'smsCode',
    'otp',
    'capcode',
    'captcha',
    'code',
    'cardNo',
    'cardNumber',
    'pan',
    'cvv',
    'cvc',
    'pin',
    'holderName',
    'cardHolder',
    'accountName',
    'content',
    'text',
    'disposeDetail',
    'problemDetail',
    'verifyCode',
    'comment',
    'cookie',
    'authorization',
    'params',
    'parameters',
    'values',
    'detail',
    'where',
  ].map(normalizeKey),
);
/** Substrings that make any key secret (x-lv-token, accessToken, webhookSecret, apiKey, setCookie, ...). */
const SECRET_KEY_PARTS = [
  'token',
  'secret',
  'password',
  'passwd',
  'authorization',
  'cookie',
  'signature',
  'apikey',
  'cardno',
  'cardnumber',
  'smscode',
  'holdername',
];
/** Keys (normalized) holding a phone number: masked, the last 4 digits kept. */
const PHONE_KEYS = new Set(['phone', 'mobile', 'msisdn', 'phoneNumber', 'phoneNo', 'userName', 'smWa', 'tel'].map(normalizeKey));
/** Keys whose values are known to be safe even though a rule above would hide them (error codes). */
const SAFE_OBJECT_KEYS = new Set(['code', 'statusCode', 'reason', 'type'].map(normalizeKey));

/** Headers worth a log line; everything else is not logged at all. */
const LOGGED_HEADERS = ['user-agent', 'content-type', 'content-length', 'referer', 'x-lv-device', 'x-lv-token', 'authorization'];

/** `tok[]`, `%74ok`, `X-Lv-Token`, `phone_number` → `tok`, `tok`, `xlvtoken`, `phonenumber`. */
export function normalizeKey(key: string): string {
  let k = key;
  try {
    k = decodeURIComponent(k.replace(/\+/g, ' '));
  } catch {
    /* keep the raw key; a key that cannot be decoded is judged as written */
  }
  return k
    .replace(/\[[^\]]*\]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function isSecretKey(normalized: string): boolean {
  return SECRET_KEYS.has(normalized) || SECRET_KEY_PARTS.some((p) => normalized.includes(p));
}

/** 13800000000 → *******0000. Short or non-digit values are hidden whole. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 6) return REDACTED;
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

const DIGIT_RUN = /(?<![\w-])\+?\d{9,19}(?![\w-])/g;
const BEARER = /\b(bearer)\s+[^\s,;"']+/gi;
const PAIR = /([A-Za-z0-9_%.[\]-]+)=([^&\s#"'<>,;]*)/g;
const DB_QUOTED = /"[^"]*"|'[^']*'/g;

/** Masks secrets inside free text: `tok=…`-style pairs, bearer tokens, long digit runs. */
export function redactText(text: string): string {
  let s = text;
  if (s.includes('=')) {
    s = s.replace(PAIR, (whole, key: string, value: string) => {
      const k = normalizeKey(key);
      if (value === '' || value === REDACTED) return whole;
      if (PHONE_KEYS.has(k)) return `${key}=${maskPhone(value)}`;
      return isSecretKey(k) ? `${key}=${REDACTED}` : whole;
    });
  }
  return s.replace(BEARER, `$1 ${REDACTED}`).replace(DIGIT_RUN, (d) => maskPhone(d));
}

/**
 * A query or header value as text. Parsers give strings (or arrays of them, joined by the callers); other
 * primitives read as String() writes them, and an object only as its kind: its own toString could print what
 * this module hides.
 */
function asText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'symbol':
      return String(value);
    case 'undefined':
      return 'undefined';
    default:
      return value === null ? 'null' : Object.prototype.toString.call(value);
  }
}

function queryValue(key: string, value: unknown): string {
  const k = normalizeKey(key);
  const text = Array.isArray(value) ? value.map(String).join(',') : asText(value ?? '');
  if (PHONE_KEYS.has(k)) return maskPhone(text);
  if (!SAFE_QUERY_KEYS.has(k) || isSecretKey(k)) return REDACTED;
  return redactText(text.slice(0, 128));
}

/**
 * A request URL as it may be logged: the path (digit runs masked) and the query rebuilt from its parsed
 * pairs with the rules above. `query` is the router's parsed query when there is one.
 */
export function redactUrl(url: string, query?: unknown): string {
  const hash = url.indexOf('#');
  const noHash = hash === -1 ? url : url.slice(0, hash);
  const q = noHash.indexOf('?');
  const path = redactText(q === -1 ? noHash : noHash.slice(0, q));
  if (q === -1) return path;
  const raw = noHash.slice(q + 1);
  const pairs: [string, unknown][] = [];
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    pairs.push(...Object.entries(query as Record<string, unknown>));
  }
  // Pairs the router's parser dropped or merged are judged from the raw text too (a key that decodes to
  // nothing, a duplicate, a malformed escape): every raw key is listed, none keeps a value it should not.
  const seen = new Set(pairs.map(([k]) => k));
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      /* judged as written */
    }
    if (seen.has(key)) continue;
    seen.add(key);
    let value = eq === -1 ? '' : part.slice(eq + 1);
    try {
      value = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      value = REDACTED;
    }
    pairs.push([key, value]);
  }
  const rebuilt = pairs
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k.slice(0, 64))}=${queryValue(k, v) === REDACTED ? REDACTED : encodeURIComponent(queryValue(k, v))}`,
    )
    .join('&');
  return `${path}?${rebuilt}`;
}

/** LOGGED_HEADERS with their rule, judged once (the names are constants): a credential's value is never logged. */
const LOGGED_HEADER_RULES = LOGGED_HEADERS.map((name) => ({ name, secret: isSecretKey(normalizeKey(name)) }));

/** The headers a log line may carry, with credentials hidden and the referer's query redacted. */
export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  for (const { name, secret } of LOGGED_HEADER_RULES) {
    const v = headers[name];
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(', ') : asText(v);
    if (secret) out[name] = REDACTED;
    else if (name === 'referer') out[name] = redactUrl(value);
    else out[name] = redactText(value.slice(0, 256));
  }
  return out;
}

/** Objects this module produced: the serializers pass them through unchanged. */
const shaped = new WeakSet<object>();
function markShaped<T extends object>(o: T): T {
  shaped.add(o);
  return o;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  query?: unknown;
  headers?: Record<string, unknown>;
  routeOptions?: { url?: string };
  raw?: unknown;
}

/** The request line of a log: method, redacted URL, route, client address, selected headers. */
export function redactRequest(req: RequestLike): Record<string, unknown> {
  if (!req || typeof req !== 'object') return {};
  // Already redacted (pino's serializers run after formatters.log): redacting twice would hide masked values.
  if (shaped.has(req)) return req as Record<string, unknown>;
  let query: unknown;
  try {
    query = req.query;
  } catch {
    query = undefined;
  }
  return markShaped({
    method: req.method,
    url: redactUrl(req.url ?? '', query),
    remoteAddress: req.ip,
    headers: redactHeaders(req.headers),
  });
}

interface DbErrorLike {
  severity?: unknown;
  code?: unknown;
  routine?: unknown;
}

const isDbError = (e: DbErrorLike) =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && (e.severity !== undefined || e.routine !== undefined);

/**
 * An error as it may be logged. Database errors keep their SQLSTATE and names (constraint, table, column) but
 * not the values: PGlite attaches the query's parameters (`params`) and pg puts row values in `detail`.
 */
export function redactError(err: unknown, depth = 0): Record<string, unknown> {
  if (err && typeof err === 'object' && shaped.has(err)) return err as Record<string, unknown>;
  if (!(err instanceof Error)) {
    return err && typeof err === 'object' ? (redactValue(err, depth) as Record<string, unknown>) : { message: redactText(String(err)) };
  }
  const e = err as Error & DbErrorLike & Record<string, unknown>;
  const db = isDbError(e);
  const hide = (s: string) => redactText(db ? s.replace(DB_QUOTED, `"${REDACTED}"`) : s);
  const out: Record<string, unknown> = { type: e.name, message: hide(e.message) };
  if (e.code !== undefined) out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (db) {
    for (const key of ['severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const) {
      if (typeof e[key] === 'string') out[key] = e[key];
    }
  }
  if (typeof e.stack === 'string') {
    // The stack's first line repeats the message: hidden the same way.
    out.stack = e.stack
      .split('\n')
      .map((line, i) => (i === 0 ? hide(line) : line))
      .join('\n');
  }
  if (e.cause !== undefined && depth < 3) out.cause = redactError(e.cause, depth + 1);
  return markShaped(out);
}

/** Any value a route logs: plain objects and arrays walked (depth-limited), secret keys hidden, strings scanned. */
export function redactValue(value: unknown, depth = 0, key?: string): unknown {
  if (key !== undefined) {
    const k = normalizeKey(key);
    // An SMS row's `body` is the text with the code in it; a request's `body` object is walked like any other.
    if (k === 'body' && typeof value === 'string') return REDACTED;
    if (!SAFE_OBJECT_KEYS.has(k) && isSecretKey(k)) return value === undefined || value === null ? value : REDACTED;
    if (PHONE_KEYS.has(k) && (typeof value === 'string' || typeof value === 'number')) return maskPhone(String(value));
  }
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return redactError(value, depth);
  if (value instanceof Date) return value;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return '[binary]';
  if (depth >= 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactValue(v, depth + 1));
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return `[${value.constructor?.name ?? 'object'}]`;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, depth + 1, k);
  return out;
}

interface ReplyLike {
  statusCode?: number;
}

/**
 * Every log object, before pino writes it (`formatters.log`): the request, reply and error keys get their own
 * shape, everything else the generic walk.
 */
export function redactLogObject(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'req' && v && typeof v === 'object') out[k] = redactRequest(v);
    else if (k === 'res' && v && typeof v === 'object') out[k] = { statusCode: (v as ReplyLike).statusCode };
    else if ((k === 'err' || k === 'error') && v instanceof Error) out[k] = redactError(v);
    else if (k === 'responseTime' || k === 'reqId') out[k] = v;
    else out[k] = redactValue(v, 0, k);
  }
  return out;
}

/**
 * pino options that apply the redaction to every line. app.ts merges them into the logger it gives fastify.
 * (pino applies `formatters.log` first, then the serializers: both run the same functions, which leave an
 * already-redacted value as it is.)
 */
export function redactingLoggerOptions() {
  return {
    serializers: {
      req: (req: RequestLike) => cutCardFields(redactRequest(req), 1) as Record<string, unknown>,
      res: (res: ReplyLike) => ({ statusCode: res?.statusCode }),
      // pino's type wants the standard { type, message, stack } shape; redactError gives that for an Error.
      err: (err: unknown) =>
        cutCardFields(err instanceof Error ? redactError(err) : redactValue(err), 1) as {
          type: string;
          message: string;
          stack: string;
          [key: string]: unknown;
        },
    },
    formatters: {
      log: (obj: Record<string, unknown>) => cutCardFields(redactLogObject(obj), 0) as Record<string, unknown>,
    },
    hooks: {
      // Message strings (`log.info('…')`, fastify's own messages) are scanned too.
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactText(a) : a)),
        );
      },
    },
  };
}

// --- Card data (the cards engineer's API, kept: app.ts and plugins/app/errors.ts use it) -------------------

/** Card and payment fields of request bodies, for pino's `redact` (paths one and two levels deep). */
const CARD_FIELDS = [
  'cardNo',
  'card_no',
  'cardNumber',
  'holderName',
  'holder_name',
  'verifyCode',
  'verify_code',
  'providerToken',
  'provider_token',
  'cvv',
];
export const LOG_REDACT_PATHS: string[] = CARD_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);
const CARD_FIELD_SET = new Set(CARD_FIELDS);

/**
 * pino's `redact` with LOG_REDACT_PATHS (`f`, `*.f`, `*.*.f` for every card field), as a function: the card fields
 * of a log object at depth 0, 1 and 2 (array items included) are `[redacted]`, whatever their value. app.ts used to
 * pass the paths to pino, whose redaction clones and walks every wildcard path of every line (~7 % of a small API
 * answer's CPU with the two request lines); this runs on the formatted object (`formatters.log`) and on what the
 * serializers return (they run after it), so every line still has both layers. A copy is made only where a field
 * is cut: the caller's objects are never changed. `depth`: the depth of `value`'s own keys (0 for a log object).
 */
export function cutCardFields(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 2) return value;
  const source = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(source)) {
    const v = source[key];
    const next = CARD_FIELD_SET.has(key) ? REDACTED : depth < 2 ? cutCardFields(v, depth + 1) : v;
    if (next !== v) {
      out ??= (Array.isArray(source) ? [...(source as unknown[])] : { ...source }) as Record<string, unknown>;
      out[key] = next;
    }
  }
  return out ?? value;
}

/**
 * The values of the request's secret fields (card number, holder name, codes, tokens, phones, complaint text):
 * an error message that quotes one of them (a provider or database echoing its input) has it cut out by
 * `safeError`. Values shorter than 4 characters are not worth hunting (and would cut ordinary words).
 */
export function sensitiveValuesOf(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string | undefined, depth: number) => {
    if (depth > 4 || v === null || v === undefined) return;
    if (typeof v === 'string' || typeof v === 'number') {
      const k = key === undefined ? '' : normalizeKey(key);
      const text = String(v);
      if (text.length >= 4 && (isSecretKey(k) || PHONE_KEYS.has(k) || CARD_FIELDS.map(normalizeKey).includes(k))) {
        out.push(text);
        // A card number as typed (grouped) and as the API passes it on (digits only), and its last 8 digits.
        const digits = text.replace(/[\s-]/g, '');
        if (/^\d{10,19}$/.test(digits)) out.push(digits, digits.slice(-8));
      }
      return;
    }
    if (Array.isArray(v)) v.forEach((x) => walk(x, key, depth + 1));
    // Any object: form bodies are parsed into objects whose prototype is not Object's (fast-querystring's Empty).
    else if (typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
    }
  };
  walk(body, undefined, 0);
  // Longest first: a number is cut whole before its last 8 digits are.
  return [...new Set(out)].sort((a, b) => b.length - a.length);
}

/** Card tokens of the sandbox provider (providers/payments.ts; add a real provider's format beside it). */
const PROVIDER_TOKEN = /\bsbx_card_[A-Za-z0-9_]+/g;

/** An error (or an error-like `{ code, message }`) as it may be logged, with the given values cut out too. */
export function safeError(err: unknown, sensitive: readonly string[] = []): Record<string, unknown> {
  const out = err instanceof Error ? redactError(err) : markShaped((redactValue(err) as Record<string, unknown>) ?? {});
  const cut = (s: string) => sensitive.reduce((acc, v) => acc.split(v).join(REDACTED), s).replace(PROVIDER_TOKEN, REDACTED);
  const scrub = (v: unknown): unknown =>
    typeof v === 'string'
      ? cut(v)
      : Array.isArray(v)
        ? v.map(scrub)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x)]))
          : v;
  return markShaped(scrub(out) as Record<string, unknown>);
}
