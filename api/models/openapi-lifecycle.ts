import { recordingPolicyPatchProperties } from './openapi-instances';
import { upload, uploadFormats, UPLOAD_EXAMPLES } from './openapi';
import { verificationPolicyPatch } from './openapi-verification';
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
  description: 'The version number (`1`, `2`, …).',
  schema: { type: 'string', maxLength: 20 },
};

const LIFECYCLE =
  'A tenant model version is `draft` → `in_review` → `published` → `retired` (or `rejected`, or back to `draft` when a reviewer requests changes, ' +
  'the review is withdrawn or a step deadline expires). Uploads create drafts; exactly one version is published at a time, and scenarios, ' +
  'batches, KPIs and decision options run it. A draft runs only where a caller names it: evaluate, test runs, replays, and a scenario create ' +
  'by its author (marked `draft_run`, never linkable to a decision option).';

export const modelLifecyclePart: DocumentPart = {
  tags: [],
  schemas: {
    ReplaceModelVersionRequest: {
      type: 'object',
      additionalProperties: false,
      description:
        "A draft's new content, as an upload takes it (exactly one of `graph` and `dmn`), with an optional `content_revision` precondition.",
      oneOf: uploadFormats,
      properties: {
        ...upload,
        content_revision: {
          type: 'integer',
          minimum: 1,
          description:
            "The draft's `content_revision` the edit started from. When it is no longer the current one (someone saved in between), nothing " +
            'is changed and the answer is 409 `content_revision_conflict` with `current_content_revision`, `last_saved_by` and `last_saved_at`. ' +
            'Without it the content is replaced whatever the revision.',
        },
      },
    },
    ModelVersionStatus: {
      type: 'string',
      enum: ['draft', 'in_review', 'published', 'retired', 'rejected'],
      description: LIFECYCLE,
    },
    ModelVersionDetail: {
      description:
        'A version with its graph, its review (the release decision as it stands) and the latest report of its suite.',
      allOf: [
        ref('ModelVersion'),
        {
          type: 'object',
          required: ['graph', 'review', 'latest_test_run'],
          properties: {
            graph: {
              type: ['object', 'null'],
              description: 'The JDM graph (null for built-in models and DMN versions).',
            },
            dmn: { type: 'string', description: 'DMN versions: the XML as uploaded.' },
            review: {
              type: ['object', 'null'],
              description:
                'The release decision reviewing this version (null before its first submission): `GET /decisions/{decision_id}` has all of it.',
              properties: {
                decision_id: { type: 'string' },
                status: { type: 'string' },
                approval_policy_id: { type: ['string', 'null'] },
                current_step: { type: ['integer', 'null'] },
                steps: { type: 'array', items: { type: 'object' } },
                approvals: { type: 'array', items: { type: 'object' } },
                round: { type: 'integer' },
                verification: {
                  oneOf: [ref('ModelVerificationVerdict'), { type: 'null' }],
                  description:
                    "The release gate's verdict at the (latest) submission, which the reviewer sees: the decision-table analysis's summary and its warnings.",
                },
              },
            },
            verification: {
              ...ref('ModelVerificationVerdict'),
              description:
                "On a submission's answer: the release gate's verdict on the draft's decision tables (the policy applied, the summary, the warnings).",
            },
            latest_test_run: {
              type: ['object', 'null'],
              properties: {
                id: { type: 'string' },
                status: { type: 'string', enum: ['passed', 'failed'] },
                passed: { type: 'integer' },
                failed: { type: 'integer' },
                coverage: { type: 'object' },
                created_at: timestamp('When it ran.'),
              },
            },
          },
        },
      ],
    },
    UpdateModelRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        description: { type: 'string', maxLength: 20000 },
        coverage_threshold: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description:
            'Share of decision-table rules the suite must hit before a draft can be submitted (default 1: every rule).',
        },
        verification: verificationPolicyPatch,
        ...recordingPolicyPatchProperties,
      },
    },
    SubmitModelVersionRequest: {
      type: 'object',
      additionalProperties: false,
      properties: {
        approval_policy_id: {
          type: 'string',
          maxLength: 64,
          description:
            'The approval policy that reviews the version (required at the first submission; a resubmission keeps it).',
        },
        comment: {
          type: 'string',
          minLength: 1,
          maxLength: 2000,
          description: 'For a resubmission after requested changes.',
        },
      },
    },
    PublishModelVersionRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      properties: {
        reason: {
          type: 'string',
          minLength: 1,
          maxLength: 2000,
          description: 'Why this earlier version goes live again.',
        },
        environment: {
          type: 'string',
          minLength: 1,
          maxLength: 40,
          description:
            'The environment (name or id) to roll back in (default `production`): the version must have been in effect there before.',
        },
      },
    },
    ModelRelease: {
      type: 'object',
      required: [
        'id',
        'object',
        'model_id',
        'version',
        'replaced_version',
        'kind',
        'reason',
        'decision_id',
        'released_by',
        'released_at',
      ],
      properties: {
        id: { type: 'string', example: 'rel_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'model_release' },
        model_id: { type: 'string' },
        version: { type: 'string' },
        replaced_version: {
          type: ['string', 'null'],
          description: "The version it retired (null for a model's first release).",
        },
        kind: {
          type: 'string',
          enum: ['review', 'rollback', 'promotion'],
          description: 'A draft review approved, a rollback, or a promotion into another environment.',
        },
        environment_id: { type: ['string', 'null'], description: 'The environment it went live in.' },
        reason: { type: ['string', 'null'], description: 'Why (rollbacks).' },
        decision_id: { type: ['string', 'null'], description: 'The release decision that approved it (reviews).' },
        released_by: ref('Actor'),
        released_at: timestamp('When it went live.'),
      },
    },
    ModelReleaseList: listOf('ModelRelease'),
  },
  paths: {
    '/api/v1/models/{id}': {
      patch: {
        operationId: 'updateModel',
        summary: "Change a tenant model's name, description, coverage threshold or verification policy",
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateModelRequest'),
              examples: {
                coverage: { summary: 'The rule coverage a suite needs', value: { coverage_threshold: 0.9 } },
                verification: {
                  summary: 'Gaps block this model’s releases; subsumed rules are ignored',
                  value: { verification: { gaps: 'block', subsumed: 'off' } },
                },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The model.', ref('Model')),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/versions/{version}': {
      get: {
        operationId: 'getModelVersion',
        summary: 'Get one version with its graph, review and latest test report',
        description: LIFECYCLE,
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [pathParameter('Model id.'), versionParameter],
        responses: {
          '200': jsonResponse('The version.', ref('ModelVersionDetail')),
          ...standardErrors({ notFound: true }),
        },
      },
      put: {
        operationId: 'replaceModelVersion',
        summary: "Replace a draft's content",
        description:
          'Checked like any upload. Only a draft can be replaced (409 `model_version_state` otherwise: published versions are immutable). ' +
          'With `content_revision` (the revision the edit started from), a save over a newer save is refused: 409 `content_revision_conflict`, ' +
          'nothing changed; the check and the write hold the version row locked, so of two saves from the same revision exactly one wins. ' +
          'After a reviewer requested changes, new content dismisses the approvals given when the version is submitted again. ' +
          'The caller is recorded as the writer of the new revision (`content_writers`): separation of duties keeps every writer of any revision ' +
          "from approving the version's release.",
        tags: [tag],
        'x-required-scope': 'models:write',
        'x-body-limit': 'batch',
        parameters: [idParameter, versionParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('ReplaceModelVersionRequest'), examples: UPLOAD_EXAMPLES } },
        },
        responses: {
          '200': jsonResponse('The draft with its new content.', ref('ModelVersion')),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/versions/{version}/submit': {
      post: {
        operationId: 'submitModelVersion',
        summary: 'Submit a draft for review',
        description:
          "Runs the model's test suite against the draft (the report is stored) and refuses (422) unless every case passes and the suite hits at least " +
          "the model's `coverage_threshold` of decision-table rules: the problem's `errors` name each failing case (`/test_cases/{case_id}`) and each rule " +
          "never hit (`/coverage/{node_id}/rules/{rule_id}`), and `test_run_id` the report. The same gate analyses the draft's decision tables " +
          "(`GET …/analysis`) and refuses under the verification policy (the model's `verification`, else the tenant's `GET /model-settings`): " +
          'each blocked finding is an entry at `/verification/tables/{n}/{kind}/{m}` naming the table and the finding (by default overlaps under ' +
          "Unique and domain violations block). Otherwise the answer's `verification` (and the release decision's `model_release.verification`, " +
          'shown to the reviewer) carries the summary and the warnings. Then the review starts: a release decision (tagged ' +
          '`model_release`, options "Publish version N" / "Keep version M") runs the decision approval workflow under the policy named — N-of-role ' +
          'steps, SLA and escalation — and its approvers act on it with `POST /decisions/{decision_id}/approve`, `/reject` and `/request-changes`. ' +
          "Separation of duties: the draft's author owns the decision, the submitter wrote it, and anyone who wrote a content revision of the " +
          'version (`content_writers`: its uploader and every `PUT` of its content) is kept from approving, rejecting or requesting changes ' +
          '(403 `not_an_eligible_approver`), whatever their role, admins included. Approval publishes the version in the same transaction (the previous one is ' +
          'retired, a release record is written); rejection makes it `rejected`; requested changes make it a draft again, and submitting it again ' +
          'resumes the same review (new content dismisses the approvals given). A version already in review answers as it stands.',
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter, versionParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: ref('SubmitModelVersionRequest'),
              examples: {
                first: {
                  summary: 'A first submission',
                  description:
                    'Names the approval policy that reviews the version (an id from POST /api/v1/approval-policies).',
                  value: { approval_policy_id: 'apl_01jd2x0m3f8q4w7e5r6t9y2v1k' },
                },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The version, in review.', ref('ModelVersionDetail'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/models/{id}/versions/{version}/publish': {
      post: {
        operationId: 'publishModelVersion',
        summary: 'Roll back: publish an earlier version again',
        description:
          'Only a version that was published before (now `retired`) can be published again this way, with a `reason`; it becomes the published ' +
          'version and the one it replaces is retired. The release record keeps who, when, why and what it replaced. A version never approved goes ' +
          'live only through its review (409 `model_version_state`).',
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter, versionParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('PublishModelVersionRequest'),
              example: { reason: 'Version 3 overstates discounts for gold customers.' },
            },
          },
        },
        responses: {
          '200': jsonResponse('The release record.', ref('ModelRelease'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/releases': {
      get: {
        operationId: 'listModelReleases',
        summary: 'Every time a version went live',
        description: 'Reviews and rollbacks, newest first: which version, which it replaced, who, when and why.',
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [pathParameter('Model id.')],
        responses: {
          '200': jsonResponse('The releases.', ref('ModelReleaseList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
