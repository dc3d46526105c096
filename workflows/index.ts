// Every workflow the worker runs is exported from here.
export { scenarioRunWorkflow } from './scenario-run';
export { scenarioBatchWorkflow } from './scenario-batch';
export { webhookDeliveryWorkflow } from './webhook-delivery';
