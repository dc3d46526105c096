// Every workflow the worker runs is exported from here.
export { scenarioRunWorkflow } from './scenario-run';
export { scenarioBatchWorkflow } from './scenario-batch';
export { webhookLaneWorkflow } from './webhook-lane';
// The per-delivery workflow of before the lanes: not started any more, registered so that running ones finish.
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { auditExportWorkflow } from './audit-export';
export { decisionApprovalWorkflow } from './decision-approval';
export { integrationSyncWorkflow } from './integration-sync';
export { integrationScheduledSyncWorkflow } from './integration-scheduled-sync';
export { kpiAlertEvaluationWorkflow, kpiEvaluationShardWorkflow } from './kpi-alert-evaluation';
// What the per-KPI Schedules of before batched evaluation start: registered until 2027-01-31 so their runs finish.
export { kpiScheduledCheckWorkflow } from './kpi-alert-evaluation';
