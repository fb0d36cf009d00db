import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { createApp } from '../../server/app';
import type { Answer, OpenApiDocument, Operation } from '../../server/openapi/document';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { createTournamentFixture, type TournamentFixture } from '../helpers/tournaments';
import { assertDocumented } from './answers';

/** Paths the app serves that are not the REST API of docs/contract.md, and so not in the document. */
const NOT_API = new Set([
  'GET /healthz',
  'GET /readyz',
  // For the operator's scraper (Prometheus text behind METRICS_TOKEN), not the REST API.
  'GET /metrics',
  'GET /openapi.json',
  'GET /docs/api',
  'GET /docs/api/start.js',
  'GET /docs/api/swagger-ui.css',
  'GET /docs/api/swagger-ui-bundle.js',
  'GET /dev/mail.json',
  'GET /dev/mail',
  'GET /dev/mail.css',
]);

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route Express has, as `METHOD /path` in OpenAPI's spelling (`{id}`), however deep its router. */
function expressRoutes(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
      return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${path}`);
    }
    return layer.handle?.stack ? expressRoutes(layer.handle.stack) : [];
  });
}

/** The operation's success answer: its one 2xx, never a reference. */
function successOf(operation: Operation): [string, Answer] {
  const found = Object.entries(operation.responses).find(([code]) => code.startsWith('2'));
  if (!found || '$ref' in found[1]) throw new Error(`${operation.operationId} has no success answer of its own`);
  return [found[0], found[1]];
}

function documentedRoutes(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe('the OpenAPI document', () => {
  let deps: TestDeps;
  let server: TestServer;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    deps = await createTestDeps();
    server = await startTestServer(deps);
    doc = await (await fetch(`${server.url}/openapi.json`)).json();
  });
  afterAll(async () => {
    await server.close();
    await deps.close();
  });

  it('is OpenAPI 3.1 in shape: version, paths, components, a summary, security, answers and an operation id for every operation', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    // The test server's PUBLIC_URL: the document names the deployment that serves it.
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000', description: expect.any(String) }]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(doc.components.schemas.ErrorBody).toBeDefined();
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/[^:]*$/);
      for (const [method, operation] of Object.entries(operations)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        expect(ids.has(operation.operationId)).toBe(false);
        ids.add(operation.operationId);
        expect(operation.summary).toBeTruthy();
        expect(Array.isArray(operation.security)).toBe(true);
        // Errors by status, each a shared response whose codes all have that status; no catch-all `default`.
        const statuses = Object.keys(operation.responses);
        expect(statuses).not.toContain('default');
        // Only an operation open to anyone that takes nothing at all has nothing to refuse (GET /push/public-key).
        const takesNothing =
          operation.security.length === 0 && !operation.parameters?.length && operation.requestBody === undefined;
        if (!takesNothing) expect(statuses.filter((status) => status.startsWith('4')).length).toBeGreaterThan(0);
        expect(statuses).toEqual(expect.arrayContaining(['500', '503']));
        // Every `{name}` of the path is a required path parameter, and no other.
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort()).toEqual(inPath);
        expect(declared.every((p) => p.required)).toBe(true);
      }
    }
    // Each schema compiles as draft 2020-12 (the dialect of 3.1), with no reference left dangling.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const schema of Object.values(doc.components.schemas)) expect(() => ajv.compile(schema)).not.toThrow();
    const refs = new Set([...JSON.stringify(doc).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]!));
    const dangling = [...refs].filter((ref) => {
      const [kind, name] = ref.replace('#/components/', '').split('/');
      const components: Record<string, Record<string, unknown>> = doc.components;
      return !ref.startsWith('#/components/') || components[kind!]?.[name!] === undefined;
    });
    expect(dangling).toEqual([]);
  });

  it('describes every success answer with a schema: no route is left "not yet described" (decision 0012)', () => {
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const [status, success] = successOf(operation);
        const content = success.content ?? {};
        const schema =
          content['application/json']?.schema ??
          content['text/csv']?.schema ??
          content['application/pdf']?.schema ??
          content['text/calendar']?.schema;
        const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined;
        const resolved = ref ? doc.components.schemas[ref] : schema;
        // 204: no body to describe (DELETE /account/push-subscriptions).
        const described =
          (status === '204' && success.content === undefined) ||
          (resolved !== undefined &&
            (resolved.type === 'string' ||
              resolved.properties !== undefined ||
              resolved.anyOf !== undefined ||
              resolved.oneOf !== undefined));
        if (!described) undescribed.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('has exactly the REST routes Express serves: none missing from the document, none documented but not served', async () => {
    const app = await createApp(deps, { client: 'none' });
    try {
      const handler = app.server.listeners('request')[0] as unknown as { router: { stack: Layer[] } };
      const served = expressRoutes(handler.router.stack).filter((route) => !NOT_API.has(route));
      expect(served.length).toBeGreaterThan(50);
      expect(new Set(served).size).toBe(served.length);
      expect(served.sort()).toEqual(documentedRoutes(doc).sort());
    } finally {
      await app.close();
    }
  });

  describe('describes real answers', () => {
    let fixture: TournamentFixture;
    let token: string;

    beforeAll(async () => {
      fixture = await createTournamentFixture(deps.db, { status: 'in_progress', visibility: 'public', players: 4 });
      const admin = await createUser(deps.db, { isSuperAdmin: true, name: 'Operatør Dokumentasjon' });
      await addMember(deps.db, fixture.organizationId, admin.id, 'owner');
      token = await sessionTokenFor(deps, admin);
    });

    /** Calls a route as the signed-in operator and checks the answer against the document's schema. */
    async function expectDescribed(method: string, path: string, template: string, body?: unknown): Promise<void> {
      const res = await fetch(server.url + path, {
        method,
        headers: {
          cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const operation = doc.paths[template]?.[method.toLowerCase()];
      expect(operation, `${method} ${template} is documented`).toBeDefined();
      const [status] = successOf(operation!);
      const text = await res.text();
      expect(res.status, `${method} ${path}: ${text}`).toBe(Number(status));
      assertDocumented({
        method,
        url: path,
        status: res.status,
        contentType: res.headers.get('content-type'),
        body: text,
      });
    }

    it('of every domain, against the response schemas (the .output() ones where the procedure has one)', async () => {
      const org = `/organizations/${fixture.organizationId}`;
      const tournament = `${org}/tournaments/${fixture.tournamentId}`;
      const ORG = '/organizations/{organization_id}';
      const TOURNAMENT = `${ORG}/tournaments/{tournament_id}`;
      await expectDescribed('GET', '/auth/me', '/auth/me');
      await expectDescribed('POST', '/auth/2fa/totp/setup', '/auth/2fa/totp/setup', {});
      await expectDescribed('GET', '/account/emails', '/account/emails');
      await expectDescribed('GET', '/organizations', '/organizations');
      await expectDescribed('GET', org, ORG);
      await expectDescribed('GET', `${org}/members`, `${ORG}/members`);
      await expectDescribed('GET', `${org}/audit-log`, `${ORG}/audit-log`);
      await expectDescribed('GET', '/admin/users?q=Oper', '/admin/users');
      await expectDescribed('GET', '/admin/organizations', '/admin/organizations');
      await expectDescribed('GET', '/courses/search?q=Bogstad', '/courses/search');
      await expectDescribed('GET', `/courses/${fixture.courseId}`, '/courses/{courseId}');
      await expectDescribed('GET', '/personal-courses', '/personal-courses');
      await expectDescribed('GET', '/rounds', '/rounds');
      await expectDescribed('GET', '/participants/search?q=Tu', '/participants/search');
      await expectDescribed('GET', `${org}/tournaments`, `${ORG}/tournaments`);
      await expectDescribed('GET', tournament, TOURNAMENT);
      await expectDescribed('GET', `${tournament}/entries`, `${TOURNAMENT}/entries`);
      await expectDescribed('GET', `${tournament}/rounds/1/cards`, `${TOURNAMENT}/rounds/{round_number}/cards`);
      await expectDescribed('GET', '/public/tournaments', '/public/tournaments');
      await expectDescribed('GET', `/public/tournaments/${fixture.slug}`, '/public/tournaments/{slug}');
      await expectDescribed(
        'GET',
        `/public/tournaments/${fixture.slug}/entries/${fixture.players[0]!.entryId}/card`,
        '/public/tournaments/{slug}/entries/{entryId}/card',
      );
      await expectDescribed(
        'GET',
        `/public/tournaments/${fixture.slug}/leaderboard`,
        '/public/tournaments/{slug}/leaderboard',
      );
      await expectDescribed('POST', `${org}/chat/messages`, `${ORG}/chat/messages`, { text: 'Velkommen!' });
      await expectDescribed('GET', `${org}/chat/messages`, `${ORG}/chat/messages`);
      await expectDescribed('GET', '/chat/unread', '/chat/unread');
      await expectDescribed('GET', `${org}/chat/unread`, `${ORG}/chat/unread`);
      await expectDescribed('GET', '/feed', '/feed');
    });

    it('and of an error, against the error body', async () => {
      const res = await fetch(`${server.url}/organizations/${fixture.organizationId}/tournaments/not-a-uuid`, {
        headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
      });
      expect(res.status).toBe(400);
      const body = await res.text();
      const url = `/organizations/${fixture.organizationId}/tournaments/not-a-uuid`;
      assertDocumented({ method: 'GET', url, status: 400, contentType: res.headers.get('content-type'), body });
      expect(JSON.parse(body).error.code).toBe('INVALID_INPUT');
    });
  });
});
