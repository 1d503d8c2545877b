import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** IMAGE_HOSTS: hosts landing-template images may come from (lower case; empty = our origin only). */
    imageHosts: readonly string[];
  }
}

/**
 * Content Security Policy of the whole product (pages, remotes and API share one origin). The one place to
 * change it. No inline scripts anywhere (script-src 'self'); inline styles are allowed for the UI library.
 * Images: our origin, data: (product logos are data: SVGs) and blob: (complaint photo previews), plus the hosts
 * of IMAGE_HOSTS (the marketing team's CDN for landing-template logos and heroes). Never `https:` as a whole: an
 * image from any host is a tracking pixel that tells a third party who opened which page (issue 12).
 * form-action 'self' and base-uri 'none': an injected <form> or <base> cannot send input or relative URLs away.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
} as const;

/**
 * The directives with the configured image hosts added to img-src (https only), and the asset origin (ASSET_ORIGIN,
 * a CDN serving /remotes/...) added wherever a remote's files are used: its scripts, styles, images and fonts, and
 * the fetch of its mf-manifest.json (connect-src).
 */
export function cspDirectives(imageHosts: readonly string[], assetOrigin?: string): Record<string, string[]> {
  const directives: Record<string, string[]> = Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]));
  directives['img-src']!.push(...imageHosts.map((h) => `https://${h}`));
  if (assetOrigin) {
    for (const d of ['script-src', 'style-src', 'img-src', 'connect-src'] as const) directives[d]!.push(assetOrigin);
    directives['font-src'] = ["'self'", assetOrigin];
  }
  return directives;
}

/** helmet's middleware: (req, res, next) sets the security headers on res. */
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
type Helmet = (options: Record<string, unknown>) => HelmetMiddleware;

/**
 * The helmet library that @fastify/helmet wraps (its own dependency, the same version and code). @fastify/helmet
 * builds a new helmet middleware on every request (`helmet(configuration)` in its onRequest hook: the CSP
 * directives parsed and checked again each time, ~5 % of a small API answer's CPU, docs/performance.md "Hot
 * reads"). Our configuration is the same for every request (no per-route options, no nonces), so the middleware
 * is built once here and applied by one hook: the same library sets the same headers on the same raw response.
 */
function loadHelmet(): Helmet {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  return fromPlugin('helmet') as Helmet;
}

const noop = () => {};

export default fp<{ imageHosts?: readonly string[]; assetOrigin?: string }>(
  async (app, opts) => {
    const applyHeaders = loadHelmet()({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.imageHosts ?? [], opts.assetOrigin) },
      // Same-origin product; the iOS web view loads it as a top-level page.
      crossOriginEmbedderPolicy: false,
    });
    // Every request, like @fastify/helmet with `global: true` (404s, errors and shed requests included).
    app.addHook('onRequest', (req, reply, done) => {
      applyHeaders(req.raw, reply.raw, noop);
      done();
    });
  },
  { name: 'helmet' },
);
