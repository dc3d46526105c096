import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { AuditAction } from '../../core/audit-actions';
import { datasetBuiltIn, datasetExists, datasetHasRecords, datasetInUse } from '../../core/errors';
import type { DatasetDefinitionRecord } from '../../db/records/dataset-definition';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import {
  datasetHasRecords as hasRecords,
  deleteDatasetDefinition,
  findDatasetDefinition,
  insertDatasetDefinition,
  integrationsMappingInto,
  updateDatasetDefinition,
} from '../../db/repositories/dataset-definitions';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { BUILT_IN_DATASETS, PRIMARY_KEY_TYPES, isBuiltInDataset, type DatasetField } from '../../integrations/datasets';
import type { RequestContext } from '../context';

export interface DatasetCreate {
  name: string;
  description?: string | null;
  primary_key: string;
  fields: Record<string, DatasetField>;
}

export type DatasetUpdate = Partial<Omit<DatasetCreate, 'name'>>;

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
function primaryKeyProblems(primaryKey: string, fields: Record<string, DatasetField>): FieldError[] {
  const field = Object.hasOwn(fields, primaryKey) ? fields[primaryKey] : undefined;
  if (!field) return [{ path: '/primary_key', message: `is not one of the fields (${Object.keys(fields).join(', ')})` }];
  if (!PRIMARY_KEY_TYPES.includes(field.type)) return [{ path: '/primary_key', message: `names a ${field.type} field; a primary key is ${PRIMARY_KEY_TYPES.join(' or ')}` }];
  return [];
}

const isUniqueViolation = (error: unknown) => ((error as { nativeError?: { code?: string } }).nativeError ?? (error as { code?: string }))?.code === '23505';

export function createDatasetDefinitionService(deps: { db: Knex }) {
  const { db } = deps;

  const audit = (scope: TenantScope, context: RequestContext, action: AuditAction, name: string, payload: Record<string, unknown>) =>
    appendAuditRecord(scope, { actor: context.actor, action, resourceType: 'dataset', resourceId: name, payload });

  /** The tenant's own definition, locked for a change; built-in names are refused, unknown (or another tenant's) are 404. */
  const requireOwnForUpdate = async (scope: TenantScope, name: string) => {
    if (isBuiltInDataset(name)) throw datasetBuiltIn(name);
    const record = await findDatasetDefinition(scope, name, { forUpdate: true });
    if (!record) throw notFound('dataset', name);
    return record;
  };

  return {
    async create(context: RequestContext, body: DatasetCreate) {
      const problems = primaryKeyProblems(body.primary_key, body.fields);
      if (problems.length > 0) throw validationFailed(problems, 'The dataset definition is not valid.');
      try {
        return await inTenantTransaction(db, context.tenantId, async (scope) => {
          if (await findDatasetDefinition(scope, body.name)) throw datasetExists(body.name);
          const record = await insertDatasetDefinition(scope, {
            name: body.name,
            description: body.description ?? null,
            primary_key: body.primary_key,
            fields: body.fields,
            created_by: context.actor,
          });
          await audit(scope, context, 'dataset.created', record.name, { primary_key: record.primary_key, fields: record.fields });
          return presentDatasetDefinition(record);
        });
      } catch (error) {
        // Two concurrent creates of one name: the loser sees the primary key.
        if (isUniqueViolation(error)) throw datasetExists(body.name);
        throw error;
      }
    },

    async get({ tenantId }: RequestContext, name: string) {
      if (isBuiltInDataset(name)) return presentBuiltInDataset(name);
      const record = await inTenantTransaction(db, tenantId, (scope) => findDatasetDefinition(scope, name));
      if (!record) throw notFound('dataset', name);
      return presentDatasetDefinition(record);
    },

    /**
     * Fields merge in (new ones are added). Changing an existing field's type or the primary key reshapes records
     * already stored, so it is allowed only while the dataset has none.
     */
    async update(context: RequestContext, name: string, body: DatasetUpdate) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await requireOwnForUpdate(scope, name);
        const fields: Record<string, DatasetField> = { ...current.fields };
        const reshaping: FieldError[] = [];
        for (const [field, definition] of Object.entries(body.fields ?? {})) {
          const existing = Object.hasOwn(current.fields, field) ? current.fields[field] : undefined;
          if (existing && existing.type !== definition.type) {
            reshaping.push({ path: `/fields/${field}/type`, message: `would change the field's type from ${existing.type} to ${definition.type}` });
          }
          fields[field] = definition;
        }
        const primaryKey = body.primary_key ?? current.primary_key;
        if (primaryKey !== current.primary_key) reshaping.push({ path: '/primary_key', message: `would change the primary key from ${current.primary_key} to ${primaryKey}` });
        const problems = primaryKeyProblems(primaryKey, fields);
        if (problems.length > 0) throw validationFailed(problems, 'The dataset definition is not valid.');
        if (Object.keys(fields).length > 200) throw validationFailed([{ path: '/fields', message: 'a dataset has at most 200 fields' }]);
        if (reshaping.length > 0 && (await hasRecords(scope, name))) throw datasetHasRecords(name, reshaping);
        const patch: Partial<DatasetDefinitionRecord> = { fields, primary_key: primaryKey };
        if (body.description !== undefined) patch.description = body.description;
        const updated = await updateDatasetDefinition(scope, name, patch);
        await audit(scope, context, 'dataset.updated', name, { changed: Object.keys(body).sort(), primary_key: updated.primary_key, fields: updated.fields });
        return presentDatasetDefinition(updated);
      });
    },

    async remove(context: RequestContext, name: string) {
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await requireOwnForUpdate(scope, name);
        const mappedBy = await integrationsMappingInto(scope, name);
        if (mappedBy.length > 0) throw datasetInUse(name, mappedBy);
        await deleteDatasetDefinition(scope, name);
        await audit(scope, context, 'dataset.deleted', name, { primary_key: current.primary_key, fields: current.fields });
      });
    },
  };
}

export type DatasetDefinitionService = ReturnType<typeof createDatasetDefinitionService>;
