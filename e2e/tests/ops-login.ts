import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Envelope, expect } from './fixtures.ts';

// Operator sign-in for the e2e suite (docs/operations.md "Accounts and sign-in"): the password, then the current
// authenticator code. The demo operators share a published secret (apps/api/src/db/demo/identities.ts
// DEMO_OPS_TOTP_SECRET), so a test computes their codes as an authenticator app would.

export const DEMO_OPS_TOTP_SECRET = 'LENDVIEWDEMOOPSTOTPSECRETAAAAAAA';
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

/** Until the next 30 s step: a code is accepted once per account, so another sign-in in the same step waits. */
export const nextStep = () => new Promise((r) => setTimeout(r, STEP_MS - (Date.now() % STEP_MS) + 500));

/** A session token through the API (password, then code), waiting for a fresh step when this one's code was used. */
export async function operatorToken(request: APIRequestContext, role: keyof typeof DEMO_OPERATORS): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const login = (await (await request.post('/ops/api/login', { form: DEMO_OPERATORS[role] })).json()) as Envelope<{ challenge: string }>;
    expect(login.code, `operator password: ${login.message}`).toBe('00');
    const code = totp(DEMO_OPS_TOTP_SECRET, Date.now());
    const res = (await (
      await request.post('/ops/api/login/code', { form: { challenge: login.data.challenge, code } })
    ).json()) as Envelope<{
      token: string;
    }>;
    if (res.code === '00') return res.data.token;
    expect(attempt, `operator code: ${res.message}`).toBeLessThan(2);
    await nextStep();
  }
}

/**
 * Signs in on the page's own sign-in form (username, password, then the code), for the template editor's and the
 * console's forms alike (same labels). Waits for `signedIn` to show.
 */
export async function signInOnPage(page: Page, role: keyof typeof DEMO_OPERATORS, signedIn: () => ReturnType<Page['getByRole']>) {
  await page.getByLabel('Username').fill(DEMO_OPERATORS[role].username);
  await page.getByLabel('Password').fill(DEMO_OPERATORS[role].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your authenticator code');
  for (let attempt = 0; ; attempt++) {
    await page.getByLabel('6-digit code').fill(totp(DEMO_OPS_TOTP_SECRET, Date.now()));
    await page.getByRole('button', { name: 'Verify' }).click();
    // The form's own message (the page's toast region is an empty alert too).
    const refused = page.locator('form [role="alert"]');
    await expect(signedIn().or(refused)).toBeVisible();
    if (await signedIn().isVisible()) return;
    expect(attempt, `code refused: ${await refused.textContent()}`).toBeLessThan(2);
    await nextStep();
  }
}
