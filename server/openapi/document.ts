import { SESSION_COOKIE } from '../auth/session-token';
import { procedureAt } from '../rest/procedures';
import { ROUTES } from '../rest/routes';
import type { ProcedurePath, Route } from '../rest/table';
import { ACCESS_TEXT, accessOfRow, securityOf } from './access';
import type { ErrorCode } from '../../shared/errors';
import { errorCodesOf, errorExamples, errorResponses, type ErrorResponse } from './errors';
import { errorBodySchema, jsonSchemaOf, mergedInput, withoutFields, type JsonSchema } from './schemas';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ErrorResponse>;
    examples: Record<string, { summary: string; value: unknown }>;
    securitySchemes: Record<string, object>;
  };
}

type Examples = Record<string, { summary: string; value: unknown } | { $ref: string }>;

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema; examples?: Examples } } };
  responses: Record<string, Answer | { $ref: string }>;
}

export interface Answer {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema; examples?: Examples }>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

type Namespace = ProcedurePath extends `${infer N}.${string}` ? N : never;

/** The tags (a procedure's namespace), in the order the reference page lists them. */
const TAGS: Readonly<Record<Namespace, string>> = {
  auth: 'Signing in by e-mailed link or code, or by password; the session; signing out.',
  twoFactor: 'Two-factor authentication: the second step of a sign-in, turning it on and off, recovery codes.',
  account: "The signed-in user's own account: e-mail addresses, merging accounts, profile, language, data, deletion.",
  handicap: "The signed-in user's handicap record: attested scores, the calculated index and its history.",
  orgs: 'Organizations (golf clubs): members and their roles, invitations, the audit log.',
  admin: 'For super administrators: users, organizations, moderation of the feed.',
  courses: 'The official course catalogue.',
  personalCourses: "Courses a user enters themselves, and the search in other users' shared ones.",
  rounds: 'Rounds of golf: players, sides, scores, finishing, attesting and sharing to the feed.',
  participants: 'Finding people to add to a round.',
  tournaments: "An organization's tournaments: details, status, entries, start lists, scores, cards and results.",
  public: 'Public tournament pages: the list, a tournament, its leaderboard and players’ cards.',
  chat: "An organization's team chat and unread counts.",
  feed: 'The public feed of shared rounds and tournament news.',
  push: 'Web Push: the key a browser subscribes to the app’s notifications with.',
  calendar: "A player's secret calendar of their own start times, for a calendar app to subscribe to.",
};

/** Express's `/rounds/:roundId/scores` as OpenAPI's `/rounds/{roundId}/scores`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

/** The output component's name: the procedure's dotted path ('courses.get' → 'courses.get.output'). */
function outputName(row: Route): string {
  return `${row.procedure}.output`;
}

const UNDESCRIBED: JsonSchema = {
  type: 'object',
  description: 'Not described yet: the procedure has no .output() schema.',
};

/** The request body examples of a row, without the fields its path carries. */
function bodyExamples(row: Route): Examples | undefined {
  if (!row.examples) return undefined;
  const pathFields = Object.values(row.params);
  return Object.fromEntries(
    Object.entries(row.examples).map(([name, { summary, value }]) => {
      const body =
        typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).filter(([key]) => !pathFields.includes(key)))
          : value;
      return [name, { summary, value: body }];
    }),
  );
}

function successAnswer(row: Route, output: JsonSchema | undefined): Answer {
  if (row.answer === 'pdf') {
    return {
      description: 'The document as a PDF (A4, fonts embedded), sent as a download.',
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    };
  }
  if (row.answer === 'ics') {
    return {
      description: 'An iCalendar file (RFC 5545, UTF-8), times in Europe/Oslo with its VTIMEZONE.',
      content: { 'text/calendar': { schema: { type: 'string' } } },
    };
  }
  if (row.answer === 'csv') {
    return {
      description: 'The results as a CSV file (UTF-8 with a byte order mark), sent as a download.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    };
  }
  if (row.status === 204) return { description: 'Done; the answer has no body.' };
  const description =
    row.answer === 'download'
      ? 'The answer as a file to save (`Content-Disposition: attachment`).'
      : output
        ? 'The answer.'
        : 'The answer (not described in detail yet).';
  return {
    description,
    content: {
      'application/json': { schema: output ? { $ref: `#/components/schemas/${outputName(row)}` } : UNDESCRIBED },
    },
  };
}

/** What the operations share, filled in as they are built. */
interface Shared {
  schemas: Record<string, JsonSchema>;
  responses: Record<string, ErrorResponse>;
  codes: Set<ErrorCode>;
}

function operationOf(row: Route, shared: Shared): Operation {
  const procedure = procedureAt(row.procedure);
  const { _def } = procedure;
  const level = accessOfRow(row, procedure);
  const inputs = _def.inputs.map((parser) => jsonSchemaOf(parser, 'input')).filter((s) => s !== undefined);
  const input = mergedInput(inputs);
  const fieldSchema = (field: string): JsonSchema => {
    const found = input?.properties?.[field];
    return typeof found === 'object' ? found : {};
  };
  const parameters: Parameter[] = [
    ...Object.entries(row.params).map(
      ([name, field]): Parameter => ({ name, in: 'path', required: true, schema: fieldSchema(field) }),
    ),
    ...row.query.map(
      (key): Parameter => ({
        name: key,
        in: 'query',
        required: input?.required?.includes(key) ?? false,
        schema: fieldSchema(key),
      }),
    ),
  ];
  const description = [
    row.description,
    ACCESS_TEXT[level],
    row.passOn ? 'A browser that asks for `text/html` (and not JSON) gets the app’s page instead.' : undefined,
  ].filter((line) => line !== undefined);
  let requestBody: Operation['requestBody'];
  if (row.body && input) {
    const schema = withoutFields(input, Object.values(row.params));
    const examples = bodyExamples(row);
    requestBody = {
      required: (schema.required?.length ?? 0) > 0 || schema.anyOf !== undefined,
      content: { 'application/json': { schema, ...(examples ? { examples } : {}) } },
    };
  }

  // tRPC keeps the output parser on the definition at run time; its type does not list it.
  const output = jsonSchemaOf('output' in _def ? _def.output : undefined, 'output');
  // A file answer is the file, not the procedure's {csv | pdf | ics, filename}, and a 204 has none: the
  // procedure's output schema is not the answer's.
  if (output && !['csv', 'pdf', 'ics'].includes(row.answer ?? 'json') && row.status !== 204)
    shared.schemas[outputName(row)] = output;
  const errors = errorCodesOf(row, level, _def.inputs.length > 0 || parameters.length > 0 || row.body);
  for (const code of errors) shared.codes.add(code);
  const operation: Operation = {
    operationId: row.procedure,
    summary: row.summary,
    description: description.join('\n\n'),
    tags: [row.procedure.split('.')[0] ?? ''],
    security: securityOf(level),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { [String(row.status)]: successAnswer(row, output), ...errorResponses(errors, shared.responses) },
  };
  return operation;
}

const DESCRIPTION = `The REST API of the golf service: rounds and scores, courses, organizations (clubs) and their tournaments, team chat and the public feed.

Every path is a thin adapter onto one procedure of the service's tRPC router, with the same input checks, access rules and errors.

**Sessions.** Signing in (\`POST /auth/verify-link\`, \`POST /auth/login\`, then \`POST /auth/2fa/verify\` when the account has two-factor authentication) sets the \`${SESSION_COOKIE}\` cookie (HttpOnly); send it back on every request. A sign-in answer's \`stage\` says whether the session is complete (\`full\`) or still waits for a second factor. Each operation's security says whether it needs the cookie.

**Requests that change something** (POST, PUT, PATCH, DELETE) must be sent as \`Content-Type: application/json\`, at most 100 KiB, and an \`Origin\` header, when there is one, must be this service's own origin; otherwise the answer is 403 \`FORBIDDEN_ORIGIN\`.

**Errors** are \`{"error": {"code", "message", "issues"?, "requestId"?}}\`. \`code\` is stable and is what a client should branch on; each operation lists the codes it can answer with, by status. \`message\` is meant for people: Norwegian, or English when the account's language or the request's \`Accept-Language\` is English. 429 and 503 carry \`Retry-After\`.

More in the repository: docs/contract.md (conventions, errors, lifetimes and limits, the endpoints by area), docs/access.md (who may do what).`;

/** The document without `servers`, which depend on the deployment. */
function buildBody(routes: readonly Route[]): Omit<OpenApiDocument, 'servers'> {
  const schemas: Record<string, JsonSchema> = {};
  const errorBody = jsonSchemaOf(errorBodySchema, 'output');
  if (errorBody) schemas.ErrorBody = errorBody;
  const paths: OpenApiDocument['paths'] = {};
  const shared: Shared = { schemas, responses: {}, codes: new Set() };
  for (const row of routes) {
    const path = openApiPath(row.path);
    paths[path] = { ...paths[path], [row.method]: operationOf(row, shared) };
  }
  const used = new Set(routes.map((row) => row.procedure.split('.')[0]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hullvis',
      version: '0.1.0',
      description: DESCRIPTION,
      // The project is private and publishes no licence: all rights reserved (decision 0021).
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    tags: Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      responses: shared.responses,
      examples: errorExamples(shared.codes),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The session cookie a sign-in sets (HttpOnly, SameSite=Lax). It is signed by the server and means nothing to a client: keep it and send it back.',
        },
      },
    },
  };
}

/** The OpenAPI 3.1 document of the REST surface, built from the route table and the procedures' zod schemas. */
export function buildOpenApiDocument(options: { publicUrl: string; routes?: readonly Route[] }): OpenApiDocument {
  const { openapi, info, ...rest } = buildBody(options.routes ?? ROUTES);
  return {
    openapi,
    info,
    servers: [{ url: options.publicUrl, description: 'This deployment (its PUBLIC_URL).' }],
    ...rest,
  };
}

let body: Omit<OpenApiDocument, 'servers'> | undefined;

/** Built once per process (the table and the schemas do not change while it runs); `servers` per deployment. */
export function openApiDocument(publicUrl: string): OpenApiDocument {
  body ??= buildBody(ROUTES);
  const { openapi, info, ...rest } = body;
  return { openapi, info, servers: [{ url: publicUrl, description: 'This deployment (its PUBLIC_URL).' }], ...rest };
}
