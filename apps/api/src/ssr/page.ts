import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { manifestFor, type ServedManifest } from '../releases/canary-manifest.ts';
import { withRumView } from '../rum/view-id.ts';
import { acceptedEncodings, type CachedVersion, type ManifestEntry, type RemotesManifest } from '../releases/serving.ts';
import { runningCanaries } from '../releases/canary.ts';
import type { LiveRow } from '../releases/catalog.ts';
import type { Viewer } from '../releases/canary-manifest.ts';
import { safeError } from '../lib/log-redaction.ts';
import { AFTER_PAINT_CSP_SOURCE, AFTER_PAINT_SCRIPT, afterPaintList, unescapeAttr } from './after-paint.ts';
import { criticalCss, markupTokens, parseSheet, type ParsedSheet } from './critical-css.ts';
import { hasServerEntry, ServerEntries, type LoadedShell } from './loader.ts';

// Server rendering of the borrower pages (issue 14; docs/performance.md "Server rendering").
//
// A page request: the live shell's index.html up to #root goes out at once, with the shell's and the route's remote's
// stylesheets inlined and its scripts taken out (they follow the markup: HeadPart says why). Then the
// shell's server entry renders the page with the remote's server entry (both of the versions this browser gets from
// /remotes.json: live, canary or preview), fetching the data the screens ask for in process, through the API's own
// routes with the borrower's identity and language (no network hop). The markup and the data the browser hydrates
// follow, then the scripts (the shell's, and modulepreloads of what hydration needs) and the rest of index.html. A
// page whose render fails or takes longer than the budget is sent with an empty #root the browser renders itself.
// That is per page, so one remote's broken server entry costs only its own routes their server rendering.

const ROOT = '<div id="root"></div>';
// Head parts kept (PageRenderer.headOf): a few versions of each app are live, canary or in preview at a time.
const MAX_HEADS = 64;
const MANIFEST_PRELOAD = /<link rel="preload" href="\/remotes\.json"[^>]*>\s*/;
// How often each process looks for versions to warm (PageRenderer.warm): a release or canary started by another
// instance of the API gets its server files loaded within this time instead of on one of its first pages.
export const WARM_INTERVAL_MS = 30_000;
// A warm render makes no call; this only bounds a screen that never settles.
const WARM_RENDER_MS = 5_000;

export interface PageRendererOptions {
  /** Longest render before the page goes out client-rendered (ms). 0: server rendering off. */
  budgetMs: number;
  viewerOf(req: FastifyRequest, reply: FastifyReply): Promise<Viewer>;
}

interface PageContext {
  tok?: string;
  dId?: string;
  lang: 'en' | 'id';
  ip: string;
  requestId: string;
}

/** The page's calls are made as the visitor of the page: their token and device from its address, language, address. */
function pageContext(req: FastifyRequest, lang: 'en' | 'id'): PageContext {
  const params = new URL(req.url, 'http://page').searchParams;
  return { tok: params.get('tok') ?? undefined, dId: params.get('dId') ?? undefined, lang, ip: req.ip, requestId: req.id };
}

/** `<`, `>`, `&` and the two line separators escaped: JSON that cannot end the <script> it sits in. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/**
 * A stylesheet of a version to inline, or null to keep the <link>. On a phone on a slow network a render-blocking
 * <link> costs a round trip before the first paint of a page whose markup is already there; the stylesheets are a few
 * KB each. Kept as a link: a relative url() (it would resolve against the page instead of the file) and text that
 * could end the element.
 */
async function inlineStyle(app: FastifyInstance, v: CachedVersion, path: string): Promise<{ sheet: InlineSheet | null; read: boolean }> {
  const f = v.files[path];
  if (!f || !path.endsWith('.css')) return { sheet: null, read: true };
  const bytes = await app.releases.bytes(v, path, f.sha256, f.size);
  if (!bytes) return { sheet: null, read: false };
  const css = bytes.toString('utf8');
  if (/<\/style/i.test(css) || /url\(\s*(?!["']?data:)/i.test(css)) return { sheet: null, read: true };
  return { sheet: { css, parsed: parseSheet(css) }, read: true };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*?href="([^"]+)"[^>]*>/g;

// The shell's module scripts and modulepreloads in its index.html head (Vite writes them on one line or several).
const SCRIPT_TAGS = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/** A stylesheet inlined in the page: whole on a client-rendered page, only the rules its markup uses on a rendered one. */
interface InlineSheet {
  css: string;
  parsed: ParsedSheet | null;
}

/**
 * A version's part of the page: `head` goes in the head (text and the stylesheets to inline, in order), `sheets` are
 * the URLs of all its stylesheets in order (inlined or linked), `scripts` go after the rendered markup (module scripts
 * and modulepreloads); `complete` false when a file of it could not be read (not to be kept).
 *
 * Why the scripts go after the markup: the head is sent before the render, and a script or preload in it starts ~200
 * KB of downloads while the server is still rendering. On a slow phone network those share the bandwidth with the
 * markup that follows, so the borrower sees the page later (and Lighthouse's simulation counts every request started
 * before the first paint as its dependency: /complainNewPage's LCP went from 0.7 s to 2.1 s whenever the render took
 * longer than the head's trip). After the markup they start once the page is there; module scripts run after the
 * document is parsed wherever they are, so only their start moves, by the render's time.
 */
interface HeadPart {
  head: (string | InlineSheet)[];
  sheets: string[];
  scripts: string;
  complete: boolean;
}

/**
 * The head as text: each inlined sheet whole (tokens null: a page the browser renders itself) or only the rules the
 * markup's classes and ids can use (critical-css.ts; the whole sheets follow after the first paint).
 */
function headText(parts: (string | InlineSheet)[], tokens: Set<string> | null): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else {
      const css = tokens && part.parsed ? criticalCss(part.parsed, tokens) : part.css;
      if (css) out += `<style>${css}</style>`;
    }
  }
  return out;
}

/**
 * The shell's index.html up to #root with its own stylesheets inlined (inlineStyle), its scripts and the manifest's
 * preload taken out (the page carries its manifest).
 */
function shellHead(app: FastifyInstance, shell: CachedVersion, before: string): Promise<HeadPart> {
  return indexHead(app, shell, before.replace(MANIFEST_PRELOAD, ''), (href) => new URL(href, 'http://page').pathname.replace(/^\//, ''));
}

/**
 * An index.html of version `v` up to #root with its stylesheets inlined (inlineStyle) and its scripts taken out;
 * `pathOf` gives the version's file of a stylesheet's href.
 */
async function indexHead(app: FastifyInstance, v: CachedVersion, text: string, pathOf: (href: string) => string): Promise<HeadPart> {
  const head: (string | InlineSheet)[] = [];
  const sheets: string[] = [];
  let complete = true;
  let at = 0;
  for (const match of text.matchAll(STYLESHEET_LINK)) {
    const [link] = match;
    const href = unescapeAttr(match[1] ?? '');
    const { sheet, read } = await inlineStyle(app, v, pathOf(href));
    complete &&= read;
    head.push(text.slice(at, match.index).replace(SCRIPT_TAGS, ''), sheet ?? link);
    sheets.push(href);
    at = match.index + link.length;
  }
  head.push(text.slice(at).replace(SCRIPT_TAGS, ''));
  const scripts = [...text.matchAll(SCRIPT_TAGS)].map(([tag]) => tag.trim()).join('');
  return { head, sheets, scripts, complete };
}

/** The remote's remoteEntry.js and the exposed App's own chunks (modulepreload), and its stylesheets. */
async function remoteHead(app: FastifyInstance, v: CachedVersion, base: string): Promise<HeadPart> {
  const f = v.files['mf-manifest.json'];
  const bytes = f ? await app.releases.bytes(v, 'mf-manifest.json', f.sha256, f.size) : null;
  if (!bytes) return { head: [], sheets: [], scripts: '', complete: false };
  const m = JSON.parse(bytes.toString('utf8')) as FederationManifest;
  const exposed = m.exposes?.find((e) => e.name === 'App');
  const entry = m.metaData?.remoteEntry;
  const js = [...(entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : []), ...(exposed?.assets?.js?.sync ?? [])];
  const css = [...(exposed?.assets?.css?.sync ?? []), ...(exposed?.assets?.css?.async ?? [])].filter((p) => v.files[p]);
  const styles = await Promise.all(css.map((p) => inlineStyle(app, v, p)));
  const head = styles.map(({ sheet }, i) => sheet ?? `<link rel="stylesheet" href="${attr(base + css[i])}">`);
  const preloads = js.filter((p) => v.files[p]).map((p) => `<link rel="modulepreload" href="${attr(base + p)}" crossorigin>`);
  return { head, sheets: css.map((p) => base + p), scripts: preloads.join(''), complete: styles.every((s) => s.read) };
}

/**
 * The shell's head up to its first stylesheet: what goes out before the render (it does not depend on the markup).
 * Empty when the shell has no stylesheet (its whole head then goes out with the markup).
 */
function headLead(shell: HeadPart): string {
  const first = shell.head[0];
  return typeof first === 'string' && !first.includes('</head>') ? first : '';
}

/**
 * The rest of the page's head after headLead, up to #root: the shell's part with the remote's (its stylesheets last,
 * before </head>); tokens as in headText.
 */
function headRest(shell: HeadPart, remote: HeadPart, tokens: Set<string> | null): string {
  const parts = headLead(shell) ? shell.head.slice(1) : shell.head;
  return headText(parts, tokens).replace('</head>', `${headText(remote.head, tokens)}</head>`);
}

export class PageRenderer {
  private readonly context = new AsyncLocalStorage<PageContext>();
  // The head parts of a version (its manifest parsed, its stylesheets inlined): a version is immutable, so they are
  // made once per version, not on every page. A part made while a file could not be read is not kept.
  private readonly heads = new Map<string, HeadPart>();

  private async headOf(key: string, make: () => Promise<HeadPart>): Promise<HeadPart> {
    const kept = this.heads.get(key);
    if (kept !== undefined) return kept;
    const part = await make();
    if (part.complete) {
      if (this.heads.size >= MAX_HEADS) this.heads.delete(this.heads.keys().next().value!);
      this.heads.set(key, part);
    }
    return part;
  }
  readonly entries: ServerEntries;
  private warming: Promise<void> | null = null;
  private warmAgain: Promise<void> | null = null;
  /** Remote versions (on a shell) whose routes have had their warm render (warmRender). */
  private readonly rendered = new Set<string>();
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: PageRendererOptions,
  ) {
    this.entries = new ServerEntries(app.releases, mkdtempSync(join(tmpdir(), 'lendview-ssr-')), (input, init) =>
      this.fetchInProcess(input, init),
    );
  }

  /**
   * The page's data calls (the api-client's fetch on the server): answered by this server's own routes through
   * Fastify's inject, as the borrower: their token and device, their language, their address (rate limits).
   */
  private async fetchInProcess(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const ctx = this.context.getStore();
    if (!ctx) throw new Error('server render: a call outside a page render');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    if (ctx.tok) headers['x-lv-token'] = ctx.tok;
    else delete headers['x-lv-token'];
    if (ctx.dId) headers['x-lv-device'] = ctx.dId;
    headers['accept-language'] = ctx.lang;
    headers['x-request-id'] = ctx.requestId;
    let payload: string | undefined;
    if (init.body instanceof URLSearchParams) {
      payload = init.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (typeof init.body === 'string') payload = init.body;
    else if (init.body != null) throw new Error('server render: only form and text bodies are sent in process');
    const res = await this.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      headers,
      payload,
      remoteAddress: ctx.ip,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.rawPayload, { status: res.statusCode, headers: out });
  }

  /** Sends the page (GET), server-rendered when it can be; false when there is no live shell to send. */
  async send(req: FastifyRequest, reply: FastifyReply, status: number): Promise<boolean> {
    // The live versions read once for the whole page (index, shell, manifest): one round trip instead of three.
    const live = await this.app.releases.live();
    const index = await this.app.releases.shellIndex(live);
    if (!index) return false;
    const html = index.toString('utf8');
    const plain = () => reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
    if (this.options.budgetMs <= 0 || req.method !== 'GET' || status !== 200 || !html.includes(ROOT)) {
      await plain();
      return true;
    }
    // The budget covers loading the server entries too: a version's first page after a release (copying and
    // importing its server files) may go out client-rendered while the load finishes for the next one.
    const started = performance.now();
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`over the ${this.options.budgetMs} ms budget`)), this.options.budgetMs);
    const overBudget = new Promise<never>((_, reject) =>
      abort.signal.addEventListener('abort', () => reject(abort.signal.reason as Error), { once: true }),
    );
    overBudget.catch(() => undefined);
    let prepared: Awaited<ReturnType<PageRenderer['prepare']>>;
    try {
      // Before the race: it may set the cohort cookie, which must happen before the page is sent.
      const viewer = await this.options.viewerOf(req, reply);
      prepared = await Promise.race([this.prepare(req, viewer, html.slice(0, html.indexOf(ROOT)), live), overBudget]);
    } catch (err) {
      req.log.warn({ err: safeError(err) }, 'server render: not prepared, page sent client-rendered');
      prepared = null;
    }
    if (!prepared) {
      clearTimeout(timer);
      await plain();
      return true;
    }
    const { shell, remote, manifest, owner, head, before } = prepared;
    const after = html.slice(html.indexOf(ROOT) + ROOT.length);
    const { body, encoding } = pageBody(req.headers['accept-encoding']);
    // Personal data in the page (the borrower's loan): never stored by a cache on the way.
    reply.code(200).header('cache-control', 'no-store').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    allowAfterPaint(reply);
    if (encoding) reply.header('content-encoding', encoding);
    void reply.send(body);
    // The head up to its stylesheets goes out now (the browser has the page's first bytes while the server renders);
    // the stylesheets once the markup is known, with only the rules it uses (critical-css.ts).
    const url = req.url;
    const lang = pageLanguage(url);
    body.write(withLang(headLead(before), lang));
    body.flush?.();

    let rendered: { html: string; queries: unknown; passes: number } | null = null;
    try {
      rendered = await Promise.race([
        this.context.run(pageContext(req, lang), () =>
          shell.module.render({ url, lang, manifest, remote: owner, module: remote, signal: abort.signal }),
        ),
        overBudget,
      ]);
    } catch (err) {
      req.log.warn({ err: safeError(err), app: owner.app, version: owner.version }, 'server render: page sent client-rendered');
    } finally {
      clearTimeout(timer);
    }
    if (rendered) {
      req.log.info(
        { app: owner.app, version: owner.version, ms: Math.round(performance.now() - started), passes: rendered.passes },
        'server render',
      );
      // inert until the shell has hydrated (apps/shell/src/main.tsx): a tap or typing on markup whose scripts have
      // not run yet would be lost, and a form would submit natively (its fields in a GET address).
      const markup = `<div id="root" inert>${rendered.html}</div>`;
      const tokens = markupTokens(before.head.filter((part) => typeof part === 'string').join('') + markup + after);
      body.write(withLang(headRest(before, head, tokens), lang) + markup);
      body.write(`<script id="lv-ssr" type="application/json">${scriptJson({ lang, manifest, queries: rendered.queries })}</script>`);
      // The whole stylesheets, then the scripts once the markup is out (HeadPart), after its first paint (after-paint.ts).
      // The loader inline (AFTER_PAINT_CSP_SOURCE says why; this page's CSP allows exactly it).
      const list = [...[...before.sheets, ...head.sheets].map((style) => ({ style })), ...afterPaintList(before.scripts + head.scripts)];
      body.end(
        `<script id="lv-scripts" type="application/json">${scriptJson(list)}</script><script>${AFTER_PAINT_SCRIPT}</script>${after}`,
      );
    } else {
      // Nothing rendered to paint: the whole stylesheets and the scripts as they are, at once.
      body.write(withLang(headRest(before, head, null), lang));
      body.write(ROOT);
      body.end(`${before.scripts}${head.scripts}${after}`);
    }
    return true;
  }

  /**
   * Sends a remote's standalone page (`html`: its index.html from version `v`, URLs made absolute; /landing, the ad
   * landing: routes/landing) server-rendered with the remote's `Standalone` tree on the live shell's server entry, as
   * the browser's mountStandalone will hydrate it. Built whole, not streamed: its render is one or two passes of
   * public data. False, and nothing sent, when it cannot be (server rendering off, a shell or a version built without
   * it, a failure, over the budget): the caller sends the page as it is.
   */
  async sendStandalone(req: FastifyRequest, reply: FastifyReply, page: StandalonePage): Promise<boolean> {
    const { version: v, html } = page;
    if (this.options.budgetMs <= 0 || req.method !== 'GET' || !html.includes(ROOT) || !hasServerEntry(v)) return false;
    const started = performance.now();
    const signal = AbortSignal.timeout(this.options.budgetMs);
    const overBudget = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new Error(`over the ${this.options.budgetMs} ms budget`)), { once: true }),
    );
    overBudget.catch(() => undefined);
    const url = req.url;
    const lang = pageLanguage(url);
    let rendered: { html: string; queries: unknown; passes: number };
    let head: HeadPart;
    try {
      const live = await this.app.releases.liveShell(page.live);
      if (!live || !hasServerEntry(live)) return false;
      const shell = await Promise.race([this.entries.shell(live), overBudget]);
      const remote = (await Promise.race([this.entries.remote(v, shell), overBudget])) as { Standalone?: unknown; messages?: unknown };
      const shellModule = shell.module;
      const { Standalone: component, messages } = remote;
      // Versions built before /landing was server-rendered export no Standalone; before issue 33, no messages.
      if (
        typeof shellModule.renderStandalone !== 'function' ||
        typeof component !== 'function' ||
        typeof messages !== 'object' ||
        !messages
      )
        return false;
      const before = html.slice(0, html.indexOf(ROOT));
      head = await this.headOf(`${v.app}@${v.version}@${page.file}`, () => indexHead(this.app, v, before, page.pathOf));
      rendered = await Promise.race([
        this.context.run(pageContext(req, lang), () => shellModule.renderStandalone!({ url, lang, component, messages, signal })),
        overBudget,
      ]);
    } catch (err) {
      req.log.warn({ err: safeError(err), app: v.app, version: v.version }, 'server render: standalone page sent client-rendered');
      return false;
    }
    req.log.info(
      { app: v.app, version: v.version, ms: Math.round(performance.now() - started), passes: rendered.passes },
      'server render: standalone page',
    );
    const after = html.slice(html.indexOf(ROOT) + ROOT.length);
    // inert until hydrated (packages/ui/src/hydration.ts): a form typed into before its scripts ran would be lost.
    const markup = `<div id="root" inert>${rendered.html}</div>`;
    const tokens = markupTokens(head.head.filter((part) => typeof part === 'string').join('') + markup + after);
    const list = [...head.sheets.map((style) => ({ style })), ...afterPaintList(head.scripts)];
    const { body, encoding } = pageBody(req.headers['accept-encoding']);
    reply.code(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    allowAfterPaint(reply);
    if (encoding) reply.header('content-encoding', encoding);
    void reply.send(body);
    body.end(
      withLang(headText(head.head, tokens), lang) +
        markup +
        `<script id="lv-ssr" type="application/json">${scriptJson({ lang, queries: rendered.queries })}</script>` +
        `<script id="lv-scripts" type="application/json">${scriptJson(list)}</script><script>${AFTER_PAINT_SCRIPT}</script>${after}`,
    );
    return true;
  }

  /** The manifest this browser gets, the route's owner and both server entries; null: nothing to render here. */
  private async prepare(req: FastifyRequest, viewer: Viewer, indexBefore: string, rows: LiveRow[]) {
    const live = await this.app.releases.liveShell(rows);
    if (!live || !hasServerEntry(live)) return null;
    const served: ServedManifest | null = await manifestFor(this.app.releases, this.app.db, viewer, rows);
    if (!served) return null;
    // This page's signed view id (rum/view-id.ts): the shell sends it with its real-user signals.
    const manifest = await withRumView(this.app.db, served, this.app.clock.now());
    const shell: LoadedShell = await this.entries.shell(live);
    const pathname = new URL(req.url, 'http://page').pathname;
    const owner = shell.module.findOwner(manifest, pathname);
    if (!owner) return null;
    const v = await this.app.releases.version(owner.app, owner.version);
    if (!v || !hasServerEntry(v)) return null;
    const remote = await this.entries.remote(v, shell);
    const base = owner.entry.slice(0, owner.entry.lastIndexOf('/') + 1);
    return {
      shell,
      remote,
      manifest,
      owner,
      head: await this.remoteHeadOf(v, base),
      before: await this.shellHeadOf(live, indexBefore),
    };
  }

  private remoteHeadOf(v: CachedVersion, base: string): Promise<HeadPart> {
    return this.headOf(`${v.app}@${v.version}@${base}`, () => remoteHead(this.app, v, base));
  }

  private shellHeadOf(shell: CachedVersion, indexBefore: string): Promise<HeadPart> {
    return this.headOf(`${shell.app}@${shell.version}`, () => shellHead(this.app, shell, indexBefore));
  }

  /**
   * Loads the server entries and head parts of the live shell, the live remotes and the running canaries, ahead of
   * their first page: at start, after a release or rollback in this process, and every WARM_INTERVAL_MS. Without it a
   * version's first pages go out client-rendered while its server files are copied and imported (they do not fit the
   * budget). Loads are kept per version (ServerEntries), so a warm that finds everything loaded costs two small
   * queries. A version that fails to load is logged and left to the page path (client-rendered, tried again later).
   */
  warm(): Promise<void> {
    if (!this.warming) {
      this.warming = this.warmNow().finally(() => (this.warming = null));
      return this.warming;
    }
    // One under way may have read the live versions before this switch: one more after it, however many ask.
    this.warmAgain ??= this.warming.then(() => {
      this.warmAgain = null;
      return this.warm();
    });
    return this.warmAgain;
  }

  private async warmNow(): Promise<void> {
    const log = this.app.log;
    try {
      const [live, canaries] = await Promise.all([this.app.releases.live(), runningCanaries(this.app.db)]);
      const shellVersion = await this.app.releases.liveShell(live);
      if (this.closed || !shellVersion || !hasServerEntry(shellVersion)) return;
      const index = (await this.app.releases.shellIndex(live))?.toString('utf8') ?? '';
      const shell = await this.entries.shell(shellVersion);
      if (index.includes(ROOT)) await this.shellHeadOf(shellVersion, index.slice(0, index.indexOf(ROOT)));
      const manifest = await this.app.releases.manifest(live);
      const remotes = [...live.filter((r) => r.kind === 'remote'), ...canaries];
      for (const { app, version } of remotes) {
        if (this.closed) return;
        try {
          const v = await this.app.releases.version(app, version);
          if (!v || !hasServerEntry(v)) continue;
          const module = await this.entries.remote(v, shell);
          await this.remoteHeadOf(v, `${this.app.releases.assetOrigin}/remotes/${app}/${version}/`);
          const entry = manifest?.remotes.find((r) => r.app === app && r.version === version);
          if (manifest && entry) await this.warmRender(shell, manifest, entry, module);
        } catch (err) {
          log.warn({ err: safeError(err), app, version }, 'server render: could not warm a version');
        }
      }
    } catch (err) {
      if (!this.closed) log.warn({ err: safeError(err) }, 'server render: could not warm the live versions');
    }
  }

  /**
   * Renders each route of a live remote version once, with no data: outside a page's context the in-process fetch
   * refuses every call (fetchInProcess), so each screen renders its loading state and nothing is asked of the API (no
   * call as an anonymous visitor, no log line, no rate limit). What it warms: the route's lazy screen resolved (else
   * the first real page spends a pass waiting for its chunk) and the render code compiled by V8; a route's first render
   * in a process took well over the budget and went out client-rendered. Once per remote version and shell.
   */
  private async warmRender(shell: LoadedShell, manifest: RemotesManifest, entry: ManifestEntry, module: unknown): Promise<void> {
    const key = `${entry.app}@${entry.version}+${shell.key}`;
    if (this.rendered.has(key)) return;
    this.rendered.add(key);
    for (const route of entry.routes) {
      if (this.closed) return;
      await shell.module
        .render({ url: route, lang: 'id', manifest, remote: entry, module, signal: AbortSignal.timeout(WARM_RENDER_MS) })
        .catch(() => undefined);
    }
  }

  /** Waits for a warm under way (it stops between versions), then removes this process's server files. */
  async close(): Promise<void> {
    this.closed = true;
    await (this.warmAgain ?? this.warming);
    this.entries.removeAll();
  }
}

/** The page's language on its <html> (index.html says Indonesian): screen readers read the markup before any script ran. */
function withLang(head: string, lang: 'en' | 'id'): string {
  return head.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
}

/** A standalone page of a version (PageRenderer.sendStandalone). */
export interface StandalonePage {
  /** The live versions the caller has read already (the live shell is among them): not read twice per page. */
  live: LiveRow[];
  version: CachedVersion;
  /** The page's file in the version (its head parts are kept per version and file). */
  file: string;
  /** Its text, URLs made absolute. */
  html: string;
  /** The version's file of a stylesheet href in `html`. */
  pathOf: (href: string) => string;
}

/** The after-paint loader runs inline on a server-rendered page, and only it (its hash: AFTER_PAINT_CSP_SOURCE). */
function allowAfterPaint(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', csp.replace(/\bscript-src ([^;]*)/, `script-src $1 ${AFTER_PAINT_CSP_SOURCE}`));
}

/**
 * The stream a server-rendered page is written to: brotli or gzip when the browser takes it, else plain. The page is
 * 40-50 KB (the inlined stylesheets, the markup, the data it hydrates), about 10 KB compressed: on a slow phone
 * network that is most of the time before the first paint. Brotli at quality 5 and gzip at 6: fast enough for a page
 * made per request. Compressing a page that reflects its address next to the borrower's data is safe from
 * BREACH-style guessing here because nothing ambient identifies the borrower: the token is in the address the app
 * opens, so a page another site makes the browser load is rendered logged out.
 */
function pageBody(acceptEncoding: string | undefined): { body: Transform & { flush?: () => void }; encoding?: 'br' | 'gzip' } {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) return { body: createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (accepted.has('gzip')) return { body: createGzip({ level: 6 }), encoding: 'gzip' };
  return { body: new PassThrough() };
}

/**
 * The page's language by the spec's rule (packages/i18n resolveLanguage) as far as the server can know it: English
 * with isNeedPop=1, else Indonesian. A choice stored earlier in the session is the browser's: a page rendered in
 * the other language is rendered afresh there (apps/shell/src/main.tsx).
 */
export function pageLanguage(url: string): 'en' | 'id' {
  return new URL(url, 'http://page').searchParams.get('isNeedPop')?.trim() === '1' ? 'en' : 'id';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Server rendering of pages: the renderer once routes/static has set it up, and SSR_BUDGET_MS. */
    pages: { renderer: PageRenderer | null; budgetMs: number };
  }
}
