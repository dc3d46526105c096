import { newId } from '../../core/ids';
import type { IntegrationRecord } from '../../db/records/integration';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findIntegration, insertIntegration } from '../../db/repositories/integrations';
import { requestIntegrationScheduleChange } from '../../db/repositories/schedule-reconciliation';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { checkSchedule } from './integration-schedule';
import { presentIntegration } from './presenter';
import type { CreateIntegrationRequest } from '../openapi/request-types.generated';
import type { IntegrationUseCaseDeps } from './deps';

export async function createIntegration(
  { db, config, connections, schedules }: IntegrationUseCaseDeps,
  context: RequestContext,
  body: CreateIntegrationRequest,
) {
  const credentials = body.credentials ?? {};
  const configuration = connections.validateSettings(body.connector_type, body.config, credentials);
  const schedule = body.schedule ? checkSchedule(body.schedule, config.integrationScheduleMinIntervalSeconds) : null;
  const status = body.status ?? 'active';
  const created = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const record = await insertIntegration(scope, {
      id: newId('integration'),
      name: body.name,
      connector_type: body.connector_type,
      config: configuration,
      ...connections.sealed(credentials),
      status,
      schedule,
      created_by: context.actor,
    });
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'integration.created',
      resourceType: 'integration',
      resourceId: record.id,
      payload: { name: record.name, connector_type: record.connector_type, config: record.config, status, schedule },
    });
    if (!schedule) return presentIntegration(record);
    // The Temporal Schedule follows from the row, after the commit (schedule_status pending until it does).
    await requestIntegrationScheduleChange(scope, record.id);
    return presentIntegration((await findIntegration(scope, record.id)) as IntegrationRecord);
  });
  if (created.schedule_status === 'pending') schedules.reconcileSoon(created.id);
  return created;
}
