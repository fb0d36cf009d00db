import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/values';
import { type Area, type AreaLoader, NORWEGIAN, SHELL_TEXTS } from './areas';
import { ENGLISH } from './english';

type Tree = { readonly [key: string]: string | Tree };

/** Every text as "area.path.to.key" → its text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const AREAS = Object.keys(NORWEGIAN) as Area[];
const LOADERS: Record<Language, Record<Area, AreaLoader>> = { nb: NORWEGIAN, en: ENGLISH };

/** One language's whole catalogue, every area loaded as the app loads it (its module's export of its name). */
async function catalogue(language: Language): Promise<Map<string, string>> {
  const areas = await Promise.all(AREAS.map(async (area) => [area, (await LOADERS[language][area]())[area]] as const));
  return flatten(Object.fromEntries(areas) as Tree);
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('the app’s texts', async () => {
  const norwegian = await catalogue('nb');
  const english = await catalogue('en');

  it('have the same keys in Norwegian and English', () => {
    expect(AREAS.length).toBeGreaterThan(15);
    expect([...english.keys()].filter((k) => !norwegian.has(k))).toEqual([]);
    expect([...norwegian.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('use the same {{variables}} in both languages', () => {
    const differing = [...norwegian].filter(([key, text]) => {
      const other = english.get(key);
      return other !== undefined && JSON.stringify(variables(text)) !== JSON.stringify(variables(other));
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('are never empty', () => {
    expect([...norwegian, ...english].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });
});

const SRC = resolve(import.meta.dirname, '..');

/** Every module of the app (tests aside), by absolute path. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(path) && !/\.(test|d)\.tsx?$/.test(path) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((f) => files.has(f));
}

const files = new Set(sources(SRC));
/** Each module's code without its comments, whose examples (`rounds.title`) are no use of a text. */
const text = new Map(
  [...files].map((file) => [file, readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/.*$/gm, '')]),
);

/** The modules a module runs at load: its static imports, not the type-only ones nor import() of a chunk. */
function staticImports(file: string): string[] {
  const source = text.get(file)!;
  const found = [
    ...source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}(?:\/[^']*)?)'/gm),
  ].map((m) => resolveImport(file, m[1]!));
  return found.filter((f): f is string => f !== undefined);
}

/** A module and everything it imports, transitively. */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(file)) visit(next);
  };
  visit(entry);
  return seen;
}

/**
 * The areas a module's texts come from: the first part of every key given to `t` (`t('rounds.title')`,
 * `t(\`rounds.colours.${c}\`)`), and of every string that is a whole key (a label kept in a table).
 */
function areasUsed(file: string, keys: ReadonlySet<string>): Set<string> {
  const source = text.get(file)!;
  const used = new Set([...source.matchAll(/\btr?\(\s*['`]([a-zA-Z]+)\./g)].map((m) => m[1]!));
  for (const m of source.matchAll(/['`]([a-zA-Z]+)((?:\.\w+)+)['`]/g)) {
    if (keys.has(`${m[1]}${m[2]}`) || keys.has(`${m[1]}${m[2]}_one`)) used.add(m[1]!);
  }
  return new Set([...used].filter((area) => (AREAS as string[]).includes(area)));
}

/** Every `lazyWithTexts([areas], () => import('./module'))` of the app: what it loads and which areas. */
function lazyComponents(): { at: string; module: string; areas: string[] }[] {
  return [...files].flatMap((file) =>
    [...text.get(file)!.matchAll(/lazyWithTexts\(\s*\[([^\]]*)\],\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map((m) => ({
      at: relative(SRC, file),
      module: resolveImport(file, m[2]!) ?? m[2]!,
      areas: [...m[1]!.matchAll(/'(\w+)'/g)].map((a) => a[1]!),
    })),
  );
}

describe('where the texts load', async () => {
  const keys = new Set((await catalogue('nb')).keys());
  const shellAreas = Object.keys(SHELL_TEXTS);

  it('has the shell use only the texts in the main chunk', () => {
    const shell = closure(join(SRC, 'main.tsx'));
    const outside = [...shell].flatMap((file) =>
      [...areasUsed(file, keys)]
        .filter((area) => !shellAreas.includes(area))
        .map((a) => `${relative(SRC, file)}: ${a}`),
    );
    expect(shell.size).toBeGreaterThan(10);
    expect(outside).toEqual([]);
  });

  it('has every lazy screen load the areas that it and what it imports use, so they are there when it renders', () => {
    const lazy = lazyComponents();
    const missing = lazy.flatMap(({ at, module, areas }) => {
      if (!files.has(module)) return [`${at}: ${relative(SRC, module)} is not a module`];
      return [...closure(module)].flatMap((file) =>
        [...areasUsed(file, keys)]
          .filter((area) => !areas.includes(area) && !shellAreas.includes(area))
          .map((area) => `${relative(SRC, module)} (${at}) needs ${area}, used by ${relative(SRC, file)}`),
      );
    });
    expect(lazy.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('has every chunk of the app’s own code load through lazyWithTexts', () => {
    const loaders = [...files].flatMap((file) => {
      // The catalogue's own loaders.
      if (['areas.ts', 'english.ts', 'index.ts'].some((name) => file === join(SRC, 'i18n', name))) return [];
      const source = text.get(file)!;
      const all = source.match(/\bimport\(\s*'\.{1,2}\//g)?.length ?? 0;
      const wrapped = source.match(/lazyWithTexts\(\s*\[[^\]]*\],\s*\(\)\s*=>\s*import\('\.{1,2}\//g)?.length ?? 0;
      return all > wrapped ? [relative(SRC, file)] : [];
    });
    expect(loaders).toEqual([]);
  });
});
