import { AppError, problemTypeOf, type FieldError } from './app-error';
import { ERROR_CODES } from './error-codes';

export { ERROR_CODES, type ErrorCode, type ErrorCodeWithStatus } from './error-codes';

/** The codes a failed run stores in its `error`. */
export type RunFailureCode = 'model_execution_failed' | 'model_not_found' | 'version_not_found' | 'run_not_executed';

/**
 * A failed run's problem object, stored on the scenario as its `error`: shaped like a problem+json answer, with the
 * status listed for its code (the list stays the only place a status is written).
 */
export const runFailure = (code: RunFailureCode, title: string, detail: string) => ({
  type: problemTypeOf(code),
  title,
  status: ERROR_CODES[code].status,
  code,
  detail,
});

/** How long a client should wait before retrying during an outage of a dependency. */
const OUTAGE_RETRY_AFTER_SECONDS = '5';

const retryAfter = (seconds: string) => ({ headers: { 'Retry-After': seconds } });

export const insufficientScope = (scope: string) =>
  new AppError('insufficient_scope', `This operation needs the "${scope}" scope.`, { required_scope: scope });

export const routeNotFound = (method: string, path: string) =>
  new AppError('route_not_found', `No route matches ${method} ${path}.`);
export const methodNotAllowed = (
  method: string,
  path: string,
  detail = `${method} is not allowed on ${path}; see the Allow header.`,
) => new AppError('method_not_allowed', detail);
export const methodNotImplemented = (method: string) =>
  new AppError('method_not_implemented', `${method} is not supported.`);
export const internalError = () =>
  new AppError('internal_error', 'An unexpected error occurred. Quote the request id when reporting it.');

export const malformedBody = () => new AppError('malformed_body', 'The request body could not be read.');
export const malformedJson = (detail: string) => new AppError('malformed_json', detail);
export const unsupportedMediaType = (detail: string, extras: { headers?: Record<string, string> } = {}) =>
  new AppError('unsupported_media_type', detail, extras);
export const payloadTooLarge = (limitBytes: number) =>
  new AppError('payload_too_large', `The request body exceeds the limit of ${limitBytes} bytes.`, {
    limit_bytes: limitBytes,
  });
export const invalidParameters = (detail: string, errors: FieldError[]) =>
  new AppError('invalid_parameters', detail, { errors });
export const invalidCursor = () =>
  new AppError('invalid_cursor', 'The cursor is not one this API issued.', {
    errors: [{ path: '/query/cursor', message: 'is not a valid cursor' }],
  });

export const invalidIdempotencyKey = () =>
  new AppError('invalid_idempotency_key', 'The Idempotency-Key header must be at most 255 characters.');
export const invalidHost = (detail: string) => new AppError('invalid_host', detail);
export const idempotencyKeyReused = () =>
  new AppError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
export const idempotencyRequestInProgress = (retryAfterSeconds = 1) =>
  new AppError(
    'idempotency_request_in_progress',
    'A request with this Idempotency-Key is still being processed.',
    retryAfter(String(retryAfterSeconds)),
  );
export const idempotencyClaimTakenOver = () =>
  new AppError(
    'idempotency_request_in_progress',
    'A retry with the same Idempotency-Key took this request over after it stopped renewing its claim; nothing was changed by this request.',
  );
export const idempotencyOutcomeUnknown = () =>
  new AppError(
    'idempotency_outcome_unknown',
    'The request with this Idempotency-Key changed data, but the process handling it stopped before it answered; it will not run again. Look the resource up instead.',
  );

export const rateLimitExceeded = (policies: string[], retryAfterSeconds: number) =>
  new AppError('rate_limit_exceeded', `The ${policies.join(' and ')} request quota of this tenant is used up.`, {
    type: 'https://iana.org/assignments/http-problem-types#quota-exceeded',
    headers: { 'Retry-After': String(retryAfterSeconds) },
    'violated-policies': policies,
  });

/** The tenant moved to its dedicated endpoint and the migration window ended: the shared host refuses its credentials. */
export const dedicatedEndpointRequired = (host: string) =>
  new AppError(
    'dedicated_endpoint_required',
    `This tenant's API is served at https://${host}/api/v1; the shared endpoint no longer answers for it.`,
    {
      'dedicated-endpoint': `https://${host}`,
    },
  );

/** A volume quota is used up (core/usage-quotas.ts): named in `detail` and `violated-policies`, retried after the period ends. */
export const usageQuotaExceeded = (quota: string, limit: number, used: number, retryAfterSeconds: number) =>
  new AppError(
    'usage_quota_exceeded',
    `The ${quota} quota of this tenant (${limit}) is used up: ${used} used; it resets in ${retryAfterSeconds} s.`,
    {
      type: 'https://iana.org/assignments/http-problem-types#quota-exceeded',
      headers: { 'Retry-After': String(retryAfterSeconds) },
      'violated-policies': [quota],
    },
  );

export const conflict = () => new AppError('conflict', 'The resource conflicts with one that already exists.');
export const concurrentUpdate = () =>
  new AppError('concurrent_update', 'The resource was changed concurrently; retry the request.', retryAfter('1'));
export const invalidReference = () =>
  new AppError('invalid_reference', 'The request refers to a resource that does not exist.');
export const invalidValue = () =>
  new AppError('invalid_value', 'A value in the request is outside what the resource allows.');

export const databaseUnavailable = () =>
  new AppError(
    'database_unavailable',
    'The database is unavailable; nothing was changed by this request. Retry shortly.',
    retryAfter(OUTAGE_RETRY_AFTER_SECONDS),
  );
export const workflowEngineUnavailable = (detail = 'The workflow engine is unavailable; retry shortly.') =>
  new AppError('workflow_engine_unavailable', detail, retryAfter(OUTAGE_RETRY_AFTER_SECONDS));
export const sandboxBusy = (limit: number, retryAfterSeconds: number) =>
  new AppError(
    'sandbox_busy',
    `This tenant already has ${limit} evaluations waiting or running in the expression sandbox; retry when one has finished. Nothing was changed.`,
    {
      ...retryAfter(String(retryAfterSeconds)),
    },
  );
export const sandboxUnavailable = (
  waitedMs: number,
  retryAfterSeconds: number,
  detail = `No expression sandbox process became free within ${waitedMs} ms; retry shortly. Nothing was changed.`,
) => new AppError('sandbox_unavailable', detail, retryAfter(String(retryAfterSeconds)));
export const identityProviderUnavailable = () =>
  new AppError(
    'identity_provider_unavailable',
    'The identity provider could not be reached to check the access token. Retry shortly.',
    retryAfter(OUTAGE_RETRY_AFTER_SECONDS),
  );

export const syncFinished = (id: string, status: string) =>
  new AppError('sync_finished', `The sync ${id} has already finished (${status}); there is nothing to cancel.`, {
    sync_status: status,
  });
export const integrationPaused = (id: string) =>
  new AppError(
    'integration_paused',
    `The integration ${id} is paused; resume it (PATCH {"status": "active"}) to sync.`,
  );

export const apiKeyNotRotatable = () => new AppError('api_key_not_rotatable', 'A revoked key cannot be rotated.');
export const alreadyMember = (email: string) =>
  new AppError('already_member', `${email} is already a member of this tenant.`);
export const invitationResendLimited = (limit: number, retryAfterSeconds: number) =>
  new AppError(
    'invitation_resend_limited',
    `This member's invitation was sent again ${limit} times in the last hour; it can be sent again in ${retryAfterSeconds} s. Nothing was sent.`,
    {
      headers: { 'Retry-After': String(retryAfterSeconds) },
    },
  );
export const invitationAccepted = () =>
  new AppError(
    'invitation_accepted',
    'The member already accepted their invitation; they sign in with their password.',
  );
export const lastAdmin = () => new AppError('last_admin', "The tenant's last admin cannot be demoted or removed.");
export const modelNotEditable = (id: string) =>
  new AppError('model_not_editable', `${id} is a built-in model; only tenant models can be changed.`);
export const builtinModelNotAnalysable = (id: string) =>
  new AppError(
    'model_not_editable',
    `${id} is a built-in model: its logic is code, not decision tables; only tenant models' versions are analysed.`,
  );
export const analysisBudgetExceeded = (budgetMs: number) =>
  new AppError(
    'analysis_budget_exceeded',
    `The analysis of the version's decision tables took longer than the ${budgetMs} ms budget for tenant content (EXPRESSION_BUDGET_MS); split or simplify its tables.`,
    {
      errors: [
        {
          path: '/content',
          message: `took longer than the ${budgetMs} ms budget to analyse (EXPRESSION_BUDGET_MS)`,
        },
      ],
    },
  );
export const modelVersionState = (id: string, version: number, status: string, why: string) =>
  new AppError('model_version_state', `Version ${version} of ${id} is ${status.replace('_', ' ')}: ${why}`, {
    version_status: status,
  });
export const contentRevisionConflict = (
  id: string,
  version: number,
  given: number,
  current: number,
  lastSavedBy: unknown,
  lastSavedAt: string,
) =>
  new AppError(
    'content_revision_conflict',
    `Version ${version} of ${id} is at content revision ${current}, not ${given}: it was saved since this edit began. Reload it, or keep this content as a new version.`,
    { current_content_revision: current, last_saved_by: lastSavedBy, last_saved_at: lastSavedAt },
  );
export const releaseDecision = (modelId: string, version: number) =>
  new AppError(
    'release_decision',
    `This decision reviews version ${version} of model ${modelId}: change, submit or resubmit it through the model version (POST /api/v1/models/${modelId}/versions/${version}/submit).`,
  );
export const modelDeprecated = (id: string, pointer: string) =>
  new AppError(
    'model_deprecated',
    `Model ${id} is deprecated: it serves reads and existing scenarios but no new runs.`,
    {
      errors: [{ path: pointer, message: 'is deprecated' }],
    },
  );
export const noVersionInEffect = (detail: string, pointer: string) =>
  new AppError('no_version_in_effect', detail, { errors: [{ path: pointer, message: detail }] });
export const environmentNotAllowed = (pinned: string, asked: string) =>
  new AppError(
    'environment_not_allowed',
    `These credentials are pinned to the environment "${pinned}"; they cannot act in "${asked}".`,
  );
export const promotionRefused = (pointer: string, message: string) =>
  new AppError('promotion_refused', message, { errors: [{ path: pointer, message }] });
export const deploymentNotCancellable = (id: string, status: string) =>
  new AppError(
    'deployment_not_cancellable',
    `Deployment ${id} is ${status.replace('_', ' ')}: it cannot be cancelled.`,
    {
      status_now: status,
    },
  );
export const scenarioRunning = () =>
  new AppError(
    'scenario_running',
    'The scenario is still running; change its inputs when the current run has finished.',
  );
export const noPublishedVersion = (id: string) =>
  new AppError(
    'no_published_version',
    `Model ${id} has no published version, so no live runs to replay against another version.`,
  );
export const replayFinished = (status: string) => new AppError('replay_finished', `The replay is already ${status}.`);
export const failureRetryFinished = (status: string) =>
  new AppError('failure_retry_finished', `The retry is already ${status}.`);
export const batchFinished = (status: string) => new AppError('batch_finished', `The batch is already ${status}.`);
export const webhookDisabled = (action: 'sent a test event' | 'redelivered to') =>
  new AppError('webhook_disabled', `The webhook subscription is disabled, so it cannot be ${action}; enable it first.`);
export const eventExpired = () => new AppError('event_expired', 'The event is past its retention period.');
export const auditExportNotReady = (status: string) =>
  new AppError(
    'audit_export_not_ready',
    `The audit export is ${status}; its files and digest exist once it has completed.`,
  );
/** What was refused on a decision in the wrong state: each action is named in its own answer. */
export type DecisionEditAction = 'submit' | 'delete' | 'edit' | 'attach evidence' | 'detach evidence';
const DECISION_EDIT_RULES: Record<DecisionEditAction, string> = {
  submit: 'not a draft: only a draft can be submitted (a decision whose changes were requested is resubmitted)',
  delete: 'not a draft: only a draft can be deleted (a decision under review can be withdrawn)',
  edit: 'not a draft or a decision whose changes were requested: only those can be edited',
  'attach evidence': 'not a draft or a decision whose changes were requested: only those can be given evidence',
  'detach evidence': 'not a draft or a decision whose changes were requested: only those can have evidence detached',
};
export const decisionNotEditable = (status: string, action: DecisionEditAction) =>
  new AppError('decision_not_editable', `The decision is ${status}, ${DECISION_EDIT_RULES[action]}.`, {
    decision_status: status,
  });
export const decisionTransitionNotAllowed = (detail: string) => new AppError('decision_transition_not_allowed', detail);
export const resubmissionInProgress = () =>
  new AppError(
    'resubmission_in_progress',
    'The decision is being resubmitted: edits wait until its review has resumed (ask for changes again to edit).',
  );
export const decisionNotComparable = (linked: number) =>
  new AppError(
    'decision_not_comparable',
    `${linked} of the decision's options link a scenario; comparing needs at least two.`,
  );
export const decisionNotApproved = (status: string) =>
  new AppError(
    'decision_not_approved',
    `The decision is ${status}: outcomes can be recorded only once it is approved (or implemented).`,
    { decision_status: status },
  );
export const outcomeMetricFedByKpi = (metric: string, kpiId: string, linkId: string, doing: 'record' | 'link') =>
  new AppError(
    'outcome_metric_fed_by_kpi',
    `The metric "${metric}" of this decision is fed by KPI ${kpiId} (link ${linkId}): its actual values come from that KPI's points. ` +
      (doing === 'record'
        ? 'Post points to the KPI instead, or remove the link to record outcomes by hand.'
        : 'Remove that link first to link another KPI.'),
    { metric, kpi_id: kpiId, link_id: linkId },
  );
export const approvalPolicyArchived = () =>
  new AppError(
    'approval_policy_archived',
    'The approval policy is archived: it takes no new versions (its versions stay readable).',
  );
export const kpiAlertResolved = (id: string, action: 'acknowledged' | 'silenced' | 'resolved') =>
  new AppError('kpi_alert_resolved', `The alert ${id} is already resolved: it can no longer be ${action}.`);

export const kpiArchived = (id: string) =>
  new AppError(
    'kpi_archived',
    `The KPI ${id} is archived: it takes no new points. PATCH its status to active or paused first.`,
  );
/** `what`: the refused act, as a sentence's subject ("Approving a decision", "An approval inbox"). */
export const userActorRequired = (what: string) =>
  new AppError(
    'user_actor_required',
    `${what} is attributed to a person: sign in as a user (OAuth access token); API keys and service accounts cannot.`,
  );
export const notAnEligibleApprover = (detail: string) => new AppError('not_an_eligible_approver', detail);
export const decisionNotPending = (status: string) =>
  new AppError('decision_not_pending', `The decision is ${status}, not pending approval: there is no step to act on.`);
export const approvalStepMoved = (currentStep: number | null) =>
  new AppError(
    'approval_step_moved',
    `The decision's current step is ${currentStep ?? 'none'}; reread the decision before acting.`,
    { current_step: currentStep },
  );
/**
 * A step of a review that the people left could not complete: it `requires` approvals, `given` of them stand, and
 * `available` people may give one of the rest; `pointer` is the request field that decides who approves, `hint` what
 * the caller can do instead.
 */
export const insufficientApprovers = (
  stepIndex: number,
  stepName: string,
  required: number,
  available: number,
  options: { given?: number; pointer?: string; hint?: string } = {},
) => {
  const { given = 0, pointer = '/approval_policy_id', hint = '' } = options;
  const standing = given > 0 ? ` (${given} approved already, ${required - given} more needed)` : '';
  return new AppError(
    'insufficient_approvers',
    `Step ${stepIndex + 1} ("${stepName}") requires ${required} approvers but only ${available} people can approve it${standing}.${hint ? ` ${hint}` : ''}`,
    {
      errors: [
        {
          path: pointer,
          message: `step ${stepIndex + 1} ("${stepName}") requires ${required} approvers; ${available} exist${standing}`,
        },
      ],
    },
  );
};
export const connectorFailed = (message: string) =>
  new AppError('connector_failed', `The source could not be read: ${message}`);
export const uploadsNotSupported = (connectorType: string) =>
  new AppError(
    'uploads_not_supported',
    `Files can be uploaded only to integrations of connector type csv; this one is ${connectorType}.`,
  );
export const datasetExists = (name: string) =>
  new AppError('dataset_exists', `The tenant already has a dataset named "${name}".`, {
    errors: [{ path: '/name', message: 'is taken' }],
  });
export const datasetBuiltIn = (name: string) =>
  new AppError('dataset_built_in', `"${name}" is a built-in dataset: it cannot be changed or deleted.`);
export const datasetHasRecords = (name: string, errors: FieldError[]) =>
  new AppError(
    'dataset_has_records',
    `The dataset "${name}" holds records: its fields' types and its primary key can no longer change.`,
    { errors },
  );
export const datasetInUse = (name: string, integrationIds: string[]) =>
  new AppError(
    'dataset_in_use',
    `The field mapping of ${integrationIds.length === 1 ? 'an integration' : `${integrationIds.length} integrations`} writes into "${name}": map ${integrationIds.length === 1 ? 'it' : 'them'} elsewhere first.`,
    {
      integration_ids: integrationIds,
    },
  );
export const modelEvaluationFailed = (detail: string, extras: { node_id?: string; instance_id?: string } = {}) =>
  new AppError('model_evaluation_failed', detail, extras);
/** A long-poll refused because this process already holds as many as it may (for the tenant, or in all). */
export const longPollCapacityExceeded = (limit: string, retryAfterSeconds: number) =>
  new AppError(
    'long_poll_capacity_exceeded',
    `${limit} requests are already waiting with Prefer: wait on this API process; retry after ${retryAfterSeconds} s, or read without waiting.`,
    retryAfter(String(retryAfterSeconds)),
  );
/** An event stream refused because this process already holds as many as it may (for the tenant, or in all). */
export const eventStreamCapacityExceeded = (limit: string, retryAfterSeconds: number) =>
  new AppError(
    'event_stream_capacity_exceeded',
    `${limit} event streams are already open on this API process; retry after ${retryAfterSeconds} s.`,
    retryAfter(String(retryAfterSeconds)),
  );
export const eventStreamPositionGone = (eventId: string, retentionDays: number) =>
  new AppError(
    'event_stream_position_gone',
    `The event ${eventId} is not among this tenant's events (kept ${retentionDays} days): open a new stream without Last-Event-ID or after, and catch up with GET /api/v1/events.`,
  );
