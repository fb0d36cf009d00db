import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's modules import each other without cycles (organizations.ts and invitations.ts once did).
 * A cycle makes the order of module initialisation matter and hides which module owns what. Type-only
 * imports count too: they are the usual first step of a cycle.
 */
const SERVER = resolve(import.meta.dirname, '../server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function localImports(file: string, known: Set<string>): string[] {
  const source = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const match of source.matchAll(/(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'/g)) {
    const base = resolve(dirname(file), match[1]!);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
    if (target) targets.push(target);
  }
  return targets;
}

function findCycles(files: string[]): string[] {
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, localImports(file, known)]));
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) cycles.push([...path.slice(at), next].map((f) => relative(SERVER, f)).join(' -> '));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(file);
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return cycles;
}

describe('server modules', () => {
  it('import each other without cycles', () => {
    const files = sourceFiles(SERVER);
    expect(files.length).toBeGreaterThan(50);
    expect(findCycles(files)).toEqual([]);
  });
});
