import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteOfStack, viewAt } from './attribution.ts';
import { FLUSH_DELAY_MS, RUM_URL, RumClient, newPageId, type RumEvent } from './client.ts';
import { maskStack, maskText, routeOf } from './redact.ts';

// Issue 16 item 4: what the shell sends to POST /api/rum, to which remote version it attributes it, and what it
// never sends.

const MARKETING = { app: 'marketing', version: '0.1.0' };
const LOAN = { app: 'loan-details', version: '0.3.0-canary.1' };
const REMOTE_STACK = `TypeError: Cannot read properties of undefined (reading 'amount')
    at Ro (http://127.0.0.1:8080/assets/react-dom-abc.js:1:999)
    at Detail (http://127.0.0.1:8080/remotes/loan-details/0.3.0-canary.1/assets/LoanDetails-a1b2.js:1:2345)
    at http://127.0.0.1:8080/remotes/marketing/0.1.0/assets/App-x.js:1:10`;

interface Batch {
  pageId: string;
  events: RumEvent[];
}

function setup(options: { beacon?: boolean | 'throws' | 'refuses' } = {}) {
  const sent: { via: 'beacon' | 'fetch'; url: string; body: Batch; init?: RequestInit }[] = [];
  let clock = 0;
  const client = new RumClient({
    pageId: 'page-abcdef0123',
    now: () => clock,
    transport: {
      beacon:
        options.beacon === false
          ? undefined
          : (url, body) => {
              if (options.beacon === 'throws') throw new Error('beacon broke');
              if (options.beacon === 'refuses') return false;
              sent.push({ via: 'beacon', url, body: JSON.parse(body) as Batch });
              return true;
            },
      fetch: (url, init) => {
        sent.push({ via: 'fetch', url, body: JSON.parse(init.body as string) as Batch, init });
        return Promise.resolve();
      },
    },
  });
  return { client, sent, at: (t: number) => (clock = t), events: () => sent.flatMap((s) => s.body.events) };
}

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('attribution', () => {
  it('takes the app and exact version of the first frame under /remotes/<app>/<version>/', () => {
    expect(remoteOfStack(REMOTE_STACK)).toEqual(LOAN);
    expect(remoteOfStack('Error: x\n    at f (http://h/assets/index-1.js:1:2)')).toBeUndefined();
    expect(remoteOfStack(undefined)).toBeUndefined();
  });

  it('gives a metric to the view shown at its time, else to the first view', () => {
    const views = [
      { ...MARKETING, route: '/About', at: 10 },
      { ...LOAN, route: '/loanDetails', at: 500 },
    ];
    expect(viewAt(views, 5)).toBe(views[0]);
    expect(viewAt(views, 300)).toBe(views[0]);
    expect(viewAt(views, 800)).toBe(views[1]);
    expect(viewAt(views, undefined)).toBe(views[0]);
    expect(viewAt([], 1)).toBeUndefined();
  });

  it('an error goes to the remote in its stack (the canary version this page loaded), not the route owner', () => {
    const { client, events } = setup();
    client.view(MARKETING, '/About');
    const e = new TypeError("Cannot read properties of undefined (reading 'amount')");
    e.stack = REMOTE_STACK;
    client.error(e, 'error');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    const error = events().find((x) => x.kind === 'error')!;
    expect(error).toMatchObject({ app: 'loan-details', version: '0.3.0-canary.1', route: '/About', kind: 'error' });
    expect(error.detail).toMatchObject({
      source: 'error',
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'amount')",
    });
    expect(String(error.detail!.stack)).toContain('/remotes/loan-details/0.3.0-canary.1/assets/LoanDetails-a1b2.js:1:2345');
  });

  it("an error without a remote frame goes to the boundary's remote, else the current route's; none: dropped", () => {
    const { client, events } = setup();
    client.error(new Error('before any remote'), 'rejection');
    client.view(MARKETING, '/About');
    const plain = new Error('no frames');
    plain.stack = 'Error: no frames\n    at x (http://h/assets/index-1.js:1:2)';
    client.error(plain, 'rejection');
    client.error(new Error('caught'), 'boundary', LOAN);
    client.error('a string reason', 'rejection');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(
      events()
        .filter((x) => x.kind === 'error')
        .map((x) => [x.app, x.version, x.detail!.source, x.detail!.message]),
    ).toEqual([
      ['marketing', '0.1.0', 'rejection', 'no frames'],
      ['loan-details', '0.3.0-canary.1', 'boundary', 'caught'],
      ['marketing', '0.1.0', 'rejection', 'a string reason'],
    ]);
  });

  it("errors while the page is being left (loads it aborts) are not the version's errors", () => {
    const { client, events } = setup();
    client.view(MARKETING, '/About');
    client.setLeaving(true);
    client.error(new TypeError('Failed to fetch'), 'error', MARKETING);
    client.setLeaving(false);
    client.error(new Error('after coming back'), 'error');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(
      events()
        .filter((x) => x.kind === 'error')
        .map((x) => x.detail!.message),
    ).toEqual(['after coming back']);
  });

  it('one error object is reported once (boundary and window), and a loop sends a handful', () => {
    const { client, events } = setup();
    client.view(MARKETING, '/About');
    const e = new Error('once');
    client.error(e, 'boundary', MARKETING);
    client.error(e, 'error');
    for (let i = 0; i < 100; i++) client.error(new Error('loop'), 'error');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    const messages = events()
      .filter((x) => x.kind === 'error')
      .map((x) => x.detail!.message);
    expect(messages.filter((m) => m === 'once')).toHaveLength(1);
    expect(messages.filter((m) => m === 'loop')).toHaveLength(3);
  });
});

describe('redaction', () => {
  it('masks tokens, phone numbers, digit runs, e-mails and query strings', () => {
    expect(maskText('GET /v3/x?tok=abc123&dId=dev-1 failed for 0812-3456-7890 / +62 812 3456 7890 / ana@example.com', 500)).toBe(
      'GET /v3/x failed for [number] / [number] / [email]',
    );
    expect(maskText('token=abcdef Bearer xyz.abc eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', 500)).toBe(
      'token=[redacted] Bearer [redacted] [token]',
    );
    expect(maskText('order 1234567 of 12 items, HTTP 502', 500)).toBe('order [number] of 12 items, HTTP 502');
    expect(maskText('a\u0000b\u0007c', 500)).toBe('abc');
    expect(maskText('x'.repeat(600), 500)).toHaveLength(500);
  });

  it("keeps a stack frame's line and column and cuts its query", () => {
    expect(maskStack('Error: 081234567890\n    at f (https://h/remotes/a/1.0.0/assets/x.js?v=123456789:12:345)', 8000)).toBe(
      'Error: [number]\n    at f (https://h/remotes/a/1.0.0/assets/x.js:12:345)',
    );
    // A build file's name keeps its digits (symbolication needs the exact file); another path is masked.
    expect(
      maskStack('    at f (https://h/assets/_mf_owner__87998498746614.js:1:2)\n    at g (https://h/u/081234567890.js:3:4)', 8000),
    ).toBe('    at f (https://h/assets/_mf_owner__87998498746614.js:1:2)\n    at g (https://h/u/[number].js:3:4)');
  });

  it('a route is the path only', () => {
    expect(routeOf('/loanDetails/')).toBe('/loanDetails');
    expect(routeOf('/About?tok=abc#x')).toBe('/About');
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/orders/08123456789')).toBe('/orders/0');
    expect(routeOf('/a b')).toBe('/a_b');
  });

  it('the page id is random hex, no device id', () => {
    const a = newPageId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newPageId()).not.toBe(a);
  });

  it('sends no token, device id, query string or phone number anywhere in a batch', () => {
    const { client, sent } = setup();
    client.view(MARKETING, '/About?tok=secret-token&dId=device-42');
    const e = new Error('call 081234567890 with tok=secret-token');
    e.stack = `Error: call 081234567890\n    at f (http://h/remotes/marketing/0.1.0/assets/App.js?tok=secret-token:1:2)`;
    client.error(e, 'error');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    const raw = JSON.stringify(sent.map((s) => s.body));
    for (const secret of ['secret-token', 'device-42', '081234567890', '?']) expect(raw).not.toContain(secret);
  });
});

describe('sending', () => {
  it('views and errors leave within a second in one sendBeacon to /api/rum; vitals wait for the page to be hidden', () => {
    const { client, sent, at } = setup();
    at(100);
    client.view(MARKETING, '/About');
    at(900);
    client.vital({
      name: 'LCP',
      value: 1800,
      attribution: { target: 'main>img.hero', timeToFirstByte: 120, elementRenderDelay: 300, lcpEntry: { startTime: 850 } },
    });
    client.error(new Error('boom'), 'error');
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.via).toBe('beacon');
    expect(sent[0]!.url).toBe(RUM_URL);
    expect(sent[0]!.body.pageId).toBe('page-abcdef0123');
    // The LCP was queued before the flush: it rides along.
    expect(sent[0]!.body.events.map((e) => e.kind)).toEqual(['view', 'lcp', 'error']);
    expect(sent[0]!.body.events[1]).toEqual({
      app: 'marketing',
      version: '0.1.0',
      route: '/About',
      kind: 'lcp',
      value: 1800,
      detail: { target: 'main>img.hero', phases: { timeToFirstByte: 120, elementRenderDelay: 300 } },
    });

    client.vital({
      name: 'CLS',
      value: 0.12,
      attribution: { largestShiftTarget: 'div.banner', largestShiftTime: 950, largestShiftValue: 0.1, loadState: 'complete' },
    });
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1);
    visibility = 'hidden';
    client.flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.events).toEqual([
      {
        app: 'marketing',
        version: '0.1.0',
        route: '/About',
        kind: 'cls',
        value: 0.12,
        detail: { target: 'div.banner', loadState: 'complete', phases: { largestShiftTime: 950, largestShiftValue: 0.1 } },
      },
    ]);
  });

  it('a metric reported while the page is hidden (web-vitals on visibilitychange) is sent at once', () => {
    const { client, sent } = setup();
    client.view(LOAN, '/loanDetails');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    visibility = 'hidden';
    client.vital({
      name: 'INP',
      value: 96,
      attribution: { interactionTarget: 'button#apply', interactionType: 'pointer', inputDelay: 4, interactionTime: 10 },
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.events[0]).toMatchObject({
      app: 'loan-details',
      kind: 'inp',
      value: 96,
      detail: { type: 'pointer', target: 'button#apply' },
    });
  });

  it('falls back to fetch keepalive without sendBeacon, or when it refuses or throws', () => {
    for (const beacon of [false, 'refuses', 'throws'] as const) {
      const { client, sent } = setup({ beacon });
      client.view(MARKETING, '/About');
      vi.advanceTimersByTime(FLUSH_DELAY_MS);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.via).toBe('fetch');
      expect(sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    }
  });

  it('never throws and never sends values the API refuses (non-finite, negative, huge)', () => {
    const { client, events } = setup();
    const broken = new RumClient({
      transport: {
        beacon: () => {
          throw new Error('x');
        },
        fetch: () => {
          throw new Error('y');
        },
      },
    });
    expect(() => {
      broken.view(MARKETING, '/About');
      broken.error(new Error('z'), 'error');
      broken.flush();
    }).not.toThrow();
    client.view(MARKETING, '/About');
    client.vital({ name: 'LCP', value: Number.NaN });
    client.vital({ name: 'LCP', value: -5 });
    client.vital({ name: 'LCP', value: 1e12, attribution: { elementRenderDelay: Infinity } });
    client.vital({ name: 'CLS', value: 1e6 });
    visibility = 'hidden';
    client.flush();
    expect(events().filter((e) => e.kind !== 'view')).toEqual([
      { ...MARKETING, route: '/About', kind: 'lcp', value: 600_000 },
      { ...MARKETING, route: '/About', kind: 'cls', value: 100 },
    ]);
  });

  it('splits a large queue into batches of at most 50 events and about 60 KB', () => {
    const { client, sent } = setup();
    client.view(MARKETING, '/About');
    for (let i = 0; i < 120; i++) client.vital({ name: 'INP', value: i, attribution: { interactionTarget: `button.b${i}` } });
    for (let i = 0; i < 20; i++) {
      const e = new Error(`e${i}`);
      e.stack = `Error: e${i}\n` + `    at f (http://h/remotes/marketing/0.1.0/assets/${'a'.repeat(180)}.js:1:2)\n`.repeat(60);
      client.error(e, 'error');
    }
    visibility = 'hidden';
    client.flush();
    // 20 stacks of 8000 characters are more than two batches of 60 KB on their own.
    expect(sent.length).toBeGreaterThanOrEqual(4);
    for (const s of sent) {
      expect(s.body.events.length).toBeLessThanOrEqual(50);
      expect(JSON.stringify(s.body).length).toBeLessThan(64_000);
    }
    expect(sent.flatMap((s) => s.body.events)).toHaveLength(1 + 120 + 20);
  });
});

describe('the signed view id (issue 36 item 4)', () => {
  it('goes with every batch; a view is sent once per remote version and view id, later routes only marked', () => {
    const { client, sent, events } = setup();
    client.setViewId('v1.page-one.sig');
    client.view(MARKETING, '/About');
    client.view(MARKETING, '/');
    client.view(LOAN, '/loanDetails');
    client.view(MARKETING, '/About');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as Batch & { view?: string }).view).toBe('v1.page-one.sig');
    expect(events().map((e) => `${e.kind} ${e.app} ${e.route}`)).toEqual(['view marketing /About', 'view loan-details /loanDetails']);
    // An error on a later route of a version already viewed goes with the same id, under that route.
    client.error(new Error('late'), 'boundary', MARKETING);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(2);
    expect((sent[1]!.body as Batch & { view?: string }).view).toBe('v1.page-one.sig');
    expect(sent[1]!.body.events.map((e) => `${e.kind} ${e.route}`)).toEqual(['error /About']);
  });

  it("a new id (the manifest fetched again) sends what was queued under the old one first, then the version's view again", () => {
    const { client, sent } = setup();
    client.view(MARKETING, '/About', 'v1.first.sig');
    client.view(MARKETING, '/About', 'v1.second.sig');
    expect(sent).toHaveLength(1);
    const first = sent[0]!.body as Batch & { view?: string };
    expect(first.view).toBe('v1.first.sig');
    expect(first.events.map((e) => e.kind)).toEqual(['view']);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(2);
    const second = sent[1]!.body as Batch & { view?: string };
    expect(second.view).toBe('v1.second.sig');
    expect(second.events.map((e) => `${e.kind} ${e.route}`)).toEqual(['view /About']);
  });

  it('without an id (a page from a server that signs none) the batch goes without one: the API keeps it apart', () => {
    const { client, sent } = setup();
    client.view(MARKETING, '/About');
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(Object.keys(sent[0]!.body)).toEqual(['pageId', 'events']);
  });
});
