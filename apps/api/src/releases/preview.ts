import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { incompatibilities, type RemoteDeclaration, type ShellDeclaration } from '@lendview/vite-config/declaration';
import { APP_NAME, ReleaseError, SHELL_APP, VERSION } from './builds.ts';
import { findVersion, liveReleases, previewedVersion, type LiveRow } from './catalog.ts';
import { routesOfDeclaration } from './canary.ts';
import { assertRoutesFree, publishReleaseLocked, readBuild, withReleaseLock, type PublishOutcome, type ReleaseContext } from './service.ts';
import { processEnv } from '../env.ts';
import { randomSecretSetting } from '../repositories/settings.ts';

/**
 * Preview links (issue 16 item 3; docs/releasing.md "Preview"). `pnpm remotes preview <app> <version> [--hours 24]`
 * prints `<origin>/preview/<token>`: the token names the app, the version and an expiry, signed with HMAC-SHA256 by
 * a secret every instance shares (PREVIEW_SECRET, else one generated once into app_settings 'preview_secret').
 * GET /preview/<token> (routes/preview) checks it and sets an HttpOnly cookie for that browser only; /remotes.json
 * then serves that browser the previewed version of the app, marked, when it is published, fits the live shell and
 * claims no other live remote's route. Nobody else sees anything change.
 */
export const PREVIEW_COOKIE = 'lv_preview';
export const PREVIEW_SECRET_SETTING = 'preview_secret';
export const DEFAULT_PREVIEW_HOURS = 24;
/** A link lives at most a week. */
export const MAX_PREVIEW_HOURS = 24 * 7;

export interface PreviewClaim {
  app: string;
  version: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * The shared secret: PREVIEW_SECRET when set (at least 32 characters), else the row in app_settings, created once
 * (INSERT ... ON CONFLICT DO NOTHING, then read: instances starting together agree on one).
 */
export async function previewSecret(q: Queryable, env: NodeJS.ProcessEnv = processEnv()): Promise<string> {
  const given = env.PREVIEW_SECRET?.trim();
  if (given) {
    if (given.length < 32) throw new Error('PREVIEW_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)');
    return given;
  }
  return randomSecretSetting(q, PREVIEW_SECRET_SETTING);
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`lendview-preview\n${payload}`).digest();
}

export function signPreview(secret: string, claim: PreviewClaim): string {
  const payload = b64(JSON.stringify({ a: claim.app, v: claim.version, e: claim.exp }));
  return `${payload}.${b64(mac(secret, payload))}`;
}

export type PreviewCheck = { ok: true; claim: PreviewClaim } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

/** Checks a token's signature (constant time) and expiry. */
export function verifyPreview(secret: string, token: string, now: number = Date.now()): PreviewCheck {
  if (token.length > 512 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'malformed' };
  const [payload, sig] = token.split('.') as [string, string];
  // Compared as the canonical text: another encoding of the same bytes (base64url's spare low bits) is refused too.
  const given = Buffer.from(sig);
  const expected = Buffer.from(b64(mac(secret, payload)));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  let parsed: { a?: unknown; v?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { a, v, e } = parsed;
  if (typeof a !== 'string' || !APP_NAME.test(a) || typeof v !== 'string' || !VERSION.test(v) || typeof e !== 'number')
    return { ok: false, reason: 'malformed' };
  if (e <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { app: a, version: v, exp: e } };
}

/**
 * Why `app`@`version` cannot be previewed on what is live now, or null when it can: it must be a published
 * remote, fit the live shell (the checks of a release) and claim no route another live remote owns.
 */
export function previewProblem(
  row: { kind: string; name: string; declaration: unknown } | null,
  claim: Pick<PreviewClaim, 'app' | 'version'>,
  live: LiveRow[],
): string | null {
  if (!row) return `${claim.app} ${claim.version} is not published`;
  if (row.kind !== 'remote') return `${claim.app} is not a remote`;
  const shell = live.find((r) => r.app === SHELL_APP);
  const shared = (shell?.declaration as ShellDeclaration | undefined)?.shared;
  if (!shell || !shared) return 'no shell with declared shared versions is live';
  const problems = incompatibilities(row.declaration as RemoteDeclaration, shell.declaration as ShellDeclaration);
  if (problems.length > 0) return `${claim.app} ${claim.version} does not fit the live shell ${shell.version}: ${problems.join('; ')}`;
  const mine = new Set(routesOfDeclaration(row.declaration as RemoteDeclaration));
  for (const other of live) {
    if (other.kind !== 'remote' || other.app === claim.app) continue;
    const clash = routesOfDeclaration(other.declaration).filter((r) => mine.has(r));
    if (clash.length > 0)
      return `${claim.app} ${claim.version} claims ${clash.join(', ')}, owned by the live ${other.app} ${other.version}`;
  }
  return null;
}

/** What previewProblem needs of a published version (without its file list), or null: repositories/releases.ts. */
export { previewedVersion };

/**
 * `pnpm remotes preview <app> <version> [--hours 24]`: a signed link for a published version, refused when the
 * version could not be previewed now (not published, does not fit the live shell, takes another remote's route).
 */
export async function createPreviewLink(
  ctx: Pick<ReleaseContext, 'db' | 'now'>,
  app: string,
  version: string,
  opts: { hours?: number; origin: string },
): Promise<{ app: string; version: string; url: string; expires: string }> {
  const hours = opts.hours ?? DEFAULT_PREVIEW_HOURS;
  if (!(hours > 0 && hours <= MAX_PREVIEW_HOURS))
    throw new ReleaseError(`--hours takes a number of hours up to ${MAX_PREVIEW_HOURS}, not ${hours}`);
  if (!APP_NAME.test(app) || !VERSION.test(version)) throw new ReleaseError(`${app} ${version}: not an app and a version`);
  const row = await findVersion(ctx.db, app, version);
  const problem = previewProblem(row, { app, version }, await liveReleases(ctx.db));
  if (problem) throw new ReleaseError(`no preview: ${problem}`);
  const now = (ctx.now ? ctx.now() : new Date()).getTime();
  const exp = now + Math.round(hours * 3_600_000);
  const token = signPreview(await previewSecret(ctx.db), { app, version, exp });
  return { app, version, url: `${opts.origin.replace(/\/+$/, '')}/preview/${token}`, expires: new Date(exp).toISOString() };
}

/**
 * `pnpm release <app> --publish-only`: publishes the build as a release (immutable, under the lock) without making
 * it live or a canary, so that a preview link can show it to testers first.
 */
export async function publishOnly(
  ctx: ReleaseContext,
  app: string,
  buildDir: string,
  expectedName?: string,
): Promise<{ app: string; version: string; published: PublishOutcome; live: string | null }> {
  const build = readBuild(app, buildDir);
  if (expectedName !== undefined && build.name !== expectedName)
    throw new ReleaseError(`${buildDir} is a build of "${build.name}", not of ${expectedName}`);
  return withReleaseLock(ctx, async (lock) => {
    // The release's route check, before the version is published: a refused publish leaves the number unused.
    await assertRoutesFree(ctx, build);
    const published = await publishReleaseLocked(ctx, lock, build);
    const live = (await liveReleases(ctx.db)).find((r) => r.app === app)?.version ?? null;
    return { app, version: build.version, published, live };
  });
}
