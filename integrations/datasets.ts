/**
 * Dataset definitions: the shape of a dataset that field mappings write into. `employees` is built in (the canonical
 * employee dataset); tenants define their own (stored in `dataset_definitions`). Pure: no I/O.
 */
export const FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'date', 'date-time'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types a primary key may have: it is stored as text and compared as such, so no floats, booleans or times. */
export const PRIMARY_KEY_TYPES: readonly FieldType[] = ['string', 'integer'];

export interface DatasetField {
  type: FieldType;
  description?: string;
}

export interface DatasetDefinition {
  name: string;
  primaryKey: string;
  fields: Record<string, DatasetField>;
}

/** Lowercase, starting with a letter: usable as a path segment and a field name without escaping. */
export const DATASET_NAME_PATTERN = '^[a-z][a-z0-9_]{0,62}$';
export const FIELD_NAME_PATTERN = '^[a-z][a-z0-9_]{0,62}$';

const DATASET_NAME = new RegExp(DATASET_NAME_PATTERN);

/** Whether the text can name a dataset at all: anything else (a NUL, a slash, 10 KB) is unknown without a query. */
export function isDatasetName(name: string): boolean {
  return DATASET_NAME.test(name);
}

/** The canonical employee dataset: its fields and their types. `employee_id` is its primary key. */
export const EMPLOYEE_FIELDS: Record<string, FieldType> = {
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

export const EMPLOYEES_DATASET: DatasetDefinition = {
  name: 'employees',
  primaryKey: 'employee_id',
  fields: Object.fromEntries(Object.entries(EMPLOYEE_FIELDS).map(([name, type]) => [name, { type }])),
};

export const BUILT_IN_DATASETS: Readonly<Record<string, DatasetDefinition>> = { employees: EMPLOYEES_DATASET };

export function isBuiltInDataset(name: string): boolean {
  return Object.hasOwn(BUILT_IN_DATASETS, name);
}
