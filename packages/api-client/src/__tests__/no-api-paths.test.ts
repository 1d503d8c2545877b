import * as routes from '@lendview/contracts/routes';
import { describe, expect, it } from 'vitest';
import { FRONT_END_APPS as APPS, frontEndSources } from './front-end-sources.ts';

/**
 * Issue 17 item 1, kept true as the pages grow: an API path is written once, in @lendview/contracts/routes, and
 * the pages call through `call(route, input)`. A source scan of every front-end app (apps/* but the API) for a
 * string literal that starts like an API path, and for a value import of the contracts' root (which would
 * bring zod into the page: docs/performance.md). Tests and test helpers are not scanned (they name the paths a
 * fake server answers). Practical, not a parser: it reads lines.
 */
/** First segments of the API (every route's path starts with one: checked below). */
const API_PREFIXES = [
  '/v3/',
  '/h5-api/',
  '/user-problem/',
  '/api/',
  '/market/',
  '/dev/',
  '/payments/',
  '/partner/api/',
  '/ops/api/',
  '/healthz',
];
const LITERAL_PATH = new RegExp(`(['"\`])(${API_PREFIXES.map((p) => p.replace(/[/.]/g, '\\$&')).join('|')})`);
const ROOT_VALUE_IMPORT =
  /^\s*import\s+(?!type\b)[^;]*?\bfrom\s+['"]@lendview\/contracts['"]|^\s*import\s+['"]@lendview\/contracts['"]|\bimport\(\s*['"]@lendview\/contracts['"]\s*\)/;

/** The operator's template editor checks a template with the contract's zod schema, in a chunk of its own. */
const ROOT_IMPORT_ALLOWED: Record<string, string> = {
  'apps/promotion-registration/src/template-editor/validate.ts': 'loaded on demand by the editor only (OpsEditPage), never by /promo',
};

const codeLines = (source: string) =>
  source
    .split('\n')
    .map((line, i) => ({ n: i + 1, code: line.replace(/(^|\s)\/\/.*$/, '$1') }))
    .filter(({ code }) => !/^\s*(\*|\/\*)/.test(code));

export function findApiPathLiterals(source: string, file: string): string[] {
  return codeLines(source)
    .filter(({ code }) => LITERAL_PATH.test(code))
    .map(({ n, code }) => `${file}:${n}: ${code.trim()}`);
}

export function findRootValueImports(source: string, file: string): string[] {
  return codeLines(source)
    .filter(({ code }) => ROOT_VALUE_IMPORT.test(code))
    .map(({ n, code }) => `${file}:${n}: ${code.trim()}`);
}

describe('pages hold no API path of their own (issue 17 item 1)', () => {
  const all = frontEndSources();

  it('scans every front-end app (the scan itself finds files)', () => {
    expect(APPS).toEqual(
      expect.arrayContaining(['complaint-chatbot', 'loan-details', 'marketing', 'promotion-registration', 'repayment', 'shell']),
    );
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((f) => f.file === 'apps/loan-details/src/api/loan-details.ts')).toBe(true);
  });

  it('the prefixes cover every route of @lendview/contracts/routes', () => {
    const paths = Object.values(routes as Record<string, unknown>)
      .filter((v): v is routes.Route => !!v && typeof v === 'object' && 'path' in v && 'method' in v)
      .map((r) => r.path);
    expect(paths.length).toBeGreaterThanOrEqual(66);
    expect(paths.filter((p) => !API_PREFIXES.some((prefix) => p.startsWith(prefix)))).toEqual([]);
  });

  it('no string literal starts like an API path', () => {
    expect(all.flatMap((f) => findApiPathLiterals(f.source, f.file))).toEqual([]);
  });

  it('no value import of @lendview/contracts outside the explained exceptions (types: `import type`)', () => {
    const hits = all.filter((f) => !(f.file in ROOT_IMPORT_ALLOWED)).flatMap((f) => findRootValueImports(f.source, f.file));
    expect(hits).toEqual([]);
    for (const f of Object.keys(ROOT_IMPORT_ALLOWED)) {
      expect(findRootValueImports(all.find((x) => x.file === f)?.source ?? '', f).length, f).toBeGreaterThan(0);
    }
  });

  it('catches the patterns it is meant to catch', () => {
    const bad = [
      "export const LOAN_DETAILS_PATH = '/v3/loan-details/detail';",
      'post(`/market/v3/product/apply`, input)',
      'const p = "/user-problem/problem-save";',
      "get('/api/v2/lendview/promotion/get-sid')",
      "opsGet('/ops/api/templates')",
      "fetch('/h5-api/v3/user-problem/get-qa-list')",
      "const LEGACY = '/api/v1/lendview/service/loan';",
    ];
    for (const line of bad) expect(findApiPathLiterals(line, 'x.ts'), line).toHaveLength(1);
    const good = [
      'call(routes.loanDetails, { productId, orderId });',
      '/** POST /v3/loan-details/detail (productId, orderId). */',
      "// see '/v3/event/save'",
      "navigate('/loanDetails?productId=1');",
      "<Link to={'/ops/templates'}>",
    ];
    for (const line of good) expect(findApiPathLiterals(line, 'x.ts'), line).toEqual([]);
    expect(findRootValueImports("import { landingConfig } from '@lendview/contracts';", 'x.ts')).toHaveLength(1);
    expect(findRootValueImports("import { type LandingConfig } from '@lendview/contracts';", 'x.ts')).toHaveLength(1);
    expect(findRootValueImports("const C = await import('@lendview/contracts');", 'x.ts')).toHaveLength(1);
    expect(findRootValueImports("import type { LandingConfig } from '@lendview/contracts';", 'x.ts')).toEqual([]);
    expect(findRootValueImports("import { loanDetails } from '@lendview/contracts/routes';", 'x.ts')).toEqual([]);
  });
});
