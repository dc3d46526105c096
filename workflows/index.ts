// Every workflow the worker runs is exported from here.
export { scenarioRunWorkflow } from './scenario-run';
export { scenarioBatchWorkflow } from './scenario-batch';
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { auditExportWorkflow } from './audit-export';
export { decisionApprovalWorkflow } from './decision-approval';
export { integrationSyncWorkflow } from './integration-sync';
export { integrationScheduledSyncWorkflow } from './integration-scheduled-sync';
export { kpiAlertEvaluationWorkflow, kpiScheduledCheckWorkflow } from './kpi-alert-evaluation';
