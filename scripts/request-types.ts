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
    if (key === 'example' || key === 'examples' || key === 'x-states' || key === 'description' || key === 'title')
      continue;
    // Keys inside `properties` are field names, not keywords: keep them all.
    result[key] =
      key === 'properties' && inner && typeof inner === 'object'
        ? Object.fromEntries(Object.entries(inner).map(([name, schema]) => [name, withoutAnnotations(schema)]))
        : withoutAnnotations(inner);
  }
  return result;
}

/** One JSON Schema whose root type maps every operationId to its request, the components as named definitions. */
function requestsSchema(document: OpenApiDocument): JSONSchema {
  const operations = [...operationRequestSchemas(document).values()].sort((a, b) =>
    a.operationId.localeCompare(b.operationId),
  );
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
        body: operation.body
          ? operation.bodyRequired
            ? operation.body
            : { anyOf: [operation.body, { tsType: 'undefined' }] }
          : { tsType: 'undefined' },
      },
    };
  }
  return {
    title: 'OperationRequests',
    type: 'object',
    additionalProperties: false,
    required: operations.map((operation) => operation.operationId),
    properties: withoutAnnotations(properties),
    components: {
      schemas: namedSchemas(
        shareRepeatedShapes(withoutAnnotations(document.components.schemas) as Record<string, SchemaObject>),
      ),
    },
  } as JSONSchema;
}

type Location = { owner: Record<string, unknown> | unknown[]; key: string | number; path: Array<string | number> };

/** A shape worth a name of its own when repeated: an object of two or more properties, or an enumeration of four or more. */
function isNameableShape(value: object): boolean {
  const { properties, enum: values } = value as { properties?: unknown; enum?: unknown };
  if (properties && typeof properties === 'object' && Object.keys(properties).length >= 2) return true;
  return Array.isArray(values) && values.length >= 4;
}

/** Every nameable shape below the components, where it stands, largest first. */
function objectShapes(schemas: Record<string, SchemaObject>): Map<string, Location[]> {
  const shapes = new Map<string, Location[]>();
  const walk = (value: unknown, location: Location | undefined) => {
    if (value === null || typeof value !== 'object') return;
    if (location && isNameableShape(value)) {
      const key = JSON.stringify(value);
      shapes.set(key, [...(shapes.get(key) ?? []), location]);
    }
    const path = location?.path ?? [];
    for (const [key, inner] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      walk(inner, { owner: value as Record<string, unknown>, key, path: [...path, key] });
    }
  };
  for (const [name, schema] of Object.entries(schemas)) {
    for (const [key, inner] of Object.entries(schema)) walk(inner, { owner: schema, key, path: [name, key] });
  }
  return new Map([...shapes].sort(([a], [b]) => b.length - a.length));
}

const pascalCase = (text: string) =>
  text.replace(/(^|[_\-\s])([a-z0-9])/g, (_match, _separator, letter: string) => letter.toUpperCase());

/** A name for a shape from where it first stands: `CreateWebhookRequest/properties/retry_policy` → `WebhookRetryPolicy`. */
function shapeName(path: Array<string | number>, shape: Record<string, unknown>, taken: Set<string>): string {
  const [component, ...rest] = path as [string, ...Array<string | number>];
  let name = component.replace(/^(Create|Update|Put|Validate)/, '').replace(/Request$/, '');
  for (const [index, segment] of rest.entries()) {
    if (segment === 'properties' || typeof segment === 'number') continue;
    if (segment === 'items') name += 'Item';
    else if (segment === 'additionalProperties') name += 'Value';
    else if (segment === 'oneOf' || segment === 'anyOf') {
      const variant = rest[index + 1];
      const kind = (shape.properties as { type?: { const?: unknown } } | undefined)?.type?.const;
      name += index + 2 === rest.length && typeof kind === 'string' ? pascalCase(kind) : `Option${Number(variant) + 1}`;
    } else name += pascalCase(segment);
  }
  while (taken.has(name)) name += 'Input';
  return name;
}

/**
 * The document writes some request shapes inline in several places (a webhook's retry policy in create and update, an
 * approval step in a policy and its versions): each becomes one named type, so the generated file states it once.
 */
function shareRepeatedShapes(schemas: Record<string, SchemaObject>): Record<string, SchemaObject> {
  const result: Record<string, SchemaObject> = structuredClone(schemas);
  const taken = new Set(Object.keys(result));
  for (;;) {
    const repeated = [...objectShapes(result)].find(([, locations]) => locations.length >= 2);
    if (!repeated) return result;
    const [key, locations] = repeated;
    const shape = JSON.parse(key) as Record<string, unknown>;
    const name = shapeName((locations[0] as Location).path, shape, taken);
    taken.add(name);
    result[name] = shape;
    for (const { owner, key: at } of locations)
      (owner as Record<string | number, unknown>)[at] = { $ref: `#/components/schemas/${name}` };
  }
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
