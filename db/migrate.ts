import type { Knex } from 'knex';
import * as platformSpine from './migrations/20261121000001_platform_spine';
import * as modelsAndScenarios from './migrations/20261121000002_models_and_scenarios';
import * as usersAndOauth from './migrations/20261121000003_users_and_oauth';
import * as webhooks from './migrations/20261121000005_webhooks';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Migrations are listed in code rather than discovered on disk, so they load the same way under tsx,
 * in a container, and in tests. Append new ones; never edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '20261121000001_platform_spine': platformSpine,
  '20261121000002_models_and_scenarios': modelsAndScenarios,
  '20261121000003_users_and_oauth': usersAndOauth,
  '20261121000005_webhooks': webhooks,
};

const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = MIGRATIONS[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

/** Idempotent: applies what is missing; knex's lock table keeps concurrent starts from racing. */
export async function runMigrations(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}
