import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import {
  buildOpenApiDocument,
  openApiPath,
  type Answer,
  type OpenApiDocument,
  type Operation,
} from '../../server/openapi/document';
import { ROUTES } from '../../server/rest/routes';
import type { Route } from '../../server/rest/table';

/**
 * Checks a REST answer against the OpenAPI document: its status must be one the operation declares, and its
 * body must match the schema the document gives for that status and content type (an error body's `code`
 * included: each error status names its codes). The REST test client runs every answer it receives through
 * this, so the document is checked by every REST test, not by a sample of its own.
 */

export interface ReceivedAnswer {
  method: string;
  /** The path as requested, with its query string if any. */
  url: string;
  status: number;
  contentType: string | null;
  /** The body as text, exactly as received. */
  body: string;
}

interface Compiled {
  doc: OpenApiDocument;
  ajv: Ajv2020;
  rows: { row: Route; pattern: RegExp }[];
  validators: Map<string, ValidateFunction>;
}

let compiled: Compiled | undefined;

const DOCUMENT_ID = 'openapi.json';

/** The route's path as a regular expression over a request's path: `:name` is one segment, as Express has it. */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

function setUp(): Compiled {
  // The schemas do not depend on the address; built once per test file, as the server builds it once.
  const doc = buildOpenApiDocument({ publicUrl: 'http://localhost:3000' });
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  // The whole document as one schema: an answer's `#/components/...` references resolve inside it.
  ajv.addSchema(doc, DOCUMENT_ID);
  return { doc, ajv, rows: ROUTES.map((row) => ({ row, pattern: patternOf(row.path) })), validators: new Map() };
}

/** The table row a request reached, found as Express finds it: the first row of its method whose path matches. */
export function rowFor(method: string, url: string): Route | undefined {
  compiled ??= setUp();
  const path = url.split('?')[0]!;
  return compiled.rows.find(({ row, pattern }) => row.method === method.toLowerCase() && pattern.test(path))?.row;
}

function resolved(doc: OpenApiDocument, answer: Answer | { $ref: string }): Answer {
  if (!('$ref' in answer)) return answer;
  const name = answer.$ref.replace('#/components/responses/', '');
  const found = doc.components.responses[name];
  if (!found) throw new Error(`dangling response reference ${answer.$ref}`);
  return found;
}

function validatorFor(key: string, schema: object): ValidateFunction {
  const state = compiled!;
  let validate = state.validators.get(key);
  if (!validate) {
    // Absolute references, so that they resolve in the document added above whatever this schema's own base.
    const absolute = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`));
    validate = state.ajv.compile(absolute);
    state.validators.set(key, validate);
  }
  return validate;
}

function excerpt(text: string): string {
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/** What is wrong with an answer by the document, or null when it is as documented. */
export function answerProblem(answer: ReceivedAnswer): string | null {
  compiled ??= setUp();
  const { doc } = compiled;
  const method = answer.method.toUpperCase();
  const row = rowFor(method, answer.url);
  if (!row) return `${method} ${answer.url} is not a path of the REST route table`;
  const template = openApiPath(row.path);
  const operation: Operation | undefined = doc.paths[template]?.[row.method];
  if (!operation) return `${method} ${template} is not in the document`;
  const at = `${method} ${template} answered ${answer.status}`;
  const declared = operation.responses[String(answer.status)];
  if (!declared) {
    const statuses = Object.keys(operation.responses).join(', ');
    return `${at}, which the document does not declare (it declares ${statuses}): ${excerpt(answer.body)}`;
  }
  const response = resolved(doc, declared);
  if (!response.content) return answer.body === '' ? null : `${at} with a body, which the document does not declare`;
  const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const media = response.content[mediaType];
  if (!media) {
    const types = Object.keys(response.content).join(', ');
    return `${at} as ${mediaType || 'no content type'}; the document says ${types}`;
  }
  let value: unknown = answer.body;
  if (mediaType === 'application/json') {
    try {
      value = JSON.parse(answer.body);
    } catch {
      return `${at} with a body that is not JSON: ${excerpt(answer.body)}`;
    }
  }
  const validate = validatorFor(`${method} ${template} ${answer.status} ${mediaType}`, media.schema);
  if (validate(value)) return null;
  return `${at} with a body the document's schema refuses: ${compiled.ajv.errorsText(validate.errors)}\n${excerpt(answer.body)}`;
}

/** Throws, failing the test, when an answer is not as the document describes it. */
export function assertDocumented(answer: ReceivedAnswer): void {
  const problem = answerProblem(answer);
  if (problem) throw new Error(`The OpenAPI document does not describe this answer: ${problem}`);
}

/** The error codes an operation declares for a status (none when it declares no such status). */
export function declaredCodes(operation: Operation, status: number): string[] {
  const declared = operation.responses[String(status)];
  if (!declared) return [];
  const schema = resolved(checkedDocument(), declared).content?.['application/json']?.schema;
  // The error answers' schema: ErrorBody, then the narrowing of `error.code` (server/openapi/errors.ts).
  const narrowing = schema?.allOf?.[1];
  const error = typeof narrowing === 'object' ? narrowing.properties?.error : undefined;
  const code = typeof error === 'object' ? error.properties?.code : undefined;
  return typeof code === 'object' && Array.isArray(code.enum) ? code.enum.map(String) : [];
}

/** The parsed document the answers are checked against. */
export function checkedDocument(): OpenApiDocument {
  compiled ??= setUp();
  return compiled.doc;
}
