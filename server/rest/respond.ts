import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ErrorBody } from '../../shared/errors';
import { createContextFor } from '../trpc/context';
import { describeError } from '../trpc/errors';
import { createCaller } from '../trpc/router';
import type { Deps } from '../deps';

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
    const caller = createCaller(createContextFor(deps, req, res));
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
