import type { IntegrationFieldMappingRecord, IntegrationRecord } from '../../db/records/integration';
import { presentSchedule } from './integration-schedule';

/** Never the credentials: only whether there are any. */
export function presentIntegration(record: IntegrationRecord) {
  return {
    id: record.id,
    object: 'integration' as const,
    name: record.name,
    connector_type: record.connector_type,
    config: record.config,
    has_credentials: record.credentials_ciphertext !== null,
    status: record.status,
    schedule: presentSchedule(record.schedule),
    schedule_status: record.schedule_status,
    schedule_error: record.schedule_error,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export function presentFieldMapping(record: IntegrationFieldMappingRecord) {
  return {
    object: 'field_mapping' as const,
    integration_id: record.integration_id,
    version: record.version,
    stream: record.stream,
    target: record.target,
    fields: record.fields,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
  };
}
