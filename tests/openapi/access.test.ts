import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { accessLevelOf } from '../../server/openapi/access';
import type { Operation } from '../../server/openapi/document';
import { procedureAt } from '../../server/rest/procedures';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { assertDocumented, checkedDocument, declaredCodes } from './answers';

/**
 * The document derives each operation's security from its procedure's builder (server/openapi/access.ts);
 * these calls check the claims against what the server does: without a session, exactly the operations
 * that name the session cookie answer 401, and a signed-in stranger is refused by the organization and
 * super administrator checks the document names.
 */

interface Call {
  method: string;
  template: string;
  operation: Operation;
}

function calls(): Call[] {
  const doc = checkedDocument();
  return Object.entries(doc.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
  );
}

/** The path with a value its parameter's schema takes, naming nothing that exists. */
function concrete(call: Call): string {
  return call.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = call.operation.parameters?.find((p) => p.name === name)?.schema ?? {};
    if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
    if (schema.type === 'integer') return '1';
    if (name === 'email') return encodeURIComponent('nobody@example.com');
    return 'no-such-thing';
  });
}

const requiresSession = (operation: Operation) =>
  operation.security.length > 0 && operation.security.every((requirement) => 'session' in requirement);

describe('the security the document claims', () => {
  let deps: TestDeps;
  let server: TestServer;

  beforeAll(async () => {
    deps = await createTestDeps();
    server = await startTestServer(deps);
  });
  afterAll(async () => {
    await server.close();
    await deps.close();
  });

  async function send(call: Call, token: string | null): Promise<{ status: number; code: string | undefined }> {
    const url = concrete(call);
    const changes = call.method !== 'GET';
    const res = await fetch(server.url + url, {
      method: call.method,
      headers: {
        ...(token ? { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {}),
        ...(changes ? { 'content-type': 'application/json' } : {}),
      },
      ...(changes ? { body: '{}' } : {}),
    });
    const body = await res.text();
    assertDocumented({
      method: call.method,
      url,
      status: res.status,
      contentType: res.headers.get('content-type'),
      body,
    });
    return { status: res.status, code: res.ok ? undefined : JSON.parse(body).error.code };
  }

  it('is derived from the builders: a few procedures of each kind', () => {
    expect(accessLevelOf(procedureAt('auth.login'))).toBe('public');
    expect(accessLevelOf(procedureAt('feed.list'))).toBe('optional-user');
    expect(accessLevelOf(procedureAt('auth.me'))).toBe('user');
    expect(accessLevelOf(procedureAt('twoFactor.verify'))).toBe('pending');
    expect(accessLevelOf(procedureAt('twoFactor.totpSetup'))).toBe('enrolling');
    expect(accessLevelOf(procedureAt('twoFactor.sendEmailCode'))).toBe('any-session');
    expect(accessLevelOf(procedureAt('admin.users'))).toBe('super-admin');
    expect(accessLevelOf(procedureAt('orgs.members'))).toBe('org-member');
    expect(accessLevelOf(procedureAt('orgs.setRole'))).toBe('org-admin');
  });

  it('holds without a session: 401 NOT_AUTHENTICATED exactly where the session cookie is required', async () => {
    const wrong: string[] = [];
    for (const call of calls()) {
      const { status, code } = await send(call, null);
      const refused = status === 401 && code === 'NOT_AUTHENTICATED';
      if (refused !== requiresSession(call.operation)) wrong.push(`${call.method} ${call.template}: ${status} ${code}`);
    }
    expect(wrong).toEqual([]);
  });

  it("holds for a signed-in stranger: the organization's and the super administrator's checks refuse", async () => {
    const stranger = await createUser(deps.db, { name: 'Ola Fremmed' });
    const token = await sessionTokenFor(deps, stranger);
    const wrong: string[] = [];
    let checked = 0;
    for (const call of calls()) {
      const forbidden = declaredCodes(call.operation, 403);
      const expected = forbidden.includes('NOT_SUPER_ADMIN')
        ? 'NOT_SUPER_ADMIN'
        : forbidden.includes('NOT_ORG_MEMBER')
          ? 'NOT_ORG_MEMBER'
          : undefined;
      if (!expected) continue;
      checked++;
      const { status, code } = await send(call, token);
      if (status !== 403 || code !== expected) wrong.push(`${call.method} ${call.template}: ${status} ${code}`);
    }
    expect(checked).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });
});
