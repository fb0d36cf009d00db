import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import type { UserRow } from '../../server/auth/users';
import { sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser, uniqueEmail } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A statement that fails reaches the log as an unexpected error (500 INTERNAL). The log must say which error
 * (its code, constraint, message and stack) without the values: neither the parameters drizzle keeps nor the
 * row PostgreSQL puts in `detail`, nor a value quoted in the message itself.
 *
 * The database of each run gets a check constraint and a trigger that fail on chosen names, so a real
 * update through the real endpoint fails in the database the way a unique violation or a bad value would.
 */
const CHECK_VIOLATION = 'Lekkasje-Sjekk-4711';
const BAD_CAST = 'Lekkasje-Tall-4712';

describe.each(databaseKinds())('failed SQL in the log on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let user: UserRow;
  let cookie: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind, logLines });
    server = await startTestServer(deps);
    await deps.db.execute(
      sql.raw(
        `alter table app_user add constraint app_user_name_leak_check check (name is distinct from '${CHECK_VIOLATION}')`,
      ),
    );
    await deps.db.execute(
      sql.raw(`create function fail_on_bad_cast() returns trigger language plpgsql as $$
        begin if new.name = '${BAD_CAST}' then perform new.name::integer; end if; return new; end $$`),
    );
    await deps.db.execute(
      sql.raw(
        'create trigger fail_on_bad_cast before update on app_user for each row execute function fail_on_bad_cast()',
      ),
    );
    user = await createUser(deps.db, { email: uniqueEmail('lekk-adresse') });
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(deps, user))}`;
  });
  afterAll(() => server.close());

  const viaRest = (name: string) =>
    fetch(`${server.url}/account/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name }),
    });
  const viaTrpc = (name: string) =>
    fetch(`${server.url}/trpc/account.updateProfile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name }),
    });

  it.each([
    ['REST', CHECK_VIOLATION, viaRest, { code: '23514', constraint: 'app_user_name_leak_check' }],
    ['/trpc', CHECK_VIOLATION, viaTrpc, { code: '23514', constraint: 'app_user_name_leak_check' }],
    ['REST', BAD_CAST, viaRest, { code: '22P02' }],
    ['/trpc', BAD_CAST, viaTrpc, { code: '22P02' }],
  ] as const)(
    'over %s, an update failing on %s names the error but logs neither value nor address',
    async (_t, name, send, named) => {
      logLines.length = 0;
      const res = await send(name);
      expect(res.status).toBe(500);
      const body = JSON.stringify(await res.json());
      expect(body).not.toContain(name);

      const errors = logLines.filter((line) => line.includes('unexpected error'));
      expect(errors).toHaveLength(1);
      const logged = logLines.join('\n');
      expect(logged).not.toContain(name);
      expect(logged).not.toContain(user.email);
      // Still useful: the failed query, the database's code and constraint, and where it was thrown.
      expect(errors[0]).toContain('Failed query: update');
      expect(errors[0]).toContain(`"code":"${named.code}"`);
      if ('constraint' in named) expect(errors[0]).toContain(`"constraint":"${named.constraint}"`);
      else expect(errors[0]).toContain('invalid input syntax for type integer');
      expect(errors[0]).toContain('at updateProfile (');
    },
  );
});
