import { notFound } from '../../core/app-error';
import { decisionNotApproved } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import { deleteOutcomeKpiLink, findOutcomeKpiLink } from '../../db/repositories/decision-outcome-kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { OutcomeKpiUseCaseDeps } from './deps';
import { announceOutcomeKpiChange, readDecisionForLink } from './outcome-kpi-records';
import { isRecordable } from './outcome-records';

/** Removes a link: the metric takes outcomes recorded by hand again (those recorded before it was linked show again). */
export async function unlinkOutcomeKpi(
  { db }: OutcomeKpiUseCaseDeps,
  context: RequestContext,
  id: string,
  linkId: string,
): Promise<void> {
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readDecisionForLink(scope, id, { forUpdate: true });
    const link = isIdOf('decisionOutcomeKpi', linkId) ? await findOutcomeKpiLink(scope, id, linkId) : undefined;
    if (!link) throw notFound('outcome KPI link', linkId);
    if (!isRecordable(decision.status)) throw decisionNotApproved(decision.status);
    await deleteOutcomeKpiLink(scope, id, linkId);
    await announceOutcomeKpiChange(scope, context, decision, link, 'unlinked');
  });
}
