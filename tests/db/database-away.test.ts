import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE, signSessionToken } from '../../server/auth/session-token';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import type { Deps } from '../../server/deps';
import { createLogger } from '../../server/log';
import { createMailer } from '../../server/mail/mailer';
import { createEventBus } from '../../server/realtime/bus';
import { errors } from '../../shared/i18n/nb/errors';
import { createTestDatabase, postgresOnly } from '../helpers/db';
import { testConfig } from '../helpers/deps';
import { startTestServer, unusedPort, type TestServer } from '../helpers/server';

/**
 * The database going away under a running service (bench/db-restart.ts does it to a whole
 * PostgreSQL cluster under load; these are its defects, each with a real failure): a request is answered
 * 503 UNAVAILABLE with Retry-After while the database cannot be reached, not 500 (decision 0015), and a
 * connection that dies inside a transaction fails that transaction instead of killing the process.
 */
describe('the service while its database cannot be reached', () => {
  let server: TestServer;
  let database: DatabaseHandle;
  let cookie: string;

  beforeAll(async () => {
    // A pool on a loopback port nobody listens on: every connection is refused, as with a stopped server.
    const config = testConfig();
    database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await unusedPort()}/golf` });
    const logger = createLogger('silent');
    const deps: Deps = {
      config,
      db: database.db,
      dbKind: database.kind,
      mailer: createMailer(config, logger, { printToConsole: false }),
      logger,
      bus: createEventBus(),
      now: () => new Date(),
    };
    server = await startTestServer(deps);
    const token = await signSessionToken(config.sessionSecret, {
      userId: randomUUID(),
      stage: 'full',
      version: 0,
      now: new Date(),
    });
    cookie = `${SESSION_COOKIE}=${token}`;
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('answers a score write 503 UNAVAILABLE with Retry-After, at once, in Norwegian and without detail', async () => {
    const started = performance.now();
    const res = await fetch(`${server.url}/rounds/${randomUUID()}/scores`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ participantId: randomUUID(), hole: 1, strokes: 4, previousStrokes: null }),
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const body = await res.json();
    expect(body).toEqual({ error: { code: 'UNAVAILABLE', message: errors.codes.UNAVAILABLE } });
  });

  it('answers a tRPC call the same way, with the seconds in error data for the app', async () => {
    const res = await fetch(`${server.url}/trpc/auth.me`, { headers: { cookie } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const { error } = await res.json();
    expect(error.message).toBe(errors.codes.UNAVAILABLE);
    expect(error.data).toMatchObject({ appCode: 'UNAVAILABLE', httpStatus: 503, retryAfterSeconds: 5 });
    expect(JSON.stringify(error)).not.toMatch(/stack|ECONNREFUSED|127\.0\.0\.1/);
  });

  it('says it is not ready', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false });
  });

  it('still answers what needs no database', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe.each(postgresOnly())('a connection that dies inside a transaction on %s', () => {
  it('fails that transaction and leaves the process and the pool working', async () => {
    const test = await createTestDatabase('postgres');
    // One connection: the query after the failure must be on a new one, or the pool kept a dead client.
    const database = await openDatabase({ databaseUrl: test.url!, poolConnections: 1 });
    const admin = new pg.Client({ connectionString: inject('postgresTemplate')!.adminUrl });
    await admin.connect();
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          // Ended by the server (as `pg_ctl stop -m fast` ends every backend) while no query of ours runs:
          // the client hears of it with nothing to hand the error to. Without a listener of its own that was
          // an uncaught 'error' event (here: vitest's "Unhandled Errors", failing the run; in the service:
          // the process exiting).
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      const { rows } = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
      await test.close();
    }
  });
});
