import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp, type TestContext } from './helpers/setup.ts';
import { releaseInto, remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';

// GET /landing server-rendered (issue 14; src/routes/landing, PageRenderer.sendStandalone): the live shell's server
// entry renders the live promotion-registration version's `Standalone` tree, its data fetched in process; the
// browser's mountStandalone hydrates it (e2e/tests/ssr.spec.ts does that with the real build). Here small hand-written
// server entries stand in for the React ones.

const LANDING =
  '<!doctype html><html lang="id"><head><title>LendView</title>' +
  '<script type="module" crossorigin src="./assets/index-L.js"></script>' +
  '<link rel="modulepreload" crossorigin href="./assets/PromoPage-L.js">' +
  '<link rel="stylesheet" crossorigin href="./assets/index-L.css"></head><body><div id="root"></div></body></html>';

// The stand-in shell's renderStandalone asks the template in process (as the visitor: no token), and renders what the
// component makes of it.
const SHELL_ENTRY = `
import { tag } from './shared/react.mjs';
let serverFetch;
export function configureServer({ fetch }) { serverFetch = fetch; }
export function findOwner() { return undefined; }
export async function render() { throw new Error('not a shell page'); }
export async function renderStandalone({ url, lang, component, signal }) {
  const id = new URL(url, 'http://x').searchParams.get('templateId');
  const res = await serverFetch('/api/v2/lendview/service/channel/channel-template?templateId=' + id, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  const env = await res.json();
  if (env.code !== '00') throw new Error('no template ' + env.code);
  return { html: component({ lang, tag, headline: env.data.headline[lang] }), queries: { queries: [{ queryHash: '["t"]', state: { data: env.data.id } }] }, passes: 2 };
}`;

function shell(version: string, withStandalone = true) {
  return shellBuild(tempDir(), {
    version,
    index: '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    files: {
      'server/shared/react.mjs': `export const tag = 'one-react';`,
      'server/entry.mjs': withStandalone ? SHELL_ENTRY : SHELL_ENTRY.replace(/export async function renderStandalone[\s\S]*$/, ''),
    },
  });
}

function promotion(version: string, kind: 'ok' | 'no-standalone' | 'no-messages' | 'throws') {
  // Its messages (issue 33): a version built before exports none, and its page goes out client-rendered.
  const messages = kind === 'no-messages' ? '' : 'export const messages = { promotion_registration: { en: {}, id: {} } };';
  const standalone =
    kind === 'no-standalone'
      ? ''
      : kind === 'throws'
        ? `export function Standalone() { throw new Error('broken'); }`
        : `export function Standalone(p) { return '<main data-tag="' + p.tag + '"><h1 class="pr-hero__headline">' + p.headline + '</h1></main>'; }`;
  return remoteBuild(tempDir(), {
    name: 'promotion_registration',
    version,
    routes: ['/promo'],
    files: {
      'index.html': LANDING,
      'landing/index.html': LANDING,
      'landing/assets/index-L.js': 'export {};',
      'landing/assets/PromoPage-L.js': 'export {};',
      'landing/assets/index-L.css': '.pr-hero__headline{font-size:30px}.pr-toast{color:red}',
      'server/entry.mjs': `import { tag } from "lv-shared:react"; export default function App() { return tag; } ${standalone} ${messages}`,
    },
  });
}

let patch = 0;
async function publish(ctx: TestContext, kind: Parameters<typeof promotion>[1], withStandalone = true) {
  const v = `2.0.${patch++}`;
  await releaseInto(ctx, 'shell', shell(v, withStandalone));
  await releaseInto(ctx, 'promotion-registration', promotion(v, kind));
  return v;
}

/** The page, asked until it came server-rendered (a version's first page may go out before its entries loaded). */
async function landing(ctx: TestContext, query: string, want = true) {
  for (let i = 0; i < 30; i++) {
    const res = await ctx.app.inject({ method: 'GET', url: `/landing?${query}`, headers: { accept: 'text/html' } });
    if (res.body.includes('id="lv-ssr"') === want) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never ${want ? '' : 'client-'}rendered`);
}

describe.each(BACKENDS)('/landing server-rendered (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { ssrBudgetMs: 3000 } });

  it("the headline is in the page, on the shell's shared React, in the language of the address; scripts after the markup", async () => {
    const v = await publish(ctx, 'ok');
    const res = await landing(ctx, 'templateId=1&isNeedPop=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(res.body).toContain(
      '<div id="root" inert><main data-tag="one-react"><h1 class="pr-hero__headline">Loans of ₹2,000 to ₹80,000 within 2 hours</h1></main></div>',
    );
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<html lang="en">');
    // The stylesheet inlined with the rules the markup uses; no script, preload or stylesheet link before the markup.
    expect(head).toContain('<style>.pr-hero__headline{font-size:30px}</style>');
    expect(head).not.toMatch(/<script|modulepreload|rel="stylesheet"/);
    // After the markup: its data, then the whole stylesheet and the scripts for the after-paint loader.
    const tail = res.body.slice(res.body.indexOf('</div>'));
    expect(tail).toContain(
      '<script id="lv-ssr" type="application/json">{"lang":"en","queries":{"queries":[{"queryHash":"[\\"t\\"]","state":{"data":1}}]}}</script>',
    );
    const list = JSON.parse(tail.match(/<script id="lv-scripts" type="application\/json">([^<]*)<\/script>/)![1]!) as unknown[];
    const base = `/remotes/promotion-registration/${v}/landing/assets/`;
    expect(list).toEqual([{ style: `${base}index-L.css` }, { module: `${base}index-L.js` }, { preload: `${base}PromoPage-L.js` }]);
    // The template is in the page's data: not also in the client-rendered page's element.
    expect(res.body).not.toContain('lv-landing-template');
  });

  it("in Indonesian by the same rule, and a visitor's token is not needed (a public page)", async () => {
    await publish(ctx, 'ok');
    const res = await landing(ctx, 'templateId=1');
    expect(res.body).toContain('<h1 class="pr-hero__headline">Pinjaman Rp 1.000.000 - Rp 15.000.000 dalam 2 jam</h1>');
    expect(res.body).toContain('<html lang="id">');
  });

  it('compressed as the browser takes it', async () => {
    await publish(ctx, 'ok');
    await landing(ctx, 'templateId=1');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/landing?templateId=1',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it.each([
    ['a template that is not published (the render fails)', 'ok', true, 'templateId=999'],
    ['a promotion version without Standalone (built before)', 'no-standalone', true, 'templateId=1'],
    ['a promotion version without messages (built before issue 33)', 'no-messages', true, 'templateId=1'],
    ['a Standalone that throws', 'throws', true, 'templateId=1'],
    ['a shell without renderStandalone (built before)', 'ok', false, 'templateId=1'],
  ] as const)('%s: the page as it is, client-rendered, with its template when there is one', async (_, kind, withStandalone, query) => {
    const v = await publish(ctx, kind, withStandalone);
    // Let the version load (the warm, or a first page), then the answer is the plain page every time.
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 3; i++) {
      const res = await landing(ctx, query, false);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain(`src="/remotes/promotion-registration/${v}/landing/assets/index-L.js"`);
      expect(res.body).toContain('<html lang="id">');
      if (query === 'templateId=1') expect(res.body).toContain('<script id="lv-landing-template" type="application/json">');
      else expect(res.body).not.toContain('lv-landing-template');
    }
  });
});
