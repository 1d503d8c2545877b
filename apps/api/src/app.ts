import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ErrorCode } from '@lendview/contracts';
import type { Db } from './db/types.ts';
import { messages } from './i18n/messages.ts';
import { langOf } from './i18n/lang.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { fileUrlKeySource } from './services/file-url-key.ts';
import { DEFAULT_LIMITS, type Limits } from './lib/context.ts';
import { redactingLoggerOptions } from './lib/log-redaction.ts';
import { DEV_PAYMENT_WEBHOOK_SECRET, SandboxPaymentProvider, type PaymentProvider } from './providers/payments.ts';
import { DEV_CARD_FINGERPRINT_SECRET } from './repositories/bank-cards.ts';
import { OutboxSmsProvider, type SmsProvider } from './providers/sms.ts';
import { TempFolderStorage, type StorageProvider } from './providers/storage.ts';
import errorsPlugin, { handleError } from './plugins/app/errors.ts';
import releasesPlugin, { type ReleaseOptions } from './releases/plugin.ts';
import lifecyclePlugin, { Lifecycle } from './plugins/app/lifecycle.ts';
import underPressurePlugin, { type PressureOptions } from './plugins/external/under-pressure.ts';
import testOnlyRoutes from './routes/test-only/index.ts';
import formbodyPlugin, { BODY_LIMIT } from './plugins/external/formbody.ts';
import helmetPlugin from './plugins/external/helmet.ts';
import contractRoutes from './routes/contract/index.ts';
import devRoutes from './routes/dev/index.ts';
import eventRoutes from './routes/event/index.ts';
import healthRoutes, { type ReadinessOptions } from './routes/health/index.ts';
import loanConfirmRoutes from './routes/loan-confirm/index.ts';
import loanDetailsRoutes from './routes/loan-details/index.ts';
import loginRoutes from './routes/login/index.ts';
import marketRoutes from './routes/market/index.ts';
import personalCenterRoutes from './routes/personal-center/index.ts';
import cardRepaymentRoutes from './routes/card-repayment/index.ts';
import paymentRoutes from './routes/payments/index.ts';
import opsRoutes from './routes/ops/index.ts';
import partnerRoutes from './routes/partner/index.ts';
import opsConsentRoutes from './routes/ops/consents.ts';
import userProblemRoutes from './routes/user-problem/index.ts';
import opsTemplateRoutes from './routes/ops-templates/index.ts';
import promotionDevRoutes from './routes/promotion/dev.ts';
import promotionRoutes from './routes/promotion/index.ts';
import repaymentRoutes from './routes/repayment/index.ts';
import staticRoutes from './routes/static/index.ts';
import landingRoutes from './routes/landing/index.ts';
import opsConsoleRoutes from './routes/ops/console.ts';
import contactMessageRoutes from './routes/contact-messages/index.ts';
import clientErrorRoutes from './routes/client-errors/index.ts';
import rumRoutes from './routes/rum/index.ts';
import opsReleaseRoutes from './routes/ops/releases.ts';
import metricsRoutes from './routes/metrics/index.ts';
import telemetryPlugin from './telemetry/plugin.ts';
import { createTelemetry, telemetryOf, type Telemetry } from './telemetry/index.ts';

export interface BuildAppOptions {
  /** Opened and migrated by the caller, who also closes it (the app never closes it). */
  db: Db;
  /** Demo mode: registers the /dev routes. (Seeding is the caller's job: db/seed-demo.ts.) */
  demo?: boolean;
  /** The local shell build (index.html, assets/): published as the initial shell when none is live (src/releases). */
  shellDir: string;
  /** SSR_BUDGET_MS (issue 14, src/ssr/page.ts): longest server render of a page before it goes out client-rendered; 0 or unset = off. */
  ssrBudgetMs?: number;
  /** RELEASES_DIR: the releases store when none is given (a folder), and an old-layout folder to import at start. */
  releasesDir: string;
  /** Releases (src/releases/plugin.ts): their store, ASSET_ORIGIN, the release control; the server passes storageOptions(env). */
  releases?: ReleaseOptions;
  /**
   * false (tests), true, or pino options. Structured JSON logs with a request id either way. `stream` sends the
   * lines elsewhere than stdout (tests read what would be logged).
   */
  logger?: boolean | { level?: string; stream?: { write(line: string): void } };
  /** SMS provider; default writes the sms_outbox table. */
  sms?: SmsProvider;
  /** Payment provider; default the sandbox (providers/payments.ts), signing with `paymentWebhookSecret`. */
  payments?: PaymentProvider;
  /** Complaint photos; the server passes a folder under DATA_DIR, default a temp folder (tests). */
  storage?: StorageProvider;
  /**
   * HMAC key of the sandbox's signed callbacks. Required outside demo mode unless `payments` is given; in demo
   * mode it defaults to a fixed development value.
   */
  paymentWebhookSecret?: string;
  /**
   * HMAC key of bank-card fingerprints (repositories/bank-cards.ts). The server passes CARD_FINGERPRINT_SECRET,
   * which env.ts requires outside demo mode; when omitted (tests, demo) the documented demo key is used.
   */
  cardFingerprintSecret?: string;
  /** HMAC key of stored SMS codes (SMS_CODE_SECRET); without it the database's own key (repositories/sms-codes.ts). */
  smsCodeSecret?: string;
  /** Key sealing the operators' TOTP secrets (OPS_TOTP_KEY); without it the database's own key (repositories/operators.ts). */
  opsTotpKey?: string;
  /** Source of "now" for every expiry and rate window; default the system clock. */
  clock?: Clock;
  /** Abuse limits of the SMS login and the promotion pages; defaults in lib/context.ts. */
  limits?: Partial<Limits>;
  /** fastify trustProxy (set behind a load balancer so rate limits see the client IP). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * Hosts (IMAGE_HOSTS) landing-template images may come from: the CSP's img-src allow-list and the template
   * check (ops-templates). Default none: images from our own origin only.
   */
  imageHosts?: readonly string[];
  /** /readyz (routes/health): the folder whose free space is checked (DATA_DIR; none on PostgreSQL) and the floor. */
  readiness?: ReadinessOptions;
  /** Confirming a loan also needs an SMS code to the borrower's phone (CONFIRM_STEP_UP=1; docs/loans.md). */
  confirmStepUp?: boolean;
  /** Shutdown state shared with the server's signal handling (src/shutdown.ts); default a fresh one (serving). */
  lifecycle?: Lifecycle;
  /** Load shedding thresholds (PRESSURE_*; plugins/external/under-pressure.ts); default none (tests). */
  pressure?: PressureOptions;
  /** LENDVIEW_TEST_ROUTES=1: GET /dev/slow (routes/test-only), for the drain test. */
  testRoutes?: boolean;
  /** Metrics and traces (src/telemetry); default the one `db` was instrumented with (server.ts), else metrics only. */
  telemetry?: Telemetry;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function loggerOptions(logger: BuildAppOptions['logger']) {
  if (!logger) return false;
  const level = typeof logger === 'object' && logger.level ? logger.level : 'info';
  return {
    level,
    ...(typeof logger === 'object' && logger.stream ? { stream: logger.stream } : {}),
    // Every line goes through the one redaction (lib/log-redaction.ts): the parsed query, headers and body
    // fields, phone numbers, signed URLs, database parameters. Card fields are also cut by the LOG_REDACT_PATHS
    // rule (`cutCardFields`, what pino's own `redact` did with those paths, without its per-line cloning).
    ...redactingLoggerOptions(),
  };
}

/**
 * What arrived of a request Node could not parse (`rawPacket`): its URL and Accept-Language, enough for the answer's
 * language (langOf). A request line cut short leaves the default, Indonesian.
 */
function rawRequestOf(packet: unknown): { url: string; headers: Record<string, string> } {
  const text = Buffer.isBuffer(packet) ? packet.subarray(0, 64 * 1024).toString('latin1') : '';
  const url = /^[A-Z]+ (\S+) HTTP\//.exec(text)?.[1] ?? '/';
  const accept = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
  return { url, headers: accept === undefined ? {} : { 'accept-language': accept } };
}

/**
 * A malformed HTTP request (before fastify can route it): answer an envelope, in the request's language, and close.
 * Headers over Node's 16 KB (a cookie jar grown too big) are 431, the status that names it; the rest 400.
 */
function clientErrorHandler(err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const lang = langOf({ query: undefined, ...rawRequestOf(err.rawPacket) });
  const body = JSON.stringify({ code: ErrorCode.badRequest, data: null, message: messages[lang].badRequest });
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The whole product server: API endpoints (envelopes), the static shell and remotes. fastify/demo shape:
 * external plugins, app plugins, then one folder per route prefix under routes/. Not yet ready when
 * returned: callers may register more routes (tests do) before `ready()` / `listen()` / `inject()`.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestTimeout: 30_000,
    // Start-up work in onReady hooks (the first shell publish to an object store, or waiting for another instance
    // doing it: src/releases/plugin.ts) can take longer than Fastify's 10 s default under load.
    pluginTimeout: 120_000,
    // Closing after the drain: plugins/app/lifecycle.ts answers late requests with the 503 envelope.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 1000 },
    // Fastify ignores what this returns: the reply is sent, and its promise (settled once sent) is not waited for.
    frameworkErrors: (err, req, reply) => void handleError(err, req, reply),
    clientErrorHandler,
  });

  const clock = options.clock ?? systemClock;
  const secret = options.paymentWebhookSecret ?? (options.demo ? DEV_PAYMENT_WEBHOOK_SECRET : undefined);
  if (!options.payments && !secret) throw new Error('buildApp: paymentWebhookSecret is required outside demo mode');
  const payments = options.payments ?? new SandboxPaymentProvider(secret!);
  app.decorate('db', options.db);
  app.decorate('clock', clock);
  app.decorate('sms', options.sms ?? new OutboxSmsProvider(options.db, clock));
  app.decorate('payments', payments);
  app.decorate('cardFingerprintSecret', options.cardFingerprintSecret ?? DEV_CARD_FINGERPRINT_SECRET);
  app.decorate('smsCodeSecret', options.smsCodeSecret);
  app.decorate('opsTotpKey', options.opsTotpKey);
  app.decorate('fileUrlKey', fileUrlKeySource({ db: options.db, smsCodeSecret: options.smsCodeSecret }));
  const storage = options.storage ?? new TempFolderStorage();
  app.decorate('storage', storage);
  if (storage instanceof TempFolderStorage) app.addHook('onClose', () => storage.remove());
  app.decorate('demo', options.demo ?? false);
  app.decorate('imageHosts', [...(options.imageHosts ?? [])]);
  app.decorate('limits', { ...DEFAULT_LIMITS, ...options.limits });
  // Server rendering of pages (issue 14): routes/static sets the renderer, the 404 handler's page answers use it.
  app.decorate('pages', { renderer: null, budgetMs: options.ssrBudgetMs ?? 0 });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // External plugins, then the app's own, then routes. Shutdown state and load shedding first: their hooks
  // apply to every route.
  // Telemetry before everything (issue 15 item 4): its hooks time every request, shed and refused ones included.
  app.register(telemetryPlugin, { telemetry: options.telemetry ?? telemetryOf(options.db) ?? createTelemetry() });
  app.register(lifecyclePlugin, { lifecycle: options.lifecycle ?? new Lifecycle() });
  app.register(underPressurePlugin, options.pressure ?? {});
  app.register(helmetPlugin, { imageHosts: options.imageHosts ?? [], assetOrigin: options.releases?.assetOrigin });
  app.register(formbodyPlugin);
  // Releases (issue 15): app.releases / app.releaseStorage for the 404 handler, the landing page and the static routes.
  app.register(releasesPlugin, { releases: options.releases ?? {}, shellDir: options.shellDir, releasesDir: options.releasesDir });
  app.register(errorsPlugin);

  app.register(healthRoutes, options.readiness ?? {});
  app.register(metricsRoutes);
  app.register(personalCenterRoutes);
  app.register(loginRoutes);
  app.register(loanDetailsRoutes);
  app.register(loanConfirmRoutes, { stepUp: options.confirmStepUp === true });
  app.register(contractRoutes);
  app.register(eventRoutes);
  app.register(marketRoutes);
  app.register(repaymentRoutes);
  app.register(cardRepaymentRoutes);
  app.register(paymentRoutes);
  app.register(userProblemRoutes);
  app.register(opsRoutes);
  app.register(partnerRoutes);
  app.register(opsConsentRoutes);
  app.register(promotionRoutes);
  app.register(opsTemplateRoutes);
  app.register(opsConsoleRoutes);
  app.register(contactMessageRoutes);
  app.register(clientErrorRoutes);
  app.register(rumRoutes);
  app.register(opsReleaseRoutes);
  if (options.demo) app.register(devRoutes);
  if (options.demo) app.register(promotionDevRoutes);
  if (options.testRoutes) app.register(testOnlyRoutes);
  app.register(landingRoutes);
  app.register(staticRoutes);

  return app;
}
