import type { FastifyInstance } from 'fastify';
import { OPS_TOTP } from '@lendview/contracts';
import { DEMO_OPS_TOTP_SECRET } from '../../src/db/demo/index.ts';
import { totpCode } from '../../src/lib/totp.ts';
import { envelopeOf, form } from './setup.ts';

/**
 * Signs a demo operator in the way the console does (services/operators.ts): the password, then the current code
 * of the demo authenticator secret. A code works once per account, so within one 30 s step of the test's clock
 * the next sign-in uses the next step's code (accepted: one step of drift either way) and, past that, moves the
 * clock on by a step.
 */
const lastStep = new WeakMap<FastifyInstance, Map<string, number>>();

export async function signInOperator(
  ctx: { app: FastifyInstance; clock: { now(): Date; advance(ms: number): void } },
  op: { username: string; password: string },
): Promise<string> {
  const first = await ctx.app.inject({ method: 'POST', url: '/ops/api/login', ...form({ username: op.username, password: op.password }) });
  const step1 = envelopeOf(first) as { code: string; message: string; data: { step: string; challenge: string } };
  if (step1.code !== '00' || step1.data.step !== 'code') throw new Error(`password step of ${op.username}: ${step1.code} ${step1.message}`);

  const periodMs = OPS_TOTP.periodSeconds * 1000;
  const used = lastStep.get(ctx.app) ?? new Map<string, number>();
  lastStep.set(ctx.app, used);
  const current = Math.floor(ctx.clock.now().getTime() / periodMs);
  const last = used.get(op.username);
  let step = last === undefined ? current : Math.max(current - 1, last + 1);
  if (step > current + 1) {
    ctx.clock.advance((step - current - 1) * periodMs);
    step = Math.floor(ctx.clock.now().getTime() / periodMs) + 1;
  }
  used.set(op.username, step);
  const code = totpCode(DEMO_OPS_TOTP_SECRET, new Date(step * periodMs));
  const second = await ctx.app.inject({ method: 'POST', url: '/ops/api/login/code', ...form({ challenge: step1.data.challenge, code }) });
  const step2 = envelopeOf(second) as { code: string; message: string; data: { token: string } };
  if (step2.code !== '00') throw new Error(`code step of ${op.username}: ${step2.code} ${step2.message}`);
  return step2.data.token;
}
