import type { Context, Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type ReadableSpan,
  type Span,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { redactText } from '../lib/log-redaction.ts';
import { pathnameOf } from '../lib/paths.ts';

/**
 * Traces (docs/observability.md "Traces"): @fastify/otel makes one span per request (the route template, the
 * method, the status, the request id); src/telemetry/db.ts one per database query and transaction under it.
 * Hook spans are not made (one per hook and request is noise); the handler gets one, so that work done after the
 * body was read stays in the request's trace.
 *
 * The log redaction rules apply to spans too: the request span's url.path is the path without its query, and the
 * redacting processor below runs over every span before it is exported.
 */

/** Not traced: the probes and the metrics scrape (every few seconds, nothing to learn from their traces). */
export const UNTRACED_PATHS: readonly string[] = ['/healthz', '/readyz', '/metrics'];

export const REQUEST_ID_ATTRIBUTE = 'lendview.request_id';

const QUOTED = /"[^"]*"|'[^']*'/g;

/** A status message or attribute text as it may leave the process: quoted values hidden, secrets masked. */
export function redactSpanText(text: string): string {
  return redactText(text.replace(QUOTED, '"[redacted]"')).slice(0, 256);
}

/**
 * Runs first, on every span just before it ends: url.path keeps its path only, every string attribute and the
 * status message go through the log redaction (tok=… pairs, bearer tokens, phone and card numbers), quoted values
 * (database messages quote the offending value) are hidden. Exception events are never recorded (@fastify/otel's
 * recordExceptions is off; db.ts records none).
 */
export class RedactingSpanProcessor implements SpanProcessor {
  onStart(_span: Span, _parentContext: Context): void {}
  onEnding(span: Span): void {
    for (const [key, value] of Object.entries(span.attributes)) {
      if (typeof value !== 'string') continue;
      const safe = key === 'url.path' ? redactText(pathnameOf(value)) : redactSpanText(value);
      if (safe !== value) span.setAttribute(key, safe);
    }
    if (span.status.message) span.setStatus({ code: span.status.code, message: redactSpanText(span.status.message) });
  }
  onEnd(_span: ReadableSpan): void {}
  async forceFlush(): Promise<void> {}
  async shutdown(): Promise<void> {}
}

export interface Tracing {
  provider: NodeTracerProvider;
  tracer: Tracer;
  /** @fastify/otel: its plugin() is registered by the telemetry plugin. */
  instrumentation: FastifyOtelInstrumentation;
}

let registered = false;

/**
 * A tracer provider exporting to `exporter` (batched; `simple`: each span at its end, for tests). The first one
 * in the process also installs the context manager (AsyncLocalStorage, so a query finds its request's span) and
 * the W3C trace-context propagator (a `traceparent` from a load balancer or gateway continues its trace).
 * Samplers: OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (default parentbased_always_on).
 */
export function createTracing(options: { exporter: SpanExporter; simple?: boolean; serviceName: string }): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new RedactingSpanProcessor(),
      options.simple ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(options.exporter),
    ],
  });
  if (!registered) {
    registered = true;
    provider.register({ propagator: new W3CTraceContextPropagator() });
  }
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    recordExceptions: false,
    ignorePaths: (route) => UNTRACED_PATHS.includes(pathnameOf(route.url ?? '').replace(/\/+$/, '')),
    requestHook: (span, request) => {
      // @fastify/otel puts the raw URL (query included) in url.path: the path alone, and a readable name.
      span.setAttribute('url.path', redactText(pathnameOf(request.url)));
      span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
      const route = request.routeOptions.url;
      span.updateName(route ? `${request.method} ${route}` : request.method);
    },
  });
  instrumentation.setTracerProvider(provider);
  return { provider, tracer: provider.getTracer('lendview-api'), instrumentation };
}
