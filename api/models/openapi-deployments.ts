import {
  jsonResponse,
  listOf,
  parameterRef,
  pathParameter,
  postSuccessHeaders,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

const tag = 'Models';
const idParameter = pathParameter('Tenant model id (`mdl_<ulid>`).');
const versionParameter = {
  name: 'version',
  in: 'path' as const,
  required: true,
  description: 'The version number.',
  schema: { type: 'string' },
};
const query = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'query' as const,
  description,
  schema,
});
const statusEnum = ['pending_review', 'scheduled', 'active', 'superseded', 'ended', 'cancelled', 'rejected'];
const nullableTime = (description: string) => ({ type: ['string', 'null'], format: 'date-time', description });

const localOrOffsetDateTime = (description: string) => ({
  type: 'string',
  minLength: 16,
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}',
  description,
});

export const modelDeploymentsPart: DocumentPart = {
  tags: [],
  schemas: {
    ModelDeployment: {
      type: 'object',
      required: [
        'id',
        'object',
        'model_id',
        'environment',
        'version',
        'status',
        'kind',
        'effective_from',
        'effective_until',
        'time_zone',
        'reason',
        'decision_id',
        'release',
        'requested_by',
        'approved_by',
        'approved_at',
        'activated_at',
        'ended_at',
        'cancelled_at',
        'created_at',
      ],
      properties: {
        id: { type: 'string', example: 'dpl_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'model_deployment' },
        model_id: { type: 'string' },
        environment: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'string' }, name: { type: 'string' } },
        },
        version: { type: 'string' },
        status: {
          type: 'string',
          enum: statusEnum,
          description:
            '`pending_review` (its promotion is being reviewed), `scheduled` (approved, waiting for `effective_from`), `active` (what the environment serves), `superseded` (a later one took over; it serves again if that one ends and the environment falls back), `ended` (its `effective_until` passed), `cancelled`, `rejected`.',
        },
        kind: {
          type: 'string',
          enum: ['review', 'promotion', 'rollback', 'migration'],
          description:
            '`review`: a draft review approved into the release target; `promotion`; `rollback`; `migration`: a version published before environments.',
        },
        effective_from: nullableTime(
          'When it takes (took) effect; null while an immediate promotion awaits its review.',
        ),
        effective_until: nullableTime('When it stops being in effect, if ever.'),
        time_zone: {
          type: ['string', 'null'],
          description: 'The IANA time zone its instants were given in (for people; the instants are exact).',
        },
        reason: { type: ['string', 'null'] },
        decision_id: { type: ['string', 'null'], description: 'The release decision that reviews (reviewed) it.' },
        release: {
          oneOf: [ref('ModelRelease'), { type: 'null' }],
          description: 'The release record written when it took effect.',
        },
        requested_by: ref('Actor'),
        approved_by: { oneOf: [ref('Actor'), { type: 'null' }], description: 'Who approved it (the last approver).' },
        approved_at: nullableTime('When it was approved.'),
        activated_at: nullableTime('When the service recorded it taking effect.'),
        ended_at: nullableTime('When it ended.'),
        cancelled_by: { oneOf: [ref('Actor'), { type: 'null' }] },
        cancelled_at: nullableTime('When it was cancelled or rejected.'),
        workflow_id: {
          type: ['string', 'null'],
          description:
            'The Temporal workflow that holds a scheduled deployment until its instant (`model_deployment/dpl_…`; search attribute ResourceType `model_deployment`).',
        },
        created_at: timestamp('When it was requested.'),
      },
    },
    ModelDeploymentList: {
      ...listOf('ModelDeployment'),
      properties: {
        ...(listOf('ModelDeployment').properties as Record<string, unknown>),
        as_of: {
          type: 'string',
          format: 'date-time',
          description: 'With `as_of`: the instant asked about; `data` holds the deployment in effect then (or none).',
        },
      },
    },
    PromoteModelVersionRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['environment'],
      properties: {
        environment: { type: 'string', minLength: 1, maxLength: 40, description: 'Name or id.' },
        effective_from: localOrOffsetDateTime(
          'When it takes effect: RFC 3339 with an offset, or a local date-time (`2027-01-01T00:00:00`) read in `time_zone`. In the future; omit to take effect at once (on approval, with a review). A local time the zone skips or repeats is a 422.',
        ),
        effective_until: localOrOffsetDateTime(
          'When it stops (optional), read like `effective_from`; after it. Then the environment falls back to the deployment beneath or serves nothing, by its `on_deployment_end`.',
        ),
        time_zone: {
          type: 'string',
          minLength: 1,
          maxLength: 64,
          description: 'An IANA time zone (`Europe/Berlin`) for local date-times; unknown zones are a 422.',
        },
        reason: { type: 'string', minLength: 1, maxLength: 2000 },
        approval_policy_id: {
          type: 'string',
          description:
            "Into an environment that requires review: the policy that reviews it (default: the environment's).",
        },
      },
    },
  },
  paths: {
    '/api/v1/models/{id}/versions/{version}/promote': {
      post: {
        operationId: 'promoteModelVersion',
        summary: 'Promote a version into an environment',
        description:
          'A released version (approved in its draft review) goes into an environment: at once, or at `effective_from` (held by a timer until then, cancellable until it takes effect). ' +
          'Into an environment that `requires_review` it goes through a release decision under the approval policy (the suite, coverage and verification gates run again; the writers of its content cannot approve it), taking effect on approval (or at `effective_from`, if later). ' +
          'Into one that `requires_previous`, only a version that was in effect in the environment before it (422 `promotion_refused` at `/environment`). ' +
          'Two promotions waiting in one environment may not start at the same instant, nor may two windows with an `effective_until` overlap (422 at `/effective_from`). ' +
          'Events: `model.deployment.scheduled`, `.activated`; notifications to the approvers (review) and the model owners (activation).',
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter, versionParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('PromoteModelVersionRequest'),
              example: {
                environment: 'staging',
                effective_from: '2030-01-01T00:00:00',
                time_zone: 'Europe/Berlin',
                reason: 'Tariff 2030',
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The deployment.', ref('ModelDeployment'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/models/{id}/deployments': {
      get: {
        operationId: 'listModelDeployments',
        summary: "A model's deployments (release history per environment), or the one in effect at an instant",
        description:
          "Newest first. With `as_of`: the deployment in effect in the environment (default: the request's, see `DMS-Environment`) at that instant — past or future — with its release record and approver; `data` is empty when none was (or will be).",
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [
          idParameter,
          query('environment', 'Only this environment (name or id).', { type: 'string', minLength: 1, maxLength: 40 }),
          query('status', 'Only deployments in this status.', { type: 'string', enum: statusEnum }),
          query('as_of', 'The instant (RFC 3339) whose deployment in effect to answer.', {
            type: 'string',
            format: 'date-time',
          }),
          parameterRef('Environment'),
          parameterRef('Limit'),
          parameterRef('Cursor'),
        ],
        responses: {
          '200': jsonResponse('The deployments.', ref('ModelDeploymentList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/models/{id}/deployments/{deployment_id}': {
      get: {
        operationId: 'getModelDeployment',
        summary: 'Get a deployment',
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [idParameter, pathParameter('Deployment id (`dpl_<ulid>`).', 'deployment_id')],
        responses: {
          '200': jsonResponse('The deployment.', ref('ModelDeployment')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/models/{id}/deployments/{deployment_id}/cancel': {
      post: {
        operationId: 'cancelModelDeployment',
        summary: 'Cancel a scheduled deployment',
        description:
          'Before its `effective_from` only (409 `deployment_not_cancellable` after, or when it is not scheduled: a promotion in review is withdrawn through its decision). Its timer stops. Event `model.deployment.cancelled`.',
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [
          idParameter,
          pathParameter('Deployment id (`dpl_<ulid>`).', 'deployment_id'),
          parameterRef('IdempotencyKey'),
        ],
        responses: {
          '200': jsonResponse('The cancelled deployment.', ref('ModelDeployment'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/environments/{id}/deployments': {
      get: {
        operationId: 'listEnvironmentDeployments',
        summary: 'What an environment serves and will serve',
        description:
          'Its deployments across models, newest first (default: `active` and `scheduled` ones: the model × version grid and what is coming).',
        tags: ['Environments'],
        'x-required-scope': 'models:read',
        parameters: [
          pathParameter('Environment id (`env_<ulid>`) or name.'),
          query('status', 'Only deployments in this status.', { type: 'string', enum: statusEnum }),
          parameterRef('Limit'),
          parameterRef('Cursor'),
        ],
        responses: {
          '200': jsonResponse('The deployments.', ref('ModelDeploymentList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
