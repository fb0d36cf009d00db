import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_OPTIONS, runMigrations } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped once; every test database starts as a copy of it. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated database on that server to copy with CREATE DATABASE ... TEMPLATE. */
    postgresTemplate: { adminUrl: string; template: string } | null;
  }
}

/** Migrating takes seconds; copying a migrated template takes milliseconds. Migrate once per run. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'golf-test-'));
  const pglite = await PGlite.create(PGLITE_OPTIONS);
  const handle = await openDatabase({ pglite });
  await runMigrations(handle);
  const dump = await pglite.dumpDataDir('none');
  const templateFile = path.join(dir, 'template.tar');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', templateFile);

  let cleanupPostgres = async () => {};
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `golf_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const pgHandle = await openDatabase({ databaseUrl: templateUrl.toString() });
    await runMigrations(pgHandle);
    await pgHandle.close();
    project.provide('postgresTemplate', { adminUrl: url, template });
    cleanupPostgres = async () => {
      // Drop the per-file copies too: they are named after the template.
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `${template}%`,
      ]);
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    await cleanupPostgres();
    rmSync(dir, { recursive: true, force: true });
  };
}
