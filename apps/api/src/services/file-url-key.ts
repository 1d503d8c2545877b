import { hkdfSync } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { randomSecretSetting } from '../repositories/settings.ts';

// The key of borrowers' signed file URLs (lib/file-urls.ts signs and checks with it).

const KEY_SETTING = 'file_url_signing_key';
const HKDF_INFO = 'lendview borrower file URLs v1';

/** The signing key: derived from the configured secret, else the database's own random key (made once, shared). */
export async function fileUrlKey(db: Queryable, configuredSecret?: string): Promise<Buffer> {
  if (configuredSecret) return Buffer.from(hkdfSync('sha256', Buffer.from(configuredSecret, 'utf8'), Buffer.alloc(0), HKDF_INFO, 32));
  return Buffer.from(await randomSecretSetting(db, KEY_SETTING), 'hex');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The key of borrowers' signed file URLs (lib/file-urls.ts), looked up once per app instance. */
    fileUrlKey: () => Promise<Buffer>;
  }
}

/** One key lookup per app instance (the database key never changes once made); a failed lookup is retried. */
export function fileUrlKeySource(app: { db: Queryable; smsCodeSecret?: string }): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= fileUrlKey(app.db, app.smsCodeSecret).catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
}
