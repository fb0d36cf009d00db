import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchLink } from '../../client/src/trpc';
import type { AppRouter } from '../../server/trpc/router';
import { MAX_BATCH_CALLS } from '../../shared/http';
import { errors } from '../../shared/i18n/nb/errors';
import { userText } from '../../shared/schemas/text';
import { sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createUser } from '../helpers/factories';
import { useDepsAndServer } from '../helpers/transport';
import { demoCourse } from '../rounds/helpers';

/** Input that used to answer 500 (decision 0005). Each is a 4xx in the contract's shape for its transport. */

interface Answer {
  status: number;
  json: any;
}

interface Sent {
  method?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  token?: string;
}

/** A request as a hostile client would send it: the body and headers exactly as given. */
async function send(url: string, { method = 'GET', body, headers = {}, token }: Sent = {}): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(token ? { cookie: `service_session=${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** docs/contract.md section 2, REST: `{error: {code, message, issues?}}` and nothing else. */
function expectRestError(
  answer: Answer,
  status: number,
  code: string,
): { message: string; issues?: { path: string; message: string }[] } {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.json)).toEqual(['error']);
  expect(answer.json.error.code).toBe(code);
  expect(answer.json.error.message).toMatch(/[a-zæøå]{3}/i);
  return answer.json.error;
}

/** docs/contract.md section 2, tRPC: the code in `error.data.appCode`, the Norwegian text in `error.message`. */
function expectTrpcError(answer: Answer, status: number, appCode: string): string {
  expect(answer.status).toBe(status);
  const errors = Array.isArray(answer.json) ? answer.json.map((item: any) => item.error) : [answer.json.error];
  for (const error of errors) {
    expect(error.data).toMatchObject({ appCode, httpStatus: status });
    expect(error.message).toMatch(/[a-zæøå]{3}/i);
    expect(JSON.stringify(error)).not.toMatch(/stack|at \w+ \(/);
  }
  return errors[0].message;
}

/** `{"email": [[…]]}`: an object holding arrays nested so that the whole body is `depth` deep. */
function nested(depth: number): string {
  return `{"email":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
}

describe.each(databaseKinds())('hostile input on %s', (db) => {
  const env = useDepsAndServer(undefined, { db });
  let token: string;
  let operatorToken: string;

  beforeAll(async () => {
    token = await sessionTokenFor(env.deps, await createUser(env.deps.db));
    operatorToken = await sessionTokenFor(env.deps, await createUser(env.deps.db, { isSuperAdmin: true }));
  });

  describe('a media type in capitals', () => {
    it('is JSON over tRPC as over REST: a body that is no valid input is 400, never 500', async () => {
      const sent = { method: 'POST', body: '""', headers: { 'content-type': 'APPLICATION/JSON; charset=UTF-8' } };
      expectTrpcError(await send(`${env.url}/trpc/auth.requestLink`, sent), 400, 'INVALID_INPUT');
      expectRestError(await send(`${env.url}/auth/request-link`, sent), 400, 'INVALID_INPUT');
    });
  });

  describe('a badly percent-encoded path', () => {
    it.each([
      ['GET', '/organizations/%ZZ'],
      ['GET', '/auth/me%'],
      ['GET', '/organizations/%FF/members'],
      ['PATCH', '/organizations/%E2%82/members/%ZZ'],
      ['DELETE', '/account/emails/a%@example.no'],
      ['GET', '/personal-courses/%'],
    ])('%s %s is 400 INVALID_INPUT in the REST shape', async (method, path) => {
      const answer = await send(env.url + path, { method, token, ...(method === 'GET' ? {} : { body: '{}' }) });
      expect(expectRestError(answer, 400, 'INVALID_INPUT').message).toBe('Adressen har ugyldig tegnkoding.');
    });

    it('is 400 in the tRPC shape under /trpc', async () => {
      expectTrpcError(await send(`${env.url}/trpc/auth.me%ZZ`, { token }), 400, 'INVALID_INPUT');
    });
  });

  describe('a Content-Encoding the body does not match', () => {
    const json = JSON.stringify({ email: 'kari@example.no' });

    it.each(['gzip', 'deflate', 'br', 'GZIP'])('%s over a plain body is 400 on REST and on tRPC', async (encoding) => {
      const sent = { method: 'POST', body: json, headers: { 'content-encoding': encoding } };
      const rest = expectRestError(await send(`${env.url}/auth/request-link`, sent), 400, 'INVALID_INPUT');
      expect(rest.message).toBe('Forespørselen kunne ikke leses.');
      const trpc = expectTrpcError(await send(`${env.url}/trpc/auth.requestLink`, sent), 400, 'INVALID_INPUT');
      expect(trpc).toBe('Forespørselen kunne ikke leses.');
    });

    it.each(['zstd', 'compress', 'gzip, br', 'x-nonsense'])(
      '%s, which the server does not decode, is 400',
      async (encoding) => {
        const sent = { method: 'POST', body: json, headers: { 'content-encoding': encoding } };
        const rest = expectRestError(await send(`${env.url}/auth/request-link`, sent), 400, 'INVALID_INPUT');
        expect(rest.message).toMatch(/Content-Encoding/);
        expectTrpcError(await send(`${env.url}/trpc/auth.requestLink`, sent), 400, 'INVALID_INPUT');
      },
    );

    it.each([
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const)('a body that really is %s is read', async (encoding, compress) => {
      const answer = await send(`${env.url}/account/profile`, {
        method: 'PATCH',
        token,
        body: compress(Buffer.from(JSON.stringify({ name: 'Komprimert Kari' }))),
        headers: { 'content-encoding': encoding },
      });
      expect(answer.status).toBe(200);
      expect(answer.json.user.name).toBe('Komprimert Kari');
    });
  });

  describe('a body that is not UTF-8', () => {
    // "Bjørn" in Latin-1: ø is the single byte F8, which is not UTF-8.
    const latin1 = Buffer.concat([Buffer.from('{"name":"Bj'), Buffer.from([0xf8]), Buffer.from('rn"}')]);

    it('is refused, not stored with the letter replaced by U+FFFD', async () => {
      const rest = await send(`${env.url}/account/profile`, { method: 'PATCH', token, body: latin1 });
      expect(expectRestError(rest, 400, 'INVALID_INPUT').message).toBe('Forespørselen er ikke gyldig UTF-8.');
      const trpc = await send(`${env.url}/trpc/account.updateProfile`, { method: 'POST', token, body: latin1 });
      expectTrpcError(trpc, 400, 'INVALID_INPUT');
      const me = await send(`${env.url}/auth/me`, { token });
      expect(me.json.user.name).not.toContain('\uFFFD');
    });

    it('is refused when it declares another charset', async () => {
      const answer = await send(`${env.url}/account/profile`, {
        method: 'PATCH',
        token,
        body: Buffer.from('{"name":"Bjørn"}', 'utf16le'),
        headers: { 'content-type': 'application/json; charset=utf-16le' },
      });
      expectRestError(answer, 400, 'INVALID_INPUT');
    });
  });

  describe('deeply nested JSON', () => {
    it('4,000 levels sent to /trpc are 400 in the tRPC shape, as a single call and in a batch', async () => {
      const single = await send(`${env.url}/trpc/auth.requestLink`, { method: 'POST', body: nested(4000) });
      expect(expectTrpcError(single, 400, 'INVALID_INPUT')).toBe('JSON kan ikke være nøstet dypere enn 32 nivåer.');
      const batch = await send(`${env.url}/trpc/auth.requestLink,auth.requestLink?batch=1`, {
        method: 'POST',
        body: `{"0":${nested(4000)},"1":{"email":"kari@example.no"}}`,
      });
      expectTrpcError(batch, 400, 'INVALID_INPUT');
      expect(batch.json).toHaveLength(2);
    });

    it('deep query inputs and REST bodies are 400 as well', async () => {
      // 2,000 levels: a URL of 4,000 levels is over Node's header limit (431) before anything reads it.
      const query = await send(`${env.url}/trpc/auth.me?input=${encodeURIComponent(nested(2000))}`, { token });
      expectTrpcError(query, 400, 'INVALID_INPUT');
      const rest = await send(`${env.url}/auth/request-link`, { method: 'POST', body: nested(4000) });
      expect(expectRestError(rest, 400, 'INVALID_INPUT').message).toBe(
        'JSON kan ikke være nøstet dypere enn 32 nivåer.',
      );
    });

    it('the bound is 32: a body 32 deep reaches validation, 33 does not', async () => {
      const at = expectRestError(
        await send(`${env.url}/auth/request-link`, { method: 'POST', body: nested(32) }),
        400,
        'INVALID_INPUT',
      );
      expect(at.issues?.map((issue) => issue.path)).toEqual(['email']);
      const over = expectRestError(
        await send(`${env.url}/auth/request-link`, { method: 'POST', body: nested(33) }),
        400,
        'INVALID_INPUT',
      );
      expect(over.issues).toBeUndefined();
      // Brackets inside strings are text, not nesting.
      const text = await send(`${env.url}/account/profile`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({ name: '['.repeat(60) }),
      });
      expect(text.status).toBe(200);
    });
  });

  describe('control characters and lone surrogates in stored and searched text', () => {
    let roundId: string;
    let sideId: string;
    const validCourse = () => ({
      name: 'Hjemmebanen',
      country: 'NO',
      city: 'Oslo',
      shared: false,
      holes: Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 })),
      tees: [{ name: 'Gul', color: 'gul', courseRating: 34.8, slope: 120, par: 36 }],
    });

    beforeAll(async () => {
      const { course, teeId } = await demoCourse(env.deps, 'oslo-gk', 'Bogstad');
      const round = await send(`${env.url}/rounds`, {
        method: 'POST',
        token,
        body: JSON.stringify({ courseId: course.id, teeId, playedOn: '2026-05-01', format: 'stroke', holes: '18' }),
      });
      roundId = round.json.id;
      const side = await send(`${env.url}/rounds/${roundId}/sides`, {
        method: 'POST',
        token,
        body: JSON.stringify({ name: 'Lag 1' }),
      });
      sideId = side.json.id;
    });

    const cases: [
      string,
      string,
      () => { path: string; body?: unknown; method?: string; token?: 'operator' },
      string,
    ][] = [
      ['an organization', 'POST', () => ({ path: '/organizations', body: { name: 'Klubb\u0000' } }), 'name'],
      ['a profile', 'PATCH', () => ({ path: '/account/profile', body: { name: 'Kari\u0000' } }), 'name'],
      [
        'a course',
        'POST',
        () => ({ path: '/personal-courses', body: { ...validCourse(), name: 'Bane\u0000' } }),
        'name',
      ],
      [
        'a course city',
        'POST',
        () => ({ path: '/personal-courses', body: { ...validCourse(), city: '\u0000' } }),
        'city',
      ],
      [
        'a tee',
        'POST',
        () => ({
          path: '/personal-courses',
          body: { ...validCourse(), tees: [{ ...validCourse().tees[0], name: 'G\u0000' }] },
        }),
        'tees.0.name',
      ],
      [
        'a tee colour',
        'POST',
        () => ({
          path: '/personal-courses',
          body: { ...validCourse(), tees: [{ ...validCourse().tees[0], color: '\u0000' }] },
        }),
        'tees.0.color',
      ],
      ['a side', 'POST', () => ({ path: `/rounds/${roundId}/sides`, body: { name: 'Lag\u0000' } }), 'name'],
      [
        'a guest',
        'POST',
        () => ({
          path: `/rounds/${roundId}/participants`,
          body: { sideId, guest: { name: 'Gjest\u0000', handicapIndex: 12.3 } },
        }),
        'guest.name',
      ],
      ['a course search', 'GET', () => ({ path: '/courses/search?q=a%00b' }), 'q'],
      ['an international search', 'GET', () => ({ path: '/personal-courses/international-search?q=%00' }), 'q'],
      ['a participant search', 'GET', () => ({ path: '/participants/search?q=%00' }), 'q'],
      ['an operator search', 'GET', () => ({ path: '/admin/users?q=%00', token: 'operator' }), 'q'],
    ];

    it.each(cases)('a NUL in %s is 400 INVALID_INPUT naming the field', async (_what, method, request, field) => {
      const { path, body, token: who } = request();
      const answer = await send(env.url + path, {
        method,
        token: who === 'operator' ? operatorToken : token,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const error = expectRestError(answer, 400, 'INVALID_INPUT');
      expect(error.issues).toContainEqual({ path: field, message: errors.fields.controlCharacters });
    });

    it.each([
      ['a lone high surrogate', 'Klubb \ud800'],
      ['a lone low surrogate', '\udc00 Klubb'],
      ['a tab', 'Klubb\tGK'],
      ['a line break', 'Klubb\nGK'],
      ['an escape character', 'Klubb\u001b[31m'],
      ['a C1 control', 'Klubb\u0085'],
    ])('%s in a name is refused', async (_what, name) => {
      const answer = await send(`${env.url}/organizations`, { method: 'POST', token, body: JSON.stringify({ name }) });
      expect(expectRestError(answer, 400, 'INVALID_INPUT').issues).toEqual([
        { path: 'name', message: errors.fields.controlCharacters },
      ]);
    });

    it('keeps every letter, emoji and punctuation a person types', async () => {
      const name = 'Ærlige Åsmund & Søn «GK» 🏌️‍♀️ — nr. 1';
      const answer = await send(`${env.url}/organizations`, { method: 'POST', token, body: JSON.stringify({ name }) });
      expect(answer.status).toBe(201);
      expect(answer.json.name).toBe(name);
    });
  });

  describe('the size of a tRPC batch', () => {
    const batchOf = (n: number) => `${env.url}/trpc/${Array(n).fill('auth.me').join(',')}?batch=1`;

    it(`runs ${MAX_BATCH_CALLS} calls and refuses ${MAX_BATCH_CALLS + 1} with 400 before any runs`, async () => {
      const full = await send(batchOf(MAX_BATCH_CALLS));
      expect(full.status).toBe(401);
      expect(full.json).toHaveLength(MAX_BATCH_CALLS);
      const over = await send(batchOf(MAX_BATCH_CALLS + 1));
      expect(expectTrpcError(over, 400, 'INVALID_INPUT')).toBe(`Én forespørsel kan ha høyst ${MAX_BATCH_CALLS} kall.`);
      expect(await send(batchOf(500))).toMatchObject({ status: 400 });
    });

    it("the app's batch link splits many calls into batches the server takes", async () => {
      const client = createTRPCClient<AppRouter>({ links: [batchLink(`${env.url}/trpc`)] });
      const calls = Array.from({ length: 3 * MAX_BATCH_CALLS + 7 }, () =>
        client.auth.me.query().catch((e: unknown) => e),
      );
      const outcomes = await Promise.all(calls);
      for (const outcome of outcomes) {
        expect(outcome).toBeInstanceOf(TRPCClientError);
        expect((outcome as TRPCClientError<AppRouter>).data?.appCode).toBe('NOT_AUTHENTICATED');
      }
    });
  });
});

describe('userText', () => {
  it('allows tab and line breaks only in multi-line text', () => {
    expect(userText().safeParse('a\tb').success).toBe(false);
    expect(userText({ multiLine: true }).safeParse('første linje\r\nandre\tlinje\n').success).toBe(true);
    expect(userText({ multiLine: true }).safeParse('a\u0000b').success).toBe(false);
    expect(userText({ multiLine: true }).safeParse('a\ud83cb').success).toBe(false);
  });
});
