import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { ReleaseError } from './builds.ts';
import { operationSchema, runOperation, type Operation, type OperationResult } from './operations.ts';

/**
 * Release control of a server that holds the embedded database (PGlite is one process: while the server runs,
 * `pnpm release` cannot open DATA_DIR's database itself). The server writes DATA_DIR/release-control.json
 * (mode 0600: its loopback URL and a random token, new at every start) once it listens; a release command that
 * finds the database held reads it and asks the server to run the operation (operations.ts), on its own
 * database and storage, under the same lock. Only a process that can read DATA_DIR (and so the whole database
 * anyway) can use it; the route answers loopback callers only. PostgreSQL deployments do not need it: every
 * command opens the database itself.
 */
export const CONTROL_PATH = '/internal/releases';
const TOKEN_HEADER = 'x-lendview-release-token';

export interface ControlFile {
  pid: number;
  url: string;
  token: string;
  storage: string;
}

export type ControlAnswer =
  { ok: true; outcome: OperationResult; notes: string[] } | { ok: false; refused: boolean; error: string; notes: string[] };

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

export default fp<{ file: string }>(
  async (app, opts) => {
    const token = randomBytes(32).toString('hex');
    const expected = Buffer.from(token);

    app.post(CONTROL_PATH, async (req, reply) => {
      const given = Buffer.from(String(req.headers[TOKEN_HEADER] ?? ''));
      if (!isLoopback(req.socket.remoteAddress) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(403).send({ ok: false, refused: true, error: 'not allowed', notes: [] });
      }
      const body = req.body as { operation?: unknown; actor?: unknown };
      const parsed = operationSchema.safeParse(body?.operation);
      if (!parsed.success || typeof body.actor !== 'string' || body.actor.length > 200) {
        return reply.code(400).send({ ok: false, refused: true, error: 'not a release operation', notes: [] });
      }
      const notes: string[] = [];
      try {
        const outcome = await runOperation(
          {
            db: app.db,
            storage: app.releaseStorage,
            actor: body.actor,
            say: (line) => notes.push(line),
            onSwitch: () => {
              app.releases.forget();
              // The newly live version's server files, before its first page (src/ssr/page.ts warm).
              void app.pages.renderer?.warm();
            },
          },
          parsed.data,
        );
        req.log.info({ op: parsed.data.op, actor: body.actor }, 'release operation');
        return { ok: true, outcome, notes } satisfies ControlAnswer;
      } catch (e) {
        if (e instanceof ReleaseError) return { ok: false, refused: true, error: e.message, notes } satisfies ControlAnswer;
        req.log.error({ err: e }, 'release operation failed');
        return { ok: false, refused: false, error: (e as Error).message, notes } satisfies ControlAnswer;
      }
    });

    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo | null;
      if (!address || typeof address !== 'object') return;
      const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
      const content: ControlFile = {
        pid: process.pid,
        url: `http://${host}:${address.port}`,
        token,
        storage: app.releaseStorage.describe(),
      };
      const tmp = `${opts.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(content), { mode: 0o600 });
      renameSync(tmp, opts.file);
    });

    app.addHook('onClose', async () => {
      try {
        if ((JSON.parse(readFileSync(opts.file, 'utf8')) as ControlFile).token === token) rmSync(opts.file, { force: true });
      } catch {
        // not there
      }
    });
  },
  { name: 'release-control' },
);

/** Asks the server described by `control` to run `operation` (the client side, used by src/cli/releases.ts). */
export async function askServer(control: ControlFile, operation: Operation, actor: string): Promise<ControlAnswer> {
  const res = await fetch(`${control.url}${CONTROL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: control.token },
    body: JSON.stringify({ operation, actor }),
  });
  const answer = (await res.json().catch(() => null)) as ControlAnswer | null;
  if (!answer || typeof answer.ok !== 'boolean')
    throw new Error(`the server at ${control.url} answered ${res.status} without a release answer`);
  return answer;
}
