import type { ErrorKey } from '../../shared/errors';
import type { TextParams } from '../../shared/i18n/types';
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { AppError } from '../errors';

/** docs/contract.md section 1. */
export const BODY_LIMIT_BYTES = 100 * 1024;
/**
 * The deepest nesting of arrays and objects a JSON body or tRPC input may have. The deepest body of the
 * contract (a personal course's tee lengths, inside a tRPC batch) is 5; 32 leaves room and stays far below
 * what recursive code (JSON.stringify in tRPC's adapter, validation, logging) survives: about 4,000 levels
 * overflowed the stack in tRPC's adapter.
 */
export const MAX_JSON_DEPTH = 32;
/** What body-parser decodes, named here so the answer does not depend on the Node version (zstd). */
const DECODED_ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);
const UTF8_CHARSETS = new Set(['utf-8', 'utf8']);

function refusal(key: ErrorKey, params?: TextParams): AppError {
  return new AppError('INVALID_INPUT', { key, params });
}
const tooDeep = () => refusal('errors.requests.jsonTooDeep', { depth: MAX_JSON_DEPTH });
const unsupportedEncoding = () => refusal('errors.requests.unsupportedEncoding');

/**
 * Whether JSON text nests arrays and objects deeper than `max`. One pass over the bytes, no recursion, so
 * it is safe on exactly the input that would overflow a recursive reader. Brackets inside strings do not
 * count; bytes of multi-byte UTF-8 characters are never ASCII, so reading bytes is exact.
 */
export function nestsDeeperThan(json: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // a backslash escapes the next character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > max) return true;
    } else if (byte === 0x5d || byte === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Runs after body-parser has read (and decompressed) the body, before it is decoded and parsed: what is
 * thrown here reaches the caller of readJsonBody as the refusal itself.
 */
function verifyBody(_req: IncomingMessage, _res: ServerResponse, body: Buffer, charset: string): void {
  if (!UTF8_CHARSETS.has(charset.toLowerCase())) throw refusal('errors.requests.utf8Required');
  // body-parser would decode invalid bytes to U+FFFD and carry on: a changed value, silently stored.
  if (!isUtf8(body)) throw refusal('errors.requests.invalidUtf8');
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw tooDeep();
}

const parseJson = express.json({ limit: BODY_LIMIT_BYTES, type: 'application/json', verify: verifyBody });

/** A body-parser failure as the contract's answer; anything that is not the client's fault stays as it is. */
function asRefusal(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE');
  if (typeof status !== 'number' || status < 400 || status > 499) return error;
  switch (type) {
    case 'entity.parse.failed':
      return refusal('errors.requests.invalidJson');
    case 'encoding.unsupported':
      return unsupportedEncoding();
    case 'charset.unsupported':
      return refusal('errors.requests.utf8Required');
    default:
      // A gzip, deflate or br body that does not decompress, a Content-Length that does not match, ...
      return refusal('errors.requests.unreadable');
  }
}

/**
 * The one JSON body reader, for REST and /trpc alike: 100 KiB at most (after decompression), gzip, deflate
 * and br decoded, UTF-8 only, nested at most MAX_JSON_DEPTH deep. Sets `req.body` (left undefined for a
 * request without a JSON body). Rejects with an AppError (400 INVALID_INPUT, 413 PAYLOAD_TOO_LARGE) for
 * anything the client sent wrong; each transport shapes it its own way.
 */
export function readJsonBody(req: express.Request, res: express.Response): Promise<void> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (!DECODED_ENCODINGS.has(encoding)) return Promise.reject(unsupportedEncoding());
  return new Promise((resolve, reject) => {
    parseJson(req, res, (error?: unknown) => (error === undefined ? resolve() : reject(asRefusal(error))));
  });
}

/**
 * tRPC reads a query's input from the URL (`?input=` holds JSON), not from the body: the same depth bound
 * applies to it before tRPC parses it.
 */
export function checkTrpcQueryInput(req: express.Request): void {
  const input = new URL(req.originalUrl, 'http://localhost').searchParams.get('input');
  if (input !== null && nestsDeeperThan(Buffer.from(input), MAX_JSON_DEPTH)) {
    throw tooDeep();
  }
}
