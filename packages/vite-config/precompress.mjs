// Writes .br and .gz copies of every text file a build outputs, so the server sends compressed files
// (@fastify/static `preCompressed`) without compressing on each request. Brotli at its best quality costs about
// a second per app at build time and saves ~70 % of every byte a borrower downloads on a slow network.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Not .map: source maps are published for the server's symbolication only, never sent to a browser.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/;
/** Smaller files gain nothing worth a second file (and a second stat on each request). */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every eligible file under `dir`; returns how many it compressed. Deterministic output. */
export function precompressDir(dir) {
  let count = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const body = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

/** Vite plugin: after the whole build is written (Module Federation's files included), compress the output. */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'lendview:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
