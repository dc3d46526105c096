import { condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import {
  pointsRecordedSignal,
  type KpiAlertEvaluationInput,
  type KpiEvaluationShardInput,
  type KpiScheduledCheckInput,
} from './contracts';

// An evaluation is one short transaction that heartbeats on a timer: a worker that dies in it is noticed when the
// heartbeat timeout (or, for inputs without one, the start-to-close timeout) runs out, and the evaluation is retried
// elsewhere, so that timeout bounds how late an alert can be after a worker crash.
const evaluationActivities = (heartbeatTimeoutSeconds: number | undefined) =>
  proxyActivities<Activities>({
    startToCloseTimeout: 30_000,
    ...(heartbeatTimeoutSeconds ? { heartbeatTimeout: heartbeatTimeoutSeconds * 1000 } : {}),
    retry: { maximumInterval: 30_000 },
  });

/** Evaluations per run before continuing as new (keeps the history short). */
const EVALUATIONS_PER_RUN = 200;

/**
 * The per-KPI evaluation loop (`kpi/kpi_…`), signalled with start whenever points are stored. Signals that arrive while
 * an evaluation runs fold into one more evaluation (from the earliest timestamp any of them touched). All alert state is
 * in Postgres: this workflow only remembers that an evaluation is owed. Idle for `idleSeconds`, it ends.
 */
export async function kpiAlertEvaluationWorkflow(input: KpiAlertEvaluationInput): Promise<void> {
  const { evaluateKpiAlerts } = evaluationActivities(input.heartbeatTimeoutSeconds);
  let pending = input.pending ?? false;
  let from: string | null = input.from ?? null;
  setHandler(pointsRecordedSignal, (signal) => {
    pending = true;
    if (from === null || signal.from < from) from = signal.from;
  });
  for (let i = 0; i < EVALUATIONS_PER_RUN; i++) {
    if (!(await condition(() => pending, input.idleSeconds * 1000))) return;
    const evaluateFrom = from;
    pending = false;
    from = null;
    await evaluateKpiAlerts({ tenantId: input.tenantId, kpiId: input.kpiId, from: evaluateFrom, trigger: 'points' });
  }
  await continueAsNew<typeof kpiAlertEvaluationWorkflow>({ ...input, pending, from });
}

/**
 * One tick of a shard's Schedule (`kpi_evaluation/<task queue>/shard-<n>`): evaluates every KPI of the shard that is
 * due, in batches (each an activity that heartbeats after every KPI, so a dead worker's batch moves on within the
 * heartbeat timeout; KPIs it had finished are marked checked and are not done twice). A KPI whose check fails is
 * recorded and skipped until the next tick; it never holds up the others. What is left after `maxBatches` waits for
 * the next tick (least recently checked first).
 */
export async function kpiEvaluationShardWorkflow(
  input: KpiEvaluationShardInput,
): Promise<{ evaluated: number; failed: number; batches: number }> {
  const { evaluateDueKpis } = proxyActivities<Activities>({
    startToCloseTimeout: input.batchTimeoutSeconds * 1000,
    heartbeatTimeout: input.heartbeatTimeoutSeconds * 1000,
    retry: { maximumInterval: 30_000 },
  });
  const totals = { evaluated: 0, failed: 0, batches: 0 };
  for (let more = true; more && totals.batches < input.maxBatches; totals.batches++) {
    const result = await evaluateDueKpis({ shard: input.shard, shardCount: input.shardCount, limit: input.batchSize });
    totals.evaluated += result.evaluated;
    totals.failed += result.failed;
    more = result.more;
  }
  return totals;
}

/** What a per-KPI Schedule of before batched evaluation starts (see KPI_SCHEDULED_CHECK_WORKFLOW for its removal): the time-based checks (no_data, re-notification, points held back by the evaluation delay). */
export async function kpiScheduledCheckWorkflow(input: KpiScheduledCheckInput): Promise<void> {
  const { evaluateKpiAlerts } = evaluationActivities(input.heartbeatTimeoutSeconds);
  await evaluateKpiAlerts({ tenantId: input.tenantId, kpiId: input.kpiId, from: null, trigger: 'schedule' });
}
