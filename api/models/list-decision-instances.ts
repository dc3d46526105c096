import { validationFailed } from '../../core/app-error';
import type { PageRequest } from '../../db/pagination';
import { searchDecisionInstances, type InstanceSearch } from '../../db/repositories/decision-instances';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentDecisionInstance } from './decision-instance-presenter';
import type { ModelUseCaseDeps } from './deps';

export interface DecisionInstanceQuery {
  model_id?: string;
  version?: string;
  correlation_id?: string;
  rule?: string;
  output?: Record<string, string>;
  from?: string;
  to?: string;
  status?: 'succeeded' | 'failed';
  source?: InstanceSearch['source'];
}

/** An output filter's value: JSON when it reads as JSON (`true`, `42`, `"x"`), and its text too, either matching. */
function outputValues(text: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'string' ? [parsed] : [parsed, text];
  } catch {
    return [text];
  }
}

/**
 * `GET /decision-instances`: the tenant's recorded evaluations, newest first, by model and version, correlation id,
 * a rule or branch hit (`rule=<node>:<rule>`), output values (`output[<field>]=<value>`), time, status and source.
 * Another tenant's are never seen (row-level security under the tenant's transaction).
 */
export async function listDecisionInstances(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  query: DecisionInstanceQuery,
  page: PageRequest,
) {
  const from = query.from !== undefined ? new Date(query.from) : undefined;
  const to = query.to !== undefined ? new Date(query.to) : undefined;
  if (from && to && from >= to) throw validationFailed([{ path: '/query/to', message: 'must be later than from' }]);
  if (query.version !== undefined && query.model_id === undefined)
    throw validationFailed([{ path: '/query/version', message: 'needs model_id' }]);
  if (query.rule !== undefined && !/^[^:]+:.+$/.test(query.rule))
    throw validationFailed([{ path: '/query/rule', message: 'must be <node id>:<rule id> (or <node id>:#<index>)' }]);
  const search: InstanceSearch = {
    ...(query.model_id !== undefined ? { modelId: query.model_id } : {}),
    ...(query.version !== undefined ? { version: query.version } : {}),
    ...(query.correlation_id !== undefined ? { correlationId: query.correlation_id } : {}),
    ...(query.rule !== undefined ? { hit: query.rule } : {}),
    ...(query.output !== undefined
      ? {
          outputs: Object.entries(query.output).map(([field, value]) => ({ field, values: outputValues(value) })),
        }
      : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.source !== undefined ? { source: query.source } : {}),
  };
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) =>
    searchDecisionInstances(scope, search, page),
  );
  return { object: 'list' as const, data: rows.map(presentDecisionInstance), next_cursor: nextCursor };
}
