import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import type { UserRow } from '../../server/auth/users';
import { sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createUser } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer } from '../helpers/transport';

/**
 * Hostile `Accept-Language` headers (decision 0020) against the REST and tRPC transports: whatever the header,
 * the answer has the status, code and body it has without one; only the words of a message follow it, read
 * strictly (RFC 9110 weights, RFC 4647 ranges; anything else in an element makes it ignored).
 */
type Language = 'nb' | 'en';

/** Headers fetch can send, and the language the server must answer in. */
const HEADERS: [string, Language][] = [
  ['en', 'en'],
  ['nb-NO,nb;q=0.9,en;q=0.8', 'nb'],
  // Invalid weights: the element is ignored, never read as q=1 or above.
  ['nb, en;q=2', 'nb'],
  ['en;q=2', 'nb'],
  ['en;q=NaN', 'nb'],
  ['en;q=1e999', 'nb'],
  ['en;q=-1', 'nb'],
  ['en;q=Infinity', 'nb'],
  ['nb;q=0.5, en;q=0.50000000000000000001', 'nb'],
  [`en;q=0.${'9'.repeat(5000)}`, 'nb'],
  ['en;Q=0, nb;q=0.1', 'nb'],
  ['en;q=0.5;q=0.9', 'nb'],
  // Valid ones, at their edges.
  ['nb;q=0.001, en;q=1.000', 'en'],
  ['nb;q=0, en;Q=0.5', 'en'],
  // Wildcards, empty elements, thousands of commas, a very long header just under Node's 16 KiB limit.
  ['*', 'nb'],
  ['*;q=1, en;q=0.1', 'en'],
  [',,,;q=1,;,', 'nb'],
  [`${','.repeat(10_000)}en`, 'en'],
  [`${'x-'.repeat(7_000)}en`, 'nb'],
  [Array.from({ length: 1_500 }, (_, i) => `de;q=0.${i % 10}`).join(','), 'nb'],
  // Bytes that are not a language, as Node hands latin-1 bytes over.
  ['en\u00ff', 'nb'],
  ['\u00a0en', 'nb'],
  ['en_GB', 'nb'],
  ["en'; drop table app_user; --", 'nb'],
  ['en\t;\tq=0.5', 'en'],
];

describe.each(databaseKinds())('hostile Accept-Language headers on %s', (kind) => {
  const s = useDepsAndServer(undefined, { db: kind });
  let user: UserRow;
  let cookie: string;

  beforeAll(async () => {
    user = await createUser(s.deps.db);
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(s.deps, user))}`;
  });

  async function call(path: string, init: { method?: string; body?: unknown; language?: string } = {}) {
    const res = await fetch(s.url + path, {
      method: init.method ?? 'GET',
      headers: {
        cookie,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.language === undefined ? {} : { 'accept-language': init.language }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  /** A refusal over REST and over tRPC, and a plain read over both. */
  const refusals = {
    rest: (language?: string) => call('/account/language', { method: 'PUT', body: { language: 'de' }, language }),
    trpc: (language?: string) =>
      call('/trpc/account.setLanguage', { method: 'POST', body: { language: 'de' }, language }),
  };
  const reads = {
    rest: (language?: string) => call('/account/language', { language }),
    trpc: (language?: string) => call('/trpc/account.language', { language }),
  };

  /** The words of a refusal, for comparing: REST's message and issues, or tRPC's message and issues. */
  const wordsOf = (json: any) =>
    json.error.data
      ? { message: json.error.message, issues: json.error.data.issues }
      : { message: json.error.message, issues: json.error.issues };
  /** The refusal without its words: what must not depend on the header. */
  const shapeOf = (json: any) =>
    json.error.data
      ? { code: json.error.data.appCode, status: json.error.data.httpStatus, keys: Object.keys(json.error).sort() }
      : { code: json.error.code, keys: Object.keys(json.error).sort() };

  it.each(['rest', 'trpc'] as const)(
    'over %s: the same answer whatever the header, in the language it asks for',
    async (transport) => {
      const baseline = { nb: await refusals[transport](), en: await refusals[transport]('en') };
      expect(baseline.nb.status).toBe(400);
      expect(wordsOf(baseline.en.json)).not.toEqual(wordsOf(baseline.nb.json));
      const read = await reads[transport]();
      expect(read.status).toBe(200);

      const wrong: { header: string; expected: Language; got: unknown }[] = [];
      for (const [header, expected] of HEADERS) {
        const refused = await refusals[transport](header);
        expect({ header, status: refused.status, shape: shapeOf(refused.json) }).toEqual({
          header,
          status: 400,
          shape: shapeOf(baseline.nb.json),
        });
        const words = wordsOf(refused.json);
        if (JSON.stringify(words) !== JSON.stringify(wordsOf(baseline[expected].json))) {
          wrong.push({ header: header.slice(0, 60), expected, got: words.message });
        }
        // A successful read is the same answer, byte for byte.
        const again = await reads[transport](header);
        expect({ header, status: again.status, json: again.json }).toEqual({ header, status: 200, json: read.json });
      }
      expect(wrong).toEqual([]);
      // Nothing was stored: the account still follows the browser.
      expect((await reads.rest()).json).toEqual({ language: null });
    },
  );
});

describe.each(databaseKinds())('account.setLanguage with values not in the list on %s', (kind) => {
  const s = useDepsAndServer(undefined, { db: kind });

  const VALUES: unknown[] = [
    'de',
    'EN',
    'en-GB',
    'nb-NO',
    'no',
    'nn',
    '',
    ' en',
    'en\u0000',
    '\ud800',
    '\u202een',
    'x'.repeat(10_000),
    "en'; update app_user set is_super_admin = true; --",
    0,
    1,
    true,
    {},
    ['en'],
    { en: true },
  ];

  it.each(TRANSPORTS)(
    'over %s: 400 INVALID_INPUT with words for each, the saved language unchanged',
    async (transport) => {
      const user = await createUser(s.deps.db, { language: 'en' });
      const client = await s.as(user, transport);
      const got: unknown[] = [];
      for (const language of [...VALUES.map((v) => ({ language: v })), {}, { language: 'en', extra: 1 }]) {
        const o = await client.call('account.setLanguage', language);
        got.push({
          sent: JSON.stringify(language).slice(0, 40),
          status: o.status,
          code: o.error?.code,
          words: /[a-zæøå]{3}/i.test(o.error?.message ?? ''),
        });
      }
      expect(got).toEqual(got.map((g: any) => ({ sent: g.sent, status: 400, code: 'INVALID_INPUT', words: true })));
      expect((await client.call('account.language')).body).toEqual({ language: 'en' });
    },
  );
});

/** The bytes of a request as given, on a socket of its own: Node's HTTP parser sees them before the app. */
function rawRequest(url: string, head: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(head);
  });
}

describe('Accept-Language headers Node refuses before the app reads them', () => {
  const s = useDepsAndServer();

  it('control bytes are 400 and a header past 16 KiB is 431, never 5xx, and the server goes on answering', async () => {
    const user = await createUser(s.deps.db);
    const token = await sessionTokenFor(s.deps, user);
    const body = JSON.stringify({ language: 'en' });
    const request = (value: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `PUT /account/language HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n` +
            `Cookie: ${SESSION_COOKIE}=${encodeURIComponent(token)}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\nAccept-Language: `,
        ),
        value,
        Buffer.from(`\r\n\r\n${body}`),
      ]);
    const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    for (const [value, status] of [
      [Buffer.from('en\x00'), 400],
      [Buffer.from('en\x01,nb'), 400],
      [Buffer.from('en\x7f'), 400],
      [Buffer.from('en\x1b[31m'), 400],
      [Buffer.from('en,'.repeat(6_000)), 431],
    ] as const) {
      expect({
        value: value.subarray(0, 12).toString('latin1'),
        status: statusOf(await rawRequest(s.url, request(value))),
      }).toEqual({
        value: value.subarray(0, 12).toString('latin1'),
        status,
      });
    }
    // None reached the procedure: the language is not saved, and the server still answers.
    const res = await fetch(`${s.url}/account/language`, {
      headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
    });
    expect({ status: res.status, json: await res.json() }).toEqual({ status: 200, json: { language: null } });
  });
});
