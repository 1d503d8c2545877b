// The dev servers' proxy to the API (issue 16 item 6): with no API at the target, a call gets the envelope naming
// the URL tried, LENDVIEW_API and the mock mode, not Vite's bare 500; with an API there, its answer.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createServer } from 'vite';
import { DEFAULT_API, devProxy } from '../index.mjs';

async function viteWith(proxy, root = import.meta.dirname) {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1', proxy },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const { port } = server.httpServer.address();
  return { server, base: `http://127.0.0.1:${port}` };
}

/** One call on its own connection (no keep-alive pool shared between the tests' servers). */
function call(url, method = 'GET', headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A port nothing listens on: one the OS gave and took back. */
async function closedPort() {
  const s = createHttpServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

test('the default is where pnpm start and the API listen (HOST 127.0.0.1, PORT 8080)', () => {
  assert.equal(DEFAULT_API, 'http://127.0.0.1:8080');
});

test('no API at the target: 502 with the envelope naming the URL, LENDVIEW_API and dev:mock, and one terminal line', async () => {
  const target = `http://127.0.0.1:${await closedPort()}`;
  const lines = [];
  const { server, base } = await viteWith(devProxy({ target, app: 'repayment', log: (l) => lines.push(l) }));
  try {
    for (const path of ['/v3/loan-details/delay-detail?orderId=1', '/h5-api/anything']) {
      const res = await call(base + path, path.startsWith('/h5') ? 'POST' : 'GET');
      assert.equal(res.status, 502);
      assert.equal(res.headers['x-lendview-dev-proxy'], 'no-api');
      const body = res.json();
      assert.equal(body.code, 'SERVER_ERROR');
      assert.equal(body.data, null);
      assert.match(body.message, new RegExp(`No lendview API answered at ${target.replace(/\./g, '\\.')} \\(LENDVIEW_API`));
      assert.match(body.message, /`pnpm --filter @lendview\/repayment dev:mock`/);
      assert.match(body.message, /DEMO_MODE=1 pnpm --filter @lendview\/api dev/);
    }
    assert.equal(lines.length, 1, 'told once, not on every call');
    assert.match(lines[0], /ECONNREFUSED/);
  } finally {
    await server.close();
  }
});

test('an API at the target answers through the proxy unchanged', async () => {
  const api = createHttpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: '00', data: { url: req.url }, message: '' }));
  });
  await new Promise((r) => api.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${api.address().port}`;
  const { server, base } = await viteWith(devProxy({ target, log: () => {} }));
  try {
    const res = await call(`${base}/v3/x?y=1`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json(), { code: '00', data: { url: '/v3/x?y=1' }, message: '' });
  } finally {
    await server.close();
    await new Promise((r) => api.close(r));
  }
});

test("a page of the app under an API prefix (ops-console's /ops) opened in the browser is its index.html, not a call", async () => {
  const root = mkdtempSync(join(tmpdir(), 'lendview-dev-proxy-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>standalone</title><div id="root"></div>');
  const target = `http://127.0.0.1:${await closedPort()}`;
  const { server, base } = await viteWith(devProxy({ target, app: 'ops-console', pageRoutes: ['/ops', '/ops/item'], log: () => {} }), root);
  try {
    const page = await call(`${base}/ops/item?kind=complaint&id=1`, 'GET', { accept: 'text/html,application/xhtml+xml' });
    assert.equal(page.status, 200);
    assert.match(page.text, /<title>standalone<\/title>/);
    // The same path called by fetch (no text/html), and an API path navigated to, still go to the API.
    assert.equal((await call(`${base}/ops/item?kind=complaint&id=1`)).status, 502);
    assert.equal((await call(`${base}/ops/api/console/queue`, 'GET', { accept: 'text/html' })).status, 502);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});
