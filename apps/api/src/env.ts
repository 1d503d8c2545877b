import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEV_PAYMENT_WEBHOOK_SECRET } from './providers/payments.ts';
import { DEV_CARD_FINGERPRINT_SECRET } from './repositories/bank-cards.ts';
import { DEMO_GRIEVANCE_OFFICER, type GrievanceOfficer } from './repositories/grievance-officer.ts';

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

/** A number from text, or unset ('' is unset): mode-dependent defaults are applied in loadEnv. */
const optionalNumber = (min: number, max: number, int = true) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
    .pipe((int ? z.number().int() : z.number()).min(min).max(max).optional());

/**
 * The database connection (docs/deploy.md). DB_* apply to PostgreSQL (DATABASE_URL) only: PGlite is one
 * connection in this process. Parsed alone by `pnpm migrate` (loadDatabaseEnv), which needs no other setting.
 */
const databaseFields = {
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must be a postgres:// or postgresql:// URL',
  ),
  /**
   * `pnpm migrate` only: the role the instances connect as, granted rows to read and write after the migrations
   * (DATABASE_URL is then the schema owner's; docs/deploy.md "Migrations"). PostgreSQL only.
   */
  DATABASE_APP_ROLE: optionalText.refine(
    (v) => v === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(v),
    'DATABASE_APP_ROLE must be a plain role name',
  ),
  /** Connections of this instance's pool: instances × DB_POOL_MAX must stay under the server's max_connections. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** A checkout waits at most this long for a connection (pool full or server unreachable); 0 waits forever. */
  DB_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** The server cancels any statement running longer (statement_timeout); 0 is no limit. Migrations are exempt. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** An idle pooled connection is closed after this long; 0 keeps idle connections. */
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
};

/** Shutdown, load shedding and start-up migrations (docs/deploy.md); unset values get the mode's default in loadEnv. */
const lifecycleFields = {
  /** After SIGTERM: seconds the instance keeps serving (not ready) before it stops accepting. Default 10 in production, 0 otherwise. */
  DRAIN_SECONDS: optionalNumber(0, 600),
  SSR_BUDGET_MS: optionalNumber(0, 10_000),
  /** Then: seconds in-flight requests may take to finish before they are cut. Default 20. */
  SHUTDOWN_GRACE_SECONDS: optionalNumber(0, 600),
  /** Apply the migrations at start (1) or refuse to start while any is missing (0). Default 1 in demo and development, 0 in production. */
  MIGRATE_ON_START: z.enum(['0', '1', '']).optional(),
  /** Load shedding (@fastify/under-pressure): 503 + Retry-After above any threshold; 0 turns a check off. */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: optionalNumber(0, 60_000),
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: optionalNumber(0, 1, false),
  PRESSURE_MAX_HEAP_MB: z.coerce.number().int().min(0).max(1_000_000).default(0),
  PRESSURE_MAX_RSS_MB: z.coerce.number().int().min(0).max(1_000_000).default(0),
  PRESSURE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  PRESSURE_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Test-only routes (GET /dev/slow?ms=): the drain test's long requests. Refused in production. */
  LENDVIEW_TEST_ROUTES: z.enum(['0', '1', '']).optional(),
};

/** Providers that have an implementation (providers/). Production refuses these two unless LENDVIEW_STAGING=1. */
export const SMS_PROVIDERS = ['outbox'] as const;
export const PAYMENT_PROVIDERS = ['sandbox'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  ...databaseFields,
  DEMO_MODE: z.enum(['0', '1', '']).optional(),
  /** production | demo | development (docs/security.md "Modes"); NODE_ENV=production also means production. */
  LENDVIEW_MODE: z.enum(['production', 'demo', 'development', '']).optional(),
  NODE_ENV: z.string().optional(),
  /** Production with the outbox SMS / sandbox payments: a staging deployment that sends nothing real. */
  LENDVIEW_STAGING: z.enum(['0', '1', '']).optional(),
  /** Demo mode against a non-local database or listening on a non-loopback address, on purpose. */
  LENDVIEW_DEMO_ALLOW_REMOTE: z.enum(['0', '1', '']).optional(),
  SMS_PROVIDER: z
    .enum(SMS_PROVIDERS, { error: `SMS_PROVIDER must be one of the implemented providers: ${SMS_PROVIDERS.join(', ')}` })
    .default('outbox'),
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { error: `PAYMENT_PROVIDER must be one of the implemented providers: ${PAYMENT_PROVIDERS.join(', ')}` })
    .default('sandbox'),
  /** Hosts landing-template images may come from (comma list); also the CSP's img-src allow-list. */
  IMAGE_HOSTS: z.string().default(''),
  /** /readyz answers 503 when DATA_DIR's file system has less free space than this (MB). */
  READY_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(256),
  CONFIRM_STEP_UP: z.enum(['0', '1', '']).optional(),
  SHELL_DIR: optionalText,
  RELEASES_DIR: optionalText,
  ...storageFields(),
  SUPPORT_PHONE: z.string().trim().min(1).max(64).default('+62 21 5091 8080'),
  SUPPORT_EMAIL: z.string().trim().pipe(z.email().max(254)).default('cs@lendview.co.id'),
  /** The grievance officer (docs/compliance.md): written to app_settings at start when missing, like SUPPORT_*. */
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).max(120).default(DEMO_GRIEVANCE_OFFICER.name),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().min(1).max(64).default(DEMO_GRIEVANCE_OFFICER.phone),
  GRIEVANCE_OFFICER_EMAIL: z.string().trim().pipe(z.email().max(254)).default(DEMO_GRIEVANCE_OFFICER.email),
  GRIEVANCE_OFFICER_ADDRESS: z.string().trim().min(1).max(300).default(DEMO_GRIEVANCE_OFFICER.address),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMENT_WEBHOOK_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 16,
    'PAYMENT_WEBHOOK_SECRET must be at least 16 characters',
  ),
  CARD_FINGERPRINT_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 32,
    'CARD_FINGERPRINT_SECRET must be at least 32 characters',
  ),
  SMS_CODE_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'SMS_CODE_SECRET must be at least 32 characters'),
  OPS_TOTP_KEY: optionalText.refine((v) => v === undefined || v.length >= 32, 'OPS_TOTP_KEY must be at least 32 characters'),
  ...lifecycleFields,
});

/** Every variable the server's settings read: deploy/k8s provides each or leaves it out on purpose (scripts/test/k8s-manifests.test.mjs). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type Mode = 'production' | 'demo' | 'development';

export interface Env {
  /**
   * production (NODE_ENV=production or LENDVIEW_MODE=production): no demo anything, real secrets, real providers
   * unless staging; demo (DEMO_MODE=1, what `npm start` sets): seed, /dev routes, local only; development:
   * neither (tests, `pnpm dev` with secrets set). docs/security.md "Modes".
   */
  mode: Mode;
  /** LENDVIEW_STAGING=1: production that may use the outbox SMS and the sandbox payments. */
  staging: boolean;
  smsProvider: (typeof SMS_PROVIDERS)[number];
  paymentProvider: (typeof PAYMENT_PROVIDERS)[number];
  /** Lower-cased host names landing-template images may come from (IMAGE_HOSTS), empty by default. */
  imageHosts: string[];
  /** /readyz: minimum free bytes on DATA_DIR's file system. */
  readyMinFreeBytes: number;
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
  /** STORAGE and S3_*: where uploads and releases are kept (docs/deploy.md "Storage and releases"). */
  storage: StorageSettings;
  /** ASSET_ORIGIN: the origin (a CDN) remote assets are loaded from; unset: this server's own origin. */
  assetOrigin: string | undefined;
  supportPhone: string;
  supportEmail: string;
  /**
   * The grievance officer written to app_settings at start when the rows are missing (GRIEVANCE_OFFICER_*; the
   * demo officer by default, which production refuses: services/startup-checks.ts grievanceOfficerProblems).
   */
  grievanceOfficer: GrievanceOfficer;
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
  /**
   * HMAC key of stored SMS codes (repositories/sms-codes.ts). Required in production, so that a copy of the
   * database alone does not let anyone test the 10^6 codes; in demo mode (unset) the database keeps its own key.
   */
  smsCodeSecret?: string;
  /**
   * Key that seals the operators' TOTP secrets (lib/totp.ts). Required in production, so that a copy of the
   * database alone gives nobody's codes; in demo mode (unset) the database keeps its own key.
   */
  opsTotpKey?: string;
  /** The PostgreSQL pool (DB_*; unused by PGlite). */
  db: DbPoolSettings;
  /** Shutdown (DRAIN_SECONDS, SHUTDOWN_GRACE_SECONDS): docs/deploy.md "Shutdown, drain and load shedding". */
  drainSeconds: number;
  /** SSR_BUDGET_MS: longest server render of a page before it goes out client-rendered; default 300, 0 = off (docs/performance.md "The budget"). */
  ssrBudgetMs: number;
  graceSeconds: number;
  /** MIGRATE_ON_START: migrate at start, or refuse to start while the schema is behind (docs/deploy.md "Migrations"). */
  migrateOnStart: boolean;
  /** Load shedding thresholds (PRESSURE_*); 0 turns a check off. */
  pressure: PressureSettings;
  /** LENDVIEW_TEST_ROUTES=1 (never in production): GET /dev/slow for the drain test. */
  testRoutes: boolean;
}

export interface DbPoolSettings {
  poolMax: number;
  connectionTimeoutMs: number;
  statementTimeoutMs: number;
  idleTimeoutMs: number;
}

export interface PressureSettings {
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  retryAfterSeconds: number;
  sampleIntervalMs: number;
}

/** Production's defaults where they differ from demo and development (docs/deploy.md). */
export const PRODUCTION_DRAIN_SECONDS = 10;
export const DEFAULT_GRACE_SECONDS = 20;
/** Server rendering of pages (src/ssr/page.ts) is on in every mode: a render over this goes out client-rendered. */
export const DEFAULT_SSR_BUDGET_MS = 300;
export const PRODUCTION_MAX_EVENT_LOOP_DELAY_MS = 1000;

export class EnvError extends Error {
  override name = 'EnvError';
  /** Each refused setting, one sentence each (the start-up message lists them all). */
  readonly problems: string[];
  constructor(message: string, problems: string[] = [message]) {
    super(message);
    this.problems = problems;
  }
}

/** Secret values that are written in this repository: never acceptable in production. */
export const KNOWN_SECRETS: readonly string[] = [DEV_PAYMENT_WEBHOOK_SECRET, DEV_CARD_FINGERPRINT_SECRET];
/** Production keys are at least this long (HMAC-SHA256 keys of 256 bits as hex or base64). */
export const PRODUCTION_SECRET_MIN = 32;

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

/** localhost, 127.0.0.0/8 or ::1 (with or without brackets). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1' || LOOPBACK_V4.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * Whether a postgres:// URL points at this machine: a loopback host, or a unix socket (empty host with a
 * `host=/path` parameter, or a percent-encoded socket path as the host). pg lets `?host=` override the
 * URL's host, so that parameter is judged first.
 */
export function isLocalDatabaseUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // `postgres://user@/db?host=/socket` (no host, user info) is valid for pg but not for WHATWG URL: read its
    // parameters with a placeholder host, which only the ?host= override can make local.
    try {
      const params = new URL(url.replace(/^(postgres(?:ql)?:\/\/[^/?#]*@)(?=[/?#])/, '$1placeholder.invalid')).searchParams.get('host');
      return params !== null && (params.startsWith('/') || isLoopbackHost(params));
    } catch {
      return false;
    }
  }
  const param = parsed.searchParams.get('host');
  if (param !== null) return param.startsWith('/') || isLoopbackHost(param);
  const host = decodeURIComponent(parsed.hostname);
  if (host === '') return true; // libpq default: the local unix socket
  if (host.startsWith('/')) return true;
  return isLoopbackHost(host);
}

/**
 * Everything wrong with a configuration for its mode, one sentence per problem (empty: fine). Pure, so tests
 * call it with env objects; loadEnv throws them all at once.
 */
export function modeProblems(e: z.output<typeof envSchema>): string[] {
  const production = e.NODE_ENV === 'production' || e.LENDVIEW_MODE === 'production';
  const demo = e.DEMO_MODE === '1' || e.LENDVIEW_MODE === 'demo';
  const staging = e.LENDVIEW_STAGING === '1';
  const problems: string[] = [];
  problems.push(...storageProblems(e, production, staging));
  if (production) {
    if (demo) {
      problems.push(
        "DEMO_MODE=1 / LENDVIEW_MODE=demo in production: demo mode registers the /dev routes (anyone's login code, " +
          'simulated payments, captcha answers) and loads the demo seed with its fixed session tokens and known operator passwords. ' +
          'Unset DEMO_MODE (npm start is the demo; production runs apps/api/dist/server.mjs).',
      );
    }
    for (const [name, value] of [
      ['PAYMENT_WEBHOOK_SECRET', e.PAYMENT_WEBHOOK_SECRET],
      ['CARD_FINGERPRINT_SECRET', e.CARD_FINGERPRINT_SECRET],
      ['SMS_CODE_SECRET', e.SMS_CODE_SECRET],
      ['OPS_TOTP_KEY', e.OPS_TOTP_KEY],
    ] as const) {
      if (value === undefined) problems.push(`${name} is not set: production needs its own random value (e.g. \`openssl rand -hex 32\`).`);
      else if (KNOWN_SECRETS.includes(value))
        problems.push(`${name} is a default value written in the repository: set a random value of your own.`);
      else if (value.length < PRODUCTION_SECRET_MIN)
        problems.push(`${name} is shorter than ${PRODUCTION_SECRET_MIN} characters: use a random value (e.g. \`openssl rand -hex 32\`).`);
    }
    if (e.LENDVIEW_TEST_ROUTES === '1') {
      problems.push('LENDVIEW_TEST_ROUTES=1 in production: it adds test-only routes (GET /dev/slow holds connections open). Unset it.');
    }
    if (!staging && e.SMS_PROVIDER === 'outbox') {
      problems.push(
        'SMS_PROVIDER=outbox in production: codes would be written to a table instead of being sent. No real SMS gateway is ' +
          'implemented yet, so production can only run as staging (LENDVIEW_STAGING=1).',
      );
    }
    if (!staging && e.PAYMENT_PROVIDER === 'sandbox') {
      problems.push(
        'PAYMENT_PROVIDER=sandbox in production: payments would be simulated. No real payment provider is implemented yet, so ' +
          'production can only run as staging (LENDVIEW_STAGING=1).',
      );
    }
  } else if (demo && e.LENDVIEW_DEMO_ALLOW_REMOTE !== '1') {
    if (e.DATABASE_URL !== undefined && !isLocalDatabaseUrl(e.DATABASE_URL)) {
      problems.push(
        'Demo mode with a DATABASE_URL that is not on this machine: the demo seed would write fixed session tokens and known ' +
          'operator passwords into it. Use a local database, or set LENDVIEW_DEMO_ALLOW_REMOTE=1 if that database is a throw-away demo.',
      );
    }
    if (!isLoopbackHost(e.HOST)) {
      problems.push(
        `Demo mode listening on ${e.HOST}: the /dev routes and the demo accounts would be reachable from the network. Listen on ` +
          '127.0.0.1 (the default), or set LENDVIEW_DEMO_ALLOW_REMOTE=1 for a demo meant to be shared.',
      );
    }
  }
  return problems;
}

/**
 * The process's environment. Read here only (a lint rule refuses `process.env` elsewhere in src/: issue 38), so every
 * setting the server or a tool takes is found from this file.
 */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EnvError(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  const problems = modeProblems(e);
  if (problems.length > 0) throw new EnvError(`Refusing to start: ${problems.join(' ')}`, problems);
  const mode: Mode =
    e.NODE_ENV === 'production' || e.LENDVIEW_MODE === 'production'
      ? 'production'
      : e.DEMO_MODE === '1' || e.LENDVIEW_MODE === 'demo'
        ? 'demo'
        : 'development';
  const demo = mode === 'demo';
  if (!demo && e.PAYMENT_WEBHOOK_SECRET === undefined) {
    throw new EnvError(
      'Invalid environment: PAYMENT_WEBHOOK_SECRET: required outside demo mode (the payment callbacks are signed with it)',
    );
  }
  if (!demo && (e.CARD_FINGERPRINT_SECRET === undefined || e.CARD_FINGERPRINT_SECRET === DEV_CARD_FINGERPRINT_SECRET)) {
    throw new EnvError(
      'Invalid environment: CARD_FINGERPRINT_SECRET: required outside demo mode (bank-card fingerprints are keyed with it; ' +
        'at least 32 random characters, e.g. `openssl rand -hex 32`, kept for the life of the database)',
    );
  }
  const fromRoot = (value: string | undefined, fallback: string) => resolve(REPO_ROOT, value ?? fallback);
  return {
    mode,
    staging: e.LENDVIEW_STAGING === '1',
    smsProvider: e.SMS_PROVIDER,
    paymentProvider: e.PAYMENT_PROVIDER,
    imageHosts: parseImageHosts(e.IMAGE_HOSTS),
    readyMinFreeBytes: e.READY_MIN_FREE_MB * 1024 * 1024,
    confirmStepUp: e.CONFIRM_STEP_UP === '1',
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRoot(e.DATA_DIR, '.data'),
    databaseUrl: e.DATABASE_URL,
    demo,
    shellDir: fromRoot(e.SHELL_DIR, 'apps/shell/dist'),
    releasesDir: fromRoot(e.RELEASES_DIR, 'releases'),
    storage: storageSettingsOf(e),
    assetOrigin: assetOriginOf(e.ASSET_ORIGIN),
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    grievanceOfficer: {
      name: e.GRIEVANCE_OFFICER_NAME,
      phone: e.GRIEVANCE_OFFICER_PHONE,
      email: e.GRIEVANCE_OFFICER_EMAIL,
      address: e.GRIEVANCE_OFFICER_ADDRESS,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? DEV_PAYMENT_WEBHOOK_SECRET,
    cardFingerprintSecret: e.CARD_FINGERPRINT_SECRET ?? DEV_CARD_FINGERPRINT_SECRET,
    smsCodeSecret: e.SMS_CODE_SECRET,
    opsTotpKey: e.OPS_TOTP_KEY,
    db: dbPoolSettings(e),
    drainSeconds: e.DRAIN_SECONDS ?? (mode === 'production' ? PRODUCTION_DRAIN_SECONDS : 0),
    ssrBudgetMs: e.SSR_BUDGET_MS ?? DEFAULT_SSR_BUDGET_MS,
    graceSeconds: e.SHUTDOWN_GRACE_SECONDS ?? DEFAULT_GRACE_SECONDS,
    migrateOnStart: e.MIGRATE_ON_START === '1' || e.MIGRATE_ON_START === '0' ? e.MIGRATE_ON_START === '1' : mode !== 'production',
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? (mode === 'production' ? PRODUCTION_MAX_EVENT_LOOP_DELAY_MS : 0),
      maxEventLoopUtilization: e.PRESSURE_MAX_EVENT_LOOP_UTILIZATION ?? 0,
      maxHeapUsedBytes: e.PRESSURE_MAX_HEAP_MB * 1024 * 1024,
      maxRssBytes: e.PRESSURE_MAX_RSS_MB * 1024 * 1024,
      retryAfterSeconds: e.PRESSURE_RETRY_AFTER_SECONDS,
      sampleIntervalMs: e.PRESSURE_SAMPLE_INTERVAL_MS,
    },
    testRoutes: e.LENDVIEW_TEST_ROUTES === '1',
  };
}

function dbPoolSettings(e: {
  DB_POOL_MAX: number;
  DB_CONNECTION_TIMEOUT_MS: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_IDLE_TIMEOUT_MS: number;
}): DbPoolSettings {
  return {
    poolMax: e.DB_POOL_MAX,
    connectionTimeoutMs: e.DB_CONNECTION_TIMEOUT_MS,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    idleTimeoutMs: e.DB_IDLE_TIMEOUT_MS,
  };
}

const databaseSchema = z.object(databaseFields);

/**
 * Only the database settings (DATABASE_URL, else DATA_DIR; DB_*): what `pnpm migrate` needs. No secret and no
 * mode check, so the migration step of a deploy runs with the database's credentials alone.
 */
export function loadDatabaseEnv(
  source: NodeJS.ProcessEnv = process.env,
): Pick<Env, 'dataDir' | 'databaseUrl' | 'db'> & { appRole: string | undefined } {
  const parsed = databaseSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EnvError(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  if (e.DATABASE_APP_ROLE !== undefined && e.DATABASE_URL === undefined)
    throw new EnvError('Invalid environment: DATABASE_APP_ROLE applies to PostgreSQL (DATABASE_URL) only: PGlite has one user.');
  return {
    dataDir: resolve(REPO_ROOT, e.DATA_DIR ?? '.data'),
    databaseUrl: e.DATABASE_URL,
    db: dbPoolSettings(e),
    appRole: e.DATABASE_APP_ROLE,
  };
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** IMAGE_HOSTS: comma or space separated host names (no scheme, no path, no wildcard). */
export function parseImageHosts(value: string): string[] {
  const hosts = value
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const h of hosts) {
    if (!HOST_NAME.test(h))
      throw new EnvError(`Invalid environment: IMAGE_HOSTS: "${h}" is not a host name (write cdn.example.com, without https:// or a path)`);
  }
  return [...new Set(hosts)];
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

// --- Storage and asset origin (issue 15; docs/deploy.md "Storage and releases") ------------------------------

export interface S3Settings {
  /** S3_ENDPOINT: unset for AWS S3; https://<account>.r2.cloudflarestorage.com for R2; http://minio:9000 for MinIO. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** S3_FORCE_PATH_STYLE=1: http://endpoint/bucket/key instead of http://bucket.endpoint/key (MinIO, most self-hosted stores). */
  forcePathStyle: boolean;
  /** Both or neither; neither: the AWS SDK's default credentials (an instance or task role on AWS). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_PREFIX, '' or ending in '/': every key of this deployment is under it (one bucket, several deployments). */
  prefix: string;
}

/** folder: DATA_DIR/complaint-images and RELEASES_DIR on this machine (the default); s3: one bucket, S3_*. */
export type StorageSettings = { kind: 'folder' } | { kind: 's3'; s3: S3Settings };

/** Declared as a function so that envSchema (above) can spread it before this part of the file runs. */
function storageFields() {
  return {
    STORAGE: z.enum(['folder', 's3', ''], { error: 'STORAGE must be folder (the default) or s3' }).optional(),
    S3_ENDPOINT: optionalText,
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false', '']).optional(),
    S3_PREFIX: optionalText,
    ASSET_ORIGIN: optionalText,
  };
}

type StorageEnv = z.output<z.ZodObject<ReturnType<typeof storageFields>>>;

const S3_NAMES = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^([A-Za-z0-9_][A-Za-z0-9._@+-]*\/)*[A-Za-z0-9_][A-Za-z0-9._@+-]*\/?$/;

function urlOrNull(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * What is wrong with the storage settings, one sentence each (empty: fine). An S3 configuration that cannot work
 * is refused in every mode; production also refuses S3_* without STORAGE=s3 (the files would silently stay on
 * one machine), and (unless staging: a trial cluster with a store on its private network) plain http to a store
 * that is not on this machine and an http ASSET_ORIGIN.
 */
export function storageProblems(e: StorageEnv, production: boolean, staging = false): string[] {
  const problems: string[] = [];
  if (e.STORAGE === 's3') {
    if (!e.S3_BUCKET) problems.push('STORAGE=s3 needs S3_BUCKET: the bucket that holds uploads and releases.');
    else if (!BUCKET.test(e.S3_BUCKET)) problems.push(`S3_BUCKET "${e.S3_BUCKET}" is not a bucket name (3-63 of a-z, 0-9, "." and "-").`);
    if (!e.S3_REGION)
      problems.push("STORAGE=s3 needs S3_REGION: the bucket's region (AWS: e.g. ap-southeast-3; Cloudflare R2: auto; MinIO: us-east-1).");
    if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
      problems.push(
        `STORAGE=s3 has ${e.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID without S3_SECRET_ACCESS_KEY' : 'S3_SECRET_ACCESS_KEY without S3_ACCESS_KEY_ID'}: set both (the store's access key), or neither on AWS to use the instance's role.`,
      );
    } else if (e.S3_ACCESS_KEY_ID === undefined && e.S3_ENDPOINT !== undefined) {
      problems.push(
        'STORAGE=s3 with S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: only AWS itself has default credentials (an instance or task role).',
      );
    }
    if (e.S3_ENDPOINT !== undefined) {
      const url = urlOrNull(e.S3_ENDPOINT);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.username) {
        problems.push(
          `S3_ENDPOINT "${e.S3_ENDPOINT}" must be an http(s) URL without a path, e.g. https://<account>.r2.cloudflarestorage.com.`,
        );
      } else if (production && !staging && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
        problems.push(
          `S3_ENDPOINT ${e.S3_ENDPOINT} is plain http in production: every upload and release would cross the network unencrypted. Use https.`,
        );
      }
    }
    if (e.S3_PREFIX !== undefined && !PREFIX.test(e.S3_PREFIX)) {
      problems.push(
        `S3_PREFIX "${e.S3_PREFIX}" must be folder names separated by "/", without a leading "/" or "..", e.g. lendview/prod/.`,
      );
    }
  } else if (production) {
    const set = S3_NAMES.filter((name) => e[name] !== undefined);
    if (set.length > 0) {
      problems.push(
        `${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set but STORAGE is not s3: uploads and releases would stay in folders on this machine, which other instances do not see. Set STORAGE=s3, or unset ${set.length > 1 ? 'them' : 'it'}.`,
      );
    }
  }
  if (e.ASSET_ORIGIN !== undefined) {
    const url = urlOrNull(e.ASSET_ORIGIN);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || e.ASSET_ORIGIN.replace(/\/$/, '') !== url.origin) {
      problems.push(`ASSET_ORIGIN "${e.ASSET_ORIGIN}" must be an origin only (scheme, host and port), e.g. https://cdn.example.com.`);
    } else if (production && !staging && url.protocol !== 'https:') {
      problems.push(`ASSET_ORIGIN ${e.ASSET_ORIGIN} is plain http in production: pages would load their scripts unencrypted. Use https.`);
    }
  }
  return problems;
}

/** The settings, once storageProblems found nothing. */
export function storageSettingsOf(e: StorageEnv): StorageSettings {
  if (e.STORAGE !== 's3') return { kind: 'folder' };
  const prefix = e.S3_PREFIX === undefined ? '' : e.S3_PREFIX.endsWith('/') ? e.S3_PREFIX : `${e.S3_PREFIX}/`;
  return {
    kind: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION!,
      bucket: e.S3_BUCKET!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
      credentials:
        e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY !== undefined
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      prefix,
    },
  };
}

/** ASSET_ORIGIN without a trailing slash (checked by storageProblems). */
export function assetOriginOf(value: string | undefined): string | undefined {
  return value === undefined ? undefined : value.replace(/\/$/, '');
}

/** What the release commands need (src/cli/releases.ts): the database, the storage, the asset origin. No secret, no mode check. */
export interface ReleaseEnv {
  dataDir: string;
  databaseUrl: string | undefined;
  releasesDir: string;
  shellDir: string;
  storage: StorageSettings;
  assetOrigin: string | undefined;
  /** Migrate PostgreSQL before acting, as a server of the same mode would at start (not in production, not with MIGRATE_ON_START=0). */
  migrate: boolean;
}

const releaseEnvSchema = z.object({
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must be a postgres:// or postgresql:// URL',
  ),
  SHELL_DIR: optionalText,
  RELEASES_DIR: optionalText,
  NODE_ENV: z.string().optional(),
  LENDVIEW_MODE: z.string().optional(),
  MIGRATE_ON_START: z.string().optional(),
  LENDVIEW_STAGING: z.string().optional(),
  ...storageFields(),
});

export function loadReleaseEnv(source: NodeJS.ProcessEnv = process.env): ReleaseEnv {
  const parsed = releaseEnvSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EnvError(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production' || e.LENDVIEW_MODE === 'production';
  const problems = storageProblems(e, production, e.LENDVIEW_STAGING === '1');
  if (problems.length > 0) throw new EnvError(`Invalid environment: ${problems.join(' ')}`, problems);
  return {
    dataDir: resolve(REPO_ROOT, e.DATA_DIR ?? '.data'),
    databaseUrl: e.DATABASE_URL,
    releasesDir: resolve(REPO_ROOT, e.RELEASES_DIR ?? 'releases'),
    shellDir: resolve(REPO_ROOT, e.SHELL_DIR ?? 'apps/shell/dist'),
    storage: storageSettingsOf(e),
    assetOrigin: assetOriginOf(e.ASSET_ORIGIN),
    migrate: e.MIGRATE_ON_START === '1' || (!production && e.MIGRATE_ON_START !== '0'),
  };
}
