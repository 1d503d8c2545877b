import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as C from '../index.ts';
import * as routes from '../routes/index.ts';
import type { Route } from '../routes/index.ts';

const ROUTES_DIR = join(import.meta.dirname, '../routes');

const isRoute = (v: unknown): v is Route =>
  !!v && typeof v === 'object' && typeof (v as Route).name === 'string' && typeof (v as Route).path === 'string' && 'method' in v;
const isEndpoint = (v: unknown): v is C.AnyEndpoint => isRoute(v) && 'request' in v && 'response' in v;

const routeEntries = Object.entries(routes as Record<string, unknown>).filter((e): e is [string, Route] => isRoute(e[1]));
const endpointEntries = Object.entries(C as Record<string, unknown>).filter((e): e is [string, C.AnyEndpoint] => isEndpoint(e[1]));

describe('@lendview/contracts/routes', () => {
  it('has a route for every endpoint of the contracts, named like it, with its method, path and success code', () => {
    expect(endpointEntries.length).toBeGreaterThanOrEqual(66);
    expect(routeEntries.map(([k]) => k).sort()).toEqual(endpointEntries.map(([k]) => k).sort());
    for (const [key, r] of routeEntries) {
      expect(r.name, key).toBe(key);
      const e = (C as unknown as Record<string, C.AnyEndpoint>)[key]!;
      const idempotent = e.idempotent ? { idempotent: e.idempotent } : {};
      expect({ name: e.name, method: e.method, path: e.path, successCode: e.successCode, ...idempotent }, key).toEqual({ ...r });
    }
  });

  it("every borrower money or loan write is idempotent (issue 40: the client sends a key, the API answers a tap's copies once)", () => {
    const idempotent = routeEntries.filter(([, r]) => r.idempotent === true).map(([k]) => k);
    expect(idempotent.sort()).toEqual(
      [
        'bindCard',
        'bindCardStart',
        'bindCardVerify',
        'generateVcode',
        'googleScore',
        'loanDetailPush',
        'productApply',
        'repaymentCommit',
        'repaymentConfirm',
        'repaymentHuichao',
        'saveScore',
      ].sort(),
    );
  });

  it('no two routes share a method and path, except the two shapes of bind-card', () => {
    const seen = new Map<string, string[]>();
    for (const [key, r] of routeEntries) seen.set(`${r.method} ${r.path}`, [...(seen.get(`${r.method} ${r.path}`) ?? []), key]);
    const shared = [...seen.values()].filter((names) => names.length > 1);
    expect(shared).toEqual([['bindCard', 'bindCardStart']]);
  });

  // The reason the subpath exists: a page importing it must not download zod (docs/performance.md). Every
  // module under src/routes/ may import values from its own folder only; anything else must be `import type`.
  it('imports no value from outside src/routes (so never zod)', () => {
    const files = readdirSync(ROUTES_DIR).filter((f) => f.endsWith('.ts'));
    expect(files).toContain('index.ts');
    const offending: string[] = [];
    for (const f of files) {
      const src = readFileSync(join(ROUTES_DIR, f), 'utf8');
      for (const m of src.matchAll(/^\s*(import|export)\s+([^;]*?)\s+from\s+'([^']+)'/gm)) {
        const [, kind, what, from] = m;
        const typeOnly = /^type\s/.test(what!) || (kind === 'export' && /^type\s*\{/.test(what!));
        if (!typeOnly && !/^\.\/[\w-]+\.ts$/.test(from!)) offending.push(`${f}: ${m[0].trim()}`);
      }
      if (/\bimport\s*\(/.test(src) || /^\s*import\s+'/m.test(src)) offending.push(`${f}: dynamic or bare import`);
    }
    expect(offending).toEqual([]);
  });

  it('the scan above catches a value import of zod or of a contract file', () => {
    const sample = "import { z } from 'zod';\nimport { loanDetails } from '../loan.ts';\nimport type { z as Z } from 'zod';";
    const hits = [...sample.matchAll(/^\s*(import|export)\s+([^;]*?)\s+from\s+'([^']+)'/gm)].filter(
      ([, , what, from]) => !/^type\s/.test(what!) && !/^\.\/[\w-]+\.ts$/.test(from!),
    );
    expect(hits).toHaveLength(2);
  });

  it('types a route like its contract (the compiler checks these)', () => {
    expectTypeOf<routes.RequestOf<typeof routes.loanDetails>>().toEqualTypeOf<C.RequestOf<typeof C.loanDetails>>();
    expectTypeOf<routes.ResponseOf<typeof routes.loanDetails>>().toEqualTypeOf<C.ResponseOf<typeof C.loanDetails>>();
    expectTypeOf<routes.ResponseOf<typeof routes.getSid>>().toEqualTypeOf<{ sid: string }>();
    expectTypeOf<routes.RequestOf<typeof routes.problemDetail>>().toEqualTypeOf<{ problemId: string | number }>();
    expectTypeOf(routes.getSid.successCode).toEqualTypeOf<0>();
  });

  // Moved here from apps/loan-details/src/__tests__/scene.test.ts when the remote stopped copying the rule.
  it.each([
    ['banner_jingzhun', 301],
    ['tanchuang_jingzhun', 301],
    ['tanchuang_fudai', 302],
    ['banner_fudai', 302],
    ['', 300],
    ['home', 300],
    ['BANNER_JINGZHUN', 300],
    [null, 300],
    [undefined, 300],
  ] as const)('moduleIdForScene(%s) is %i (spec 7.5)', (scene, id) => {
    expect(routes.moduleIdForScene(scene)).toBe(id);
  });

  it('shared constants are the ones the schemas use', () => {
    expect(C.problemSave.request.safeParse({ problemType: 1, problemDetail: 'x'.repeat(routes.COMPLAINT_MAX_CHARS) }).success).toBe(true);
    expect(C.problemSave.request.safeParse({ problemType: 1, problemDetail: 'x'.repeat(routes.COMPLAINT_MAX_CHARS + 1) }).success).toBe(
      false,
    );
    expect(C.qaRecord.request.safeParse({ type: 4, value: 'x'.repeat(routes.QA_VALUE_MAX_CHARS + 1) }).success).toBe(false);
    const card = { bankCode: 'BCA', holderName: 'x'.repeat(routes.HOLDER_NAME_LENGTH.max) };
    expect(C.bindCard.request.safeParse({ ...card, cardNo: '1'.repeat(routes.CARD_NO_DIGITS.min) }).success).toBe(true);
    expect(C.bindCard.request.safeParse({ ...card, cardNo: '1'.repeat(routes.CARD_NO_DIGITS.max) }).success).toBe(true);
    expect(C.bindCard.request.safeParse({ ...card, cardNo: '1'.repeat(routes.CARD_NO_DIGITS.max + 1) }).success).toBe(false);
    expect(C.bindCard.request.safeParse({ ...card, cardNo: '1'.repeat(routes.CARD_NO_DIGITS.min - 1) }).success).toBe(false);
    const confirm = { orderId: 'A', repaymentRecordId: 1 };
    expect(C.repaymentConfirm.request.safeParse({ ...confirm, verifyCode: '1'.repeat(routes.REPAY_CODE_LENGTH.max) }).success).toBe(true);
    expect(C.repaymentConfirm.request.safeParse({ ...confirm, verifyCode: '1'.repeat(routes.REPAY_CODE_LENGTH.min - 1) }).success).toBe(
      false,
    );
    const highlight = { en: 'a', id: 'b' };
    expect(C.landingConfig.shape.highlights.safeParse(Array(routes.LANDING_MAX_HIGHLIGHTS).fill(highlight)).success).toBe(true);
    expect(C.landingConfig.shape.highlights.safeParse(Array(routes.LANDING_MAX_HIGHLIGHTS + 1).fill(highlight)).success).toBe(false);
    expect(C.contactKfInfo.request.safeParse({ overall: routes.CONTACT_KF_OVERALL }).success).toBe(true);
    expect(C.loanDetailPush.request.shape.loanType.safeParse(routes.LOAN_TYPE).success).toBe(true);
  });
});
