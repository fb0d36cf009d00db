import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ErrorBody } from '../../shared/errors';
import { createContextFor } from '../trpc/context';
import { describeError } from '../trpc/errors';
import { createCaller } from '../trpc/router';
import type { Deps } from '../deps';
import { AppError } from '../errors';

type Caller = ReturnType<typeof createCaller>;

/** Sends an error as CONTRACT.md section 2 says; the detail of an unexpected one goes only to the log. */
export function sendError(deps: Deps, req: Request, res: Response, error: unknown): void {
  const described = describeError(error);
  if (described.code === 'INTERNAL') deps.logger.error({ err: error, requestId: req.id }, 'unexpected error');
  if (described.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(described.retryAfterSeconds));
  const body: ErrorBody = {
    error: {
      code: described.code,
      message: described.message,
      ...(described.issues ? { issues: described.issues } : {}),
      ...(described.code === 'INTERNAL' ? { requestId: req.id } : {}),
    },
  };
  res.status(described.status).json(body);
}

/**
 * A REST path as a thin adapter onto its tRPC procedure: the same code, the same checks, the same errors.
 * `call` picks the procedure and maps the path, query and body onto its input.
 */
export function procedure(
  deps: Deps,
  call: (caller: Caller, req: Request) => Promise<unknown>,
  options: { status?: number } = {},
): RequestHandler {
  return async (req: Request, res: Response, _next: NextFunction) => {
    const caller = createCaller(createContextFor(deps, req, { response: res }));
    try {
      const result = await call(caller, req);
      res.status(options.status ?? 200).json(result ?? { ok: true });
    } catch (error) {
      sendError(deps, req, res, error);
    }
  };
}

/** The JSON body, or an empty object for a body-less request (logout, sign-out-everywhere). */
export function body(req: Request): unknown {
  return req.body ?? {};
}

/**
 * The JSON body with the path parameters added (PATCH /personal-courses/{id}, PUT /rounds/{id}/scores).
 * A body that is not an object goes to the procedure as it is and fails its schema (400); a body that
 * names a path parameter itself is an unknown field (400), never merged or silently overridden.
 */
export function bodyWithParams(req: Request, params: Record<string, string | undefined>): unknown {
  const sent: unknown = req.body ?? {};
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return sent;
  for (const key of Object.keys(params)) {
    if (Object.hasOwn(sent, key)) throw new AppError('INVALID_INPUT', { issues: [{ path: key, message: 'Ukjent felt.' }] });
  }
  return { ...sent, ...params };
}

/** The query string's known parameters only; anything else is ignored, as query strings usually are. */
export function queryParams(req: Request, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (req.query[key] !== undefined) out[key] = req.query[key];
  return out;
}
