import { buildApp } from './app.ts';
import { migrate, schemaState } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { seedDemo } from './db/seed-demo.ts';
import type { Db } from './db/types.ts';
import { EnvError, KNOWN_SECRETS, loadEnv } from './env.ts';
import { demoArtifactProblems, demoBanner, demoDataProblems, grievanceOfficerProblems } from './services/startup-checks.ts';
import { SandboxPaymentProvider } from './providers/payments.ts';
import { OutboxSmsProvider } from './providers/sms.ts';
import { systemClock } from './lib/clock.ts';
import { storageOptions } from './releases/plugin.ts';
import { ensureSupportContact } from './repositories/settings.ts';
import { ensureGrievanceOfficer } from './repositories/grievance-officer.ts';
import { Lifecycle } from './plugins/app/lifecycle.ts';
import { startJobs } from './services/jobs.ts';
import { shutdownHandler } from './shutdown.ts';
import { instrumentDb, startTelemetry } from './telemetry/index.ts';

/**
 * Process entry: env (refuses a configuration wrong for its mode: env.ts) → database (migrate, or with
 * MIGRATE_ON_START=0 refuse to start while the schema is behind; support contact and grievance officer rows; in
 * production: no demo artifacts, no demo officer; demo seed in demo mode only) → listen → periodic jobs (once
 * per cluster: services/jobs.ts).
 * SIGINT / SIGTERM: drain, then close with a grace, then the jobs and the database (src/shutdown.ts; docs/deploy.md).
 */

async function main() {
  const env = loadEnv();
  const telemetry = startTelemetry(); // metrics; traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/observability.md)
  const defaultSecrets = KNOWN_SECRETS.includes(env.paymentWebhookSecret) || KNOWN_SECRETS.includes(env.cardFingerprintSecret);
  if (env.demo) process.stderr.write(`\n${demoBanner(env, defaultSecrets)}\n\n`);
  let db: Db | undefined;
  try {
    db = instrumentDb(await openDb(env), telemetry);
    if (env.migrateOnStart) await migrate(db);
    else {
      // A rolling deploy migrates once (`pnpm migrate`) before starting the new instances (docs/deploy.md).
      const state = await schemaState(db);
      const problems = [
        ...(state.missing.length > 0
          ? [
              `The database schema is behind this build: migrations not applied: ${state.missing.join(', ')}. Run \`pnpm migrate\` ` +
                '(or node apps/api/dist/migrate.mjs) with this environment first, or set MIGRATE_ON_START=1.',
            ]
          : []),
        ...(state.changed.length > 0
          ? [`Applied migrations were changed since (checksums differ): ${state.changed.join(', ')}. Add a new migration instead.`]
          : []),
      ];
      if (problems.length > 0) throw new EnvError(`Refusing to start: ${problems.join(' ')}`, problems);
    }
    // Every mode but demo refuses a database the demo wrote into: development mode has no /dev routes, but the
    // demo tokens and operator passwords would still open it, and development may listen on the network.
    if (env.mode !== 'demo') {
      const problems = [
        ...(await demoArtifactProblems(db, new Date())),
        ...(env.mode === 'production' ? await demoDataProblems(db) : []),
        ...(env.mode === 'production' ? await grievanceOfficerProblems(db, env.grievanceOfficer) : []),
      ];
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
    ...storageOptions(env),
    // Chosen by configuration (SMS_PROVIDER, PAYMENT_PROVIDER); env.ts refuses these in production unless staging.
    sms: env.smsProvider === 'outbox' ? new OutboxSmsProvider(db, systemClock) : undefined,
    payments: env.paymentProvider === 'sandbox' ? new SandboxPaymentProvider(env.paymentWebhookSecret) : undefined,
    imageHosts: env.imageHosts,
    readiness: { dataDir: env.databaseUrl ? undefined : env.dataDir, minFreeBytes: env.readyMinFreeBytes },
    lifecycle: new Lifecycle(),
    pressure: env.pressure,
    testRoutes: env.testRoutes,
    ssrBudgetMs: env.ssrBudgetMs,
  });

  // Housekeeping (expired sessions, codes, payments, captchas; unattached photos): hourly, once per cluster.
  const jobs = startJobs({ db, deps: { storage: app.storage }, log: app.log, clock: systemClock });

  const shutdown = shutdownHandler({
    app,
    drainMs: env.drainSeconds * 1000,
    graceMs: env.graceSeconds * 1000,
    closeResources: async () => {
      await jobs.stop();
      await db.close();
    },
  });
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
      drainSeconds: env.drainSeconds,
      graceSeconds: env.graceSeconds,
      migrateOnStart: env.migrateOnStart,
      dbPool: env.databaseUrl ? env.db : undefined,
      pressure: env.pressure,
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
