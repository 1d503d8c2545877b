import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_HEADER, ErrorCode } from '@lendview/contracts';
import { sendFailure } from '../../lib/envelope.ts';
import { liveReleases } from '../../releases/catalog.ts';
import { routesOfDeclaration } from '../../releases/canary.ts';
import type { Viewer } from '../../releases/canary-manifest.ts';
import { PREVIEW_COOKIE, previewedVersion, previewProblem, previewSecret, verifyPreview } from '../../releases/preview.ts';

/**
 * Preview links (issue 16 item 3; docs/releasing.md "Preview"): GET /preview/<token> checks the signed link and
 * gives this browser only the preview cookie (HttpOnly), then sends it to the app's first route; GET /preview/exit
 * clears it. viewerOf: what /remotes.json needs to know about the browser asking (routes/static): its preview
 * cookie, and its cohort key for canaries (the X-Lv-Device header, else the lv_cohort cookie, made when needed).
 */
export const COHORT_COOKIE = 'lv_cohort';
const COHORT_VALUE = /^[A-Za-z0-9_-]{16,64}$/;
/** A device id as the api-client sends it (header-safe printable ASCII). */
const DEVICE_VALUE = /^[\x21-\x7e]{4,128}$/;
const YEAR_S = 365 * 24 * 60 * 60;

export function cookiesOf(req: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

function cookie(req: FastifyRequest, name: string, value: string, maxAgeSeconds: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${name}=${value}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; HttpOnly; SameSite=Lax${secure}`;
}

function addCookie(reply: FastifyReply, value: string) {
  const had = reply.getHeader('set-cookie');
  const list = had === undefined ? [] : Array.isArray(had) ? had.map(String) : [String(had)];
  reply.header('set-cookie', [...list, value]);
}

/** The secret every instance shares, read once per process (PREVIEW_SECRET or app_settings). */
function secretOf(app: FastifyInstance): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= previewSecret(app.db).catch((e: unknown) => {
      secret = undefined;
      throw e;
    });
    return secret;
  };
}

export interface PreviewRoutes {
  /** What /remotes.json serves this browser (routes/static): the preview cookie checked, the cohort key on demand. */
  viewerOf(req: FastifyRequest, reply: FastifyReply): Promise<Viewer>;
}

/** Registers the /preview routes on `app` (called by routes/static, which answers /remotes.json) and returns viewerOf. */
export default function previewRoutes(app: FastifyInstance): PreviewRoutes {
  const secret = secretOf(app);

  app.get('/preview/exit', async (req, reply) => {
    addCookie(reply, cookie(req, PREVIEW_COOKIE, '', 0));
    return reply.header('cache-control', 'no-store').redirect('/', 302);
  });

  app.get('/preview/:token', async (req, reply) => {
    const { token } = req.params as { token: string };
    const checked = verifyPreview(await secret(), token, app.clock.now().getTime());
    if (!checked.ok) {
      return checked.reason === 'expired'
        ? sendFailure(req, reply, ErrorCode.forbidden, 'previewExpired', { status: 410 })
        : sendFailure(req, reply, ErrorCode.forbidden, 'previewInvalid', { status: 403 });
    }
    const { claim } = checked;
    const row = await previewedVersion(app.db, claim.app, claim.version);
    const problem = previewProblem(row, claim, await liveReleases(app.db));
    if (problem) {
      req.log.info({ app: claim.app, version: claim.version, problem }, 'preview refused');
      return sendFailure(req, reply, ErrorCode.conflict, 'previewUnavailable', {
        status: 409,
        vars: { app: claim.app, version: claim.version },
      });
    }
    addCookie(reply, cookie(req, PREVIEW_COOKIE, token, (claim.exp - app.clock.now().getTime()) / 1000));
    req.log.info({ app: claim.app, version: claim.version }, 'preview started');
    const first = routesOfDeclaration(row!.declaration as never)[0] ?? '/';
    return reply.header('cache-control', 'no-store').redirect(first, 302);
  });

  return {
    async viewerOf(req, reply) {
      const cookies = cookiesOf(req);
      let preview: Viewer['preview'] = null;
      const token = cookies.get(PREVIEW_COOKIE);
      if (token) {
        const checked = verifyPreview(await secret(), token, app.clock.now().getTime());
        if (checked.ok) preview = checked.claim;
        // An expired or foreign cookie ends the preview: this browser is back on what everyone gets.
        else addCookie(reply, cookie(req, PREVIEW_COOKIE, '', 0));
      }
      let key: string | undefined;
      const cohortKey = () => {
        if (key) return key;
        const device = req.headers[DEVICE_HEADER];
        if (typeof device === 'string' && DEVICE_VALUE.test(device)) return (key = device);
        // A page the server renders (issue 14) names the device in its address, as the app opens it (?dId=): the
        // same id its calls, /remotes.json included, then send as the header, so the page and its calls agree.
        const inAddress = (req.query as Record<string, unknown> | undefined)?.dId;
        if (typeof inAddress === 'string' && DEVICE_VALUE.test(inAddress)) return (key = inAddress);
        const kept = cookies.get(COHORT_COOKIE);
        if (kept && COHORT_VALUE.test(kept)) return (key = kept);
        const made = randomBytes(16).toString('base64url');
        addCookie(reply, cookie(req, COHORT_COOKIE, made, YEAR_S));
        return (key = made);
      };
      return { preview, cohortKey };
    },
  };
}
