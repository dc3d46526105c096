import { evaluateExpressionSync } from '@gorules/zen-engine';
import type { FieldError } from '../core/app-error';
import { engineErrorDetail, nonReproducibleConstruct, TEXT_ERROR_TYPES, describeEngineSource } from '../decision/jdm';
import { EMPLOYEE_FIELDS, type DatasetDefinition, type FieldType } from './datasets';

export { EMPLOYEE_FIELDS, EMPLOYEES_DATASET, BUILT_IN_DATASETS } from './datasets';

/** The built-in datasets in their first shape (name → type). Tenant datasets are loaded from the database instead. */
export const TARGET_DATASETS = { employees: { fields: EMPLOYEE_FIELDS, primaryKey: 'employee_id' } } as const;

/**
 * Field mappings: how a source stream's records become records of a target dataset (the built-in `employees` or a
 * tenant-defined one). Per target field: a source field (the rename), then transforms in order, then a default for
 * what is still empty, then a cast to the target field's type. The expression transform is zen-engine, the language
 * of the JDM models, evaluated with `value` (the value so far) and `record` (the whole source record).
 *
 * A mapping is compiled once (`compileMapping`) into a plan of closures: value maps become `Map`s, date formats
 * regular expressions, and expressions are evaluated with the engine's synchronous call, which costs about an eighth
 * of the asynchronous one (no hop to the libuv pool per record).
 */
export type ConcatPart = string | { literal: string };

export type FieldTransform =
  | { type: 'cast'; to: FieldType }
  | { type: 'date_format'; format: string }
  | { type: 'value_map'; values: Record<string, unknown>; default_value?: unknown }
  | { type: 'concat'; fields: ConcatPart[]; separator?: string }
  | { type: 'expression'; expression: string };

export interface TargetFieldMapping {
  source?: string;
  transforms?: FieldTransform[];
  default?: unknown;
}

export interface FieldMappingDefinition {
  stream: string;
  target: string;
  fields: Record<string, TargetFieldMapping>;
}

export interface MappedRecord {
  record: Record<string, unknown>;
  errors: FieldError[];
}

export interface CompiledMapping {
  /** Maps one source record; a field that fails names itself in `errors`, and then the record is rejected as a whole. */
  map(record: Record<string, unknown>): MappedRecord;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

// ---------------------------------------------------------------------------------------------------------------
// Date formats

/** The tokens a `date_format` understands; every other letter is refused, every other character is a literal. */
export const DATE_FORMAT_TOKENS = ['YYYY', 'YY', 'MM', 'M', 'DD', 'D'] as const;

interface CompiledDateFormat {
  pattern: RegExp;
  /** Capture group index of each part. */
  year: number;
  month: number;
  day: number;
  twoDigitYear: boolean;
}

/**
 * Compiles a format such as `MM/DD/YYYY`, `DD.MM.YYYY`, `YYYYMMDD` or `M/D/YY` into an anchored regular expression,
 * or says why it cannot: exactly one year, month and day; a one-letter token (`M`, `D`, one or two digits) must be
 * followed by a literal or the end, or the format would be ambiguous (`YYYYMD`: is 2024111 Jan 11 or Nov 1?).
 */
export function compileDateFormat(format: string): CompiledDateFormat | string {
  let source = '^';
  let group = 0;
  const found: Partial<Record<'year' | 'month' | 'day', { group: number; token: string }>> = {};
  let previousVariable: string | undefined;
  for (let index = 0; index < format.length;) {
    const token = DATE_FORMAT_TOKENS.find((candidate) => format.startsWith(candidate, index));
    if (token) {
      if (previousVariable)
        return `${previousVariable} must be followed by a separator: it is one or two digits, so ${previousVariable}${token} is ambiguous`;
      const part = token.startsWith('Y') ? 'year' : token.startsWith('M') ? 'month' : 'day';
      if (found[part]) return `has two ${part} tokens (${found[part].token} and ${token})`;
      group += 1;
      found[part] = { group, token };
      source += token === 'YYYY' ? '(\\d{4})' : token.length === 2 ? '(\\d{2})' : '(\\d{1,2})';
      previousVariable = token.length === 1 ? token : undefined;
      index += token.length;
      continue;
    }
    const character = format[index] as string;
    if (/[A-Za-z]/.test(character))
      return `has an unknown token at "${format.slice(index)}" (tokens: ${DATE_FORMAT_TOKENS.join(', ')})`;
    if (/\d/.test(character)) return 'must not contain digits';
    source += character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    previousVariable = undefined;
    index += 1;
  }
  const missing = (['year', 'month', 'day'] as const).filter((part) => !found[part]);
  if (missing.length > 0) return `needs a ${missing.join(', a ')} (tokens: ${DATE_FORMAT_TOKENS.join(', ')})`;
  return {
    pattern: new RegExp(`${source}$`),
    year: found.year!.group,
    month: found.month!.group,
    day: found.day!.group,
    twoDigitYear: found.year!.token === 'YY',
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

function parseDate(value: unknown, compiled: CompiledDateFormat, format: string): string | null {
  if (isEmpty(value)) return null;
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new Error(`${JSON.stringify(value)} is not a date in the format ${format}`);
  const match = compiled.pattern.exec(String(value).trim());
  if (!match) throw new Error(`${JSON.stringify(value)} is not a date in the format ${format}`);
  let year = Number(match[compiled.year]);
  // Two-digit years pivot as POSIX strptime does: 69–99 are 1969–1999, 00–68 are 2000–2068.
  if (compiled.twoDigitYear) year += year >= 69 ? 1900 : 2000;
  const month = Number(match[compiled.month]);
  const day = Number(match[compiled.day]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    month < 1 ||
    month > 12 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    throw new Error(`${JSON.stringify(value)} is not a calendar date (format ${format})`);
  }
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Casts

export function cast(value: unknown, to: FieldType): unknown {
  if (isEmpty(value)) return null;
  switch (to) {
    case 'string':
      if (typeof value === 'object' && !(value instanceof Date))
        throw new Error(`${JSON.stringify(value)} is not a scalar`);
      return value instanceof Date ? value.toISOString() : String(value);
    case 'number':
    case 'integer': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value.replace(/,/g, ''))
            : NaN;
      if (!Number.isFinite(number)) throw new Error(`${JSON.stringify(value)} is not a number`);
      if (to === 'integer' && !Number.isSafeInteger(number))
        throw new Error(`${JSON.stringify(value)} is not an integer`);
      return number;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      if (['true', 'yes', 'y', '1'].includes(text)) return true;
      if (['false', 'no', 'n', '0'].includes(text)) return false;
      throw new Error(`${JSON.stringify(value)} is not a boolean`);
    }
    case 'date': {
      if (
        typeof value === 'boolean' ||
        typeof value === 'number' ||
        (typeof value === 'object' && !(value instanceof Date))
      )
        throw new Error(`${JSON.stringify(value)} is not a date`);
      const text = value instanceof Date ? value.toISOString() : String(value);
      const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : new Date(text);
      if (Number.isNaN(date.getTime())) throw new Error(`${JSON.stringify(value)} is not a date`);
      return date.toISOString().slice(0, 10);
    }
    case 'date-time': {
      if (
        typeof value === 'boolean' ||
        typeof value === 'number' ||
        (typeof value === 'object' && !(value instanceof Date))
      )
        throw new Error(`${JSON.stringify(value)} is not a date-time`);
      const date = value instanceof Date ? value : new Date(String(value));
      if (Number.isNaN(date.getTime())) throw new Error(`${JSON.stringify(value)} is not a date-time`);
      return date.toISOString();
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Problems of a mapping

const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g;

function expressionProblem(expression: string): string | undefined {
  const construct = nonReproducibleConstruct(expression);
  if (construct) return `${construct}, so a sync would not be reproducible`;
  try {
    evaluateExpressionSync(expression, { value: null, record: {} });
  } catch (error) {
    const detail = engineErrorDetail(error);
    if (detail.type !== undefined && TEXT_ERROR_TYPES.has(detail.type))
      return `does not parse as a zen-engine expression: ${describeEngineSource(detail.source)}`;
  }
  return undefined;
}

/** Where a field's value comes from: a source field, a default, or a transform that reads the record itself. */
const producesValue = (field: TargetFieldMapping) =>
  field.source !== undefined ||
  field.default !== undefined ||
  (field.transforms ?? []).some((t) => t.type === 'expression' || t.type === 'concat');

/**
 * Problems of the mapping itself (before any record), as JSON Pointers into the mapping: target fields the dataset
 * does not have, its primary key unmapped, source fields the stream does not have (when they are known), date
 * formats that are not strict and unambiguous, expressions that do not parse or read the clock, defaults that do not
 * fit the field's type.
 */
export function mappingProblems(
  mapping: FieldMappingDefinition,
  target: DatasetDefinition,
  sourceFields?: string[],
  mark?: (path: string) => void,
): FieldError[] {
  const errors: FieldError[] = [];
  const known = sourceFields ? new Set(sourceFields) : undefined;
  if (!mapping.fields[target.primaryKey])
    errors.push({ path: `/fields/${target.primaryKey}`, message: "is required: it is the dataset's primary key" });
  for (const [name, field] of Object.entries(mapping.fields)) {
    const targetField = Object.hasOwn(target.fields, name) ? target.fields[name] : undefined;
    if (!targetField) {
      errors.push({
        path: `/fields/${name}`,
        message: `is not a field of ${target.name} (${Object.keys(target.fields).join(', ')})`,
      });
      continue;
    }
    if (!producesValue(field))
      errors.push({ path: `/fields/${name}`, message: 'needs a source, a default, a concat or an expression' });
    if (field.source !== undefined && known && !known.has(field.source))
      errors.push({ path: `/fields/${name}/source`, message: `is not a field of stream ${mapping.stream}` });
    if (field.default !== undefined) {
      try {
        cast(field.default, targetField.type);
      } catch (error) {
        errors.push({
          path: `/fields/${name}/default`,
          message: `does not fit the field's type ${targetField.type}: ${(error as Error).message}`,
        });
      }
    }
    for (const [index, transform] of (field.transforms ?? []).entries()) {
      const path = `/fields/${name}/transforms/${index}`;
      if (transform.type === 'expression') {
        mark?.(`${path}/expression`);
        const problem = expressionProblem(transform.expression);
        if (problem) errors.push({ path: `${path}/expression`, message: problem });
      } else if (transform.type === 'date_format') {
        const compiled = compileDateFormat(transform.format);
        if (typeof compiled === 'string') errors.push({ path: `${path}/format`, message: compiled });
      } else if (transform.type === 'concat' && known) {
        transform.fields.forEach((part, partIndex) => {
          if (typeof part === 'string' && !known.has(part))
            errors.push({ path: `${path}/fields/${partIndex}`, message: `is not a field of stream ${mapping.stream}` });
        });
      }
    }
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------------------
// Compiled plan

type Step = (value: unknown, record: Record<string, unknown>) => unknown;

function compileTransform(transform: FieldTransform, mark?: () => void): Step {
  switch (transform.type) {
    case 'cast': {
      const to = transform.to;
      return (value) => cast(value, to);
    }
    case 'date_format': {
      const compiled = compileDateFormat(transform.format);
      if (typeof compiled === 'string') throw new Error(`date format ${JSON.stringify(transform.format)} ${compiled}`);
      const format = transform.format;
      return (value) => parseDate(value, compiled, format);
    }
    case 'value_map': {
      const values = new Map(Object.entries(transform.values));
      const hasFallback = Object.hasOwn(transform, 'default_value') && transform.default_value !== undefined;
      const fallback = transform.default_value;
      return (value) => {
        if (isEmpty(value)) return value;
        const key = String(value);
        if (values.has(key)) return values.get(key);
        return hasFallback ? fallback : value;
      };
    }
    case 'concat': {
      const parts = transform.fields;
      const separator = transform.separator ?? '';
      return (_value, record) => {
        let joined = '';
        let any = false;
        for (const part of parts) {
          const piece = typeof part === 'string' ? record[part] : part.literal;
          if (isEmpty(piece)) continue;
          if (typeof piece === 'object')
            throw new Error(
              `${typeof part === 'string' ? part : 'a literal'} is not a scalar, so it cannot be concatenated`,
            );
          joined = any ? `${joined}${separator}${String(piece)}` : String(piece);
          any = true;
        }
        return any ? joined : null;
      };
    }
    case 'expression': {
      const expression = transform.expression;
      // The record crosses into the engine only when the expression reads it: that copy is most of a call's cost.
      const readsRecord = /\brecord\b/.test(expression.replace(STRING_LITERAL, '""'));
      if (mark) {
        return (value, record) => {
          mark();
          return evaluateExpressionSync(
            expression,
            readsRecord ? { value: value ?? null, record } : { value: value ?? null },
          ) as unknown;
        };
      }
      return readsRecord
        ? (value, record) => evaluateExpressionSync(expression, { value: value ?? null, record }) as unknown
        : (value) => evaluateExpressionSync(expression, { value: value ?? null }) as unknown;
    }
  }
}

interface CompiledField {
  name: string;
  path: string;
  source: string | undefined;
  steps: Step[];
  hasDefault: boolean;
  defaultValue: unknown;
  type: FieldType;
}

/**
 * Compiles a mapping that `mappingProblems` found nothing wrong with, once, for every record of a sync or preview.
 * `mark`, when given, is told the JSON Pointer of each expression before it is evaluated (see expression-sandbox).
 * Target fields the dataset does not define are cast as strings (a definition may have lost a field after the mapping
 * was saved; the record still maps).
 */
export function compileMapping(
  mapping: FieldMappingDefinition,
  target: DatasetDefinition,
  options: { mark?: (path: string) => void } = {},
): CompiledMapping {
  const { mark } = options;
  // Fields in name order, so each mapped record's keys are sorted and its content hash needs no sorting (contentHash).
  const ordered = Object.entries(mapping.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const fields: CompiledField[] = ordered.map(([name, field]) => ({
    name,
    path: `/${name}`,
    source: field.source,
    steps: (field.transforms ?? []).map((transform, index) =>
      compileTransform(transform, mark && (() => mark(`/fields/${name}/transforms/${index}/expression`))),
    ),
    hasDefault: field.default !== undefined,
    defaultValue: field.default,
    type: Object.hasOwn(target.fields, name) ? (target.fields[name] as { type: FieldType }).type : 'string',
  }));
  const primaryKey = target.primaryKey;
  const primaryKeyPath = `/${primaryKey}`;
  return {
    map(record) {
      const mapped: Record<string, unknown> = {};
      const errors: FieldError[] = [];
      for (const field of fields) {
        let value: unknown = field.source === undefined ? null : record[field.source];
        try {
          for (const step of field.steps) value = step(value, record);
          if (isEmpty(value) && field.hasDefault) value = field.defaultValue;
          mapped[field.name] = isEmpty(value) ? null : cast(value, field.type);
        } catch (error) {
          const detail = engineErrorDetail(error);
          errors.push({
            path: field.path,
            message: detail.type ? `the expression failed: ${detail.type}` : (error as Error).message,
          });
        }
      }
      if (errors.length === 0 && isEmpty(mapped[primaryKey]))
        errors.push({ path: primaryKeyPath, message: 'is empty: a record needs its primary key' });
      return { record: mapped, errors };
    },
  };
}

/** One record through a mapping compiled for it alone: for tests and one-offs; a sync compiles once. */
export function mapRecord(
  mapping: FieldMappingDefinition,
  target: DatasetDefinition,
  record: Record<string, unknown>,
): MappedRecord {
  return compileMapping(mapping, target).map(record);
}
