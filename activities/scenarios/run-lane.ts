import { Context } from '@temporalio/activity';
import type { ScenarioRunLaneConfig } from '../../core/config';
import type { ModelResolution } from '../../decision/catalogue';
import { scenarioToText, type ScenarioRecord } from '../../db/records/scenario';
import { tenantModelSource } from '../../db/repositories/decision-models';
import {
  claimQueuedRuns,
  dequeueRuns,
  msUntilNextQueuedRun,
  queuedRunKey,
  setRunLanePassUntil,
  type QueuedRun,
} from '../../db/repositories/scenario-run-queue';
import { findScenarios, storeRunOutcomes, type RunOutcome } from '../../db/repositories/scenarios';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RunQueuedScenariosInput, RunQueuedScenariosResult } from '../../workflows/scenarios/contracts-run-lane';
import { runLanePass, sendConcurrently, type LaneRound } from '../lanes/lane-pass';
import { runModel, type ScenarioActivityDeps } from './runs';
import { ranScenario, recordRunInstances, type RanModel } from './run-instances';

/** Models of one round executed at once (tenant models wait on the sandbox; built-ins answer in microseconds). */
const MODELS_IN_FLIGHT = 8;
/** The lane's mark outlives the pass's planned length by this much (its last round may run long). */
const MARK_MARGIN_MS = 5_000;

export interface ScenarioLaneActivityDeps extends ScenarioActivityDeps {
  scenarioRunLane: ScenarioRunLaneConfig;
}

type Counts = Omit<RunQueuedScenariosResult, 'nextDueInMs' | 'tenantWorkers'>;

/** A claimed run: its scenario and model when it is still the scenario's current run, else nothing to execute. */
interface ClaimedRun {
  run: QueuedRun;
  current?: { scenario: ScenarioRecord; resolution: ModelResolution };
  outcome?: RunOutcome;
}

/** Claims up to a batch of the tenant's queued runs, with what executing each needs (one transaction). */
async function claimRound(deps: ScenarioLaneActivityDeps, tenantId: string): Promise<ClaimedRun[]> {
  const { batchSize, leaseSeconds } = deps.scenarioRunLane;
  return inTenantTransaction(deps.db, tenantId, async (scope) => {
    const runs = await claimQueuedRuns(scope, batchSize, leaseSeconds * 1000);
    if (runs.length === 0) return [];
    const scenarios = new Map(
      (await findScenarios(scope, [...new Set(runs.map((run) => run.scenarioId))])).map((s) => [s.id, s]),
    );
    const source = tenantModelSource(scope);
    const claimed: ClaimedRun[] = [];
    for (const run of runs) {
      const scenario = scenarios.get(run.scenarioId);
      if (!scenario || scenario.run_number !== run.runNumber || scenario.status !== 'running') {
        claimed.push({ run });
        continue;
      }
      const resolution = await deps.catalogue.resolve(scenario.model_id, scenario.model_version, source);
      claimed.push({ run, current: { scenario, resolution } });
    }
    return claimed;
  });
}

/**
 * One round of a pass: claim, execute every current run's model (outside any transaction: a tenant model waits on the
 * sandbox), then store every outcome and take the runs out of the queue in one transaction, announcing each on
 * SCENARIO_RUN_STORED_CHANNEL as it commits. A run whose model could not be executed at all (the sandbox is down, say)
 * stays queued: its claim runs out and a later pass tries again (and the worker's run recovery gives it a workflow of
 * its own after its grace, whose retries end by recording it as failed).
 */
async function runRound(
  deps: ScenarioLaneActivityDeps,
  tenantId: string,
  lane: { workflowId: string; runId: string },
  counts: Counts,
): Promise<LaneRound> {
  const claimed = await claimRound(deps, tenantId);
  if (claimed.length === 0) return 'some_due';
  const startedAt = new Date().toISOString();
  await sendConcurrently(claimed, MODELS_IN_FLIGHT, async (item) => {
    if (!item.current) return;
    const input = { tenantId, ...item.run, ...lane, workflowStartedAt: startedAt };
    try {
      item.outcome = await runModel(input, item.current.scenario, item.current.resolution);
    } catch (error) {
      deps.logger.warn({ err: error, scenario_id: item.run.scenarioId }, 'a queued run could not be executed');
    }
  });
  const settled = claimed.filter((item) => !item.current || item.outcome);
  // Each stored scenario goes in its run's notice, so the API process waiting on it answers without reading it.
  const storedTexts = new Map<string, string>();
  const ran: RanModel[] = [];
  await inTenantTransaction(deps.db, tenantId, async (scope) => {
    const withOutcome = settled.filter((item) => item.outcome);
    const locked = new Map(
      (
        await findScenarios(scope, [...new Set(withOutcome.map((item) => item.run.scenarioId))], { forUpdate: true })
      ).map((scenario) => [scenario.id, scenario]),
    );
    // Stored only while the scenario is still running this run (a re-run or a delete meanwhile supersedes it); a
    // scenario has one current run, so at most one item per scenario is stored.
    const toStore = settled.flatMap((item) => {
      const scenario = locked.get(item.run.scenarioId);
      const current = scenario && scenario.run_number === item.run.runNumber && scenario.status === 'running';
      return item.outcome && current ? [{ item, scenario, outcome: item.outcome }] : [];
    });
    counts.superseded += settled.length - toStore.length;
    const stored = await storeRunOutcomes(scope, toStore);
    toStore.forEach(({ item }, index) => {
      const scenario = stored[index] as ScenarioRecord;
      storedTexts.set(queuedRunKey(item.run), scenarioToText(scenario));
      if (scenario.status === 'completed') counts.completed++;
      else counts.failed++;
    });
    await dequeueRuns(
      scope,
      settled.map((item) => item.run),
      storedTexts,
    );
    stored.forEach((scenario, index) => {
      const { item, outcome } = toStore[index] as (typeof toStore)[number];
      const resolution = item.current?.resolution;
      ran.push(...ranScenario(scenario, outcome, resolution?.found ? resolution.model : undefined));
    });
  });
  await recordRunInstances(deps.recorder, tenantId, ran, 'scenario');
  return claimed.length >= deps.scenarioRunLane.batchSize ? 'batch_full' : 'some_due';
}

/** The scenario run lane's pass (SCENARIO_RUN_MODE=lane). */
export function createScenarioLaneActivities(deps: ScenarioLaneActivityDeps) {
  return {
    /**
     * A pass of a tenant's run lane: marks the lane as looking, then claims and executes queued runs in rounds (at most
     * one per SCENARIO_LANE_PASS_INTERVAL_MS unless a round was full) for the pass's length, even while none arrive,
     * so a steady stream of creates needs no wake-up through Temporal. Clears the mark before its last look.
     */
    async runQueuedScenarios(input: RunQueuedScenariosInput): Promise<RunQueuedScenariosResult> {
      const { workflowExecution } = Context.current().info;
      const lane = { workflowId: workflowExecution?.workflowId ?? '', runId: workflowExecution?.runId ?? '' };
      const inScope = <T>(work: Parameters<typeof inTenantTransaction<T>>[2]) =>
        inTenantTransaction(deps.db, input.tenantId, work);
      const counts: Counts = { completed: 0, failed: 0, superseded: 0 };
      return runLanePass<Counts>({
        db: deps.db,
        tenantId: input.tenantId,
        passIntervalMs: deps.scenarioRunLane.passIntervalMs,
        counts,
        begin: async (passMs) => {
          await inScope((scope) => setRunLanePassUntil(scope, passMs + MARK_MARGIN_MS));
          return true;
        },
        round: () => runRound(deps, input.tenantId, lane, counts),
        end: () => inScope((scope) => setRunLanePassUntil(scope, null)),
        nextDueInMs: msUntilNextQueuedRun,
      });
    },
  };
}
