import { existsSync, mkdirSync, readdirSync, readFileSync, copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The end-of-run check of issue 12 item 8: the server's whole log of the e2e run (global-setup.ts writes it to a
 * file) must not contain any secret the run used: the demo session tokens and phone numbers, the operator
 * passwords, the webhook and card-fingerprint keys, the card numbers and holder names the specs type, nor any
 * `tok=` / `sig=` value at all (tokens from SMS logins are random, so the check is on their shape).
 *
 * The values are read from the sources that define them (no copy here to fall out of step): the demo fixtures
 * in apps/api/src/db/demo/identities.ts, the development keys in apps/api/src, the literals in e2e/tests.
 */

const ROOT = resolve(import.meta.dirname, '..');

function all(re: RegExp, text: string): string[] {
  return [...text.matchAll(re)].map((m) => m[1]!).filter(Boolean);
}

export function secretsOfTheRun(root: string = ROOT): Map<string, string> {
  const secrets = new Map<string, string>();
  const demo = readFileSync(join(root, 'apps/api/src/db/demo/identities.ts'), 'utf8');
  const borrowers = /DEMO_BORROWERS = \{([\s\S]*?)\n\} as const/.exec(demo)?.[1] ?? '';
  for (const token of all(/token: '([^']+)'/g, borrowers)) secrets.set(token, 'demo session token');
  for (const phone of all(/phone: '(\d+)'/g, borrowers)) secrets.set(phone, 'demo borrower phone');
  const operators = /DEMO_OPERATORS = \{([\s\S]*?)\n\} as const/.exec(demo)?.[1] ?? '';
  for (const password of all(/password: '([^']+)'/g, operators)) secrets.set(password, 'operator password');
  const keys = [
    ['apps/api/src/providers/payments.ts', /DEV_PAYMENT_WEBHOOK_SECRET = '([^']+)'/g, 'webhook secret'],
    ['apps/api/src/repositories/bank-cards.ts', /DEV_CARD_FINGERPRINT_SECRET = '([^']+)'/g, 'card fingerprint key'],
  ] as const;
  for (const [file, re, name] of keys) {
    const path = join(root, file);
    if (existsSync(path)) for (const v of all(re, readFileSync(path, 'utf8'))) secrets.set(v, name);
  }
  const specs = join(root, 'e2e/tests');
  for (const file of readdirSync(specs).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(specs, file), 'utf8');
    for (const v of all(/cardNo['"]?:\s*'(\d{12,19})'/g, text)) secrets.set(v, `card number (${file})`);
    for (const v of all(/holderName['"]?:\s*'([^']{4,})'/g, text)) secrets.set(v, `card holder name (${file})`);
    for (const v of all(/'(1[3-9]\d{9})'/g, text)) secrets.set(v, `phone number (${file})`);
  }
  if (![...secrets.values()].includes('demo session token') || ![...secrets.values()].includes('webhook secret')) {
    throw new Error('e2e log check: could not read the demo tokens or the webhook secret from the sources');
  }
  return secrets;
}

export interface LogFinding {
  line: number;
  what: string;
}

/**
 * Whether `text` holds `secret`. A secret of digits only (a phone, a card number) counts where its digits end: a phone
 * followed by more digits is another number (a response time of 0.2351380000000063 ms holds '13800000000', the demo
 * borrower's phone, and failed a CI run). Digits before it still count (a country code: +8613800000000).
 */
function holds(text: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return text.includes(secret);
  for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
    if (!/\d/.test(text[at + secret.length] ?? '')) return true;
  }
  return false;
}

/** Every line of the log holding a secret of the run or an unredacted token / signature parameter. */
export function findSecrets(log: string, secrets: Map<string, string>): LogFinding[] {
  const findings: LogFinding[] = [];
  log.split('\n').forEach((text, i) => {
    for (const [secret, what] of secrets) if (holds(text, secret)) findings.push({ line: i + 1, what });
    if (/[?&](tok|sig)=(?!\[redacted\])[^&"\s]/i.test(text)) findings.push({ line: i + 1, what: 'an unredacted tok= / sig= value' });
  });
  return findings;
}

/**
 * Throws (failing the run) when the server log of the run holds a secret; the log is then kept in
 * e2e/test-results/server.log to look at. Also fails when there is no log at all: the check must not pass by
 * reading nothing.
 */
export function checkServerLog(logFile: string): void {
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  if (!log.includes('"msg":"incoming request"')) {
    throw new Error(`e2e log check: the server log ${logFile} has no request lines; nothing was checked`);
  }
  const findings = findSecrets(log, secretsOfTheRun());
  if (findings.length === 0) {
    console.log(`e2e log check: ${log.split('\n').length} log lines, no secret of the run in them`);
    return;
  }
  const kept = join(ROOT, 'e2e/test-results/server.log');
  mkdirSync(join(ROOT, 'e2e/test-results'), { recursive: true });
  copyFileSync(logFile, kept);
  const list = findings
    .slice(0, 20)
    .map((f) => `  line ${f.line}: ${f.what}`)
    .join('\n');
  throw new Error(`e2e log check: the server log holds secrets of the run (log kept in ${kept}):\n${list}`);
}
