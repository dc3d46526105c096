import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { IntegrationConnections } from './integration-connections';
import type { IntegrationSchedules } from './start-schedules';
import type { createIntegrationSyncs } from './start-syncs';

/** What every integration use case is given. */
export interface IntegrationUseCaseDeps {
  db: Knex;
  config: Config;
  sandbox: ExpressionSandbox;
  connections: IntegrationConnections;
  schedules: IntegrationSchedules;
}

/** What every sync and dataset use case is given. */
export interface IntegrationSyncUseCaseDeps {
  db: Knex;
  workflows: ReturnType<typeof createIntegrationSyncs>;
}

/** What every upload use case is given. */
export interface IntegrationUploadUseCaseDeps {
  db: Knex;
  config: Config;
}

/** What every dataset-definition use case is given. */
export interface DatasetDefinitionUseCaseDeps {
  db: Knex;
}
