import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules of the server, the app and shared/ import each other without cycles (organizations.ts and
 * invitations.ts once did; the app's i18n once made a circle of 23 files). A cycle makes the order of module
 * initialisation matter and hides which module owns what. Type-only imports count too: they are the usual
 * first step of a cycle. A dynamic import() does not: it runs after every module has loaded. A file that
 * augments a package (`declare module 'i18next'` types the app's keys) is part of that package for whoever
 * imports it: the app's old circle went index.ts -> i18next -> i18next.d.ts -> every area -> index.ts.
 */
const ROOT = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** The files that augment a package (`declare module 'i18next'`), by the package's name. */
function augmentations(files: string[]): Map<string, string[]> {
  const byPackage = new Map<string, string[]>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^declare module '([^'.][^']*)'/gm)) {
      byPackage.set(match[1]!, [...(byPackage.get(match[1]!) ?? []), file]);
    }
  }
  return byPackage;
}

function localImports(file: string, known: Set<string>, augmenting: Map<string, string[]>): string[] {
  const source = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?from\s+)?'([^'.][^']*)'/gm)) {
    targets.push(...(augmenting.get(match[1]!) ?? []).filter((augmentation) => augmentation !== file));
  }
  // `import … from './x'`, `export … from './x'` and the bare `import './x'`.
  for (const match of source.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?from\s+)?'(\.{1,2}(?:\/[^']*)?)'/gm)) {
    const base = resolve(dirname(file), match[1]!);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
    const target = candidates.find((candidate) => known.has(candidate));
    if (target) targets.push(target);
  }
  return targets;
}

function findCycles(files: string[]): string[] {
  const known = new Set(files);
  const augmenting = augmentations(files);
  const graph = new Map(files.map((file) => [file, localImports(file, known, augmenting)]));
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) cycles.push([...path.slice(at), next].map((f) => relative(ROOT, f)).join(' -> '));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(file);
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return cycles;
}

describe('modules', () => {
  // One graph: the app and the server import shared/, and a cycle may pass through it.
  const files = ['server', 'client/src', 'shared'].flatMap((dir) => sourceFiles(join(ROOT, dir)));

  it('import each other without cycles', () => {
    expect(files.filter((f) => f.startsWith(join(ROOT, 'server'))).length).toBeGreaterThan(50);
    expect(files.filter((f) => f.startsWith(join(ROOT, 'client/src'))).length).toBeGreaterThan(50);
    expect(files.filter((f) => f.startsWith(join(ROOT, 'shared'))).length).toBeGreaterThan(20);
    expect(findCycles(files)).toEqual([]);
  });
});
