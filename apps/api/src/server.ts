import { join } from 'node:path';
import { buildApp } from './app.ts';
import { purgeExpired } from './db/maintenance.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { seedDemo } from './db/seed-demo.ts';
import type { Db } from './db/types.ts';
import { EnvError, KNOWN_SECRETS, loadEnv } from './env.ts';
import { demoArtifactProblems, demoBanner, grievanceOfficerProblems } from './lib/startup-checks.ts';
import { SandboxPaymentProvider } from './providers/payments.ts';
import { OutboxSmsProvider } from './providers/sms.ts';
import { systemClock } from './lib/clock.ts';
import { FolderStorage } from './providers/storage.ts';
import { purgeUnattachedImages } from './services/complaint-images.ts';
import { ensureSupportContact } from './repositories/settings.ts';
import { ensureGrievanceOfficer } from './repositories/grievance-officer.ts';

/**
 * Process entry: env (refuses a configuration wrong for its mode: env.ts) → database (migrate; support
 * contact and grievance officer rows; in production: no demo artifacts, no demo officer; demo seed in demo mode
 * only) → listen.
 * SIGINT / SIGTERM close the server (in-flight requests finish), then the database, then exit; a second
 * signal or a close that takes longer than 10 s exits at once (close-with-grace style).
 */
const CLOSE_GRACE_MS = 10_000;
const HOUR_MS = 60 * 60 * 1000;

async function main() {
  const env = loadEnv();
  const defaultSecrets = KNOWN_SECRETS.includes(env.paymentWebhookSecret) || KNOWN_SECRETS.includes(env.cardFingerprintSecret);
  if (env.demo) process.stderr.write(`\n${demoBanner(env, defaultSecrets)}\n\n`);
  let db: Db | undefined;
  try {
    db = await openDb(env);
    await migrate(db);
    if (env.mode === 'production') {
      const problems = [...(await demoArtifactProblems(db, new Date())), ...(await grievanceOfficerProblems(db, env.grievanceOfficer))];
      if (problems.length > 0) throw new EnvError(`Refusing to start: ${problems.join(' ')}`, problems);
    }
    await ensureSupportContact(db, { email: env.supportEmail, phone: env.supportPhone });
    await ensureGrievanceOfficer(db, env.grievanceOfficer);
    // Belt and braces: loadEnv never gives production with demo on, and the seed must never reach such a database.
    if (env.demo && env.mode === 'demo')
      await seedDemo(db, { cardFingerprintSecret: env.cardFingerprintSecret, opsTotpKey: env.opsTotpKey });
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
    smsCodeSecret: env.smsCodeSecret,
    opsTotpKey: env.opsTotpKey,
    confirmStepUp: env.confirmStepUp,
    storage: new FolderStorage(join(env.dataDir, 'complaint-images')),
    // Chosen by configuration (SMS_PROVIDER, PAYMENT_PROVIDER); env.ts refuses these in production unless staging.
    sms: env.smsProvider === 'outbox' ? new OutboxSmsProvider(db, systemClock) : undefined,
    payments: env.paymentProvider === 'sandbox' ? new SandboxPaymentProvider(env.paymentWebhookSecret) : undefined,
    imageHosts: env.imageHosts,
    readiness: { dataDir: env.databaseUrl ? undefined : env.dataDir, minFreeBytes: env.readyMinFreeBytes },
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
  app.log.info(
    {
      db: db.kind,
      mode: env.mode,
      staging: env.staging,
      sms: env.smsProvider,
      payments: env.paymentProvider,
      demo: env.demo,
      shellDir: env.shellDir,
      releasesDir: env.releasesDir,
    },
    'lendview api ready',
  );
}

main().catch((err: unknown) => {
  // Before the logger exists: one JSON line on stderr, no stack dump to the console of a user; a refused
  // configuration also gets one readable line per problem.
  const e = err as Error;
  const problems = err instanceof EnvError ? err.problems : undefined;
  process.stderr.write(
    `${JSON.stringify({ level: 60, msg: 'startup failed', error: e.name, reason: e.message, ...(problems ? { problems } : {}) })}\n`,
  );
  if (problems) process.stderr.write(`\nlendview refused to start:\n${problems.map((p) => `  - ${p}`).join('\n')}\n\n`);
  process.exit(1);
});
