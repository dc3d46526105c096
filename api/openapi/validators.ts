import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FieldError } from '../../core/app-error';
import type { OpenApiDocument, OperationObject, ParameterObject, SchemaObject } from './types';

export type Check = (value: unknown) => FieldError[];

export interface OperationValidators {
  body?: Check;
  bodyRequired: boolean;
  query?: (query: Record<string, unknown>) => FieldError[];
}

export interface RequestValidators {
  forOperation(operationId: string): OperationValidators;
  /** Validate any value against a named component schema (used for model inputs and other dynamic checks). */
  schema(name: string): Check;
}

const DOCUMENT_ID = 'https://decision-modeling.dev/openapi.json';

function newAjv(options: { coerceTypes: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    coerceTypes: options.coerceTypes ? 'array' : false,
    useDefaults: true,
    // OpenAPI 3.1 writes nullable and scalar-union fields as type arrays (["string", "null"]).
    allowUnionTypes: true,
  });
  addFormats(ajv);
  // OpenAPI's own keywords: annotations only, nothing to validate.
  for (const keyword of ['components', 'example', 'discriminator', 'xml', 'externalDocs', 'x-states']) ajv.addKeyword(keyword);
  return ajv;
}

/** Turns ajv's errors into `{path, message}` entries whose path names the offending field itself. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors ?? []) {
    let path = error.instancePath;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      path = `${path}/${String((error.params as { missingProperty: string }).missingProperty)}`;
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      path = `${path}/${String((error.params as { additionalProperty: string }).additionalProperty)}`;
      message = 'is not a known field';
    } else if (error.keyword === 'enum') {
      message = `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (error.keyword === 'if') {
      continue;
    }
    const key = `${path}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ path, message });
  }
  return result;
}

function resolveParameter(document: OpenApiDocument, ref: string): ParameterObject {
  const name = ref.replace('#/components/parameters/', '');
  const parameter = document.components.parameters[name];
  if (!parameter) throw new Error(`Unresolvable parameter reference ${ref}`);
  return parameter;
}

function checker(validateFn: ValidateFunction): Check {
  return (value) => (validateFn(value) ? [] : toFieldErrors(validateFn.errors));
}

/**
 * Compiles validators from the very document served at /api/v1/openapi.json: one source of truth for what the
 * API accepts and what it says it accepts.
 */
export function createRequestValidators(document: OpenApiDocument): RequestValidators {
  const bodyAjv = newAjv({ coerceTypes: false });
  const queryAjv = newAjv({ coerceTypes: true });
  const root = { $id: DOCUMENT_ID, components: document.components };
  bodyAjv.addSchema(root);
  queryAjv.addSchema(root);

  const operations = new Map<string, OperationObject>();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as OperationObject[]) {
      if (operation && typeof operation === 'object' && 'operationId' in operation && operation.operationId) {
        operations.set(operation.operationId, operation);
      }
    }
  }
  const cache = new Map<string, OperationValidators>();
  const resolveRef = (schema: SchemaObject): SchemaObject =>
    typeof schema.$ref === 'string' && schema.$ref.startsWith('#') ? { $ref: `${DOCUMENT_ID}${schema.$ref}` } : schema;

  return {
    forOperation(operationId) {
      const cached = cache.get(operationId);
      if (cached) return cached;
      const operation = operations.get(operationId);
      if (!operation) throw new Error(`No operation "${operationId}" in the OpenAPI document`);
      const validators: OperationValidators = { bodyRequired: operation.requestBody?.required ?? false };
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      if (bodySchema) validators.body = checker(bodyAjv.compile(resolveRef(bodySchema)));
      const queryParameters = (operation.parameters ?? [])
        .map((p) => ('$ref' in p ? resolveParameter(document, p.$ref) : p))
        .filter((p) => p.in === 'query');
      if (queryParameters.length > 0 || operation['x-strict-query'] !== false) {
        const querySchema = {
          type: 'object',
          properties: Object.fromEntries(queryParameters.map((p) => [p.name, resolveRef(p.schema)])),
          required: queryParameters.filter((p) => p.required).map((p) => p.name),
          additionalProperties: false,
        };
        const validateQuery = queryAjv.compile(querySchema);
        validators.query = (query) => (validateQuery(query) ? [] : toFieldErrors(validateQuery.errors));
      }
      cache.set(operationId, validators);
      return validators;
    },
    schema(name) {
      return checker(bodyAjv.compile({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` }));
    },
  };
}
