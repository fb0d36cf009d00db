/**
 * npm run import:courses -- <file.json>
 *
 * Imports official clubs and courses from a file in the format of docs/courses-and-rounds.md into the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first, PGlite
 * allows one process). Clubs are upserted by slug, so running it again with the same or a corrected file
 * is safe.
 */
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { type ImportFile, ImportFileError, importClubs, parseImportFile } from '../courses/import';
import { openDatabase, runMigrations } from '../db/client';

async function main(): Promise<number> {
  const file = process.argv.slice(2).find((arg) => arg !== '--');
  if (!file) {
    console.error('Usage: npm run import:courses -- <file.json>');
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  let parsed: ImportFile;
  try {
    parsed = parseImportFile(data);
  } catch (error) {
    if (error instanceof ImportFileError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const summary = await importClubs(database.db, parsed);
    console.log(
      `Imported ${summary.clubs} clubs: ${summary.coursesCreated} courses created, ${summary.coursesUpdated} updated, ` +
        `${summary.coursesRemoved} removed, ${summary.coursesKept} kept because rounds were played on them.` +
        (parsed.demo ? ' (marked as demo data)' : ''),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
