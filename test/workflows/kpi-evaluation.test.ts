import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '../helpers/wait';
import {
  pointsRecordedSignal,
  type EvaluateDueKpisInput,
  type EvaluateDueKpisResult,
  type EvaluateKpiAlertsInput,
  type EvaluateKpiAlertsResult,
  type KpiAlertEvaluationInput,
  type KpiEvaluationShardInput,
} from '../../workflows/kpis/contracts';
import type { kpiAlertEvaluationWorkflow, kpiEvaluationShardWorkflow } from '../../workflows/kpis/kpi-alert-evaluation';
import { startWorkflowTestEnvironment, type WorkflowTestEnvironment } from './workflow-environment';

/**
 * KPI alert evaluation on a real Temporal (the workflow tier), its activities fakes: a shard Schedule's tick batching
 * through the due KPIs, and the per-KPI workflow folding the signals of stored points into one evaluation. What the
 * activities do in Postgres is tested in test/api/kpi-*.test.ts.
 */

const QUEUE = `kpis-${randomUUID()}`;

/** Per test, keyed by the shard or the KPI: what each fake activity is to answer, and the calls it got. */
const shardAnswers = new Map<number, Array<EvaluateDueKpisResult | Error>>();
const shardCalls = new Map<number, EvaluateDueKpisInput[]>();
const alertCalls = new Map<string, EvaluateKpiAlertsInput[]>();
/** An evaluation of this KPI waits until its gate opens. */
const alertGates = new Map<string, Promise<void>>();

const activities = {
  async evaluateDueKpis(input: EvaluateDueKpisInput): Promise<EvaluateDueKpisResult> {
    shardCalls.set(input.shard, [...(shardCalls.get(input.shard) ?? []), input]);
    const answer = shardAnswers.get(input.shard)?.shift() ?? { evaluated: input.limit, failed: 0, more: true };
    if (answer instanceof Error) throw answer;
    return answer;
  },
  async evaluateKpiAlerts(input: EvaluateKpiAlertsInput): Promise<EvaluateKpiAlertsResult> {
    alertCalls.set(input.kpiId, [...(alertCalls.get(input.kpiId) ?? []), input]);
    await alertGates.get(input.kpiId);
    return { evaluated: true, skipped: null, transitions: 0 };
  },
};

// Each test has workflows (and fake activity records) of its own, so they run at once: most of their time is timers.
describe(
  'KPI evaluation workflows (workflow tier: Temporal dev server, fake activities)',
  { concurrency: true },
  () => {
    let tier: WorkflowTestEnvironment;

    before(async () => {
      tier = await startWorkflowTestEnvironment();
      await tier.startWorker(QUEUE, activities);
    });

    after(async () => {
      await tier?.teardown();
    });

    const shardInput = (shard: number, overrides: Partial<KpiEvaluationShardInput> = {}): KpiEvaluationShardInput => ({
      shard,
      shardCount: 4,
      batchSize: 3,
      maxBatches: 10,
      heartbeatTimeoutSeconds: 30,
      batchTimeoutSeconds: 60,
      ...overrides,
    });

    const runShard = (input: KpiEvaluationShardInput) =>
      tier.env.client.workflow.execute<typeof kpiEvaluationShardWorkflow>('kpiEvaluationShardWorkflow', {
        taskQueue: QUEUE,
        workflowId: `kpi_evaluation/${QUEUE}/shard-${input.shard}/${randomUUID()}`,
        args: [input],
      });

    it("a shard's tick calls for batches while they come back full, and adds up what they did", async () => {
      shardAnswers.set(1, [
        { evaluated: 3, failed: 0, more: true },
        { evaluated: 2, failed: 1, more: true },
        { evaluated: 1, failed: 0, more: false },
      ]);
      assert.deepEqual(await runShard(shardInput(1)), { evaluated: 6, failed: 1, batches: 3 });
      assert.deepEqual(
        shardCalls.get(1),
        [1, 2, 3].map(() => ({ shard: 1, shardCount: 4, limit: 3 })),
      );
    });

    it('stops after maxBatches, leaving the rest for the next tick', async () => {
      assert.deepEqual(await runShard(shardInput(2, { maxBatches: 2 })), { evaluated: 6, failed: 0, batches: 2 });
      assert.equal(shardCalls.get(2)?.length, 2);
    });

    it('retries a batch whose attempt failed, counting it once', async () => {
      shardAnswers.set(3, [new Error('connection reset'), { evaluated: 2, failed: 0, more: false }]);
      assert.deepEqual(await runShard(shardInput(3)), { evaluated: 2, failed: 0, batches: 1 });
      assert.equal(shardCalls.get(3)?.length, 2, 'the failed attempt and its retry');
    });

    it('folds the points stored during an evaluation into one more, from the earliest, then ends when idle', async () => {
      const kpiId = `kpi_${randomUUID()}`;
      let open!: () => void;
      alertGates.set(
        kpiId,
        new Promise<void>((resolve) => {
          open = resolve;
        }),
      );
      const input: KpiAlertEvaluationInput = { tenantId: 'ten_workflow_tier', kpiId, idleSeconds: 1 };
      const handle = await tier.env.client.workflow.signalWithStart<
        typeof kpiAlertEvaluationWorkflow,
        [{ from: string }]
      >('kpiAlertEvaluationWorkflow', {
        taskQueue: QUEUE,
        workflowId: `kpi/${kpiId}`,
        args: [input],
        signal: pointsRecordedSignal,
        signalArgs: [{ from: '2026-11-02T00:00:00.000Z' }],
      });
      await waitFor('the first evaluation to start', async () => (alertCalls.get(kpiId)?.length ?? 0) === 1);
      await handle.signal(pointsRecordedSignal, { from: '2026-11-03T00:00:00.000Z' });
      await handle.signal(pointsRecordedSignal, { from: '2026-11-01T00:00:00.000Z' });
      alertGates.delete(kpiId);
      open();
      await handle.result();
      assert.deepEqual(alertCalls.get(kpiId), [
        { tenantId: 'ten_workflow_tier', kpiId, from: '2026-11-02T00:00:00.000Z', trigger: 'points' },
        { tenantId: 'ten_workflow_tier', kpiId, from: '2026-11-01T00:00:00.000Z', trigger: 'points' },
      ]);
    });
  },
);
