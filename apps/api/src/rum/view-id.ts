import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { randomSecretSetting } from '../repositories/settings.ts';

/**
 * Signed view ids (issue 36 item 4; docs/releasing.md "Real-user signals"). Every manifest the server sends a
 * browser carries one (a server-rendered page's `lv-ssr` manifest's `rumView`; /remotes.json's X-Lv-Rum-View): a random
 * nonce, an expiry and the remote versions that manifest serves, signed with HMAC-SHA256 under a key shared by every
 * instance (app_settings, made by the first instance that asks). The shell sends it with each real-user batch; the
 * API counts a batch only with a valid, unexpired id that names every version the batch reports (services/rum.ts),
 * and each id counts a view once (rum_view_marks, migration 031).
 *
 * `v1.<payload>.<mac>`, both base64url; the payload is JSON `{ n, x, r }`: nonce, expiry (seconds since the epoch)
 * and `[app, version]` pairs. Nothing personal: no device id, no address.
 */

/**
 * How long a view id is good for. A page's view and first errors are sent within a second, but a borrower may keep
 * a page open through a whole application (routes shown later send views; web-vitals go when the page is hidden):
 * an hour covers a long visit, and bounds how long a harvested id stays usable and how long its marks are kept.
 */
export const RUM_VIEW_TTL_MS = 60 * 60 * 1000;

/** /remotes.json's header with the view id (its JSON stays the manifest; a server-rendered page has it in the manifest). */
export const RUM_VIEW_HEADER = 'x-lv-rum-view';

const KEY_SETTING = 'rum_view_signing_key';
const VERSION_TAG = 'v1';
const NONCE = /^[A-Za-z0-9_-]{22}$/;

export interface ViewClaim {
  /** The random part: the page id of the view's counted events. */
  nonce: string;
  expiresAt: Date;
  /** `app@version` of each remote version the page was served with. */
  remotes: Set<string>;
}

export type ViewCheck = { ok: true; claim: ViewClaim } | { ok: false; reason: 'unsigned' | 'bad-signature' | 'expired' };

// One key lookup per database handle (every app instance shares its db): the key never changes once made.
const keys = new WeakMap<object, Promise<Buffer>>();

/** The signing key (app_settings `rum_view_signing_key`, made once and shared by every instance). */
export function rumViewKey(db: Queryable): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = randomSecretSetting(db, KEY_SETTING).then(
      (hex) => Buffer.from(hex, 'hex'),
      (err: unknown) => {
        keys.delete(db);
        throw err;
      },
    );
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${VERSION_TAG}.${payload}`).digest('base64url');

/** A new view id for a page served `remotes` at `now`. */
export function signView(
  key: Buffer,
  remotes: { app: string; version: string }[],
  now: Date,
  nonce = randomBytes(16).toString('base64url'),
): string {
  const payload = Buffer.from(
    JSON.stringify({ n: nonce, x: Math.floor((now.getTime() + RUM_VIEW_TTL_MS) / 1000), r: remotes.map((r) => [r.app, r.version]) }),
  ).toString('base64url');
  return `${VERSION_TAG}.${payload}.${mac(key, payload)}`;
}

/** Checks a view id a beacon presented: the server's signature, its shape, not expired at `now`. */
export function checkView(key: Buffer, id: string | undefined, now: Date): ViewCheck {
  if (id === undefined || id === '') return { ok: false, reason: 'unsigned' };
  const [tag, payload, sig, ...rest] = id.split('.');
  if (tag !== VERSION_TAG || !payload || !sig || rest.length > 0) return { ok: false, reason: 'bad-signature' };
  const want = Buffer.from(mac(key, payload));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return { ok: false, reason: 'bad-signature' };
  let claim: ViewClaim;
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { n: unknown; x: unknown; r: unknown };
    if (typeof p.n !== 'string' || !NONCE.test(p.n) || typeof p.x !== 'number' || !Array.isArray(p.r)) throw new Error('shape');
    const remotes = new Set<string>();
    for (const pair of p.r as unknown[]) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') throw new Error('shape');
      remotes.add(`${pair[0]}@${pair[1]}`);
    }
    claim = { nonce: p.n, expiresAt: new Date(p.x * 1000), remotes };
  } catch {
    // Signed by us yet unreadable: only a key shared with another format could do it; never counted.
    return { ok: false, reason: 'bad-signature' };
  }
  if (claim.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claim };
}

/** The manifest a browser gets, with a new view id for the remote versions it serves (`rumView`). */
export async function withRumView<M extends { remotes: { app: string; version: string }[] }>(
  db: Queryable,
  manifest: M,
  now: Date,
): Promise<M & { rumView: string }> {
  return { ...manifest, rumView: signView(await rumViewKey(db), manifest.remotes, now) };
}
