/**
 * Who the demo logs in as: the fixed session tokens and phones of the demo borrowers, the operator passwords and
 * the demo bank card numbers. Demo-only secrets, documented in docs/api.md "Demo data": the demo seed writes them
 * (db/seed-demo.ts), a database holding them is refused outside demo mode (services/startup-checks.ts), and the e2e run
 * fails if its server log holds any of them (e2e/global-teardown.ts reads them from this file).
 *
 * Not in @lendview/contracts: none of this is part of the API's contract, and no page may bundle it. This file
 * imports nothing, so tests outside the API (e2e) can import it without pulling in server code.
 */
export const DEMO_BORROWERS = {
  /** Repeat client; owns every DEMO-* order. */
  main: { phone: '13800000000', token: 'demo-borrower', isRepeatClient: true, displayName: 'Demo Borrower' },
  /** New client with one order of its own (DEMO2-170), for the other side of permission checks. */
  second: { phone: '13800000001', token: 'demo-borrower-2', isRepeatClient: false, displayName: 'Demo Borrower Two' },
} as const;

export type DemoBorrowerKey = keyof typeof DEMO_BORROWERS;

/**
 * The authenticator secret (base32, SHA-1, 6 digits, 30 s) of every demo operator, so that tests and anyone trying
 * the demo can make codes (e.g. add it to an authenticator app by hand). Set only on a demo account with no second
 * factor of its own. Published, like the passwords: production refuses accounts that still have them.
 */
export const DEMO_OPS_TOTP_SECRET = 'LENDVIEWDEMOOPSTOTPSECRETAAAAAAA';

/** Operator accounts of the ops pages (passwords are set only when the account does not exist yet). */
export const DEMO_OPERATORS = {
  support: { username: 'ops-support', password: 'support-demo-pass', role: 'support' },
  marketing: { username: 'ops-marketing', password: 'marketing-demo-pass', role: 'marketing' },
} as const;

/**
 * Bank cards of DEMO_BORROWERS.main for the legacy repayment (/repay): `otp` is a BCA card whose charge needs an
 * SMS code (needValid 1), `direct` a BNI card charged at once (needValid 0). Both already verified.
 */
export const DEMO_BANK_CARDS = {
  otp: { id: 1, bankCode: 'BCA', cardNo: '6019000011112222', last4: '2222' },
  direct: { id: 2, bankCode: 'BNI', cardNo: '5264220033334444', last4: '4444' },
} as const;

/** Holder name of the demo cards. */
export const DEMO_CARD_HOLDER = 'DEMO BORROWER';
