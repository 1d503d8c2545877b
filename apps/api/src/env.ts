import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEV_PAYMENT_WEBHOOK_SECRET } from './providers/payments.ts';
import { DEV_CARD_FINGERPRINT_SECRET } from './repositories/bank-cards.ts';

/**
 * The one place that reads the environment. Everything else receives a validated `Env`.
 *
 * Paths default relative to the repository root, which is found from this file's own location (src/env.ts
 * under tsx or vitest, dist/server.mjs once bundled), never from the current working directory.
 */

/** Walks up from this module's folder to the folder holding pnpm-workspace.yaml. */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  // Deployed without the workspace file: src/ and dist/ both sit two levels below apps/api's parent.
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
}

export const REPO_ROOT = findRepoRoot();
/** SQL migrations, read at run time (not bundled). */
export const MIGRATIONS_DIR = join(REPO_ROOT, 'apps/api/migrations');

const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must be a postgres:// or postgresql:// URL',
  ),
  DEMO_MODE: z.enum(['0', '1', '']).optional(),
  CONFIRM_STEP_UP: z.enum(['0', '1', '']).optional(),
  SHELL_DIR: optionalText,
  RELEASES_DIR: optionalText,
  SUPPORT_PHONE: z.string().trim().min(1).max(64).default('+62 21 5091 8080'),
  SUPPORT_EMAIL: z.string().trim().pipe(z.email().max(254)).default('cs@lendview.co.id'),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMENT_WEBHOOK_SECRET: optionalText.refine((v) => v === undefined || v.length >= 16, 'PAYMENT_WEBHOOK_SECRET must be at least 16 characters'),
  CARD_FINGERPRINT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'CARD_FINGERPRINT_SECRET must be at least 32 characters'),
});

export interface Env {
  /** CONFIRM_STEP_UP=1: confirming a loan also needs an SMS code sent to the borrower's phone (docs/loans.md). */
  confirmStepUp: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Set: real PostgreSQL through a pg Pool. Unset: PGlite persisted in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** DEMO_MODE=1: demo seed at start and the /dev routes. */
  demo: boolean;
  shellDir: string;
  releasesDir: string;
  supportPhone: string;
  supportEmail: string;
  logLevel: string;
  /** fastify trustProxy: false (default), true ("true"), a hop count ("1"), or a comma list of proxy addresses / CIDRs. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /**
   * HMAC key of the payment provider's signed callbacks (docs/repayment.md). Required outside demo mode; in demo
   * mode a fixed development value is used when it is not set.
   */
  paymentWebhookSecret: string;
  /**
   * HMAC key of bank-card fingerprints (docs/repayment.md "Card binding"). Required outside demo mode, and never
   * the documented demo key there; in demo mode that key is used when it is not set. Changing it makes every
   * bound card unknown to the duplicate check (the same card bound again becomes a second card).
   */
  cardFingerprintSecret: string;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EnvError(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  const demo = e.DEMO_MODE === '1';
  if (!demo && e.PAYMENT_WEBHOOK_SECRET === undefined) {
    throw new EnvError('Invalid environment: PAYMENT_WEBHOOK_SECRET: required outside demo mode (the payment callbacks are signed with it)');
  }
  if (!demo && (e.CARD_FINGERPRINT_SECRET === undefined || e.CARD_FINGERPRINT_SECRET === DEV_CARD_FINGERPRINT_SECRET)) {
    throw new EnvError(
      'Invalid environment: CARD_FINGERPRINT_SECRET: required outside demo mode (bank-card fingerprints are keyed with it; ' +
        'at least 32 random characters, e.g. `openssl rand -hex 32`, kept for the life of the database)',
    );
  }
  const fromRoot = (value: string | undefined, fallback: string) => resolve(REPO_ROOT, value ?? fallback);
  return {
    confirmStepUp: e.CONFIRM_STEP_UP === '1',
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRoot(e.DATA_DIR, '.data'),
    databaseUrl: e.DATABASE_URL,
    demo,
    shellDir: fromRoot(e.SHELL_DIR, 'apps/shell/dist'),
    releasesDir: fromRoot(e.RELEASES_DIR, 'releases'),
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? DEV_PAYMENT_WEBHOOK_SECRET,
    cardFingerprintSecret: e.CARD_FINGERPRINT_SECRET ?? DEV_CARD_FINGERPRINT_SECRET,
  };
}

function parseTrustProxy(value: string | undefined): Env['trustProxy'] {
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value;
}
