import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { club } from '../db/schema';
import type { Deps } from '../deps';
import { PROJECT_ROOT } from '../paths';
import { importClubs, parseImportFile, type ImportSummary } from './import';

export const DEMO_COURSES_FILE = path.join(PROJECT_ROOT, 'data/demo-courses.json');

/**
 * First start on the embedded database: with no club at all, the demo clubs of data/demo-courses.json
 * are imported (marked as demo data), so a new user finds real club names in the round wizard. A database
 * that has any club (imported or demo) is left alone.
 */
export async function seedDemoCoursesIfEmpty(
  deps: Pick<Deps, 'db' | 'logger'>,
  file = DEMO_COURSES_FILE,
): Promise<ImportSummary | null> {
  const [any] = await deps.db.select({ one: sql<number>`1` }).from(club).limit(1);
  if (any) return null;
  const summary = await importClubs(deps.db, parseImportFile(JSON.parse(readFileSync(file, 'utf8'))));
  deps.logger.info({ clubs: summary.clubs, courses: summary.coursesCreated }, 'demo courses seeded');
  return summary;
}
