import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { createModelCatalogue, type ModelCatalogue } from '../decision/catalogue';
import { createAuditExportActivities } from './administration/audit-exports';
import { createBatchActivities } from './scenarios/batches';
import { createDecisionApprovalActivities } from './decisions/approvals';
import { createIntegrationSyncActivities } from './integrations/syncs';
import { createIntegrationSyncControlActivities } from './integrations/sync-control';
import { createKpiAlertActivities } from './kpis/alerts';
import { createModelReplayActivities } from './models/replays';
import { createModelDeploymentActivities } from './models/deployments';
import { createScenarioActivities } from './scenarios/runs';
import { createScenarioLaneActivities } from './scenarios/run-lane';
import { createWebhookActivities } from './webhooks/deliveries';
import { createNotificationActivities } from './notifications';
import { createFailureRetryActivities } from './failures/retries';
import type { FailureRetryPorts } from './failures/deps';
import {
  DEFAULT_SCENARIO_RUN_LANE,
  type NotificationConfig,
  type ScenarioRunLaneConfig,
  type WebhookConfig,
} from '../core/config';
import type { ResolveHost } from './webhooks/sender';
import type { FileStore } from '../core/file-store';
import { createInstanceRecorder, type InstanceRecorder } from '../db/decision-instance-recorder';
import { sandboxedTenantModels, type ExpressionSandbox } from '../integrations/expression-sandbox';

export interface ActivityDeps {
  db: Knex;
  logger: Logger;
  catalogue?: ModelCatalogue;
  webhooks: WebhookConfig;
  /** Email and chat notifications: the SMTP server, signing of links, the lanes' settings. */
  notifications: NotificationConfig;
  /** The service's public base URL (PUBLIC_BASE_URL): links in messages point there. */
  publicBaseUrl: string;
  /** DNS resolution for webhook deliveries (tests inject one). */
  resolveHost?: ResolveHost;
  /** Where audit exports are written (DATA_DIR/exports, or an object store). */
  exportFiles: FileStore;
  /** Where tenant expressions run (child processes with a budget per call): a sync's mapping, page by page. */
  sandbox: ExpressionSandbox;
  /** The scenario run lanes' settings (SCENARIO_LANE_*); the defaults without. */
  scenarioRunLane?: ScenarioRunLaneConfig;
  /** Only for tests, where several stacks share one database: the tenants whose KPIs this worker's shards evaluate. */
  tenantIds?: () => readonly string[];
  /** Where the decision instances of stored runs and batch items go; one of the activities' own otherwise. */
  recorder?: InstanceRecorder;
  /** How a bulk retry sets each retried failure going (its family's lane or workflow), wired by the worker. */
  failureRetries?: FailureRetryPorts;
}

/** Activities are built from their dependencies, so the worker and tests wire real Postgres the same way. */
export function createActivities(deps: ActivityDeps) {
  const full = {
    ...deps,
    catalogue: deps.catalogue ?? createModelCatalogue({ evaluateTenantModel: sandboxedTenantModels(deps.sandbox) }),
    recorder: deps.recorder ?? createInstanceRecorder({ db: deps.db, logger: deps.logger }),
  };
  return {
    ...createScenarioActivities(full),
    ...createScenarioLaneActivities({ ...full, scenarioRunLane: deps.scenarioRunLane ?? DEFAULT_SCENARIO_RUN_LANE }),
    ...createBatchActivities(full),
    ...createWebhookActivities(full),
    ...createAuditExportActivities(full),
    ...createDecisionApprovalActivities(full),
    ...createIntegrationSyncActivities(full),
    ...createIntegrationSyncControlActivities(full),
    ...createKpiAlertActivities(full),
    ...createModelReplayActivities(full),
    ...createModelDeploymentActivities(full),
    ...createNotificationActivities(full),
    ...createFailureRetryActivities(full),
  };
}

export type Activities = ReturnType<typeof createActivities>;
