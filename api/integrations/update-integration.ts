import { notFound } from '../../core/app-error';
import type { IntegrationRecord } from '../../db/records/integration';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findIntegration, updateIntegration } from '../../db/repositories/integrations';
import { requestIntegrationScheduleChange } from '../../db/repositories/schedule-reconciliation';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireIntegrationId } from './integration-connections';
import { checkSchedule } from './integration-schedule';
import { presentIntegration } from './presenter';
import type { UpdateIntegrationRequest } from '../openapi/request-types.generated';
import type { IntegrationUseCaseDeps } from './deps';

export async function updateIntegrationSettings(
  { db, config, connections, schedules }: IntegrationUseCaseDeps,
  context: RequestContext,
  id: string,
  body: UpdateIntegrationRequest,
) {
  requireIntegrationId(id);
  let scheduleChanged = false;
  const updated = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await findIntegration(scope, id, { forUpdate: true });
    if (!current) throw notFound('integration', id);
    // A change of only the schedule or status leaves the settings alone (no credentials opened, no re-validation).
    const settingsChange = Object.keys(body).some((key) => key !== 'schedule' && key !== 'status');
    const credentials = settingsChange ? (body.credentials ?? connections.credentialsOf(current)) : {};
    const configuration = settingsChange
      ? connections.validateSettings(current.connector_type, body.config ?? current.config, credentials)
      : current.config;
    const schedule =
      body.schedule === undefined
        ? current.schedule
        : body.schedule === null
          ? null
          : checkSchedule(body.schedule, config.integrationScheduleMinIntervalSeconds);
    const status = body.status ?? current.status;
    const patch: Partial<IntegrationRecord> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.config !== undefined) patch.config = configuration;
    if (body.credentials !== undefined) Object.assign(patch, connections.sealed(body.credentials));
    if (body.schedule !== undefined) patch.schedule = schedule;
    if (body.status !== undefined) patch.status = status;
    const updated = await updateIntegration(scope, id, patch);
    // Names of what changed, and the new configuration; never the credentials.
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'integration.updated',
      resourceType: 'integration',
      resourceId: id,
      payload: {
        changed: Object.keys(body).sort(),
        ...(body.name !== undefined ? { name: updated.name } : {}),
        ...(body.config !== undefined ? { config: updated.config } : {}),
        ...(body.status !== undefined ? { status } : {}),
        ...(body.schedule !== undefined ? { schedule } : {}),
      },
    });
    // The Temporal Schedule follows from the row after the commit: a new, changed or removed schedule, or a paused
    // or resumed integration that has one.
    scheduleChanged =
      (body.schedule !== undefined && (schedule !== null || current.schedule !== null)) ||
      (schedule !== null && status !== current.status);
    if (!scheduleChanged) return presentIntegration(updated);
    await requestIntegrationScheduleChange(scope, id);
    return presentIntegration((await findIntegration(scope, id)) as IntegrationRecord);
  });
  if (scheduleChanged) schedules.reconcileSoon(id);
  return updated;
}
