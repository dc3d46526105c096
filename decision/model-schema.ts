/**
 * The JSON Schema subset a tenant model's input and output schemas may use: what the validators, the CSV import, the
 * version diff and the documentation all understand. Anything else is refused at upload with a 422 naming the keyword,
 * rather than accepted and half-honoured (a `oneOf` the diff cannot classify, a `$ref` the sample cannot follow).
 */
import { pointerTo, type FieldError } from '../core/app-error';
import type { JsonSchema } from './types';

/** Levels of `properties` and `items` below the root: `/properties/a/properties/b/items` is depth 3. */
export const MAX_SCHEMA_DEPTH = 8;

export const SUPPORTED_FORMATS = ['date', 'date-time'] as const;

type SchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** Keywords that constrain a value, by the type they apply to. */
const KEYWORDS_BY_TYPE: Record<SchemaType, readonly string[]> = {
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems'],
  object: ['properties', 'required', 'additionalProperties'],
  boolean: [],
  null: [],
};

/** What each constraining keyword's value must be; ajv would refuse the rest too, but only naming the whole schema. */
const KEYWORD_VALUES: Record<string, { test: (value: unknown) => boolean; message: string }> = {
  ...Object.fromEntries(
    ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].map((k) => [
      k,
      { test: Number.isFinite, message: 'must be a number' },
    ]),
  ),
  multipleOf: {
    test: (v) => typeof v === 'number' && Number.isFinite(v) && v > 0,
    message: 'must be a number greater than 0',
  },
  ...Object.fromEntries(
    ['minLength', 'maxLength', 'minItems', 'maxItems'].map((k) => [
      k,
      {
        test: (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0,
        message: 'must be a non-negative integer',
      },
    ]),
  ),
  uniqueItems: { test: (v) => typeof v === 'boolean', message: 'must be true or false' },
  pattern: { test: (v) => typeof v === 'string', message: 'must be a regular expression, as a string' },
};

/** Keywords allowed on any schema: `type`, `enum` and annotations. */
const ANY_TYPE_KEYWORDS = new Set([
  'type',
  'enum',
  'title',
  'description',
  'default',
  'examples',
  'example',
  '$comment',
  'deprecated',
]);

export type SchemaRole = 'input' | 'output';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A schema's types as a list (`type: "number"` and `type: ["number", "null"]` alike). */
export function typesOf(schema: unknown): string[] {
  const type = isObject(schema) ? schema.type : undefined;
  return type === undefined ? [] : [type].flat().map(String);
}

function allowedTypes(role: SchemaRole): SchemaType[] {
  const types: SchemaType[] = ['object', 'array', 'string', 'number', 'integer', 'boolean'];
  // An output may be null (the engine reports it, and it is not a metric); an input left out is simply not given.
  return role === 'output' ? [...types, 'null'] : types;
}

function enumErrors(values: unknown, types: string[], pointer: string): FieldError[] {
  if (!Array.isArray(values) || values.length === 0)
    return [{ path: pointer, message: 'must be a non-empty array of values' }];
  return values.flatMap((value, index) => {
    const kind = value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value;
    const fits = types.includes(kind) || (kind === 'integer' && types.includes('number'));
    return fits
      ? []
      : [
          {
            path: pointerTo(pointer, index),
            message: `is a ${kind}, which the schema's type (${types.join(', ')}) does not allow`,
          },
        ];
  });
}

function objectErrors(node: Record<string, unknown>, pointer: string, depth: number, role: SchemaRole): FieldError[] {
  const errors: FieldError[] = [];
  const properties = node.properties ?? {};
  if (!isObject(properties))
    return [{ path: `${pointer}/properties`, message: 'must be an object of property names to schemas' }];
  for (const [name, child] of Object.entries(properties))
    errors.push(...walk(child, pointerTo(`${pointer}/properties`, name), depth + 1, role));
  if (node.required !== undefined) {
    if (!Array.isArray(node.required))
      errors.push({ path: `${pointer}/required`, message: 'must be an array of property names' });
    else
      node.required.forEach((name, index) => {
        if (typeof name !== 'string' || !Object.hasOwn(properties, name))
          errors.push({ path: `${pointer}/required/${index}`, message: 'names no property of this object' });
      });
  }
  if (node.additionalProperties !== undefined && typeof node.additionalProperties !== 'boolean') {
    errors.push({
      path: `${pointer}/additionalProperties`,
      message: 'must be true or false: a schema for additional properties is not supported',
    });
  }
  return errors;
}

function keywordErrors(node: Record<string, unknown>, types: string[], pointer: string, depth: number): FieldError[] {
  const errors: FieldError[] = [];
  const applicable = new Set(types.flatMap((type) => KEYWORDS_BY_TYPE[type as SchemaType] ?? []));
  for (const keyword of Object.keys(node)) {
    const shape = KEYWORD_VALUES[keyword];
    if (shape && applicable.has(keyword) && !shape.test(node[keyword]))
      errors.push({ path: pointerTo(pointer, keyword), message: shape.message });
    if (ANY_TYPE_KEYWORDS.has(keyword) || applicable.has(keyword) || (keyword === '$schema' && depth === 0)) continue;
    const owners = (Object.keys(KEYWORDS_BY_TYPE) as SchemaType[]).filter((type) =>
      KEYWORDS_BY_TYPE[type].includes(keyword),
    );
    errors.push({
      path: pointerTo(pointer, keyword),
      message:
        owners.length > 0
          ? `applies to ${owners.join(' and ')} values, not to ${types.join(' or ')}`
          : 'is not a keyword model schemas support (see the supported subset in the documentation)',
    });
  }
  if (
    applicable.has('format') &&
    node.format !== undefined &&
    !(SUPPORTED_FORMATS as readonly unknown[]).includes(node.format)
  ) {
    errors.push({
      path: `${pointer}/format`,
      message: `must be ${SUPPORTED_FORMATS.map((f) => `"${f}"`).join(' or ')}`,
    });
  }
  return errors;
}

function walk(node: unknown, pointer: string, depth: number, role: SchemaRole): FieldError[] {
  if (!isObject(node)) return [{ path: pointer, message: 'must be a JSON Schema object' }];
  if (depth > MAX_SCHEMA_DEPTH)
    return [{ path: pointer, message: `nests deeper than ${MAX_SCHEMA_DEPTH} levels of properties and items` }];
  const types = typesOf(node);
  const allowed = allowedTypes(role);
  if (types.length === 0)
    return [{ path: `${pointer}/type`, message: `is required: one of ${allowed.map((t) => `"${t}"`).join(', ')}` }];
  const unknown = types.filter((type) => !(allowed as string[]).includes(type));
  if (unknown.length > 0 || (Array.isArray(node.type) && node.type.length === 0)) {
    return [
      {
        path: `${pointer}/type`,
        message: `must be one of ${allowed.map((t) => `"${t}"`).join(', ')} (or a list of them)`,
      },
    ];
  }
  const errors = keywordErrors(node, types, pointer, depth);
  if (node.enum !== undefined) errors.push(...enumErrors(node.enum, types, `${pointer}/enum`));
  if (types.includes('object')) errors.push(...objectErrors(node, pointer, depth, role));
  if (types.includes('array')) {
    if (node.items === undefined)
      errors.push({ path: `${pointer}/items`, message: "is required: the schema of the array's items" });
    else errors.push(...walk(node.items, `${pointer}/items`, depth + 1, role));
  }
  return errors;
}

/**
 * Every use of JSON Schema outside the subset, each named by its JSON Pointer under `pointer`
 * (`/input_schema/properties/x/items/type`). The root must be an object schema; inputs must declare at least one.
 */
export function checkModelSchema(schema: unknown, pointer: string, role: SchemaRole): FieldError[] {
  if (!isObject(schema)) return [{ path: pointer, message: 'must be a JSON Schema object' }];
  if (schema.type !== 'object') return [{ path: `${pointer}/type`, message: 'must be "object"' }];
  const properties = schema.properties;
  if (role === 'input' && (!isObject(properties) || Object.keys(properties).length === 0)) {
    return [{ path: `${pointer}/properties`, message: 'must declare at least one input' }];
  }
  return walk(schema, pointer, 0, role);
}

/**
 * The input schema as stored: every object refuses properties it does not declare unless its author allowed them
 * (the root always does), so a misspelt input, or a misspelt field of a nested input, is an error rather than ignored.
 */
export function closeInputSchema(schema: JsonSchema): JsonSchema {
  const close = (node: unknown, root: boolean): unknown => {
    if (!isObject(node)) return node;
    const copy: Record<string, unknown> = { ...node };
    if (isObject(copy.properties))
      copy.properties = Object.fromEntries(
        Object.entries(copy.properties).map(([name, child]) => [name, close(child, false)]),
      );
    if (copy.items !== undefined) copy.items = close(copy.items, false);
    if (typesOf(copy).includes('object') && (root || copy.additionalProperties === undefined))
      copy.additionalProperties = false;
    return copy;
  };
  return close(schema, true) as JsonSchema;
}

const SAMPLE_DATE = '2026-01-01';

/** A value that satisfies a schema without its author naming one: default, example, enum, else built from the bounds. */
export function sampleValue(schema: Record<string, unknown>): unknown {
  if (schema.default !== undefined) return schema.default;
  const examples = schema.examples as unknown[] | undefined;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if (schema.example !== undefined) return schema.example;
  const options = schema.enum as unknown[] | undefined;
  if (Array.isArray(options) && options.length > 0) return options[0];
  switch (typesOf(schema).find((type) => type !== 'null')) {
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date') return SAMPLE_DATE;
      if (schema.format === 'date-time') return `${SAMPLE_DATE}T00:00:00Z`;
      return 'x'.repeat(typeof schema.minLength === 'number' ? schema.minLength : 0);
    case 'array':
      return Array.from({ length: typeof schema.minItems === 'number' ? schema.minItems : 0 }, () =>
        sampleValue(isObject(schema.items) ? schema.items : {}),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(isObject(schema.properties) ? schema.properties : {}).map(([name, child]) => [
          name,
          sampleValue(isObject(child) ? child : {}),
        ]),
      );
    default:
      return (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number | undefined) ?? 0;
  }
}

/**
 * The metric names an output schema promises a scenario: its properties, with nested objects' fields under dotted names
 * (`discount.rate`), as the metrics flatten them. Lists are not metrics.
 */
export function metricNamesOf(outputSchema: JsonSchema): string[] {
  const names: string[] = [];
  const visit = (node: unknown, prefix: string) => {
    for (const [name, child] of Object.entries(isObject(node) && isObject(node.properties) ? node.properties : {})) {
      const path = prefix === '' ? name : `${prefix}.${name}`;
      const types = typesOf(child);
      if (types.includes('object')) visit(child, path);
      if (types.length === 0 || types.some((type) => type !== 'object' && type !== 'array')) names.push(path);
    }
  };
  visit(outputSchema, '');
  return names;
}
