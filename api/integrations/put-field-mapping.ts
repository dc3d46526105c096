import { isDeepStrictEqual } from 'node:util';
import { notFound, validationFailed } from '../../core/app-error';
import { concurrentUpdate, connectorFailed } from '../../core/errors';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findCurrentFieldMapping, findIntegration, insertFieldMappingVersion } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import { ConnectorError, type RecordPage } from '../../integrations/connectors';
import type { FieldMappingDefinition, MappedRecord } from '../../integrations/field-mapping';
import type { RequestContext } from '../context';
import { inSandbox, mappingTarget, refuseMappingProblems } from './field-mapping-check';
import { requireIntegrationId } from './integration-connections';
import { presentFieldMapping } from './presenter';
import type { IntegrationUseCaseDeps } from './service';

export async function getFieldMapping({ db }: IntegrationUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireIntegrationId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    if (!(await findIntegration(scope, id))) throw notFound('integration', id);
    const mapping = await findCurrentFieldMapping(scope, id);
    if (!mapping) throw notFound('field mapping of integration', id);
    return presentFieldMapping(mapping);
  });
}

/** Saves a mapping as the integration's next version, once it is valid for the integration and its target dataset. */
export async function putFieldMapping({ db, sandbox }: IntegrationUseCaseDeps, context: RequestContext, id: string, body: FieldMappingDefinition) {
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
    const version = await insertFieldMappingVersion(scope, { integration_id: id, stream: body.stream, target: body.target, fields: body.fields, created_by: context.actor });
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

/** Checks a mapping against the stream's discovered fields and maps the first `limit` records, saving nothing. */
export async function validateFieldMapping(
  { db, sandbox, connections }: IntegrationUseCaseDeps,
  context: RequestContext,
  id: string,
  body: { mapping: FieldMappingDefinition; limit?: number },
) {
  const { record, connector, credentials, environment } = await connections.loadForConnection(context, id);
  const check = async (sourceFields?: string[]) => {
    const checked = await inTenantTransaction(db, context.tenantId, (scope) => mappingTarget(scope, record, body.mapping, '/mapping'));
    return refuseMappingProblems(sandbox, checked, body.mapping, '/mapping', sourceFields);
  };
  await check();
  const limit = body.limit ?? 10;
  try {
    const streams = await connector.discover(record.config, credentials, environment);
    const fields = streams.find((s) => s.name === body.mapping.stream)?.fields.map((f) => f.name) ?? [];
    const target = await check(fields);
    // One page only: the read is closed right after it, so its connection to the source is released (a generator
    // left suspended would hold it open).
    const pages = connector.read(record.config, credentials, environment, { stream: body.mapping.stream, state: null, pageSize: limit });
    let first: IteratorResult<RecordPage>;
    try {
      first = await pages.next();
    } finally {
      await pages.return(undefined);
    }
    const sample = (first.done ? [] : first.value.records).slice(0, limit);
    const mappedSample = await inSandbox(sandbox.run('mapRecords', { mapping: body.mapping, target, records: sample, mark: true }), '/mapping');
    const preview = sample.map((source, index) => {
      const { record: mapped, errors } = mappedSample[index] as MappedRecord;
      return { source_record: source, record: errors.length === 0 ? mapped : null, errors };
    });
    return { object: 'field_mapping_validation' as const, integration_id: id, records_read: sample.length, records_rejected: preview.filter((p) => p.errors.length > 0).length, preview };
  } catch (error) {
    if (error instanceof ConnectorError) throw connectorFailed(error.message);
    throw error;
  }
}
