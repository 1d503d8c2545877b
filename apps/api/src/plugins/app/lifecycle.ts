import fp from 'fastify-plugin';
import { ErrorCode } from '@lendview/contracts';
import { langOf } from '../../i18n/lang.ts';
import { t } from '../../i18n/messages.ts';
import { envelope } from '../../lib/envelope.ts';

/**
 * The instance's shutdown state (docs/deploy.md "Shutdown, drain and load shedding"), shared by the server's
 * signal handling (src/shutdown.ts) and the app:
 * - serving: normal;
 * - draining: SIGTERM/SIGINT received. /readyz answers 503 'draining' so the load balancer stops sending new
 *   requests, but every request (in flight or new) is still served in full; each answer carries
 *   `Connection: close`, so keep-alive clients reconnect (to another instance) instead of reusing this socket;
 * - closing: the drain period is over: the listener is closed and in-flight requests have the grace to finish.
 */
export type LifecycleState = 'serving' | 'draining' | 'closing';

export class Lifecycle {
  #state: LifecycleState = 'serving';
  get state(): LifecycleState {
    return this.#state;
  }
  get draining(): boolean {
    return this.#state !== 'serving';
  }
  startDrain() {
    if (this.#state === 'serving') this.#state = 'draining';
  }
  startClosing() {
    this.#state = 'closing';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export default fp<{ lifecycle: Lifecycle }>(
  async (app, opts) => {
    app.decorate('lifecycle', opts.lifecycle);
    // After the drain period (the listener is closed): a request still arriving on an open socket (sent before it
    // saw our Connection: close) gets the 503 envelope, not Fastify's own closing answer (return503OnClosing is
    // off in app.ts), so the client retries elsewhere.
    app.addHook('onRequest', async (req, reply) => {
      if (opts.lifecycle.state !== 'closing') return;
      const lang = langOf(req);
      return reply
        .code(503)
        .header('retry-after', '1')
        .header('cache-control', 'no-store')
        .header('connection', 'close')
        .send(envelope(ErrorCode.server, null, `${t(lang, 'notReady')} ${t(lang, 'readyDraining')}`));
    });
    // onSend runs for every answer, also of a request that arrived before the signal: once draining, the
    // socket is closed after this answer (Node's http server honours the header), never in the middle of one.
    app.addHook('onSend', async (_req, reply) => {
      if (opts.lifecycle.draining) reply.header('connection', 'close');
    });
  },
  { name: 'lifecycle' },
);
