import type { FastifyInstance } from 'fastify';

/**
 * What the server does on SIGTERM / SIGINT (issue 15 item 3; docs/deploy.md "Shutdown, drain and load shedding"):
 *
 * 1. at once: not ready (/readyz 503 'draining'), every answer gets `Connection: close`; requests in flight
 *    and new ones are served as usual for `drainMs` (DRAIN_SECONDS), while the load balancer notices;
 * 2. then the listener closes (new connections are refused) and idle keep-alive sockets are closed; requests
 *    still in flight get `graceMs` (SHUTDOWN_GRACE_SECONDS) to finish;
 * 3. at the end of the grace, connections still open are cut; then the periodic jobs are stopped (a run in
 *    progress finishes) and the database is closed; exit 0.
 *
 * A second signal exits at once (1). Should closing the resources hang, the process exits 1 a little after
 * drain + grace anyway.
 */
export interface ShutdownOptions {
  app: FastifyInstance;
  drainMs: number;
  graceMs: number;
  /** Stops the jobs and closes the database (after the server has closed). */
  closeResources: () => Promise<void>;
  exit?: (code: number) => void;
}

/** Extra time closing the database and jobs may take after the grace before the process gives up. */
export const RESOURCES_CLOSE_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function shutdownHandler(options: ShutdownOptions): (signal: string) => void {
  const { app, drainMs, graceMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;

  const run = async (signal: string) => {
    app.log.info(
      { signal, drainSeconds: drainMs / 1000, graceSeconds: graceMs / 1000 },
      'shutting down: draining (not ready, still serving)',
    );
    if (drainMs > 0) await sleep(drainMs);

    app.lifecycle.startClosing();
    app.log.info('drain over: no new connections; waiting for the requests in flight');
    const closed = app.close();
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace-over'>((done) => {
      graceTimer = setTimeout(() => done('grace-over'), graceMs);
    });
    const outcome = await Promise.race([closed.then(() => 'closed' as const), graceOver]);
    clearTimeout(graceTimer);
    if (outcome === 'grace-over') {
      const open = await new Promise<number>((done) => app.server.getConnections((_err, count) => done(count ?? 0)));
      app.log.warn({ connections: open }, 'grace over: cutting the requests still in flight');
      app.server.closeAllConnections();
      await closed;
    }
    await options.closeResources();
    app.log.info('stopped');
  };

  return (signal: string) => {
    if (started) {
      app.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    started = true;
    // Synchronously, before anything else can run: the very next /readyz is 503.
    app.lifecycle.startDrain();
    const deadline = setTimeout(
      () => {
        app.log.error('shutdown took too long: exiting');
        exit(1);
      },
      drainMs + graceMs + RESOURCES_CLOSE_MS,
    );
    deadline.unref();
    run(signal).then(
      () => exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        exit(1);
      },
    );
  };
}
