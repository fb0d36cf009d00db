import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Deps } from '../../server/deps';
import { restRoutes } from '../../server/rest';
import { appRouter } from '../../server/trpc/router';
import { ERRORS, isErrorCode } from '../../shared/errors';

/** What the fuzz test walks: every REST route as Express has it, and every tRPC procedure. */
export interface RestTarget {
  kind: 'rest';
  method: string;
  path: string;
}
export interface TrpcTarget {
  kind: 'trpc';
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  /** Field names the input schema knows, at any depth: the values they get are hostile, the names real. */
  fields: string[];
}

/** The routes registered by server/rest (each domain's router inside the root one), read from Express. */
export function restTargets(deps: Deps): RestTarget[] {
  interface Layer {
    route?: { path: string; methods: Record<string, boolean> };
    handle: { stack?: Layer[] };
  }
  const targets: RestTarget[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          targets.push({ kind: 'rest', method: method.toUpperCase(), path: layer.route.path });
      } else if (layer.handle.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((restRoutes(deps) as unknown as { stack: Layer[] }).stack);
  return targets;
}

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, unknown>;
      innerType?: unknown;
      in?: unknown;
      out?: unknown;
      options?: unknown[];
      element?: unknown;
      left?: unknown;
      right?: unknown;
    };
  };
}

/** Every object key a zod schema names, through optional, default, pipe, union, array and the like. */
function fieldNames(schema: unknown, into = new Set<string>()): Set<string> {
  const def = (schema as ZodInternals | undefined)?._zod?.def;
  if (!def) return into;
  if (def.shape) {
    for (const [key, inner] of Object.entries(def.shape)) {
      into.add(key);
      fieldNames(inner, into);
    }
  }
  for (const inner of [def.innerType, def.in, def.out, def.element, def.left, def.right, ...(def.options ?? [])])
    fieldNames(inner, into);
  return into;
}

export function trpcTargets(): TrpcTarget[] {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: TrpcTarget['type']; inputs: unknown[] } }
  >;
  return Object.entries(procedures).map(([name, procedure]) => {
    const fields = new Set<string>();
    for (const input of procedure._def.inputs) fieldNames(input, fields);
    return { kind: 'trpc', name, type: procedure._def.type, fields: [...fields] };
  });
}

// ---- Hostile values ----

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\u202e\u0007\u001b[2J',
  '%',
  '%ZZ',
  '%00',
  '%FF%FE',
  '../../etc/passwd',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x10',
  '9007199254740993',
  '__proto__',
  'constructor',
  'null',
  'true',
  '[]',
  '{}',
  "'; drop table app_user; --",
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'kari@example.no',
  'KARI@EXAMPLE.NO\u0000',
  '123456',
  '2026-02-30',
  '9'.repeat(400),
  'å'.repeat(3000),
);

/** Strings of every kind: arbitrary code units (lone surrogates included), full Unicode, and the nasty ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyStrings },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.1,
    54,
    54.1,
    -10.1,
    2 ** 31,
    -(2 ** 31),
    2 ** 53 + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    5e-324,
    1e21,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** JSON values with the procedure's own field names as keys, so the fuzz reaches past "unknown field". */
export function hostileJson(fields: string[]): fc.Arbitrary<unknown> {
  const key =
    fields.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: hostileString })
      : hostileString;
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString,
      hostileNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 5 }),
      fc.dictionary(key, tie('value'), { maxKeys: 6 }),
    ),
  }));
  return value;
}

/** Text that nests `depth` arrays: what overflowed the stack at about 4,000. */
const deepJson = fc.integer({ min: 30, max: 5000 }).map((depth) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`);

export interface Body {
  bytes: Buffer;
  contentType: string | null;
  contentEncoding: string | null;
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/jsonl',
  'application/json, text/plain',
  null,
);

/** The body and how it claims to be encoded: sometimes truthfully compressed, sometimes lying. */
const encodedAs = fc.constantFrom<[string | null, (b: Buffer) => Buffer]>(
  [null, (b) => b],
  [null, (b) => b],
  [null, (b) => b],
  ['identity', (b) => b],
  ['gzip', (b) => gzipSync(b)],
  ['deflate', (b) => deflateSync(b)],
  ['br', (b) => brotliCompressSync(b)],
  ['gzip', (b) => b],
  ['deflate', (b) => b],
  ['br', (b) => b],
  ['gzip', (b) => gzipSync(b).subarray(0, 12)],
  ['zstd', (b) => b],
  ['gzip, br', (b) => b],
  ['x-garbage', (b) => b],
);

export function hostileBody(fields: string[]): fc.Arbitrary<Body> {
  const text = fc.oneof(
    { weight: 6, arbitrary: hostileJson(fields).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
    { weight: 1, arbitrary: deepJson.map((s) => Buffer.from(s)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', '{', '{"a":', '[', 'nul', '"\\ud800"', '{"a":"\\u0000"}')
        .map((s) => Buffer.from(s)),
    },
  );
  return fc
    .record({ raw: text, contentType: contentTypes, encoding: encodedAs })
    .map(({ raw, contentType, encoding: [name, encode] }) => ({
      bytes: encode(raw),
      contentType,
      contentEncoding: name,
    }));
}

/**
 * Text for a URL: percent-encoded (a lone surrogate cannot be), and short enough that the URL stays under
 * Node's 16 KiB header limit, which answers 431 before the app sees the request.
 */
const forUrl = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '').slice(0, 300));

/**
 * A path segment: a real-looking id, anything percent-encoded, or escapes that do not decode. No dot
 * segments: the client resolves `..` before sending, so the request would go to another path.
 */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.uuid().map(String) },
  { weight: 3, arbitrary: hostileString.map((s) => forUrl(s).replace(/^\.{1,2}$/, 'x') || 'x') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('%', '%ZZ', '%FF', '%E2%82', '%C0%AF', '%00', '%2F', '%5C', 'a%', '%u0041', '%25'),
  },
);

export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map(forUrl) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%FF', '%00', '&', '=', '%26q%3D1', 'a+b', '') },
);

// ---- What every answer must look like ----

function expectIssues(issues: unknown): void {
  if (issues === undefined) return;
  expect(Array.isArray(issues)).toBe(true);
  for (const issue of issues as unknown[]) {
    expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
  }
}

/** docs/contract.md section 2, REST: `{error: {code, message, issues?}}` (plus `requestId` on a 500), status by code. */
export function expectRestShape(status: number, text: string): void {
  expect(status).toBeLessThan(500);
  if (status < 400) return;
  const body = JSON.parse(text);
  expect(Object.keys(body)).toEqual(['error']);
  const { code, message, issues, ...rest } = body.error;
  expect(rest).toEqual({});
  expect(isErrorCode(code)).toBe(true);
  expect(ERRORS[code as keyof typeof ERRORS].status).toBe(status);
  expect(typeof message).toBe('string');
  expect(message.length).toBeGreaterThan(0);
  expectIssues(issues);
}

function expectTrpcError(error: any): number {
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(typeof error.code).toBe('number');
  const { appCode, httpStatus, issues } = error.data;
  expect(isErrorCode(appCode)).toBe(true);
  expect(ERRORS[appCode as keyof typeof ERRORS].status).toBe(httpStatus);
  expect(httpStatus).toBeLessThan(500);
  expect(JSON.stringify(error)).not.toMatch(/"stack"/);
  expectIssues(issues);
  return httpStatus;
}

/** docs/contract.md section 2, tRPC: `{error: {message, code, data: {appCode, httpStatus, …}}}`, per call in a batch. */
export function expectTrpcShape(status: number, text: string): void {
  expect(status).toBeLessThan(500);
  if (status < 400 && status !== 207) return;
  const body = JSON.parse(text);
  const items: any[] = Array.isArray(body) ? body : [body];
  const statuses = items.filter((item) => item.error).map((item) => expectTrpcError(item.error));
  if (!Array.isArray(body)) expect(statuses).toEqual([status]);
}
