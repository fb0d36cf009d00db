import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { Metrics } from '../metrics';
import { sendError } from '../rest/respond';

/**
 * The route label of a request: the Express route pattern that answered it, or for /trpc the procedure
 * path(s) of a batch, each checked against the router's names; anything else one fixed label.
 */
export function routeLabels(req: Request, procedures: ReadonlySet<string>): string[] {
  const pathname = (req.originalUrl.split('?', 1)[0] ?? '').replace(/\/+$/, '');
  if (pathname === '/trpc' || pathname.startsWith('/trpc/')) {
    const names = pathname.slice('/trpc/'.length).split(',');
    return names.map((name) => (procedures.has(name) ? `/trpc/${name}` : '/trpc/<unknown>'));
  }
  const route = (req as Request & { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? [`${req.baseUrl}${route.path}`] : ['<unmatched>'];
}

/** Counts every HTTP request once its answer has gone (or its connection closed). */
export function requestMetrics(metrics: Metrics, procedures: ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      for (const route of routeLabels(req, procedures)) metrics.requestDone(route, req.method, res.statusCode, seconds);
    });
    next();
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics: 404 NOT_FOUND while METRICS_TOKEN is unset (as any unknown path), else the exposition for
 * `Authorization: Bearer <token>` and 401 for anything else. The token is compared in constant time.
 */
export function metricsEndpoint(deps: Deps, metrics: Metrics | undefined) {
  const expected = deps.config.metricsToken === undefined ? null : digest(deps.config.metricsToken);
  return async (req: Request, res: Response) => {
    if (!metrics || !expected) return sendError(deps, req, res, new AppError('NOT_FOUND'));
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      res.set('WWW-Authenticate', 'Bearer');
      return sendError(deps, req, res, new AppError('NOT_AUTHENTICATED'));
    }
    res.set('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  };
}
