import { validationFailed } from '../../core/app-error';
import type { JdmGraph } from '../../decision/jdm';
import { ruleInventory } from '../../decision/rule-inventory';
import { ruleHitSeries } from '../../db/repositories/decision-instances';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { refuseBuiltin } from './model-records';
import { resolveModel } from './resolve-model';
import { coverageGraphOf } from './test-suite-judging';

const DAY_MS = 86_400_000;
/** The longest range per bucket: 31 days of hours, 366 of days. */
const MAX_RANGE_MS = { hour: 31 * DAY_MS, day: 366 * DAY_MS } as const;

/**
 * `GET /models/{id}/versions/{version}/rule-hits`: over a time range (default the last 30 days), the evaluations
 * recorded of the version and the hits of every rule and switch branch, in total and per bucket (UTC hours or days),
 * with the rules never hit. Read from the hourly counts written with the instances (never from the instances), so
 * the range is taken to whole hours.
 */
export async function getRuleHits(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  version: string,
  query: { from?: string; to?: string; bucket?: 'hour' | 'day' },
) {
  refuseBuiltin(id);
  const bucket = query.bucket ?? 'day';
  const to = query.to !== undefined ? new Date(query.to) : new Date();
  const from = query.from !== undefined ? new Date(query.from) : new Date(to.getTime() - 30 * DAY_MS);
  if (from >= to) throw validationFailed([{ path: '/query/to', message: 'must be later than from' }]);
  if (to.getTime() - from.getTime() > MAX_RANGE_MS[bucket])
    throw validationFailed([
      {
        path: '/query/from',
        message: `a range of ${bucket === 'hour' ? '31 days' : '366 days'} at most with bucket=${bucket}`,
      },
    ]);
  const model = await resolveModel(deps, context.tenantId, id, version, {
    forRun: false,
    inUrl: true,
    versionField: '/version',
  });
  const hourFloor = (date: Date) => new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);
  const rows = await inTenantTransaction(
    deps.db,
    context.tenantId,
    (scope) => ruleHitSeries(scope, { modelId: id, version: model.version, from: hourFloor(from), to: to, bucket }),
    { readOnly: true },
  );
  const graph: JdmGraph = await coverageGraphOf(deps, model.content?.graph);
  const totals = new Map<string, number>();
  const series = new Map<string, { bucket: string; evaluations: number; hits: Record<string, number> }>();
  let evaluations = 0;
  for (const row of rows) {
    const at = new Date(row.bucket).toISOString();
    const point = series.get(at) ?? series.set(at, { bucket: at, evaluations: 0, hits: {} }).get(at)!;
    if (row.kind === 'evaluations') {
      point.evaluations += row.hits;
      evaluations += row.hits;
      continue;
    }
    const key = `${row.node_id}:${row.rule}`;
    point.hits[key] = (point.hits[key] ?? 0) + row.hits;
    totals.set(key, (totals.get(key) ?? 0) + row.hits);
  }
  const nodes = ruleInventory(graph).map((node) => ({
    node_id: node.node_id,
    name: node.name,
    kind: node.kind,
    rules: node.rules.map((rule) => ({
      rule: rule.rule,
      index: rule.index,
      label: rule.label,
      hits: totals.get(`${node.node_id}:${rule.rule}`) ?? 0,
    })),
  }));
  return {
    object: 'rule_hits' as const,
    model_id: id,
    version: model.version,
    from: hourFloor(from).toISOString(),
    to: to.toISOString(),
    bucket,
    evaluations,
    nodes,
    never_hit: nodes.flatMap((node) =>
      node.rules
        .filter((rule) => rule.hits === 0)
        .map((rule) => ({ node_id: node.node_id, rule: rule.rule, label: rule.label })),
    ),
    series: [...series.values()].sort((a, b) => a.bucket.localeCompare(b.bucket)),
  };
}
