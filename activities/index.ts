import type { Knex } from 'knex';
import type { Logger } from '../core/logger';

export interface ActivityDeps {
  db: Knex;
  logger: Logger;
}

/** Activities are built from their dependencies, so the worker and tests wire real Postgres the same way. */
export function createActivities(_deps: ActivityDeps) {
  return {};
}
