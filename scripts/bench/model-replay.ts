import { evaluateJdm, loadJdmGraph, outputMetrics, type JdmGraph } from '../../decision/jdm';
import { aggregateRuns, mergeAggregates, replayReport, type ReplayedRun } from '../../decision/model-replay';
import type { Knex } from 'knex';
import { seedCompletedRuns } from '../../test/helpers/model-replays';
import { GRAPH, inputsOf, MODEL } from './model-evaluation';
import type { BenchServices } from './services';

/**
 * Bench setup, like the 10,000 runs it seeds: version 1 marked published in Postgres (what an approved review does;
 * test/api/model-lifecycle.test.ts walks the review itself), so the bench measures the replay alone.
 */
async function markPublished(db: Knex, modelId: string, version: number): Promise<void> {
  const now = new Date();
  await db.transaction(async (trx) => {
    await trx('model_versions')
      .where({ model_id: modelId, version })
      .update({ status: 'published', published_at: now, updated_at: now });
    await trx('models').where({ id: modelId }).update({ published_version: version, updated_at: now });
  });
}

/** The draft: every rate of the discount table 10 % higher (so every non-default run changes). */
function draftGraph(): JdmGraph {
  const graph = structuredClone(GRAPH) as unknown as JdmGraph;
  const table = graph.nodes.find((node) => node.type === 'decisionTableNode');
  if (table?.type !== 'decisionTableNode') throw new Error('the bench graph has no decision table');
  for (const rule of table.content.rules) rule.rate = String(Number(rule.rate) * 1.1);
  return graph;
}

/**
 * A replay of `runs` live runs against a draft (POST /models/{id}/replays until the report is there: the snapshot,
 * the workflow, the batches' evaluations in the worker's sandbox, their aggregates in Postgres, the merge), beside
 * the in-process floor: the same evaluations and aggregation in this process, without Temporal or the database.
 * The live runs are written straight to Postgres (version 1's outputs, computed here).
 */
export async function benchModelReplay(services: BenchServices, key: string, options: { runs: number }): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const created = await fetch(`${services.baseUrl}/api/v1/models`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...MODEL, name: 'Bench replay' }),
  });
  if (created.status !== 201)
    throw new Error(`creating the bench model answered ${created.status}: ${await created.text()}`);
  const model = (await created.json()) as { id: string };
  const { name: _name, category: _category, ...upload } = MODEL;
  const draft = await fetch(`${services.baseUrl}/api/v1/models/${model.id}/versions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...upload, graph: draftGraph() }),
  });
  if (draft.status !== 201) throw new Error(`uploading the draft answered ${draft.status}: ${await draft.text()}`);
  await markPublished(services.db, model.id, 1);

  const live = await loadJdmGraph(GRAPH);
  const candidate = await loadJdmGraph(draftGraph());
  if (!live.ok || !candidate.ok) throw new Error('the bench graphs do not load');
  const stored = await Promise.all(
    Array.from({ length: options.runs }, async (_, i) =>
      outputMetrics((await evaluateJdm(live.decision, inputsOf(i))).result),
    ),
  );
  const tenant = (await services.db('models').where({ id: model.id }).first('tenant_id')) as { tenant_id: string };
  await seedCompletedRuns(services.db, {
    tenantId: tenant.tenant_id,
    modelId: model.id,
    version: 1,
    count: options.runs,
    run: (i) => ({ inputs: inputsOf(i), metrics: stored[i] as Record<string, number> }),
  });

  // The floor: each run evaluated against the draft and compared, one at a time, in this process.
  let started = performance.now();
  const replayed: ReplayedRun[] = [];
  for (let i = 0; i < options.runs; i++) {
    const after = outputMetrics((await evaluateJdm(candidate.decision, inputsOf(i))).result);
    replayed.push({
      position: i,
      scenarioId: `run-${i}`,
      outcome: 'evaluated',
      before: stored[i] as Record<string, number>,
      after,
    });
  }
  const floorReport = replayReport(mergeAggregates([aggregateRuns(replayed, { absolute: 1e-9 })]));
  const floorSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const replay = await fetch(`${services.baseUrl}/api/v1/models/${model.id}/replays`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ version: '2', limit: options.runs }),
  });
  if (replay.status !== 202) throw new Error(`starting the replay answered ${replay.status}: ${await replay.text()}`);
  const { id } = (await replay.json()) as { id: string };
  let done: { status: string; report: { runs: number; metrics: Array<{ metric: string; changed: number }> } };
  for (;;) {
    const polled = await fetch(`${services.baseUrl}/api/v1/models/${model.id}/replays/${id}`, { headers });
    done = (await polled.json()) as typeof done;
    if (!['queued', 'running'].includes(done.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const replaySeconds = (performance.now() - started) / 1000;
  const changed = done.report?.metrics.find((m) => m.metric === 'percent')?.changed;
  if (
    done.status !== 'completed' ||
    done.report.runs !== options.runs ||
    changed !== floorReport.metrics.find((m) => m.metric === 'percent')?.changed
  ) {
    throw new Error(
      `the replay ended ${done.status} with a report unlike the floor's: ${JSON.stringify(done).slice(0, 400)}`,
    );
  }
  console.log(
    `\n## A replay of ${options.runs} live runs against a draft (POST /models/{id}/replays until completed; goal ≤ 30 s)`,
  );
  console.log('| measure | wall time | runs/s |');
  console.log('|---|---:|---:|');
  console.log(
    `| workflow end to end (snapshot, batches in the worker's sandbox, aggregates in Postgres, report) | ${replaySeconds.toFixed(2)} s | ${Math.round(options.runs / replaySeconds)} |`,
  );
  console.log(
    `| in-process floor (zen-engine, one run at a time, and the same aggregation) | ${floorSeconds.toFixed(2)} s | ${Math.round(options.runs / floorSeconds)} |`,
  );
  console.log(`(${changed} of ${options.runs} runs changed beyond the tolerance.)`);
}
