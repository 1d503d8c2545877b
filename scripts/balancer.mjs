#!/usr/bin/env node
// A small round-robin HTTP balancer for running several API instances on one machine: the compose file's
// balancer (deploy/compose.yaml) and the cluster e2e (e2e/tests/cluster.spec.ts) use this same file.
// `node scripts/balancer.mjs --port 8080 --upstream http://api-1:8080 --upstream http://api-2:8080`
//
// Each request goes to the next upstream in turn. An upstream that refuses the connection is skipped for that
// request (the next one is tried) and rested for a few seconds, so an instance that stopped does not cost a
// borrower a failed page while the others run. X-Forwarded-For / -Proto / -Host are set for TRUST_PROXY.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { parseArgs } from 'node:util';

const REST_MS = 5_000;

/** Starts the balancer; resolves with its port and a close(). `upstreams`: base URLs (http only). */
export function startBalancer({ port = 0, host = '127.0.0.1', upstreams }) {
  if (!upstreams?.length) throw new Error('startBalancer: at least one upstream');
  const targets = upstreams.map((u) => ({ url: new URL(u), restUntil: 0 }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const pick = (skip) => {
    for (let i = 0; i < targets.length; i++) {
      const t = targets[(next + i) % targets.length];
      if (!skip.has(t) && t.restUntil <= Date.now()) {
        next = (next + i + 1) % targets.length;
        return t;
      }
    }
    return targets.find((t) => !skip.has(t)) ?? null;
  };

  const server = http.createServer((req, res) => {
    // The body is buffered so a request can be retried on another instance when the first refuses the connection.
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });

  function forward(req, res, body, tried) {
    const target = pick(tried);
    if (!target) {
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 'SERVER_ERROR', data: null, message: 'No instance is reachable.' }));
      return;
    }
    tried.add(target);
    const remote = req.socket.remoteAddress ?? '';
    const headers = {
      ...req.headers,
      host: target.url.host,
      'x-forwarded-for': req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${remote}` : remote,
      'x-forwarded-proto': req.headers['x-forwarded-proto'] ?? 'http',
      'x-forwarded-host': req.headers.host ?? '',
    };
    const upstream = http.request(
      { host: target.url.hostname, port: target.url.port, method: req.method, path: req.url, headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      // Refused (never connected): rest this instance and try the next one. A reset is retried only for a read
      // (GET/HEAD): a write may have been applied before the socket dropped.
      const safe = req.method === 'GET' || req.method === 'HEAD';
      if (!res.headersSent && (err.code === 'ECONNREFUSED' || (safe && err.code === 'ECONNRESET'))) {
        target.restUntil = Date.now() + REST_MS;
        forward(req, res, body, tried);
        return;
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      res.end();
    });
    upstream.end(body);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '0.0.0.0' },
      upstream: { type: 'string', multiple: true },
    },
  });
  const { port } = await startBalancer({ port: Number(values.port), host: values.host, upstreams: values.upstream ?? [] });
  console.log(`balancer on ${values.host}:${port} → ${(values.upstream ?? []).join(', ')}`);
  const stop = () => process.exit(0);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
