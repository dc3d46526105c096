import { DECISION_STATUSES, EVIDENCE_TYPES } from '../../db/records/decision';
import {
  createdHeaders,
  jsonResponse,
  listOf,
  nullableTimestamp,
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
const evidenceIdParameter = pathParameter('Evidence id (`evd_…`).', 'evidence_id');

const EXAMPLE_SCENARIO_IDS = ['scn_01jd2x0m3f8q4w7e5r6t9y2v1k', 'scn_01jd2x0m3f8q4w7e5r6t9y2v1m'];

const STATES_DESCRIPTION =
  "The decision's state. Transitions (each through the decision's approval workflow once submitted):\n" +
  "- `draft` → (POST …/submit) `pending_approval` at the first step that applies (`current_step` k of the policy's n steps);\n" +
  '- `pending_approval` → (POST …/approve, enough approvals on the last step) `approved`; (POST …/reject) `rejected`; ' +
  "(POST …/request-changes) `changes_requested`; (POST …/withdraw) `withdrawn`; (the step's final deadline passes) `expired`;\n" +
  '- `changes_requested` → (PATCH, evidence) edits → (POST …/resubmit) `pending_approval`: if options, the chosen option or evidence changed, ' +
  'approvals given so far are dismissed and the review restarts at the first step; otherwise it resumes at the step that asked; (POST …/withdraw) `withdrawn`;\n' +
  '- `approved` → (POST …/implement) `implemented` → (POST …/close) `closed`.\n' +
  '`rejected`, `withdrawn`, `expired` and `closed` are final.';

const scenarioId = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'A completed scenario of this tenant (`scn_…`): its current run is frozen into the decision.',
};
const title = { type: 'string', minLength: 1, maxLength: 300 };
const tags = { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 50 } };
const optionId = {
  type: 'string',
  pattern: '^opt_([1-9]|1[0-9]|20)$',
  description: "An option's id: `opt_1` for the first option, `opt_2` for the second, …",
};

const optionInput = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    label: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 5000 },
    scenario_id: { ...scenarioId, type: ['string', 'null'] },
  },
};

const options = {
  type: 'array',
  minItems: 2,
  maxItems: 20,
  items: optionInput,
  description:
    'The options, 2 to 20, identified by position (`opt_1`, `opt_2`, …). Linking a scenario freezes its current run. Sending the options again ' +
    'keeps the snapshot of a scenario the decision already links: to base an option on a newer run, unlink the scenario and link it again.',
};

const decisionWritable = {
  title,
  context: { type: 'string', maxLength: 10000, description: 'The question being decided, and its background.' },
  options,
  chosen_option: { ...optionId, type: ['string', 'null'] },
  rationale: { type: ['string', 'null'], maxLength: 10000 },
  owner_id: {
    type: ['string', 'null'],
    maxLength: 40,
    description: 'The accountable person: a member of this tenant (`usr_…`).',
  },
  tags,
  due_at: { type: ['string', 'null'], format: 'date-time', description: 'When the decision is due (RFC 3339).' },
  outcome_reviews_at: {
    type: 'array',
    maxItems: 20,
    uniqueItems: true,
    items: { type: 'string', format: 'date-time' },
    description:
      'Dates at which outcomes should be reviewed. Once the decision is approved, its workflow emits `decision.outcome.due` at each (dates already ' +
      'past at approval are announced then); closing the decision cancels those not yet due.',
  },
};

const snapshotSchema = {
  type: 'object',
  required: [
    'scenario_id',
    'model_id',
    'model_version',
    'run_number',
    'inputs_sha256',
    'metrics',
    'completed_at',
    'frozen_at',
  ],
  description:
    'The exact run the decision is based on, as it was when linked. Re-runs, edits or deletion of the scenario never change it.',
  properties: {
    scenario_id: { type: 'string' },
    model_id: { type: 'string' },
    model_version: { type: 'string' },
    run_number: { type: 'integer' },
    inputs_sha256: { type: 'string' },
    metrics: { type: 'object' },
    completed_at: timestamp('When that run completed.'),
    frozen_at: timestamp('When the decision linked it.'),
  },
};

const movedOn = {
  type: ['boolean', 'null'],
  description:
    'Whether the scenario has moved on since it was linked: re-run (another run number or inputs) or deleted. Null without a link.',
};

const evidenceTitle = { type: 'string', minLength: 1, maxLength: 300 };
const evidenceVariant = (type: string, required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required: ['type', ...required],
  properties: { type: { type: 'string', const: type }, title: evidenceTitle, ...properties },
});

const evidenceVariants = [
  evidenceVariant('link', ['url'], { url: { type: 'string', format: 'uri', maxLength: 2000 } }),
  evidenceVariant('note', ['text'], { text: { type: 'string', minLength: 1, maxLength: 10000 } }),
  evidenceVariant('document', ['name', 'media_type', 'size_bytes', 'sha256'], {
    name: { type: 'string', minLength: 1, maxLength: 300 },
    media_type: {
      type: 'string',
      minLength: 3,
      maxLength: 255,
      pattern: '^[a-zA-Z0-9!#$&^_.+-]+/[a-zA-Z0-9!#$&^_.+-]+$',
    },
    size_bytes: { type: 'integer', minimum: 0, maximum: 1e15 },
    sha256: {
      type: 'string',
      pattern: '^[0-9a-f]{64}$',
      description: 'Lowercase hex SHA-256 of the document, computed by the client (no file is stored).',
    },
  }),
  evidenceVariant('scenario', ['scenario_id'], { scenario_id: scenarioId }),
  evidenceVariant('dataset_snapshot', ['dataset', 'snapshot_id'], {
    dataset: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: "The dataset's name or id in your own systems.",
    },
    snapshot_id: { type: 'string', minLength: 1, maxLength: 200, description: 'The snapshot or version of it.' },
    uri: { type: 'string', format: 'uri', maxLength: 2000 },
  }),
];

const actorOrNull = { oneOf: [ref('Actor'), { type: 'null' }] };

export const decisionsPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        "The decision log: decisions with 2–20 options, evidence and frozen scenario links, and their history (read from the tenant's audit log, " +
        'which every write appends to in the same transaction), their approval workflow (submit, approve, reject, request changes, resubmit, ' +
        'comment, withdraw, reassign, implement, close; SLA escalation, reminders and deadlines; the approval inbox), and outcomes recorded once a ' +
        'decision is approved (expected against actual per metric over time). Needs `decisions:read` / `decisions:write`. A **release decision** ' +
        '(`model_release` set, tag `model_release`) reviews a model version: it is created and (re)submitted by `POST /models/{id}/versions/{version}/submit`, ' +
        'its approvers act on it here, and its content cannot be edited, deleted, submitted or resubmitted through `/decisions` (409 `release_decision`). ' +
        "A draft-run scenario (`draft_run: true`) cannot be an option's or evidence's scenario (422).",
    },
  ],
  schemas: {
    DecisionStatus: { type: 'string', enum: [...DECISION_STATUSES], description: STATES_DESCRIPTION },
    ScenarioSnapshot: snapshotSchema,
    DecisionOption: {
      type: 'object',
      required: ['id', 'label', 'description', 'scenario_id', 'scenario_snapshot', 'scenario_moved_on'],
      properties: {
        id: optionId,
        label: { type: 'string' },
        description: { type: 'string' },
        scenario_id: { type: ['string', 'null'] },
        scenario_snapshot: { oneOf: [ref('ScenarioSnapshot'), { type: 'null' }] },
        scenario_moved_on: movedOn,
      },
    },
    Decision: {
      type: 'object',
      required: [
        'id',
        'object',
        'title',
        'context',
        'options',
        'chosen_option',
        'rationale',
        'owner_id',
        'tags',
        'due_at',
        'status',
        'approval_policy_id',
        'approval_policy_version',
        'current_step',
        'approvals',
        'review_round',
        'approval_steps',
        'step_sla_due_at',
        'step_deadline_at',
        'escalated',
        'awaiting',
        'outcome_reviews_at',
        'outcome_reviews_done',
        'submitted_at',
        'scenario_moved_on',
        'created_by',
        'updated_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'dec_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'decision' },
        title: { type: 'string' },
        context: { type: 'string' },
        options: { type: 'array', items: ref('DecisionOption') },
        chosen_option: { type: ['string', 'null'] },
        rationale: { type: ['string', 'null'] },
        owner_id: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        model_release: {
          type: ['object', 'null'],
          description: 'Set on a release decision: the model version it reviews (and the content revision submitted).',
          properties: {
            model_id: { type: 'string' },
            version: { type: 'integer' },
            content_revision: { type: 'integer' },
            verification: {
              ...ref('ModelVerificationVerdict'),
              description: "The release gate's verdict on the version's decision tables at its (latest) submission.",
            },
          },
        },
        due_at: nullableTimestamp('When the decision is due.'),
        status: ref('DecisionStatus'),
        approval_policy_id: {
          type: ['string', 'null'],
          description: 'The approval policy it runs under, once submitted.',
        },
        approval_policy_version: { type: ['integer', 'null'], description: 'The policy version frozen at submission.' },
        current_step: {
          type: ['integer', 'null'],
          description:
            'The policy step (1-based) awaiting approval while `pending_approval`; the step that asked for changes while `changes_requested`; null ' +
            'otherwise (the history records where a review ended).',
        },
        approvals: {
          type: 'array',
          items: ref('DecisionApproval'),
          description: 'The approvals of the current review round, in order, each attributed to a person.',
        },
        review_round: { type: 'integer', description: '0 for a draft, 1 once submitted, +1 per resubmission.' },
        approval_steps: {
          type: 'array',
          description: "The frozen policy version's steps as they stand for this decision.",
          items: {
            type: 'object',
            required: ['number', 'name', 'approvals_required', 'applies', 'approvals_given', 'status'],
            properties: {
              number: { type: 'integer' },
              name: { type: 'string' },
              approvals_required: { type: 'integer' },
              applies: {
                type: 'boolean',
                description:
                  "False when the step's condition is false for the chosen option's scenario: it is skipped.",
              },
              approvals_given: { type: 'integer' },
              status: {
                type: 'string',
                enum: ['pending', 'awaiting_approval', 'approved', 'skipped', 'changes_requested'],
              },
            },
          },
        },
        step_sla_due_at: nullableTimestamp("When the current step's SLA passes (then it escalates)."),
        step_deadline_at: nullableTimestamp(
          "When the current step's final deadline passes (then the decision expires); null without one.",
        ),
        escalated: {
          type: 'boolean',
          description: "Whether the current step's SLA has passed: its escalation target may act on it too.",
        },
        awaiting: {
          type: 'object',
          required: ['roles', 'user_ids'],
          description: 'Who may act on the current step now (before separation of duties): roles and named people.',
          properties: {
            roles: { type: 'array', items: { type: 'string' } },
            user_ids: { type: 'array', items: { type: 'string' } },
          },
        },
        outcome_reviews_at: { type: 'array', items: timestamp('An outcome review date.') },
        outcome_reviews_done: {
          type: 'integer',
          description: 'How many outcome review dates have been announced (`decision.outcome.due`).',
        },
        submitted_at: nullableTimestamp('When it was submitted for approval.'),
        scenario_moved_on: {
          type: 'boolean',
          description:
            'Whether any linked scenario (in an option or attached evidence) has moved on since it was linked.',
        },
        created_by: ref('Actor'),
        updated_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    DecisionList: listOf('Decision'),
    CreateDecisionRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'options'],
      properties: decisionWritable,
    },
    UpdateDecisionRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: decisionWritable,
      description:
        'The fields to change; `null` clears `chosen_option`, `rationale`, `owner_id` or `due_at`. `options` replaces the whole list.',
    },
    AttachEvidenceRequest: { oneOf: evidenceVariants, description: 'One evidence item per request, by `type`.' },
    DecisionEvidence: {
      type: 'object',
      required: [
        'id',
        'object',
        'decision_id',
        'type',
        'title',
        'attached_by',
        'attached_at',
        'detached_by',
        'detached_at',
      ],
      description:
        "An evidence item, with its type's fields (`url`; `text`; `name`, `media_type`, `size_bytes`, `sha256`; `scenario_snapshot` and `scenario_moved_on`; `dataset`, `snapshot_id`, `uri`).",
      properties: {
        id: { type: 'string', example: 'evd_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'decision_evidence' },
        decision_id: { type: 'string' },
        type: { type: 'string', enum: [...EVIDENCE_TYPES] },
        title: { type: ['string', 'null'] },
        url: { type: 'string' },
        text: { type: 'string' },
        name: { type: 'string' },
        media_type: { type: 'string' },
        size_bytes: { type: 'integer' },
        sha256: { type: 'string' },
        scenario_snapshot: ref('ScenarioSnapshot'),
        scenario_moved_on: { type: 'boolean' },
        dataset: { type: 'string' },
        snapshot_id: { type: 'string' },
        uri: { type: 'string' },
        attached_by: ref('Actor'),
        attached_at: timestamp('When it was attached.'),
        detached_by: actorOrNull,
        detached_at: nullableTimestamp('When it was detached; null while attached.'),
      },
    },
    DecisionEvidenceList: listOf('DecisionEvidence'),
    DecisionHistoryEntry: {
      type: 'object',
      required: ['sequence', 'occurred_at', 'actor', 'action', 'payload'],
      description: "One change, as recorded in the tenant's hash-chained audit log.",
      properties: {
        sequence: { type: 'integer', description: "The audit record's sequence number in the tenant's chain." },
        audit_record_id: { type: 'string' },
        occurred_at: timestamp('When the change committed.'),
        actor: ref('Actor'),
        action: {
          type: 'string',
          enum: [
            'decision.created',
            'decision.updated',
            'decision.deleted',
            'decision.evidence_attached',
            'decision.evidence_detached',
            'decision.submitted',
            'decision.step.approved',
            'decision.approved',
            'decision.rejected',
            'decision.changes_requested',
            'decision.resubmitted',
            'decision.step.escalated',
            'decision.step.reminder',
            'decision.step.reassigned',
            'decision.commented',
            'decision.withdrawn',
            'decision.expired',
            'decision.implemented',
            'decision.closed',
            'decision.outcome.due',
            'decision.outcome_recorded',
            'decision.outcome_kpi_linked',
            'decision.outcome_kpi_unlinked',
          ],
        },
        payload: {
          type: 'object',
          description:
            "What changed: for updates `changes` with `from`/`to` per field; for evidence the item's id and type.",
        },
      },
    },
    DecisionHistory: listOf('DecisionHistoryEntry'),
    DecisionComparison: {
      allOf: [
        ref('ScenarioComparison'),
        {
          type: 'object',
          required: ['decision_id', 'options'],
          properties: {
            decision_id: { type: 'string' },
            options: {
              type: 'array',
              description:
                'The compared options (ids as in `values`, `best` and `baseline_id`) and the frozen run each stands for.',
              items: {
                type: 'object',
                required: ['id', 'label', 'scenario_id', 'run_number'],
                properties: {
                  id: { type: 'string' },
                  label: { type: 'string' },
                  scenario_id: { type: 'string' },
                  run_number: { type: 'integer' },
                },
              },
            },
          },
        },
      ],
    },
  },
  paths: {
    '/api/v1/decisions': {
      post: {
        operationId: 'createDecision',
        summary: 'Log a decision (as a draft)',
        description:
          'Creates a draft decision. Scenarios linked in options must be completed; their current run is frozen into the decision. Emits `decision.created`.',
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateDecisionRequest'),
              // The first example is the one "Try it out" sends: it names no ids, so it works in any tenant as it is.
              examples: {
                options: {
                  summary: 'Two options',
                  value: {
                    title: 'Support desk staffing for Q3',
                    context: 'How many agents do we staff the support desk with from July?',
                    options: [
                      { label: 'Current volume', description: 'Staff for 100 calls an hour.' },
                      { label: 'Growth case', description: 'Staff for the forecast growth.' },
                    ],
                    chosen_option: 'opt_2',
                    tags: ['q3', 'support'],
                    due_at: '2026-12-15T17:00:00.000Z',
                  },
                },
                linked_scenarios: {
                  summary: 'Options linked to scenarios (replace the ids)',
                  description:
                    'Replace the `scenario_id`s with ids of completed scenarios of your tenant: `POST /api/v1/scenarios` answers one (run the ' +
                    '`createScenario` example twice with different inputs), `GET /api/v1/scenarios?status=completed` lists them.',
                  value: {
                    title: 'Support desk staffing for Q3',
                    context: 'How many agents do we staff the support desk with from July?',
                    options: [
                      {
                        label: 'Current volume',
                        description: 'Staff for 100 calls an hour.',
                        scenario_id: EXAMPLE_SCENARIO_IDS[0],
                      },
                      {
                        label: 'Growth case',
                        description: 'Staff for the forecast growth.',
                        scenario_id: EXAMPLE_SCENARIO_IDS[1],
                      },
                    ],
                    tags: ['q3', 'support'],
                    due_at: '2026-12-15T17:00:00.000Z',
                  },
                },
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The decision.', ref('Decision'), createdHeaders),
          ...standardErrors({ body: true }),
        },
      },
      get: {
        operationId: 'listDecisions',
        summary: 'List decisions',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'status',
            in: 'query',
            description: 'Only decisions in this state.',
            schema: { type: 'string', enum: [...DECISION_STATUSES] },
          },
          {
            name: 'owner_id',
            in: 'query',
            description: 'Only decisions this person owns.',
            schema: { type: 'string', maxLength: 40 },
          },
          {
            name: 'tag',
            in: 'query',
            description: 'Only decisions with this tag.',
            schema: { type: 'string', maxLength: 50 },
          },
          {
            name: 'due_after',
            in: 'query',
            description: 'Due at or after (RFC 3339).',
            schema: { type: 'string', format: 'date-time' },
          },
          {
            name: 'due_before',
            in: 'query',
            description: 'Due before (RFC 3339).',
            schema: { type: 'string', format: 'date-time' },
          },
          {
            name: 'created_after',
            in: 'query',
            description: 'Created at or after (RFC 3339).',
            schema: { type: 'string', format: 'date-time' },
          },
          {
            name: 'created_before',
            in: 'query',
            description: 'Created before (RFC 3339).',
            schema: { type: 'string', format: 'date-time' },
          },
          {
            name: 'awaiting',
            in: 'query',
            description:
              "`me`: only decisions whose current step awaits the signed-in user (as in GET /approvals?assigned_to=me). Needs a user's access token " +
              '(403 `user_actor_required` for an API key).',
            schema: { type: 'string', enum: ['me'] },
          },
        ],
        responses: {
          '200': jsonResponse('A page of decisions, newest first.', ref('DecisionList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/decisions/{id}': {
      get: {
        operationId: 'getDecision',
        summary: 'Get a decision',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [idParameter],
        responses: { '200': jsonResponse('The decision.', ref('Decision')), ...standardErrors({ notFound: true }) },
      },
      patch: {
        operationId: 'updateDecision',
        summary: 'Edit a draft decision, or one whose changes were requested',
        description:
          'Drafts, and decisions in `changes_requested` (any other state answers 409 `decision_not_editable`; 409 `resubmission_in_progress` while a ' +
          "resubmission is being recorded). Recorded in the history with each field's old and new value. An edit during review is remembered for the " +
          'resubmission: its author may no longer approve the decision, and changing `options` or `chosen_option` dismisses the approvals given so far.',
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateDecisionRequest'),
              example: { rationale: 'Growth is already visible in October.', chosen_option: 'opt_2' },
            },
          },
        },
        responses: {
          '200': jsonResponse('The decision.', ref('Decision')),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      delete: {
        operationId: 'deleteDecision',
        summary: 'Delete a draft decision',
        description:
          'Drafts only (409 `decision_not_editable` otherwise). A soft delete: gone from every read; its history stays in the audit log.',
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter],
        responses: {
          '204': {
            description: 'Deleted.',
            headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
          },
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/decisions/{id}/evidence': {
      post: {
        operationId: 'attachDecisionEvidence',
        summary: 'Attach one evidence item to a draft decision (or one whose changes were requested)',
        description:
          "One item per request. A `scenario` item freezes the scenario's current run, as an option link does (it must be completed). During " +
          '`changes_requested` it counts as a change of content (approvals are dismissed at resubmission).',
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('AttachEvidenceRequest'),
              example: {
                type: 'link',
                title: 'Call volume forecast',
                url: 'https://wiki.example.com/support/forecast-2027',
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The evidence item.', ref('DecisionEvidence'), createdHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      get: {
        operationId: 'listDecisionEvidence',
        summary: "List a decision's evidence, detached items included",
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [
          idParameter,
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'attached',
            in: 'query',
            description: '`true`: only items still attached.',
            schema: { type: 'boolean' },
          },
        ],
        responses: {
          '200': jsonResponse('A page of evidence, newest first.', ref('DecisionEvidenceList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/decisions/{id}/evidence/{evidence_id}/detach': {
      post: {
        operationId: 'detachDecisionEvidence',
        summary: 'Detach an evidence item',
        description:
          'Drafts and decisions in `changes_requested`. The item stays listed with `detached_at` and `detached_by`; detaching it again changes and records nothing.',
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter, evidenceIdParameter, parameterRef('IdempotencyKey')],
        responses: {
          '200': jsonResponse('The evidence item.', ref('DecisionEvidence'), postSuccessHeaders),
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/decisions/{id}/history': {
      get: {
        operationId: 'getDecisionHistory',
        summary: "A decision's history",
        description:
          "Every change to the decision and its evidence, with its actor, newest first (by audit sequence number), read from the tenant's audit log.",
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [idParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of changes, newest first.', ref('DecisionHistory')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/decisions/{id}/compare': {
      get: {
        operationId: 'compareDecisionOptions',
        summary: "Compare the options' frozen scenario runs",
        description:
          "Compares the options that link a scenario, on their frozen snapshots (not the scenarios' current runs), as POST /scenarios/compare does. " +
          'Needs at least two linked options (409 `decision_not_comparable`).',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [
          idParameter,
          {
            name: 'baseline',
            in: 'query',
            description: 'The baseline option (default: the first linked one).',
            schema: optionId,
          },
        ],
        responses: {
          '200': jsonResponse('The comparison, keyed by option id.', ref('DecisionComparison')),
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
  },
};
