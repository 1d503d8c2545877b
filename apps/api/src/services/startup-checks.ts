import type { Queryable } from '../db/types.ts';
import type { Env } from '../env.ts';
import { tokenHash } from '../lib/crypto.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { DEMO_BORROWERS, DEMO_OPERATORS } from '../db/demo/identities.ts';
import { countDemoData, countLiveSessionsOf, findOperatorPassword } from '../repositories/demo-artifacts.ts';
import { DEMO_GRIEVANCE_OFFICER, getGrievanceOfficerRows, type GrievanceOfficer } from '../repositories/grievance-officer.ts';

/**
 * Start-up checks that need the database (env.ts checks the configuration itself). docs/security.md "Modes".
 */

/**
 * Demo artifacts a production database must not hold: live sessions of the fixed demo tokens, and enabled
 * operator accounts that still have the demo passwords (a database once started in demo mode, or restored
 * from a demo). One sentence per problem; empty when clean.
 */
export async function demoArtifactProblems(db: Queryable, now: Date): Promise<string[]> {
  const problems: string[] = [];
  const hashes = Object.values(DEMO_BORROWERS).map((b) => tokenHash(b.token));
  const sessions = await countLiveSessionsOf(db, hashes, now);
  if (sessions > 0) {
    problems.push(
      `The database holds ${sessions} live session(s) of the fixed demo tokens (it was started in demo mode). ` +
        'Delete them (DELETE FROM sessions WHERE borrower_id IN (SELECT id FROM borrowers WHERE phone IN ' +
        `(${Object.values(DEMO_BORROWERS)
          .map((b) => `'${b.phone}'`)
          .join(', ')}))) or use a database that never ran the demo.`,
    );
  }
  for (const op of Object.values(DEMO_OPERATORS)) {
    const row = await findOperatorPassword(db, op.username);
    if (row && !row.disabled && (await verifyPassword(op.password, row.passwordHash))) {
      problems.push(`Operator account ${op.username} still has its published demo password: disable it or set a new password.`);
    }
  }
  return problems;
}

/**
 * Production (issue 34 item 6): demo data of any kind, not only what opens it. A database the demo seed wrote into
 * still serves DEMO-* orders and the demo borrowers once their sessions expire and the demo operators are disabled.
 * One sentence naming what is there and the fix; empty when clean.
 */
export async function demoDataProblems(db: Queryable): Promise<string[]> {
  const { orders, borrowers, operators } = await countDemoData(db, {
    phones: Object.values(DEMO_BORROWERS).map((b) => b.phone),
    usernames: Object.values(DEMO_OPERATORS).map((o) => o.username),
  });
  if (orders + borrowers + operators === 0) return [];
  return [
    `The database holds demo data (${orders} DEMO-* order(s), ${borrowers} demo borrower(s), ${operators} demo operator ` +
      'account(s)): the demo seed wrote into it. Production needs a database that never ran the demo: create a new ' +
      'one, point DATABASE_URL at it and run `pnpm migrate` (docs/deploy.md).',
  ];
}

const OFFICER_ENV = {
  name: 'GRIEVANCE_OFFICER_NAME',
  phone: 'GRIEVANCE_OFFICER_PHONE',
  email: 'GRIEVANCE_OFFICER_EMAIL',
  address: 'GRIEVANCE_OFFICER_ADDRESS',
} as const;

/**
 * The grievance officer borrowers would be shown is still the demo's placeholder (repositories/grievance-officer.ts
 * DEMO_GRIEVANCE_OFFICER): for each field, the stored row, or when it is missing the value start-up would write
 * (`fromEnv`, GRIEVANCE_OFFICER_*). Checked before the rows are written, so a refused start leaves nothing behind and
 * setting the variables is enough to start next time. One sentence naming the fields; empty when real.
 */
export async function grievanceOfficerProblems(db: Queryable, fromEnv: GrievanceOfficer): Promise<string[]> {
  const stored = await getGrievanceOfficerRows(db);
  const fields = (Object.keys(OFFICER_ENV) as (keyof GrievanceOfficer)[]).filter(
    (f) => (stored[f] ?? fromEnv[f]).trim() === DEMO_GRIEVANCE_OFFICER[f],
  );
  if (fields.length === 0) return [];
  const names = fields.map((f) => OFFICER_ENV[f]).join(', ');
  const keys = fields.map((f) => `grievance_officer_${f}`).join(', ');
  return [
    `The grievance officer shown to borrowers is still the demo placeholder (${names}): set ${names} to your real officer ` +
      `(written at start when the app_settings rows are missing), or update the rows ${keys} if they hold the demo values.`,
  ];
}

/** What demo mode turns on, printed loudly at start so nobody mistakes `npm start` for a production server. */
export function demoBanner(
  env: Pick<Env, 'host' | 'port' | 'databaseUrl' | 'dataDir' | 'paymentWebhookSecret'>,
  defaultSecrets: boolean,
): string {
  const where = env.databaseUrl ? 'the PostgreSQL of DATABASE_URL' : `embedded PGlite in ${env.dataDir}`;
  const lines = [
    'DEMO MODE (DEMO_MODE=1, what `npm start` sets). Not for real borrowers. It turns on:',
    '  - the demo seed: borrowers with fixed session tokens, orders in every status, operator accounts',
    '    with published passwords (README, docs/api.md "Demo data"), written into',
    `    ${where}`,
    "  - the /dev routes: /dev/sms-outbox hands out any phone's login code, /dev/payments/simulate settles payments,",
    '    /dev/captcha-answer solves captchas',
    '  - SMS_PROVIDER=outbox (no SMS is sent) and PAYMENT_PROVIDER=sandbox (no money moves)',
    defaultSecrets
      ? '  - the development webhook and card-fingerprint keys written in the repository'
      : '  - the webhook and card-fingerprint keys you set',
    `  - listening on ${env.host}:${env.port}; demo mode refuses a non-loopback HOST or a remote DATABASE_URL`,
    '    unless LENDVIEW_DEMO_ALLOW_REMOTE=1',
    'Production: LENDVIEW_MODE=production (or NODE_ENV=production) without DEMO_MODE, see docs/security.md.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '*'.repeat(width + 4);
  return [bar, ...lines.map((l) => `* ${l.padEnd(width)} *`), bar].join('\n');
}
