import { ERRORS, type ErrorCode } from '../../shared/errors';
import { texts } from '../texts';
import type { Route } from '../rest/table';
import type { AccessLevel } from './access';
import type { JsonSchema } from './schemas';

/**
 * What each code means to an integrator, in English: the `message` of an answer is for the person using
 * the client (Norwegian unless English is asked for), `code` is what a program branches on.
 */
export const CODE_MEANING: Readonly<Record<ErrorCode, string>> = {
  INVALID_INPUT:
    'The input does not match the schema (`issues` names the fields), or the body could not be read: not JSON, not UTF-8, nested deeper than 32 levels, or an unsupported `Content-Encoding`.',
  INVALID_LINK: 'The link, token or code is unknown, used, replaced or expired: ask for a new one.',
  INVALID_CODE: 'The code does not match. It counts as an attempt against the limits.',
  NOT_AUTHENTICATED:
    'No valid session for this path: the session cookie is missing, expired or revoked, or its sign-in stage is not one this path takes.',
  INVALID_CREDENTIALS: 'The e-mail address or the password is wrong (the answer does not say which).',
  NOT_SUPER_ADMIN: 'The signed-in user is not a super administrator.',
  NOT_ORG_MEMBER:
    'The signed-in user is not a member of the organization; an organization that does not exist gets the same answer.',
  NOT_ORG_ADMIN: 'This needs the owner or admin role in the organization.',
  FORBIDDEN: 'The signed-in user may not do this to this resource; the message says why.',
  TWO_FACTOR_REQUIRED: 'Owners and admins must keep two-factor authentication on.',
  FORBIDDEN_ORIGIN:
    'A request that changes something must be sent as `Content-Type: application/json`, and its `Origin`, when there is one, must be this service’s own.',
  NOT_FOUND: 'Not found, or not visible to the caller: both get the same answer.',
  EMAIL_NOT_FOUND: 'No account has this e-mail address.',
  CONFLICT: 'Not possible in the current state of the resource; the message says why.',
  LAST_OWNER:
    'The user is the last owner of an organization that has other members: another member must be made owner first.',
  PAYLOAD_TOO_LARGE: 'The body is larger than 100 KiB (after decompression).',
  RATE_LIMITED: 'Too many attempts: `Retry-After` says how many seconds to wait.',
  INTERNAL: 'Something failed on the server; `requestId` finds it in the server’s log.',
  UNAVAILABLE: 'The database cannot be reached right now: `Retry-After` says how many seconds to wait.',
};

const SESSION_LEVELS: ReadonlySet<AccessLevel> = new Set([
  'user',
  'pending',
  'enrolling',
  'any-session',
  'super-admin',
  'org-member',
  'org-admin',
]);

/**
 * Every error code a row's path can answer with: the ones its kind always has, derived here, and the
 * row's own (`errors`, from reading its domain function). INTERNAL and UNAVAILABLE can happen anywhere.
 */
export function errorCodesOf(row: Route, level: AccessLevel, hasInput: boolean): ErrorCode[] {
  const codes = new Set<ErrorCode>(row.errors);
  // Input is checked by the procedure's schema; a path parameter that does not decode is refused before it.
  if (hasInput) codes.add('INVALID_INPUT');
  if (row.method !== 'get') {
    // The mutation guard and the JSON body reader run for every request that changes something.
    codes.add('INVALID_INPUT');
    codes.add('FORBIDDEN_ORIGIN');
    codes.add('PAYLOAD_TOO_LARGE');
  }
  if (SESSION_LEVELS.has(level)) codes.add('NOT_AUTHENTICATED');
  if (level === 'super-admin') codes.add('NOT_SUPER_ADMIN');
  if (level === 'org-member' || level === 'org-admin') codes.add('NOT_ORG_MEMBER');
  if (level === 'org-admin') codes.add('NOT_ORG_ADMIN');
  // A path parameter names a thing that may not exist; an unknown organization is NOT_ORG_MEMBER instead.
  if (Object.values(row.params).some((field) => field !== 'organizationId')) codes.add('NOT_FOUND');
  codes.add('INTERNAL');
  codes.add('UNAVAILABLE');
  const order = Object.keys(ERRORS) as ErrorCode[];
  return order.filter((code) => codes.has(code));
}

export interface ErrorResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content: { 'application/json': { schema: JsonSchema; examples: Record<string, { $ref: string }> } };
}

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 0 },
} as const;

/** A body of this code as the service sends it (in English: `Accept-Language: en`). */
function exampleErrorBody(code: ErrorCode): unknown {
  return {
    error: {
      code,
      message: texts.text('en', `errors.codes.${code}`),
      ...(code === 'INVALID_INPUT'
        ? { issues: [{ path: 'email', message: texts.text('en', 'errors.fields.invalidEmail') }] }
        : {}),
      ...(code === 'INTERNAL' ? { requestId: '4f1c3a52-8b1e-4c2e-9d3f-6a7b8c9d0e1f' } : {}),
    },
  };
}

/** `components.examples`: one error body of each code, named by the code, for the answers to refer to. */
export function errorExamples(codes: Iterable<ErrorCode>): Record<string, { summary: string; value: unknown }> {
  return Object.fromEntries(
    [...new Set(codes)].map((code) => [
      code,
      { summary: `${ERRORS[code].status} ${code}`, value: exampleErrorBody(code) },
    ]),
  );
}

/**
 * The answer of one status: the ErrorBody component with its `code` narrowed to the ones this operation
 * sends. The narrowing names the body's other fields too, as any schema: a validator that treats each part
 * of an `allOf` as closed (Redocly's example check) then still accepts them.
 */
function errorResponse(codes: readonly ErrorCode[]): ErrorResponse {
  const status = ERRORS[codes[0]!].status;
  const retries = status === 429 || status === 503;
  const narrowed = { code: { enum: [...codes] }, message: {}, issues: {}, requestId: {} };
  return {
    description: codes.map((code) => `\`${code}\`: ${CODE_MEANING[code]}`).join('\n\n'),
    ...(retries ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ErrorBody' },
            { type: 'object', properties: { error: { type: 'object', properties: narrowed } } },
          ],
        },
        examples: Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }])),
      },
    },
  };
}

/**
 * The error answers of an operation, by status, each a reference to `components.responses`: one response
 * per set of codes, named by them (`NOT_ORG_MEMBER.NOT_ORG_ADMIN`), shared by every operation with that set.
 * Written out in each operation, the answers were half the document.
 */
export function errorResponses(
  codes: readonly ErrorCode[],
  responses: Record<string, ErrorResponse>,
): Record<string, { $ref: string }> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, group]) => {
        const name = group.join('.');
        responses[name] ??= errorResponse(group);
        return [String(status), { $ref: `#/components/responses/${name}` }];
      }),
  );
}
