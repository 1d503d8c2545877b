import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { newCaptchaAnswer } from '../lib/captcha-image.ts';

/** An image captcha may be answered within 5 minutes of get-sid. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/**
 * After get-sms accepted it, register may use the sid for 10 minutes: longer than the SMS code lives (5), so a
 * late registration hears "the code has expired" rather than a puzzling captcha error.
 */
export const CAPTCHA_BOUND_TTL_MS = 10 * 60 * 1000;

/** Issues a new sid (24 random bytes, base64url) with a new answer. */
export async function createCaptcha(db: Queryable, now: Date): Promise<{ sid: string; answer: string }> {
  const sid = randomBytes(24).toString('base64url');
  const answer = newCaptchaAnswer();
  await db.query('INSERT INTO captchas (sid, answer, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    sid,
    answer,
    now,
    new Date(now.getTime() + CAPTCHA_TTL_MS),
  ]);
  return { sid, answer };
}

/**
 * The answer of a captcha that may still be shown, or null: a fresh one, or one get-sms accepted (the form keeps
 * showing it while the visitor types the SMS code; it is the answer they already typed). A wrongly answered,
 * used or expired one is gone.
 */
export async function viewableCaptchaAnswer(db: Queryable, sid: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ answer: string }>(
    `SELECT answer FROM captchas WHERE sid = $1 AND state IN ('new', 'bound') AND expires_at > $2`,
    [sid, now],
  );
  return row?.answer ?? null;
}

const sameAnswer = (answer: string, given: string) => answer.toUpperCase() === given.trim().toUpperCase();

/**
 * get-sms: spends a fresh captcha. The row goes from 'new' to 'dead' in one atomic UPDATE whatever the answer,
 * so two concurrent requests cannot both use one sid and a wrong guess kills it. Returns whether the answer was
 * right; the caller then binds it (bindCaptcha) once a code is sent.
 */
export async function spendCaptcha(db: Queryable, sid: string, given: string, now: Date): Promise<boolean> {
  const [row] = await db.query<{ answer: string }>(
    `UPDATE captchas SET state = 'dead' WHERE sid = $1 AND state = 'new' AND expires_at > $2 RETURNING answer`,
    [sid, now],
  );
  return !!row && sameAnswer(row.answer, given);
}

/** The sid was answered right and a code went to `phone`: register may use it with that phone. */
export async function bindCaptcha(db: Queryable, sid: string, phone: string, now: Date): Promise<void> {
  await db.query(`UPDATE captchas SET state = 'bound', phone = $2, expires_at = $3 WHERE sid = $1`, [
    sid,
    phone,
    new Date(now.getTime() + CAPTCHA_BOUND_TTL_MS),
  ]);
}

/**
 * register: the state of a sid that get-sms accepted for this phone with this answer (locked FOR UPDATE), or
 * null when sid, answer or phone do not match or it expired.
 */
export async function findBoundCaptcha(
  tx: Queryable,
  input: { sid: string; phone: string; capcode: string; now: Date },
): Promise<'bound' | 'used' | null> {
  const [row] = await tx.query<{ answer: string; state: 'bound' | 'used' }>(
    `SELECT answer, state FROM captchas
      WHERE sid = $1 AND phone = $2 AND state IN ('bound', 'used') AND expires_at > $3 FOR UPDATE`,
    [input.sid, input.phone, input.now],
  );
  return row && sameAnswer(row.answer, input.capcode) ? row.state : null;
}

export async function markCaptchaUsed(tx: Queryable, sid: string): Promise<void> {
  await tx.query(`UPDATE captchas SET state = 'used' WHERE sid = $1`, [sid]);
}

/** Housekeeping: captchas expired more than a day ago. */
export async function purgeCaptchas(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM captchas WHERE expires_at <= $1', [new Date(now.getTime() - 24 * 60 * 60 * 1000)]);
}

/** The answer of a captcha in any state (demo mode's /dev/captcha-answer only), or null. */
export async function captchaAnswer(db: Queryable, sid: string): Promise<string | null> {
  const [row] = await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE sid = $1', [sid]);
  return row?.answer ?? null;
}
