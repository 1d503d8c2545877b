// `pnpm ops:user add <name> --role support|marketing [--password-stdin]`, `pnpm ops:user disable <name>`,
// `pnpm ops:user reset-mfa <name> [--password-stdin]`, `pnpm ops:user unlock <name>` (docs/operations.md "Accounts
// and sign-in").
// add and reset-mfa print a one-time password to hand to the operator (or take one from stdin); the operator enrols
// an authenticator app at the first sign-in. reset-mfa also clears every lock of the account (per address too) and
// ends its sessions; unlock clears the locks only; disable ends the sessions too.
//
// It opens the database the environment names (DATABASE_URL, else the PGlite folder under DATA_DIR). PGlite is one
// process at a time: stop `npm start` first; with PostgreSQL it runs beside the servers.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPS_ROLES, type OpsRole } from '@lendview/contracts';
import { migrate } from '../db/migrate.ts';
import { openDb } from '../db/open.ts';
import type { Db } from '../db/types.ts';
import { loadEnv } from '../env.ts';
import {
  addOperatorAccount,
  disableOperatorAccount,
  resetOperatorAccount,
  unlockOperatorAccount,
  type AccountOutcome,
} from '../services/operators.ts';

const USAGE = [
  'usage: pnpm ops:user add <name> --role support|marketing [--password-stdin]',
  '       pnpm ops:user disable <name>',
  '       pnpm ops:user reset-mfa <name> [--password-stdin]',
  '       pnpm ops:user unlock <name>',
].join('\n');

const USERNAME = /^[a-z0-9][a-z0-9._-]{2,63}$/;

export type OpsUserCommand =
  | { action: 'add'; username: string; role: OpsRole; passwordStdin: boolean }
  | { action: 'disable'; username: string }
  | { action: 'reset-mfa'; username: string; passwordStdin: boolean }
  | { action: 'unlock'; username: string };

/** The command of `args`, or an error message with the usage. */
export function parseOpsUserArgs(args: readonly string[]): OpsUserCommand | { error: string } {
  const [action, username, ...rest] = args;
  if (!action || !username) return { error: USAGE };
  if (!USERNAME.test(username)) return { error: `not a username: ${username} (3–64 of a-z 0-9 . _ -, lower case)\n${USAGE}` };
  const passwordStdin = rest.includes('--password-stdin');
  const others = rest.filter((a) => a !== '--password-stdin');
  if (action === 'add') {
    const roleAt = others.indexOf('--role');
    const role = roleAt >= 0 ? others[roleAt + 1] : undefined;
    if (!role || !(OPS_ROLES as readonly string[]).includes(role)) return { error: `add needs --role support|marketing\n${USAGE}` };
    if (others.length !== 2) return { error: USAGE };
    return { action, username, role: role as OpsRole, passwordStdin };
  }
  if (others.length > 0) return { error: USAGE };
  if ((action === 'disable' || action === 'unlock') && !passwordStdin) return { action, username };
  if (action === 'reset-mfa') return { action, username, passwordStdin };
  return { error: USAGE };
}

/** Runs a parsed command; returns what to print and the exit code. */
export async function runOpsUser(
  db: Db,
  command: OpsUserCommand,
  input: { password?: string; now: Date },
): Promise<{ out: string; code: number }> {
  let outcome: AccountOutcome;
  if (command.action === 'add')
    outcome = await addOperatorAccount(db, { username: command.username, role: command.role, password: input.password, now: input.now });
  else if (command.action === 'disable') outcome = await disableOperatorAccount(db, command.username, input.now);
  else if (command.action === 'unlock') outcome = await unlockOperatorAccount(db, command.username, input.now);
  else outcome = await resetOperatorAccount(db, { username: command.username, password: input.password, now: input.now });
  if (!outcome.ok) return { out: outcome.problem, code: 1 };
  const what = {
    add: `Operator ${command.username} added`,
    disable: `Operator ${command.username} disabled; its sessions ended`,
    'reset-mfa': `Operator ${command.username}: authenticator and lockout cleared, sessions ended; it enrols again at its next sign-in`,
    unlock: `Operator ${command.username}: failed sign-ins and every lock cleared (each address too); password and authenticator kept`,
  }[command.action];
  const password = outcome.password ? `\nOne-time password (shown once; hand it over privately): ${outcome.password}` : '';
  return { out: `${what}.${password}`, code: 0 };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main() {
  const parsed = parseOpsUserArgs(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exit(2);
  }
  const password = 'passwordStdin' in parsed && parsed.passwordStdin ? await readStdin() : undefined;
  const db = await openDb(loadEnv());
  try {
    await migrate(db);
    const result = await runOpsUser(db, parsed, { password, now: new Date() });
    (result.code === 0 ? console.log : console.error)(result.out);
    process.exitCode = result.code;
  } finally {
    await db.close();
  }
}

// Run as a command only (the test imports parseOpsUserArgs and runOpsUser).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
