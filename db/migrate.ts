import type { Knex } from 'knex';
import pg from 'pg';
import { assertSupportedPostgres } from './server-version';
import * as platformSpine from './migrations/20261121000001_platform_spine';
import * as modelsAndScenarios from './migrations/20261121000002_models_and_scenarios';
import * as usersAndOauth from './migrations/20261121000003_users_and_oauth';
import * as webhooks from './migrations/20261121000005_webhooks';
import * as idempotencyPerCredential from './migrations/20261123000006_idempotency_per_credential';
import * as membershipDisplayNames from './migrations/20261123000007_membership_display_names';
import * as revokedAccessTokens from './migrations/20261123000008_revoked_access_tokens';
import * as auditLog from './migrations/20261123000009_audit_log';
import * as auditExports from './migrations/20261123000010_audit_exports';
import * as decisions from './migrations/20261123000011_decisions';
import * as approvalPolicies from './migrations/20261123000012_approval_policies';
import * as decisionApprovals from './migrations/20261123000013_decision_approvals';
import * as decisionReviewCycle from './migrations/20261123000014_decision_review_cycle';
import * as decisionOutcomes from './migrations/20261123000015_decision_outcomes';
import * as decisionAssignments from './migrations/20261123000016_decision_assignments';
import * as consoleSessions from './migrations/20261123000020_console_sessions';
import * as integrations from './migrations/20261123000030_integrations';
import * as integrationSyncs from './migrations/20261123000031_integration_syncs';
import * as integrationUploads from './migrations/20261123000032_integration_uploads';
import * as datasetHistory from './migrations/20261123000033_dataset_history';
import * as datasetDefinitions from './migrations/20261123000034_dataset_definitions';
import * as integrationSyncControl from './migrations/20261123000035_integration_sync_control';
import * as datasetHistorySupersededOnly from './migrations/20261123000037_dataset_history_superseded_only';
import * as kpis from './migrations/20261123000040_kpis';
import * as kpiAlerts from './migrations/20261123000042_kpi_alerts';
import * as decisionOutcomeKpis from './migrations/20261123000044_decision_outcome_kpis';
import * as kpiPointOrigin from './migrations/20261123000046_kpi_point_origin';
import * as webhookLanes from './migrations/20261123000050_webhook_lanes';
import * as scheduleReconciliation from './migrations/20261126000031_schedule_reconciliation';
import * as idempotencyOwnership from './migrations/20261126000040_idempotency_ownership';
import * as memberIds from './migrations/20261126000050_member_ids';
import * as modelTestSuites from './migrations/20261128000010_model_test_suites';
import * as modelVersionLifecycle from './migrations/20261128000020_model_version_lifecycle';
import * as modelReplays from './migrations/20261128000030_model_replays';
import * as dmnModelVersions from './migrations/20261128000040_dmn_model_versions';
import * as notifications from './migrations/20261128000050_notifications';
import * as usageQuotas from './migrations/20261128000060_usage_quotas';
import * as dedicatedEndpoints from './migrations/20261128000070_dedicated_endpoints';
import * as dedicatedWorkers from './migrations/20261129000080_dedicated_workers';
import * as platformOperators from './migrations/20261129000090_platform_operators';
import * as approvalRelocation from './migrations/20261129000100_approval_relocation';
import * as notificationPreferencesVersion from './migrations/20261205000110_notification_preferences_version';
import * as modelVersionContentWriters from './migrations/20261205000130_model_version_content_writers';
import * as scenarioRunBy from './migrations/20261205000140_scenario_run_by';
import * as modelVerificationPolicy from './migrations/20261206000150_model_verification_policy';
import * as cacheChanges from './migrations/20261206000160_cache_changes';
import * as scenarioRunLanes from './migrations/20261206000170_scenario_run_lanes';
import * as decisionInstances from './migrations/20261207000180_decision_instances';
import * as environments from './migrations/20261207000190_environments';
import * as deploymentClock from './migrations/20261207000200_deployment_clock';
import * as memberDelegations from './migrations/20261207000210_member_delegations';
import * as failureRetries from './migrations/20261207000230_failure_retries';
import * as resourceStatusNotices from './migrations/20261207000250_resource_status_notices';
import * as eventTraceContext from './migrations/20261207000270_event_trace_context';

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
  '20261123000006_idempotency_per_credential': idempotencyPerCredential,
  '20261123000007_membership_display_names': membershipDisplayNames,
  '20261123000008_revoked_access_tokens': revokedAccessTokens,
  '20261123000009_audit_log': auditLog,
  '20261123000010_audit_exports': auditExports,
  '20261123000011_decisions': decisions,
  '20261123000012_approval_policies': approvalPolicies,
  '20261123000013_decision_approvals': decisionApprovals,
  '20261123000014_decision_review_cycle': decisionReviewCycle,
  '20261123000015_decision_outcomes': decisionOutcomes,
  '20261123000016_decision_assignments': decisionAssignments,
  '20261123000020_console_sessions': consoleSessions,
  '20261123000030_integrations': integrations,
  '20261123000031_integration_syncs': integrationSyncs,
  '20261123000032_integration_uploads': integrationUploads,
  '20261123000033_dataset_history': datasetHistory,
  '20261123000034_dataset_definitions': datasetDefinitions,
  '20261123000035_integration_sync_control': integrationSyncControl,
  '20261123000037_dataset_history_superseded_only': datasetHistorySupersededOnly,
  '20261123000040_kpis': kpis,
  '20261123000042_kpi_alerts': kpiAlerts,
  '20261123000044_decision_outcome_kpis': decisionOutcomeKpis,
  '20261123000046_kpi_point_origin': kpiPointOrigin,
  '20261123000050_webhook_lanes': webhookLanes,
  '20261126000031_schedule_reconciliation': scheduleReconciliation,
  '20261126000040_idempotency_ownership': idempotencyOwnership,
  '20261126000050_member_ids': memberIds,
  '20261128000010_model_test_suites': modelTestSuites,
  '20261128000020_model_version_lifecycle': modelVersionLifecycle,
  '20261128000030_model_replays': modelReplays,
  '20261128000040_dmn_model_versions': dmnModelVersions,
  '20261128000050_notifications': notifications,
  '20261128000060_usage_quotas': usageQuotas,
  '20261128000070_dedicated_endpoints': dedicatedEndpoints,
  '20261129000080_dedicated_workers': dedicatedWorkers,
  '20261129000090_platform_operators': platformOperators,
  '20261129000100_approval_relocation': approvalRelocation,
  '20261205000110_notification_preferences_version': notificationPreferencesVersion,
  '20261205000130_model_version_content_writers': modelVersionContentWriters,
  '20261205000140_scenario_run_by': scenarioRunBy,
  '20261206000150_model_verification_policy': modelVerificationPolicy,
  '20261206000160_cache_changes': cacheChanges,
  '20261206000170_scenario_run_lanes': scenarioRunLanes,
  '20261207000180_decision_instances': decisionInstances,
  '20261207000190_environments': environments,
  '20261207000200_deployment_clock': deploymentClock,
  '20261207000210_member_delegations': memberDelegations,
  '20261207000230_failure_retries': failureRetries,
  '20261207000250_resource_status_notices': resourceStatusNotices,
  '20261207000270_event_trace_context': eventTraceContext,
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

/** The names of every migration, in order (what a fully migrated database lists in knex_migrations). */
export function migrationNames(): string[] {
  return Object.keys(MIGRATIONS);
}

/**
 * The key of the session-level advisory lock every migration run holds: any constant unique to this purpose works;
 * this is the bytes of "dms-mig" read as one integer.
 */
const MIGRATION_LOCK_KEY = '28267839121877351';

/**
 * Idempotent: applies what is missing. Several processes may start on one (even empty) database at once: the whole run,
 * including knex creating its own knex_migrations tables (which it does without a lock), happens under a Postgres
 * advisory lock held on a dedicated connection, so the others wait and then find nothing left to do. Also refuses a
 * Postgres older than the one the code needs (see server-version.ts).
 */
export async function runMigrations(knex: Knex): Promise<string[]> {
  await assertSupportedPostgres(knex);
  const lockSession = new pg.Client(lockSessionConfig(knex));
  // A connection lost while we wait or migrate surfaces through the query in flight; without a listener pg would throw.
  lockSession.on('error', () => undefined);
  await lockSession.connect();
  try {
    await lockSession.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
    return applied;
  } finally {
    // Ending the session releases the lock, also when a migration failed.
    await lockSession.end().catch(() => undefined);
  }
}

/**
 * The knex connection's settings for a separate client, without the statement timeouts: waiting for another process's
 * migrations (however long they take) is what this session is for.
 */
function lockSessionConfig(knex: Knex): pg.ClientConfig {
  const connection = knex.client.config.connection as
    string | (pg.ClientConfig & { statement_timeout?: number }) | undefined;
  if (typeof connection === 'string') return { connectionString: connection };
  if (!connection || typeof connection !== 'object')
    throw new Error('runMigrations needs a knex instance configured with a connection string or object');
  return { ...connection, statement_timeout: 0, query_timeout: undefined };
}
