import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ContentNotLoadedError, SANDBOX_TASKS } from '../../integrations/expression-sandbox/tasks';

const GRAPH = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/jdm/discount-by-tier.json'), 'utf8'));

describe('the sandbox takes a tenant model content once per process', () => {
  it('refuses a key it has not compiled, then evaluates by key alone once given the content', async () => {
    const key = `mdl_test@1#${Math.random().toString(36).slice(2)}`;
    const items = [
      { tier: 'gold', quantity: 150 },
      { tier: 'gold', quantity: 5 },
    ];
    await assert.rejects(
      SANDBOX_TASKS.evaluateTenantModelItems({ key, items, trace: false }),
      (error: unknown) => error instanceof ContentNotLoadedError && error.name === 'ContentNotLoadedError',
    );
    const first = await SANDBOX_TASKS.evaluateTenantModelItems({ key, graph: GRAPH, items, trace: false });
    const again = await SANDBOX_TASKS.evaluateTenantModelItems({ key, items, trace: false });
    const outputs = (results: typeof first) => results.map((item) => (item.ok ? item.outputs : item.message));
    assert.deepEqual(outputs(first), [
      { discount: { rate: 0.2 }, segment: 'gold bulk' },
      { discount: { rate: 0.1 }, segment: 'gold' },
    ]);
    assert.deepEqual(outputs(again), outputs(first));
  });
});
