import { callTRPCProcedure } from '@trpc/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ErrorBody } from '../../shared/errors';
import { createContextFor } from '../trpc/context';
import { describeError, logAnswered } from '../trpc/errors';
import { appRouter } from '../trpc/router';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { languageOfAcceptLanguage } from '../../shared/language';
import type { Language } from '../../shared/values';
import { isFileAnswer, sendCached, sendCsv, sendIcs, sendJsonDownload, sendPdf } from './answers';
import { procedureAt } from './procedures';
import type { Route } from './table';

/**
 * Sends an error as docs/contract.md section 2 says, in `language` (the account's, when a procedure knew it),
 * else the request's Accept-Language (decision 0020); the detail of an unexpected one goes only to the log.
 */
export function sendError(deps: Deps, req: Request, res: Response, error: unknown, language?: Language): void {
  const described = describeError(error, language ?? languageOfAcceptLanguage(req.headers['accept-language']));
  logAnswered(deps.logger, error, described.code, { requestId: req.id });
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
 * A table row (routes.ts) as an Express handler: a thin adapter onto its tRPC procedure, the same code, the
 * same checks, the same errors. The input is built from the request as the row says and handed to the
 * procedure raw: the procedure's strict schema is what validates it, so no type is claimed for it here.
 */
export function restHandler(deps: Deps, row: Route): RequestHandler {
  const { _def } = procedureAt(row.procedure);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (row.vary) res.vary(row.vary);
    if (row.passOn?.(req)) return next('router');
    const ctx = createContextFor(deps, req, { response: res });
    try {
      // Built before the call: a body naming a path parameter is refused whoever sends it.
      const input = inputOf(row, req);
      const output: unknown = await callTRPCProcedure({
        router: appRouter,
        path: row.procedure,
        getRawInput: async () => input,
        ctx,
        type: _def.type,
        signal: undefined,
        batchIndex: 0,
      });
      if (row.cacheControl) res.setHeader('Cache-Control', row.cacheControl);
      if (row.answer === 'csv' && isFileAnswer(output, 'csv')) return sendCsv(res, output);
      if (row.answer === 'pdf' && isFileAnswer(output, 'pdf')) return sendPdf(res, output);
      if (row.answer === 'ics' && isFileAnswer(output, 'ics')) return sendIcs(res, output);
      if (row.answer === 'cached' && typeof output === 'object' && output !== null) return sendCached(req, res, output);
      if (row.answer === 'download') return sendJsonDownload(res, output, row.download ?? 'download', deps.now());
      if (row.status === 204) return void res.status(204).end();
      res.status(row.status).json(output ?? { ok: true });
    } catch (error) {
      sendError(deps, req, res, error, ctx.meta.language);
    }
  };
}

/** The procedure's raw input: the body with the path parameters, or the path parameters and the query, or none. */
function inputOf(row: Route, req: Request): unknown {
  const fromPath: Record<string, string | undefined> = {};
  for (const [name, field] of Object.entries(row.params)) fromPath[field] = pathParam(req, name);
  if (row.body) return bodyWithParams(req, fromPath);
  if (Object.keys(row.params).length === 0 && row.query.length === 0) return undefined;
  return { ...fromPath, ...queryParams(req, row.query) };
}

function pathParam(req: Request, name: string): string | undefined {
  const value = req.params[name];
  return typeof value === 'string' ? value : undefined;
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
    if (Object.hasOwn(sent, key))
      throw new AppError('INVALID_INPUT', { issues: [{ path: key, key: 'errors.fields.unknown' }] });
  }
  return { ...sent, ...params };
}

/** The query string's known parameters only; anything else is ignored, as query strings usually are. */
export function queryParams(req: Request, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (req.query[key] !== undefined) out[key] = req.query[key];
  return out;
}
