import { jsonResponse, parameterRef, pathParameter, postSuccessHeaders, ref, standardErrors, timestamp, type DocumentPart } from './common';

const tag = 'Decisions';
const idParameter = pathParameter('Decision id (`dec_…`).');

const USER_ONLY =
  ' Approvals are attributed to people: only a user\'s OAuth access token may do this; an API key or a service account gets 403 ' +
  '`user_actor_required` (they may submit and read).';

const REFUSALS =
  ' Refused with 403 `not_an_eligible_approver` (nothing is recorded) when the caller is not an approver of the current step (by role or by ' +
  'name in the frozen policy version), owns or wrote the decision, or already approved any step of it; 409 `approval_step_moved` when ' +
  '`expected_step` is no longer the current step; 409 `decision_not_pending` when the decision is not pending approval.';

const approvalAction = (verb: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['expected_step'],
  properties: {
    expected_step: { type: 'integer', minimum: 1, maximum: 10, description: `The step the caller saw (\`current_step\`) and means to ${verb}.` },
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
    content: { 'application/json': { schema: ref(operationId === 'approveDecision' ? 'ApproveDecisionRequest' : 'RejectDecisionRequest'), example: { expected_step: 1, comment: `Fine to ${verb}.` } } },
  },
  responses: {
    '200': jsonResponse('The decision as it now stands (read after the workflow recorded the transition).', ref('Decision'), postSuccessHeaders),
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
      properties: { step: { type: 'integer' }, user_id: { type: 'string' }, comment: { type: ['string', 'null'] }, approved_at: timestamp('When it was given.') },
    },
    SubmitDecisionRequest: {
      type: 'object',
      additionalProperties: false,
      properties: { approval_policy_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The approval policy (`apl_…`); its current version is frozen onto the decision.' } },
    },
    ApproveDecisionRequest: approvalAction('approve'),
    RejectDecisionRequest: approvalAction('reject'),
    ApprovalTask: {
      type: 'object',
      required: ['object', 'decision_id', 'title', 'step', 'step_name', 'approvals_required', 'approvals_given', 'approval_policy_id', 'approval_policy_version', 'submitted_at'],
      properties: {
        object: { type: 'string', const: 'approval_task' },
        decision_id: { type: 'string', example: 'dec_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        title: { type: 'string' },
        step: { type: 'integer', description: 'The current step (1-based): send it as `expected_step`.' },
        step_name: { type: 'string' },
        approvals_required: { type: 'integer' },
        approvals_given: { type: 'integer' },
        approval_policy_id: { type: 'string' },
        approval_policy_version: { type: 'integer' },
        submitted_at: timestamp('When the decision was submitted.'),
      },
    },
    ApprovalInbox: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('ApprovalTask') } } },
  },
  paths: {
    '/api/v1/decisions/{id}/submit': {
      post: {
        operationId: 'submitDecision',
        summary: 'Submit a decision for approval',
        description:
          'A draft with a chosen option starts its approval workflow (one per decision, workflow id `decision/<id>`): the policy\'s current version is ' +
          'frozen onto it (`approval_policy_version`) and it becomes `pending_approval` at `current_step` 1. 422 `insufficient_approvers` names a ' +
          'step that requires more approvers than the tenant has (its owner and author do not count). Submitting again while it is pending ' +
          'approval returns it unchanged. API keys may submit.',
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('SubmitDecisionRequest'), example: { approval_policy_id: 'apl_01jd2x0m3f8q4w7e5r6t9y2v1k' } } },
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
        'Records the caller\'s approval of the current step. When the step has the approvals it requires, the decision moves to the next step, ' +
          'or becomes `approved` after the last one. Concurrent approvals are applied one at a time: exactly one of them completes a step.',
      ),
    },
    '/api/v1/decisions/{id}/reject': {
      post: actionOperation('rejectDecision', 'reject', 'Reject the decision', 'An eligible approver of the current step rejects the decision: it becomes `rejected`.'),
    },
    '/api/v1/approvals': {
      get: {
        operationId: 'listApprovalInbox',
        summary: 'The caller\'s approval inbox',
        description:
          'Decisions pending approval whose current step the caller may act on and has not acted on, oldest submission first (up to `limit`).' + USER_ONLY,
        tags: [tag],
        'x-required-scope': 'decisions:read',
        'x-user-actor-required': true,
        parameters: [
          { name: 'assigned_to', in: 'query', required: true, description: '`me`: the signed-in user.', schema: { type: 'string', enum: ['me'] }, example: 'me' },
          parameterRef('Limit'),
        ],
        responses: { '200': jsonResponse('The caller\'s pending approval tasks.', ref('ApprovalInbox')), ...standardErrors() },
      },
    },
  },
};
