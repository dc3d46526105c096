import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findOutcomeKpiLink } from '../../db/repositories/decision-outcome-kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { OutcomeKpiUseCaseDeps } from './deps';
import { presentOutcomeKpiLink, readDecisionForLink } from './outcome-kpi-records';

export async function getOutcomeKpiLink(
  { db }: OutcomeKpiUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  linkId: string,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const decision = await readDecisionForLink(scope, id);
    const link = isIdOf('decisionOutcomeKpi', linkId) ? await findOutcomeKpiLink(scope, id, linkId) : undefined;
    if (!link) throw notFound('outcome KPI link', linkId);
    return presentOutcomeKpiLink(link, decision);
  });
}
