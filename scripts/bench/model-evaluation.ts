import { evaluateJdm, loadJdmGraph } from '../../decision/jdm';
import { percentile, postRepeatedly } from './http-load';
import type { BenchServices } from './services';

/** A tenant model: a first-hit decision table of 12 rules on two inputs, then an expression on its result (the rate as a percentage). */
const TABLE_RULES = Array.from({ length: 12 }, (_, index) => ({
  _id: `band-${index}`,
  tier: index < 4 ? '"gold"' : index < 8 ? '"silver"' : '"bronze"',
  qty: `< ${(index % 4) * 50 + 50}`,
  rate: String(((12 - index) / 100).toFixed(2)),
}));
export const GRAPH = {
  nodes: [
    { id: 'request', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
    {
      id: 'table',
      type: 'decisionTableNode',
      name: 'Discount band',
      position: { x: 200, y: 0 },
      content: {
        hitPolicy: 'first',
        inputs: [
          { id: 'tier', name: 'Tier', field: 'tier' },
          { id: 'qty', name: 'Quantity', field: 'quantity' },
        ],
        outputs: [{ id: 'rate', name: 'Rate', field: 'rate' }],
        rules: [...TABLE_RULES, { _id: 'default', tier: '', qty: '', rate: '0' }],
      },
    },
    {
      id: 'total',
      type: 'expressionNode',
      name: 'Total',
      position: { x: 400, y: 0 },
      content: { expressions: [{ id: 'percent', key: 'percent', value: 'rate * 100' }] },
    },
    { id: 'response', type: 'outputNode', name: 'Response', position: { x: 600, y: 0 } },
  ],
  edges: [
    { id: 'e1', type: 'edge', sourceId: 'request', targetId: 'table' },
    { id: 'e2', type: 'edge', sourceId: 'table', targetId: 'total' },
    { id: 'e3', type: 'edge', sourceId: 'total', targetId: 'response' },
  ],
};
export const MODEL = {
  name: 'Bench discount bands',
  category: 'pricing',
  input_schema: {
    type: 'object',
    required: ['tier', 'quantity'],
    properties: {
      tier: { type: 'string', enum: ['gold', 'silver', 'bronze'] },
      quantity: { type: 'integer', minimum: 1, maximum: 1000 },
    },
  },
  output_schema: { type: 'object', required: ['percent'], properties: { percent: { type: 'number' } } },
  graph: GRAPH,
  sample_inputs: { tier: 'gold', quantity: 10 },
};
const TIERS = ['gold', 'silver', 'bronze'];
export const inputsOf = (i: number) => ({ tier: TIERS[i % 3] as string, quantity: (i % 250) + 1 });

/**
 * `POST /models/{id}/evaluate` with 1,000-item batches over HTTP (auth, rate limits, validation, the sandbox round
 * trip), beside the in-process floor: the same graph evaluated by zen-engine in this process, one item at a time.
 */
export async function benchModelEvaluation(
  services: BenchServices,
  key: string,
  options: { items: number; requests: number; connections: number; suiteRuns: number },
): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const created = await fetch(`${services.baseUrl}/api/v1/models`, {
    method: 'POST',
    headers,
    body: JSON.stringify(MODEL),
  });
  if (created.status !== 201)
    throw new Error(`creating the bench model answered ${created.status}: ${await created.text()}`);
  const model = (await created.json()) as { id: string };

  const loaded = await loadJdmGraph(GRAPH);
  if (!loaded.ok) throw new Error(loaded.errors[0]?.message);
  const floorItems = options.items * 5;
  for (let i = 0; i < 1000; i++) await evaluateJdm(loaded.decision, inputsOf(i));
  let started = performance.now();
  for (let i = 0; i < floorItems; i++) await evaluateJdm(loaded.decision, inputsOf(i));
  const floorSeconds = (performance.now() - started) / 1000;
  // The engine evaluates on its own native threads: a batch's items in flight together is the engine's best case.
  started = performance.now();
  for (let offset = 0; offset < floorItems; offset += options.items) {
    await Promise.all(
      Array.from({ length: options.items }, (_, i) => evaluateJdm(loaded.decision, inputsOf(offset + i))),
    );
  }
  const concurrentFloorSeconds = (performance.now() - started) / 1000;

  const body = JSON.stringify({
    version: '1',
    items: Array.from({ length: options.items }, (_, i) => ({ inputs: inputsOf(i) })),
  });
  const post = async () => {
    const answer = await fetch(`${services.baseUrl}/api/v1/models/${model.id}/evaluate`, {
      method: 'POST',
      headers,
      body,
    });
    if (answer.status !== 200)
      throw new Error(`evaluate answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    const result = (await answer.json()) as { results: Array<{ outputs?: unknown }> };
    if (result.results.length !== options.items || result.results.some((r) => r.outputs === undefined))
      throw new Error('a batch came back incomplete');
  };
  for (let i = 0; i < 3; i++) await post();
  const { seconds: httpSeconds, latencies } = await postRepeatedly(post, options);
  const evaluations = options.requests * options.items;
  console.log(
    `\n## Model evaluation (POST /models/{id}/evaluate, ${options.items}-item batches, ${options.connections} connection(s))`,
  );
  console.log('| measure | evaluations/s | p50 | p95 |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| over HTTP, ${options.requests} batches | ${Math.round(evaluations / httpSeconds)} | ${percentile(latencies, 0.5).toFixed(0)} ms | ${percentile(latencies, 0.95).toFixed(0)} ms |`,
  );
  console.log(
    `| in-process floor (zen-engine, one item at a time, ${floorItems} items) | ${Math.round(floorItems / floorSeconds)} | | |`,
  );
  console.log(
    `| in-process floor (zen-engine, ${options.items} items in flight, ${floorItems} items) | ${Math.round(floorItems / concurrentFloorSeconds)} | | |`,
  );

  // A suite of 1,000 cases whose expected outputs are the engine's own (so every case passes), run again and again.
  const cases = await Promise.all(
    Array.from({ length: 1000 }, async (_, i) => ({
      name: `case ${i}`,
      inputs: inputsOf(i),
      expected: { percent: (await evaluateJdm(loaded.decision, inputsOf(i))).result.percent },
      tolerances: { percent: { absolute: 1e-9 } },
    })),
  );
  const imported = await fetch(`${services.baseUrl}/api/v1/models/${model.id}/test-cases/import`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ cases }),
  });
  if (imported.status !== 201)
    throw new Error(`importing the suite answered ${imported.status}: ${(await imported.text()).slice(0, 300)}`);
  const suiteRuns: number[] = [];
  for (let i = 0; i < options.suiteRuns + 2; i++) {
    const sent = performance.now();
    const run = await fetch(`${services.baseUrl}/api/v1/models/${model.id}/test-runs`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    const report = (await run.json()) as {
      status: string;
      passed: number;
      coverage: { rule_coverage_percent: number };
    };
    if (run.status !== 201 || report.status !== 'passed' || report.passed !== 1000)
      throw new Error(`a suite run answered ${run.status}: ${JSON.stringify(report).slice(0, 300)}`);
    if (i >= 2) suiteRuns.push(performance.now() - sent);
  }
  suiteRuns.sort((a, b) => a - b);
  console.log(
    `\n## A 1,000-case test suite (POST /models/{id}/test-runs, ${options.suiteRuns} runs after 2 warm-up runs; goal p95 ≤ 2 s)`,
  );
  console.log(
    `p50 ${percentile(suiteRuns, 0.5).toFixed(0)} ms, p95 ${percentile(suiteRuns, 0.95).toFixed(0)} ms, max ${(suiteRuns[suiteRuns.length - 1] ?? 0).toFixed(0)} ms`,
  );
}
