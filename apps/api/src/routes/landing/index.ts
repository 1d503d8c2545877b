import type { FastifyInstance } from 'fastify';
import { ErrorCode, LANDING_IMAGE_PREFIX } from '@lendview/contracts';
import { sendFailure, sendNotFound } from '../../lib/envelope.ts';
import { landingImage } from '../../services/landing-templates.ts';

/** The remote whose standalone build is the light landing page (apps/promotion-registration). */
const LANDING_APP = 'promotion-registration';

/**
 * GET /landing?templateId=ID: the registration landing for ad traffic without the shell (no manifest fetch,
 * no shell bundle, no remote negotiation on the critical path). It is the promotion-registration remote's own
 * standalone index.html from the live release, with its relative asset URLs made absolute to the release
 * folder (served by the static routes with immutable caching). The page itself is never cached, so a release
 * or a rollback reaches the next visitor. The page reads its query (templateId, channel parameters,
 * isNeedPop) itself; the hash routes #/downloadTemplate and #/agreementTemplate work here too.
 */
export default async function landingRoutes(app: FastifyInstance) {
  app.get('/landing', async (req, reply) => {
    const page = await landingPage(app);
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

/** The live release's standalone index.html (from the database and the storage provider) with its asset URLs made absolute. */
async function landingPage(app: FastifyInstance): Promise<{ kind: 'page'; html: string } | { kind: 'no-release' } | { kind: 'no-file' }> {
  const live = (await app.releases.live()).find((r) => r.app === LANDING_APP);
  if (!live) return { kind: 'no-release' };
  const v = await app.releases.version(LANDING_APP, live.version);
  const entry = v?.files['index.html'];
  const bytes = v && entry ? await app.releases.bytes(v, 'index.html', entry.sha256, entry.size) : null;
  if (!bytes) return { kind: 'no-file' };
  // Under the asset origin (ASSET_ORIGIN) like every other remote file: the page's CSP allows it.
  const base = `${app.releases.assetOrigin}/remotes/${LANDING_APP}/${live.version}/`;
  return { kind: 'page', html: bytes.toString('utf8').replace(/(\s(?:src|href)=["'])\.\//g, `$1${base}`) };
}
