import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';

/** The raw answer, bytes as they came over the wire (fetch would decompress them). */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Decision 0514: the built app's text files go compressed (the phone's network carried the 320 KB entry
 * chunk as it was), the best encoding the browser accepts, the same bytes as on disk once decompressed.
 */
describe("the built app's files, compressed", () => {
  let deps: TestDeps;
  let server: TestServer;
  const clientDist = mkdtempSync(path.join(tmpdir(), 'golf-dist-'));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ row: i, name: `Spiller ${i}` })))};\n`;

  beforeAll(async () => {
    mkdirSync(path.join(clientDist, 'assets'));
    writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>Hullvis</title><div id="root"></div>');
    writeFileSync(path.join(clientDist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(clientDist, 'assets', 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    deps = await createTestDeps();
    server = await startTestServer(deps, { client: 'static', clientDist });
  });
  afterAll(() => server.close());

  const chunk = () => `${server.url}/assets/index-abc123.js`;

  it('sends brotli to a browser that takes it, gzip to one that takes only that, the file as it is otherwise', async () => {
    const br = await raw(chunk(), { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=3600');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 4);

    const gzip = await raw(chunk(), { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await raw(chunk());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers a revalidation with 304, a HEAD without a body, and the SPA fallback compressed too', async () => {
    const first = await raw(chunk(), { headers: { 'accept-encoding': 'br' } });
    const again = await raw(chunk(), {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await raw(chunk(), { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    expect(head.body.length).toBe(0);

    const page = await raw(`${server.url}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root"></div>');
  });

  it('leaves images to the static files, and serves nothing outside the built folder', async () => {
    const image = await raw(`${server.url}/assets/icon.png`, { headers: { 'accept-encoding': 'br' } });
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    for (const outside of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json']) {
      const answer = await raw(`${server.url}${outside}`, { headers: { 'accept-encoding': 'br' } });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.body.toString()).not.toContain('"hullvis"');
    }
    expect((await raw(`${server.url}/assets/missing.js`)).status).toBe(404);
  });
});
