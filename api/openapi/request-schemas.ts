import type { OpenApiDocument, OperationObject, ParameterObject, SchemaObject } from './types';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * What a request to one operation carries, as the document says: the one reading of the document that both the
 * validators (api/openapi/validators.ts) and the generated request types (request-types.generated.ts) are built from,
 * so a handler's types are exactly what validation lets through.
 */
export interface OperationRequestSchemas {
  operationId: string;
  operation: OperationObject;
  /** Names of the `{…}` parameters of the operation's path. */
  pathParameters: string[];
  /** The operation's query parameters, `$ref`s resolved. */
  queryParameters: ParameterObject[];
  /** The JSON body's schema (a `$ref` into components, or inline), if the operation takes one. */
  body?: SchemaObject;
  bodyRequired: boolean;
}

export function resolveParameter(
  document: OpenApiDocument,
  parameter: ParameterObject | { $ref: string },
): ParameterObject {
  if (!('$ref' in parameter)) return parameter;
  const resolved = document.components.parameters[parameter.$ref.replace('#/components/parameters/', '')];
  if (!resolved) throw new Error(`Unresolvable parameter reference ${parameter.$ref}`);
  return resolved;
}

export function resolveSchema(document: OpenApiDocument, schema: SchemaObject): SchemaObject {
  if (typeof schema.$ref !== 'string') return schema;
  const resolved = document.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
  if (!resolved) throw new Error(`Unresolvable schema reference ${schema.$ref}`);
  return resolved;
}

/** Every operation of the document with what its requests carry, by operationId. */
export function operationRequestSchemas(document: OpenApiDocument): Map<string, OperationRequestSchemas> {
  const result = new Map<string, OperationRequestSchemas>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
        resolveParameter(document, p),
      );
      const body = operation.requestBody?.content['application/json']?.schema;
      result.set(operation.operationId, {
        operationId: operation.operationId,
        operation,
        pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string),
        queryParameters: parameters.filter((p) => p.in === 'query'),
        ...(body ? { body } : {}),
        bodyRequired: operation.requestBody?.required ?? false,
      });
    }
  }
  return result;
}

/**
 * The query of an operation as one closed object schema. `afterDefaults` describes the query a handler sees once
 * validation has applied the parameters' defaults (`limit` is then always there), rather than the one a client sends.
 */
export function querySchema(
  document: OpenApiDocument,
  parameters: ParameterObject[],
  options: { afterDefaults: boolean; schemaOf?: (schema: SchemaObject) => SchemaObject },
): SchemaObject {
  const schemaOf = options.schemaOf ?? ((schema: SchemaObject) => schema);
  const present = (p: ParameterObject) =>
    p.required === true || (options.afterDefaults && resolveSchema(document, p.schema).default !== undefined);
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, schemaOf(p.schema)])),
    required: parameters.filter(present).map((p) => p.name),
    additionalProperties: false,
  };
}
