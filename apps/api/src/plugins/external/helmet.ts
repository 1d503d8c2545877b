import helmet from '@fastify/helmet';
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

export default fp<{ imageHosts?: readonly string[]; assetOrigin?: string }>(
  async (app, opts) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.imageHosts ?? [], opts.assetOrigin) },
      // Same-origin product; the iOS web view loads it as a top-level page.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet' },
);
