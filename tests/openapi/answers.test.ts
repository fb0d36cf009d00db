import { describe, expect, it } from 'vitest';
import { answerProblem, rowFor } from './answers';

/** The checker every REST test's answers go through (answers.ts): it must refuse what the document does not say. */
describe('the answer checker', () => {
  const json = 'application/json; charset=utf-8';
  const error = (code: string) => JSON.stringify({ error: { code, message: 'x' } });

  it('finds the row a request reached as Express does: fixed segments before parameters', () => {
    expect(rowFor('GET', '/courses/search?q=Bogstad')?.procedure).toBe('courses.searchOfficial');
    expect(rowFor('GET', '/courses/6f1c3a52-8b1e-4c2e-9d3f-6a7b8c9d0e1f')?.procedure).toBe('courses.get');
    expect(rowFor('GET', '/nowhere')).toBeUndefined();
  });

  it('accepts an answer as documented', () => {
    const body = JSON.stringify({ ok: true });
    expect(answerProblem({ method: 'POST', url: '/auth/logout', status: 200, contentType: json, body })).toBeNull();
    const refused = {
      method: 'GET',
      url: '/auth/me',
      status: 401,
      contentType: json,
      body: error('NOT_AUTHENTICATED'),
    };
    expect(answerProblem(refused)).toBeNull();
  });

  it('refuses a status the operation does not declare', () => {
    const answer = { method: 'GET', url: '/auth/me', status: 409, contentType: json, body: error('CONFLICT') };
    expect(answerProblem(answer)).toMatch(/does not declare/);
  });

  it('refuses an error code the operation does not declare for that status', () => {
    const answer = {
      method: 'GET',
      url: '/auth/me',
      status: 401,
      contentType: json,
      body: error('INVALID_CREDENTIALS'),
    };
    expect(answerProblem(answer)).toMatch(/schema refuses/);
  });

  it('refuses a body that is not the documented one, and a content type that is not', () => {
    const body = JSON.stringify({ user: { id: 1 } });
    expect(answerProblem({ method: 'GET', url: '/auth/me', status: 200, contentType: json, body })).toMatch(
      /schema refuses/,
    );
    const csv = { method: 'GET', url: '/auth/me', status: 200, contentType: 'text/csv', body: 'a;b' };
    expect(answerProblem(csv)).toMatch(/the document says application\/json/);
  });
});
