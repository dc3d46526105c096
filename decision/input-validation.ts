import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { linearRegExp } from './linear-regexp';
import type { JsonSchema, ModelInputs, Note } from './types';

export interface InputError {
  /** JSON Pointer into the request body: `/inputs/<name>`. */
  path: string;
  message: string;
}

export type InputValidation =
  | { valid: true; inputs: ModelInputs; defaultsApplied: string[]; notes: Note[] }
  | { valid: false; errors: InputError[] };

/**
 * One strict ajv instance for model schemas: they are JSON Schema 2020-12, with `example(s)` as annotations.
 * Tenants write these schemas, so their `pattern`s run on the linear-time RE2 engine, never on a backtracking one.
 */
export function createSchemaCompiler(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    useDefaults: true,
    coerceTypes: false,
    allowUnionTypes: true,
    code: { regExp: linearRegExp },
  });
  addFormats(ajv);
  ajv.addKeyword('example');
  return ajv;
}

export function describeSchemaErrors(errors: ErrorObject[] | null | undefined, prefix: string): InputError[] {
  const seen = new Set<string>();
  const result: InputError[] = [];
  for (const error of errors ?? []) {
    let path = `${prefix}${error.instancePath}`;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      path = `${path}/${(error.params as { missingProperty: string }).missingProperty}`;
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      path = `${path}/${(error.params as { additionalProperty: string }).additionalProperty}`;
      message = 'is not an input of this model';
    } else if (error.keyword === 'enum') {
      message = `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    const key = `${path}|${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push({ path, message });
    }
  }
  return result;
}

/**
 * Validates a model's inputs against its input schema, applying defaults. The errors are exactly what a failed
 * scenario create answers and what `POST /models/{id}/validate` returns: one code path for both.
 */
export function createInputValidator(ajv: Ajv2020, inputSchema: JsonSchema): (raw: unknown) => InputValidation {
  const validateFn: ValidateFunction = ajv.compile(inputSchema);
  const properties = (inputSchema.properties ?? {}) as Record<string, { default?: unknown }>;
  return (raw) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      return { valid: false, errors: [{ path: '/inputs', message: 'must be an object of input names to values' }] };
    }
    const scalarErrors: InputError[] = [];
    for (const [name, value] of Object.entries(raw)) {
      if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
        scalarErrors.push({ path: `/inputs/${name}`, message: 'must be a string or a finite number' });
      }
    }
    if (scalarErrors.length > 0) return { valid: false, errors: scalarErrors };
    const inputs: ModelInputs = { ...(raw as ModelInputs) };
    const given = new Set(Object.keys(inputs));
    if (!validateFn(inputs)) return { valid: false, errors: describeSchemaErrors(validateFn.errors, '/inputs') };
    const defaultsApplied = Object.keys(inputs).filter((name) => !given.has(name) && 'default' in (properties[name] ?? {}));
    const notes: Note[] = defaultsApplied.map((name) => ({
      kind: 'default_applied',
      input: name,
      message: `"${name}" was not given; the model's default ${JSON.stringify(inputs[name])} was used.`,
    }));
    return { valid: true, inputs, defaultsApplied, notes };
  };
}
