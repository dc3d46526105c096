import { APPROVING_ROLES, MAX_CONDITION_LENGTH, MAX_STEPS, MIN_STEPS } from '../../rules/decisions/approval-policy';
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

const tag = 'Approval policies';
const idParameter = pathParameter('Approval policy id (`apl_…`).');

const DURATION_DESCRIPTION =
  'An ISO 8601 duration of whole weeks, days, hours, minutes and seconds (`PT4H`, `P2D`, `P1DT12H`, `PT30S`), from 1 second to 90 days. ' +
  'Years and months are refused (no fixed length).';

const duration = (description: string) => ({
  type: 'string',
  minLength: 2,
  maxLength: 40,
  description: `${description} ${DURATION_DESCRIPTION}`,
});

const approverSet = (description: string) => ({
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  description: `${description} Exactly one of \`role\` or \`user_ids\`.`,
  properties: {
    role: {
      type: 'string',
      enum: [...APPROVING_ROLES],
      description: 'Any member with this role (roles that hold `decisions:write`).',
    },
    user_ids: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 40 },
      description: 'Named members of this tenant (`usr_…`).',
    },
  },
});

const stepSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'approvals_required', 'approvers', 'sla'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'Unique within the version (case-insensitive).',
    },
    approvals_required: {
      type: 'integer',
      minimum: 1,
      maximum: 10,
      description:
        'How many different people must approve. With `user_ids`, at most as many as are named. One person counts once per decision.',
    },
    approvers: approverSet('Who may approve this step.'),
    sla: duration('How long the step may wait before it escalates.'),
    escalate_to: { oneOf: [approverSet('Who is asked when the SLA passes.'), { type: 'null' }] },
    deadline: {
      oneOf: [duration('When the decision expires if the step is still open; longer than the SLA.'), { type: 'null' }],
    },
    condition: {
      type: ['string', 'null'],
      minLength: 1,
      maxLength: MAX_CONDITION_LENGTH,
      description:
        "Run the step only when this zen-engine expression (the JDM models' expression language) is true over the linked scenario's metrics, " +
        'e.g. `total_cost > 1000000`. Checked at upload: it must parse and compile, and may not read the clock or draw random numbers. ' +
        "Checked and evaluated off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it at upload, 422 naming the condition.",
    },
  },
};

const storedStep = {
  type: 'object',
  required: [
    'name',
    'approvals_required',
    'approvers',
    'sla',
    'sla_seconds',
    'escalate_to',
    'deadline',
    'deadline_seconds',
    'condition',
  ],
  properties: {
    ...stepSchema.properties,
    sla_seconds: { type: 'integer', description: 'The SLA in seconds.' },
    deadline_seconds: { type: ['integer', 'null'], description: 'The deadline in seconds; null without one.' },
  },
};

const flagsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    scenario_author_cannot_approve: {
      type: 'boolean',
      description: 'Whether the author of a scenario the decision links is barred from approving it (default false).',
    },
  },
  description:
    'Separation-of-duties options. Always enforced besides these, once the approval workflow exists: the owner cannot approve their own decision, ' +
    'one person counts once per decision, and a person who edited the decision during review cannot approve it.',
};

const versionWritable = {
  steps: {
    type: 'array',
    minItems: MIN_STEPS,
    maxItems: MAX_STEPS,
    items: stepSchema,
    description: `The ordered steps, ${MIN_STEPS} to ${MAX_STEPS}.`,
  },
  flags: flagsSchema,
};

const EXAMPLE_STEPS = [
  {
    name: 'Team lead review',
    approvals_required: 1,
    approvers: { role: 'approver' },
    sla: 'PT4H',
    escalate_to: { role: 'admin' },
  },
  {
    name: 'Finance sign-off',
    approvals_required: 2,
    approvers: { role: 'admin' },
    sla: 'P2D',
    deadline: 'P5D',
    condition: 'total_cost > 1000000',
  },
];

export const approvalPoliciesPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        'Versioned approval policies: ordered steps, each needing N approvals from a role or named members, with an SLA that escalates, an ' +
        "optional deadline that expires the decision, and an optional condition on the linked scenario's metrics. A new version never changes " +
        'an existing one, so decisions keep the version they were submitted under. Reading needs `decisions:read`; writing needs `admin`. ' +
        'A decision is submitted under a policy with `POST /decisions/{id}/submit`, which starts its approval workflow at step 1.',
    },
  ],
  schemas: {
    ApprovalStep: storedStep,
    ApprovalPolicyFlags: flagsSchema,
    ApprovalPolicyVersion: {
      type: 'object',
      required: ['object', 'policy_id', 'version', 'steps', 'flags', 'created_by', 'created_at'],
      description: 'One version of a policy. Immutable.',
      properties: {
        object: { type: 'string', const: 'approval_policy_version' },
        policy_id: { type: 'string' },
        version: { type: 'integer', minimum: 1 },
        steps: { type: 'array', items: ref('ApprovalStep') },
        flags: ref('ApprovalPolicyFlags'),
        created_by: ref('Actor'),
        created_at: timestamp('When the version was created.'),
      },
    },
    ApprovalPolicyVersionList: listOf('ApprovalPolicyVersion'),
    ApprovalPolicy: {
      type: 'object',
      required: [
        'id',
        'object',
        'name',
        'description',
        'current_version',
        'archived_at',
        'version',
        'created_by',
        'updated_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'apl_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'approval_policy' },
        name: { type: 'string' },
        description: { type: 'string' },
        current_version: { type: 'integer', description: 'The version new submissions will run under.' },
        archived_at: nullableTimestamp('When the policy was archived (no new versions); null while active.'),
        version: {
          ...ref('ApprovalPolicyVersion'),
          description: 'The current version, or the one `?version=` asked for.',
        },
        created_by: ref('Actor'),
        updated_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change (a new version, archiving).'),
      },
    },
    ApprovalPolicyList: listOf('ApprovalPolicy'),
    CreateApprovalPolicyRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'steps'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        description: { type: 'string', maxLength: 5000 },
        ...versionWritable,
      },
    },
    CreateApprovalPolicyVersionRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['steps'],
      properties: versionWritable,
    },
  },
  paths: {
    '/api/v1/approval-policies': {
      post: {
        operationId: 'createApprovalPolicy',
        summary: 'Create an approval policy (version 1)',
        description:
          'Validated at upload, every problem named by its JSON Pointer: durations, conditions (must compile in zen-engine), and named users ' +
          '(must be members of this tenant). Recorded in the audit log (`approval_policy.created`).',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateApprovalPolicyRequest'),
              example: {
                name: 'Capital spending',
                description: 'Spending decisions above the team budget.',
                steps: EXAMPLE_STEPS,
                flags: { scenario_author_cannot_approve: true },
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The policy, with version 1.', ref('ApprovalPolicy'), createdHeaders),
          ...standardErrors({ body: true }),
        },
      },
      get: {
        operationId: 'listApprovalPolicies',
        summary: 'List approval policies',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'archived',
            in: 'query',
            description: '`true`: only archived policies; `false`: only active ones. Default: both.',
            schema: { type: 'boolean' },
          },
        ],
        responses: {
          '200': jsonResponse(
            'A page of policies with their current versions, newest first.',
            ref('ApprovalPolicyList'),
          ),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/approval-policies/{id}': {
      get: {
        operationId: 'getApprovalPolicy',
        summary: 'Get an approval policy',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [
          idParameter,
          {
            name: 'version',
            in: 'query',
            description: 'A past version to show instead of the current one.',
            schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
          },
        ],
        responses: { '200': jsonResponse('The policy.', ref('ApprovalPolicy')), ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/approval-policies/{id}/versions': {
      post: {
        operationId: 'createApprovalPolicyVersion',
        summary: 'Create a new version of an approval policy',
        description:
          'The new version becomes current; earlier versions stay exactly as they were. Validated as on creation. An archived policy answers 409 ' +
          '`approval_policy_archived`. Recorded in the audit log (`approval_policy.version_created`).',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateApprovalPolicyVersionRequest'),
              example: { steps: [{ ...EXAMPLE_STEPS[0], sla: 'PT2H' }, EXAMPLE_STEPS[1]] },
            },
          },
        },
        responses: {
          '201': jsonResponse('The policy, with the new version.', ref('ApprovalPolicy'), createdHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      get: {
        operationId: 'listApprovalPolicyVersions',
        summary: "List an approval policy's versions",
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [idParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of versions, newest first.', ref('ApprovalPolicyVersionList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/approval-policies/{id}/archive': {
      post: {
        operationId: 'archiveApprovalPolicy',
        summary: 'Archive an approval policy',
        description:
          'An archived policy takes no new versions and stays readable. Archiving it again changes and records nothing. Recorded in the audit log (`approval_policy.archived`).',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        // An action: no body, an empty body or `{}` alike.
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: { type: 'object', additionalProperties: false, maxProperties: 0 },
              example: {},
            },
          },
        },
        responses: {
          '200': jsonResponse('The policy.', ref('ApprovalPolicy'), postSuccessHeaders),
          ...standardErrors({ notFound: true, body: true }),
        },
      },
    },
  },
};
