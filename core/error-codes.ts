/**
 * The error catalogue on its own (no imports), so `AppError` (core/app-error.ts) can check a code against it and
 * core/errors.ts can build named constructors on `AppError` without an import cycle. core/errors.ts re-exports it.
 */
/**
 * Every `code` the API can answer with, in one list: the OpenAPI document publishes it as the `ProblemCode` schema
 * (the catalogue clients switch on), `AppError` accepts nothing else, and test/unit/errors.test.ts checks that the two
 * agree. A new error kind is added here first, then thrown through a named constructor below.
 */
export const ERROR_CODES = {
  bad_request: { status: 400, description: 'The request could not be understood (an HTTP-level error).' },
  malformed_body: { status: 400, description: 'The request body could not be read.' },
  malformed_json: { status: 400, description: 'The request body is not valid JSON or not valid UTF-8.' },
  invalid_parameters: {
    status: 400,
    description: 'A query parameter is invalid; `errors` names each one as /query/<name>.',
  },
  invalid_cursor: { status: 400, description: 'The cursor is not one this API issued.' },
  invalid_idempotency_key: { status: 400, description: 'The Idempotency-Key header is longer than 255 characters.' },
  invalid_host: {
    status: 400,
    description: 'The Host header is not a host name (with an optional port), or was sent more than once.',
  },
  authentication_required: { status: 401, description: 'No credentials were sent.' },
  invalid_authorization_header: { status: 401, description: 'The Authorization header is not "Bearer <credential>".' },
  invalid_api_key: { status: 401, description: 'The API key is malformed or unknown.' },
  api_key_expired: { status: 401, description: 'The API key has expired.' },
  api_key_revoked: { status: 401, description: 'The API key has been revoked.' },
  invalid_token: { status: 401, description: 'The access token is not valid here.' },
  token_expired: { status: 401, description: 'The access token has expired.' },
  token_revoked: { status: 401, description: 'The access token, its grant or its client has been revoked.' },
  sign_in_refused: { status: 403, description: 'The identity provider refused or cancelled the console sign-in.' },
  insufficient_scope: {
    status: 403,
    description: 'The credentials lack the scope the operation needs (see `required_scope`).',
  },
  user_actor_required: {
    status: 403,
    description: 'Only a person (an OAuth access token for a user) may do this; API keys and service accounts may not.',
  },
  not_an_eligible_approver: {
    status: 403,
    description:
      "The caller may not act on the decision's current approval step (not an approver of it, the decision's owner, a writer of the model version it releases, or already approved a step).",
  },
  resource_not_found: { status: 404, description: 'No such resource in this tenant.' },
  route_not_found: { status: 404, description: 'No route matches the method and path.' },
  method_not_allowed: { status: 405, description: 'The method is not allowed on this path (see `Allow`).' },
  conflict: { status: 409, description: 'The resource conflicts with one that already exists.' },
  concurrent_update: { status: 409, description: 'The resource was changed concurrently; retry.' },
  idempotency_request_in_progress: {
    status: 409,
    description: 'A request with this Idempotency-Key is still being processed (retry after `Retry-After` seconds).',
  },
  idempotency_outcome_unknown: {
    status: 409,
    description:
      'The request with this Idempotency-Key changed data, but its process stopped before answering and recorded no answer; it will not run again. Look the resource up instead.',
  },
  api_key_not_rotatable: { status: 409, description: 'The API key has been revoked: a revoked key cannot be rotated.' },
  already_member: { status: 409, description: 'The person is already a member of this tenant.' },
  invitation_accepted: {
    status: 409,
    description: 'The member already accepted their invitation: there is nothing to send again or revoke.',
  },
  last_admin: { status: 409, description: "The tenant's last admin cannot be demoted or removed." },
  model_not_editable: { status: 409, description: 'Built-in models cannot be changed.' },
  model_version_state: {
    status: 409,
    description:
      "The model version's lifecycle status does not allow this: only a draft's content can be replaced or submitted; only a version that was published before can be published again (a rollback).",
  },
  content_revision_conflict: {
    status: 409,
    description:
      'The draft was saved by someone else since the edit began: `content_revision` is not its current revision (see `current_content_revision`, `last_saved_by`, `last_saved_at`); nothing was changed.',
  },
  release_decision: {
    status: 409,
    description:
      'The decision reviews a model version: its content, submission and resubmission go through the model version (`POST /models/{id}/versions/{version}/submit`).',
  },
  no_published_version: {
    status: 409,
    description: 'The model has no published version: it has no live runs to replay.',
  },
  replay_finished: { status: 409, description: 'The model replay has already finished: there is nothing to cancel.' },
  failure_retry_finished: {
    status: 409,
    description: 'The bulk retry has already finished: there is nothing to cancel.',
  },
  scenario_running: { status: 409, description: 'The scenario is still running its current run.' },
  batch_finished: { status: 409, description: 'The batch has already finished.' },
  sync_finished: {
    status: 409,
    description:
      'The integration sync has already finished (completed, failed or cancelled): there is nothing to cancel.',
  },
  integration_paused: {
    status: 409,
    description: 'The integration is paused: it takes no syncs until it is resumed (PATCH `status: active`).',
  },
  webhook_disabled: { status: 409, description: 'The webhook subscription is disabled.' },
  event_expired: { status: 409, description: 'The event is past its retention period.' },
  event_stream_position_gone: {
    status: 410,
    description:
      "The event a stream was to resume after (`Last-Event-ID` or `after`) is not among the tenant's events: past EVENT_RETENTION_DAYS, or never one of them. Open a new stream without it; GET /events lists what is still kept.",
  },
  audit_export_not_ready: {
    status: 409,
    description: 'The audit export has not completed: no files or digest yet (see `status`).',
  },
  decision_not_editable: {
    status: 409,
    description:
      'The decision is neither a draft nor awaiting requested changes: its content changes only through its approval workflow.',
  },
  decision_not_comparable: {
    status: 409,
    description: "Fewer than two of the decision's options link a scenario, so there is nothing to compare.",
  },
  decision_not_pending: {
    status: 409,
    description: 'The decision is not pending approval: there is no step to act on.',
  },
  approval_step_moved: {
    status: 409,
    description: 'The approval step moved on since the client saw it (`expected_step`); reread the decision.',
  },
  decision_transition_not_allowed: {
    status: 409,
    description: "The decision's status does not allow this action (see the decision states in the Decisions tag).",
  },
  resubmission_in_progress: {
    status: 409,
    description: 'A resubmission of the decision is being recorded; edit after it has been (or request changes again).',
  },
  decision_not_approved: {
    status: 409,
    description:
      'The decision is not approved or implemented: outcomes are recorded only against a decision that was approved.',
  },
  outcome_metric_fed_by_kpi: {
    status: 409,
    description:
      "The decision's metric is linked to a KPI (`kpi_id`, `link_id`): its actual values come from the KPI's points, so it takes no outcomes by hand and no second link.",
  },
  approval_policy_archived: { status: 409, description: 'The approval policy is archived: it takes no new versions.' },
  kpi_archived: {
    status: 409,
    description: 'The KPI is archived: it is read-only and takes no new points (PATCH its status to reactivate it).',
  },
  kpi_alert_resolved: {
    status: 409,
    description: 'The alert is resolved: it can no longer be acknowledged, silenced or resolved.',
  },
  uploads_not_supported: {
    status: 409,
    description: 'Files can be uploaded only to integrations of connector type `csv`.',
  },
  dataset_exists: { status: 409, description: 'The tenant already has a dataset of that name.' },
  dataset_built_in: {
    status: 409,
    description: 'The dataset is built in (`employees`): it cannot be changed or deleted.',
  },
  dataset_has_records: {
    status: 409,
    description:
      "The dataset holds records, so its fields' types and its primary key can no longer change (fields can still be added).",
  },
  dataset_in_use: {
    status: 409,
    description: "An integration's field mapping writes into the dataset; map it elsewhere first (`integration_ids`).",
  },
  payload_too_large: { status: 413, description: "The request body exceeds the operation's limit." },
  unsupported_media_type: { status: 415, description: 'The body is not unencoded JSON in UTF-8.' },
  validation_failed: { status: 422, description: 'The body is invalid; `errors` names each field.' },
  idempotency_key_reused: { status: 422, description: 'The Idempotency-Key was used with a different request.' },
  analysis_budget_exceeded: {
    status: 422,
    description:
      "The version's decision tables took longer to analyse than the budget for tenant content (EXPRESSION_BUDGET_MS); `errors` names the content.",
  },
  insufficient_approvers: {
    status: 422,
    description: 'A step of the approval policy requires more approvers than the tenant has.',
  },
  invalid_reference: { status: 422, description: 'The request refers to a resource that does not exist.' },
  invalid_value: { status: 422, description: 'A value is outside what the resource allows.' },
  connector_failed: {
    status: 422,
    description:
      "The integration's source could not be read (unreachable, refused the credentials, or answered something unusable); `detail` says what the source did.",
  },
  model_deprecated: { status: 422, description: 'The model is deprecated: no new runs.' },
  no_version_in_effect: {
    status: 422,
    description:
      'No version of the model is in effect in the environment at that instant (none deployed yet, not yet in effect, or the last one ended and the environment refuses to fall back); `errors` names the field.',
  },
  environment_not_allowed: {
    status: 403,
    description:
      'The credentials are pinned to another environment: a pinned API key or OAuth client may name only its own.',
  },
  promotion_refused: {
    status: 422,
    description:
      'The version cannot be promoted into that environment: not released, not yet in effect in the environment before it in order, or the environment is archived; `errors` names the field.',
  },
  deployment_not_cancellable: {
    status: 409,
    description:
      'The deployment can no longer be cancelled: it took effect, ended, or was cancelled or rejected already.',
  },
  model_evaluation_failed: {
    status: 422,
    description:
      "The model raised an error on the inputs given to `POST /models/{id}/evaluate`; `detail` names the node and why (in a batch, the item's `error`).",
  },
  // A failed run's `error` (a scenario's, a batch item's): stored on the resource, not answered, but with the same status.
  model_execution_failed: {
    status: 422,
    description: "A scenario's run failed: the model raised an error on its inputs (the scenario's `error`).",
  },
  model_not_found: {
    status: 422,
    description: "A scenario's run failed: its model no longer exists (the scenario's `error`).",
  },
  version_not_found: {
    status: 422,
    description: "A scenario's run failed: its model version no longer exists (the scenario's `error`).",
  },
  run_not_executed: {
    status: 503,
    description:
      "A scenario's run could not be executed after repeated attempts (the scenario's `error`); update its inputs to run it again.",
  },
  rate_limit_exceeded: { status: 429, description: "The tenant's request quota is used up." },
  dedicated_endpoint_required: {
    status: 421,
    description:
      "The tenant's API is served at its dedicated endpoint, and the shared one no longer answers for it; the problem names the endpoint.",
  },
  usage_quota_exceeded: {
    status: 429,
    description: 'A volume quota of the tenant (a kind of work per month or day) is used up; the problem names it.',
  },
  invitation_resend_limited: {
    status: 429,
    description:
      'The member was sent their invitation again too often in the last hour; retry after `Retry-After` seconds. Nothing was sent.',
  },
  sandbox_busy: {
    status: 429,
    description:
      'The tenant already has as many evaluations waiting or running in the expression sandbox as it may (EXPRESSION_SANDBOX_TENANT_QUEUE); retry after `Retry-After` seconds. Nothing was changed.',
  },
  internal_error: { status: 500, description: 'An unexpected error; quote the request id.' },
  method_not_implemented: { status: 501, description: 'The method is not supported.' },
  database_unavailable: { status: 503, description: 'Postgres is unreachable; nothing was changed.' },
  workflow_engine_unavailable: { status: 503, description: 'Temporal is unreachable; nothing was changed.' },
  identity_provider_unavailable: { status: 503, description: 'The external OpenID provider could not be reached.' },
  sandbox_unavailable: {
    status: 503,
    description:
      'No expression sandbox process became free in time for this request (EXPRESSION_SANDBOX_QUEUE_WAIT_MS); retry after `Retry-After` seconds. Nothing was changed.',
  },
  long_poll_capacity_exceeded: {
    status: 503,
    description:
      'As many requests as this API process holds are already waiting with `Prefer: wait` (for the tenant: LONG_POLL_MAX_WAITING_PER_TENANT, in all: LONG_POLL_MAX_WAITING); retry after `Retry-After` seconds, or read without waiting.',
  },
  event_stream_capacity_exceeded: {
    status: 503,
    description:
      'As many event streams as this API process holds are already open (for the tenant: EVENT_STREAM_MAX_PER_TENANT, in all: EVENT_STREAM_MAX); retry after `Retry-After` seconds.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes listed with `status`: for helpers that add what only one status carries (a 401's challenge header). */
export type ErrorCodeWithStatus<S extends number> = {
  [code in ErrorCode]: (typeof ERROR_CODES)[code]['status'] extends S ? code : never;
}[ErrorCode];
