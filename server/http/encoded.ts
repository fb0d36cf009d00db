import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { appFileCacheControl } from './cache-control';

/**
 * Bytes that are sent many times as they are: made once, compressed the first time a reader asks for an
 * encoding, and the same buffers sent to everyone after that. The app's files and a public page's HTML are
 * the same for every reader until the next release or the next change, so compressing per request would
 * spend the server's CPU on the same work again and again.
 */
export interface Encoded {
  identity: Buffer;
  /** A strong validator of the bytes (the same for every encoding of them: `Vary` tells caches apart). */
  etag: string;
  gzip(): Buffer;
  /** Absent where compressing per version would cost more than it saves (a page that changes often). */
  brotli?: () => Buffer;
}

export function encodedOnce(identity: Buffer, options: { brotli: boolean }): Encoded {
  let gzipped: Buffer | undefined;
  let brotlied: Buffer | undefined;
  return {
    identity,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    gzip: () => (gzipped ??= gzipSync(identity, { level: 9 })),
    ...(options.brotli
      ? {
          brotli: () =>
            (brotlied ??= brotliCompressSync(identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            })),
        }
      : {}),
  };
}

/** The best encoding both sides have: brotli, else gzip, else the bytes as they are; 304 when the reader has them. */
export function sendEncoded(req: Request, res: Response, encoded: Encoded, contentType: string): void {
  res.setHeader('Content-Type', contentType);
  res.vary('Accept-Encoding');
  res.setHeader('ETag', encoded.etag);
  // A browser revalidating (the no-cache files, a page it holds) gets 304 for bytes it already has.
  if (req.headers['if-none-match'] === encoded.etag) return void res.status(304).end();
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const [encoding, bytes] =
    encoded.brotli && /\bbr\b/.test(accepted)
      ? ['br', encoded.brotli()]
      : /\bgzip\b/.test(accepted)
        ? ['gzip', encoded.gzip()]
        : [undefined, encoded.identity];
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  if (req.method === 'HEAD') return void res.end();
  res.end(bytes);
}

/** The app's text files: what compresses. Images and fonts are compressed already. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The built app's text files, compressed: measured with Lighthouse (docs/performance.md), the sign-in page's
 * 320 KB entry chunk travelled uncompressed and was most of its first paint on a phone's network. A release's
 * files do not change while it runs, so each file is read and compressed once (brotli at its best quality,
 * gzip for the rest) and kept; anything else (images, a missing file) goes on to express.static.
 */
export function compressedAppFiles(clientDist: string): RequestHandler {
  const files = new Map<string, Promise<Encoded | null>>();
  const root = path.resolve(clientDist);
  const load = async (file: string): Promise<Encoded | null> => {
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) return null;
    return encodedOnce(await readFile(file), { brotli: true });
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TEXT_TYPES[path.extname(req.path).toLowerCase()];
    if (!type) return next();
    const file = path.resolve(root, `.${req.path}`);
    // The path is decoded and normalised by resolve: nothing outside the built folder is served.
    if (!file.startsWith(`${root}${path.sep}`)) return next();
    if (file === path.join(root, 'index.html')) return next();
    let pending = files.get(file);
    if (!pending) {
      pending = load(file);
      files.set(file, pending);
    }
    pending.then(
      (encoded) => {
        if (!encoded) {
          files.delete(file);
          return next();
        }
        appFileCacheControl(res, file);
        sendEncoded(req, res, encoded, type);
      },
      (error: unknown) => {
        files.delete(file);
        next(error);
      },
    );
  };
}
