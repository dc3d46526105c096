import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../core/ids';
import { createInstanceRecorder } from '../../db/decision-instance-recorder';
import type { NewDecisionInstance } from '../../db/repositories/decision-instances';
import { waitFor } from '../helpers/wait';
import { createTenantForTest, logger, useDatabase } from './harness';

/** The recorder that writes decision instances off the evaluate path, on a real Postgres. */
describe('decision instance recorder', () => {
  const db = useDatabase();

  const instance = (tenantId: string, modelId: string, correlation: string): NewDecisionInstance => ({
    id: newId('decisionInstance'),
    tenant_id: tenantId,
    model_id: modelId,
    version: '1',
    format: 'jdm',
    source: 'evaluate',
    caller: { type: 'api_key', id: newId('apiKey') },
    idempotency_key: null,
    correlation_id: correlation,
    inputs: { amount: 120 },
    inputs_sha256: 'a'.repeat(64),
    outputs: { discount: 0.1 },
    hits: [{ node_id: 'table', rules: ['rule-2'] }],
    status: 'succeeded',
    error: null,
    duration_ms: 0.1,
    evaluated_at: new Date(),
    receipt: null,
  });
  const stored = async (modelId: string) =>
    Number(
      (
        (await db().raw('select count(*) as n from decision_instances where model_id = ?', [modelId])) as {
          rows: Array<{ n: string }>;
        }
      ).rows[0]?.n,
    );

  it('writes a steady stream once an interval, not a few rows every few milliseconds', async () => {
    const tenant = await createTenantForTest(db());
    const modelId = newId('model');
    const recorder = createInstanceRecorder({ db: db(), logger, options: { flushIntervalMs: 200 } });
    // A row every 5 ms for about a second: each interval's write must take what waited, leaving the rows that arrive
    // while it runs to the next interval (written as they arrived, the stream became a write every few milliseconds).
    const started = Date.now();
    let sent = 0;
    while (Date.now() - started < 1000) {
      await recorder.record([instance(tenant.id, modelId, `stream-${sent++}`)], false);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const elapsed = Date.now() - started;
    await recorder.flush();
    const stats = recorder.stats();
    assert.equal(stats.written, sent);
    assert.equal(await stored(modelId), sent);
    // One write per 200 ms interval that passed, and the flush's: a timer fires late on a busy machine, never early.
    assert.ok(stats.writes <= Math.ceil(elapsed / 200) + 1, `${stats.writes} writes for ${sent} rows in ${elapsed} ms`);
  });

  it('writes a full batch at once and answers a durable record only once its rows are committed', async () => {
    const tenant = await createTenantForTest(db());
    const modelId = newId('model');
    const recorder = createInstanceRecorder({
      db: db(),
      logger,
      options: { flushIntervalMs: 60_000, batchSize: 50 },
    });
    await recorder.record(
      Array.from({ length: 49 }, (_, i) => instance(tenant.id, modelId, `batch-${i}`)),
      false,
    );
    assert.equal(recorder.stats().writes, 0); // not due for a minute, not a full batch
    await recorder.record([instance(tenant.id, modelId, 'batch-49')], false);
    await waitFor('the full batch written', async () => recorder.stats().written === 50);
    assert.equal(await stored(modelId), 50);

    await recorder.record([instance(tenant.id, modelId, 'buffered')], false);
    await recorder.record([instance(tenant.id, modelId, 'durable')], true);
    // The durable row's answer waited for its commit, and took the buffered row before it along.
    assert.equal(await stored(modelId), 52);
    assert.equal(recorder.stats().buffered, 0);
  });
});
