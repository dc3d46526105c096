import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { pointerTo, type FieldError } from '../../core/app-error';
import { compareDateTimes, isUsableDateTime } from '../../core/date-time';
import { isWebUrl, WEB_URL_MESSAGE } from '../../core/web-url';
import { operationRequestSchemas, querySchema, resolveSchema } from './request-schemas';
import type { OpenApiDocument, ParameterObject, SchemaObject } from './types';

export type Check = (value: unknown) => FieldError[];

export interface OperationValidators {
  body?: Check;
  bodyRequired: boolean;
  query?: (query: Record<string, unknown>) => FieldError[];
}

export interface RequestValidators {
  /** Whether the document has the operation (checked when a route is bound; its validators compile on first use). */
  hasOperation(operationId: string): boolean;
  forOperation(operationId: string): OperationValidators;
  /** Validate any value against a named component schema (used for model inputs and other dynamic checks). */
  schema(name: string): Check;
}

const DOCUMENT_ID = 'https://decision-modeling.dev/openapi.json';

/**
 * ajv-formats' formats, with the service's one reading of the two a client's request relies on most: `date-time` (a
 * real calendar date the service can store) and `uri` (http(s) with a host: every URL field of the document, and of
 * the connector configurations, follows this one rule, so no `javascript:` link reaches a browser).
 */
export function addRequestFormats(ajv: Ajv2020): void {
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: isUsableDateTime, compare: compareDateTimes });
  ajv.addFormat('uri', { type: 'string', validate: isWebUrl });
}

function newAjv(options: { coerceTypes: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    coerceTypes: options.coerceTypes ? 'array' : false,
    useDefaults: true,
    // OpenAPI 3.1 writes nullable and scalar-union fields as type arrays (["string", "null"]).
    allowUnionTypes: true,
  });
  addRequestFormats(ajv);
  // OpenAPI's own keywords: annotations only, nothing to validate.
  for (const keyword of ['components', 'example', 'discriminator', 'xml', 'externalDocs', 'x-states'])
    ajv.addKeyword(keyword);
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
      path = pointerTo(path, (error.params as { missingProperty: string }).missingProperty);
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      path = pointerTo(path, (error.params as { additionalProperty: string }).additionalProperty);
      message = 'is not a known field';
    } else if (error.keyword === 'enum') {
      message = `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (error.keyword === 'format' && (error.params as { format: string }).format === 'uri') {
      message = WEB_URL_MESSAGE;
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

/**
 * The written forms a query value of each scalar type may take. ajv's type coercion goes through Number(), which also
 * takes "Infinity", "0x10", "+5", " 5", "1e1" and "" (and lets Infinity past `maximum`), so every number is checked
 * as text first and only plain decimals reach coercion. Booleans are the two words, not ajv's "1"/"0"/"" as well.
 */
const QUERY_SCALAR_FORMS: Record<string, { unsigned: RegExp; signed: RegExp; message: string }> = {
  integer: { unsigned: /^(0|[1-9][0-9]*)$/, signed: /^(0|-?[1-9][0-9]*)$/, message: 'must be a plain decimal integer' },
  number: {
    unsigned: /^(0|[1-9][0-9]*)(\.[0-9]+)?$/,
    signed: /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/,
    message: 'must be a plain decimal number',
  },
  boolean: { unsigned: /^(true|false)$/, signed: /^(true|false)$/, message: 'must be true or false' },
};

function schemaTypes(schema: SchemaObject): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

/** Checks a query parameter's raw text before ajv coerces it; undefined when the text may go on to ajv. */
function rawQueryValueError(schema: SchemaObject, raw: string): string | undefined {
  const types = schemaTypes(schema);
  if (types.includes('string')) return undefined;
  const scalar = types.map((t) => QUERY_SCALAR_FORMS[t]).find((form) => form !== undefined);
  if (!scalar) return undefined;
  const negativeAllowed = typeof schema.minimum !== 'number' || schema.minimum < 0;
  if (!(negativeAllowed ? scalar.signed : scalar.unsigned).test(raw)) return `${scalar.message}${boundsOf(schema)}`;
  if (types.includes('integer') && !Number.isSafeInteger(Number(raw)))
    return `must be within ±${Number.MAX_SAFE_INTEGER}`;
  return undefined;
}

function boundsOf(schema: SchemaObject): string {
  const { minimum, maximum } = schema;
  if (typeof minimum === 'number' && typeof maximum === 'number') return ` from ${minimum} to ${maximum}`;
  if (typeof minimum === 'number') return ` >= ${minimum}`;
  if (typeof maximum === 'number') return ` <= ${maximum}`;
  return '';
}

/** The raw-text problems of an operation's query parameters, by parameter name. */
function checkRawQuery(
  parameters: ParameterObject[],
  document: OpenApiDocument,
  query: Record<string, unknown>,
): Map<string, string> {
  const problems = new Map<string, string>();
  for (const parameter of parameters) {
    const value = query[parameter.name];
    if (value === undefined) continue;
    const schema = resolveSchema(document, parameter.schema);
    for (const raw of Array.isArray(value) ? value : [value]) {
      const message = typeof raw === 'string' ? rawQueryValueError(schema, raw) : undefined;
      if (message) {
        problems.set(parameter.name, message);
        break;
      }
    }
  }
  return problems;
}

const DEEP_OBJECT_KEY = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

/**
 * A `deepObject` query parameter (`filter[salary][gte]=100000`) as one nested object under its name, so its schema
 * judges it like a body field. A key with an empty segment (`filter[]`), nested deeper than two levels, or given both
 * as `filter=` and `filter[…]=`, is left for the schema to refuse.
 */
function gatherDeepObject(query: Record<string, unknown>, name: string): void {
  const gathered: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let found = false;
  for (const key of Object.keys(query)) {
    const match = DEEP_OBJECT_KEY.exec(key);
    if (!match || match[1] !== name) continue;
    const segments = (match[2] as string).slice(1, -1).split('][');
    if (segments.length > 2 || segments.some((segment) => segment === '')) continue;
    found = true;
    const value = query[key];
    delete query[key];
    const [first, second] = segments as [string, string | undefined];
    const existing = gathered[first];
    const isObject = existing !== null && typeof existing === 'object' && !Array.isArray(existing);
    if (second !== undefined && (existing === undefined || isObject)) {
      gathered[first] = { ...(existing as Record<string, unknown> | undefined), [second]: value };
    } else {
      // `filter[a]=x` given twice, or together with `filter[a][gte]=1`: a list, which the schema refuses.
      const given = second === undefined ? value : { [second]: value };
      gathered[first] = existing === undefined ? given : [existing, given];
    }
  }
  if (!found) return;
  query[name] = query[name] === undefined ? { ...gathered } : [query[name], { ...gathered }];
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

  const operations = operationRequestSchemas(document);
  const cache = new Map<string, OperationValidators>();
  const resolveRef = (schema: SchemaObject): SchemaObject =>
    typeof schema.$ref === 'string' && schema.$ref.startsWith('#') ? { $ref: `${DOCUMENT_ID}${schema.$ref}` } : schema;

  return {
    hasOperation: (operationId) => operations.has(operationId),
    forOperation(operationId) {
      const cached = cache.get(operationId);
      if (cached) return cached;
      const operation = operations.get(operationId);
      if (!operation) throw new Error(`No operation "${operationId}" in the OpenAPI document`);
      const validators: OperationValidators = { bodyRequired: operation.bodyRequired };
      if (operation.body) validators.body = checker(bodyAjv.compile(resolveRef(operation.body)));
      const queryParameters = operation.queryParameters;
      if (queryParameters.length > 0 || operation.operation['x-strict-query'] !== false) {
        const validateQuery = queryAjv.compile(
          querySchema(document, queryParameters, { afterDefaults: false, schemaOf: resolveRef }),
        );
        const deepObjects = queryParameters
          .filter((p) => (p as { style?: string }).style === 'deepObject')
          .map((p) => p.name);
        validators.query = (query) => {
          for (const name of deepObjects) gatherDeepObject(query, name);
          const rawProblems = checkRawQuery(queryParameters, document, query);
          const rawErrors = [...rawProblems].map(([name, message]) => ({ path: pointerTo('', name), message }));
          // A value refused as text is never handed to ajv's coercion: one clear message per parameter.
          for (const name of rawProblems.keys()) delete query[name];
          const schemaErrors = validateQuery(query) ? [] : toFieldErrors(validateQuery.errors);
          return [...rawErrors, ...schemaErrors.filter((e) => !rawErrors.some((r) => r.path === e.path))];
        };
      }
      cache.set(operationId, validators);
      return validators;
    },
    schema(name) {
      return checker(bodyAjv.compile({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` }));
    },
  };
}
