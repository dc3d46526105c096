import { QUOTA_PERIODS, QUOTA_POLICIES, USAGE_KINDS } from './usage-quotas';

/** Payloads are versioned with the API (`api_version: "v1"`): within v1, fields are only ever added. */
export const EVENT_API_VERSION = 'v1';

type Schema = Record<string, unknown>;

const actor: Schema = {
  type: 'object',
  required: ['type', 'id'],
  properties: { type: { type: 'string' }, id: { type: 'string' }, via_client: { type: 'string' } },
};
const nullableString: Schema = { type: ['string', 'null'] };
const modelRef: Schema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};
const timestamp: Schema = { type: 'string', format: 'date-time' };

/** A model version's lifecycle events share one shape: the model, the version as it now stands, who acted, and the review or release. */
function modelVersionTransitions(entries: Array<[string, string, string]>) {
  return entries.map(([type, summary, description]) => ({
    type,
    summary,
    description,
    data: {
      type: 'object',
      required: ['model', 'version', 'actor'],
      properties: {
        model: modelRef,
        version: {
          type: 'object',
          required: ['version', 'status', 'content_revision', 'graph_sha256'],
          properties: {
            version: { type: 'string', example: '2' },
            status: { type: 'string', enum: ['draft', 'in_review', 'approved', 'published', 'retired', 'rejected'] },
            content_revision: { type: 'integer' },
            graph_sha256: { type: 'string' },
          },
        },
        decision_id: { ...nullableString, description: 'The release decision that reviews the version.' },
        release: {
          type: 'object',
          required: ['id', 'kind', 'replaced_version', 'reason'],
          properties: {
            id: { type: 'string' },
            kind: { type: 'string', enum: ['review', 'rollback', 'promotion'] },
            replaced_version: nullableString,
            reason: nullableString,
          },
        },
        comment: nullableString,
        actor,
      },
    },
  }));
}

/** A deployment's events share one shape: the deployment as it now stands (environment, version, window) and who acted. */
function modelDeploymentEvents(entries: Array<[string, string, string]>) {
  return entries.map(([type, summary, description]) => ({
    type,
    summary,
    description,
    data: {
      type: 'object',
      required: ['model', 'deployment', 'actor'],
      properties: {
        model: modelRef,
        deployment: {
          type: 'object',
          required: ['id', 'environment', 'version', 'status', 'kind', 'effective_from', 'effective_until'],
          properties: {
            id: { type: 'string' },
            environment: {
              type: 'object',
              required: ['id', 'name'],
              properties: { id: { type: 'string' }, name: { type: 'string' } },
            },
            version: { type: 'string', example: '3' },
            status: {
              type: 'string',
              enum: ['pending_review', 'scheduled', 'active', 'superseded', 'ended', 'cancelled', 'rejected'],
            },
            kind: { type: 'string', enum: ['review', 'promotion', 'rollback', 'migration'] },
            effective_from: { type: ['string', 'null'], format: 'date-time' },
            effective_until: { type: ['string', 'null'], format: 'date-time' },
            time_zone: nullableString,
            decision_id: nullableString,
            replaced_version: { ...nullableString, description: 'The version in effect before (activated, ended).' },
          },
        },
        actor,
      },
    },
  }));
}

/** The approval workflow's events share one shape: the decision as it now stands, who acted, and what changed. */
const approvalTransition = (transition: Schema): Schema => ({
  type: 'object',
  required: ['decision', 'actor', 'transition'],
  properties: {
    decision: {
      type: 'object',
      required: ['id', 'title', 'status', 'current_step', 'approval_policy_id', 'approval_policy_version'],
      properties: {
        id: { type: 'string', example: 'dec_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        title: { type: 'string' },
        status: { type: 'string', enum: ['pending_approval', 'approved', 'rejected'] },
        current_step: { type: ['integer', 'null'] },
        approval_policy_id: { type: 'string' },
        approval_policy_version: { type: 'integer' },
      },
    },
    actor,
    transition: { type: 'object', required: ['policy_id', 'policy_version', 'step_count'], properties: transition },
  },
});
const approvalRef: Schema = {
  policy_id: { type: 'string' },
  policy_version: { type: 'integer' },
  step_count: { type: 'integer' },
  round: { type: 'integer', description: 'The review round: 1 at submission, +1 per resubmission.' },
};
const approvalStep: Schema = { step: { type: 'integer' }, step_name: { type: 'string' }, comment: nullableString };
/** An approver's act by their delegate: whom the actor acted for. */
const onBehalfOf: Schema = {
  on_behalf_of: {
    type: 'string',
    description: 'The approver (`usr_…`) the actor acted for as their delegate; absent when they acted for themselves.',
  },
};
const approverSet: Schema = {
  type: ['object', 'null'],
  properties: { role: { type: 'string' }, user_ids: { type: 'array', items: { type: 'string' } } },
};

const scenarioOutcome = (status: 'completed' | 'failed'): Schema => ({
  type: 'object',
  required: ['scenario'],
  properties: {
    scenario: {
      type: 'object',
      required: ['id', 'model_id', 'model_version', 'run_number', 'status', 'completed_at'],
      properties: {
        id: { type: 'string', example: 'scn_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        name: nullableString,
        model_id: { type: 'string' },
        model_version: { type: 'string' },
        run_number: { type: 'integer' },
        status: { type: 'string', const: status },
        ...(status === 'completed'
          ? { metrics: { type: 'object', description: "The run's metrics, as in GET /scenarios/{id}." } }
          : { error: { type: 'object', description: 'A problem object: why the run failed.' } }),
        completed_at: timestamp,
      },
    },
  },
});

/** The decision an outcome event is about: only approved and implemented decisions have outcomes. */
const outcomeDecision: Schema = {
  type: 'object',
  required: ['id', 'title', 'status'],
  properties: {
    id: { type: 'string', example: 'dec_01jd2x0m3f8q4w7e5r6t9y2v1k' },
    title: { type: 'string' },
    status: { type: 'string', enum: ['approved', 'implemented'] },
  },
};

/** A decision's outcome metric fed by a KPI: the link as created (the same for its removal). */
const outcomeKpiLink: Schema = {
  type: 'object',
  required: ['decision', 'link', 'actor'],
  properties: {
    decision: outcomeDecision,
    link: {
      type: 'object',
      required: ['id', 'metric', 'kpi_id', 'expected_value', 'expected_source', 'linked_at'],
      properties: {
        id: { type: 'string', example: 'okl_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        metric: { type: 'string' },
        kpi_id: { type: 'string', example: 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        expected_value: { type: 'number' },
        expected_source: { type: 'string', enum: ['given', 'scenario_snapshot'] },
        linked_at: timestamp,
      },
    },
    actor,
  },
};

export interface EventTypeDefinition {
  type: string;
  summary: string;
  description: string;
  data: Schema;
}

/** A volume quota crossed a threshold (core/usage-quotas.ts): the quota, the count, and the period. */
const usageQuotaCrossed: Schema = {
  type: 'object',
  required: ['quota', 'used', 'threshold', 'policy', 'period_start', 'period_end'],
  properties: {
    quota: {
      type: 'object',
      required: ['kind', 'period', 'limit', 'name'],
      properties: {
        kind: { type: 'string', enum: [...USAGE_KINDS] },
        period: { type: 'string', enum: [...QUOTA_PERIODS] },
        limit: { type: 'integer' },
        name: { type: 'string', example: 'scenario_runs per month' },
      },
    },
    used: { type: 'integer', description: 'The count when the threshold was crossed.' },
    threshold: {
      type: 'integer',
      description: 'The count that was crossed: 80 % of the limit (rounded up), or the limit.',
    },
    policy: { type: 'string', enum: [...QUOTA_POLICIES] },
    period_start: timestamp,
    period_end: timestamp,
  },
};

/**
 * The platform event catalogue: every event type that is really emitted, with the JSON Schema of its `data`.
 * The OpenAPI document (`webhooks` section and `GET /api/v1/webhooks/event-types`) is generated from this list,
 * so the documentation cannot drift from what is sent.
 */
export const EVENT_TYPES: EventTypeDefinition[] = [
  {
    type: 'scenario.completed',
    summary: 'A scenario run completed',
    description:
      'A scenario run (POST /scenarios, or PATCH with new inputs) completed. Emitted in the transaction that stores the result. ' +
      'Batch items do not emit this event: a batch emits one `batch.completed` with its counts (list its scenarios with `?batch_id=`).',
    data: scenarioOutcome('completed'),
  },
  {
    type: 'scenario.failed',
    summary: 'A scenario run failed',
    description:
      'A scenario run failed: the model could not run on the inputs, or the run could not be executed after its retries.',
    data: scenarioOutcome('failed'),
  },
  {
    type: 'scenario.deleted',
    summary: 'A scenario was deleted',
    description: 'A scenario was deleted (DELETE /scenarios/{id}).',
    data: {
      type: 'object',
      required: ['scenario', 'actor'],
      properties: {
        scenario: {
          type: 'object',
          required: ['id', 'deleted_at'],
          properties: { id: { type: 'string' }, deleted_at: timestamp },
        },
        actor,
      },
    },
  },
  {
    type: 'batch.completed',
    summary: 'A scenario batch finished',
    description:
      'A scenario batch finished: every item ran (`status: completed`) or the batch was cancelled (`status: cancelled`).',
    data: {
      type: 'object',
      required: ['batch'],
      properties: {
        batch: {
          type: 'object',
          required: ['id', 'status', 'progress', 'completed_at'],
          properties: {
            id: { type: 'string', example: 'bat_01jd2x0m3f8q4w7e5r6t9y2v1k' },
            status: { type: 'string', enum: ['completed', 'cancelled'] },
            progress: {
              type: 'object',
              required: ['total', 'completed', 'failed', 'invalid', 'cancelled'],
              properties: Object.fromEntries(
                ['total', 'completed', 'failed', 'invalid', 'cancelled'].map((k) => [k, { type: 'integer' }]),
              ),
            },
            completed_at: timestamp,
          },
        },
      },
    },
  },
  {
    type: 'model.version.created',
    summary: 'A model version was created',
    description: 'A tenant model was created (version 1) or a new version was uploaded.',
    data: {
      type: 'object',
      required: ['model', 'version', 'actor'],
      properties: {
        model: modelRef,
        version: {
          type: 'object',
          required: ['version', 'graph_sha256', 'created_at'],
          properties: {
            version: { type: 'string', example: '2' },
            graph_sha256: { type: 'string' },
            created_at: timestamp,
          },
        },
        actor,
      },
    },
  },
  ...modelVersionTransitions([
    [
      'model.version.submitted',
      'A model version was submitted for review',
      'Its suite passed and its rule coverage met the threshold; its release decision (`decision_id`) now runs the approval policy.',
    ],
    [
      'model.version.approved',
      'A model version was approved',
      'Every step of its release decision approved it; it is published in the same transaction (`model.version.published` follows).',
    ],
    [
      'model.version.rejected',
      'A model version was rejected',
      'A reviewer rejected its release decision (`comment` says why); it can no longer be submitted.',
    ],
    [
      'model.version.published',
      'A model version was published',
      'It is now the version scenarios, batches, KPIs and decision options run: through a review (`release.kind: review`) or again, as a rollback (`release.kind: rollback`, with `release.reason`).',
    ],
    [
      'model.version.retired',
      'A model version was retired',
      'Another version of the model was published in its place; its history and its runs stay readable.',
    ],
  ]),
  ...modelDeploymentEvents([
    [
      'model.deployment.scheduled',
      'A deployment was scheduled',
      'A promotion was approved (or needed no review) with an `effective_from` in the future: it takes effect then, unless cancelled first.',
    ],
    [
      'model.deployment.activated',
      'A deployment took effect',
      'The version is now the one callers of the environment get (`replaced_version`: the one before). Sent at the instant, or as soon as the worker sees it past; runs resolve by the instant itself either way.',
    ],
    [
      'model.deployment.cancelled',
      'A scheduled deployment was cancelled',
      'Cancelled before its instant (or its review was withdrawn or rejected before it took effect): it never took effect.',
    ],
    [
      'model.deployment.ended',
      'A deployment ended',
      'Its `effective_until` passed: the environment serves the deployment beneath it again (`replaced_version` names what now serves) or, if it refuses to fall back, nothing.',
    ],
  ]),
  {
    type: 'model.deprecated',
    summary: 'A model was deprecated',
    description: 'A tenant model was deprecated: it serves reads and existing scenarios, but no new runs.',
    data: {
      type: 'object',
      required: ['model', 'actor'],
      properties: {
        model: {
          type: 'object',
          required: ['id', 'name', 'deprecated_at'],
          properties: { id: { type: 'string' }, name: { type: 'string' }, deprecated_at: timestamp },
        },
        actor,
      },
    },
  },
  {
    type: 'api_key.expiring',
    summary: 'An API key expires soon',
    description: 'An API key expires within `API_KEY_EXPIRING_DAYS` (default 7) days. Emitted once per key.',
    data: {
      type: 'object',
      required: ['api_key', 'days_before'],
      properties: {
        api_key: {
          type: 'object',
          required: ['id', 'name', 'key_prefix', 'expires_at'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            key_prefix: { type: 'string' },
            expires_at: timestamp,
          },
        },
        days_before: { type: 'integer', description: 'The configured lead time, in days.' },
      },
    },
  },
  {
    type: 'usage.quota.warning',
    summary: 'A volume quota is 80 % used',
    description:
      'A volume quota of the tenant (GET /api/v1/usage) reached 80 % of its limit in the current period. Emitted once per quota and period.',
    data: usageQuotaCrossed,
  },
  {
    type: 'usage.quota.exceeded',
    summary: 'A volume quota is used up',
    description:
      'A volume quota reached its limit in the current period: under the `refuse` policy further work of the kind is refused (429 ' +
      '`usage_quota_exceeded`), under `allow_overage` it goes on and counts as overage. Emitted once per quota and period.',
    data: usageQuotaCrossed,
  },
  {
    type: 'webhook.disabled',
    summary: 'A webhook subscription was disabled',
    description:
      'A subscription was disabled automatically: its endpoint answered 410 Gone (`endpoint_gone`), or its deliveries failed continuously ' +
      'for `WEBHOOK_DISABLE_AFTER_SECONDS` (`failing_continuously`). Not sent to the disabled subscription itself.',
    data: {
      type: 'object',
      required: ['webhook'],
      properties: {
        webhook: {
          type: 'object',
          required: ['id', 'url', 'disabled_reason', 'disabled_at'],
          properties: {
            id: { type: 'string' },
            url: { type: 'string' },
            disabled_reason: { type: 'string', enum: ['endpoint_gone', 'failing_continuously'] },
            disabled_at: timestamp,
          },
        },
      },
    },
  },
  {
    type: 'webhook.test',
    summary: 'A test event',
    description: 'Sent by POST /webhooks/{id}/test, to that subscription only (whatever its `event_types`).',
    data: {
      type: 'object',
      required: ['webhook', 'message'],
      properties: {
        webhook: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        message: { type: 'string' },
      },
    },
  },
  {
    type: 'decision.created',
    summary: 'A decision was logged',
    description: 'A decision was created (POST /decisions), as a draft. Emitted in the transaction that stores it.',
    data: {
      type: 'object',
      required: ['decision', 'actor'],
      properties: {
        decision: {
          type: 'object',
          required: ['id', 'title', 'status', 'owner_id', 'option_count', 'tags', 'due_at', 'created_at'],
          properties: {
            id: { type: 'string', example: 'dec_01jd2x0m3f8q4w7e5r6t9y2v1k' },
            title: { type: 'string' },
            status: { type: 'string', const: 'draft' },
            owner_id: nullableString,
            option_count: { type: 'integer' },
            tags: { type: 'array', items: { type: 'string' } },
            due_at: { type: ['string', 'null'], format: 'date-time' },
            created_at: timestamp,
          },
        },
        actor,
      },
    },
  },
  {
    type: 'decision.submitted',
    summary: 'A decision was submitted for approval',
    description:
      'POST /decisions/{id}/submit started its approval workflow; the decision is pending approval at step 1.',
    data: approvalTransition({
      ...approvalRef,
      workflow_id: { type: 'string' },
      steps: { type: 'array', items: { type: 'string' } },
      skipped_steps: {
        type: 'array',
        items: { type: 'string' },
        description: 'Steps whose condition is false for the chosen scenario.',
      },
    }),
  },
  {
    type: 'decision.step.approved',
    summary: 'An approval was given on a step',
    description:
      'A person approved the current step; `step_complete` tells whether the step now has all the approvals it requires.',
    data: approvalTransition({
      ...approvalRef,
      ...approvalStep,
      approvals_given: { type: 'integer' },
      approvals_required: { type: 'integer' },
      step_complete: { type: 'boolean' },
      ...onBehalfOf,
    }),
  },
  {
    type: 'decision.approved',
    summary: 'A decision was approved',
    description: 'The last step of its approval policy got its approvals.',
    data: approvalTransition({ ...approvalRef, approvers: { type: 'array', items: { type: 'string' } } }),
  },
  {
    type: 'decision.rejected',
    summary: 'A decision was rejected',
    description: 'An eligible approver rejected the decision at its current step.',
    data: approvalTransition({ ...approvalRef, ...approvalStep, ...onBehalfOf }),
  },
  {
    type: 'decision.changes_requested',
    summary: 'An approver asked for changes',
    description:
      'An eligible approver of the current step asked for changes: the decision is editable again until it is resubmitted.',
    data: approvalTransition({ ...approvalRef, ...approvalStep, ...onBehalfOf }),
  },
  {
    type: 'decision.resubmitted',
    summary: 'A decision was resubmitted after changes',
    description:
      'The review resumes. When options, the chosen option or evidence changed, the approvals given so far are dismissed and the review restarts ' +
      'at the first step; otherwise it resumes at the step that asked for changes.',
    data: approvalTransition({
      ...approvalRef,
      content_changed: { type: 'boolean' },
      dismissed_approvals: {
        type: 'array',
        items: { type: 'object', properties: { step: { type: 'integer' }, user_id: { type: 'string' } } },
      },
      editors: { type: 'array', items: { type: 'string' } },
      step: { type: ['integer', 'null'] },
      comment: nullableString,
    }),
  },
  {
    type: 'decision.step.escalated',
    summary: "A step's SLA passed",
    description:
      "The current step's SLA passed: its escalation target may now act on it too, and reminders follow at the configured interval.",
    data: approvalTransition({
      ...approvalRef,
      step: { type: 'integer' },
      step_name: { type: 'string' },
      sla_due_at: timestamp,
      escalated_to: approverSet,
    }),
  },
  {
    type: 'decision.step.reminder',
    summary: 'A reminder for a step that awaits approvals',
    description:
      "Once before the step's SLA ends (`before_sla: true`; APPROVAL_SLA_REMINDER_BEFORE_SECONDS before it, or halfway through a shorter SLA), " +
      'then once per reminder interval (APPROVAL_REMINDER_INTERVAL_SECONDS) while an escalated step still awaits approvals (`before_sla: false`).',
    data: approvalTransition({
      ...approvalRef,
      step: { type: 'integer' },
      step_name: { type: 'string' },
      sla_due_at: timestamp,
      approvals_given: { type: 'integer' },
      approvals_required: { type: 'integer' },
      before_sla: {
        type: 'boolean',
        description:
          'true: the reminder before the SLA ends; false: after it escalated. Absent in events of before 2026-11-28.',
      },
    }),
  },
  {
    type: 'decision.step.reassigned',
    summary: "An admin reassigned a step's approvers",
    description: "The step's approvers (a role or named users) were replaced for this decision.",
    data: approvalTransition({ ...approvalRef, ...approvalStep, from: approverSet, to: approverSet }),
  },
  {
    type: 'decision.commented',
    summary: 'A comment on a decision',
    description: 'Someone commented on a decision under review or approved.',
    data: approvalTransition({
      ...approvalRef,
      status: { type: 'string' },
      step: { type: ['integer', 'null'] },
      comment: { type: 'string' },
    }),
  },
  {
    type: 'decision.withdrawn',
    summary: 'A decision was withdrawn',
    description: 'Its owner, author or an admin withdrew it from review.',
    data: approvalTransition({ ...approvalRef, step: { type: ['integer', 'null'] }, comment: nullableString }),
  },
  {
    type: 'decision.expired',
    summary: 'A decision expired',
    description: "The current step's final deadline passed before it had its approvals.",
    data: approvalTransition({
      ...approvalRef,
      step: { type: 'integer' },
      step_name: { type: 'string' },
      deadline_at: timestamp,
    }),
  },
  {
    type: 'decision.implemented',
    summary: 'An approved decision was implemented',
    description: 'POST /decisions/{id}/implement.',
    data: approvalTransition({ ...approvalRef, comment: nullableString }),
  },
  {
    type: 'decision.closed',
    summary: 'A decision was closed',
    description: 'POST /decisions/{id}/close: its workflow ends; outcome reviews not yet due are cancelled.',
    data: approvalTransition({
      ...approvalRef,
      outcome_reviews_cancelled: { type: 'array', items: timestamp },
      comment: nullableString,
    }),
  },
  {
    type: 'decision.outcome.due',
    summary: 'An outcome review is due',
    description:
      "One of the decision's `outcome_reviews_at` dates arrived (announced once the decision is approved): time to record outcomes.",
    data: approvalTransition({
      ...approvalRef,
      review_at: timestamp,
      review_number: { type: 'integer' },
      review_count: { type: 'integer' },
    }),
  },
  {
    type: 'decision.outcome.recorded',
    summary: 'An outcome was recorded against a decision',
    description:
      'POST /decisions/{id}/outcomes recorded an observed value of a metric against an approved or implemented decision, with what was expected ' +
      "of it (given, or defaulted from the chosen option's frozen scenario run) and the variance. A correction is a new outcome naming the one " +
      'it `supersedes`. Emitted in the transaction that stores it.',
    data: {
      type: 'object',
      required: ['decision', 'outcome', 'actor'],
      properties: {
        decision: outcomeDecision,
        outcome: {
          type: 'object',
          required: [
            'id',
            'metric',
            'expected_value',
            'expected_source',
            'actual_value',
            'variance',
            'relative_variance_percent',
            'observed_at',
            'note',
            'supersedes',
            'recorded_at',
          ],
          properties: {
            id: { type: 'string', example: 'out_01jd2x0m3f8q4w7e5r6t9y2v1k' },
            metric: { type: 'string' },
            expected_value: { type: 'number' },
            expected_source: { type: 'string', enum: ['given', 'scenario_snapshot'] },
            actual_value: { type: 'number' },
            variance: { type: ['number', 'null'], description: 'actual − expected.' },
            relative_variance_percent: {
              type: ['number', 'null'],
              description: '(actual − expected) / |expected| × 100; null when expected is 0.',
            },
            observed_at: timestamp,
            note: nullableString,
            supersedes: { ...nullableString, description: 'The earlier outcome this one corrects.' },
            recorded_at: timestamp,
          },
        },
        actor,
      },
    },
  },
  {
    type: 'decision.outcome_kpi.linked',
    summary: "A decision's outcome metric was linked to a KPI",
    description:
      "POST /decisions/{id}/outcome-kpis: from now on the actual values of the metric come from the KPI's points (one observation per KPI " +
      "aggregation period from the decision's approval on, computed when read) against the link's expected value. Emitted in the transaction " +
      'that stores the link.',
    data: outcomeKpiLink,
  },
  {
    type: 'decision.outcome_kpi.unlinked',
    summary: "A decision's outcome metric was unlinked from its KPI",
    description:
      'DELETE /decisions/{id}/outcome-kpis/{link_id}: the metric takes outcomes recorded by hand again. Emitted in the transaction that removes the link.',
    data: outcomeKpiLink,
  },
  {
    type: 'kpi.value.recorded',
    summary: 'Points were recorded on a KPI',
    description:
      'One event per request for points posted through the API (one point or a bulk post: `count` of them, between `first_timestamp` and ' +
      '`last_timestamp`), and one per point recorded automatically from a completed scenario of the model a `model_output` KPI is linked to ' +
      '(`source: scenario`, with its `scenario_id`), and one per `dataset` KPI recomputed when a sync of its dataset completes (`source: sync`, ' +
      'with its `sync_id`) or when its schedule finds the value changed or the period without a point (`source: schedule`, with the `sync_id` ' +
      'that last changed the dataset). `replaced` counts points that replaced an earlier value at the same timestamp. Emitted in ' +
      'the transaction that stores the points.',
    data: {
      type: 'object',
      required: ['kpi', 'source', 'scenario_id', 'count', 'replaced', 'first_timestamp', 'last_timestamp', 'point'],
      properties: {
        kpi: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'string', example: 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k' }, name: { type: 'string' } },
        },
        source: { type: 'string', enum: ['api', 'scenario', 'sync', 'schedule'] },
        scenario_id: {
          ...nullableString,
          description: 'The completed scenario the point came from (source `scenario`).',
        },
        sync_id: {
          type: 'string',
          description:
            'Source `sync`: the integration sync after which a `dataset` KPI was recomputed; source `schedule`: the sync that had last changed the dataset.',
        },
        count: { type: 'integer', minimum: 1 },
        replaced: { type: 'integer', minimum: 0 },
        first_timestamp: timestamp,
        last_timestamp: timestamp,
        point: {
          type: ['object', 'null'],
          description: 'The point, when exactly one was recorded.',
          properties: { timestamp, value: { type: 'number' }, scenario_id: nullableString },
        },
      },
    },
  },
  ...(['triggered', 'resolved'] as const).map((kind) => ({
    type: `kpi.alert.${kind}`,
    summary: kind === 'triggered' ? 'A KPI alert fired (or is announced again)' : 'A firing KPI alert resolved',
    description:
      kind === 'triggered'
        ? "An alert of a KPI alert rule went `firing` (`notification: first`), or is still firing after the rule's `renotify_seconds` " +
          '(`notification: renotification`). Not sent while the alert is silenced or acknowledged. `summary` says why it fired; ' +
          'GET /alerts/{id} has the whole explanation.'
        : 'A firing (or acknowledged) alert resolved: its value recovered past the recovery line, data arrived (no_data), late points ' +
          'withdrew it (`resolution: revision`) or someone resolved it (`manual`).',
    data: {
      type: 'object',
      required: ['kpi', 'rule', 'alert'],
      properties: {
        kpi: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'string', example: 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k' }, name: { type: 'string' } },
        },
        rule: {
          type: 'object',
          required: ['id', 'name', 'kind'],
          properties: {
            id: { type: 'string', example: 'kar_01jd2x0m3f8q4w7e5r6t9y2v1k' },
            name: { type: 'string' },
            kind: { type: 'string', enum: ['threshold', 'rate_of_change', 'no_data'] },
          },
        },
        alert: {
          type: 'object',
          required: ['id', 'severity', 'state', 'started_at', 'fired_at', 'resolved_at', 'resolution'],
          properties: {
            id: { type: 'string', example: 'kal_01jd2x0m3f8q4w7e5r6t9y2v1k' },
            severity: { type: 'string', enum: ['warning', 'critical'] },
            state: { type: 'string', enum: ['pending', 'firing', 'acknowledged', 'resolved'] },
            started_at: timestamp,
            fired_at: { ...nullableString, format: 'date-time' },
            resolved_at: { ...nullableString, format: 'date-time' },
            resolution: { type: ['string', 'null'], enum: ['recovery', 'cancelled', 'manual', 'revision', null] },
          },
        },
        ...(kind === 'triggered'
          ? {
              notification: { type: 'string', enum: ['first', 'renotification'] },
              summary: { ...nullableString, description: 'Why it fired, in one sentence.' },
            }
          : {}),
      },
    },
  })),
  ...(['started', 'completed', 'failed'] as const).map((outcome) => ({
    type: `integration.sync.${outcome}`,
    summary: {
      started: 'An integration sync started reading',
      completed: 'An integration sync finished',
      failed: 'An integration sync failed',
    }[outcome],
    description: {
      started:
        'A sync (`POST /integrations/{id}/syncs`) began reading its source, once per sync (not again when a retried attempt resumes).',
      completed:
        'A sync committed its last page: `status` is `completed`, or `partially_completed` when some records were rejected by the field ' +
        'mapping (see `GET /integrations/{id}/syncs/{sync_id}/rejections`). The counts are final.',
      failed:
        'Every attempt of a sync failed (the source could not be read; `status: failed`), or the sync was cancelled (`status: cancelled`, ' +
        '`error.code: sync_cancelled`); pages committed before stay in the dataset.',
    }[outcome],
    data: {
      type: 'object',
      required: ['sync'],
      properties: {
        sync: {
          type: 'object',
          required: ['id', 'integration_id', 'mode', 'dataset', 'status', 'mapping_version', 'counts', 'error'],
          properties: {
            id: { type: 'string', example: 'syn_01jd2x0m3f8q4w7e5r6t9y2v1k' },
            integration_id: { type: 'string' },
            mode: { type: 'string', enum: ['full', 'incremental'] },
            dataset: { type: 'string' },
            status: { type: 'string', enum: ['syncing', 'completed', 'partially_completed', 'failed', 'cancelled'] },
            mapping_version: { type: 'integer' },
            counts: {
              type: 'object',
              required: ['read', 'inserted', 'updated', 'unchanged', 'rejected', 'deleted'],
              properties: Object.fromEntries(
                ['read', 'inserted', 'updated', 'unchanged', 'rejected', 'deleted'].map((name) => [
                  name,
                  { type: 'integer' },
                ]),
              ),
            },
            error: { type: ['object', 'null'], properties: { code: { type: 'string' }, detail: { type: 'string' } } },
            warnings: {
              type: 'array',
              description: 'Data-quality warnings (`fill_rate_dropped`), as on the sync.',
              items: {
                type: 'object',
                properties: {
                  code: { type: 'string' },
                  field: { type: 'string' },
                  previous: { type: 'number' },
                  current: { type: 'number' },
                },
              },
            },
          },
        },
      },
    },
  })),
];

export type EventType = (typeof EVENT_TYPES)[number]['type'];

export const EVENT_TYPE_NAMES: string[] = EVENT_TYPES.map((t) => t.type);

/** A subscription pattern: an exact type, `family.*` (any type starting with `family.`), or `*`. */
export const EVENT_TYPE_PATTERN = /^(\*|[a-z_]+(\.[a-z_]+)*(\.\*)?)$/;

export function eventTypeMatches(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** Whether a pattern can match anything in today's catalogue (a pattern that matches nothing is refused). */
export function patternMatchesCatalogue(pattern: string): boolean {
  return EVENT_TYPE_NAMES.some((type) => eventTypeMatches(pattern, type));
}
