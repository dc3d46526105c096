import { isDeepStrictEqual } from 'node:util';
import { notFound, validationFailed } from '../../core/app-error';
import { concurrentUpdate } from '../../core/errors';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findIntegration, insertFieldMappingVersion } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { PutFieldMappingRequest } from '../openapi/request-types.generated';
import { mappingTarget, refuseMappingProblems } from './field-mapping-check';
import { requireIntegrationId } from './integration-connections';
import { presentFieldMapping } from './presenter';
import type { IntegrationUseCaseDeps } from './deps';

/** Saves a mapping as the integration's next version, once it is valid for the integration and its target dataset. */
export async function putFieldMapping(
  { db, sandbox }: IntegrationUseCaseDeps,
  context: RequestContext,
  id: string,
  body: PutFieldMappingRequest,
) {
  requireIntegrationId(id);
  // Read, then check in the sandbox with no transaction open, then write in a transaction that re-reads under locks.
  const checked = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const integration = await findIntegration(scope, id);
    if (!integration) throw notFound('integration', id);
    return mappingTarget(scope, integration, body, '');
  });
  const target = await refuseMappingProblems(sandbox, checked, body, '');
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const integration = await findIntegration(scope, id, { forUpdate: true });
    if (!integration) throw notFound('integration', id);
    const locked = await mappingTarget(scope, integration, body, '', { forShare: true });
    if (locked.errors.length > 0) throw validationFailed(locked.errors, 'The field mapping is not valid.');
    // The target dataset was reshaped between the check and the write: the check no longer holds.
    if (!isDeepStrictEqual(locked.target, target)) throw concurrentUpdate();
    const version = await insertFieldMappingVersion(scope, {
      integration_id: id,
      stream: body.stream,
      target: body.target,
      fields: body.fields,
      created_by: context.actor,
    });
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'integration.field_mapping_created',
      resourceType: 'integration',
      resourceId: id,
      payload: { version: version.version, stream: version.stream, target: version.target, fields: version.fields },
    });
    return presentFieldMapping(version);
  });
}
