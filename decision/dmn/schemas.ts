/**
 * JSON at the service boundary: typed conversion of JSON inputs, and JSON Schemas (2020-12) of a model's inputs
 * and decision outputs derived from their DMN types.
 */
import { coerceTo, conformsTo, fromJson, type FeelType, type FeelValue } from './feel-api';
import { internals, type DmnModel } from './compile';

export function inputsFromJson(
  model: DmnModel,
  json: Record<string, unknown>,
): { inputs: Map<string, FeelValue>; problems: Array<{ input: string; message: string }> } {
  const compiled = internals(model);
  const inputs = new Map<string, FeelValue>();
  const problems: Array<{ input: string; message: string }> = [];
  for (const input of compiled.inputData) {
    if (!Object.prototype.hasOwnProperty.call(json, input.name)) continue;
    const raw = json[input.name];
    const value = fromJson(raw, input.type);
    const coerced = coerceTo(value, input.type);
    if (raw !== null && raw !== undefined && (coerced === null || !conformsTo(coerced, input.type))) {
      problems.push({ input: input.name, message: `does not conform to type ${input.typeRef ?? 'Any'}` });
    }
    inputs.set(input.name, coerced);
  }
  for (const key of Object.keys(json)) {
    if (!compiled.inputData.some((i) => i.name === key)) {
      // `importName.inputName` keys feed imported models' input data; they pass through untyped.
      if ([...compiled.importedModels.keys()].some((name) => key.startsWith(`${name}.`)))
        inputs.set(key, fromJson(json[key]));
      else problems.push({ input: key, message: 'not an input data of this model' });
    }
  }
  return { inputs, problems };
}

const FORMATS: Readonly<Record<string, Record<string, unknown>>> = {
  number: { type: 'number' },
  string: { type: 'string' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', format: 'time' },
  'date and time': { type: 'string', format: 'date-time' },
  'days and time duration': { type: 'string', format: 'duration' },
  'years and months duration': { type: 'string', format: 'duration' },
};

/** Simple allowed values (`"a","b"` or numbers) as a JSON Schema enum; anything else (ranges, tests) is left out. */
function enumOf(text: string | undefined): unknown[] | undefined {
  if (!text) return undefined;
  const parts = text.split(',').map((p) => p.trim());
  const values: unknown[] = [];
  for (const part of parts) {
    if (/^"([^"\\]|\\.)*"$/.test(part)) values.push(JSON.parse(part) as unknown);
    else if (/^-?\d+(\.\d+)?$/.test(part)) values.push(Number(part));
    else return undefined;
  }
  return values;
}

function schemaOf(type: FeelType, allowed: ReadonlyMap<string, string>, depth = 0): Record<string, unknown> {
  if (depth > 16) return {};
  switch (type.kind) {
    case 'any':
      return {};
    case 'null':
      return { type: 'null' };
    case 'list':
      return { type: 'array', items: schemaOf(type.item, allowed, depth + 1) };
    case 'context':
      return {
        type: 'object',
        properties: Object.fromEntries([...type.entries].map(([k, t]) => [k, schemaOf(t, allowed, depth + 1)])),
      };
    case 'range':
    case 'function':
      return {};
    case 'constrained': {
      const base = schemaOf(type.base, allowed, depth + 1);
      const values = enumOf(allowed.get(type.name));
      return values && base.type !== 'array' ? { ...base, enum: values } : base;
    }
    default:
      return { ...(FORMATS[type.kind] ?? {}) };
  }
}

/** A nullable schema: DMN values may always be null. */
function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  if (typeof schema.type === 'string')
    return {
      ...schema,
      type: [schema.type, 'null'],
      ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}),
    };
  return schema;
}

export function deriveSchemas(model: DmnModel): {
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
} {
  const compiled = internals(model);
  const allowed = compiled.types.allowedValues;
  const object = (entries: Array<[string, FeelType]>): Record<string, unknown> => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: Object.fromEntries(entries.map(([name, type]) => [name, nullable(schemaOf(type, allowed))])),
  });
  return {
    input_schema: object(compiled.inputData.map((i) => [i.name, i.type])),
    output_schema: object(compiled.decisions.map((d) => [d.name, d.type])),
  };
}
