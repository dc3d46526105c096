import type { Knex } from 'knex';
import { newId } from '../../core/ids';

/**
 * Until the review flow lands: makes `version` the model's published version directly in the database (what an
 * approved release will do through the API), retiring the one published before. The one place to change then.
 */
export async function publishForTest(stack: { db: Knex }, modelId: string, version: number): Promise<void> {
  // until the review flow lands
  const now = new Date();
  await stack.db.transaction(async (trx) => {
    await trx('model_versions').where({ model_id: modelId, status: 'published' }).update({ status: 'retired', retired_at: now, updated_at: now });
    await trx('model_versions').where({ model_id: modelId, version }).update({ status: 'published', published_at: now, updated_at: now });
    await trx('models').where({ id: modelId }).update({ published_version: version, updated_at: now });
  });
}

/**
 * Completed live runs written straight to the scenarios table (thousands in a second), as if `version` had run them:
 * `run(i)` gives the i-th run's inputs and stored metrics. Later runs complete later. Answers their ids, oldest first.
 */
export async function seedCompletedRuns(
  db: Knex,
  options: { tenantId: string; modelId: string; version: number; count: number; run: (index: number) => { inputs: Record<string, string | number>; metrics: Record<string, string | number> } },
): Promise<string[]> {
  const ids: string[] = [];
  const start = Date.now() - options.count;
  const actor = { type: 'system', id: 'test' };
  for (let from = 0; from < options.count; from += 1000) {
    const rows = [];
    for (let index = from; index < Math.min(options.count, from + 1000); index++) {
      const id = newId('scenario');
      ids.push(id);
      const { inputs, metrics } = options.run(index);
      rows.push({
        id,
        tenant_id: options.tenantId,
        model_id: options.modelId,
        model_version: String(options.version),
        status: 'completed',
        inputs: JSON.stringify(inputs),
        metrics: JSON.stringify(metrics),
        audit_trail: '[]',
        inputs_sha256: 'seeded',
        created_by: JSON.stringify(actor),
        completed_at: new Date(start + index),
      });
    }
    await db('scenarios').insert(rows);
  }
  return ids;
}
