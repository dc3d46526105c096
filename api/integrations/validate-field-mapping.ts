import { connectorFailed } from '../../core/errors';
import { inTenantTransaction } from '../../db/tenant-scope';
import { ConnectorError, type RecordPage } from '../../integrations/connectors';
import type { MappedRecord } from '../../integrations/field-mapping';
import type { RequestContext } from '../context';
import type { ValidateFieldMappingRequest } from '../openapi/request-types.generated';
import { inSandbox, mappingTarget, refuseMappingProblems } from './field-mapping-check';
import type { IntegrationUseCaseDeps } from './deps';

/** Checks a mapping against the stream's discovered fields and maps the first `limit` records, saving nothing. */
export async function validateFieldMapping(
  { db, sandbox, connections }: IntegrationUseCaseDeps,
  context: RequestContext,
  id: string,
  body: ValidateFieldMappingRequest,
) {
  const { record, connector, credentials, environment } = await connections.loadForConnection(context, id);
  const check = async (sourceFields?: string[]) => {
    const checked = await inTenantTransaction(db, context.tenantId, (scope) =>
      mappingTarget(scope, record, body.mapping, '/mapping'),
    );
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
    const pages = connector.read(record.config, credentials, environment, {
      stream: body.mapping.stream,
      state: null,
      pageSize: limit,
    });
    let first: IteratorResult<RecordPage>;
    try {
      first = await pages.next();
    } finally {
      await pages.return(undefined);
    }
    const sample = (first.done ? [] : first.value.records).slice(0, limit);
    const mappedSample = await inSandbox(
      sandbox.run('mapRecords', { mapping: body.mapping, target, records: sample, mark: true }),
      '/mapping',
    );
    const preview = sample.map((source, index) => {
      const { record: mapped, errors } = mappedSample[index] as MappedRecord;
      return { source_record: source, record: errors.length === 0 ? mapped : null, errors };
    });
    return {
      object: 'field_mapping_validation' as const,
      integration_id: id,
      records_read: sample.length,
      records_rejected: preview.filter((p) => p.errors.length > 0).length,
      preview,
    };
  } catch (error) {
    if (error instanceof ConnectorError) throw connectorFailed(error.message);
    throw error;
  }
}
