import { toolRoutes } from './rest/tools';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { GraphQLError } from 'graphql';
import { SESSION_COOKIE } from './auth/session';
import { callerFromApiKey, callerFromSession, lastCallerOf } from './crud/callers';
import { loadSecret, signer as makeSigner } from './auth/secret';
import { xsrfProtection } from './auth/xsrf';
import { isApiRequest, routedPath } from './auth/route-path';
import { cookieOptions } from './auth/cookies';
import { fastifyTrustProxy, strictTransportSecurity, upgradeInsecureRequests } from './auth/https';
import { createMailer, type Mailer } from './mail/mailer';
import { accountRoutes } from './accounts/account';
import { authorizationRoutes } from './accounts/authorization';
import { registerRoutes } from './accounts/register';
import { userPdfRoutes } from './accounts/user-pdf';
import { jobRoutes } from './jobs/jobs';
import { hubJobs } from './jobs/all';
import { createJobRunner, type Clock, type JobRunner } from './jobs/runner';
import type { JobDefinition } from './jobs/types';
import { outboxRoutes } from './jobs/outbox';
import { httpMessages } from './rest/messages';
import { openApi } from './rest/openapi';
import { samlRoutes } from './sso/saml';
import formbody from '@fastify/formbody';
import type { Config } from './config';
import { databaseMessages, RETRY_AFTER_SECONDS, isDatabaseUnavailable, type Db } from './db/client';
import { UPLOAD_LIMITS } from './files/limits';
import { BULK_REPEATABLE } from './files/bulk';
import type { FileStorage } from './files/storage';
import { confirmCaller, mountGraphql } from './graphql/http';
import { exportRoutes } from './rest/export';
import { fileRoutes } from './rest/files';
import { formsModule, registerFormHooks } from './forms';
import { registerEntityRuleHooks } from './crud/entity-rules';
import { registerRecordHooks } from './records';
import { memberRoutes } from './member';
import { timelineRoutes } from './timelines/routes';
import { integrationRoutes } from './integration';
import { registerSaveHooks } from './crud/hooks';
import { BadInputError, UnauthenticatedError, UserError } from './core/errors';
import { assertNoNul } from './core/strings';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route the browser navigates to (sign-out): its query is a return path, cleaned rather than refused. */
    navigation?: boolean;
  }
  interface FastifyInstance {
    /** The scheduled jobs' runner: main.ts starts it after listen; closing the app stops it. */
    jobRunner: JobRunner;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  storage: FileStorage;
  /** false: no log; a stream: log lines go there instead of standard output (tests read them). */
  logger?: boolean | { write(line: string): void };
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
  /** Replaces the hub's jobs (tests). */
  jobs?: JobDefinition[];
  /** The job runner's clock and server id (tests). */
  clock?: Clock;
  serverId?: string;
}

/** Routes that work without a session, so a stale cookie must not turn them into a 401. */
/** The headers helmet sets for these options, read off a stand-in response once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

const OPEN_PATHS = ['/api/authorization/', '/api/register', '/api/account/reset-password', '/api/health', '/api/site'];

/**
 * The one REST error shape, `{errors:[{message}]}` (a UserError adds its extensions beside the
 * message). Handlers and hooks throw the errors of core/errors.ts; the error handler below
 * answers them with this; only the answers Fastify asks for outside a route use it directly.
 */
function errorBody(message: string, extensions: Record<string, unknown> = {}) {
  return { errors: [{ message, ...extensions }] };
}

/** 503 with Retry-After and the message of an outage (`extra`: more fields of the body). */
function databaseUnavailable(reply: FastifyReply, extra: Record<string, unknown> = {}) {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ ...extra, ...errorBody(databaseMessages.unavailable) });
}

/** The HTTP application: API under /api, the SPA everywhere else. */
export async function buildApp({
  config,
  db,
  storage,
  logger = true,
  mailer: givenMailer,
  jobs,
  clock,
  serverId,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, ...(typeof logger === 'object' ? { stream: logger } : {}) } : false,
    bodyLimit: config.bodyLimit,
    // A request (an upload included) is received in at most this time, however slowly it
    // moves; a stalled one ends sooner (files/limits.ts). Fastify's default is no limit.
    requestTimeout: UPLOAD_LIMITS.requestMs,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // An address the router cannot read (bad percent-encoding, an over-long id): the
    // client's mistake, said in the hub's own error shape.
    frameworkErrors: (err, _req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      void (reply as unknown as FastifyReply)
        .status(status)
        .send(errorBody(tooLong ? httpMessages.addressTooLong : httpMessages.addressNotValid));
    },
    // A request Node's parser refuses before Fastify sees it (headers over 16 kB, a request too
    // slow to arrive, bytes that are not HTTP): answered in the same error shape, then closed.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, reason, message] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', httpMessages.headersTooLarge]
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', httpMessages.requestTooSlow]
            : [400, 'Bad Request', httpMessages.requestNotReadable];
      const body = JSON.stringify(errorBody(message));
      if (socket.writable)
        socket.write(
          `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      socket.destroy(err);
    },
  });

  // Helmet's headers depend only on the configuration: worked out once, set on every reply
  // (@fastify/helmet builds helmet again, CSP parsing included, for every request).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: upgradeInsecureRequests(config),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false, // strictTransportSecurity(): only over HTTPS
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(securityHeaders);
  });
  strictTransportSecurity(app, config);
  await app.register(cookie);

  const signer = makeSigner(await loadSecret(db, config.secretKey ?? undefined));
  const mailer = givenMailer ?? createMailer(db, config.smtpUrl, config.mailFrom, (msg, err) => app.log.error({ err }, msg));
  xsrfProtection(app, signer);

  // Every API route reads one value per query parameter: a repeated one is refused, not
  // handed on as an array that no handler expects. (The pages a browser is sent to, sign-out
  // and /Saml/..., read their parameters themselves and fall back to a safe default.)
  app.addHook('onRequest', async (req) => {
    if (!isApiRequest(req) || routedPath(req).startsWith('/api/authorization/logout')) return;
    const repeatable = routedPath(req) === BULK_REPEATABLE.path ? BULK_REPEATABLE.parameter : null;
    const repeated = Object.entries(req.query as Record<string, unknown>).find(([k, v]) => Array.isArray(v) && k !== repeatable);
    if (repeated) throw new BadInputError(httpMessages.repeatedParameter(repeated[0]));
  });

  app.decorateRequest('caller', null);
  app.decorateRequest('pendingSession', null);
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiRequest(req)) return;
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      // The field-service application: acts for the token's organisation only.
      const caller = await callerFromApiKey(db, auth.slice(7).trim());
      if (!caller) throw new UnauthenticatedError(httpMessages.badApiToken);
      req.caller = caller;
      return;
    }
    const token = req.cookies[SESSION_COOKIE];
    // A GraphQL request on PostgreSQL goes on as the caller this process last read for the
    // session, confirmed by the request's own statement (graphql/http.ts, crud/batch.ts): one
    // round trip, not two. Nothing is answered before it is confirmed.
    const last =
      req.method === 'POST' && routedPath(req) === '/api/graphql' && !req.isMultipart()
        ? lastCallerOf(db, token, config.sessionIdleMinutes)
        : null;
    if (last) {
      req.caller = last.caller;
      req.pendingSession = {
        db,
        pending: last.pending,
        reread: async () => {
          const caller = await callerFromSession(db, token, config.sessionIdleMinutes);
          if (caller) return caller;
          reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
          throw new UnauthenticatedError(httpMessages.sessionEnded);
        },
      };
      return;
    }
    req.caller = await callerFromSession(db, token, config.sessionIdleMinutes);
    if (token && !req.caller && !OPEN_PATHS.some((p) => routedPath(req).startsWith(p))) {
      // The session ended on the server: the client signs in again and comes back.
      reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
      throw new UnauthenticatedError(httpMessages.sessionEnded);
    }
  });

  // No request string may hold a NUL character (PostgreSQL text cannot): one 400, before any handler.
  app.addHook('preValidation', async (req) => {
    if (!isApiRequest(req)) return;
    assertNoNul(req.params);
    // A navigation route's query is only a return path, which safePath cleans: never refused.
    if (!req.routeOptions.config.navigation) assertNoNul(req.query);
    assertNoNul(req.body);
  });

  app.setErrorHandler(async (err, req, reply) => {
    // A GraphQL request going on as the caller last read for its session (graphql/http.ts
    // confirms it before answering) refused before its handler ran (its body, a NUL, its
    // size): a refusal too is answered only to a confirmed session, else the usual 401.
    if (req.pendingSession) {
      try {
        await confirmCaller(req);
      } catch (confirmErr) {
        err = confirmErr as typeof err;
      } finally {
        req.pendingSession = null;
      }
    }
    // PostgreSQL cannot be reached (down, restarting, network): the client may try again.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'The database is unavailable');
      return databaseUnavailable(reply);
    }
    if (err instanceof UserError) return reply.status(err.status).send(errorBody(err.message, err.extensions));
    if (err instanceof GraphQLError) return reply.status(400).send(errorBody(err.message));
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      req.log.error(err);
      return reply.status(500).send(errorBody(httpMessages.unexpected));
    }
    const message = status === 413 ? httpMessages.bodyTooLarge(config.bodyLimit) : (err as Error).message;
    return reply.status(status).send(errorBody(message));
  });

  await openApi(app);

  app.get('/api/health', async (req, reply) => {
    try {
      await db.query('SELECT 1');
    } catch (err) {
      // Whatever stops the simplest query, the hub cannot serve: say so to the load balancer.
      req.log.warn({ err }, 'Health check: the database is unavailable');
      return databaseUnavailable(reply, { status: 'unavailable', database: db.engine });
    }
    return { status: 'ok', database: db.engine };
  });

  await mountGraphql(app, { db, storage });
  const authEnv = { db, config, signer, mailer };
  authorizationRoutes(app, authEnv);
  accountRoutes(app, authEnv, storage);
  userPdfRoutes(app, db);
  registerRoutes(app, authEnv, storage);
  outboxRoutes(app, db);
  const jobRunner = createJobRunner({
    db,
    jobs: jobs ?? hubJobs(config),
    storage,
    mailer,
    publicUrl: config.publicUrl,
    scheduled: config.jobs.enabled,
    clock,
    serverId,
    log: (msg, data) => app.log.info(data ?? {}, msg),
  });
  app.decorate('jobRunner', jobRunner);
  // Before the database closes (main.ts closes it after the app): running jobs stop between batches.
  app.addHook('onClose', () => jobRunner.stop());
  jobRoutes(app, jobRunner);
  await toolRoutes(app); // version, /api/integration-swagger
  await app.register(async (scope) => {
    // The identity provider posts its response as a form.
    await scope.register(formbody, { bodyLimit: 1_000_000 });
    samlRoutes(scope, authEnv);
  });
  exportRoutes(app, db);
  fileRoutes(app, db, storage);
  // The entities' save hooks, listed here and nowhere else.
  registerFormHooks(registerSaveHooks);
  registerEntityRuleHooks(registerSaveHooks);
  registerRecordHooks(registerSaveHooks);
  formsModule(app, { db, storage }, { mailer, publicUrl: config.publicUrl, log: (msg, err) => app.log.error({ err }, msg) });
  timelineRoutes(app, db);
  memberRoutes(
    app,
    { db, storage },
    { site: config.site, reminders: config.reminders, mailer, log: (msg, err) => app.log.error({ err }, msg) },
  );
  integrationRoutes(app, { db, storage });

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The service worker, its runtime, the manifest and the page are checked on every load, so
      // a deploy reaches the installed app at once (docs/offline.md); other files keep an hour.
      setHeaders(res, path) {
        const checked = /(?:^|[\\/])(?:sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest|index\.html)$/.test(path);
        res.setHeader('cache-control', checked ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiRequest(req) || routedPath(req) === '/api' || req.method !== 'GET')
      return reply.status(404).send(errorBody(httpMessages.noRoute(req.method, req.url.split('?')[0])));
    // Client-side routes (and unknown paths, which the SPA shows as its 404 page) get the app.
    if (!hasWeb) return reply.status(503).type('text/plain').send('The web app is not built: run npm run build');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
