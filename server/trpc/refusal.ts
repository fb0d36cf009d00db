import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { Request, Response } from 'express';
import type { AppError } from '../errors';
import { toTRPCError } from './errors';
import { appRouter } from './router';

/**
 * Refuses a /trpc request that a guard stops before tRPC reads it (the mutation guard's 403), in tRPC's own error shape (docs/contract.md section 2): the same body tRPC's error
 * formatter would write, one error per call of a batch, so the app's batch link reads it like any other.
 * The guard cannot hand the error to tRPC instead: tRPC checks the content type before it looks at an error
 * handed to it, and a form post would be its 415, not our 403.
 */
export function sendTrpcRefusal(req: Request, res: Response, error: AppError): void {
  let called: string;
  try {
    called = decodeURIComponent(req.path.replace(/^\//, ''));
  } catch {
    called = '';
  }
  const shapeFor = (path: string) =>
    getErrorShape({
      config: appRouter._def._config,
      error: toTRPCError(error),
      type: 'unknown',
      path,
      input: undefined,
      ctx: undefined,
    });
  const paths = called.split(',');
  res
    .status(error.status)
    .json(req.query.batch === '1' ? paths.map((path) => ({ error: shapeFor(path) })) : { error: shapeFor(paths[0]!) });
}
