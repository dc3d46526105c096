import type { Knex } from 'knex';
import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import type { LinkDecisionOutcomeKpiRequest } from '../openapi/request-types.generated';
import type { OutcomeKpiUseCaseDeps } from './deps';
import { getOutcomeKpiLink } from './get-outcome-kpi-link';
import { linkOutcomeKpi } from './link-outcome-kpi';
import { listOutcomeKpiLinks } from './list-outcome-kpi-links';
import { unlinkOutcomeKpi } from './unlink-outcome-kpi';

export { presentOutcomeKpiLink } from './outcome-kpi-records';

/**
 * Links between a decision's outcome metrics and the KPIs that feed them (the summary reads the KPI's points for a
 * linked metric). Linking and unlinking follow the outcomes' rules: only while the decision is approved or implemented,
 * audited and announced in the transaction that makes the change.
 */
export function createDecisionOutcomeKpiService(deps: { db: Knex }) {
  const useCases: OutcomeKpiUseCaseDeps = { db: deps.db };
  return {
    link: (context: RequestContext, id: string, body: LinkDecisionOutcomeKpiRequest) =>
      linkOutcomeKpi(useCases, context, id, body),
    list: (context: RequestContext, id: string, page: PageRequest) => listOutcomeKpiLinks(useCases, context, id, page),
    get: (context: RequestContext, id: string, linkId: string) => getOutcomeKpiLink(useCases, context, id, linkId),
    unlink: (context: RequestContext, id: string, linkId: string) => unlinkOutcomeKpi(useCases, context, id, linkId),
  };
}

export type DecisionOutcomeKpiService = ReturnType<typeof createDecisionOutcomeKpiService>;
