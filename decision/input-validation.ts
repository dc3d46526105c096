import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { pointerTo } from '../core/app-error';
import { linearRegExp } from './linear-regexp';
import type { JsonSchema, ModelInputs, Note, ScalarValue } from './types';

export interface InputError {
  /** JSON Pointer into the request body: `/inputs/<name>`. */
  path: string;
  message: string;
}

export type InputValidation<Inputs = ModelInputs> =
  { valid: true; inputs: Inputs; defaultsApplied: string[]; notes: Note[] } | { valid: false; errors: InputError[] };

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
 * Which values an input may take besides what the schema says. `scalar`: a scenario's inputs, as the interface spec
 * has them (strings and finite numbers; a date travels as its RFC 3339 string), defaults included, since they are
 * stored with the scenario. `json`: any JSON value the schema allows (evaluate, test cases, validate, upload samples).
 */
export type InputMode = 'scalar' | 'json';

/** A validator: in `scalar` mode, the inputs it accepts are scalars, which the type says. */
export interface ValidateInputs {
  (raw: unknown, mode: 'scalar'): InputValidation<Record<string, ScalarValue>>;
  (raw: unknown, mode: 'json'): InputValidation;
  (raw: unknown, mode: InputMode): InputValidation;
}

const isScalar = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/**
 * Validates a model's inputs against its input schema, applying defaults. The errors are exactly what a failed
 * scenario create (`scalar`) or evaluation (`json`) answers: one code path for every caller.
 */
export function createInputValidator(ajv: Ajv2020, inputSchema: JsonSchema): ValidateInputs {
  const validateFn: ValidateFunction = ajv.compile(inputSchema);
  const properties = (inputSchema.properties ?? {}) as Record<string, { default?: unknown }>;
  return ((raw: unknown, mode: InputMode): InputValidation => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      return { valid: false, errors: [{ path: '/inputs', message: 'must be an object of input names to values' }] };
    }
    if (mode === 'scalar') {
      const scalarErrors = Object.entries(raw)
        .filter(([, value]) => !isScalar(value))
        .map(([name]) => ({
          path: pointerTo('/inputs', name),
          message: "must be a string or a finite number: a scenario's inputs are scalars",
        }));
      if (scalarErrors.length > 0) return { valid: false, errors: scalarErrors };
    }
    // A copy all the way down: defaults go into nested objects too, never into the caller's value.
    const inputs = (mode === 'scalar' ? { ...raw } : structuredClone(raw)) as ModelInputs;
    const given = new Set(Object.keys(inputs));
    if (!validateFn(inputs)) return { valid: false, errors: describeSchemaErrors(validateFn.errors, '/inputs') };
    const defaultsApplied = Object.keys(inputs).filter(
      (name) => !given.has(name) && 'default' in (properties[name] ?? {}),
    );
    if (mode === 'scalar') {
      const nonScalarDefaults = defaultsApplied.filter((name) => !isScalar(inputs[name]));
      if (nonScalarDefaults.length > 0) {
        return {
          valid: false,
          errors: nonScalarDefaults.map((name) => ({
            path: pointerTo('/inputs', name),
            message: `is required here: the model's default ${JSON.stringify(inputs[name])} is not a string or a number, and a scenario's inputs are scalars`,
          })),
        };
      }
    }
    const notes: Note[] = defaultsApplied.map((name) => ({
      kind: 'default_applied',
      input: name,
      message: `"${name}" was not given; the model's default ${JSON.stringify(inputs[name])} was used.`,
    }));
    return { valid: true, inputs, defaultsApplied, notes };
  }) as ValidateInputs;
}
