import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { buildOpenApiDocument } from '../api/openapi/document';
import { operationRequestSchemas, querySchema } from '../api/openapi/request-schemas';
import type { OpenApiDocument, SchemaObject } from '../api/openapi/types';

export const REQUEST_TYPES_FILE = 'api/openapi/request-types.generated.ts';

const BANNER = `/**
 * Generated from the OpenAPI document (api/openapi/document.ts) by scripts/generate-request-types.ts; do not edit.
 * Run \`npm run generate:types\` after changing a request schema; test/unit/request-types.test.ts fails until then.
 */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an operation without path or query parameters, or a body of no fields, is {} */`;

/** OpenAPI's annotations and the document's own `x-` keywords: nothing a type says. */
function withoutAnnotations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAnnotations);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'example' || key === 'examples' || key === 'x-states' || key === 'description' || key === 'title') continue;
    // Keys inside `properties` are field names, not keywords: keep them all.
    result[key] = key === 'properties' && inner && typeof inner === 'object'
      ? Object.fromEntries(Object.entries(inner).map(([name, schema]) => [name, withoutAnnotations(schema)]))
      : withoutAnnotations(inner);
  }
  return result;
}

/** One JSON Schema whose root type maps every operationId to its request, the components as named definitions. */
function requestsSchema(document: OpenApiDocument): JSONSchema {
  const operations = [...operationRequestSchemas(document).values()].sort((a, b) => a.operationId.localeCompare(b.operationId));
  const properties: Record<string, SchemaObject> = {};
  for (const operation of operations) {
    properties[operation.operationId] = {
      type: 'object',
      additionalProperties: false,
      required: ['params', 'query', 'body'],
      properties: {
        params: {
          type: 'object',
          additionalProperties: false,
          required: operation.pathParameters,
          properties: Object.fromEntries(operation.pathParameters.map((name) => [name, { type: 'string' }])),
        },
        query: querySchema(document, operation.queryParameters, { afterDefaults: true }),
        // No body schema: the operation takes no fields (absent, empty or {}), which a handler never reads.
        body: operation.body ? (operation.bodyRequired ? operation.body : { anyOf: [operation.body, { tsType: 'undefined' }] }) : { tsType: 'undefined' },
      },
    };
  }
  return {
    title: 'OperationRequests',
    type: 'object',
    additionalProperties: false,
    required: operations.map((operation) => operation.operationId),
    properties: withoutAnnotations(properties),
    components: { schemas: namedSchemas(withoutAnnotations(document.components.schemas) as Record<string, SchemaObject>) },
  } as JSONSchema;
}

/** A component schema's type is named after its key in the document (`CreateModelRequest`). */
function namedSchemas(schemas: Record<string, SchemaObject>): Record<string, SchemaObject> {
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, { ...schema, title: name }]));
}

export async function generateRequestTypes(document: OpenApiDocument = buildOpenApiDocument()): Promise<string> {
  const source = await compile(requestsSchema(document), 'OperationRequests', {
    bannerComment: BANNER,
    unreachableDefinitions: false,
    ignoreMinAndMaxItems: true,
    format: true,
    style: { printWidth: 160, singleQuote: true },
  });
  return source;
}
