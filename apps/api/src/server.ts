import { join } from 'node:path';
import { buildApp } from './app.ts';
import { purgeExpired } from './db/maintenance.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { seedDemo } from './db/seed-demo.ts';
import type { Db } from './db/types.ts';
import { loadEnv } from './env.ts';
import { FolderStorage } from './providers/storage.ts';
import { purgeUnattachedImages } from './services/complaint-images.ts';
import { ensureSupportContact } from './repositories/settings.ts';

/**
 * Process entry: env → database (migrate; support contact rows; demo seed in demo mode) → listen.
 * SIGINT / SIGTERM close the server (in-flight requests finish), then the database, then exit; a second
 * signal or a close that takes longer than 10 s exits at once (close-with-grace style).
 */
const CLOSE_GRACE_MS = 10_000;
const HOUR_MS = 60 * 60 * 1000;

async function main() {
  const env = loadEnv();
  let db: Db | undefined;
  try {
    db = await openDb(env);
    await migrate(db);
    await ensureSupportContact(db, { email: env.supportEmail, phone: env.supportPhone });
    if (env.demo) await seedDemo(db, { cardFingerprintSecret: env.cardFingerprintSecret });
  } catch (err) {
    await db?.close().catch(() => {});
    throw err;
  }

  const app = buildApp({
    db,
    demo: env.demo,
    shellDir: env.shellDir,
    releasesDir: env.releasesDir,
    logger: { level: env.logLevel },
    trustProxy: env.trustProxy,
    paymentWebhookSecret: env.paymentWebhookSecret,
    cardFingerprintSecret: env.cardFingerprintSecret,
    confirmStepUp: env.confirmStepUp,
    storage: new FolderStorage(join(env.dataDir, 'complaint-images')),
  });

  const housekeeping = setInterval(() => {
    purgeExpired(db, new Date()).catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'));
    purgeUnattachedImages(db, app.storage, new Date()).catch((err: unknown) => app.log.error({ err }, 'photo housekeeping failed'));
  }, HOUR_MS);
  housekeeping.unref();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, CLOSE_GRACE_MS);
    force.unref();
    clearInterval(housekeeping);
    app
      .close()
      .then(() => db.close())
      .then(() => {
        app.log.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await db.close().catch(() => {});
    process.exit(1);
  }
  app.log.info({ db: db.kind, demo: env.demo, shellDir: env.shellDir, releasesDir: env.releasesDir }, 'lendview api ready');
}

main().catch((err: unknown) => {
  // Before the logger exists: one JSON line on stderr, no stack dump to the console of a user.
  const e = err as Error;
  process.stderr.write(`${JSON.stringify({ level: 60, msg: 'startup failed', error: e.name, reason: e.message })}\n`);
  process.exit(1);
});
