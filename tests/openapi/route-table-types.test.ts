import { describe, expect, it } from 'vitest';
import { route } from '../../server/rest/table';

/**
 * A wrong row in the REST route table is a type error (`npx tsc --noEmit`): each `@ts-expect-error` below
 * fails the type check the day the mistake it marks stops being one.
 */
describe('the REST route table is typed against the router', () => {
  it('refuses wrong mappings at compile time', () => {
    const wrong = () => [
      // @ts-expect-error no such procedure
      route({ method: 'get', path: '/nope', procedure: 'orgs.nope', summary: 'x' }),
      route({
        method: 'get',
        path: '/organizations/:organization_id',
        procedure: 'orgs.get',
        summary: 'x',
        // @ts-expect-error a path parameter mapped onto a field the procedure does not take
        params: { organization_id: 'orgId' },
      }),
      // @ts-expect-error a path parameter left unmapped
      route({ method: 'get', path: '/organizations/:organization_id', procedure: 'orgs.get', summary: 'x' }),
      // @ts-expect-error a query key the procedure does not know
      route({ method: 'get', path: '/rounds', procedure: 'rounds.mine', summary: 'x', query: ['page'] }),
      // @ts-expect-error a body for a procedure without input
      route({ method: 'post', path: '/auth/me', procedure: 'auth.me', summary: 'x', body: true }),
      // @ts-expect-error a CSV answer from a procedure that does not return a file
      route({ method: 'get', path: '/auth/me', procedure: 'auth.me', summary: 'x', answer: 'csv' }),
      // @ts-expect-error a row the document cannot name: no summary
      route({ method: 'get', path: '/auth/me', procedure: 'auth.me' }),
      // @ts-expect-error an error code the contract does not have
      route({ method: 'get', path: '/auth/me', procedure: 'auth.me', summary: 'x', errors: ['NOPE'] }),
      route({
        method: 'post',
        path: '/auth/login',
        procedure: 'auth.login',
        summary: 'x',
        body: true,
        // @ts-expect-error an example body that is not the procedure's input
        examples: { wrong: { summary: 'x', value: { email: 'a@example.com', pasword: 'x' } } },
      }),
    ];
    expect(wrong).toBeTypeOf('function');
  });
});
