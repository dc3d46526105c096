// Every workflow the worker runs is exported from here.
export { scenarioRunWorkflow } from './scenarios/scenario-run';
export { scenarioRunLaneWorkflow } from './scenarios/scenario-run-lane';
export { scenarioBatchWorkflow } from './scenarios/scenario-batch';
export { modelReplayWorkflow } from './models/model-replay';
export { modelDeploymentWorkflow } from './models/model-deployment';
export { webhookLaneWorkflow } from './webhooks/webhook-lane';
// The per-delivery workflow of before the lanes: not started any more; running ones are drained into the lanes
// (worker/legacy-workflows.ts); registered until 2026-12-31 so that one not yet drained still runs.
export { webhookDeliveryWorkflow } from './webhooks/webhook-delivery';
export { auditExportWorkflow } from './administration/audit-export';
export { decisionApprovalWorkflow } from './decisions/decision-approval';
export { integrationSyncWorkflow } from './integrations/integration-sync';
export { integrationScheduledSyncWorkflow } from './integrations/integration-scheduled-sync';
export { kpiAlertEvaluationWorkflow, kpiEvaluationShardWorkflow } from './kpis/kpi-alert-evaluation';
// What the per-KPI Schedules of before batched evaluation start: registered until 2027-01-31 so their runs finish
// (one still running after ten minutes is terminated by worker/legacy-workflows.ts).
export { kpiScheduledCheckWorkflow } from './kpis/kpi-alert-evaluation';
export { notificationLaneWorkflow } from './notifications/notification-lane';
export { failureRetryWorkflow } from './failures/failure-retry';
