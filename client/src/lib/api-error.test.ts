import { describe, expect, it } from 'vitest';
import { describeApiError, fieldError, formLevelError, networkMessage } from './api-error';

/** The shape server/trpc/init.ts's errorFormatter gives a TRPCClientError: message + data. */
function trpcError(message: string, data: Record<string, unknown>) {
  return Object.assign(new Error(message), { data });
}

describe('describeApiError', () => {
  it('keeps the server message and code and maps issues to their fields', () => {
    const view = describeApiError(
      trpcError('Ugyldige opplysninger. Sjekk feltene og prøv igjen.', {
        appCode: 'INVALID_INPUT',
        httpStatus: 400,
        issues: [
          { path: 'email', message: 'Ugyldig e-postadresse.' },
          { path: 'email', message: 'second message for the same field' },
          { path: 'holes.3.par', message: 'Par må være 3, 4 eller 5.' },
        ],
      }),
    );
    expect(view).toEqual({
      code: 'INVALID_INPUT',
      message: 'Ugyldige opplysninger. Sjekk feltene og prøv igjen.',
      fields: { email: 'Ugyldig e-postadresse.', 'holes.3.par': 'Par må være 3, 4 eller 5.' },
      httpStatus: 400,
    });
  });

  it('uses a general message when the server sent none, and reads Retry-After seconds', () => {
    const view = describeApiError(trpcError('', { appCode: 'RATE_LIMITED', httpStatus: 429, retryAfterSeconds: 42 }));
    expect(view).toMatchObject({ code: 'RATE_LIMITED', httpStatus: 429 });
    expect(view?.message).toBe('Noe gikk galt hos oss. Prøv igjen senere.');
    expect(view?.retryAfterSeconds).toBe(42);
  });

  it('calls a failure without a formatted answer a network problem, in Norwegian', () => {
    expect(describeApiError(new TypeError('Failed to fetch'))).toEqual({
      code: 'NETWORK',
      message: networkMessage(),
      fields: {},
    });
    expect(describeApiError(trpcError('Bad Gateway', { httpStatus: 502 }))?.code).toBe('INTERNAL');
  });

  it('ignores issues that are not {path, message}, and is null for no error', () => {
    const view = describeApiError(trpcError('x', { appCode: 'INVALID_INPUT', issues: [{ path: 3 }, 'nope', null] }));
    expect(view?.fields).toEqual({});
    expect(describeApiError(null)).toBeNull();
    expect(describeApiError(undefined)).toBeNull();
  });
});

describe('fieldError and formLevelError', () => {
  const invalid = describeApiError(
    trpcError('Ugyldige opplysninger.', {
      appCode: 'INVALID_INPUT',
      issues: [
        { path: 'guest.name', message: 'Navnet mangler.' },
        { path: 'sideId', message: 'Ugyldig id.' },
      ],
    }),
  );

  it('finds an exact field or the first issue under a parent field', () => {
    expect(fieldError(invalid, 'sideId')).toBe('Ugyldig id.');
    expect(fieldError(invalid, 'guest')).toBe('Navnet mangler.');
    expect(fieldError(invalid, 'email')).toBeUndefined();
  });

  it('puts a whole-call error under a field when its code belongs there', () => {
    const wrongCode = describeApiError(
      trpcError('Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.', {
        appCode: 'INVALID_CODE',
      }),
    );
    expect(fieldError(wrongCode, 'code', ['INVALID_CODE'])).toBe(
      'Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.',
    );
    expect(fieldError(wrongCode, 'code')).toBeUndefined();
    expect(formLevelError(wrongCode, ['code'], ['INVALID_CODE'])).toBeNull();
    expect(formLevelError(wrongCode, ['code'])).toEqual({
      message: 'Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.',
      extra: [],
    });
  });

  it('leaves for the form only what no field on screen shows', () => {
    expect(formLevelError(invalid, ['guest', 'sideId'])).toBeNull();
    expect(formLevelError(invalid, ['guest'])).toEqual({
      message: 'Ugyldige opplysninger.',
      extra: ['sideId: Ugyldig id.'],
    });
    expect(formLevelError(null, [])).toBeNull();
  });
});
