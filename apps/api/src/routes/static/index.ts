import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@lendview/contracts';
import { sendFailure, sendNotFound } from '../../lib/envelope.ts';
import { sendShellIndex } from '../../plugins/app/errors.ts';

export interface StaticOptions {
  /** The shell's build (index.html, assets/). */
  shellDir: string;
  /** Published remotes: remotes.json and <app>/<version>/ folders. */
  releasesDir: string;
}

/** Files a Module Federation runtime must re-check on every load; everything else in a release is immutable. */
const REVALIDATE = new Set(['mf-manifest.json', 'remoteEntry.js']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Build file names may start with "_" (Module Federation chunks); never with "." (no dot files, no "..").
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/;

/**
 * The product's static files (ARCHITECTURE.md "Runtime topology"): the remotes manifest, the versioned
 * remote builds, the shell. Page routes fall back to the shell's index.html in the 404 handler
 * (plugins/app/errors.ts), never paths under /remotes or /assets.
 */
export default async function staticRoutes(app: FastifyInstance, opts: StaticOptions) {
  // The shell: GET /<file> from shellDir. Hashed files under /assets are immutable; the rest revalidates.
  await app.register(fastifyStatic, {
    root: opts.shellDir,
    prefix: '/',
    index: false,
    wildcard: true,
    dotfiles: 'ignore',
    cacheControl: false,
    // Builds carry .br / .gz copies (packages/vite-config/precompress.mjs): sent as they are to a browser that
    // accepts them, for the shell and for every remote file (reply.sendFile below uses this setting too).
    preCompressed: true,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      // The body depends on Accept-Encoding (preCompressed): a shared cache must keep one copy per encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  // The root page, the public site's home (fastify-static would answer a directory here).
  app.get('/', async (req, reply) => sendShellIndex(req, reply, opts.shellDir));

  // Read on every request: releasing or rolling back a remote is rewriting this file, no restart.
  app.get('/remotes.json', async (req, reply) => {
    let body: string;
    try {
      body = await readFile(join(opts.releasesDir, 'remotes.json'), 'utf8');
    } catch {
      return sendFailure(req, reply, ErrorCode.notFound, 'remotesManifestMissing');
    }
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
  });

  // /remotes/<app>/<version>/<file...> from releasesDir/<app>/<version>/. Missing → 404 envelope.
  app.get('/remotes/*', async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    const segments = rest.split('/');
    if (segments.length < 3 || !segments.every((s) => SEGMENT.test(s))) return sendNotFound(req, reply);
    const file = segments[segments.length - 1]!;
    reply.header('cache-control', REVALIDATE.has(file) ? 'no-cache' : IMMUTABLE);
    return reply.sendFile(segments.join('/'), opts.releasesDir, { cacheControl: false, dotfiles: 'ignore' });
  });
}
