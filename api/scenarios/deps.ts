// What the scenarios family's use cases are given: one place, imported by each use case and by the services that bind them.
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { ScenarioRunner } from '../../orchestration/scenario-runner';
import type { TaskQueues } from '../../orchestration/task-queues';
import type { ModelService } from '../models/service';
import type { ScenarioBatches } from './start-batches';
import type { ScenarioRuns } from './start-runs';

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
  countRunWait?: (path: 'local' | 'lane' | 'temporal' | 'timeout') => void;
}

/** What every scenario use case is given: the database, the models family, and the starting of runs. */
export interface ScenarioUseCaseDeps {
  db: Knex;
  models: ModelService;
  runs: ScenarioRuns;
}

/** What every batch use case is given: the database, the models family, and the starting and cancelling of batch workflows. */
export interface ScenarioBatchUseCaseDeps {
  db: Knex;
  models: ModelService;
  batches: ScenarioBatches;
}
