import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { foreignOriginError, isOwnOrigin } from './origin';
import { AppError } from '../errors';
import type { Deps } from '../deps';
import { sendError } from '../rest/respond';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
  }
}

/** How a guard answers a refusal: the REST shape by default, tRPC's on /trpc (trpc/refusal.ts). */
export type Refuse = (req: Request, res: Response, error: AppError) => void;

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A request id for every request, echoed in X-Request-Id and in every log line about it. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    req.id = randomUUID();
    res.setHeader('X-Request-Id', req.id);
    next();
  };
}

/**
 * One line per request. The path only: query strings can carry tokens (/login/verify?token=...). A REST
 * route is logged by its pattern (`/account/emails/:email`), not its values: a path parameter can be an
 * e-mail address, which the log would otherwise keep after its owner deleted the account.
 */
export function accessLog(deps: Deps): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      deps.logger.info(
        {
          requestId: req.id,
          method: req.method,
          path: req.route ? `${req.baseUrl}${String(req.route.path)}` : req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  };
}

function isJson(req: Request): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * docs/contract.md section 1: a mutating request must say it is JSON (a cross-site form cannot), and an Origin,
 * where the browser sends one, must be our own. Either failure is 403 FORBIDDEN_ORIGIN.
 */
export function mutationGuard(
  deps: Deps,
  refuse: Refuse = (req, res, error) => sendError(deps, req, res, error),
): RequestHandler {
  return (req, res, next) => {
    if (!MUTATING_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    if (!isOwnOrigin(deps.config, origin)) return refuse(req, res, foreignOriginError(deps.config, origin));
    if (!isJson(req)) return refuse(req, res, new AppError('FORBIDDEN_ORIGIN'));
    next();
  };
}

/**
 * A media type is case-insensitive (`APPLICATION/JSON` is JSON, and the mutation guard reads it so), but
 * tRPC matches its content-type handlers by exact prefix and answered an upper-case one with a 500. The type
 * itself is written in lower case before tRPC reads it; its parameters (a charset) are left as sent.
 */
export function lowerCaseMediaType(): RequestHandler {
  return (req, _res, next) => {
    const type = req.headers['content-type'];
    if (typeof type === 'string') {
      const [media = '', ...parameters] = type.split(';');
      req.headers['content-type'] = [media.trim().toLowerCase(), ...parameters].join(';');
    }
    next();
  };
}

/**
 * A path whose percent-encoding does not decode (`/organizations/%ZZ`, `/auth/me%`, `%FF` that is not
 * UTF-8) is 400 INVALID_INPUT here, before any route or the static files try to decode it and fail.
 */
export function decodablePath(
  deps: Deps,
  refuse: Refuse = (req, res, error) => sendError(deps, req, res, error),
): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(req, res, new AppError('INVALID_INPUT', { key: 'errors.requests.badPathEncoding' }));
    }
    next();
  };
}
