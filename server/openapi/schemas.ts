import { z } from 'zod';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../shared/errors';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as zod 4 writes it. */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

/**
 * A zod schema as JSON Schema, for the side of the wire it describes: `input` for what a client sends
 * (before coercion and defaults), `output` for what it receives. Types JSON cannot carry (a Date before
 * its serialisation) become `{}`, "anything", rather than failing the whole document.
 */
export function jsonSchemaOf(parser: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(parser instanceof z.ZodType)) return undefined;
  const { $schema: _dialect, ...schema } = z.toJSONSchema(parser, { io, unrepresentable: 'any' });
  return schema;
}

const errorCodes = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/** The error body of docs/contract.md section 2; typed against `ErrorBody`, so the two cannot drift apart. */
export const errorBodySchema: z.ZodType<ErrorBody> = z
  .object({
    error: z.object({
      code: z.enum(errorCodes).describe('What went wrong, for a program to branch on: it does not change.'),
      message: z
        .string()
        .describe(
          "What went wrong, for a person: Norwegian, or English when the account's or the request's language is.",
        ),
      issues: z
        .array(
          z.object({
            path: z.string().describe('The field, dotted (`tees.0.slope`).'),
            message: z.string().describe('What is wrong with it, for a person.'),
          }),
        )
        .optional()
        .describe('With INVALID_INPUT: the fields that are wrong.'),
      requestId: z.string().optional().describe("With INTERNAL: the request's id in the server's log."),
    }),
  })
  .describe('Every error answer has this shape.');

/** A schema without some of its fields (the ones a REST path carries in its path), also inside `anyOf`. */
export function withoutFields(schema: JsonSchema, fields: readonly string[]): JsonSchema {
  if (fields.length === 0) return schema;
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !fields.includes(key)));
  }
  if (schema.required) out.required = schema.required.filter((key) => !fields.includes(key));
  if (schema.anyOf)
    out.anyOf = schema.anyOf.map((branch) => (typeof branch === 'object' ? withoutFields(branch, fields) : branch));
  if (schema.allOf)
    out.allOf = schema.allOf.map((branch) => (typeof branch === 'object' ? withoutFields(branch, fields) : branch));
  return out;
}

/** Several input parsers (a builder's and the procedure's own) as one object schema. */
export function mergedInput(schemas: readonly JsonSchema[]): JsonSchema | undefined {
  if (schemas.length <= 1) return schemas[0];
  if (schemas.every((s) => s.type === 'object' && !s.anyOf)) {
    return {
      type: 'object',
      properties: Object.assign({}, ...schemas.map((s) => s.properties ?? {})),
      required: [...new Set(schemas.flatMap((s) => s.required ?? []))],
      additionalProperties: false,
    };
  }
  return { allOf: [...schemas] };
}
