import { describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { get } from 'node:http';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, createGunzip, gunzipSync } from 'node:zlib';
import { BACKENDS, useTestApp } from './helpers/setup.ts';
import { publishLocalInto, remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';
import { pageLanguage, scriptJson } from '../src/ssr/page.ts';
import { AFTER_PAINT_SCRIPT, afterPaintList } from '../src/ssr/after-paint.ts';

// Server rendering (issue 14, src/ssr): the API's side, with small hand-written server entries standing in for the
// shell's and a remote's (the real ones are React; e2e/tests/ssr.spec.ts renders and hydrates those in Chromium).
// The stand-in shell renders what its in-process fetch of the loan details answered, so the borrower's identity,
// language and the one-shared-module rewrite can be read off the page.

const INDEX =
  '<!doctype html><html><head><title>t</title>' +
  '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous" />' +
  '<link rel="stylesheet" crossorigin href="/assets/shell-1.css">' +
  '<script type="module" src="/assets/shell.js"></script></head><body><div id="root"></div><p id="after">after</p></body></html>';

const SHELL_SERVER = {
  // Rules for the markup (body, #after) and for nothing in it (.lv-toast), also inside @media.
  'assets/shell-1.css': 'body{margin:0}.lv-toast{color:red}#after{color:blue}@media (min-width:1px){.lv-toast{margin:0}#after{margin:0}}',
  'server/shared/react.mjs': `export const tag = 'one-react'; export default { tag };`,
  'server/entry.mjs': `
import { tag } from './shared/react.mjs';
let serverFetch;
export function configureServer({ fetch }) { serverFetch = fetch; }
export function findOwner(manifest, pathname) { return manifest.remotes.find((r) => r.routes.includes(pathname)); }
export async function render({ url, lang, remote, module, signal }) {
  const q = new URL(url, 'http://x').searchParams;
  (globalThis.__lvRenders ??= []).push(remote.app + '@' + remote.version + ' ' + url);
  const res = await serverFetch('/v3/loan-details/detail?tok=ignored', {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ productId: q.get('productId') ?? '1', orderId: q.get('orderId') ?? '' }),
  }).catch((e) => {
    (globalThis.__lvRefused ??= []).push(e.message);
    throw e;
  });
  const env = await res.json();
  const html = await module.default.render({ lang, tag, code: env.code, orderId: env.data?.orderId, signal, app: remote.app });
  return { html, queries: { queries: [{ queryHash: '["x"]', state: { data: '</script><script>alert(1)</script>' } }] }, passes: 1 };
}`,
};

function remoteServer(kind: 'ok' | 'unhurried' | 'slow' | 'throws' | 'unknown-shared') {
  const imports = kind === 'unknown-shared' ? `import { x } from "lv-shared:react-dom"; ` : '';
  const body =
    kind === 'slow'
      ? `await new Promise((r) => setTimeout(r, 2000));`
      : kind === 'unhurried'
        ? `await new Promise((r) => setTimeout(r, 400));`
        : kind === 'throws'
          ? `throw new Error('server entry broken');`
          : '';
  return {
    'server/entry.mjs': `${imports}import { tag } from "lv-shared:react";
export default { async render(p) { ${body} return '<main data-tag="' + tag + '" data-lang="' + p.lang + '">' + p.code + ' ' + (p.orderId ?? '-') + '</main>'; } };`,
    'mf-manifest.json': JSON.stringify({
      id: 'loan_details',
      name: 'loan_details',
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { name: 'App', assets: { js: { sync: ['assets/App-1.js'] }, css: { sync: ['assets/font-1.css'], async: ['assets/page-1.css'] } } },
      ],
    }),
    'assets/App-1.js': 'export default 1;',
    'assets/page-1.css': 'main{}',
    // A relative url() would resolve against the page if inlined: this one stays a link.
    'assets/font-1.css': '@font-face{font-family:x;src:url(x.woff2)}',
  };
}

/** Each publish a new version of both: a version is immutable, and the API caches what it loaded by version. */
let nextPatch = 0;
async function publish(ctx: Parameters<typeof publishLocalInto>[0], remote: ReturnType<typeof remoteServer>, shellFiles = SHELL_SERVER) {
  const version = `0.9.${nextPatch++}`;
  const shell = shellBuild(tempDir(), { version, index: INDEX, files: shellFiles });
  const loan = remoteBuild(tempDir(), { name: 'loan_details', version, routes: ['/loanDetails'], files: remote });
  await publishLocalInto(ctx, [
    { app: 'shell', dir: shell },
    { app: 'loan-details', dir: loan },
  ]);
  return version;
}

const page = (
  ctx: { app: { inject: (o: object) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }> } },
  q: string,
) => ctx.app.inject({ method: 'GET', url: `/loanDetails?${q}`, headers: { accept: 'text/html' } });

/** The first page of a version loads its server entries; a page rendered within the budget follows. */
async function rendered(ctx: Parameters<typeof page>[0], q: string) {
  for (let i = 0; i < 20; i++) {
    const res = await page(ctx, q);
    if (res.body.includes('lv-ssr')) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('never server-rendered');
}

/** Runs the after-paint script in a VM over a fake document: what it appends, and its frames, timers and observers. */
function runLoader(list: unknown[], visibilityState: string, paintTiming: boolean) {
  const added: Record<string, string>[] = [];
  // The elements themselves (`added` holds each as it was when appended): what the script changes on them later.
  const elements: Record<string, string>[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const listeners: (() => void)[] = [];
  const observers: { report: (names: string[]) => void; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(callback: (entries: { getEntriesByName: (n: string) => unknown[] }, o: FakeObserver) => void) {
      const me = {
        report: (names: string[]) => callback({ getEntriesByName: (n) => names.filter((x) => x === n) }, this),
        disconnected: false,
      };
      observers.push(me);
      this.disconnect = () => void (me.disconnected = true);
    }
    disconnect: () => void;
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
    }
  }
  runInNewContext(AFTER_PAINT_SCRIPT, {
    document: {
      visibilityState,
      getElementById: (id: string) => (id === 'lv-scripts' ? { textContent: JSON.stringify(list) } : null),
      createElement: (tag: string) => ({ tag }) as Record<string, string>,
      head: {
        appendChild: (el: Record<string, string>) => {
          elements.push(el);
          added.push({ ...el });
        },
      },
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    ...(paintTiming ? { PerformanceObserver: FakeObserver } : {}),
  });
  const runTimers = (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.fn());
  return { added, elements, frames, runTimers, listeners, observers };
}

describe('server rendering: helpers', () => {
  it("the page's script tags become the after-paint list, in order, attributes unescaped, nothing else", () => {
    expect(
      afterPaintList(
        '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/a.js">' +
          '<link rel="stylesheet" href="/assets/x.css"><script src="/classic.js"></script>' +
          '<link rel="modulepreload" href="https://cdn.example/remotes/x/1.0.0/remoteEntry.js?a=1&amp;b=2" crossorigin>',
      ),
    ).toEqual([
      { module: '/assets/index-1.js' },
      { preload: '/assets/a.js' },
      { preload: 'https://cdn.example/remotes/x/1.0.0/remoteEntry.js?a=1&b=2' },
    ]);
  });

  it('the after-paint script adds the listed scripts once the first contentful paint is reported, in order', () => {
    const list = [{ preload: '/assets/a.js' }, { module: '/assets/index-1.js' }];
    // The module script's download starts with the others (a modulepreload), the script itself right after.
    const expected = [
      { tag: 'link', rel: 'modulepreload', href: '/assets/a.js', crossOrigin: 'anonymous' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/index-1.js', crossOrigin: 'anonymous' },
      { tag: 'script', type: 'module', src: '/assets/index-1.js', crossOrigin: 'anonymous' },
    ];
    const run = (visibilityState: string, paintTiming: boolean) => runLoader(list, visibilityState, paintTiming);

    // Paint Timing: nothing before the browser reports the first contentful paint (first-paint alone is not it), then
    // the next task adds them.
    const painted = run('visible', true);
    expect(painted.frames).toEqual([]);
    painted.runTimers(0);
    painted.observers[0]!.report(['first-paint']);
    painted.runTimers(0);
    expect(painted.added).toEqual([]);
    painted.observers[0]!.report(['first-contentful-paint']);
    expect(painted.observers[0]!.disconnected).toBe(true);
    expect(painted.added).toEqual([]);
    painted.runTimers(0);
    expect(painted.added).toEqual(expected);
    // Later events add nothing more.
    painted.runTimers(3000);
    painted.listeners.forEach((l) => l());
    expect(painted.added).toEqual(expected);

    // Without Paint Timing: the task after the next frame.
    const framed = run('visible', false);
    framed.runTimers(0);
    expect(framed.added).toEqual([]);
    framed.frames.forEach((f) => f());
    expect(framed.added).toEqual([]);
    framed.runTimers(0);
    expect(framed.added).toEqual(expected);

    // A hidden page (no paint to wait for): at once.
    expect(run('hidden', true).added).toEqual(expected);
    // Shown or hidden before the paint is reported: then.
    const switched = run('visible', true);
    switched.listeners.forEach((l) => l());
    expect(switched.added).toEqual(expected);
    // No paint ever reported: after three seconds.
    const never = run('visible', true);
    never.runTimers(0);
    expect(never.added).toEqual([]);
    never.runTimers(3000);
    expect(never.added).toEqual(expected);
  });

  it('the whole stylesheets come first, in order, fetched unapplied, and all apply at once right before the module scripts run: once they have loaded or failed; the scripts wait 3 s at most', () => {
    const list = [
      { style: '/assets/shell-1.css' },
      { style: '/remotes/x/1.0.0/assets/page.css' },
      { preload: '/assets/a.js' },
      { module: '/assets/index-1.js' },
    ];
    type Added = Record<string, unknown> & { onload?: () => void; onerror?: () => void };
    const shape = (added: Added[]) =>
      added.map(({ onload, onerror, ...el }) => ({ ...el, ...(onload ? { waitedFor: onload === onerror } : {}) }));
    const sheetsAndDownloads = [
      { tag: 'link', rel: 'stylesheet', media: 'print', href: '/assets/shell-1.css', crossOrigin: 'anonymous', waitedFor: true },
      {
        tag: 'link',
        rel: 'stylesheet',
        media: 'print',
        href: '/remotes/x/1.0.0/assets/page.css',
        crossOrigin: 'anonymous',
        waitedFor: true,
      },
      { tag: 'link', rel: 'modulepreload', href: '/assets/a.js', crossOrigin: 'anonymous' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/index-1.js', crossOrigin: 'anonymous' },
    ];
    const script = { tag: 'script', type: 'module', src: '/assets/index-1.js', crossOrigin: 'anonymous' };

    // The media of the two sheet elements now: 'print' is fetched and not applied.
    const media = (elements: Record<string, string>[]) => elements.slice(0, 2).map((el) => el.media);

    // Both sheets answered (one loaded, one failed): then both apply, and the script is added, once.
    const answered = runLoader(list, 'hidden', true);
    const added = answered.added as Added[];
    expect(shape(added)).toEqual(sheetsAndDownloads);
    (answered.elements[0] as Added).onload!();
    // One sheet loaded applies nothing on its own: it would override, for a moment, rules of the sheet after it.
    expect(media(answered.elements)).toEqual(['print', 'print']);
    expect(shape(added)).toEqual(sheetsAndDownloads);
    (answered.elements[1] as Added).onerror!();
    expect(media(answered.elements)).toEqual(['all', 'all']);
    expect(shape(added)).toEqual([...sheetsAndDownloads, script]);
    answered.runTimers(3000);
    expect(shape(added)).toEqual([...sheetsAndDownloads, script]);

    // A sheet slower than 3 s holds the script back 3 s at most; the sheets still wait for each other, then apply
    // together when it comes.
    const slow = runLoader(list, 'hidden', true);
    (slow.elements[0] as Added).onload!();
    expect(shape(slow.added as Added[])).toEqual(sheetsAndDownloads);
    slow.runTimers(3000);
    expect(media(slow.elements)).toEqual(['print', 'print']);
    expect(shape(slow.added as Added[])).toEqual([...sheetsAndDownloads, script]);
    (slow.elements[1] as Added).onload!();
    expect(media(slow.elements)).toEqual(['all', 'all']);
    expect(shape(slow.added as Added[])).toEqual([...sheetsAndDownloads, script]);

    // A sheet that never answers: the others apply 10 s after the loader started.
    const hung = runLoader(list, 'hidden', true);
    (hung.elements[0] as Added).onload!();
    hung.runTimers(3000);
    expect(media(hung.elements)).toEqual(['print', 'print']);
    hung.runTimers(10000);
    expect(media(hung.elements)).toEqual(['all', 'all']);
    expect(shape(hung.added as Added[])).toEqual([...sheetsAndDownloads, script]);
    (hung.elements[1] as Added).onload!();
    expect(shape(hung.added as Added[])).toEqual([...sheetsAndDownloads, script]);
  });

  it('a sheet or a script added after a fallback has come is applied or started as it is added, never left out', () => {
    // Seven sheets and a module script: the seventh sheet and the script are in the second batch. Should the fallbacks
    // come first (a page busy for seconds), the sheets already added apply then, the seventh as it is added, and the
    // script starts as it is added.
    const list = [...Array.from({ length: 7 }, (_, i) => ({ style: `/assets/s${i}.css` })), { module: '/assets/index-1.js' }];
    const loader = runLoader(list, 'visible', true);
    loader.observers[0]!.report(['first-contentful-paint']);
    // Only the task that starts the loader: its first batch of six.
    loader.runTimers(0);
    expect(loader.elements).toHaveLength(6);
    expect(loader.elements.map((el) => el.media)).toEqual(Array(6).fill('print'));
    loader.runTimers(3000);
    expect(loader.elements.map((el) => el.media)).toEqual(Array(6).fill('print'));
    loader.runTimers(10000);
    expect(loader.elements.map((el) => el.media)).toEqual(Array(6).fill('all'));
    loader.runTimers(0);
    expect(loader.elements.slice(0, 7).map((el) => el.media)).toEqual(Array(7).fill('all'));
    expect(loader.added.slice(7).map((el) => el.src ?? el.href)).toEqual(['/assets/index-1.js', '/assets/index-1.js']);
    expect(loader.added[8]).toMatchObject({ tag: 'script', type: 'module' });
  });

  it('the elements are added six per task, in order (no long task on a slow phone), and the module script only after the last; a hidden page, all at once', () => {
    const list = [
      { style: '/assets/shell-1.css' },
      { style: '/remotes/x/1.0.0/assets/page.css' },
      { module: '/assets/index-1.js' },
      ...Array.from({ length: 13 }, (_, i) => ({ preload: `/assets/chunk-${i}.js` })),
    ];
    const hrefs = (added: Record<string, unknown>[]) => added.map((el) => el.href ?? `script ${String(el.src)}`);
    const loader = runLoader(list, 'visible', true);
    loader.observers[0]!.report(['first-contentful-paint']);
    loader.runTimers(0);
    const added = loader.added as (Record<string, unknown> & { onload: () => void })[];
    expect(hrefs(added)).toEqual([
      '/assets/shell-1.css',
      '/remotes/x/1.0.0/assets/page.css',
      '/assets/index-1.js',
      ...[0, 1, 2].map((i) => `/assets/chunk-${i}.js`),
    ]);
    // Both sheets loaded while downloads are still to be started: the script waits for the last batch.
    added[0]!.onload();
    added[1]!.onload();
    expect(added).toHaveLength(6);
    loader.runTimers(0);
    expect(hrefs(added).slice(6)).toEqual([3, 4, 5, 6, 7, 8].map((i) => `/assets/chunk-${i}.js`));
    loader.runTimers(0);
    expect(hrefs(added).slice(12)).toEqual([9, 10, 11, 12].map((i) => `/assets/chunk-${i}.js`).concat('script /assets/index-1.js'));
    loader.runTimers(0);
    loader.runTimers(3000);
    expect(added).toHaveLength(17);

    // A hidden page (its timers are throttled, and nobody waits on it): all at once, the script once the sheets loaded.
    const hidden = runLoader(list, 'hidden', true);
    const all = hidden.added as (Record<string, unknown> & { onload: () => void })[];
    expect(all).toHaveLength(16);
    all[0]!.onload();
    all[1]!.onload();
    expect(hrefs(all).slice(15)).toEqual(['/assets/chunk-12.js', 'script /assets/index-1.js']);
  });

  it('the page data cannot end its <script>: <, >, & and line separators are escaped', () => {
    const out = scriptJson({ a: '</script><script>alert(1)</script>', b: 'x\u2028y&' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ a: '</script><script>alert(1)</script>', b: 'x\u2028y&' });
  });

  it('the language rule the server can apply: isNeedPop=1 is English, anything else Indonesian', () => {
    expect(pageLanguage('/loanDetails?isNeedPop=1')).toBe('en');
    expect(pageLanguage('/loanDetails?isNeedPop=%201%20')).toBe('en');
    expect(pageLanguage('/loanDetails?isNeedPop=0')).toBe('id');
    expect(pageLanguage('/loanDetails')).toBe('id');
  });
});

describe.each(BACKENDS)('server rendering of a page (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { ssrBudgetMs: 3000 } });
  let version = '';

  it("renders the owner's page with the borrower's own data fetched in process, streams it after the head, and the browser gets the data", async () => {
    version = await publish(ctx, remoteServer('ok'));
    const res = await rendered(ctx, 'tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-170');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // The remote runs on the shell's shared module (lv-shared:react rewritten), in the page's language, as the borrower.
    expect(res.body).toContain('<div id="root" inert><main data-tag="one-react" data-lang="en">00 DEMO-170</main></div>');
    // Head first: the shell's and the remote's stylesheets inlined (no round trip before the first paint) except one
    // with a relative url(), and no preload of /remotes.json (the manifest is in the page). No script: nothing is
    // downloaded while the server renders, to share the bandwidth with the markup. Of the inlined sheets, only the
    // rules the markup can use (critical-css.ts): the toast's rules are not in the page.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<title>t</title><style>body{margin:0}#after{color:blue}@media (min-width:1px){#after{margin:0}}</style>');
    expect(res.body).not.toContain('lv-toast');
    expect(head).not.toContain('shell-1.css');
    expect(head).toContain('<style>main{}</style>');
    expect(head).not.toContain('page-1.css');
    expect(head).toContain(`<link rel="stylesheet" href="/remotes/loan-details/${version}/assets/font-1.css">`);
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('/remotes.json');
    // After the markup and its data: the whole stylesheets (shell's, remote's) in their order, the shell's module
    // script and the remote's modulepreloads as a list, in that order, that the after-paint script (from our origin,
    // cached for good) starts after the first paint; then the rest. No script tag of them in the page.
    const tail = res.body.slice(res.body.indexOf('<script id="lv-ssr"'));
    expect(tail.slice(tail.indexOf('</script>') + '</script>'.length)).toBe(
      '<script id="lv-scripts" type="application/json">' +
        JSON.stringify([
          { style: '/assets/shell-1.css' },
          { style: `/remotes/loan-details/${version}/assets/font-1.css` },
          { style: `/remotes/loan-details/${version}/assets/page-1.css` },
          { module: '/assets/shell.js' },
          { preload: `/remotes/loan-details/${version}/remoteEntry.js` },
          { preload: `/remotes/loan-details/${version}/assets/App-1.js` },
        ]) +
        `</script><script>${AFTER_PAINT_SCRIPT}</script>` +
        '<p id="after">after</p></body></html>',
    );
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('<link rel="modulepreload"');
    // The loader is inline (no request before the first paint), and this page's CSP allows exactly its text by hash:
    // script-src stays 'self' otherwise.
    const digest = createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64');
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${digest}';`);
    expect(res.body.match(/<script>/g)).toHaveLength(1);
    // The data the browser hydrates, which cannot break out of its script element.
    const json = /<script id="lv-ssr" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!;
    expect(json).not.toContain('</script>');
    const data = JSON.parse(json) as {
      lang: string;
      manifest: { remotes: { app: string }[] };
      queries: { queries: { state: { data: string } }[] };
    };
    expect(data.lang).toBe('en');
    expect(data.manifest.remotes.map((r) => r.app)).toEqual(['loan-details']);
    expect(data.queries.queries[0]!.state.data).toBe('</script><script>alert(1)</script>');
    // No token in the page (the page's own address is the browser's; the server's calls send it as a header).
    expect(res.body).not.toContain('demo-borrower');
  });

  it("another borrower's token renders that borrower's answer (not the order of someone else); none renders the logged-out answer", async () => {
    const other = await rendered(ctx, 'tok=demo-borrower-2&productId=1&orderId=DEMO-170');
    expect(other.body).toMatch(/<main data-tag="one-react" data-lang="id">(?!00 )\S+ -<\/main>/);
    const none = await rendered(ctx, 'productId=1&orderId=DEMO-170');
    expect(none.body).toMatch(/<main data-tag="one-react" data-lang="id">(?!00 )\S+ -<\/main>/);
  });

  it('compressed as the browser takes it (brotli, else gzip, else plain), the same page, and it varies by Accept-Encoding', async () => {
    const q = '/loanDetails?tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-170';
    // Each page carries its own signed view id (issue 36 item 4: src/rum/view-id.ts); the rest is the same page.
    const page = (html: string) => html.replace(/"rumView":"v1\.[A-Za-z0-9_.-]+"/, '"rumView":"(this page\'s)"');
    const plain = { body: page((await rendered(ctx, q.slice('/loanDetails?'.length))).body) };
    const as = (encoding: string) =>
      ctx.app.inject({ method: 'GET', url: q, headers: { accept: 'text/html', 'accept-encoding': encoding } });
    const br = await as('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(page(brotliDecompressSync(br.rawPayload).toString('utf8'))).toBe(plain.body);
    const gz = await as('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(page(gunzipSync(gz.rawPayload).toString('utf8'))).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length);
    const refused = await as('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(page(refused.body)).toBe(plain.body);
  });

  it('the compressed head goes out up to its stylesheets before the render ends; the stylesheets (only the rules the markup uses) come with the markup', async () => {
    await publish(ctx, remoteServer('unhurried'));
    await ctx.app.pages.renderer!.warm();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const arrivals: { at: number; text: string }[] = [];
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      get(`${address}/loanDetails?tok=demo-borrower&productId=1&orderId=DEMO-170`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        const unzip = res.pipe(createGunzip());
        unzip.on('data', (chunk: Buffer) => arrivals.push({ at: Date.now() - started, text: chunk.toString('utf8') }));
        unzip.on('end', resolve);
        unzip.on('error', reject);
      }).on('error', reject);
    });
    const whole = arrivals.map((a) => a.text).join('');
    expect(whole).toContain('<div id="root" inert><main');
    const leadAt = arrivals.find((a) => a.text.includes('<title>t</title>'))!.at;
    const rootAt = arrivals.find((a) => a.text.includes('<div id="root"'))!.at;
    // The stand-in remote takes 400 ms to render: the page's first bytes are not held back for it.
    expect(rootAt - leadAt).toBeGreaterThanOrEqual(300);
    expect(arrivals.find((a) => a.text.includes('<title>t</title>'))!.text).not.toContain('<style>');
    expect(whole).toContain('<style>body{margin:0}#after{color:blue}@media (min-width:1px){#after{margin:0}}</style>');
  });

  it('the server build is never served: not under /remotes, not from the shell', async () => {
    for (const url of [`/remotes/loan-details/${version}/server/entry.mjs`, '/server/entry.mjs', '/server/shared/react.mjs']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // The browser files of the same version still are.
    expect((await ctx.app.inject({ method: 'GET', url: `/remotes/loan-details/${version}/assets/App-1.js` })).statusCode).toBe(200);
  });
});

describe.each(BACKENDS)('server rendering falls back to the browser, per remote (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { ssrBudgetMs: 300 } });

  it.each(['slow', 'throws', 'unknown-shared'] as const)(
    'a remote whose server entry is %s: the page goes out client-rendered, whole',
    async (kind) => {
      await publish(ctx, remoteServer(kind));
      // A few pages: the first loads the entries (may be over the budget anyway), the later ones render or fall back.
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const res = await page(ctx, 'tok=demo-borrower&productId=1&orderId=DEMO-170');
        expect(res.statusCode).toBe(200);
        // The shell's index.html as it is (not prepared in time), or the streamed page with its scripts after the root.
        const streamed = res.body.includes('<div id="root"></div><script type="module" src="/assets/shell.js"></script>');
        expect(res.body === INDEX || streamed, res.body).toBe(true);
        // Streamed with nothing rendered: the stylesheets whole, every rule (no markup to choose by).
        if (streamed) expect(res.body).toContain(`<style>${SHELL_SERVER['assets/shell-1.css']}</style>`);
        expect(res.body).not.toContain('lv-ssr');
        expect(res.body).toContain('<p id="after">after</p>');
        // Never waits for the slow render: the budget, plus the machine's slack.
        expect(Date.now() - started).toBeLessThan(1800);
      }
    },
  );

  it('a shell built before server rendering (no server/entry.mjs) serves index.html as it is', async () => {
    await publish(ctx, remoteServer('ok'), {} as typeof SHELL_SERVER);
    const res = await page(ctx, 'tok=demo-borrower');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });
});

describe.each(BACKENDS)('server rendering: a version is warmed before its first page (%s)', (backend) => {
  const ctx = useTestApp(backend, { app: { ssrBudgetMs: 3000 } });
  const folders = () => readdirSync(ctx.app.pages.renderer!.entries.root);

  it('warm() loads the live shell and remote: their server files are in place and the very first page is server-rendered', async () => {
    const version = await publish(ctx, remoteServer('ok'));
    expect(folders().some((f) => f.startsWith(`loan-details-${version}-`))).toBe(false);
    await ctx.app.pages.renderer!.warm();
    expect(folders().some((f) => f.startsWith(`shell-${version}-`))).toBe(true);
    expect(folders().some((f) => f.startsWith(`loan-details-${version}-`))).toBe(true);
    const first = await page(ctx, 'tok=demo-borrower&isNeedPop=1&productId=1&orderId=DEMO-170');
    expect(first.body).toContain('<div id="root" inert><main data-tag="one-react" data-lang="en">00 DEMO-170</main></div>');
  });

  it('warm() renders each route of a live remote once, with no data: the in-process fetch refuses every call, so nothing is asked of the API', async () => {
    const g = globalThis as { __lvRenders?: string[]; __lvRefused?: string[] };
    const version = await publish(ctx, remoteServer('ok'));
    g.__lvRenders = [];
    g.__lvRefused = [];
    await ctx.app.pages.renderer!.warm();
    expect(g.__lvRenders).toEqual([`loan-details@${version} /loanDetails`]);
    // The stand-in shell's one call was refused before it reached any route (fetchInProcess, outside a page).
    expect(g.__lvRefused).toEqual(['server render: a call outside a page render']);
    // Once per version: the next warm (every 30 s) renders nothing again.
    await ctx.app.pages.renderer!.warm();
    expect(g.__lvRenders).toHaveLength(1);
  });

  it('a version whose server entry cannot load (a shared library the shell lacks): warm() still settles, and its pages go out client-rendered', async () => {
    const version = await publish(ctx, remoteServer('unknown-shared'));
    await expect(ctx.app.pages.renderer!.warm()).resolves.toBeUndefined();
    expect(folders().some((f) => f.startsWith(`shell-${version}-`))).toBe(true);
    const res = await page(ctx, 'tok=demo-borrower&productId=1&orderId=DEMO-170');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('asked again while one is under way (a switch during a warm): one more runs after it and sees the new version', async () => {
    const renderer = ctx.app.pages.renderer!;
    const releases = ctx.app.releases;
    const live = releases.live.bind(releases);
    let letGo!: () => void;
    const gate = new Promise<void>((r) => (letGo = r));
    // The warm under way read the live versions before the switch and finishes after it.
    vi.spyOn(releases, 'live').mockImplementationOnce(async () => {
      const rows = await live();
      await gate;
      return rows;
    });
    const under = renderer.warm();
    const version = await publish(ctx, remoteServer('ok'));
    const again = renderer.warm();
    letGo();
    await Promise.all([under, again]);
    expect(folders().some((f) => f.startsWith(`loan-details-${version}-`))).toBe(true);
  });
});
