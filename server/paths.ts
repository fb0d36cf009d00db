import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one with package.json), found upwards from this module's file. It is the same
 * whether the server runs from its TypeScript sources (tsx, the tests) or from the bundle `npm start` builds
 * into dist/server, where every module shares the bundle's import.meta.url (decision 0016).
 */
export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json in ${from} or above it`);
  }
}
