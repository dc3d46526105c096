import { notFound, type FieldError } from '../../core/app-error';
import type { AuditAction } from '../../core/audit-actions';
import { datasetBuiltIn } from '../../core/errors';
import type { DatasetDefinitionRecord } from '../../db/records/dataset-definition';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findDatasetDefinition } from '../../db/repositories/dataset-definitions';
import type { TenantScope } from '../../db/tenant-scope';
import { BUILT_IN_DATASETS, PRIMARY_KEY_TYPES, isBuiltInDataset, type DatasetField } from '../../integrations/datasets';
import type { RequestContext } from '../context';

export function presentDatasetDefinition(record: DatasetDefinitionRecord) {
  return {
    object: 'dataset_definition' as const,
    name: record.name,
    description: record.description,
    built_in: false,
    primary_key: record.primary_key,
    fields: record.fields,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export function presentBuiltInDataset(name: string) {
  const definition = BUILT_IN_DATASETS[name]!;
  return {
    object: 'dataset_definition' as const,
    name,
    description: 'The canonical employee dataset (built in).',
    built_in: true,
    primary_key: definition.primaryKey,
    fields: definition.fields,
    created_by: null,
    created_at: null,
    updated_at: null,
  };
}

/** The primary key must be one of the fields, of a type that identifies a record as text. */
export function primaryKeyProblems(primaryKey: string, fields: Record<string, DatasetField>): FieldError[] {
  const field = Object.hasOwn(fields, primaryKey) ? fields[primaryKey] : undefined;
  if (!field)
    return [{ path: '/primary_key', message: `is not one of the fields (${Object.keys(fields).join(', ')})` }];
  if (!PRIMARY_KEY_TYPES.includes(field.type))
    return [
      {
        path: '/primary_key',
        message: `names a ${field.type} field; a primary key is ${PRIMARY_KEY_TYPES.join(' or ')}`,
      },
    ];
  return [];
}

export const isUniqueViolation = (error: unknown) =>
  ((error as { nativeError?: { code?: string } }).nativeError ?? (error as { code?: string }))?.code === '23505';

export function auditDataset(
  scope: TenantScope,
  context: RequestContext,
  action: AuditAction,
  name: string,
  payload: Record<string, unknown>,
) {
  return appendAuditRecord(scope, { actor: context.actor, action, resourceType: 'dataset', resourceId: name, payload });
}

/** The tenant's own definition, locked for a change; built-in names are refused, unknown (or another tenant's) are 404. */
export async function requireOwnForUpdate(scope: TenantScope, name: string) {
  if (isBuiltInDataset(name)) throw datasetBuiltIn(name);
  const record = await findDatasetDefinition(scope, name, { forUpdate: true });
  if (!record) throw notFound('dataset', name);
  return record;
}
