import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type AnyOperation, type HttpBinding, pathParamsOf, sendsQuery, successStatusOf } from '@portal/contracts/operations';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** OpenAPI 3.0 JSON Schema of a zod schema; what JSON cannot say (a transform's output) is left open. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
  // OpenAPI embeds schemas: the dialect is the document's.
  delete json.$schema;
  return withoutLocalRefs(json);
}

/**
 * A recursive schema (a comment's replies) refers to itself, `#` or `#/definitions/…`, which inside the
 * OpenAPI document would point at the document. Each reference is written out once in its place; one
 * that leads back into itself is left open.
 */
function withoutLocalRefs({ definitions, $defs, ...root }: JsonSchema): JsonSchema {
  const named = { ...(definitions as Record<string, unknown> | undefined), ...($defs as Record<string, unknown> | undefined) };
  const expand = (node: unknown, within: ReadonlySet<string>): unknown => {
    if (Array.isArray(node)) return node.map((item) => expand(item, within));
    if (typeof node !== 'object' || node === null) return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, expand(value, within)]));
    if (typeof $ref !== 'string' || !$ref.startsWith('#')) return $ref === undefined ? own : { $ref, ...own };
    const target = $ref === '#' ? root : named[$ref.split('/').pop() as string];
    if (target === undefined || within.has($ref)) return own;
    return { ...(expand(target, new Set([...within, $ref])) as JsonSchema), ...own };
  };
  return expand(root, new Set()) as JsonSchema;
}

const PAGE_META: JsonSchema = {
  type: 'object',
  required: ['page', 'limit', 'total'],
  properties: { page: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' } },
};

/** The envelope of a success: `data` is the answer, or for a numbered page its items, with the page in `meta`. */
function envelopeOf(operation: AnyOperation & { http: HttpBinding }): { description: string; schema: JsonSchema } {
  const answer = jsonSchemaOf(operation.answer, 'output');
  const success = { type: 'boolean', enum: [true] };
  if (!operation.http.page) {
    return {
      description: 'The envelope; `data` is the answer.',
      schema: { type: 'object', required: ['success', 'data'], properties: { success, data: answer } },
    };
  }
  return {
    description: "The envelope; `data` is the page's items, `meta` the page, its size and the total.",
    schema: { type: 'object', required: ['success', 'data', 'meta'], properties: { success, data: answer.properties?.items ?? {}, meta: PAGE_META } },
  };
}

/**
 * /api/docs for a declared operation: its path parameters, its query parameters or JSON body, and the
 * envelope of its answer, all read from the declaration's schemas.
 */
export function documentOperation(feature: string, operation: AnyOperation & { http: HttpBinding }) {
  const request = jsonSchemaOf(operation.request, 'input');
  const params = pathParamsOf(operation.http.path);
  const fields = Object.entries(request.properties ?? {}).filter(([name]) => !params.includes(name));
  const required = new Set(request.required ?? []);
  const decorators = [
    ApiTags(feature),
    ApiOperation({
      summary: operation.summary,
      description: [operation.notes, `Operation \`${operation.pattern}\` (${operation.kind}; access: ${operation.access}).`].filter(Boolean).join('\n\n'),
    }),
    ...params.map((name) => ApiParam({ name, schema: request.properties?.[name] ?? { type: 'string' } })),
    ApiResponse({ status: successStatusOf(operation.http), ...envelopeOf(operation) }),
  ];
  if (operation.access !== 'public') decorators.push(ApiBearerAuth());
  if (sendsQuery(operation.http.method)) {
    decorators.push(...fields.map(([name, schema]) => ApiQuery({ name, schema, required: required.has(name) })));
  } else if (fields.length > 0) {
    const bodyRequired = [...required].filter((name) => !params.includes(name));
    decorators.push(ApiBody({ schema: { ...request, properties: Object.fromEntries(fields), required: bodyRequired.length > 0 ? bodyRequired : undefined } }));
  }
  return applyDecorators(...decorators);
}
