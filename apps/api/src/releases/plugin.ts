import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Env } from '../env.ts';
import { storagesOf } from '../providers/s3-storage.ts';
import { FolderStorage, type StorageProvider } from '../providers/storage.ts';
import { actorOf } from './actor.ts';
import releaseControl from './control.ts';
import { ReleaseServing } from './serving.ts';
import { bootstrapReleases } from './service.ts';

/** buildApp's `releases` option (server.ts passes what storagesFromEnv gives). */
export interface ReleaseOptions {
  /** Where released files are; default a folder: RELEASES_DIR (the server) or the test's releases folder. */
  storage?: StorageProvider;
  /** ASSET_ORIGIN (no trailing slash): remote entries and the CSP name it; default this server's own origin. */
  assetOrigin?: string;
  /** DATA_DIR/release-control.json: release commands reach a server that holds the embedded database (control.ts). */
  controlFile?: string;
  /** At ready: publish the local shell build when no shell is live, import a releases folder of the old layout. Default on. */
  bootstrap?: boolean;
}

/**
 * Releases in the app (src/releases): `app.releases` (what the static routes, the landing page and the 404
 * handler serve), `app.releaseStorage`, the start-up bootstrap, and the release control on PGlite.
 */
export default fp<{ releases: ReleaseOptions; shellDir: string; releasesDir: string }>(
  async (app, opts) => {
    const storage = opts.releases.storage ?? new FolderStorage(opts.releasesDir);
    app.decorate('releaseStorage', storage);
    app.decorate('releases', new ReleaseServing(app.db, storage, opts.releases.assetOrigin ?? '', app.log));

    if (opts.releases.bootstrap !== false) {
      app.addHook('onReady', async () => {
        try {
          const done = await bootstrapReleases({ db: app.db, storage, actor: actorOf(), say: (line) => app.log.info(line) }, opts);
          for (const line of done) app.log.info(`releases: ${line}`);
        } catch (err) {
          // The API still serves; pages answer 'shellMissing' until a shell is released.
          app.log.error({ err }, 'releases: start-up publish failed');
        }
      });
    }
    if (opts.releases.controlFile && app.db.kind === 'pglite') await app.register(releaseControl, { file: opts.releases.controlFile });
  },
  { name: 'releases' },
);

/**
 * The server's storage wiring (server.ts): the uploads store for `storage`, and the releases store, asset origin
 * and release control for `releases`, from STORAGE / S3_* / ASSET_ORIGIN (env.ts).
 */
export function storageOptions(env: Pick<Env, 'storage' | 'dataDir' | 'releasesDir' | 'assetOrigin' | 'databaseUrl'>): {
  storage: StorageProvider;
  releases: ReleaseOptions;
} {
  const { storage, releaseStorage } = storagesOf(env.storage, env);
  return {
    storage,
    releases: {
      storage: releaseStorage,
      assetOrigin: env.assetOrigin,
      // PGlite only: a PostgreSQL deployment's release commands open the database themselves.
      controlFile: env.databaseUrl ? undefined : join(env.dataDir, 'release-control.json'),
    },
  };
}
