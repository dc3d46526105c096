import type { Knex } from 'knex';
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
