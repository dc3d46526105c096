import type { RequestContext } from '../context';
import { notFound } from '../../core/app-error';
import { findScenario, nextAuditEvent, updateScenario } from '../../db/repositories/scenarios';
import { inTenantTransaction } from '../../db/tenant-scope';
import { recordEvent } from '../../db/repositories/events';
import type { ScenarioUseCaseDeps } from './deps';
import { requireScenarioId } from './scenario-records';

/** Soft delete: the row stays (with a `deleted` audit event) but is gone from every read and list. */
export async function deleteScenario({ db }: ScenarioUseCaseDeps, context: RequestContext, id: string): Promise<void> {
  requireScenarioId(id);
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    const scenario = await findScenario(scope, id, { forUpdate: true });
    if (!scenario) throw notFound('scenario', id);
    const trail = [...scenario.audit_trail];
    trail.push(
      nextAuditEvent(trail, {
        event: 'deleted',
        at: new Date().toISOString(),
        actor: context.actor,
        recorded_by: 'api',
        details: { request_id: context.requestId },
      }),
    );
    const deletedAt = new Date();
    await updateScenario(scope, id, { deleted_at: deletedAt, audit_trail: trail });
    await recordEvent(scope, 'scenario.deleted', {
      scenario: { id, deleted_at: deletedAt.toISOString() },
      actor: context.actor,
    });
  });
}
