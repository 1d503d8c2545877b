import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Counter, Histogram, ObservableGauge, UpDownCounter } from '@opentelemetry/api';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import type { PoolStats } from '../db/types.ts';

/**
 * The server's metrics (docs/observability.md "Metrics"), OpenTelemetry instruments read by a Prometheus reader
 * (no server of its own: GET /metrics serializes them, routes/metrics). Names are the Prometheus names; the
 * attribute names become labels with `.` turned into `_` (http.route → http_route).
 *
 * Labels are bounded: the route template (never the URL), the method, the status code, the database system and
 * the SQL keyword, the client error kind. Nothing a caller types ends up as a label value.
 */

/** Request durations: 5 ms to 30 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Database operations: 0.5 ms to 10 s. */
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const METRIC = {
  httpDuration: 'http_server_request_duration_seconds',
  httpActive: 'http_server_active_requests',
  dbDuration: 'db_client_operation_duration_seconds',
  poolTotal: 'db_client_pool_connections',
  poolIdle: 'db_client_pool_idle_connections',
  poolWaiting: 'db_client_pool_waiting_requests',
  loopDelayP50: 'nodejs_eventloop_delay_p50_seconds',
  loopDelayP99: 'nodejs_eventloop_delay_p99_seconds',
  loopDelayMax: 'nodejs_eventloop_delay_max_seconds',
  heapUsed: 'nodejs_heap_used_bytes',
  heapTotal: 'nodejs_heap_total_bytes',
  rss: 'process_resident_memory_bytes',
  clientErrors: 'lendview_client_errors',
  canaryRollbacks: 'lendview_canary_rollbacks',
} as const;

/** The Prometheus text exposition format (what /metrics answers). */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export class Metrics {
  /** Per request: attributes http.request.method, http.route (template, or 'unmatched'), http.response.status_code. */
  readonly httpDuration: Histogram;
  /** Requests received and not yet answered (or aborted). */
  readonly httpActive: UpDownCounter;
  /** Per query, statement batch and transaction: db.system (postgresql | pglite), db.operation.name (SQL keyword or TRANSACTION). */
  readonly dbDuration: Histogram;
  /** Reports of POST /api/client-errors: attribute kind (CLIENT_ERROR_KINDS, or other). */
  readonly clientErrors: Counter;
  /** Canaries the judge ended by itself (src/releases/canary-judge.ts): attribute app. */
  readonly canaryRollbacks: Counter;

  readonly #provider: MeterProvider;
  readonly #reader: PrometheusExporter;
  readonly #serializer = new PrometheusSerializer('', false, undefined, true, true);
  readonly #loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  readonly #pools = new Set<{ system: string; stats: () => PoolStats }>();
  readonly #gauges: ObservableGauge[] = [];
  #closed = false;

  constructor() {
    this.#reader = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true, withoutTargetInfo: true });
    this.#provider = new MeterProvider({ readers: [this.#reader] });
    const meter = this.#provider.getMeter('lendview-api');
    this.httpDuration = meter.createHistogram(METRIC.httpDuration, {
      description: 'Duration of HTTP requests, from the first byte read to the answer sent.',
      unit: 's',
      advice: { explicitBucketBoundaries: HTTP_BUCKETS },
    });
    this.httpActive = meter.createUpDownCounter(METRIC.httpActive, { description: 'HTTP requests in flight.' });
    this.dbDuration = meter.createHistogram(METRIC.dbDuration, {
      description: 'Duration of database operations (queries, statement batches, whole transactions).',
      unit: 's',
      advice: { explicitBucketBoundaries: DB_BUCKETS },
    });
    this.clientErrors = meter.createCounter(METRIC.clientErrors, { description: 'Error reports received from the pages.' });
    this.canaryRollbacks = meter.createCounter(METRIC.canaryRollbacks, {
      description: 'Canary releases ended automatically by the judge (worse error rate or LCP than the live version).',
    });

    const gauge = (name: string, description: string, unit?: string) => {
      const g = meter.createObservableGauge(name, { description, ...(unit ? { unit } : {}) });
      this.#gauges.push(g);
      return g;
    };
    const poolTotal = gauge(METRIC.poolTotal, 'PostgreSQL pool: connections open (idle and in use).');
    const poolIdle = gauge(METRIC.poolIdle, 'PostgreSQL pool: connections open and idle.');
    const poolWaiting = gauge(METRIC.poolWaiting, 'PostgreSQL pool: queries waiting for a connection.');
    meter.addBatchObservableCallback(
      (result) => {
        for (const pool of this.#pools) {
          const s = pool.stats();
          const attrs = { 'db.system': pool.system };
          result.observe(poolTotal, s.total, attrs);
          result.observe(poolIdle, s.idle, attrs);
          result.observe(poolWaiting, s.waiting, attrs);
        }
      },
      [poolTotal, poolIdle, poolWaiting],
    );

    // Event-loop delay since the previous scrape (the histogram is reset after each one), in seconds.
    this.#loop.enable();
    const p50 = gauge(METRIC.loopDelayP50, 'Event-loop delay since the previous scrape: median.', 's');
    const p99 = gauge(METRIC.loopDelayP99, 'Event-loop delay since the previous scrape: 99th percentile.', 's');
    const max = gauge(METRIC.loopDelayMax, 'Event-loop delay since the previous scrape: maximum.', 's');
    const heapUsed = gauge(METRIC.heapUsed, 'V8 heap in use.', 'By');
    const heapTotal = gauge(METRIC.heapTotal, 'V8 heap reserved.', 'By');
    const rss = gauge(METRIC.rss, 'Resident set size of the process.', 'By');
    meter.addBatchObservableCallback(
      (result) => {
        const loop = this.#loop;
        // Before any sample the histogram reports huge placeholder values: 0 until one was taken.
        const seen = loop.count > 0;
        result.observe(p50, seen ? loop.percentile(50) / 1e9 : 0);
        result.observe(p99, seen ? loop.percentile(99) / 1e9 : 0);
        result.observe(max, seen ? loop.max / 1e9 : 0);
        loop.reset();
        const mem = process.memoryUsage();
        result.observe(heapUsed, mem.heapUsed);
        result.observe(heapTotal, mem.heapTotal);
        result.observe(rss, mem.rss);
      },
      [p50, p99, max, heapUsed, heapTotal, rss],
    );
  }

  /** The pool gauges of a PostgreSQL database (instrumentDb calls it). */
  observePool(system: string, stats: () => PoolStats): void {
    this.#pools.add({ system, stats });
  }

  /** Every metric in the Prometheus text format. */
  async text(): Promise<string> {
    if (this.#closed) return '';
    const { resourceMetrics } = await this.#reader.collect();
    return this.#serializer.serialize(resourceMetrics);
  }

  async shutdown(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#loop.disable();
    await this.#provider.shutdown();
  }
}
