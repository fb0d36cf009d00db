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
