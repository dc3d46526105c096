import { evaluateJdm, loadJdmGraph } from '../../decision/jdm';
import { compileDmn, evaluateDmn, inputsFromJson } from '../../decision/dmn';
import { percentile, postRepeatedly } from './http-load';
import type { BenchServices } from './services';

/**
 * One decision table written twice: 100 first-hit rules on five inputs, as DMN XML and as the equivalent JDM graph.
 * Rule i tests every input with a bound derived from i, so a request matches somewhere across the whole table and
 * the engines scan, on average, half of it.
 */
const RULES = 100;
const REGIONS = ['north', 'south', 'east', 'west'];
const ruleCells = (i: number, ruleCount: number) => ({
  age: `>= ${18 + (i % 40)}`,
  income: `< ${20_000 + i * 1_000}`,
  region: i % 5 === 0 ? null : `"${REGIONS[i % 4]}"`,
  score: i % 3 === 0 ? null : `> ${300 + (i % 50) * 10}`,
  member: i % 7 === 0 ? null : i % 2 === 0 ? 'true' : 'false',
  rate: ((ruleCount - i) / 1000).toFixed(3),
});

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function benchDmnXml(ruleCount = RULES): string {
  const inputs: Array<[string, string]> = [
    ['age', 'number'],
    ['income', 'number'],
    ['region', 'string'],
    ['score', 'number'],
    ['member', 'boolean'],
  ];
  const rules = Array.from({ length: ruleCount }, (_, i) => {
    const cells = ruleCells(i, ruleCount);
    const entries = [cells.age, cells.income, cells.region, cells.score, cells.member]
      .map((cell, column) => `<inputEntry id="r${i}c${column}"><text>${escapeXml(cell ?? '-')}</text></inputEntry>`)
      .join('');
    return `<rule id="rule-${i}">${entries}<outputEntry id="r${i}o"><text>${cells.rate}</text></outputEntry></rule>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20230324/MODEL/" namespace="https://example.com/bench/rates" name="Bench rates" id="bench-rates">
${inputs.map(([name, type]) => `<inputData id="in-${name}" name="${name}"><variable name="${name}" typeRef="${type}"/></inputData>`).join('\n')}
<decision id="rate" name="Rate">
  <variable name="Rate" typeRef="number"/>
  ${inputs.map(([name]) => `<informationRequirement id="req-${name}"><requiredInput href="#in-${name}"/></informationRequirement>`).join('')}
  <decisionTable id="rate-table" hitPolicy="FIRST">
    ${inputs.map(([name, type]) => `<input id="col-${name}" label="${name}"><inputExpression id="expr-${name}" typeRef="${type}"><text>${name}</text></inputExpression></input>`).join('')}
    <output id="out-rate" name="rate" typeRef="number"/>
    ${rules}
  </decisionTable>
</decision>
</definitions>`;
}

export function benchJdmGraph(ruleCount = RULES) {
  const rules = Array.from({ length: ruleCount }, (_, i) => {
    const cells = ruleCells(i, ruleCount);
    return {
      _id: `rule-${i}`,
      age: cells.age,
      income: cells.income,
      region: cells.region ?? '',
      score: cells.score ?? '',
      member: cells.member ?? '',
      rate: cells.rate,
    };
  });
  return {
    nodes: [
      { id: 'request', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
      {
        id: 'table',
        type: 'decisionTableNode',
        name: 'Rate',
        position: { x: 200, y: 0 },
        content: {
          hitPolicy: 'first',
          inputs: ['age', 'income', 'region', 'score', 'member'].map((field) => ({ id: field, name: field, field })),
          outputs: [{ id: 'rate', name: 'Rate', field: 'Rate' }],
          rules,
        },
      },
      { id: 'response', type: 'outputNode', name: 'Response', position: { x: 400, y: 0 } },
    ],
    edges: [
      { id: 'e1', type: 'edge', sourceId: 'request', targetId: 'table' },
      { id: 'e2', type: 'edge', sourceId: 'table', targetId: 'response' },
    ],
  };
}

export const benchDmnInputs = (i: number) => ({
  age: 18 + (i % 60),
  income: 15_000 + ((i * 7_919) % 120_000),
  region: REGIONS[i % 4] as string,
  score: 300 + ((i * 31) % 550),
  member: i % 2 === 0,
});

async function perSecond(items: number, evaluate: (i: number) => unknown | Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(items, 2_000); i++) await evaluate(i);
  const started = performance.now();
  for (let i = 0; i < items; i++) await evaluate(i);
  return items / ((performance.now() - started) / 1000);
}

/**
 * The 100-rule, 5-input table in-process (the DMN engine beside zen-engine on the equivalent JDM table, one item at a
 * time), then the DMN table through `POST /models/{id}/evaluate` in batches.
 */
export async function benchDmnEvaluation(
  services: BenchServices,
  key: string,
  options: { items: number; requests: number; connections: number },
): Promise<void> {
  const xml = benchDmnXml();
  const model = compileDmn(xml);
  const loaded = await loadJdmGraph(benchJdmGraph());
  if (!loaded.ok) throw new Error(loaded.errors[0]?.message);
  // The engines must agree before their speeds are worth comparing.
  for (let i = 0; i < 500; i++) {
    const dmn = evaluateDmn(model, inputsFromJson(model, benchDmnInputs(i)).inputs).values.get('Rate');
    const jdm = (await evaluateJdm(loaded.decision, benchDmnInputs(i))).result.Rate as number | undefined;
    if (String(dmn ?? null) !== String(jdm ?? null))
      throw new Error(`the engines disagree on item ${i}: DMN ${String(dmn)}, JDM ${String(jdm)}`);
  }
  const floorItems = options.items * 20;
  const dmnPerSecond = await perSecond(floorItems, (i) =>
    evaluateDmn(model, inputsFromJson(model, benchDmnInputs(i)).inputs),
  );
  const jdmPerSecond = await perSecond(floorItems, (i) => evaluateJdm(loaded.decision, benchDmnInputs(i)));

  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const created = await fetch(`${services.baseUrl}/api/v1/models`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench DMN rates', category: 'pricing', dmn: xml }),
  });
  if (created.status !== 201)
    throw new Error(`creating the DMN bench model answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
  const { id } = (await created.json()) as { id: string };
  const body = JSON.stringify({
    version: '1',
    items: Array.from({ length: options.items }, (_, i) => ({ inputs: benchDmnInputs(i) })),
  });
  const post = async () => {
    const answer = await fetch(`${services.baseUrl}/api/v1/models/${id}/evaluate`, { method: 'POST', headers, body });
    if (answer.status !== 200)
      throw new Error(`evaluate answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    const result = (await answer.json()) as { results: Array<{ outputs?: Record<string, unknown> }> };
    if (result.results.length !== options.items || result.results.some((r) => r.outputs?.Rate === undefined))
      throw new Error('a batch came back incomplete');
  };
  for (let i = 0; i < 3; i++) await post();
  const { seconds: httpSeconds, latencies } = await postRepeatedly(post, options);
  console.log(`\n## DMN decision table: ${RULES} rules, 5 inputs, first hit`);
  console.log('| measure | evaluations/s | p50 | p95 |');
  console.log('|---|---:|---:|---:|');
  console.log(`| DMN engine in-process, one item at a time (${floorItems} items) | ${Math.round(dmnPerSecond)} | | |`);
  console.log(
    `| zen-engine in-process on the equivalent JDM table, one item at a time (${floorItems} items) | ${Math.round(jdmPerSecond)} | | |`,
  );
  console.log(
    `| DMN over HTTP (POST /models/{id}/evaluate, ${options.items}-item batches, ${options.requests} batches, ${options.connections} connection(s)) | ` +
      `${Math.round((options.requests * options.items) / httpSeconds)} | ${percentile(latencies, 0.5).toFixed(0)} ms | ${percentile(latencies, 0.95).toFixed(0)} ms |`,
  );
}
