import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wantsFeedPage } from '../../server/rest/feed';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { draftTournament, moveTo } from './support';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const INDEX = '<!doctype html><title>Hullvis</title><div id="root"></div>';

/**
 * GET /feed is both the REST path of feed.list (docs/contract.md section 10) and the app's feed page:
 * a browser's navigation gets the app, every API client the JSON (decision 0507).
 */
describe('GET /feed: the app for a browser, the JSON for an API client', () => {
  let deps: TestDeps;
  let server: TestServer;
  let firstId: string;
  const clientDist = mkdtempSync(path.join(tmpdir(), 'golf-dist-'));

  beforeAll(async () => {
    mkdirSync(path.join(clientDist, 'assets'));
    writeFileSync(path.join(clientDist, 'index.html'), INDEX);
    deps = await createTestDeps();
    server = await startTestServer(deps, { client: 'static', clientDist });
    for (const name of ['Vårcupen', 'Sommercupen']) {
      const fx = await draftTournament(deps, { name });
      await moveTo(deps, fx, 'open');
    }
    const page = await (await fetch(`${server.url}/feed`)).json();
    firstId = page.items[0].id;
  });
  afterAll(() => server.close());

  const get = (url: string, accept?: string, method = 'GET') =>
    fetch(server.url + url, { method, headers: accept === undefined ? {} : { accept } });

  it.each([
    ['no Accept header', undefined],
    ['*/*', '*/*'],
    ['application/json', 'application/json'],
    ['JSON and HTML alike', 'application/json, text/html'],
    ['HTML refused (q=0)', 'text/html;q=0, */*'],
  ])('answers the feed as JSON to an API client (%s)', async (_name, accept) => {
    const res = await get('/feed', accept);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('vary')).toMatch(/Accept/i);
    const body = await res.json();
    expect(body.items.map((i: { tournament: { name: string } }) => i.tournament.name)).toEqual([
      'Sommercupen',
      'Vårcupen',
    ]);
  });

  it('answers the app to a browser navigating to /feed, with or without a query string', async () => {
    for (const url of ['/feed', `/feed?before=${firstId}`, '/feed?before=ikke-en-id']) {
      const res = await get(url, BROWSER);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('vary')).toMatch(/Accept/i);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('pages with ?before= for an API client as feed.list does', async () => {
    const res = await get(`/feed?before=${firstId}`, 'application/json');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.items.map((i: { tournament: { name: string } }) => i.tournament.name)).toEqual(['Vårcupen']);
    expect(body.nextBefore).toBeUndefined();
    expect((await get('/feed?before=ikke-en-id', '*/*')).status).toBe(400);
  });

  it('answers HEAD the same way: the app for a browser, JSON headers for an API client', async () => {
    const page = await get('/feed', BROWSER, 'HEAD');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe('');
    const api = await get('/feed', undefined, 'HEAD');
    expect(api.status).toBe(200);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await api.text()).toBe('');
  });

  it('without the app built in (client: none) a browser still gets no JSON by mistake: 404 like any unknown page', async () => {
    const bare = await startTestServer(deps, { client: 'none' });
    try {
      const res = await fetch(`${bare.url}/feed`, { headers: { accept: BROWSER } });
      expect(res.status).toBe(404);
      expect((await fetch(`${bare.url}/feed`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it.each([
    [BROWSER, true],
    ['text/html', true],
    ['TEXT/HTML; charset=utf-8', true],
    ['text/html, application/json', false],
    ['application/json;q=0, text/html', true],
    ['text/html;q=0', false],
    ['*/*', false],
    ['', false],
    ['text/*', false],
  ])('wantsFeedPage(%j) is %s', (accept, expected) => {
    expect(wantsFeedPage({ get: () => accept || undefined } as never)).toBe(expected);
  });
});
