import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, PGLITE_OPTIONS, type DatabaseHandle } from '../../server/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

let templateBytes: Uint8Array<ArrayBuffer> | undefined;

/** A test database; on PostgreSQL with its URL, for a test that opens more connections to it. */
export interface TestDatabase extends DatabaseHandle {
  url: string | null;
}

/** A fresh, migrated database of its own: a copy of the template made once per run (tests/setup/global.ts). */
export async function createTestDatabase(kind: DatabaseKind = 'pglite'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    templateBytes ??= new Uint8Array(readFileSync(inject('pgliteTemplate')));
    const pglite = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([templateBytes]) });
    return { ...(await openDatabase({ pglite })), url: null };
  }
  const source = inject('postgresTemplate');
  if (!source) throw new Error('createTestDatabase("postgres") needs TEST_DATABASE_URL');
  const name = `${source.template}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${source.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: source.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The database kinds the database tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** For what exists only on PostgreSQL (several server instances): `['postgres']` with TEST_DATABASE_URL, else none. */
export function postgresOnly(): 'postgres'[] {
  return inject('postgresTemplate') ? ['postgres'] : [];
}
