import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { nb } from './nb';

type Tree = { readonly [key: string]: string | Tree };

/** Every message as "path.to.key" → its text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('the app’s messages', () => {
  const norwegian = flatten(nb);
  const english = flatten(en as Tree);

  it('have the same keys in Norwegian and English', () => {
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

/** Every .tsx file of the app, by path. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

describe('where the Norwegian texts load', () => {
  it('has every file that uses an area’s texts import that area, so they are there when it renders', () => {
    const areas = readdirSync('client/src/i18n/messages/nb')
      .map((name) => name.replace(/\.ts$/, ''))
      .filter((area) => area !== 'main');
    const missing: string[] = [];
    for (const file of sources('client/src')) {
      const source = readFileSync(file, 'utf8');
      const used = new Set([...source.matchAll(/\btr?\(\s*['`]([a-zA-Z]+)\./g)].map((m) => m[1]!));
      for (const area of areas) {
        if (used.has(area) && !source.includes(`/messages/nb/${area}';`)) missing.push(`${file}: ${area}`);
      }
    }
    expect(areas.length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
