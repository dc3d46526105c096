import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { createModelCatalogue, type ModelCatalogue } from '../decision/catalogue';
import { createBatchActivities } from './batches';
import { createScenarioActivities } from './scenarios';

export interface ActivityDeps {
  db: Knex;
  logger: Logger;
  catalogue?: ModelCatalogue;
}

/** Activities are built from their dependencies, so the worker and tests wire real Postgres the same way. */
export function createActivities(deps: ActivityDeps) {
  const full = { ...deps, catalogue: deps.catalogue ?? createModelCatalogue() };
  return {
    ...createScenarioActivities(full),
    ...createBatchActivities(full),
  };
}

export type Activities = ReturnType<typeof createActivities>;
