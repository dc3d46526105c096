import type { RequestContext } from '../context';
import type { PageRequest } from '../../db/pagination';
import { createScenarioRuns } from './start-runs';
import { createScenarioRunLane } from './start-run-lane';
import { createScenarioBatches } from './start-batches';
import { cancelScenarioBatch } from './cancel-scenario-batch';
import { createScenarioBatch, type BatchCreate } from './create-scenario-batch';
import { getScenarioBatch } from './get-scenario-batch';
import type { ScenarioBatchUseCaseDeps, ScenarioServiceDeps, ScenarioUseCaseDeps } from './deps';
import { createScenario, type ScenarioCreate } from './create-scenario';
import { getScenario } from './get-scenario';
import { listScenarios, type ScenarioListFilters } from './list-scenarios';
import { updateScenario, type ScenarioUpdate } from './update-scenario';
import { deleteScenario } from './delete-scenario';
import { listScenarioRuns } from './list-scenario-runs';
import { compareScenarios, type ScenarioComparisonRequest } from './compare-scenarios';

export type { ScenarioCreate, ScenarioUpdate };
export type { ScenarioBatchUseCaseDeps, ScenarioServiceDeps, ScenarioUseCaseDeps } from './deps';
export type { BatchCreate } from './create-scenario-batch';

/** The scenarios family's use cases (runs; batches are bound below), one file each, bound to their dependencies. */
export function createScenarioService(serviceDeps: ScenarioServiceDeps) {
  const { db, temporal, taskQueues, config, logger, runner, countRunWait } = serviceDeps;
  const lane =
    config.scenarioRunLane.mode === 'lane'
      ? createScenarioRunLane({ db, temporal, taskQueues, config, logger, rpcTimeoutMs: config.temporalRpcTimeoutMs })
      : undefined;
  const deps: ScenarioUseCaseDeps = {
    db,
    models: serviceDeps.models,
    runs: createScenarioRuns({ temporal, taskQueues, config, logger, runner, countRunWait, lane }),
  };
  return {
    /** Ends this process's listening for runs stored by lanes (SCENARIO_RUN_MODE=lane). */
    close: async () => lane?.close(),
    create: (context: RequestContext, body: ScenarioCreate) => createScenario(deps, context, body),
    get: (context: RequestContext, id: string) => getScenario(deps, context, id),
    list: (context: RequestContext, filters: ScenarioListFilters, page: PageRequest) =>
      listScenarios(deps, context, filters, page),
    update: (context: RequestContext, id: string, body: ScenarioUpdate) => updateScenario(deps, context, id, body),
    remove: (context: RequestContext, id: string) => deleteScenario(deps, context, id),
    listRuns: (context: RequestContext, id: string) => listScenarioRuns(deps, context, id),
    compare: (context: RequestContext, body: ScenarioComparisonRequest) => compareScenarios(deps, context, body),
  };
}

export type ScenarioService = ReturnType<typeof createScenarioService>;

/** Batches of scenario runs: one workflow per batch runs its items (start-batches.ts). */
export function createScenarioBatchService(serviceDeps: Omit<ScenarioServiceDeps, 'runner' | 'countRunWait'>) {
  const deps: ScenarioBatchUseCaseDeps = {
    db: serviceDeps.db,
    models: serviceDeps.models,
    batches: createScenarioBatches(serviceDeps),
  };
  return {
    create: (context: RequestContext, body: BatchCreate) => createScenarioBatch(deps, context, body),
    get: (context: RequestContext, id: string) => getScenarioBatch(deps, context, id),
    cancel: (context: RequestContext, id: string) => cancelScenarioBatch(deps, context, id),
  };
}

export type ScenarioBatchService = ReturnType<typeof createScenarioBatchService>;
