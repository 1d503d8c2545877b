import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Envelope, expect } from './fixtures.ts';

// Operator sign-in for the e2e suite (docs/operations.md "Accounts and sign-in"): the password, then the current
// authenticator code, which a test computes from the account's secret as an authenticator app would. Each test signs
// in with an account of its own (newOperator), so no sign-in waits for the next 30 s step. The demo accounts
// (DEMO_OPERATORS) are only typed into the sign-in form where a test never reaches the code.

export const DEMO_OPERATORS = {
  support: { username: 'ops-support', password: 'support-demo-pass' },
  marketing: { username: 'ops-marketing', password: 'marketing-demo-pass' },
} as const;
const STEP_MS = 30_000;

/** RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 secret at `at` (ms). */
export function totp(secret: string, at: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / STEP_MS)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export interface Operator {
  username: string;
  password: string;
  totpSecret: string;
  role: keyof typeof DEMO_OPERATORS;
}

/**
 * An operator account of the test's own (POST /dev/fixtures/operator, demo mode), enrolled with its own
 * authenticator secret. A code is accepted once per account and 30 s step, so tests sharing a demo account had to
 * wait for the next step when two signed in within one; with an account each, no sign-in ever waits.
 */
export async function newOperator(request: APIRequestContext, role: keyof typeof DEMO_OPERATORS): Promise<Operator> {
  const made = (await (await request.post('/dev/fixtures/operator', { form: { role } })).json()) as Envelope<Operator>;
  expect(made.code, `POST /dev/fixtures/operator: ${made.message}`).toBe('00');
  return made.data;
}

export interface OperatorSession {
  token: string;
  username: string;
  role: keyof typeof DEMO_OPERATORS;
}

/** A new account's session through the API (password, then its code), as the console's sign-in makes one. */
export async function operatorSession(request: APIRequestContext, role: keyof typeof DEMO_OPERATORS): Promise<OperatorSession> {
  const account = await newOperator(request, role);
  const login = (await (
    await request.post('/ops/api/login', { form: { username: account.username, password: account.password } })
  ).json()) as Envelope<{ challenge: string }>;
  expect(login.code, `operator password: ${login.message}`).toBe('00');
  const res = (await (
    await request.post('/ops/api/login/code', { form: { challenge: login.data.challenge, code: totp(account.totpSecret, Date.now()) } })
  ).json()) as Envelope<{ token: string }>;
  expect(res.code, `operator code: ${res.message}`).toBe('00');
  return { token: res.data.token, username: account.username, role };
}

/** Puts the session in the tab before any script runs, where the sign-in form leaves it (sessionStorage). */
export async function useOperatorSession(page: Page, session: OperatorSession): Promise<void> {
  const value = JSON.stringify(session);
  await page.addInitScript((s) => sessionStorage.setItem('lv.ops.session', s), value);
}

/**
 * Signs a new account in on the page's own sign-in form (username, password, then the code), for the template
 * editor's and the console's forms alike (same labels). Waits for `signedIn` to show; answers the account.
 */
export async function signInOnPage(
  page: Page,
  role: keyof typeof DEMO_OPERATORS,
  signedIn: () => ReturnType<Page['getByRole']>,
): Promise<Operator> {
  const account = await newOperator(page.request, role);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your authenticator code');
  await page.getByLabel('6-digit code').fill(totp(account.totpSecret, Date.now()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(signedIn()).toBeVisible();
  return account;
}
