import { gzipSync } from 'node:zlib';

/**
 * What the public pages compute, kept per process and keyed by a version the caller reads from the database
 * on every request: for a tournament, the id of its latest tournament_event (every change that can move its
 * leaderboard or its start list writes one) together with its row's `updated_at`, status and visibility.
 * A change therefore never needs to reach the cache: the next request reads a new version and misses.
 * Access is not cached; it is checked per request before the cache is asked. Entries are computed once
 * even when many requests miss together (they share the computation's promise); a failed computation is
 * forgotten. At most MAX_ENTRIES entries, the least recently used going first.
 */
const MAX_ENTRIES = 1000;

interface Entry {
  version: string;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();

export function cached<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.version === version) {
    // Most recently used last: a Map keeps insertion order.
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  const entry: Entry = { version, value };
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** A cached answer as it travels: its JSON's UTF-8 bytes, and gzipped (made the first time a reader takes it). */
export interface EncodedJson {
  identity: Buffer;
  gzip(): Buffer;
}

const encodings = new WeakMap<object, EncodedJson>();

/**
 * A cached answer's JSON, encoded once per cached value: a REST adapter that sends a cached page sends the
 * same bytes to every reader instead of serialising, encoding and compressing ~100 KiB again per request
 * (measured on the 156-player page: encoding and writing the text were a third of the server's time).
 */
export function encodedJsonOf(value: object): EncodedJson {
  let encoded = encodings.get(value);
  if (encoded === undefined) {
    const identity = Buffer.from(JSON.stringify(value), 'utf8');
    let gzipped: Buffer | undefined;
    encoded = { identity, gzip: () => (gzipped ??= gzipSync(identity)) };
    encodings.set(value, encoded);
  }
  return encoded;
}
