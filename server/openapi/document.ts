import { SESSION_COOKIE } from '../auth/session-token';
import { procedureAt } from '../rest/procedures';
import { ROUTES } from '../rest/routes';
import type { Route } from '../rest/table';
import { errorBodySchema, jsonSchemaOf, mergedInput, withoutFields, type JsonSchema } from './schemas';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, object> };
}

interface Operation {
  operationId: string;
  tags: string[];
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

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
  description: 'Svaret er ikke beskrevet ennå: prosedyren har ingen .output()-skjema.',
};

function operationOf(row: Route, schemas: Record<string, JsonSchema>): Operation {
  const { _def } = procedureAt(row.procedure);
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
  const operation: Operation = { operationId: row.procedure, tags: [row.procedure.split('.')[0] ?? ''], responses: {} };
  if (parameters.length > 0) operation.parameters = parameters;
  if (row.body && input) {
    const schema = withoutFields(input, Object.values(row.params));
    operation.requestBody = {
      required: (schema.required?.length ?? 0) > 0 || schema.anyOf !== undefined,
      content: { 'application/json': { schema } },
    };
  }
  if (row.passOn) operation.description = 'En nettleser som ber om text/html (og ikke JSON), får appens side i stedet.';

  // tRPC keeps the output parser on the definition at run time; its type does not list it.
  const output = jsonSchemaOf('output' in _def ? _def.output : undefined, 'output');
  if (output) schemas[outputName(row)] = output;
  const success: Operation['responses'][string] =
    row.answer === 'csv'
      ? { description: 'Resultatlisten som CSV-fil.', content: { 'text/csv': { schema: { type: 'string' } } } }
      : {
          description:
            row.answer === 'download'
              ? 'Svaret som fil til nedlasting (Content-Disposition: attachment).'
              : output
                ? 'Svaret.'
                : 'Svaret (ennå ikke beskrevet i detalj).',
          content: {
            'application/json': { schema: output ? { $ref: `#/components/schemas/${outputName(row)}` } : UNDESCRIBED },
          },
        };
  operation.responses = {
    [String(row.status)]: success,
    default: {
      description: 'En feil (CONTRACT.md del 2).',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    },
  };
  return operation;
}

/** The OpenAPI 3.1 document of the REST surface, built from the route table and the procedures' zod schemas. */
export function buildOpenApiDocument(routes: readonly Route[] = ROUTES): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const errorBody = jsonSchemaOf(errorBodySchema, 'output');
  if (errorBody) schemas.ErrorBody = errorBody;
  const paths: OpenApiDocument['paths'] = {};
  for (const row of routes) {
    const path = openApiPath(row.path);
    paths[path] = { ...paths[path], [row.method]: operationOf(row, schemas) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Golf',
      version: '0.1.0',
      description:
        'REST-grensesnittet (CONTRACT.md). Hver sti er en tynn adapter til sin tRPC-prosedyre. Innlogging skjer med sesjonsinformasjonskapselen som POST /auth/verify-link, /auth/login og /auth/2fa/verify setter.',
    },
    paths,
    components: { schemas, securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
  };
}

let built: OpenApiDocument | undefined;

/** Built once: the table and the schemas do not change while the process runs. */
export function openApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument();
  return built;
}
