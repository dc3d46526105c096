import type { Knex } from 'knex';
import { newId } from '../../core/ids';

/**
 * Completed live runs written straight to the scenarios table (thousands in a second), as if `version` had run them:
 * `run(i)` gives the i-th run's inputs and stored metrics. Later runs complete later. Answers their ids, oldest first.
 */
export async function seedCompletedRuns(
  db: Knex,
  options: {
    tenantId: string;
    modelId: string;
    version: number;
    count: number;
    run: (index: number) => { inputs: Record<string, string | number>; metrics: Record<string, string | number> };
  },
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
