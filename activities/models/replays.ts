import type { ValidateFunction } from 'ajv/dist/2020';
import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import type { ModelCatalogue, RunnableModel } from '../../decision/catalogue';
import type { EvaluatedItem } from '../../decision/evaluation-trace';
import { describeSchemaErrors } from '../../decision/input-validation';
import { outputMetrics } from '../../decision/jdm';
import { isDmnSource } from '../../decision/dmn-source';
import {
  aggregateRuns,
  mergeAggregates,
  replayReport,
  type ReplayedRun,
  type ReplayFailure,
} from '../../decision/model-replay';
import type { MetricValue, ModelInputs } from '../../decision/types';
import { findModelVersion, tenantModelSource, versionContent } from '../../db/repositories/decision-models';
import {
  findReplay,
  finishReplay,
  isBatchDone,
  markReplayRunning,
  recordReplayBatch,
  replayBatchAggregates,
  replaySnapshotSlice,
  storedInstances,
  storedRuns,
} from '../../db/repositories/model-replays';
import { inTenantTransaction } from '../../db/tenant-scope';
import { BudgetExceededError, type ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { FinishReplayInput, ReplayBatchInput } from '../../workflows/models/contracts-replays';
import { keepHeartbeating } from '../heartbeat';

export interface ModelReplayActivityDeps {
  db: Knex;
  logger: Logger;
  catalogue: ModelCatalogue;
  sandbox: ExpressionSandbox;
}

/** Inputs per call to the sandbox: several calls of one batch run at once, each well within the expression budget. */
const ITEMS_PER_SANDBOX_CALL = 100;

/** The replayed version, ready to check inputs, evaluate in the sandbox and check outputs. */
interface ReplayTarget {
  model: RunnableModel;
  graphKey: string;
  graph: unknown;
  validateOutput: ValidateFunction;
}

/** A run to evaluate: its position in the snapshot, its stored outputs and its inputs as the replayed version reads them. */
interface PendingRun {
  position: number;
  scenarioId: string;
  before: Record<string, MetricValue>;
  inputs: ModelInputs;
}

/** One sandbox call for `slice`: each run judged, or the budget error when the call as a whole ran past it. */
function evaluateSlice(
  sandbox: ExpressionSandbox,
  target: ReplayTarget,
  slice: PendingRun[],
): Promise<ReplayedRun[] | BudgetExceededError> {
  return sandbox
    .run('evaluateTenantModelItems', {
      key: target.graphKey,
      graph: target.graph,
      items: slice.map((run) => run.inputs),
      trace: false,
    })
    .then((items) => slice.map((run, index) => judgeRun(target, run, items[index] as EvaluatedItem)))
    .catch((error: unknown) => {
      if (!(error instanceof BudgetExceededError)) throw error;
      return error;
    });
}

/**
 * A call of several runs that breached the budget says nothing about which run was slow: each run is evaluated
 * again alone, one after the other, with a budget of its own, so only the runs that breach it alone fail with the
 * budget error and the others are replayed as usual.
 */
async function evaluateOneByOne(
  sandbox: ExpressionSandbox,
  target: ReplayTarget,
  slice: PendingRun[],
  beat: (runs: number) => void,
): Promise<ReplayedRun[]> {
  const replayed: ReplayedRun[] = [];
  for (const run of slice) {
    const outcome = await evaluateSlice(sandbox, target, [run]);
    replayed.push(...(outcome instanceof BudgetExceededError ? [overBudget(run, outcome)] : outcome));
    beat(0);
  }
  return replayed;
}

/** Evaluates the runs in sandbox calls of ITEMS_PER_SANDBOX_CALL, heartbeating as each call returns. */
async function evaluateRuns(
  sandbox: ExpressionSandbox,
  target: ReplayTarget,
  runs: PendingRun[],
  beat: (runs: number) => void,
): Promise<ReplayedRun[]> {
  const calls: Array<Promise<ReplayedRun[]>> = [];
  for (let from = 0; from < runs.length; from += ITEMS_PER_SANDBOX_CALL) {
    const slice = runs.slice(from, from + ITEMS_PER_SANDBOX_CALL);
    calls.push(
      evaluateSlice(sandbox, target, slice).then((outcome) => {
        beat(slice.length);
        if (!(outcome instanceof BudgetExceededError)) return outcome;
        return slice.length === 1
          ? slice.map((run) => overBudget(run, outcome))
          : evaluateOneByOne(sandbox, target, slice, beat);
      }),
    );
  }
  return (await Promise.all(calls)).flat();
}

/**
 * The batch's runs sorted out before evaluation: a run no longer stored is `missing`, one whose stored inputs fail the
 * version's input schema has failed, the others are pending evaluation.
 */
function sortOutRuns(
  input: ReplayBatchInput,
  ids: string[],
  stored: Map<string, { inputs: ModelInputs; metrics: Record<string, MetricValue> }>,
  target: ReplayTarget,
  /** Scenarios store scalar inputs; decision instances any JSON their schema allows. */
  inputMode: 'scalar' | 'json',
) {
  const replayed: ReplayedRun[] = [];
  const pending: PendingRun[] = [];
  ids.forEach((scenarioId, offset) => {
    const position = input.fromIndex + offset;
    const run = stored.get(scenarioId);
    if (!run) return void replayed.push({ position, scenarioId, outcome: 'missing' });
    const validation = target.model.validateInputs(run.inputs, inputMode);
    if (!validation.valid) {
      const detail = validation.errors.map((e) => `${e.path} ${e.message}`).join('; ');
      return void replayed.push(
        failed(
          { position, scenarioId },
          'inputs_invalid',
          `the stored inputs do not match this version's input schema: ${detail}`,
        ),
      );
    }
    pending.push({ position, scenarioId, before: run.metrics, inputs: validation.inputs });
  });
  return { replayed, pending };
}

export function createModelReplayActivities(deps: ModelReplayActivityDeps) {
  const outputValidators = new Map<string, ValidateFunction>();
  const outputValidator = (key: string, schema: Record<string, unknown>) => {
    let validate = outputValidators.get(key);
    if (!validate) {
      if (outputValidators.size >= 100) outputValidators.delete(outputValidators.keys().next().value as string);
      validate = deps.catalogue.ajv.compile(schema);
      outputValidators.set(key, validate);
    }
    return validate;
  };

  /** The batch's runs and the replayed version, or nothing when the batch is already counted or the replay is over. */
  const loadBatch = (input: ReplayBatchInput) =>
    inTenantTransaction(deps.db, input.tenantId, async (scope) => {
      const replay = await findReplay(scope, input.replayId);
      if (!replay || !['queued', 'running'].includes(replay.status)) return undefined;
      if (await isBatchDone(scope, input.replayId, input.batchIndex)) return undefined;
      await markReplayRunning(scope, input.replayId);
      const version = await findModelVersion(scope, replay.model_id, replay.version);
      const resolution = await deps.catalogue.resolve(
        replay.model_id,
        String(replay.version),
        tenantModelSource(scope),
      );
      if (!version || !resolution.found) throw new Error(`version ${replay.version} of ${replay.model_id} is gone`);
      const graphKey = `${version.model_id}@${version.version}#${version.graph_sha256}`;
      const target: ReplayTarget = {
        model: resolution.model,
        graphKey,
        graph: versionContent(version),
        validateOutput: outputValidator(graphKey, version.output_schema),
      };
      const ids = await replaySnapshotSlice(scope, input.replayId, input.fromIndex, input.toIndex);
      const fromInstances = replay.source === 'instances';
      const stored = await (fromInstances ? storedInstances : storedRuns)(scope, ids);
      return { replay, target, ids, stored, inputMode: fromInstances ? ('json' as const) : ('scalar' as const) };
    });

  return {
    /**
     * Replays one batch of the snapshot and records its partial aggregates with the mark that the batch is done, in
     * one transaction. A retry of a batch already recorded does nothing, so a worker killed at any point leaves every
     * run counted exactly once. Nothing is written to the scenarios.
     */
    async replayModelBatch(input: ReplayBatchInput): Promise<{ runs: number }> {
      const heartbeat = keepHeartbeating<{ evaluated: number }>();
      try {
        const batch = await loadBatch(input);
        if (!batch) return { runs: 0 };
        const { replayed, pending } = sortOutRuns(input, batch.ids, batch.stored, batch.target, batch.inputMode);
        let evaluated = 0;
        replayed.push(
          ...(await evaluateRuns(deps.sandbox, batch.target, pending, (runs) =>
            heartbeat.beat({ evaluated: (evaluated += runs) }),
          )),
        );
        const aggregates = aggregateRuns(
          replayed.sort((a, b) => a.position - b.position),
          batch.replay.tolerance,
        );
        await inTenantTransaction(deps.db, input.tenantId, (scope) =>
          recordReplayBatch(scope, input.replayId, input.batchIndex, aggregates),
        );
        return { runs: aggregates.runs };
      } finally {
        heartbeat.stop();
      }
    },

    /** Merges the batches' aggregates in batch order into the report and closes the replay. */
    async finishModelReplay(input: FinishReplayInput): Promise<void> {
      await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
        if (input.outcome === 'failed') {
          await finishReplay(scope, input.replayId, {
            status: 'failed',
            report: null,
            error: { code: 'replay_failed', detail: 'A batch of runs could not be replayed; start a new replay.' },
          });
          return;
        }
        const report = replayReport(mergeAggregates(await replayBatchAggregates(scope, input.replayId)));
        await finishReplay(scope, input.replayId, { status: input.outcome, report, error: null });
      });
    },
  };
}

function overBudget(run: { position: number; scenarioId: string }, error: BudgetExceededError): ReplayedRun {
  return failed(
    run,
    'evaluation_budget_exceeded',
    `the evaluation took longer than the ${error.budgetMs} ms budget for tenant expressions (EXPRESSION_BUDGET_MS)`,
  );
}

function failed(
  run: { position: number; scenarioId: string },
  code: ReplayFailure['code'],
  message: string,
): ReplayedRun {
  return { position: run.position, scenarioId: run.scenarioId, outcome: 'failed', failure: { code, message } };
}

/**
 * A run's evaluation: its outputs as the metrics a scenario stores, checked against the version's output schema. The
 * schema may describe the metrics (flattened, as JDM authors often write it) or the outputs as produced (a DMN
 * model's derived schema: booleans, contexts, lists); either passing is enough, as at upload.
 */
function judgeRun(target: ReplayTarget, run: PendingRun, item: EvaluatedItem): ReplayedRun {
  if (!item.ok) return failed(run, 'evaluation_failed', item.message);
  const after = outputMetrics(item.outputs);
  // The schema compiler applies defaults: validate a copy, compare what the graph produced.
  const outputsValid = target.validateOutput(structuredClone(item.outputs));
  const outputErrors = target.validateOutput.errors;
  if (!outputsValid && !target.validateOutput(structuredClone(after))) {
    const errors = isDmnSource(target.graph) ? outputErrors : target.validateOutput.errors;
    const detail = describeSchemaErrors(errors, '')
      .map((e) => `${e.path || '(root)'} ${e.message}`)
      .join('; ');
    return failed(run, 'output_invalid', `the output does not match this version's output schema: ${detail}`);
  }
  return { position: run.position, scenarioId: run.scenarioId, outcome: 'evaluated', before: run.before, after };
}
