import {
  createdHeaders,
  jsonResponse,
  parameterRef,
  pathParameter,
  postSuccessHeaders,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

const tag = 'Decisions';
const idParameter = pathParameter('Decision id (`dec_…`).');

const USER_ONLY =
  " Approvals are attributed to people: only a user's OAuth access token may do this; an API key or a service account gets 403 " +
  '`user_actor_required` (they may submit and read).';

const REFUSALS =
  " Refused with 403 `not_an_eligible_approver` (nothing is recorded in the workflow's history) when the caller is not an approver of the current " +
  "step (by role or by name in the frozen policy version, an admin's reassignment, or the escalation target once the SLA passed), owns or " +
  'wrote the decision, edited it during review, authored a linked scenario (when the policy sets `scenario_author_cannot_approve`), wrote any ' +
  'content revision of the model version a release decision reviews (uploaded it or replaced its content with `PUT /models/{id}/versions/{version}`: ' +
  'its `content_writers`, whatever their role), or already ' +
  'approved a step in this review round; 409 `approval_step_moved` when `expected_step` is no longer the current step; 409 ' +
  '`decision_not_pending` when the decision is not pending approval.';

/**
 * An action the review accepted (it is in the workflow's history and will be applied) but did not apply within
 * TEMPORAL_RPC_TIMEOUT_MS: not an error, so not a reason to retry. A retry with the same Idempotency-Key is not applied twice.
 */
const ACCEPTED_NOT_APPLIED = jsonResponse(
  'The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. ' +
    'A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. ' +
    'A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied.',
  ref('Decision'),
  createdHeaders,
);

const TRANSITION_REFUSAL =
  " 409 `decision_transition_not_allowed` when the decision's status does not allow it (see `DecisionStatus`).";

const optionalComment = {
  type: 'object',
  additionalProperties: false,
  properties: { comment: { type: 'string', minLength: 1, maxLength: 2000 } },
};

const approvalAction = (verb: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['expected_step'],
  properties: {
    expected_step: {
      type: 'integer',
      minimum: 1,
      maximum: 10,
      description: `The step the caller saw (\`current_step\`) and means to ${verb}.`,
    },
    comment: { type: 'string', minLength: 1, maxLength: 2000 },
  },
});

const actionOperation = (operationId: string, verb: string, summary: string, description: string) => ({
  operationId,
  summary,
  description: description + USER_ONLY + REFUSALS,
  tags: [tag],
  'x-required-scope': 'decisions:write',
  'x-user-actor-required': true,
  parameters: [idParameter, parameterRef('IdempotencyKey')],
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: ref('ApprovalActionRequest'),
        example: { expected_step: 1, comment: `Reviewed: ${verb}.` },
      },
    },
  },
  responses: {
    '200': jsonResponse(
      'The decision as it now stands (read after the workflow recorded the transition).',
      ref('Decision'),
      postSuccessHeaders,
    ),
    '202': ACCEPTED_NOT_APPLIED,
    ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
  },
});

/** An update any API client or person with `decisions:write` may send (the service narrows who, where it must). */
const lifecycleOperation = (operationId: string, summary: string, description: string) => ({
  operationId,
  summary,
  description: description + TRANSITION_REFUSAL,
  tags: [tag],
  'x-required-scope': 'decisions:write',
  parameters: [idParameter, parameterRef('IdempotencyKey')],
  requestBody: {
    required: false,
    content: {
      'application/json': {
        schema: ref('OptionalCommentRequest'),
        example: { comment: 'Done in the November release.' },
      },
    },
  },
  responses: {
    '200': jsonResponse(
      'The decision as it now stands (read after the workflow recorded the transition).',
      ref('Decision'),
      postSuccessHeaders,
    ),
    '202': ACCEPTED_NOT_APPLIED,
    ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
  },
});

/** The approval workflow's operations: submit, approve, reject (Temporal updates) and the caller's inbox. */
export const decisionApprovalsPart: DocumentPart = {
  tags: [],
  schemas: {
    DecisionApproval: {
      type: 'object',
      required: ['step', 'user_id', 'comment', 'approved_at'],
      properties: {
        step: { type: 'integer' },
        user_id: { type: 'string' },
        on_behalf_of: {
          type: 'string',
          description: 'The approver `user_id` acted for, as their delegate (see `Delegation`); absent otherwise.',
        },
        comment: { type: ['string', 'null'] },
        approved_at: timestamp('When it was given.'),
      },
    },
    SubmitDecisionRequest: {
      type: 'object',
      additionalProperties: false,
      properties: {
        approval_policy_id: {
          type: 'string',
          minLength: 1,
          maxLength: 40,
          description: 'The approval policy (`apl_…`); its current version is frozen onto the decision.',
        },
      },
    },
    ApprovalActionRequest: approvalAction('act on'),
    DecisionCommentRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['comment'],
      properties: { comment: { type: 'string', minLength: 1, maxLength: 5000 } },
    },
    OptionalCommentRequest: optionalComment,
    ReassignStepRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['step', 'approvers'],
      properties: {
        step: {
          type: 'integer',
          minimum: 1,
          maximum: 10,
          description: 'The current or a later step of the frozen policy version.',
        },
        approvers: {
          type: 'object',
          additionalProperties: false,
          description: 'The new approvers of that step, for this decision only: a role or named members, not both.',
          properties: {
            role: { type: 'string', enum: ['analyst', 'approver', 'admin'] },
            user_ids: {
              type: 'array',
              minItems: 1,
              maxItems: 50,
              uniqueItems: true,
              items: { type: 'string', minLength: 1, maxLength: 40 },
            },
          },
        },
        comment: { type: 'string', minLength: 1, maxLength: 2000 },
      },
    },
    ApprovalTask: {
      type: 'object',
      required: [
        'object',
        'decision_id',
        'title',
        'step',
        'step_name',
        'approvals_required',
        'approvals_given',
        'approval_policy_id',
        'approval_policy_version',
        'submitted_at',
        'sla_due_at',
        'deadline_at',
        'escalated',
      ],
      properties: {
        object: { type: 'string', const: 'approval_task' },
        item_kind: {
          type: 'string',
          enum: ['decision', 'model_review'],
          description:
            'What awaits approval: a decision, or the review of a model version (its release decision, named by `decision_id`).',
        },
        decision_id: { type: 'string', example: 'dec_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        title: { type: 'string' },
        step: { type: 'integer', description: 'The current step (1-based): send it as `expected_step`.' },
        step_name: { type: 'string' },
        approvals_required: { type: 'integer' },
        approvals_given: { type: 'integer' },
        approval_policy_id: { type: 'string' },
        approval_policy_version: { type: 'integer' },
        submitted_at: timestamp('When the decision was submitted.'),
        sla_due_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: "When the step's SLA passes (or passed, if `escalated`).",
        },
        deadline_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: "When the step's final deadline passes; null without one.",
        },
        escalated: { type: 'boolean' },
        on_behalf_of: {
          type: 'object',
          required: ['user_id', 'until'],
          description:
            "Present when the step is yours as a delegate: the approver you act for, and until when (their delegation's end).",
          properties: { user_id: { type: 'string' }, until: timestamp('When the delegation ends.') },
        },
      },
    },
    ApprovalInbox: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: ref('ApprovalTask') } },
    },
  },
  paths: {
    '/api/v1/decisions/{id}/submit': {
      post: {
        operationId: 'submitDecision',
        summary: 'Submit a decision for approval',
        description:
          "A draft with a chosen option starts its approval workflow (one per decision, workflow id `decision/<id>`): the policy's current version is " +
          'frozen onto it (`approval_policy_version`) and it becomes `pending_approval` at `current_step` 1. 422 `insufficient_approvers` names a ' +
          'step that requires more approvers than the tenant has (its owner and author do not count). Submitting again while it is pending ' +
          'approval returns it unchanged. API keys may submit.',
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('SubmitDecisionRequest'),
              examples: {
                policy: {
                  summary: 'Under an approval policy (replace the id)',
                  description:
                    "Replace `approval_policy_id` with one of your tenant's policies: `GET /api/v1/approval-policies` lists them (the demo tenant " +
                    'that `npm start` creates has "Demo review"), `POST /api/v1/approval-policies` creates one.',
                  value: { approval_policy_id: 'apl_01jd2x0m3f8q4w7e5r6t9y2v1k' },
                },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The decision, pending approval.', ref('Decision'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/decisions/{id}/approve': {
      post: actionOperation(
        'approveDecision',
        'approve',
        'Approve the current step',
        "Records the caller's approval of the current step. When the step has the approvals it requires, the decision moves to the next step, " +
          'or becomes `approved` after the last one. Concurrent approvals are applied one at a time: exactly one of them completes a step.',
      ),
    },
    '/api/v1/decisions/{id}/reject': {
      post: actionOperation(
        'rejectDecision',
        'reject',
        'Reject the decision',
        'An eligible approver of the current step rejects the decision: it becomes `rejected`.',
      ),
    },
    '/api/v1/decisions/{id}/request-changes': {
      post: actionOperation(
        'requestDecisionChanges',
        'request changes',
        'Ask for changes',
        'An eligible approver of the current step sends the decision back: it becomes `changes_requested` and editable (PATCH, evidence) until ' +
          'its owner, author or an admin resubmits it. Emits `decision.changes_requested`.',
      ),
    },
    '/api/v1/decisions/{id}/resubmit': {
      post: lifecycleOperation(
        'resubmitDecision',
        'Resubmit after requested changes',
        'Resumes the review. If options, the chosen option or evidence changed since changes were requested, the approvals given so far are ' +
          'dismissed and the review restarts at the first step that applies (step conditions are evaluated again); otherwise it resumes at the ' +
          "step that asked for changes. People who edited the decision meanwhile may no longer approve it. The decision's owner or author, an admin, " +
          'or an API client may resubmit (403 `not_an_eligible_approver` otherwise). 422 `insufficient_approvers` when a step the resumed review ' +
          'still needs could not be completed by the people left (the approvals that stand count; whoever gave one may not approve another step): ' +
          'an admin can then reassign that step and resubmit again. Emits `decision.resubmitted`.',
      ),
    },
    '/api/v1/decisions/{id}/comment': {
      post: {
        ...lifecycleOperation(
          'commentOnDecision',
          'Comment on a decision',
          "Adds a comment to the decision's history (and emits `decision.commented`) while it is under review, approved or implemented. People and " +
            'API clients may comment.',
        ),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('DecisionCommentRequest'),
              example: { comment: 'Could we see the growth case with 10% more volume?' },
            },
          },
        },
      },
    },
    '/api/v1/decisions/{id}/withdraw': {
      post: lifecycleOperation(
        'withdrawDecision',
        'Withdraw a decision from review',
        'While `pending_approval` or `changes_requested`: the decision becomes `withdrawn` (final). Its owner or author, an admin, or an API client ' +
          'may withdraw it (403 `not_an_eligible_approver` otherwise). Emits `decision.withdrawn`.',
      ),
    },
    '/api/v1/decisions/{id}/reassign': {
      post: {
        ...lifecycleOperation(
          'reassignDecisionStep',
          "Reassign a step's approvers (admins)",
          'Replaces the approvers of the current or a later step for this decision only (a role or named members), e.g. when an approver is away, ' +
            'or when a resubmission answered 422 `insufficient_approvers`. Needs the `admin` scope. Approvals already given on the step stand. 422 ' +
            'names a step that is complete, skipped or absent, or a user who is not a member; 422 `insufficient_approvers` (naming ' +
            "`/approvers/role` or `/approvers/user_ids`) when the new approvers could not complete the step, as at submission: the decision's " +
            'owner and author, people who edited it during review and people who approved another step do not count. Emits `decision.step.reassigned`.',
        ),
        'x-required-scope': 'admin',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('ReassignStepRequest'),
              example: { step: 1, approvers: { role: 'admin' }, comment: 'The finance approvers are away this week.' },
            },
          },
        },
      },
    },
    '/api/v1/decisions/{id}/implement': {
      post: lifecycleOperation(
        'implementDecision',
        'Mark an approved decision implemented',
        'From `approved` to `implemented`. Emits `decision.implemented`.',
      ),
    },
    '/api/v1/decisions/{id}/close': {
      post: lifecycleOperation(
        'closeDecision',
        'Close an implemented decision',
        "From `implemented` to `closed` (final): the decision's workflow ends, and outcome reviews not yet due are cancelled. Emits `decision.closed`.",
      ),
    },
    '/api/v1/approvals': {
      get: {
        operationId: 'listApprovalInbox',
        summary: "The caller's approval inbox",
        description:
          'Decisions pending approval whose current step the caller may act on now (by role, by name, by reassignment or as the escalation target ' +
          'of a step past its SLA) and has not acted on, oldest submission first (up to `limit`), each with its SLA and deadline.' +
          USER_ONLY,
        tags: [tag],
        'x-required-scope': 'decisions:read',
        'x-user-actor-required': true,
        parameters: [
          {
            name: 'assigned_to',
            in: 'query',
            required: true,
            description: '`me`: the signed-in user.',
            schema: { type: 'string', enum: ['me'] },
            example: 'me',
          },
          parameterRef('Limit'),
        ],
        responses: {
          '200': jsonResponse("The caller's pending approval tasks.", ref('ApprovalInbox')),
          ...standardErrors(),
        },
      },
    },
  },
};
