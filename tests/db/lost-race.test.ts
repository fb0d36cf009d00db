import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The backstop for a race no lock covers yet (server/db/lost-race.ts): a statement that fails because a
 * row it points at was deleted meanwhile, or because PostgreSQL chose it as the loser of a deadlock or a
 * serialization conflict, is answered 409 CONFLICT with "try again" in the caller's language, and logged
 * as a warning, never 500. Each run's database gets a trigger that raises those SQLSTATEs on chosen names,
 * so a real update through the real endpoints fails in the database the way a lost race does.
 */
const RAISES = {
  'Borte-Rad': 'foreign_key_violation',
  Vranglås: 'deadlock_detected',
  'Ikke-Serie': 'serialization_failure',
};

describe.each(databaseKinds())('a race lost in the database on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let cookie: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind, logLines });
    server = await startTestServer(deps);
    const cases = Object.entries(RAISES)
      .map(
        ([name, errcode]) =>
          `if new.name = '${name}' then raise exception 'tapt' using errcode = '${errcode}'; end if;`,
      )
      .join(' ');
    await deps.db.execute(
      sql.raw(`create function lose_a_race() returns trigger language plpgsql as $$
        begin ${cases} return new; end $$`),
    );
    await deps.db.execute(
      sql.raw('create trigger lose_a_race before update on app_user for each row execute function lose_a_race()'),
    );
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(deps, await createUser(deps.db)))}`;
  });
  afterAll(() => server.close());

  const send = (via: 'REST' | '/trpc', name: string, language = 'nb') =>
    fetch(via === 'REST' ? `${server.url}/account/profile` : `${server.url}/trpc/account.updateProfile`, {
      method: via === 'REST' ? 'PATCH' : 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language, cookie },
      body: JSON.stringify({ name }),
    });

  it.each((['REST', '/trpc'] as const).flatMap((via) => Object.keys(RAISES).map((name) => [via, name] as const)))(
    'over %s, an update failing with the SQLSTATE of %s is 409 CONFLICT, "try again", and a warning',
    async (via, name) => {
      logLines.length = 0;
      const res = await send(via, name);
      expect(res.status).toBe(409);
      const body = await res.json();
      const error = via === 'REST' ? body.error : { code: body.error.data.appCode, message: body.error.message };
      expect(error).toMatchObject({
        code: 'CONFLICT',
        message: 'Noe annet ble endret samtidig. Last inn på nytt og prøv igjen.',
      });
      expect(logLines.filter((line) => line.includes('lost a race'))).toHaveLength(1);
      expect(logLines.filter((line) => line.includes('unexpected error'))).toEqual([]);
    },
  );

  it('says so in English to an English caller', async () => {
    const body = await (await send('REST', 'Borte-Rad', 'en')).json();
    expect(body.error).toEqual({
      code: 'CONFLICT',
      message: 'Something else changed at the same time. Reload and try again.',
    });
  });
});
