import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Content Security Policy of the whole product (pages, remotes and API share one origin). The one place to
 * change it. No inline scripts anywhere (script-src 'self'); inline styles are allowed for the UI library;
 * images may be data:/blob: URLs (product logos are data: SVGs, complaint image previews are blobs), and any
 * https image: landing templates name their logo and hero by https URL (the marketing team's CDN), and an
 * image cannot run code.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
} as const;

export default fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]])),
      },
      // Same-origin product; the iOS web view loads it as a top-level page.
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet' },
);
