/**
 * Two measurements behind the expression sandbox's design ("Tenant expressions" in docs/architecture.md).
 *
 *   npx tsx scripts/bench/expression-sandbox.ts
 *
 * 1. Does `worker.terminate()` stop a pathological zen-engine expression? It runs in native code, which V8 cannot
 *    interrupt: the measured time until the terminated worker is really gone is about the whole evaluation.
 * 2. What mapping 100,000 records costs in-process (compiled once) and through the sandbox (pages of 1,000, one call
 *    per page, as a sync does).
 */
import { Worker } from 'node:worker_threads';
import { EMPLOYEES_DATASET } from '../../integrations/datasets';
import { createExpressionSandbox } from '../../integrations/expression-sandbox';
import { compileMapping, type FieldMappingDefinition } from '../../integrations/field-mapping';

const PROBE = 'sum(map([0..10000], sum(map([0..10000], #)))) * 0';
const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

async function terminateProbe(): Promise<void> {
  const zen = require.resolve('@gorules/zen-engine');
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads'); const { evaluateExpressionSync } = require(${JSON.stringify(zen)});
     parentPort.postMessage('started'); evaluateExpressionSync(${JSON.stringify(PROBE)}, {}); parentPort.postMessage('finished');`,
    { eval: true },
  );
  const started = process.hrtime.bigint();
  await new Promise((resolve) => worker.once('message', resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const asked = process.hrtime.bigint();
  await worker.terminate();
  console.log(
    `worker.terminate() 0.5 s into the probe's expression: the thread was gone ${seconds(asked).toFixed(2)} s later (${seconds(started).toFixed(2)} s after it started)`,
  );

  const sandbox = createExpressionSandbox({ budgetMs: 500, processes: 1 });
  await sandbox.evaluateCondition('1 < 2', {});
  const killedAt = process.hrtime.bigint();
  await sandbox.evaluateCondition(PROBE, {}).catch(() => undefined);
  console.log(
    `sandbox with a 0.5 s budget: the probe's call rejected ${seconds(killedAt).toFixed(2)} s after it was sent (process SIGKILLed)`,
  );
  await sandbox.close();
}

async function mappingCost(): Promise<void> {
  const mapping: FieldMappingDefinition = {
    stream: 's',
    target: 'employees',
    fields: {
      employee_id: { source: 'id' },
      name: { transforms: [{ type: 'concat', fields: ['first', 'last'], separator: ' ' }] },
      employment_type: {
        source: 'kind',
        transforms: [{ type: 'value_map', values: { FT: 'full_time', PT: 'part_time' } }],
      },
      start_date: { source: 'hired', transforms: [{ type: 'date_format', format: 'MM/DD/YYYY' }] },
      salary: {
        source: 'pay',
        transforms: [
          { type: 'cast', to: 'number' },
          { type: 'expression', expression: 'value * 12' },
        ],
      },
      status: { default: 'active' },
    },
  };
  const records = Array.from({ length: 100_000 }, (_, i) => ({
    id: i,
    first: 'Ada',
    last: `L${i}`,
    kind: i % 2 ? 'FT' : 'PT',
    hired: '02/29/2024',
    pay: String(1000 + i),
  }));
  const compiled = compileMapping(mapping, EMPLOYEES_DATASET);
  let started = process.hrtime.bigint();
  for (const record of records) compiled.map(record);
  console.log(`in-process: 100,000 records in ${seconds(started).toFixed(2)} s`);

  const sandbox = createExpressionSandbox({ budgetMs: 10_000, processes: 2 });
  await sandbox.evaluateCondition('1 < 2', {});
  for (const pageSize of [1000, 5000]) {
    started = process.hrtime.bigint();
    for (let offset = 0; offset < records.length; offset += pageSize) {
      await sandbox.run('mapRecords', {
        mapping,
        target: EMPLOYEES_DATASET,
        records: records.slice(offset, offset + pageSize),
        mark: false,
      });
    }
    console.log(`sandbox, pages of ${pageSize} one after another: 100,000 records in ${seconds(started).toFixed(2)} s`);
  }
  await sandbox.close();
}

void (async () => {
  await terminateProbe();
  await mappingCost();
})();
