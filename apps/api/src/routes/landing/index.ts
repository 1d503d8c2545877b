import type { FastifyInstance } from 'fastify';
import { channelTemplate, ErrorCode, LANDING_IMAGE_PREFIX, LANDING_TEMPLATE_ELEMENT } from '@lendview/contracts';
import { sendFailure, sendNotFound } from '../../lib/envelope.ts';
import { landingImage } from '../../services/landing-templates.ts';
import { liveTemplate } from '../../services/promotion.ts';
import { scriptJson, type StandalonePage } from '../../ssr/page.ts';

/** The remote whose standalone build is the light landing page (apps/promotion-registration). */
const LANDING_APP = 'promotion-registration';

/**
 * GET /landing?templateId=ID: the registration landing for ad traffic without the shell (no manifest fetch,
 * no shell bundle, no Module Federation at all). It is the promotion-registration release's plain-page build
 * (dist/landing/index.html, LANDING_PAGES) from the live release, with its relative asset URLs made absolute to the release
 * folder (served by the static routes with immutable caching). The page itself is never cached, so a release
 * or a rollback reaches the next visitor. The page reads its query (templateId, channel parameters,
 * isNeedPop) itself; the hash routes #/downloadTemplate and #/agreementTemplate work here too.
 */
export default async function landingRoutes(app: FastifyInstance) {
  app.get('/landing', async (req, reply) => {
    const page = await landingPage(app);
    if (page.kind === 'no-release') return sendFailure(req, reply, ErrorCode.notFound, 'remotesManifestMissing');
    if (page.kind === 'no-file') return sendNotFound(req, reply);
    // Server-rendered when it can be (issue 14: ad traffic sees the landing with the page's first bytes, not after
    // ~100 KB of script); the template then comes in the page's data. Else the page as it is, with the template.
    if (await app.pages.renderer?.sendStandalone(req, reply, page.standalone)) return reply;
    const template = await templateOf(app, req.query);
    const html = template ? page.html.replace('</head>', `${template}</head>`) : page.html;
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
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

/**
 * Where the page is in a release: the plain-page build (`vite build --mode landing`, packages/vite-config
 * landingConfig), else the remote build's own index.html, which is what versions built before that had (they
 * carried their own federation runtime), so a rollback to one still gets its landing.
 */
const LANDING_PAGES = ['landing/index.html', 'index.html'];

/** The live release's standalone index.html (from the database and the storage provider) with its asset URLs made absolute. */
async function landingPage(
  app: FastifyInstance,
): Promise<{ kind: 'page'; html: string; standalone: StandalonePage } | { kind: 'no-release' } | { kind: 'no-file' }> {
  const rows = await app.releases.live();
  const live = rows.find((r) => r.app === LANDING_APP);
  if (!live) return { kind: 'no-release' };
  const v = await app.releases.version(LANDING_APP, live.version);
  const file = LANDING_PAGES.find((f) => v?.files[f]);
  const entry = file && v?.files[file];
  const bytes = v && file && entry ? await app.releases.bytes(v, file, entry.sha256, entry.size) : null;
  if (!v || !file || !bytes) return { kind: 'no-file' };
  // Under the asset origin (ASSET_ORIGIN) like every other remote file: the page's CSP allows it. The page's
  // relative URLs are relative to its own folder.
  const root = `${app.releases.assetOrigin}/remotes/${LANDING_APP}/${live.version}/`;
  const base = `${root}${file.slice(0, -'index.html'.length)}`;
  const html = bytes.toString('utf8').replace(/(\s(?:src|href)=["'])\.\//g, `$1${base}`);
  // A stylesheet of the page is a file of the version: its URL without the version's folder.
  const pathOf = (href: string) => (href.startsWith(root) ? href.slice(root.length) : '');
  return { kind: 'page', html, standalone: { live: rows, version: v, file, html, pathOf } };
}

/**
 * The published template the page would ask for first (`channel-template?templateId=`), in the page itself: the
 * visitor's browser then shows the landing as soon as its scripts ran, without one more round trip (ad traffic on slow
 * networks). The same service and contract as the API route; anything else (no or a bad templateId, a template not
 * published or ended, the database failing) puts nothing in the page, and the browser asks as before and shows
 * what the API answers. A published template is public, and the page is never cached (no-cache), so a change
 * reaches the next visitor.
 */
async function templateOf(app: FastifyInstance, query: unknown): Promise<string | null> {
  const input = channelTemplate.request.safeParse({ templateId: (query as Record<string, unknown> | undefined)?.templateId });
  if (!input.success) return null;
  try {
    const data = channelTemplate.response.safeParse(await liveTemplate(app.db, input.data.templateId, app.clock.now()));
    if (!data.success) return null;
    return `<script id="${LANDING_TEMPLATE_ELEMENT}" type="application/json">${scriptJson({ templateId: input.data.templateId, data: data.data })}</script>`;
  } catch {
    return null;
  }
}
