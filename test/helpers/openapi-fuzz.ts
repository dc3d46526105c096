import crypto from 'node:crypto';
import zlib from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItem,
  SchemaObject,
} from '../../api/openapi/types';

/**
 * Bad requests generated from the OpenAPI document itself, for the fuzz test (test/api/fuzz.test.ts): every operation,
 * every field of its request schema, every query and path parameter. A new field or operation in the document is
 * fuzzed without touching the test.
 *
 * Each generated request says whether the document forbids it (`mustReject`): an independent ajv (no coercion, no
 * defaults) judges bodies, strict rules judge query values. A request the document allows may still be refused for
 * business reasons (an unknown model id); one it forbids must never succeed.
 */

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Levels of nesting in the deep-nesting mutation: far beyond any sane document, cheap to send (~20 KB). */
export const DEEP_NESTING_LEVELS = 10_000;
/** A string far over every maxLength in the document, still well under the 1 MiB body limit. */
const HUGE_STRING_LENGTH = 200_000;
/** Query values stay under Node's 16 KB request-line limit, which Node enforces before the app sees the request. */
const HUGE_QUERY_LENGTH = 8_000;
const UNKNOWN_FIELD = 'fuzz_unknown_field';
/** Replaced by a new key when the request is sent, so runs never replay each other's stored responses. */
const FRESH_IDEMPOTENCY_KEY = '\u0001fresh\u0001';

export interface FuzzOperation {
  operationId: string;
  method: string;
  pathTemplate: string;
  pathParameters: string[];
  queryParameters: ParameterObject[];
  /** The request body schema with every $ref resolved; undefined for operations that take no body. */
  bodySchema?: SchemaObject;
  takesBody: boolean;
  /** The media types of its request body (none: an action that takes no body). */
  bodyMediaTypes: string[];
  acceptsIdempotencyKey: boolean;
}

/**
 * The kind of bad input, so a failure says at a glance which class of bug it is (and the known classes, being fixed
 * elsewhere, are recognisable in the output).
 */
export type MutationClass =
  | 'wrong-type'
  | 'null'
  | 'number-range'
  | 'huge-string'
  | 'nul-character'
  | 'odd-string'
  | 'deep-nesting'
  | 'unknown-field'
  | 'duplicate-key'
  | 'array-size'
  | 'missing-field'
  | 'whole-body'
  | 'malformed-json'
  | 'content-type'
  | 'content-encoding'
  | 'idempotency-key'
  | 'query-value'
  | 'query-repeated'
  | 'query-unknown'
  | 'cursor'
  | 'path-id'
  | 'probe'
  | 'none';

export interface FuzzRequest {
  method: string;
  /** Path and query string, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  mutationClass: MutationClass;
  /** What was changed, for the failure message: "body /inputs/quarters = 1e308". */
  mutation: string;
  /** The document forbids this request: it must be answered 4xx. */
  mustReject: boolean;
  /** An action sent `{}`: the body must not be what is refused (CONVENTIONS.md: no body, empty or `{}` alike). */
  bodyMustBeAccepted?: boolean;
}

/** Real resource ids by path parameter, and ids of other types to send where they do not belong. */
export interface FuzzContext {
  /** For each path template and parameter name, an id that exists in the fuzzing tenant. */
  realIdFor(pathTemplate: string, parameter: string): string;
  /** Real ids of every resource type (for wrong-prefix ids). */
  allRealIds: string[];
  /** Base bodies that get past business checks, per operationId; others are generated from the schema. */
  baseBodies: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------------
// The document: operations and resolved schemas

/** Every operation with an operationId, with its parameters and body schema resolved. */
export function listFuzzOperations(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [pathTemplate, item] of Object.entries(document.paths) as [string, PathItem][]) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation?.operationId) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
        resolveParameter(document, p),
      );
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        pathTemplate,
        pathParameters: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParameters: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ ...p, schema: resolveSchema(document, p.schema) })),
        ...(bodySchema ? { bodySchema: resolveSchema(document, bodySchema) } : {}),
        takesBody: METHODS_WITH_BODY.has(method.toUpperCase()),
        bodyMediaTypes: Object.keys(operation.requestBody?.content ?? {}),
        acceptsIdempotencyKey: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
      });
    }
  }
  return operations;
}

function resolveParameter(document: OpenApiDocument, parameter: ParameterObject | { $ref: string }): ParameterObject {
  if (!('$ref' in parameter)) return parameter;
  const resolved = document.components.parameters[parameter.$ref.replace('#/components/parameters/', '')];
  if (!resolved) throw new Error(`Unresolvable parameter ${parameter.$ref}`);
  return resolved;
}

/** Inlines every local $ref, so the schema stands alone (for the generator and for the independent validator). */
export function resolveSchema(document: OpenApiDocument, schema: SchemaObject, depth = 0): SchemaObject {
  if (depth > 20) throw new Error('Schema references nest too deep (a cycle?)');
  if (typeof schema.$ref === 'string') {
    const target = document.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`Unresolvable schema ${schema.$ref}`);
    return resolveSchema(document, target, depth + 1);
  }
  const resolved: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      resolved.properties = Object.fromEntries(
        Object.entries(value as Record<string, SchemaObject>).map(([name, s]) => [
          name,
          resolveSchema(document, s, depth + 1),
        ]),
      );
    } else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object') {
      resolved[key] = resolveSchema(document, value as SchemaObject, depth + 1);
    } else if ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && Array.isArray(value)) {
      resolved[key] = (value as SchemaObject[]).map((s) => resolveSchema(document, s, depth + 1));
    } else {
      resolved[key] = value;
    }
  }
  return resolved;
}

// ---------------------------------------------------------------------------------------------------------------
// Base values: a valid-ish body from the schema

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'fuzz@example.com',
  uri: 'https://example.com/fuzz',
  'date-time': '2099-01-01T00:00:00.000Z',
  date: '2099-01-01',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function typesOf(schema: SchemaObject): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

/** The branch of a oneOf/anyOf to build a base value from: the first that is not just null. */
function primaryBranch(schema: SchemaObject): SchemaObject | undefined {
  const branches = (schema.oneOf ?? schema.anyOf) as SchemaObject[] | undefined;
  return branches?.find((b) => !(typesOf(b).length === 1 && typesOf(b)[0] === 'null'));
}

/** A value the schema accepts, from its example, default, enum or bounds ("valid-ish": business rules may still refuse it). */
export function baseValue(schema: SchemaObject): Json {
  if (schema.example !== undefined) return structuredClone(schema.example) as Json;
  if (schema.default !== undefined) return structuredClone(schema.default) as Json;
  if (schema.const !== undefined) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  const branch = primaryBranch(schema);
  if (branch) return baseValue(branch);
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object':
      return baseObject(schema);
    case 'array':
      return baseArray(schema);
    case 'string':
      return baseString(schema);
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number'
        ? schema.minimum
        : typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + 1
          : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

function baseObject(schema: SchemaObject): Json {
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  // Every property, optional ones too: each is one more field to mutate.
  const value: Record<string, Json> = Object.fromEntries(
    Object.entries(properties).map(([name, s]) => [name, baseValue(s)]),
  );
  const additional = schema.additionalProperties;
  if (Object.keys(properties).length === 0 && additional && typeof additional === 'object')
    value.fuzz = baseValue(additional as SchemaObject);
  return value;
}

function baseArray(schema: SchemaObject): Json {
  const items = (schema.items ?? {}) as SchemaObject;
  const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
  if (Array.isArray(items.enum)) return (items.enum as Json[]).slice(0, count);
  return Array.from({ length: count }, (_, index) => {
    const item = baseValue(items);
    return schema.uniqueItems && typeof item === 'string' ? `${item}${index || ''}` : item;
  });
}

function baseString(schema: SchemaObject): string {
  const format = typeof schema.format === 'string' ? FORMAT_EXAMPLES[schema.format] : undefined;
  if (format) return format;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  let candidate = 'fuzz';
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    candidate = ['fuzz', 'a', 'fuzz1', 'A1', '*', '1'].find((c) => pattern.test(c)) ?? 'fuzz';
  }
  return candidate.padEnd(minLength, 'z');
}

// ---------------------------------------------------------------------------------------------------------------
// Field sites: where in a body a mutation can land

interface FieldSite {
  /** JSON Pointer segments from the body root. */
  path: string[];
  schema: SchemaObject;
  value: Json;
}

/** Every field in the base body, root included, paired with its schema. */
export function fieldSites(schema: SchemaObject, value: Json, path: string[] = []): FieldSite[] {
  const sites: FieldSite[] = [{ path, schema, value }];
  const effective = primaryBranch(schema) ?? schema;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const properties = (effective.properties ?? {}) as Record<string, SchemaObject>;
    const additional = effective.additionalProperties;
    for (const [name, child] of Object.entries(value)) {
      const childSchema =
        properties[name] ?? (additional && typeof additional === 'object' ? (additional as SchemaObject) : undefined);
      if (childSchema) sites.push(...fieldSites(childSchema, child, [...path, name]));
    }
  } else if (Array.isArray(value) && value.length > 0 && effective.items) {
    sites.push(...fieldSites(effective.items as SchemaObject, value[0] as Json, [...path, '0']));
  }
  return sites;
}

const pointer = (path: string[]) => (path.length === 0 ? '(root)' : `/${path.join('/')}`);

function setAt(root: Json, path: string[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string, Json>;
  let parent = copy as Record<string, Json>;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string, Json>;
  parent[path[path.length - 1] as string] = replacement;
  return copy;
}

function deleteAt(root: Json, path: string[]): Json {
  const copy = structuredClone(root) as Record<string, Json>;
  let parent = copy as Record<string, Json>;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string, Json>;
  delete parent[path[path.length - 1] as string];
  return copy;
}

/**
 * A body whose text cannot come from JSON.stringify (duplicate keys, 10,000 levels, 1e400): the value at `path` is
 * replaced by a marker string, and the marker in the serialized text by `rawText`.
 */
function withRawTextAt(root: Json, path: string[], rawText: string): string {
  const marker = '\u0001fuzz-raw\u0001';
  return JSON.stringify(setAt(root, path, marker)).replace(JSON.stringify(marker), () => rawText);
}

// ---------------------------------------------------------------------------------------------------------------
// The oracle: does the document allow this body?

/** An ajv of its own, strict about numbers and without coercion or defaults: what the document says, nothing more. */
function createOracle() {
  const ajv = new Ajv2020({
    strict: false,
    strictNumbers: true,
    allErrors: false,
    validateFormats: true,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  return ajv;
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations

interface BodyMutation {
  mutationClass: MutationClass;
  mutation: string;
  /** The body text, or undefined for "no body". */
  text: string | undefined;
  /** The value the server sees after JSON.parse (for the oracle); undefined when the text does not parse. */
  parsed?: unknown;
  parses: boolean;
}

const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}0${'}'.repeat(levels)}`;

/** Values of every JSON type, to put where another type belongs. */
const ANY_TYPE_VALUES: Json[] = [123, -7.5, 'fuzz', '', true, false, [], [1, 'two'], {}, { nested: { x: 1 } }];

const BAD_NUMBERS: Json[] = [-1, 0, 1.5, -0.000001, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 4294967296, 2147483648];
const NUMBER_STRINGS: Json[] = ['NaN', 'Infinity', '-Infinity', '1e308', '0x10', '12abc'];
/** Number literals that parse as JSON but are not finite or exact: 1e400 parses to Infinity. */
const RAW_NUMBER_LITERALS = [
  '1e400',
  '-1e400',
  '1E+2',
  '-0',
  '0.0000000000000000000000001',
  '123456789012345678901234567890',
];

function numberMutations(site: FieldSite): Array<{ text?: string; value?: Json; label: string; cls: MutationClass }> {
  const bounds: number[] = [];
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    const bound = site.schema[key];
    if (typeof bound === 'number') bounds.push(bound - 1, bound, bound + 1, bound + 0.5);
  }
  return [
    ...[...BAD_NUMBERS, ...bounds].map((value) => ({
      value,
      label: `number ${String(value)}`,
      cls: 'number-range' as const,
    })),
    ...NUMBER_STRINGS.map((value) => ({
      value,
      label: `number as string ${JSON.stringify(value)}`,
      cls: 'wrong-type' as const,
    })),
    ...RAW_NUMBER_LITERALS.map((text) => ({ text, label: `number literal ${text}`, cls: 'number-range' as const })),
  ];
}

function stringMutations(site: FieldSite): Array<{ value: Json; label: string; cls: MutationClass }> {
  const base = typeof site.value === 'string' ? site.value : 'fuzz';
  const maxLength = typeof site.schema.maxLength === 'number' ? site.schema.maxLength : undefined;
  return [
    ...(maxLength !== undefined
      ? [
          {
            value: 'x'.repeat(maxLength + 1),
            label: `string of maxLength+1 (${maxLength + 1})`,
            cls: 'huge-string' as const,
          },
        ]
      : []),
    { value: 'x'.repeat(HUGE_STRING_LENGTH), label: `string of ${HUGE_STRING_LENGTH} characters`, cls: 'huge-string' },
    { value: `${base}\u0000`, label: 'string ending in NUL (\\u0000)', cls: 'nul-character' },
    { value: `\u0000${base}`, label: 'string starting with NUL (\\u0000)', cls: 'nul-character' },
    { value: '\u0000', label: 'string of just NUL (\\u0000)', cls: 'nul-character' },
    { value: '', label: 'empty string', cls: 'odd-string' },
    { value: ' ', label: 'single space', cls: 'odd-string' },
    { value: '\ud800', label: 'lone surrogate \\ud800', cls: 'odd-string' },
    { value: `${base}\u202e\ufeff😀`, label: 'string with RTL override, BOM and emoji', cls: 'odd-string' },
    { value: "'; drop table scenarios; --", label: 'SQL-looking string', cls: 'odd-string' },
    { value: '../../etc/passwd', label: 'path-looking string', cls: 'odd-string' },
    { value: '\\', label: 'lone backslash', cls: 'odd-string' },
  ];
}

/** Every mutation of one field, as a finite list (fast-check picks among them, and among the fields). */
function siteMutations(base: Json, site: FieldSite): BodyMutation[] {
  const at = pointer(site.path);
  const mutations: BodyMutation[] = [];
  const replaceWith = (value: Json, cls: MutationClass, label: string) => {
    const parsed = setAt(base, site.path, value);
    mutations.push({
      mutationClass: cls,
      mutation: `body ${at}: ${label}`,
      text: JSON.stringify(parsed),
      parsed,
      parses: true,
    });
  };
  const replaceWithText = (text: string, cls: MutationClass, label: string) => {
    const full = withRawTextAt(base, site.path, text);
    const parsed = safeParse(full);
    mutations.push({ mutationClass: cls, mutation: `body ${at}: ${label}`, text: full, ...parsed });
  };

  for (const value of ANY_TYPE_VALUES)
    replaceWith(
      value,
      'wrong-type',
      `${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value} ${JSON.stringify(value)}`,
    );
  replaceWith(null, 'null', 'null');
  const types = typesOf(primaryBranch(site.schema) ?? site.schema);
  if (types.includes('number') || types.includes('integer')) {
    for (const m of numberMutations(site)) {
      if (m.text !== undefined) replaceWithText(m.text, m.cls, m.label);
      else replaceWith(m.value as Json, m.cls, m.label);
    }
  }
  if (types.includes('string') || typeof site.value === 'string') {
    for (const m of stringMutations(site)) replaceWith(m.value, m.cls, m.label);
  }
  replaceWithText(nestedArrays(DEEP_NESTING_LEVELS), 'deep-nesting', `${DEEP_NESTING_LEVELS} nested arrays`);
  replaceWithText(nestedObjects(DEEP_NESTING_LEVELS), 'deep-nesting', `${DEEP_NESTING_LEVELS} nested objects`);

  if (site.value && typeof site.value === 'object' && !Array.isArray(site.value)) {
    replaceWith({ ...site.value, [UNKNOWN_FIELD]: 1 }, 'unknown-field', `unknown field "${UNKNOWN_FIELD}"`);
    replaceWithText(withProtoKey(site.value), 'unknown-field', 'literal "__proto__" key');
    const keys = Object.keys(site.value);
    const duplicated = keys[0] ?? 'fuzz';
    // The bad value first and the good one last: JSON.parse keeps the last, so only a parser that looks at the text notices.
    const inner = JSON.stringify(site.value).slice(1, -1);
    replaceWithText(
      `{${JSON.stringify(duplicated)}:{"bad":[1e308,null]}${inner ? `,${inner}` : ''}}`,
      'duplicate-key',
      `duplicated key "${duplicated}"`,
    );
    replaceWithText(
      `{${inner}${inner ? ',' : ''}${JSON.stringify(duplicated)}:null}`,
      'duplicate-key',
      `duplicated key "${duplicated}" (null last)`,
    );
    for (const required of (site.schema.required as string[] | undefined) ?? []) {
      const parsed = deleteAt(base, [...site.path, required]);
      mutations.push({
        mutationClass: 'missing-field',
        mutation: `body ${at}: required "${required}" removed`,
        text: JSON.stringify(parsed),
        parsed,
        parses: true,
      });
    }
  }
  if (Array.isArray(site.value)) {
    const item = (site.value[0] ?? 'fuzz') as Json;
    const maxItems = typeof site.schema.maxItems === 'number' ? site.schema.maxItems : undefined;
    if (maxItems !== undefined) {
      const over = Array.from({ length: maxItems + 1 }, (_, i) => (typeof item === 'string' ? `${item}${i}` : item));
      replaceWith(over, 'array-size', `array of maxItems+1 (${maxItems + 1})`);
    }
    replaceWith([], 'array-size', 'empty array');
    replaceWith([item, item], 'array-size', 'array with a duplicated item');
  }
  return mutations;
}

function withProtoKey(value: { [key: string]: Json }): string {
  const inner = JSON.stringify(value).slice(1, -1);
  return `{"__proto__":{"polluted":true}${inner ? `,${inner}` : ''}}`;
}

/** What a JSON parser may make of the text: RFC 8259 lets it ignore a leading byte order mark. */
function safeParse(text: string): { parsed?: unknown; parses: boolean } {
  try {
    return { parsed: JSON.parse(text.replace(/^\ufeff/, '')), parses: true };
  } catch {
    return { parses: false };
  }
}

/** Whole-body mutations: other JSON types, broken JSON. They apply to operations with and without a body schema. */
function wholeBodyMutations(baseText: string): BodyMutation[] {
  const whole = (text: string, cls: MutationClass, label: string): BodyMutation => ({
    mutationClass: cls,
    mutation: `body: ${label}`,
    text,
    ...safeParse(text),
  });
  return [
    whole('[]', 'whole-body', 'an array'),
    whole('"fuzz"', 'whole-body', 'a string'),
    whole('0', 'whole-body', 'a number'),
    whole('null', 'whole-body', 'null'),
    whole('true', 'whole-body', 'true'),
    whole(`[${baseText}]`, 'whole-body', 'the body wrapped in an array'),
    whole(nestedArrays(DEEP_NESTING_LEVELS), 'deep-nesting', `${DEEP_NESTING_LEVELS} nested arrays`),
    whole(nestedObjects(DEEP_NESTING_LEVELS), 'deep-nesting', `${DEEP_NESTING_LEVELS} nested objects`),
    whole(baseText.slice(0, Math.max(1, baseText.length - 1)), 'malformed-json', 'truncated JSON'),
    whole(`${baseText}}`, 'malformed-json', 'trailing garbage'),
    whole(`\ufeff${baseText}`, 'odd-string', 'byte order mark before the JSON'),
    whole("{'single': 'quotes'}", 'malformed-json', 'single-quoted JSON'),
    whole('{"a":NaN}', 'malformed-json', 'NaN literal'),
    whole('\u0000', 'malformed-json', 'a NUL byte'),
    whole(' ', 'malformed-json', 'whitespace only'),
  ];
}

interface EncodedBody {
  headers: Record<string, string>;
  body: string | Uint8Array;
  mutation: string;
  mutationClass: MutationClass;
}

/** The same (otherwise acceptable) body sent as something that is not plain JSON: the API must answer 415. */
function contentTypeMutations(text: string): EncodedBody[] {
  const utf8 = Buffer.from(text, 'utf8');
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le');
  return [
    {
      headers: { 'content-type': 'text/plain' },
      body: text,
      mutation: 'Content-Type: text/plain',
      mutationClass: 'content-type',
    },
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: text,
      mutation: 'Content-Type: application/x-www-form-urlencoded',
      mutationClass: 'content-type',
    },
    {
      headers: { 'content-type': 'application/xml' },
      body: text,
      mutation: 'Content-Type: application/xml',
      mutationClass: 'content-type',
    },
    // No Content-Type at all (fetch adds none for raw bytes).
    { headers: {}, body: new Uint8Array(utf8), mutation: 'no Content-Type', mutationClass: 'content-type' },
    {
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: new Uint8Array(utf16),
      mutation: 'Content-Type: application/json; charset=utf-16 (UTF-16 body)',
      mutationClass: 'content-type',
    },
    {
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: text,
      mutation: 'Content-Type: application/json; charset=utf-16 (UTF-8 body)',
      mutationClass: 'content-type',
    },
    {
      headers: { 'content-type': 'application/merge-patch+json' },
      body: text,
      mutation: 'Content-Type: application/merge-patch+json',
      mutationClass: 'content-type',
    },
    {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: new Uint8Array(zlib.gzipSync(utf8)),
      mutation: 'Content-Encoding: gzip (gzipped body)',
      mutationClass: 'content-encoding',
    },
    {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: text,
      mutation: 'Content-Encoding: gzip (plain body)',
      mutationClass: 'content-encoding',
    },
    {
      headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
      body: text,
      mutation: 'Content-Encoding: br',
      mutationClass: 'content-encoding',
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Query and path parameters

interface QueryMutation {
  /** Already-encoded query string, without "?". */
  query: string;
  mutation: string;
  mutationClass: MutationClass;
  mustReject: boolean;
}

const CANONICAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * Whether a query value is one the parameter's schema allows, read strictly: "+50", "0x10", " 10" and "Infinity" are
 * not integers. Leading zeros and exponents ("010", "1e1") are left to the API: refusing and accepting are both fair.
 */
function queryValueAllowed(schema: SchemaObject, value: string, oracle: Ajv2020): boolean | 'unsure' {
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    if (!CANONICAL_INTEGER.test(value)) return /^-?[0-9]+(e[0-9]+)?$/i.test(value) ? 'unsure' : false;
    const number = Number(value);
    if (typeof schema.minimum === 'number' && number < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && number > schema.maximum) return false;
    return true;
  }
  return oracle.validate(schema, value);
}

const BAD_QUERY_VALUES: Array<{ value: string; label?: string }> = [
  { value: 'Infinity' },
  { value: '-Infinity' },
  { value: 'NaN' },
  { value: '-1' },
  { value: '0' },
  { value: '0x10' },
  { value: '+50' },
  { value: ' 10' },
  { value: '10 ' },
  { value: '1.5' },
  { value: '101' },
  { value: '1e1' },
  { value: '010' },
  { value: '' },
  { value: 'null' },
  { value: 'true' },
  { value: '\u0000', label: '%00 (NUL)' },
  { value: 'fuzz\u0000', label: 'fuzz%00 (NUL)' },
  { value: '9'.repeat(400), label: '400 nines' },
  { value: 'x'.repeat(HUGE_QUERY_LENGTH), label: `${HUGE_QUERY_LENGTH} characters` },
  { value: '😀\u202e' },
  { value: "' or 1=1 --" },
  { value: '2026-13-45T99:00:00Z' },
  { value: '1970-01-01T00:00:00Z' },
];

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

/** Cursors the API never issued. Only the shape `{"after": "<id>"}` (an id of any value) decodes; the rest is 400. */
const BAD_CURSORS: Array<{ value: string; label: string; mustReject: boolean }> = [
  { value: 'garbage!!', label: 'not base64url', mustReject: true },
  { value: 'Zm9v', label: 'base64url of "foo"', mustReject: true },
  { value: cursorOf('{}'), label: 'base64url of {}', mustReject: true },
  { value: cursorOf('null'), label: 'base64url of null', mustReject: true },
  { value: cursorOf('[]'), label: 'base64url of []', mustReject: true },
  { value: cursorOf('{"after":123}'), label: 'after: 123', mustReject: true },
  { value: cursorOf('{"after":""}'), label: 'after: ""', mustReject: true },
  { value: cursorOf(`{"after":"${'x'.repeat(200)}"}`), label: 'after: 200 characters', mustReject: true },
  { value: cursorOf('{"after":"scn\\u0000x"}'), label: 'after: an id with NUL', mustReject: false },
  { value: cursorOf(nestedArrays(2000)), label: '2,000 nested arrays', mustReject: true },
  { value: '\u0000', label: '%00 (NUL)', mustReject: true },
  { value: 'x'.repeat(501), label: '501 characters (over maxLength 500)', mustReject: true },
  { value: '', label: 'empty', mustReject: true },
];

function queryMutations(operation: FuzzOperation, oracle: Ajv2020): QueryMutation[] {
  const mutations: QueryMutation[] = [];
  for (const parameter of operation.queryParameters) {
    const name = parameter.name;
    const values =
      name === 'cursor'
        ? BAD_CURSORS
        : BAD_QUERY_VALUES.map((v) => ({ ...v, label: v.label ?? JSON.stringify(v.value), mustReject: undefined }));
    for (const v of values) {
      const allowed = v.mustReject !== undefined ? !v.mustReject : queryValueAllowed(parameter.schema, v.value, oracle);
      // A NUL in a free-text filter is for the API to refuse or to match nothing; it must only never fail.
      const nul = v.value.includes('\u0000');
      const freeText =
        typesOf(parameter.schema).includes('string') && !parameter.schema.enum && !parameter.schema.format;
      mutations.push({
        query: `${encodeURIComponent(name)}=${encodeURIComponent(v.value)}`,
        mutation: `query ${name}=${v.label}`,
        mutationClass: name === 'cursor' ? 'cursor' : nul ? 'nul-character' : 'query-value',
        mustReject: allowed === false && !(nul && freeText),
      });
    }
    const good = String(baseValue(parameter.schema));
    mutations.push({
      query: `${encodeURIComponent(name)}=${encodeURIComponent(good)}&${encodeURIComponent(name)}=${encodeURIComponent(good)}`,
      mutation: `query ${name} repeated (${name}=${good}&${name}=${good})`,
      mutationClass: 'query-repeated',
      mustReject: true,
    });
    mutations.push({
      query: `${encodeURIComponent(name)}[]=${encodeURIComponent(good)}`,
      mutation: `query ${name}[] (array syntax)`,
      mutationClass: 'query-unknown',
      mustReject: false,
    });
  }
  mutations.push(
    {
      query: `${UNKNOWN_FIELD}=1`,
      mutation: `unknown query parameter ${UNKNOWN_FIELD}`,
      mutationClass: 'query-unknown',
      mustReject: false,
    },
    { query: '%00=1', mutation: 'query parameter named %00', mutationClass: 'nul-character', mustReject: false },
    {
      query: '%E0%A4%A=1&limit=%FF',
      mutation: 'malformed percent-encoding in the query',
      mutationClass: 'query-value',
      mustReject: false,
    },
    {
      query: `__proto__=1&constructor=1`,
      mutation: 'query parameters __proto__ and constructor',
      mutationClass: 'query-unknown',
      mustReject: false,
    },
  );
  return mutations;
}

/** Ids that name nothing here: garbage, NUL, huge, malformed encodings, another resource type's real id. */
function badIds(context: FuzzContext, realId: string): Array<{ raw: string; label: string }> {
  const prefix = realId.includes('_') ? realId.slice(0, realId.indexOf('_') + 1) : '';
  return [
    ...context.allRealIds
      .filter((id) => !id.startsWith(prefix))
      .slice(0, 6)
      .map((id) => ({ raw: encodeURIComponent(id), label: `another type's id ${id}` })),
    { raw: `${prefix}${'0'.repeat(26)}`, label: 'right prefix, no such id' },
    { raw: encodeURIComponent(`${realId}x`), label: 'real id plus a character' },
    { raw: 'garbage', label: 'garbage' },
    { raw: '%00', label: '%00 (NUL)' },
    { raw: encodeURIComponent(`${realId}\u0000`), label: 'real id plus NUL' },
    { raw: 'x'.repeat(3000), label: '3,000 characters' },
    { raw: '%FF', label: 'invalid percent-encoding %FF' },
    { raw: '%E2%98', label: 'truncated UTF-8 %E2%98' },
    { raw: '%', label: 'lone %' },
    { raw: '%2F', label: 'encoded slash' },
    { raw: '%20', label: 'a space' },
    { raw: encodeURIComponent("' or 1=1 --"), label: 'SQL-looking id' },
    { raw: '-1', label: '-1' },
    { raw: '0', label: '0' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Putting a request together

function fillPath(
  operation: FuzzOperation,
  context: FuzzContext,
  override?: { parameter: string; raw: string },
): string {
  return operation.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) =>
    override?.parameter === name ? override.raw : encodeURIComponent(context.realIdFor(operation.pathTemplate, name)),
  );
}

/**
 * Every bad request for one operation, as a fast-check arbitrary: a choice among its body, content-type, header,
 * query and path mutations (the body ones weighted by how many fields there are). Runs of the property draw from it.
 */
export function badRequestsFor(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const oracle = createOracle();
  const validateBody = operation.bodySchema ? oracle.compile(operation.bodySchema) : undefined;
  const bodyAllowed = (mutation: BodyMutation): boolean => {
    if (!mutation.parses) return false;
    if (!operation.takesBody) return true;
    // Without a body schema the operation takes no body, or {} (conventions: actions accept no body, empty or {}).
    if (!validateBody)
      return (
        mutation.text === undefined || (isPlainObject(mutation.parsed) && Object.keys(mutation.parsed).length === 0)
      );
    return validateBody(mutation.parsed);
  };
  const baseBody = (
    operation.operationId in context.baseBodies
      ? context.baseBodies[operation.operationId]
      : operation.bodySchema
        ? baseValue(operation.bodySchema)
        : {}
  ) as Json;
  const baseText = JSON.stringify(baseBody);
  const url = (path: string, query?: string) => (query ? `${path}?${query}` : path);
  const realPath = () => fillPath(operation, context);

  const choices: Array<{ weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }> = [];
  const addChoice = (requests: FuzzRequest[], weight: number) => {
    if (requests.length > 0) choices.push({ weight, arbitrary: fc.constantFrom(...requests) });
  };
  const withJson = (text: string | undefined, idempotencyKey: boolean): Record<string, string> => ({
    ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(idempotencyKey ? { 'idempotency-key': FRESH_IDEMPOTENCY_KEY } : {}),
  });

  if (operation.takesBody) {
    const sites = operation.bodySchema
      ? fieldSites(operation.bodySchema, baseBody)
      : [{ path: [], schema: {}, value: baseBody }];
    const bodyMutations = [...sites.flatMap((site) => siteMutations(baseBody, site)), ...wholeBodyMutations(baseText)];
    const toRequest = (m: BodyMutation, idempotencyKey: boolean): FuzzRequest => ({
      method: operation.method,
      url: realPath(),
      headers: withJson(m.text, idempotencyKey),
      ...(m.text !== undefined ? { body: m.text } : {}),
      mutationClass: m.mutationClass,
      mutation: `${m.mutation}${idempotencyKey ? ' (with Idempotency-Key)' : ''}`,
      mustReject: !bodyAllowed(m),
    });
    // With and without Idempotency-Key: the key makes the request go through the idempotency store (hashing the body).
    const idempotencyChoices = operation.acceptsIdempotencyKey ? [false, true] : [false];
    choices.push({
      weight: 6 + sites.length,
      arbitrary: fc
        .tuple(fc.constantFrom(...bodyMutations), fc.constantFrom(...idempotencyChoices))
        .map(([m, key]) => toRequest(m, key)),
    });
    addChoice(
      contentTypeMutations(baseText).map((encoded) => ({
        method: operation.method,
        url: realPath(),
        headers: encoded.headers,
        body: encoded.body,
        mutationClass: encoded.mutationClass,
        mutation: encoded.mutation,
        mustReject: true,
      })),
      3,
    );
  }
  const baseAllowed =
    !operation.takesBody ||
    bodyAllowed({
      mutationClass: 'none',
      mutation: '',
      text: operation.bodySchema ? baseText : undefined,
      parsed: baseBody,
      parses: true,
    });
  // Query, path and header mutations carry the base body (if the operation has a body schema), unchanged.
  const baseRequestBody = (): Pick<FuzzRequest, 'headers' | 'body'> =>
    operation.takesBody && operation.bodySchema
      ? { headers: { 'content-type': 'application/json' }, body: baseText }
      : { headers: {} };
  if (operation.acceptsIdempotencyKey) {
    addChoice(
      [
        { key: 'k'.repeat(256), label: 'Idempotency-Key of 256 characters', mustReject: true },
        { key: 'k'.repeat(8000), label: 'Idempotency-Key of 8,000 characters', mustReject: true },
        { key: ' ', label: 'Idempotency-Key of a space', mustReject: false },
        { key: '\u00e9\u00ff', label: 'Idempotency-Key with Latin-1 characters', mustReject: false },
      ].map(({ key, label, mustReject }) => {
        const base = baseRequestBody();
        return {
          method: operation.method,
          url: realPath(),
          headers: { ...base.headers, 'idempotency-key': key },
          ...(base.body !== undefined ? { body: base.body } : {}),
          mutationClass: 'idempotency-key' as const,
          mutation: label,
          mustReject: mustReject || !baseAllowed,
        };
      }),
      1,
    );
  }
  const queries = queryMutations(operation, oracle);
  addChoice(
    queries.map((q) => ({
      method: operation.method,
      url: url(realPath(), q.query),
      ...baseRequestBody(),
      mutationClass: q.mutationClass,
      mutation: q.mutation,
      mustReject: q.mustReject || !baseAllowed,
    })),
    Math.max(2, operation.queryParameters.length * 2),
  );
  for (const parameter of operation.pathParameters) {
    const realId = context.realIdFor(operation.pathTemplate, parameter);
    addChoice(
      badIds(context, realId).map((bad) => ({
        method: operation.method,
        url: fillPath(operation, context, { parameter, raw: bad.raw }),
        ...baseRequestBody(),
        mutationClass:
          bad.raw.includes('%00') || bad.label.includes('NUL') ? ('nul-character' as const) : ('path-id' as const),
        mutation: `path {${parameter}} = ${bad.label}`,
        mustReject: true,
      })),
      3,
    );
  }
  return fc.oneof(...choices);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a request for a failure message (bodies cut to a readable length). */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? request.body
        : `<${request.body.byteLength} bytes>`;
  const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} characters)` : body;
  const url =
    request.url.length > 300 ? `${request.url.slice(0, 300)}… (${request.url.length} characters)` : request.url;
  return `${request.method} ${url} [${request.mutationClass}] ${request.mutation}${shown ? `\n  body: ${JSON.stringify(shown)}` : ''}\n  headers: ${JSON.stringify(request.headers).replace(JSON.stringify(FRESH_IDEMPOTENCY_KEY).slice(1, -1), '<a new key>')}`;
}

export interface FuzzResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends a generated request as it is (no JSON encoding, no added headers but the credentials), with a time limit. */
export async function sendFuzzRequest(
  baseUrl: string,
  apiKey: string,
  request: FuzzRequest,
  timeoutMs: number,
): Promise<FuzzResponse> {
  const headers: Record<string, string> = { ...request.headers, authorization: `Bearer ${apiKey}` };
  if (headers['idempotency-key'] === FRESH_IDEMPOTENCY_KEY) headers['idempotency-key'] = `fuzz-${crypto.randomUUID()}`;
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
  // An event stream does not end by itself: its status and headers are the answer.
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, text: '' };
  }
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// ---------------------------------------------------------------------------------------------------------------
// The seed corpus: payloads a black-box probe found answered wrongly (issue #22), tried first on every operation
// that has a place for them, before the generated requests.

/** A 45-character zen expression that computes for seconds (10,001² additions), for every expression field. */
export const PROBE_EXPRESSION = 'sum(map([0..10000], sum(map([0..10000], #)))) * 0';
/** An impossible date (there is no February 30th), for every date-time field and parameter. */
export const PROBE_IMPOSSIBLE_DATE = '2026-02-30T00:00:00Z';
/** A script URL, for every URL field. */
export const PROBE_SCRIPT_URL = 'javascript:alert(1)';

/** Fields that hold a zen expression, and fields that take a time though their schema says only "string" (`as_of`). */
const EXPRESSION_FIELDS = ['expression', 'condition'];
const TIME_FIELDS = ['as_of'];

/** The path of every field of a JSON value named one of `names`, at any depth (array items included). */
function fieldsNamed(value: Json, names: string[], path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => fieldsNamed(item, names, [...path, String(index)]));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    ...(names.includes(key) ? [[...path, key]] : []),
    ...fieldsNamed(child as Json, names, [...path, key]),
  ]);
}
const isDateTimeField = (site: FieldSite) =>
  typeof site.value === 'string' && (primaryBranch(site.schema) ?? site.schema).format === 'date-time';
const isUrlField = (site: FieldSite) =>
  typeof site.value === 'string' &&
  ((primaryBranch(site.schema) ?? site.schema).format === 'uri' ||
    ['url', 'uri'].includes(site.path[site.path.length - 1] ?? ''));

/**
 * The probe's payloads that apply to this operation, as requests: its expression fields set to PROBE_EXPRESSION (any
 * answer but a 5xx or no answer within the time limit), thresholds that overflow (`target: 1e308` with
 * `warning_threshold: {percent: 1000}`), impossible dates and script URLs (all three refused), a duplicated key in the
 * body (the same value twice), and `{}` to an action that takes no body (the body must not be what is refused).
 */
export function probeRequestsFor(operation: FuzzOperation, context: FuzzContext): FuzzRequest[] {
  const path = fillPath(operation, context);
  const requests: FuzzRequest[] = [];
  const probe = (
    mutation: string,
    fields: Omit<FuzzRequest, 'method' | 'url' | 'mutationClass' | 'mutation' | 'headers'> & {
      url?: string;
      headers?: Record<string, string>;
    },
  ) =>
    requests.push({
      method: operation.method,
      url: fields.url ?? path,
      headers: fields.headers ?? {},
      mutationClass: 'probe',
      mutation: `probe: ${mutation}`,
      ...fields,
    });
  const json = (text: string) => ({ headers: { 'content-type': 'application/json' }, body: text });

  if (operation.takesBody && operation.bodySchema) {
    const base = (
      operation.operationId in context.baseBodies
        ? context.baseBodies[operation.operationId]
        : baseValue(operation.bodySchema)
    ) as Json;
    const sites = fieldSites(operation.bodySchema, base);
    // Expressions sit in oneOf branches (a field mapping's transforms) that the schema walk does not enter: found by name.
    for (const at of fieldsNamed(base, EXPRESSION_FIELDS)) {
      probe(`body ${pointer(at)}: the probe's slow expression`, {
        ...json(JSON.stringify(setAt(base, at, PROBE_EXPRESSION))),
        mustReject: false,
      });
    }
    for (const at of fieldsNamed(base, TIME_FIELDS)) {
      probe(`body ${pointer(at)}: ${PROBE_IMPOSSIBLE_DATE}`, {
        ...json(JSON.stringify(setAt(base, at, PROBE_IMPOSSIBLE_DATE))),
        mustReject: true,
      });
    }
    for (const site of sites) {
      const at = pointer(site.path);
      if (isDateTimeField(site))
        probe(`body ${at}: ${PROBE_IMPOSSIBLE_DATE}`, {
          ...json(JSON.stringify(setAt(base, site.path, PROBE_IMPOSSIBLE_DATE))),
          mustReject: true,
        });
      if (isUrlField(site))
        probe(`body ${at}: ${PROBE_SCRIPT_URL}`, {
          ...json(JSON.stringify(setAt(base, site.path, PROBE_SCRIPT_URL))),
          mustReject: true,
        });
    }
    if (isPlainObject(base) && ('warning_threshold' in base || 'critical_threshold' in base)) {
      // Without a critical threshold, so the overflow is the only thing wrong with the body.
      const { critical_threshold: _critical, ...rest } = base;
      const overflowing = { ...rest, target: 1e308, warning_threshold: { percent: 1000 } };
      probe('target 1e308 with warning_threshold {percent: 1000} (the threshold overflows)', {
        ...json(JSON.stringify(overflowing)),
        mustReject: true,
      });
    }
    if (isPlainObject(base) && Object.keys(base).length > 0) {
      const [key, value] = Object.entries(base)[0] as [string, Json];
      const inner = JSON.stringify(base).slice(1, -1);
      probe(`body: key "${key}" twice, with the same value`, {
        ...json(`{${inner},${JSON.stringify(key)}:${JSON.stringify(value)}}`),
        mustReject: false,
      });
    }
  }
  if (operation.method === 'POST' && operation.bodyMediaTypes.length === 0) {
    probe('{} to an action that takes no body', { ...json('{}'), mustReject: false, bodyMustBeAccepted: true });
  }
  for (const parameter of operation.queryParameters) {
    if (
      (primaryBranch(parameter.schema) ?? parameter.schema).format !== 'date-time' &&
      !TIME_FIELDS.includes(parameter.name)
    )
      continue;
    probe(`query ${parameter.name}=${PROBE_IMPOSSIBLE_DATE}`, {
      url: `${path}?${parameter.name}=${encodeURIComponent(PROBE_IMPOSSIBLE_DATE)}`,
      mustReject: true,
    });
  }
  return requests;
}
