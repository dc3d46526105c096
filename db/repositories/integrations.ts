import { IntegrationFieldMappingRecord, IntegrationRecord } from '../records/integration';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

/** Live integrations only: a deleted integration is gone from every read. */
function live(scope: TenantScope) {
  return scoped(scope, IntegrationRecord).whereNull('integrations.deleted_at');
}

export async function insertIntegration(
  scope: TenantScope,
  row: Partial<IntegrationRecord>,
): Promise<IntegrationRecord> {
  return insertScoped(scope, IntegrationRecord, row);
}

export async function findIntegration(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = live(scope).where('integrations.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as IntegrationRecord | undefined;
}

export async function listIntegrations(scope: TenantScope, page: PageRequest) {
  return paginate<IntegrationRecord>(live(scope), 'integrations.id', page);
}

export async function updateIntegration(
  scope: TenantScope,
  id: string,
  patch: Partial<IntegrationRecord>,
): Promise<IntegrationRecord> {
  const [row] = (await live(scope)
    .where('integrations.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<IntegrationRecord>)
    .returning('*')) as unknown as IntegrationRecord[];
  return row as IntegrationRecord;
}

/** The latest version of an integration's field mapping, if it has one. */
export async function findCurrentFieldMapping(scope: TenantScope, integrationId: string) {
  return (await scoped(scope, IntegrationFieldMappingRecord)
    .where('integration_id', integrationId)
    .orderBy('version', 'desc')
    .first()) as IntegrationFieldMappingRecord | undefined;
}

/** Adds the next version; the caller holds the integration's row lock, so versions never collide. */
export async function insertFieldMappingVersion(
  scope: TenantScope,
  row: Pick<IntegrationFieldMappingRecord, 'integration_id' | 'stream' | 'target' | 'fields' | 'created_by'>,
): Promise<IntegrationFieldMappingRecord> {
  const current = await findCurrentFieldMapping(scope, row.integration_id);
  return insertScoped(scope, IntegrationFieldMappingRecord, { ...row, version: (current?.version ?? 0) + 1 });
}

export async function findFieldMappingVersion(scope: TenantScope, integrationId: string, version: number) {
  return (await scoped(scope, IntegrationFieldMappingRecord)
    .where({ integration_id: integrationId, version })
    .first()) as IntegrationFieldMappingRecord | undefined;
}

/** The integration even if deleted since (a running sync finishes with the row it started from). */
export async function findIntegrationIncludingDeleted(scope: TenantScope, id: string) {
  return (await scoped(scope, IntegrationRecord).where('integrations.id', id).first()) as IntegrationRecord | undefined;
}

/** The tenant's live integrations whose credentials are encrypted under another key than `keyId`, locked for re-encryption. */
export async function integrationsWithCredentialsNotUnder(scope: TenantScope, keyId: string) {
  return (await live(scope)
    .whereNotNull('integrations.credentials_ciphertext')
    .whereNot('integrations.credentials_key_id', keyId)
    .orderBy('integrations.id')
    .forUpdate()) as IntegrationRecord[];
}
