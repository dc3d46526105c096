import { evaluateExpression } from '@gorules/zen-engine';
import type { FieldError } from '../core/app-error';
import { engineErrorDetail, nonReproducibleConstruct, TEXT_ERROR_TYPES, describeEngineSource } from '../decision/jdm';

/**
 * Field mappings: how a source stream's records become records of a target dataset. Per target field, a source
 * field (the rename), then transforms in order, then a default for what is still empty. The expression transform
 * is zen-engine, the language of the JDM models, evaluated with `value` (the value so far) and `record` (the whole
 * source record).
 */
export type FieldTransform =
  | { type: 'cast'; to: 'string' | 'number' | 'boolean' | 'date' }
  | { type: 'value_map'; values: Record<string, unknown> }
  | { type: 'expression'; expression: string };

export interface TargetFieldMapping {
  source?: string;
  transforms?: FieldTransform[];
  default?: unknown;
}

export interface FieldMappingDefinition {
  stream: string;
  target: 'employees';
  fields: Record<string, TargetFieldMapping>;
}

type TargetType = 'string' | 'number' | 'date';

/** The canonical employee dataset: its fields and their types. `employee_id` is its primary key. */
export const EMPLOYEE_FIELDS: Record<string, TargetType> = {
  employee_id: 'string',
  name: 'string',
  email: 'string',
  department: 'string',
  title: 'string',
  location: 'string',
  manager_id: 'string',
  employment_type: 'string',
  start_date: 'date',
  end_date: 'date',
  salary: 'number',
  currency: 'string',
  fte: 'number',
  status: 'string',
};

export const TARGET_DATASETS = { employees: { fields: EMPLOYEE_FIELDS, primaryKey: 'employee_id' } } as const;

/** Problems of the mapping itself (before any record): unknown target fields, the key unmapped, expressions that do not parse. */
export async function mappingProblems(mapping: FieldMappingDefinition, sourceFields?: string[]): Promise<FieldError[]> {
  const target = TARGET_DATASETS[mapping.target];
  const errors: FieldError[] = [];
  if (!mapping.fields[target.primaryKey]) errors.push({ path: `/fields/${target.primaryKey}`, message: 'is required: it is the dataset\'s primary key' });
  for (const [name, field] of Object.entries(mapping.fields)) {
    if (!(name in target.fields)) {
      errors.push({ path: `/fields/${name}`, message: `is not a field of ${mapping.target} (${Object.keys(target.fields).join(', ')})` });
      continue;
    }
    if (field.source === undefined && field.default === undefined && !(field.transforms ?? []).some((t) => t.type === 'expression')) {
      errors.push({ path: `/fields/${name}`, message: 'needs a source, a default or an expression' });
    }
    if (field.source !== undefined && sourceFields && !sourceFields.includes(field.source)) {
      errors.push({ path: `/fields/${name}/source`, message: `is not a field of stream ${mapping.stream}` });
    }
    for (const [index, transform] of (field.transforms ?? []).entries()) {
      if (transform.type !== 'expression') continue;
      const path = `/fields/${name}/transforms/${index}/expression`;
      const construct = nonReproducibleConstruct(transform.expression);
      if (construct) errors.push({ path, message: `${construct}, so a sync would not be reproducible` });
      try {
        await evaluateExpression(transform.expression, { value: null, record: {} });
      } catch (error) {
        const detail = engineErrorDetail(error);
        if (detail.type !== undefined && TEXT_ERROR_TYPES.has(detail.type)) errors.push({ path, message: `does not parse as a zen-engine expression: ${describeEngineSource(detail.source)}` });
      }
    }
  }
  return errors;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

function cast(value: unknown, to: 'string' | 'number' | 'boolean' | 'date'): unknown {
  if (isEmpty(value)) return null;
  switch (to) {
    case 'string':
      if (typeof value === 'object') throw new Error(`${JSON.stringify(value)} is not a scalar`);
      return String(value);
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/,/g, '')) : NaN;
      if (!Number.isFinite(number)) throw new Error(`${JSON.stringify(value)} is not a number`);
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
      const text = String(value);
      const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : new Date(text);
      if (typeof value === 'boolean' || Number.isNaN(date.getTime())) throw new Error(`${JSON.stringify(value)} is not a date`);
      return date.toISOString().slice(0, 10);
    }
  }
}

/** Maps one source record; a field that fails names itself in `errors`, and then the record is rejected as a whole. */
export async function mapRecord(mapping: FieldMappingDefinition, record: Record<string, unknown>): Promise<{ record: Record<string, unknown>; errors: FieldError[] }> {
  const target = TARGET_DATASETS[mapping.target];
  const mapped: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(mapping.fields)) {
    let value: unknown = field.source === undefined ? null : record[field.source];
    try {
      for (const transform of field.transforms ?? []) {
        if (transform.type === 'cast') value = cast(value, transform.to);
        else if (transform.type === 'value_map') {
          const key = String(value);
          if (!isEmpty(value) && Object.hasOwn(transform.values, key)) value = transform.values[key];
        } else value = await evaluateExpression(transform.expression, { value: value ?? null, record });
      }
      if (isEmpty(value) && field.default !== undefined) value = field.default;
      const type = (target.fields as Record<string, TargetType>)[name] ?? 'string';
      if (!isEmpty(value)) value = cast(value, type);
      mapped[name] = isEmpty(value) ? null : value;
    } catch (error) {
      const detail = engineErrorDetail(error);
      errors.push({ path: `/${name}`, message: detail.type ? `the expression failed: ${detail.type}` : (error as Error).message });
    }
  }
  if (errors.length === 0 && isEmpty(mapped[target.primaryKey])) errors.push({ path: `/${target.primaryKey}`, message: 'is empty: a record needs its primary key' });
  return { record: mapped, errors };
}
