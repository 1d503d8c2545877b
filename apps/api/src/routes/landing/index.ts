import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, LANDING_IMAGE_PREFIX } from '@lendview/contracts';
import { sendFailure, sendNotFound } from '../../lib/envelope.ts';
import { landingImage } from '../../services/landing-templates.ts';

export interface LandingOptions {
  /** Published remotes: remotes.json and <app>/<version>/ folders (the same folder the static routes serve). */
  releasesDir: string;
}

/** The remote whose standalone build is the light landing page (apps/promotion-registration). */
const LANDING_APP = 'promotion-registration';
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

interface ManifestEntry {
  app?: unknown;
  version?: unknown;
}

/** The live version of the landing remote, read from the manifest on every request (release / rollback = rewrite). */
async function liveVersion(releasesDir: string): Promise<string | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(join(releasesDir, 'remotes.json'), 'utf8'));
  } catch {
    return null;
  }
  const remotes = (parsed as { remotes?: unknown })?.remotes;
  if (!Array.isArray(remotes)) return null;
  const entry = remotes.find((r: ManifestEntry) => r?.app === LANDING_APP) as ManifestEntry | undefined;
  return typeof entry?.version === 'string' && SEGMENT.test(entry.version) ? entry.version : null;
}

/**
 * GET /landing?templateId=ID: the registration landing for ad traffic without the shell (no manifest fetch,
 * no shell bundle, no remote negotiation on the critical path). It is the promotion-registration remote's own
 * standalone index.html from the live release, with its relative asset URLs made absolute to the release
 * folder (served by the static routes with immutable caching). The page itself is never cached, so a release
 * or a rollback reaches the next visitor. The page reads its query (templateId, channel parameters,
 * isNeedPop) itself; the hash routes #/downloadTemplate and #/agreementTemplate work here too.
 */
export default async function landingRoutes(app: FastifyInstance, opts: LandingOptions) {
  app.get('/landing', async (req, reply) => {
    const page = await landingPage(opts.releasesDir);
    if (page.kind === 'no-release') return sendFailure(req, reply, ErrorCode.notFound, 'remotesManifestMissing');
    if (page.kind === 'no-file') return sendNotFound(req, reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  });

  // Logo and hero images uploaded in the editor (services/landing-templates.ts receiveLandingImage), from our
  // origin so the page's CSP (img-src 'self') loads them. A name is never reused for other bytes: cached a year.
  app.get<{ Params: { file: string } }>(`${LANDING_IMAGE_PREFIX}:file`, async (req, reply) => {
    const image = await landingImage({ db: app.db, storage: app.storage }, req.params.file);
    if (!image) return sendNotFound(req, reply);
    return reply
      .header('content-type', image.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.bytes);
  });
}

/** The live release's standalone index.html with its asset URLs made absolute. */
async function landingPage(releasesDir: string): Promise<{ kind: 'page'; html: string } | { kind: 'no-release' } | { kind: 'no-file' }> {
  const version = await liveVersion(releasesDir);
  if (!version) return { kind: 'no-release' };
  let html: string;
  try {
    html = await readFile(join(releasesDir, LANDING_APP, version, 'index.html'), 'utf8');
  } catch {
    return { kind: 'no-file' };
  }
  const base = `/remotes/${LANDING_APP}/${version}/`;
  return { kind: 'page', html: html.replace(/(\s(?:src|href)=["'])\.\//g, `$1${base}`) };
}
