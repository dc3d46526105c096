import type { FieldType } from './connector';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** The type of one JSON value as a discovered field type. */
export function jsonFieldType(value: unknown): FieldType {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string')
    return ISO_DATE.test(value) ? 'date' : ISO_DATE_TIME.test(value) ? 'date-time' : 'string';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

/** Field types over sample records: the first non-null type seen per field; fields only ever null are `unknown`. */
export function inferFields(records: Array<Record<string, unknown>>): Array<{ name: string; type: FieldType }> {
  const types = new Map<string, FieldType>();
  for (const record of records) {
    for (const [name, value] of Object.entries(record)) {
      const type = jsonFieldType(value);
      const known = types.get(name);
      if (known === undefined || known === 'null') types.set(name, type);
      else if (known === 'integer' && type === 'number') types.set(name, 'number');
    }
  }
  return [...types].map(([name, type]) => ({ name, type: type === 'null' ? 'unknown' : type }));
}
