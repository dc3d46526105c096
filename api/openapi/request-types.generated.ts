/**
 * Generated from the OpenAPI document (api/openapi/document.ts) by scripts/generate-request-types.ts; do not edit.
 * Run `npm run generate:types` after changing a request schema; test/unit/request-types.test.ts fails until then.
 */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an operation without path or query parameters, or a body of no fields, is {} */

export type MemberRole = 'viewer' | 'analyst' | 'approver' | 'admin';
export type ScenarioInputBindingMetricFunction = 'count' | 'sum' | 'avg' | 'min' | 'max' | 'percentile';
export type AttachEvidenceRequest =
  | {
      type: 'link';
      title?: string;
      url: string;
    }
  | {
      type: 'note';
      title?: string;
      text: string;
    }
  | {
      type: 'document';
      title?: string;
      name: string;
      media_type: string;
      size_bytes: number;
      sha256: string;
    }
  | {
      type: 'scenario';
      title?: string;
      scenario_id: string;
    }
  | {
      type: 'dataset_snapshot';
      title?: string;
      dataset: string;
      snapshot_id: string;
      uri?: string;
    };
export type ApiKeyScopesItem =
  | 'scenarios:read'
  | 'scenarios:write'
  | 'models:read'
  | 'models:write'
  | 'kpis:read'
  | 'kpis:write'
  | 'decisions:read'
  | 'decisions:write'
  | 'integrations:read'
  | 'integrations:write'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'admin'
  | 'scenarios:*'
  | 'models:*'
  | 'kpis:*'
  | 'decisions:*'
  | 'integrations:*'
  | 'webhooks:*';
export type AuditExportDecisionStatusesItem =
  'draft' | 'pending_approval' | 'changes_requested' | 'approved' | 'rejected' | 'withdrawn' | 'expired' | 'implemented' | 'closed';
export type NotificationPreferencesKindsItemKind =
  | 'approval_requested'
  | 'approval_reminder'
  | 'decision_result'
  | 'mention'
  | 'model_review_requested'
  | 'model_review_result'
  | 'model_deployment'
  | 'kpi_alert'
  | 'operations';
export type DatasetFieldDefinitionType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'date-time';
export type ConnectorTypeType = 'csv' | 'bamboohr' | 'merge_hris' | 'postgres' | 'rest';
export type IntegrationScheduleInput = {
  cron?: string;
  interval_seconds?: number;
  mode?: 'full' | 'incremental';
  timezone?: string;
} | null;
export type KpiWarningThreshold = {
  value?: number;
  low?: number;
  high?: number;
  percent?: number;
} | null;
export type DecisionOutcomeSummaryMetricsItemKpiAggregationPeriod = 'day' | 'week' | 'month' | 'quarter';
export type KpiAlertRuleChange = {
  percent?: number;
  absolute?: number;
} | null;
export type CreateModelRequest = (
  | ModelOption1
  | {
      dmn: string;
      [k: string]: unknown;
    }
) & {
  name: string;
  description?: string;
  category: string;
  input_schema?: {
    [k: string]: unknown;
  };
  output_schema?: {
    [k: string]: unknown;
  };
  dmn?: string;
  graph?: {
    [k: string]: unknown;
  };
  metric_directions?: {
    [k: string]: 'higher_is_better' | 'lower_is_better';
  };
  sample_inputs?: {
    [k: string]: unknown;
  };
};
export type CreateModelVersionRequest = (
  | ModelOption1
  | {
      dmn: string;
      [k: string]: unknown;
    }
) & {
  input_schema?: {
    [k: string]: unknown;
  };
  output_schema?: {
    [k: string]: unknown;
  };
  dmn?: string;
  graph?: {
    [k: string]: unknown;
  };
  metric_directions?: {
    [k: string]: 'higher_is_better' | 'lower_is_better';
  };
  sample_inputs?: {
    [k: string]: unknown;
  };
};
export type Distribution =
  | {
      dist: 'triangular';
      min: number;
      mode: number;
      max: number;
    }
  | {
      dist: 'uniform';
      min: number;
      max: number;
    }
  | {
      dist: 'normal';
      mean: number;
      sd: number;
      min?: number;
      max?: number;
    }
  | {
      dist: 'lognormal';
      mu: number;
      sigma: number;
    }
  | {
      dist: 'discrete';
      /**
       * @minItems 1
       * @maxItems 1000
       */
      values: number[];
      /**
       * @minItems 1
       * @maxItems 1000
       */
      weights?: number[];
    };
export type PutKpiSourceRequest =
  | {
      type: 'manual';
    }
  | KpiSourceModelOutput
  | KpiSourceDataset;
export type ReplaceModelVersionRequest = (
  | ModelOption1
  | {
      dmn: string;
      [k: string]: unknown;
    }
) & {
  input_schema?: {
    [k: string]: unknown;
  };
  output_schema?: {
    [k: string]: unknown;
  };
  dmn?: string;
  graph?: {
    [k: string]: unknown;
  };
  metric_directions?: {
    [k: string]: 'higher_is_better' | 'lower_is_better';
  };
  sample_inputs?: {
    [k: string]: unknown;
  };
  content_revision?: number;
};
export type FailureKind =
  'scenario' | 'batch_item' | 'integration_sync' | 'webhook_delivery' | 'webhook_subscription' | 'notification' | 'kpi_check' | 'model_replay';
export type ModelVerification = {
  overlaps_unique?: ModelVerificationOverlapsUnique;
  gaps?: ModelVerificationOverlapsUnique;
  masked?: ModelVerificationOverlapsUnique;
  subsumed?: ModelVerificationOverlapsUnique;
  domain_violations?: ModelVerificationOverlapsUnique;
  not_analysed?: ModelVerificationOverlapsUnique;
} | null;
export type ModelVerificationOverlapsUnique = 'block' | 'warn' | 'off' | null;
export type ModelRecordEvaluations = 'off' | 'sampled' | 'all' | null;

export interface OperationRequests {
  acknowledgeAlert: {
    params: {
      id: string;
    };
    query: {};
    body: EmptyKpiAlertActionRequest | undefined;
  };
  addMember: {
    params: {};
    query: {};
    body: AddMemberRequest;
  };
  aggregateDataset: {
    params: {
      name: string;
    };
    query: {};
    body: DatasetAggregateRequest;
  };
  analyseModelVersion: {
    params: {
      id: string;
      version: string;
    };
    query: {};
    body: undefined;
  };
  approveDecision: {
    params: {
      id: string;
    };
    query: {};
    body: ApprovalActionRequest;
  };
  archiveApprovalPolicy: {
    params: {
      id: string;
    };
    query: {};
    body: {} | undefined;
  };
  archiveEnvironment: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  attachDecisionEvidence: {
    params: {
      id: string;
    };
    query: {};
    body: AttachEvidenceRequest;
  };
  cancelFailureRetry: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  cancelIntegrationSync: {
    params: {
      id: string;
      sync_id: string;
    };
    query: {};
    body: {} | undefined;
  };
  cancelModelDeployment: {
    params: {
      id: string;
      deployment_id: string;
    };
    query: {};
    body: undefined;
  };
  cancelModelReplay: {
    params: {
      id: string;
      replay_id: string;
    };
    query: {};
    body: undefined;
  };
  cancelScenarioBatch: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  changeMemberRole: {
    params: {
      id: string;
    };
    query: {};
    body: ChangeMemberRoleRequest;
  };
  checkIntegration: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  clearMemberDelegation: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  clearMyDelegation: {
    params: {};
    query: {};
    body: undefined;
  };
  closeDecision: {
    params: {
      id: string;
    };
    query: {};
    body: OptionalCommentRequest | undefined;
  };
  commentOnDecision: {
    params: {
      id: string;
    };
    query: {};
    body: DecisionCommentRequest;
  };
  compareDecisionOptions: {
    params: {
      id: string;
    };
    query: {
      baseline?: string;
    };
    body: undefined;
  };
  compareScenarios: {
    params: {};
    query: {};
    body: CompareScenariosRequest;
  };
  createApiKey: {
    params: {};
    query: {};
    body: CreateApiKeyRequest;
  };
  createApprovalPolicy: {
    params: {};
    query: {};
    body: CreateApprovalPolicyRequest;
  };
  createApprovalPolicyVersion: {
    params: {
      id: string;
    };
    query: {};
    body: CreateApprovalPolicyVersionRequest;
  };
  createAuditExport: {
    params: {};
    query: {};
    body: CreateAuditExportRequest | undefined;
  };
  createChatDestination: {
    params: {};
    query: {};
    body: CreateChatDestinationRequest;
  };
  createDataset: {
    params: {};
    query: {};
    body: CreateDatasetRequest;
  };
  createDecision: {
    params: {};
    query: {};
    body: CreateDecisionRequest;
  };
  createEnvironment: {
    params: {};
    query: {};
    body: CreateEnvironmentRequest;
  };
  createIntegration: {
    params: {};
    query: {};
    body: CreateIntegrationRequest;
  };
  createIntegrationSync: {
    params: {
      id: string;
    };
    query: {};
    body: CreateIntegrationSyncRequest;
  };
  createIntegrationUpload: {
    params: {
      id: string;
    };
    query: {
      filename?: string;
    };
    body: undefined;
  };
  createKpi: {
    params: {};
    query: {};
    body: CreateKpiRequest;
  };
  createKpiAlertRule: {
    params: {
      id: string;
    };
    query: {};
    body: CreateKpiAlertRuleRequest;
  };
  createModel: {
    params: {};
    query: {};
    body: CreateModelRequest;
  };
  createModelReplay: {
    params: {
      id: string;
    };
    query: {};
    body: CreateModelReplayRequest;
  };
  createModelTestCase: {
    params: {
      id: string;
    };
    query: {};
    body: CreateModelTestCaseRequest;
  };
  createModelVersion: {
    params: {
      id: string;
    };
    query: {};
    body: CreateModelVersionRequest;
  };
  createOAuthClient: {
    params: {};
    query: {};
    body: CreateOAuthClientRequest;
  };
  createScenario: {
    params: {};
    query: {};
    body: CreateScenarioRequest;
  };
  createScenarioBatch: {
    params: {};
    query: {};
    body: CreateBatchRequest;
  };
  createWebhook: {
    params: {};
    query: {};
    body: CreateWebhookRequest;
  };
  deleteChatDestination: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  deleteDataset: {
    params: {
      name: string;
    };
    query: {};
    body: undefined;
  };
  deleteDecision: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  deleteIntegration: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  deleteKpi: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  deleteKpiAlertRule: {
    params: {
      id: string;
      rule_id: string;
    };
    query: {};
    body: undefined;
  };
  deleteKpiSource: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  deleteModelTestCase: {
    params: {
      id: string;
      case_id: string;
    };
    query: {};
    body: undefined;
  };
  deleteScenario: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  deleteWebhook: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  deprecateModel: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  detachDecisionEvidence: {
    params: {
      id: string;
      evidence_id: string;
    };
    query: {};
    body: undefined;
  };
  diffModelVersions: {
    params: {
      id: string;
      version: string;
    };
    query: {
      against?: string;
    };
    body: undefined;
  };
  discoverIntegration: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  downloadAuditExport: {
    params: {
      id: string;
    };
    query: {
      format: 'jsonl' | 'csv';
    };
    body: undefined;
  };
  evaluateModel: {
    params: {
      id: string;
    };
    query: {};
    body: EvaluateModelRequest;
  };
  generateModelTestCases: {
    params: {
      id: string;
      version: string;
    };
    query: {};
    body: GenerateModelTestCasesRequest | undefined;
  };
  getAlert: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getApiKey: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getApprovalPolicy: {
    params: {
      id: string;
    };
    query: {
      version?: number;
    };
    body: undefined;
  };
  getAuditExport: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getAuditExportDigest: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getAuditExportJwks: {
    params: {};
    query: {};
    body: undefined;
  };
  getAuditRecord: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getChatDestination: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getCurrentPrincipal: {
    params: {};
    query: {};
    body: undefined;
  };
  getDataset: {
    params: {
      name: string;
    };
    query: {};
    body: undefined;
  };
  getDecision: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getDecisionHistory: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  getDecisionInstance: {
    params: {
      id: string;
    };
    query: {
      trace: boolean;
    };
    body: undefined;
  };
  getDecisionOutcomeKpi: {
    params: {
      id: string;
      link_id: string;
    };
    query: {};
    body: undefined;
  };
  getDecisionOutcomeSummary: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getEnvironment: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getEvent: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getFailureRetry: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getHealth: {
    params: {};
    query: {};
    body: undefined;
  };
  getIntegration: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getIntegrationFieldMapping: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getIntegrationSchedule: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getIntegrationSync: {
    params: {
      id: string;
      sync_id: string;
    };
    query: {};
    body: undefined;
  };
  getIntegrationUpload: {
    params: {
      id: string;
      upload_id: string;
    };
    query: {};
    body: undefined;
  };
  getKpi: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getKpiAlertRule: {
    params: {
      id: string;
      rule_id: string;
    };
    query: {};
    body: undefined;
  };
  getKpiPointHistory: {
    params: {
      id: string;
    };
    query: {
      timestamp: string;
    };
    body: undefined;
  };
  getKpiStatus: {
    params: {
      id: string;
    };
    query: {
      periods: number;
    };
    body: undefined;
  };
  getKpiValues: {
    params: {
      id: string;
    };
    query: {
      from?: string;
      to?: string;
      bucket: 'raw' | 'day' | 'week' | 'month' | 'quarter';
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  getMember: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getMemberDelegation: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getModel: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getModelDeployment: {
    params: {
      id: string;
      deployment_id: string;
    };
    query: {};
    body: undefined;
  };
  getModelReplay: {
    params: {
      id: string;
      replay_id: string;
    };
    query: {};
    body: undefined;
  };
  getModelRuleHits: {
    params: {
      id: string;
      version: string;
    };
    query: {
      from?: string;
      to?: string;
      bucket: 'hour' | 'day';
    };
    body: undefined;
  };
  getModelSettings: {
    params: {};
    query: {};
    body: undefined;
  };
  getModelTestCase: {
    params: {
      id: string;
      case_id: string;
    };
    query: {};
    body: undefined;
  };
  getModelTestRun: {
    params: {
      id: string;
      run_id: string;
    };
    query: {};
    body: undefined;
  };
  getModelVersion: {
    params: {
      id: string;
      version: string;
    };
    query: {};
    body: undefined;
  };
  getMyDelegation: {
    params: {};
    query: {};
    body: undefined;
  };
  getNotification: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getNotificationPreferences: {
    params: {};
    query: {};
    body: undefined;
  };
  getNotificationSettings: {
    params: {};
    query: {};
    body: undefined;
  };
  getOAuthClient: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getOpenApiDocument: {
    params: {};
    query: {};
    body: undefined;
  };
  getReadiness: {
    params: {};
    query: {};
    body: undefined;
  };
  getScenario: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getScenarioBatch: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  getUsage: {
    params: {};
    query: {};
    body: undefined;
  };
  getWebhook: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  implementDecision: {
    params: {
      id: string;
    };
    query: {};
    body: OptionalCommentRequest | undefined;
  };
  importModelTestCases: {
    params: {
      id: string;
    };
    query: {};
    body: ImportModelTestCasesRequest;
  };
  liftModelLegalHold: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  linkDecisionOutcomeKpi: {
    params: {
      id: string;
    };
    query: {};
    body: LinkDecisionOutcomeKpiRequest;
  };
  listAlerts: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      state?: 'pending' | 'firing' | 'acknowledged' | 'resolved' | 'open';
      severity?: 'warning' | 'critical';
      kpi_id?: string;
    };
    body: undefined;
  };
  listApiKeys: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listApprovalInbox: {
    params: {};
    query: {
      assigned_to: 'me';
      limit: number;
    };
    body: undefined;
  };
  listApprovalPolicies: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      archived?: boolean;
    };
    body: undefined;
  };
  listApprovalPolicyVersions: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listAuditRecords: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      resource_type?:
        | 'api_key'
        | 'oauth_client'
        | 'member'
        | 'decision'
        | 'model'
        | 'approval_policy'
        | 'integration'
        | 'dataset'
        | 'webhook'
        | 'notification_settings'
        | 'model_settings'
        | 'environment'
        | 'chat_destination'
        | 'usage_quotas'
        | 'dedicated_endpoint'
        | 'dedicated_workers'
        | 'failure_retry';
      resource_id?: string;
      actor_id?: string;
      action?:
        | 'api_key.created'
        | 'api_key.rotated'
        | 'api_key.revoked'
        | 'oauth_client.created'
        | 'oauth_client.revoked'
        | 'member.created'
        | 'member.role_changed'
        | 'member.removed'
        | 'member.invited'
        | 'member.invitation_revoked'
        | 'member.invitation_accepted'
        | 'member.delegation.set'
        | 'member.delegation.cleared'
        | 'decision.created'
        | 'decision.updated'
        | 'decision.deleted'
        | 'decision.evidence_attached'
        | 'decision.evidence_detached'
        | 'decision.submitted'
        | 'decision.step.approved'
        | 'decision.approved'
        | 'decision.rejected'
        | 'decision.changes_requested'
        | 'decision.resubmitted'
        | 'decision.step.escalated'
        | 'decision.step.reminder'
        | 'decision.step.reassigned'
        | 'decision.commented'
        | 'decision.withdrawn'
        | 'decision.expired'
        | 'decision.implemented'
        | 'decision.closed'
        | 'decision.outcome.due'
        | 'decision.outcome_recorded'
        | 'decision.outcome_kpi_linked'
        | 'decision.outcome_kpi_unlinked'
        | 'model.version.created'
        | 'model.version.replaced'
        | 'model.version.submitted'
        | 'model.version.approved'
        | 'model.version.rejected'
        | 'model.version.changes_requested'
        | 'model.version.returned_to_draft'
        | 'model.version.published'
        | 'model.version.retired'
        | 'model.updated'
        | 'model.deployment.requested'
        | 'model.deployment.scheduled'
        | 'model.deployment.activated'
        | 'model.deployment.cancelled'
        | 'model.deployment.ended'
        | 'model.deployment.rejected'
        | 'environment.created'
        | 'environment.updated'
        | 'environment.archived'
        | 'model.legal_hold_placed'
        | 'model.legal_hold_lifted'
        | 'model_settings.updated'
        | 'approval_policy.created'
        | 'approval_policy.version_created'
        | 'approval_policy.archived'
        | 'integration.created'
        | 'integration.updated'
        | 'integration.deleted'
        | 'integration.field_mapping_created'
        | 'integration.sync_requested'
        | 'integration.file_uploaded'
        | 'integration.sync_cancelled'
        | 'dataset.created'
        | 'dataset.updated'
        | 'dataset.deleted'
        | 'webhook.created'
        | 'webhook.updated'
        | 'webhook.deleted'
        | 'webhook.secret_rotated'
        | 'webhook.test_sent'
        | 'webhook.redelivery_requested'
        | 'notification_settings.updated'
        | 'chat_destination.created'
        | 'chat_destination.updated'
        | 'chat_destination.deleted'
        | 'usage_quotas.updated'
        | 'dedicated_endpoint.updated'
        | 'dedicated_workers.updated'
        | 'failure_retry.requested'
        | 'failure_retry.cancelled';
      occurred_after?: string;
      occurred_before?: string;
    };
    body: undefined;
  };
  listChatDestinations: {
    params: {};
    query: {};
    body: undefined;
  };
  listConnectorTypes: {
    params: {};
    query: {};
    body: undefined;
  };
  listDatasetRecords: {
    params: {
      name: string;
    };
    query: {
      limit: number;
      cursor?: string;
      include_deleted: boolean;
      as_of?: string;
      filter?: {
        [k: string]:
          | string
          | {
              eq?: string;
              ne?: string;
              gt?: string;
              gte?: string;
              lt?: string;
              lte?: string;
              in?: string;
            };
      };
    };
    body: undefined;
  };
  listDatasets: {
    params: {};
    query: {};
    body: undefined;
  };
  listDecisionEvidence: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
      attached?: boolean;
    };
    body: undefined;
  };
  listDecisionInstances: {
    params: {};
    query: {
      model_id?: string;
      version?: string;
      correlation_id?: string;
      rule?: string;
      output?: {
        [k: string]: string;
      };
      from?: string;
      to?: string;
      status?: 'succeeded' | 'failed';
      source?: 'evaluate' | 'scenario' | 'batch' | 'test';
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listDecisionOutcomeKpis: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listDecisionOutcomes: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
      metric?: string;
    };
    body: undefined;
  };
  listDecisions: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      status?: 'draft' | 'pending_approval' | 'changes_requested' | 'approved' | 'rejected' | 'withdrawn' | 'expired' | 'implemented' | 'closed';
      owner_id?: string;
      tag?: string;
      due_after?: string;
      due_before?: string;
      created_after?: string;
      created_before?: string;
      awaiting?: 'me';
    };
    body: undefined;
  };
  listEnvironmentDeployments: {
    params: {
      id: string;
    };
    query: {
      status?: 'pending_review' | 'scheduled' | 'active' | 'superseded' | 'ended' | 'cancelled' | 'rejected';
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listEnvironments: {
    params: {};
    query: {
      status?: 'active' | 'archived';
    };
    body: undefined;
  };
  listEvents: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      type?:
        | 'scenario.completed'
        | 'scenario.failed'
        | 'scenario.deleted'
        | 'batch.completed'
        | 'model.version.created'
        | 'model.version.submitted'
        | 'model.version.approved'
        | 'model.version.rejected'
        | 'model.version.published'
        | 'model.version.retired'
        | 'model.deployment.scheduled'
        | 'model.deployment.activated'
        | 'model.deployment.cancelled'
        | 'model.deployment.ended'
        | 'model.deprecated'
        | 'api_key.expiring'
        | 'usage.quota.warning'
        | 'usage.quota.exceeded'
        | 'webhook.disabled'
        | 'webhook.test'
        | 'decision.created'
        | 'decision.submitted'
        | 'decision.step.approved'
        | 'decision.approved'
        | 'decision.rejected'
        | 'decision.changes_requested'
        | 'decision.resubmitted'
        | 'decision.step.escalated'
        | 'decision.step.reminder'
        | 'decision.step.reassigned'
        | 'decision.commented'
        | 'decision.withdrawn'
        | 'decision.expired'
        | 'decision.implemented'
        | 'decision.closed'
        | 'decision.outcome.due'
        | 'decision.outcome.recorded'
        | 'decision.outcome_kpi.linked'
        | 'decision.outcome_kpi.unlinked'
        | 'kpi.value.recorded'
        | 'kpi.alert.triggered'
        | 'kpi.alert.resolved'
        | 'integration.sync.started'
        | 'integration.sync.completed'
        | 'integration.sync.failed';
      created_after?: string;
    };
    body: undefined;
  };
  listFailureRetries: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listFailures: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      kind?: 'scenario' | 'batch_item' | 'integration_sync' | 'webhook_delivery' | 'webhook_subscription' | 'notification' | 'kpi_check' | 'model_replay';
      resource?: string;
      since?: string;
      code?: string;
    };
    body: undefined;
  };
  listIntegrations: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listIntegrationSyncRejections: {
    params: {
      id: string;
      sync_id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listIntegrationSyncs: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listIntegrationUploads: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listKpiAlertRules: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listKpiAlerts: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
      state?: 'pending' | 'firing' | 'acknowledged' | 'resolved' | 'open';
      severity?: 'warning' | 'critical';
      rule_id?: string;
    };
    body: undefined;
  };
  listKpis: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      status?: 'active' | 'paused' | 'archived';
      tag?: string;
      owner_id?: string;
    };
    body: undefined;
  };
  listKpiWatchers: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  listMembers: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listModelDeployments: {
    params: {
      id: string;
    };
    query: {
      environment?: string;
      status?: 'pending_review' | 'scheduled' | 'active' | 'superseded' | 'ended' | 'cancelled' | 'rejected';
      as_of?: string;
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listModelReleases: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  listModelReplays: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listModels: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      category?: string;
      status?: 'active' | 'deprecated';
      source?: 'builtin' | 'tenant';
    };
    body: undefined;
  };
  listModelTestCases: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listModelTestRuns: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
      version?: string;
    };
    body: undefined;
  };
  listModelVersions: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  listMyNotifications: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      status?: 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';
      channel?: 'email' | 'chat';
      kind?: string;
    };
    body: undefined;
  };
  listNotifications: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      status?: 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';
      channel?: 'email' | 'chat';
      kind?: string;
      user_id?: string;
    };
    body: undefined;
  };
  listOAuthClients: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  listScenarioRuns: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  listScenarios: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
      model_id?: string;
      status?: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
      tag?: string;
      batch_id?: string;
      created_after?: string;
      created_before?: string;
    };
    body: undefined;
  };
  listWebhookDeliveries: {
    params: {
      id: string;
    };
    query: {
      limit: number;
      cursor?: string;
      status?: 'pending' | 'retrying' | 'succeeded' | 'failed';
      event_type?: string;
      event_id?: string;
    };
    body: undefined;
  };
  listWebhookEventTypes: {
    params: {};
    query: {};
    body: undefined;
  };
  listWebhooks: {
    params: {};
    query: {
      limit: number;
      cursor?: string;
    };
    body: undefined;
  };
  placeModelLegalHold: {
    params: {
      id: string;
    };
    query: {};
    body: PlaceLegalHoldRequest;
  };
  promoteModelVersion: {
    params: {
      id: string;
      version: string;
    };
    query: {};
    body: PromoteModelVersionRequest;
  };
  publishModelVersion: {
    params: {
      id: string;
      version: string;
    };
    query: {};
    body: PublishModelVersionRequest;
  };
  putIntegrationFieldMapping: {
    params: {
      id: string;
    };
    query: {};
    body: PutFieldMappingRequest;
  };
  putKpiSource: {
    params: {
      id: string;
    };
    query: {};
    body: PutKpiSourceRequest;
  };
  reassignDecisionStep: {
    params: {
      id: string;
    };
    query: {};
    body: ReassignStepRequest;
  };
  recordDecisionOutcome: {
    params: {
      id: string;
    };
    query: {};
    body: RecordDecisionOutcomeRequest;
  };
  recordKpiPoints: {
    params: {
      id: string;
    };
    query: {};
    body: RecordKpiPointsRequest;
  };
  redeliverWebhookDelivery: {
    params: {
      id: string;
      delivery_id: string;
    };
    query: {};
    body: undefined;
  };
  rejectDecision: {
    params: {
      id: string;
    };
    query: {};
    body: ApprovalActionRequest;
  };
  removeMember: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  replaceModelVersion: {
    params: {
      id: string;
      version: string;
    };
    query: {};
    body: ReplaceModelVersionRequest;
  };
  requestDecisionChanges: {
    params: {
      id: string;
    };
    query: {};
    body: ApprovalActionRequest;
  };
  resendInvitation: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  resolveAlert: {
    params: {
      id: string;
    };
    query: {};
    body: ResolveKpiAlertRequest | undefined;
  };
  resubmitDecision: {
    params: {
      id: string;
    };
    query: {};
    body: OptionalCommentRequest | undefined;
  };
  retryFailures: {
    params: {};
    query: {};
    body: RetryFailuresRequest;
  };
  revokeApiKey: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  revokeInvitation: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  revokeOAuthClient: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  rotateApiKey: {
    params: {
      id: string;
    };
    query: {};
    body: RotateApiKeyRequest | undefined;
  };
  rotateWebhookSecret: {
    params: {
      id: string;
    };
    query: {};
    body: RotateWebhookSecretRequest | undefined;
  };
  runModelTests: {
    params: {
      id: string;
    };
    query: {};
    body: RunModelTestsRequest | undefined;
  };
  sendWebhookTest: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  setMemberDelegation: {
    params: {
      id: string;
    };
    query: {};
    body: SetDelegationRequest;
  };
  setMyDelegation: {
    params: {};
    query: {};
    body: SetDelegationRequest;
  };
  silenceAlert: {
    params: {
      id: string;
    };
    query: {};
    body: SilenceKpiAlertRequest;
  };
  simulateModel: {
    params: {
      id: string;
    };
    query: {};
    body: SimulateModelRequest;
  };
  simulateModelTests: {
    params: {
      id: string;
    };
    query: {};
    body: SimulateModelTestsRequest;
  };
  streamEvents: {
    params: {};
    query: {
      types?: string;
      resource_id?: string;
      after?: string;
    };
    body: undefined;
  };
  submitDecision: {
    params: {
      id: string;
    };
    query: {};
    body: SubmitDecisionRequest;
  };
  submitModelVersion: {
    params: {
      id: string;
      version: string;
    };
    query: {};
    body: SubmitModelVersionRequest | undefined;
  };
  unlinkDecisionOutcomeKpi: {
    params: {
      id: string;
      link_id: string;
    };
    query: {};
    body: undefined;
  };
  unwatchKpi: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  updateChatDestination: {
    params: {
      id: string;
    };
    query: {};
    body: UpdateChatDestinationRequest;
  };
  updateDataset: {
    params: {
      name: string;
    };
    query: {};
    body: UpdateDatasetRequest;
  };
  updateDecision: {
    params: {
      id: string;
    };
    query: {};
    body: UpdateDecisionRequest;
  };
  updateEnvironment: {
    params: {
      id: string;
    };
    query: {};
    body: UpdateEnvironmentRequest;
  };
  updateIntegration: {
    params: {
      id: string;
    };
    query: {};
    body: UpdateIntegrationRequest;
  };
  updateKpi: {
    params: {
      id: string;
    };
    query: {};
    body: UpdateKpiRequest;
  };
  updateKpiAlertRule: {
    params: {
      id: string;
      rule_id: string;
    };
    query: {};
    body: UpdateKpiAlertRuleRequest;
  };
  updateModel: {
    params: {
      id: string;
    };
    query: {};
    body: UpdateModelRequest;
  };
  updateModelSettings: {
    params: {};
    query: {};
    body: UpdateModelSettingsRequest;
  };
  updateModelTestCase: {
    params: {
      id: string;
      case_id: string;
    };
    query: {};
    body: UpdateModelTestCaseRequest;
  };
  updateNotificationPreferences: {
    params: {};
    query: {};
    body: UpdateNotificationPreferencesRequest;
  };
  updateNotificationSettings: {
    params: {};
    query: {};
    body: UpdateNotificationSettingsRequest;
  };
  updateScenario: {
    params: {
      id: string;
    };
    query: {};
    body: UpdateScenarioRequest;
  };
  updateWebhook: {
    params: {
      id: string;
    };
    query: {};
    body: UpdateWebhookRequest;
  };
  validateIntegrationFieldMapping: {
    params: {
      id: string;
    };
    query: {};
    body: ValidateFieldMappingRequest;
  };
  validateModelInputs: {
    params: {
      id: string;
    };
    query: {};
    body: ValidateInputsRequest;
  };
  verifyAuditLog: {
    params: {};
    query: {};
    body: undefined;
  };
  watchKpi: {
    params: {
      id: string;
    };
    query: {};
    body: undefined;
  };
  withdrawDecision: {
    params: {
      id: string;
    };
    query: {};
    body: OptionalCommentRequest | undefined;
  };
}
export interface EmptyKpiAlertActionRequest {}
export interface AddMemberRequest {
  email: string;
  display_name: string;
  role: MemberRole;
}
export interface DatasetAggregateRequest {
  /**
   * @minItems 1
   * @maxItems 20
   */
  metrics: DatasetMetric[];
  /**
   * @maxItems 3
   */
  group_by?: string[];
  filter?: DatasetFilter;
  as_of?: string;
}
export interface DatasetMetric {
  function: ScenarioInputBindingMetricFunction;
  field?: string;
  percentile?: number;
  as?: string;
}
export interface DatasetFilter {
  [k: string]:
    | string
    | number
    | boolean
    | null
    | {
        eq?: string | number | boolean | null;
        ne?: string | number | boolean | null;
        gt?: string | number | boolean | null;
        gte?: string | number | boolean | null;
        lt?: string | number | boolean | null;
        lte?: string | number | boolean | null;
        /**
         * @minItems 1
         * @maxItems 100
         */
        in?: (string | number | boolean | null)[];
      };
}
export interface ApprovalActionRequest {
  expected_step: number;
  comment?: string;
}
export interface ChangeMemberRoleRequest {
  role: MemberRole;
}
export interface OptionalCommentRequest {
  comment?: string;
}
export interface DecisionCommentRequest {
  comment: string;
}
export interface CompareScenariosRequest {
  /**
   * @minItems 2
   * @maxItems 20
   */
  scenario_ids: string[];
  baseline_id?: string;
}
export interface CreateApiKeyRequest {
  name: string;
  /**
   * @minItems 1
   */
  scopes: ApiKeyScopesItem[];
  expires_at?: string | null;
  environment?: string | null;
}
export interface CreateApprovalPolicyRequest {
  name: string;
  description?: string;
  /**
   * @minItems 1
   * @maxItems 10
   */
  steps: ApprovalPolicyStepsItem[];
  flags?: {
    scenario_author_cannot_approve?: boolean;
  };
}
export interface ApprovalPolicyStepsItem {
  name: string;
  approvals_required: number;
  approvers: ApprovalStepApprovers;
  sla: string;
  escalate_to?: ApprovalStepApprovers | null;
  deadline?: string | null;
  condition?: string | null;
}
export interface ApprovalStepApprovers {
  role?: 'analyst' | 'approver' | 'admin';
  /**
   * @minItems 1
   * @maxItems 20
   */
  user_ids?: string[];
}
export interface CreateApprovalPolicyVersionRequest {
  /**
   * @minItems 1
   * @maxItems 10
   */
  steps: ApprovalPolicyStepsItem[];
  flags?: {
    scenario_author_cannot_approve?: boolean;
  };
}
export interface CreateAuditExportRequest {
  occurred_after?: string;
  occurred_before?: string;
  /**
   * @minItems 1
   * @maxItems 20
   */
  resource_types?: string[];
  /**
   * @minItems 1
   * @maxItems 9
   */
  decision_statuses?: AuditExportDecisionStatusesItem[];
  /**
   * @minItems 1
   * @maxItems 20
   */
  decision_tags?: string[];
}
export interface CreateChatDestinationRequest {
  name: string;
  format: 'slack' | 'teams';
  url: string;
  /**
   * @maxItems 9
   */
  kinds: NotificationPreferencesKindsItemKind[];
  enabled?: boolean;
}
export interface CreateDatasetRequest {
  name: string;
  description?: string | null;
  primary_key: string;
  fields: {
    [k: string]: DatasetFieldsValue;
  };
}
export interface DatasetFieldsValue {
  type: DatasetFieldDefinitionType;
  description?: string;
}
export interface CreateDecisionRequest {
  title: string;
  context?: string;
  /**
   * @minItems 2
   * @maxItems 20
   */
  options: DecisionOptionsItem[];
  chosen_option?: string | null;
  rationale?: string | null;
  owner_id?: string | null;
  /**
   * @maxItems 20
   */
  tags?: string[];
  due_at?: string | null;
  /**
   * @maxItems 20
   */
  outcome_reviews_at?: string[];
}
export interface DecisionOptionsItem {
  label: string;
  description?: string;
  scenario_id?: string | null;
}
export interface CreateEnvironmentRequest {
  name: string;
  description?: string | null;
  position: number;
  requires_review?: boolean;
  requires_previous?: boolean;
  release_target?: boolean;
  approval_policy_id?: string | null;
  on_deployment_end?: 'fall_back' | 'refuse';
}
export interface CreateIntegrationRequest {
  name: string;
  connector_type: ConnectorTypeType;
  config: {
    [k: string]: unknown;
  };
  credentials?: {
    [k: string]: string;
  };
  status?: 'active' | 'paused';
  schedule?: IntegrationScheduleInput;
}
export interface CreateIntegrationSyncRequest {
  mode?: 'full' | 'incremental';
  page_size?: number;
  upload_id?: string;
}
export interface CreateKpiRequest {
  name: string;
  description?: string;
  unit?: string | null;
  direction: 'higher_is_better' | 'lower_is_better' | 'target_band';
  target: number | KpiTargetOption2;
  warning_threshold?: KpiWarningThreshold;
  critical_threshold?: KpiWarningThreshold;
  aggregation_period: DecisionOutcomeSummaryMetricsItemKpiAggregationPeriod;
  owner_id?: string | null;
  /**
   * @maxItems 20
   */
  tags?: string[];
  status?: 'active' | 'paused' | 'archived';
  evaluation_delay_seconds?: number;
  source?:
    | {
        type: 'manual';
      }
    | KpiSourceModelOutput
    | KpiSourceDataset;
}
export interface KpiTargetOption2 {
  low: number;
  high: number;
}
export interface KpiSourceModelOutput {
  type: 'model_output';
  model_id: string;
  metric: string;
  scenario_tag?: string | null;
}
export interface KpiSourceDataset {
  type: 'dataset';
  dataset: string;
  metric: {
    function: ScenarioInputBindingMetricFunction;
    field?: string;
    percentile?: number;
  };
  filter?: {
    [k: string]: unknown;
  };
}
export interface CreateKpiAlertRuleRequest {
  kind: 'threshold' | 'rate_of_change' | 'no_data';
  name: string;
  severity?: 'warning' | 'critical';
  threshold?: KpiWarningThreshold;
  recovery_threshold?: KpiWarningThreshold;
  for_points?: number;
  for_seconds?: number;
  window_seconds?: number | null;
  change?: KpiAlertRuleChange;
  no_data_seconds?: number | null;
  renotify_seconds?: number | null;
  enabled?: boolean;
}
export interface ModelOption1 {
  graph: {
    [k: string]: unknown;
  };
  input_schema: {
    [k: string]: unknown;
  };
  output_schema: {
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
export interface CreateModelReplayRequest {
  version: string;
  limit?: number;
  source?: 'scenarios' | 'instances';
  tolerance?: ModelReplayTolerance;
}
export interface ModelReplayTolerance {
  absolute?: number;
  relative?: number;
}
export interface CreateModelTestCaseRequest {
  name: string;
  inputs: {
    [k: string]: unknown;
  };
  expected: {
    [k: string]: unknown;
  };
  tolerances?: {
    [k: string]:
      | {
          absolute: number;
        }
      | {
          relative: number;
        };
  };
  /**
   * @maxItems 100
   */
  expected_rules?: string[] | null;
}
export interface CreateOAuthClientRequest {
  name: string;
  /**
   * @minItems 1
   */
  grant_types: ('authorization_code' | 'refresh_token' | 'client_credentials')[];
  /**
   * @maxItems 20
   */
  redirect_uris?: string[];
  /**
   * @minItems 1
   */
  scopes: ApiKeyScopesItem[];
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post' | 'none';
  environment?: string | null;
}
export interface CreateScenarioRequest {
  model_id: string;
  model_version?: string;
  as_of?: string;
  inputs: {
    [k: string]: string | number;
  };
  name?: string;
  description?: string;
  /**
   * @maxItems 20
   */
  tags?: string[];
  uncertainty?: {
    [k: string]: Distribution;
  };
  simulation?: ScenarioSimulation;
  input_bindings?: {
    [k: string]: ScenarioInputBinding;
  };
}
export interface ScenarioSimulation {
  runs?: number;
  seed?: number;
}
export interface ScenarioInputBinding {
  dataset: string;
  metric: {
    function: ScenarioInputBindingMetricFunction;
    field?: string;
    percentile?: number;
  };
  filter?: DatasetFilter;
  as_of?: string;
}
export interface CreateBatchRequest {
  /**
   * @minItems 1
   * @maxItems 10000
   */
  items: {
    model_id: string;
    model_version?: string;
    inputs: {
      [k: string]: string | number;
    };
    name?: string;
    /**
     * @maxItems 20
     */
    tags?: string[];
  }[];
  compare?: boolean;
}
export interface CreateWebhookRequest {
  url: string;
  /**
   * @minItems 1
   * @maxItems 50
   */
  event_types: string[];
  description?: string;
  enabled?: boolean;
  retry_policy?: WebhookRetryPolicyInput;
}
export interface WebhookRetryPolicyInput {
  schedule?: 'standard' | 'exponential';
  max_attempts?: number;
  initial_interval_ms?: number;
  backoff_coefficient?: number;
  max_interval_ms?: number;
  max_duration_seconds?: number;
}
export interface EvaluateModelRequest {
  inputs?: {
    [k: string]: unknown;
  };
  /**
   * @minItems 1
   * @maxItems 1000
   */
  items?: {
    inputs: {
      [k: string]: unknown;
    };
    correlation_id?: string;
  }[];
  version?: string;
  as_of?: string;
  correlation_id?: string;
  receipt?: boolean;
  /**
   * @minItems 1
   * @maxItems 1000
   */
  decisions?: string[];
  trace?: boolean;
}
export interface GenerateModelTestCasesRequest {
  accept?: boolean;
  name_prefix?: string;
}
export interface ImportModelTestCasesRequest {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  cases?: CreateModelTestCaseRequest[];
  csv?: string;
}
export interface LinkDecisionOutcomeKpiRequest {
  metric: string;
  kpi_id: string;
  expected_value?: number;
}
export interface PlaceLegalHoldRequest {
  reason: string;
}
export interface PromoteModelVersionRequest {
  environment: string;
  effective_from?: string;
  effective_until?: string;
  time_zone?: string;
  reason?: string;
  approval_policy_id?: string;
}
export interface PublishModelVersionRequest {
  reason: string;
  environment?: string;
}
export interface PutFieldMappingRequest {
  stream: string;
  target: string;
  fields: {
    [k: string]: {
      source?: string;
      /**
       * @maxItems 10
       */
      transforms?: (
        | {
            type: 'cast';
            to: 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'date-time';
          }
        | {
            type: 'date_format';
            format: string;
          }
        | {
            type: 'value_map';
            values: {
              [k: string]: string | number | boolean | null;
            };
            default_value?: string | number | boolean | null;
          }
        | {
            type: 'concat';
            /**
             * @minItems 1
             * @maxItems 20
             */
            fields: (
              | string
              | {
                  literal: string;
                }
            )[];
            separator?: string;
          }
        | {
            type: 'expression';
            expression: string;
          }
      )[];
      default?: string | number | boolean;
    };
  };
}
export interface ReassignStepRequest {
  step: number;
  approvers: {
    role?: 'analyst' | 'approver' | 'admin';
    /**
     * @minItems 1
     * @maxItems 50
     */
    user_ids?: string[];
  };
  comment?: string;
}
export interface RecordDecisionOutcomeRequest {
  metric: string;
  expected_value?: number;
  actual_value: number;
  observed_at: string;
  note?: string;
  supersedes?: string;
}
export interface RecordKpiPointsRequest {
  timestamp?: string;
  value?: number;
  note?: string | null;
  /**
   * @minItems 1
   * @maxItems 10000
   */
  points?: {
    timestamp: string;
    value: number;
    note?: string | null;
  }[];
}
export interface ResolveKpiAlertRequest {
  reason?: string;
}
export interface RetryFailuresRequest {
  /**
   * @minItems 1
   * @maxItems 500
   */
  ids?: string[];
  filter?: {
    kind?: FailureKind;
    resource?: string;
    since?: string;
    code?: string;
  };
  dry_run?: boolean;
}
export interface RotateApiKeyRequest {
  grace_period_seconds?: number;
}
export interface RotateWebhookSecretRequest {
  grace_period_seconds?: number;
}
export interface RunModelTestsRequest {
  version?: string;
}
export interface SetDelegationRequest {
  delegate: string;
  from?: string;
  until: string;
  reason?: string;
}
export interface SilenceKpiAlertRequest {
  until: string;
  reason: string;
}
export interface SimulateModelRequest {
  content:
    | {
        [k: string]: unknown;
      }
    | string;
  input_schema?: {
    [k: string]: unknown;
  };
  output_schema?: {
    [k: string]: unknown;
  };
  sample_inputs?: {
    [k: string]: unknown;
  };
  inputs: {
    [k: string]: unknown;
  };
  trace?: boolean;
  compare_with?: string | null;
}
export interface SimulateModelTestsRequest {
  content:
    | {
        [k: string]: unknown;
      }
    | string;
  input_schema?: {
    [k: string]: unknown;
  };
  output_schema?: {
    [k: string]: unknown;
  };
  sample_inputs?: {
    [k: string]: unknown;
  };
}
export interface SubmitDecisionRequest {
  approval_policy_id?: string;
}
export interface SubmitModelVersionRequest {
  approval_policy_id?: string;
  comment?: string;
}
export interface UpdateChatDestinationRequest {
  name?: string;
  format?: 'slack' | 'teams';
  url?: string;
  /**
   * @maxItems 9
   */
  kinds?: NotificationPreferencesKindsItemKind[];
  enabled?: boolean;
}
export interface UpdateDatasetRequest {
  description?: string | null;
  primary_key?: string;
  fields?: {
    [k: string]: DatasetFieldsValue;
  };
}
export interface UpdateDecisionRequest {
  title?: string;
  context?: string;
  /**
   * @minItems 2
   * @maxItems 20
   */
  options?: DecisionOptionsItem[];
  chosen_option?: string | null;
  rationale?: string | null;
  owner_id?: string | null;
  /**
   * @maxItems 20
   */
  tags?: string[];
  due_at?: string | null;
  /**
   * @maxItems 20
   */
  outcome_reviews_at?: string[];
}
export interface UpdateEnvironmentRequest {
  description?: string | null;
  position?: number;
  requires_review?: boolean;
  requires_previous?: boolean;
  release_target?: boolean;
  approval_policy_id?: string | null;
  on_deployment_end?: 'fall_back' | 'refuse';
}
export interface UpdateIntegrationRequest {
  name?: string;
  config?: {
    [k: string]: unknown;
  };
  credentials?: {
    [k: string]: string;
  };
  status?: 'active' | 'paused';
  schedule?: IntegrationScheduleInput;
}
export interface UpdateKpiRequest {
  name?: string;
  description?: string;
  unit?: string | null;
  direction?: 'higher_is_better' | 'lower_is_better' | 'target_band';
  target?: number | KpiTargetOption2;
  warning_threshold?: KpiWarningThreshold;
  critical_threshold?: KpiWarningThreshold;
  aggregation_period?: DecisionOutcomeSummaryMetricsItemKpiAggregationPeriod;
  owner_id?: string | null;
  /**
   * @maxItems 20
   */
  tags?: string[];
  status?: 'active' | 'paused' | 'archived';
  evaluation_delay_seconds?: number;
}
export interface UpdateKpiAlertRuleRequest {
  name?: string;
  severity?: 'warning' | 'critical';
  threshold?: KpiWarningThreshold;
  recovery_threshold?: KpiWarningThreshold;
  for_points?: number;
  for_seconds?: number;
  window_seconds?: number | null;
  change?: KpiAlertRuleChange;
  no_data_seconds?: number | null;
  renotify_seconds?: number | null;
  enabled?: boolean;
}
export interface UpdateModelRequest {
  name?: string;
  description?: string;
  coverage_threshold?: number;
  verification?: ModelVerification;
  record_evaluations?: ModelRecordEvaluations;
  record_sample_rate?: number | null;
  record_inputs?: boolean | null;
  record_guarantee?: 'buffered' | 'durable' | null;
  receipts?: boolean | null;
}
export interface UpdateModelSettingsRequest {
  verification?: ModelVerification;
  record_evaluations?: ModelRecordEvaluations;
  record_sample_rate?: number | null;
  record_inputs?: boolean | null;
  record_guarantee?: 'buffered' | 'durable' | null;
  receipts?: boolean | null;
  decision_instance_retention_days?: number | null;
}
export interface UpdateModelTestCaseRequest {
  name?: string;
  inputs?: {
    [k: string]: unknown;
  };
  expected?: {
    [k: string]: unknown;
  };
  tolerances?: {
    [k: string]:
      | {
          absolute: number;
        }
      | {
          relative: number;
        };
  };
  /**
   * @maxItems 100
   */
  expected_rules?: string[] | null;
}
export interface UpdateNotificationPreferencesRequest {
  time_zone?: string;
  preferences?: {
    [k: string]: 'immediate' | 'digest' | 'off';
  };
}
export interface UpdateNotificationSettingsRequest {
  /**
   * @maxItems 9
   */
  mandatory_kinds: NotificationPreferencesKindsItemKind[];
}
export interface UpdateScenarioRequest {
  name?: string | null;
  description?: string | null;
  /**
   * @maxItems 20
   */
  tags?: string[];
  inputs?: {
    [k: string]: string | number | null;
  };
  model_version?: string;
  uncertainty?: {
    [k: string]: Distribution | null;
  } | null;
  simulation?: ScenarioSimulation | null;
}
export interface UpdateWebhookRequest {
  url?: string;
  /**
   * @minItems 1
   * @maxItems 50
   */
  event_types?: string[];
  description?: string;
  enabled?: boolean;
  retry_policy?: WebhookRetryPolicyInput;
}
export interface ValidateFieldMappingRequest {
  mapping: PutFieldMappingRequest;
  limit?: number;
}
export interface ValidateInputsRequest {
  inputs: {
    [k: string]: unknown;
  };
  model_version?: string;
}
