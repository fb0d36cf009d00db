import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { sql } from 'drizzle-orm';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Pool as PostgresPool } from 'pg';
import { WebSocketServer } from 'ws';
import { AppError } from './errors';
import type { Deps } from './deps';
import { MAX_BATCH_CALLS } from '../shared/http';
import { appFileCacheControl, looksLikeAFile, noStoreByDefault } from './http/cache-control';
import { compressedAppFiles, type Encoded, encodedOnce, sendEncoded } from './http/encoded';
import { landingPage } from './http/landing-page';
import { accessLog, decodablePath, lowerCaseMediaType, mutationGuard, requestId } from './http/guards';
import { checkTrpcQueryInput, readJsonBody } from './http/json-body';
import { securityHeaders } from './http/security-headers';
import { metricsEndpoint, requestMetrics } from './http/metrics';
import { devMailRoutes } from './mail/dev-outbox';
import { countingBus, createMetrics, type Metrics } from './metrics';
import { audiencesOf } from './realtime/audiences';
import type { PostgresBus } from './realtime/postgres-bus';
import { webSocketEncoder } from './realtime/frames';
import { createLiveSockets } from './realtime/sockets';
import { createSocketLimits } from './realtime/socket-limits';
import { openApiRoutes } from './openapi/routes';
import { PROJECT_ROOT } from './paths';
import { restRoutes } from './rest';
import { sendError } from './rest/respond';
import { createContextFor } from './trpc/context';
import { isLanguage } from '../shared/language';
import { isOwnOrigin } from './http/origin';
import { sendTrpcRefusal } from './trpc/refusal';
import { describeError, logAnswered, toTRPCError } from './trpc/errors';
import { appRouter, httpRouter } from './trpc/router';

export const CLIENT_DIST = path.join(PROJECT_ROOT, 'dist/client');
// `_def.procedures` is flat at run time ("rounds.onUpdate"), whatever its declared type says.
const PROCEDURES = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>);
const PROCEDURE_PATHS = new Set(PROCEDURES.map(([name]) => name));

export interface AppOptions {
  /** How the React app is served: the production build, Vite's dev middleware, or not at all (API tests). */
  client: 'static' | 'vite' | 'none';
  /** Where the production build is (default dist/client); tests serve a small one of their own. */
  clientDist?: string;
}

export interface RunningApp {
  server: Server;
  /** Stops accepting, closes WebSockets, lets requests in flight finish. Does not close the database. */
  close(): Promise<void>;
}

/**
 * Express (REST, tRPC over HTTP, the app) and the WebSocket server (tRPC subscriptions) on one HTTP server,
 * not yet listening: index.ts and the tests decide where.
 */
export async function createApp(appDeps: Deps, options: AppOptions): Promise<RunningApp> {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  const server = createServer(app);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 100 * 1024 });

  // With METRICS_TOKEN, this app's own registry; everything below gets the deps that carry it.
  let deps = appDeps;
  let metrics: Metrics | undefined;
  if (appDeps.config.metricsToken !== undefined) {
    const bus = appDeps.bus;
    metrics = createMetrics({
      openSockets: () => wss.clients.size,
      sessionSockets: () => liveSockets.size(),
      subscriptions: () => audiencesOf(deps).subscriberCounts(),
      pool: appDeps.dbKind === 'postgres' ? (appDeps.db as unknown as { $client: PostgresPool }).$client : undefined,
      busDropped: 'droppedMessages' in bus ? () => (bus as PostgresBus).droppedMessages() : undefined,
    });
    deps = { ...appDeps, metrics, bus: countingBus(bus, metrics) };
    app.use(requestMetrics(metrics, PROCEDURE_PATHS));
  }

  app.use(requestId());
  app.use(noStoreByDefault());
  app.use(securityHeaders({ withContentSecurityPolicy: options.client !== 'vite' }));
  app.use(accessLog(deps));

  // tRPC first: it answers everything under /trpc, its refusals in its own error shape (docs/contract.md 2).
  app.use('/trpc', mutationGuard(deps, sendTrpcRefusal));
  // tRPC decodes the path itself and answers a broken percent-encoding with a 500: it is refused first.
  app.use('/trpc', decodablePath(deps, sendTrpcRefusal));
  app.use('/trpc', lowerCaseMediaType());
  app.use(
    '/trpc',
    createExpressMiddleware({
      // Subscriptions are the WebSocket's only: over HTTP each is a query that refuses (trpc/router.ts).
      router: httpRouter,
      createContext: ({ req, res }) => createContextFor(deps, req, { response: res }),
      // The same body reader as REST; a refusal goes to tRPC as the error of every call in the request.
      middleware: (req, res, next) => {
        const read = async () => {
          if (req.method === 'GET') checkTrpcQueryInput(req);
          await readJsonBody(req, res);
        };
        read().then(
          () => next(),
          (error: unknown) => next(error instanceof AppError ? toTRPCError(error) : error),
        );
      },
      // A larger batch is 400 INVALID_INPUT before any call runs (describeError names the bound).
      maxBatchSize: MAX_BATCH_CALLS,
      onError: ({ error, ctx, path: procedurePath }) => {
        logAnswered(deps.logger, error, describeError(error).code, {
          requestId: ctx?.meta.requestId,
          procedure: procedurePath,
        });
      },
      responseMeta: ({ errors }) => {
        const retryAfter = errors.map((e) => describeError(e).retryAfterSeconds).find((s) => s !== undefined);
        return retryAfter === undefined ? {} : { headers: new Headers({ 'Retry-After': String(retryAfter) }) };
      },
    }),
  );

  // Everything under /trpc has been answered above: the guards below serve REST and the app's files.
  app.use(mutationGuard(deps));
  app.use(decodablePath(deps));
  app.use((req, res, next) => {
    readJsonBody(req, res).then(
      () => next(),
      (error: unknown) => (error instanceof AppError ? sendError(deps, req, res, error) : next(error)),
    );
  });

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/readyz', async (req, res) => {
    try {
      await deps.db.execute(sql`select 1`);
      res.json({ ok: true });
    } catch (error) {
      deps.logger.error({ err: error, requestId: req.id }, 'database not ready');
      res.status(503).json({ ok: false });
    }
  });

  app.get('/metrics', metricsEndpoint(deps, metrics));

  app.use(restRoutes(deps));
  app.use(openApiRoutes(deps));

  if (deps.config.nodeEnv !== 'production') app.use(devMailRoutes(deps));

  let closeVite = async () => {};
  if (options.client === 'static') {
    const clientDist = options.clientDist ?? CLIENT_DIST;
    const indexHtml = path.join(clientDist, 'index.html');
    // A release's index.html does not change while it runs: read (and compressed) once.
    let builtTemplate: Promise<string> | undefined;
    const template = () => (builtTemplate ??= readFile(indexHtml, 'utf8'));
    let builtIndexOnce: Promise<Encoded> | undefined;
    const builtIndex = () =>
      (builtIndexOnce ??= template().then((text) => encodedOnce(Buffer.from(text), { brotli: true })));
    if (!existsSync(indexHtml)) deps.logger.warn('the app is not built: run `npm run build` (npm start does)');
    app.use(compressedAppFiles(clientDist));
    app.use(express.static(clientDist, { index: false, setHeaders: appFileCacheControl }));
    // Browsers ask for /favicon.ico on pages that name no icon (the API docs, /dev/mail): the app's icon.
    app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
    app.get(
      '/t/:slug',
      landingPage(deps, async () => (existsSync(indexHtml) ? template() : null)),
    );
    // The SPA fallback: any other GET is a page of the app, routed in the browser; a missing file is 404.
    app.get('/{*splat}', (req, res, next) => {
      if (looksLikeAFile(req.path)) return next();
      if (existsSync(indexHtml)) {
        appFileCacheControl(res, indexHtml);
        return void builtIndex().then((page) => sendEncoded(req, res, page, 'text/html; charset=utf-8'), next);
      }
      res.status(503).type('text').send('Appen er ikke bygget ennå. Kjør `npm run build` (eller `npm start`).');
    });
  } else if (options.client === 'vite') {
    const { createServer: createViteServer } = await import('vite');
    const vite = await createViteServer({
      server: { middlewareMode: true },
      appType: 'spa',
      configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
    });
    const sourceIndex = path.join(PROJECT_ROOT, 'client/index.html');
    app.get(
      '/t/:slug',
      landingPage(deps, async (url) => vite.transformIndexHtml(url, await readFile(sourceIndex, 'utf8'))),
    );
    app.use(vite.middlewares);
    closeVite = () => vite.close();
  }

  app.use((req, res) => sendError(deps, req, res, new AppError('NOT_FOUND')));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => sendError(deps, req, res, error));

  // Registered before tRPC's handler, so a socket is counted and watched before its first message is read.
  const liveSockets = createLiveSockets(deps);
  const socketLimits = createSocketLimits(deps.config);
  wss.on('connection', (socket, req) => {
    if (socketLimits.admit(socket, req)) void liveSockets.track(socket, req);
  });
  const wsHandler = applyWSSHandler({
    wss,
    router: appRouter,
    // The app names its language in the connection parameters: a socket's Accept-Language is the browser's.
    createContext: ({ req, res, info }) => {
      const language = info.connectionParams?.language;
      return createContextFor(deps, req, { socket: res, ...(isLanguage(language) ? { language } : {}) });
    },
    // Live events arrive serialised once per audience; the encoder splices them in (realtime/frames.ts).
    experimental_encoder: webSocketEncoder,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const origin = req.headers.origin;
    // Browsers send Origin on every WebSocket handshake: refusing foreign ones stops cross-site hijacking.
    if (url.pathname !== '/trpc' || !isOwnOrigin(deps.config, origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  return {
    server,
    async close() {
      liveSockets.stop();
      wsHandler.broadcastReconnectNotification();
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await closeVite();
    },
  };
}
