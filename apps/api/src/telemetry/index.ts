import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { EnvError, processEnv } from '../env.ts';
import { Metrics } from './metrics.ts';
import { createTracing, type Tracing } from './tracing.ts';

export { instrumentDb, telemetryOf } from './db.ts';

/**
 * Telemetry of one server (issue 15 item 4; docs/observability.md): metrics always (GET /metrics, Prometheus
 * text), traces only when an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; tests give an in-memory exporter). With tracing off nothing of it runs: no
 * tracer, no @fastify/otel plugin, no span per query.
 */
export interface Telemetry {
  readonly metrics: Metrics;
  /** Undefined when tracing is off. */
  readonly tracing: Tracing | undefined;
  /** METRICS_TOKEN: when set, /metrics wants `Authorization: Bearer <token>` from everyone; unset, loopback only. */
  readonly metricsToken: string | undefined;
  /** Flushes the spans not yet exported and stops the metrics (the app's onClose). Idempotent. */
  shutdown(): Promise<void>;
}

export interface TelemetryOptions {
  /** Where spans go; none: tracing off. */
  spanExporter?: SpanExporter;
  /** Export each span as it ends instead of in batches (tests). */
  simpleSpanProcessor?: boolean;
  metricsToken?: string;
  /** service.name of the spans (OTEL_SERVICE_NAME; default lendview-api). */
  serviceName?: string;
}

export function createTelemetry(options: TelemetryOptions = {}): Telemetry {
  const metrics = new Metrics();
  const tracing = options.spanExporter
    ? createTracing({
        exporter: options.spanExporter,
        simple: options.simpleSpanProcessor,
        serviceName: options.serviceName ?? 'lendview-api',
      })
    : undefined;
  let closing: Promise<void> | undefined;
  return {
    metrics,
    tracing,
    metricsToken: options.metricsToken,
    shutdown() {
      closing ??= Promise.all([metrics.shutdown(), tracing?.provider.shutdown()]).then(() => undefined);
      return closing;
    },
  };
}

/** A token someone could guess or that a header cannot carry is refused at start. */
const TOKEN = /^[\x21-\x7e]{24,256}$/;

/**
 * The telemetry settings of the environment. METRICS_TOKEN: 24-256 printable characters without spaces
 * (`openssl rand -hex 32`). Tracing: on when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
 * is set (the exporter reads them, and OTEL_EXPORTER_OTLP_HEADERS, itself), unless OTEL_SDK_DISABLED=true or
 * OTEL_TRACES_EXPORTER=none.
 */
export function telemetryOptionsFromEnv(env: NodeJS.ProcessEnv = processEnv()): TelemetryOptions {
  const problems: string[] = [];
  const token = env.METRICS_TOKEN === '' ? undefined : env.METRICS_TOKEN;
  if (token !== undefined && !TOKEN.test(token)) {
    problems.push(
      'METRICS_TOKEN must be 24 to 256 printable characters without spaces (e.g. `openssl rand -hex 32`); unset, /metrics is served to this machine only.',
    );
  }
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    problems.push(`OTEL_EXPORTER_OTLP_ENDPOINT "${endpoint}" must be an http(s) URL, e.g. http://127.0.0.1:4318.`);
  }
  if (problems.length > 0) throw new EnvError(`Invalid environment: ${problems.join(' ')}`, problems);
  const off = env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none';
  return {
    metricsToken: token,
    spanExporter: endpoint && !off ? new OTLPTraceExporter() : undefined,
    serviceName: env.OTEL_SERVICE_NAME || 'lendview-api',
  };
}

/** The server's telemetry, from its environment (server.ts). */
export function startTelemetry(env: NodeJS.ProcessEnv = processEnv()): Telemetry {
  return createTelemetry(telemetryOptionsFromEnv(env));
}
