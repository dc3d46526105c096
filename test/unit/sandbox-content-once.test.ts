import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ContentNotLoadedError, SANDBOX_TASKS } from '../../integrations/expression-sandbox/tasks';

/** A one-table graph: `tier` "gold" gets 0.2, anything else 0. */
const GRAPH = {
  nodes: [
    { id: 'in', type: 'inputNode', name: 'In', position: { x: 0, y: 0 } },
    {
      id: 'table',
      type: 'decisionTableNode',
      name: 'Rate',
      position: { x: 200, y: 0 },
      content: {
        hitPolicy: 'first',
        inputs: [{ id: 'tier', name: 'Tier', field: 'tier' }],
        outputs: [{ id: 'rate', name: 'Rate', field: 'rate' }],
        rules: [
          { _id: 'gold', tier: '"gold"', rate: '0.2' },
          { _id: 'other', tier: '', rate: '0' },
        ],
      },
    },
    { id: 'out', type: 'outputNode', name: 'Out', position: { x: 400, y: 0 } },
  ],
  edges: [
    { id: 'e1', type: 'edge', sourceId: 'in', targetId: 'table' },
    { id: 'e2', type: 'edge', sourceId: 'table', targetId: 'out' },
  ],
};

describe('the sandbox takes a tenant model content once per process', () => {
  it('refuses a key it has not compiled, then evaluates by key alone once given the content', async () => {
    const key = `mdl_test@1#${Math.random().toString(36).slice(2)}`;
    const items = [{ tier: 'gold' }, { tier: 'silver' }];
    await assert.rejects(
      SANDBOX_TASKS.evaluateTenantModelItems({ key, items, trace: false }),
      (error: unknown) => error instanceof ContentNotLoadedError && error.name === 'ContentNotLoadedError',
    );
    const first = await SANDBOX_TASKS.evaluateTenantModelItems({ key, graph: GRAPH, items, trace: false });
    const again = await SANDBOX_TASKS.evaluateTenantModelItems({ key, items, trace: false });
    const outputs = (results: typeof first) => results.map((item) => (item.ok ? item.outputs : item.message));
    assert.deepEqual(outputs(first), [{ rate: 0.2 }, { rate: 0 }]);
    assert.deepEqual(outputs(again), outputs(first));
  });
});
