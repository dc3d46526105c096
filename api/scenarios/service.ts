import type { RequestContext } from '../context';
import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { ScenarioRunner } from '../../orchestration/scenario-runner';
import { createScenarioRuns, type ScenarioRuns } from './start-runs';
import type { ModelService } from '../models/service';
import { createScenario, type ScenarioCreate } from './create-scenario';
import { getScenario } from './get-scenario';
import { listScenarios, type ScenarioListFilters } from './list-scenarios';
import { updateScenario, type ScenarioUpdate } from './update-scenario';
import { deleteScenario } from './delete-scenario';
import { listScenarioRuns } from './list-scenario-runs';
import { compareScenarios, type ScenarioComparisonRequest } from './compare-scenarios';
import type { TaskQueues } from '../../orchestration/task-queues';

export type { ScenarioCreate, ScenarioUpdate };

export interface ScenarioServiceDeps {
  db: Knex;
  temporal: Client;
  taskQueues: TaskQueues;
  config: Config;
  models: ModelService;
  logger: Logger;
  /** The runner in this API process; without it (or until it connects) every run goes through the task queue. */
  runner?: ScenarioRunner;
  /** Counts how each waited-for run's result arrived (a Prometheus counter). */
  countRunWait?: (path: 'local' | 'temporal' | 'timeout') => void;
}

/** What every scenario use case is given: the database, the models family, and the starting of runs. */
export interface ScenarioUseCaseDeps {
  db: Knex;
  models: ModelService;
  runs: ScenarioRuns;
}

/** The scenarios family's use cases (runs; batches are `batches.ts`), one file each, bound to their dependencies. */
export function createScenarioService(serviceDeps: ScenarioServiceDeps) {
  const { temporal, taskQueues, config, logger, runner, countRunWait } = serviceDeps;
  const deps: ScenarioUseCaseDeps = {
    db: serviceDeps.db,
    models: serviceDeps.models,
    runs: createScenarioRuns({ temporal, taskQueues, config, logger, runner, countRunWait }),
  };
  return {
    create: (context: RequestContext, body: ScenarioCreate) => createScenario(deps, context, body),
    get: (context: RequestContext, id: string) => getScenario(deps, context, id),
    list: (context: RequestContext, filters: ScenarioListFilters, page: PageRequest) => listScenarios(deps, context, filters, page),
    update: (context: RequestContext, id: string, body: ScenarioUpdate) => updateScenario(deps, context, id, body),
    remove: (context: RequestContext, id: string) => deleteScenario(deps, context, id),
    listRuns: (context: RequestContext, id: string) => listScenarioRuns(deps, context, id),
    compare: (context: RequestContext, body: ScenarioComparisonRequest) => compareScenarios(deps, context, body),
  };
}

export type ScenarioService = ReturnType<typeof createScenarioService>;
