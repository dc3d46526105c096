import { DecisionModelRecord } from '../records/decision-model';
import { scoped, type TenantScope } from '../tenant-scope';

/** The published version of each of these tenant models (null: none published yet), in one query. */
export async function findPublishedVersions(
  scope: TenantScope,
  modelIds: string[],
): Promise<Map<string, number | null>> {
  if (modelIds.length === 0) return new Map();
  const rows = (await scoped(scope, DecisionModelRecord)
    .whereIn('models.id', modelIds)
    .select('models.id', 'models.published_version')) as DecisionModelRecord[];
  return new Map(rows.map((row) => [row.id, row.published_version]));
}
