import { condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { pointsRecordedSignal, type KpiAlertEvaluationInput, type KpiScheduledCheckInput } from './contracts/kpi-alerts';

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

/** What a KPI's Schedule starts: the time-based checks (no_data, re-notification, points held back by the evaluation delay). */
export async function kpiScheduledCheckWorkflow(input: KpiScheduledCheckInput): Promise<void> {
  const { evaluateKpiAlerts } = evaluationActivities(input.heartbeatTimeoutSeconds);
  await evaluateKpiAlerts({ tenantId: input.tenantId, kpiId: input.kpiId, from: null, trigger: 'schedule' });
}
