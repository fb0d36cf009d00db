import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A mutation with the given Origin: its status and error body. */
async function postFrom(server: TestServer, origin: string) {
  const res = await fetch(`${server.url}/auth/request-link`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, origin },
    body: JSON.stringify({ email: `origin-${randomUUID()}@example.no` }),
  });
  return { status: res.status, body: await res.json() };
}

/** The status of a WebSocket handshake to /trpc with the given Origin (101 when it opens). */
function handshakeFrom(server: TestServer, origin: string) {
  return new Promise<number>((resolve) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers: { origin } });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', () => resolve(-1));
  });
}

describe.each([
  ['development', 'development'],
  ['production', 'production'],
])('the app opened at 127.0.0.1 when PUBLIC_URL says localhost (%s)', (_name, nodeEnv) => {
  let deps: TestDeps;
  let server: TestServer;
  beforeAll(async () => {
    deps = await createTestDeps({ env: { NODE_ENV: nodeEnv, PUBLIC_URL: 'http://localhost:3000' } });
    server = await startTestServer(deps);
  });
  afterAll(() => server.close());

  if (nodeEnv === 'development') {
    it('works under either loopback name, and still refuses other origins and other ports', async () => {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
        expect((await postFrom(server, origin)).status).toBe(200);
        expect(await handshakeFrom(server, origin)).toBe(101);
      }
      for (const origin of ['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://evil.example:3000']) {
        expect((await postFrom(server, origin)).body.error.code).toBe('FORBIDDEN_ORIGIN');
        expect(await handshakeFrom(server, origin)).toBe(403);
      }
    });
  } else {
    it('refuses the other name, saying exactly which address to open', async () => {
      const refused = await postFrom(server, 'http://127.0.0.1:3000');
      expect(refused).toEqual({
        status: 403,
        body: {
          error: {
            code: 'FORBIDDEN_ORIGIN',
            message:
              'Appen er åpnet på http://127.0.0.1:3000, men tjenesten er satt opp for http://localhost:3000. Åpne http://localhost:3000 i stedet.',
          },
        },
      });
      expect(await handshakeFrom(server, 'http://127.0.0.1:3000')).toBe(403);
      expect((await postFrom(server, 'http://localhost:3000')).status).toBe(200);
      // A truly foreign origin gets the plain refusal.
      expect((await postFrom(server, 'https://evil.example')).body.error.message).toMatch(/avvist/);
    });
  }
});
