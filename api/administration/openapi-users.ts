import { ROLES, ROLE_SCOPES } from '../../core/roles';
import {
  createdHeaders,
  jsonResponse,
  listOf,
  parameterRef,
  ref,
  standardErrors,
  timestamp,
  pathParameter,
  type DocumentPart,
} from '../openapi/common';
import type { OperationObject, PathItem } from '../openapi/types';

const idParameter = pathParameter('User id (`usr_…`).');

const roleTable = ROLES.map((role) => `| \`${role}\` | ${ROLE_SCOPES[role].map((s) => `\`${s}\``).join(', ')} |`).join(
  '\n',
);

const delegationExample = {
  description:
    'The delegate is another member of the tenant (`usr_…`, from GET /api/v1/users); the period must end in the future.',
  value: {
    delegate: 'usr_01jd2x0m3f8q4w7e5r6t9y2v1k',
    from: '2029-07-02T08:00:00Z',
    until: '2029-07-13T18:00:00Z',
    reason: 'Annual leave',
  },
};

/** GET, PUT and DELETE of a delegation: the caller's own (`mine`) or a member's, set by an admin. */
function delegationOperations(mine: boolean): PathItem {
  const whose = mine ? 'your' : "a member's";
  const common: Pick<OperationObject, 'x-user-actor-required' | 'x-required-scope' | 'parameters'> = mine
    ? { 'x-user-actor-required': true, 'x-required-scope': 'none' }
    : { 'x-required-scope': 'admin', parameters: [idParameter] };
  const suffix = mine ? 'MyDelegation' : 'MemberDelegation';
  const people = mine
    ? " A person's credentials only (403 `user_actor_required` for API keys and OAuth clients)."
    : " 404 for a member id that is not one of this tenant's.";
  return {
    get: {
      operationId: `get${suffix}`,
      summary: `Get ${whose} delegation`,
      description: `The delegation set, whether its period has begun, is running (\`active\`) or has ended; 404 when none is set.${people}`,
      tags: ['Users'],
      ...common,
      responses: {
        '200': jsonResponse('The delegation.', ref('Delegation')),
        ...standardErrors({ notFound: true }),
      },
    },
    put: {
      operationId: `set${suffix}`,
      summary: `Set ${whose} delegation`,
      description: `Sets who acts on ${whose} approval steps, and when; replaces the delegation set before. Audited as \`member.delegation.set\`.${people}`,
      tags: ['Users'],
      ...common,
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: ref('SetDelegationRequest'), examples: { delegation: delegationExample } },
        },
      },
      responses: {
        '200': jsonResponse('The delegation.', ref('Delegation')),
        ...standardErrors({ body: true, notFound: !mine }),
      },
    },
    delete: {
      operationId: `clear${suffix}`,
      summary: `Clear ${whose} delegation`,
      description: `Ends the delegation now (nothing happens when none is set). Audited as \`member.delegation.cleared\`.${people}`,
      tags: ['Users'],
      ...common,
      responses: {
        '204': {
          description: 'Cleared.',
          headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
        },
        ...standardErrors({ notFound: !mine }),
      },
    },
  };
}

export const usersPart: DocumentPart = {
  tags: [
    {
      name: 'Users',
      description:
        "The people of the caller's tenant and their roles (scope `admin`). A person (identified by email, with one password) can " +
        "belong to several tenants with a role in each; OAuth access tokens issued to them carry at most their role's scopes:\n\n" +
        `| role | scopes |\n|---|---|\n${roleTable}\n\nThe last admin of a tenant cannot be demoted or removed (409 \`last_admin\`).`,
    },
  ],
  schemas: {
    Member: {
      type: 'object',
      required: ['id', 'object', 'email', 'display_name', 'role', 'scopes', 'created_at', 'updated_at'],
      properties: {
        id: {
          type: 'string',
          example: 'usr_01jd2x0m3f8q4w7e5r6t9y2v1k',
          description: "The member id: this tenant's own for the person, minted with the membership.",
        },
        object: { type: 'string', const: 'member' },
        email: { type: 'string', format: 'email' },
        display_name: {
          type: 'string',
          description: 'The name this tenant gave the person; other tenants may know them by another.',
        },
        role: { type: 'string', enum: [...ROLES] },
        scopes: { type: 'array', items: { type: 'string' }, description: 'What the role allows.' },
        created_by: ref('Actor'),
        created_at: timestamp('When the person joined this tenant.'),
        updated_at: timestamp('Last change of the membership.'),
        invitation: {
          type: ['object', 'null'],
          description:
            "The member's latest invitation (null: added with a password by the operator, or before invitations existed).",
          required: ['id', 'status', 'expires_at', 'created_at'],
          properties: {
            id: { type: 'string', example: 'inv_01jd2x0m3f8q4w7e5r6t9y2v1k' },
            status: { type: 'string', enum: ['pending', 'accepted', 'expired', 'revoked'] },
            expires_at: timestamp('Until when its link works (INVITATION_TTL_SECONDS after it was sent).'),
            created_at: timestamp('When it was sent.'),
          },
        },
      },
    },
    MemberList: listOf('Member'),
    AddMemberRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'display_name', 'role'],
      properties: {
        email: { type: 'string', format: 'email', maxLength: 320 },
        display_name: { type: 'string', minLength: 1, maxLength: 200 },
        role: { type: 'string', enum: [...ROLES] },
      },
    },
    ChangeMemberRoleRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['role'],
      properties: { role: { type: 'string', enum: [...ROLES] } },
    },
    Delegation: {
      type: 'object',
      required: ['object', 'member_id', 'delegate', 'from', 'until', 'reason', 'active', 'created_at', 'updated_at'],
      description:
        "Who acts for a member on their approval steps while they are away. During the period, a step the member may act on (by name or by role) is the delegate's too: the delegate approves, rejects or asks for changes \"on behalf of\" the member (the decision's approvals, timeline and audit record say so), and is told of the step as its approvers are. Separation of duties holds for both: a delegate who is the decision's owner or author, who already acted on it, or whom the policy otherwise keeps from it, cannot act for anyone; the step then waits for its other approvers, and escalates at its SLA as always.",
      properties: {
        object: { type: 'string', const: 'delegation' },
        member_id: { type: 'string', description: 'The member who is away (`usr_…`).' },
        delegate: { type: 'string', description: 'The member who acts for them (`usr_…`).' },
        from: timestamp('When the delegation starts.'),
        until: timestamp("When it ends (exclusive): from then on the steps are the member's alone again."),
        reason: { type: ['string', 'null'] },
        active: { type: 'boolean', description: 'Whether now lies in the period.' },
        created_by: ref('Actor'),
        created_at: timestamp('When this delegation was set.'),
        updated_at: timestamp('Last change.'),
      },
    },
    SetDelegationRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['delegate', 'until'],
      properties: {
        delegate: {
          type: 'string',
          minLength: 1,
          maxLength: 40,
          description:
            'Another member of this tenant (`usr_…`); 422 at `/delegate` for the member themselves or an id that is not a member here.',
        },
        from: { type: 'string', format: 'date-time', description: 'Start of the period; now when left out.' },
        until: {
          type: 'string',
          format: 'date-time',
          description: 'End of the period: after `from` and in the future (422 at `/until` otherwise).',
        },
        reason: { type: 'string', minLength: 1, maxLength: 500 },
      },
    },
  },
  paths: {
    '/api/v1/users': {
      post: {
        operationId: 'addMember',
        summary: 'Add a person to the tenant with a role',
        description:
          'Adds the person with this email to the tenant, creating them when the email is new. The answer is the same whether or not ' +
          'the person already belongs to other tenants: the member carries the `display_name` given here (each tenant names its ' +
          "members itself), and nothing about the person's other memberships or sign-in credentials is shown. For the same reason " +
          "a tenant cannot set a person's password (a `password` field is refused with 422): a tenant that could would learn, by " +
          "signing in, whether the email already had an account, and could take over an existing person's account. Instead the " +
          'person gets an **invitation** by email: a single-use link, valid for INVITATION_TTL_SECONDS (7 days), to set their first ' +
          'password — or, when they already have one (from another tenant), to join with it; with an external identity provider, to ' +
          "sign in there. The answer shows the invitation (`pending`) alike for a new and a known email. The member's `id` is this tenant's own, minted now for a new and a known email alike (its time is " +
          "the membership's `created_at`, and another tenant knows the same person by another id). 409 `already_member` when the " +
          'person is already a member of this tenant.',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('AddMemberRequest'),
              example: { email: 'ada@example.com', display_name: 'Ada Lovelace', role: 'analyst' },
            },
          },
        },
        responses: {
          '201': jsonResponse('The member.', ref('Member'), createdHeaders),
          ...standardErrors({ body: true, conflict: true }),
        },
      },
      get: {
        operationId: 'listMembers',
        summary: "List the tenant's people",
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [parameterRef('Limit'), parameterRef('Cursor')],
        responses: { '200': jsonResponse('A page of members.', ref('MemberList')), ...standardErrors() },
      },
    },
    '/api/v1/users/{id}/invitation': {
      post: {
        operationId: 'resendInvitation',
        summary: 'Send a member a new invitation',
        description:
          'A new link by email; the previous link stops working. 409 `invitation_accepted` once the member accepted one. At most 3 per member per hour: ' +
          'beyond that 429 `invitation_resend_limited` with `Retry-After`, and nothing is sent.',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '201': jsonResponse('The member, with the new invitation.', ref('Member')),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/users/{id}/invitation/revoke': {
      post: {
        operationId: 'revokeInvitation',
        summary: "Revoke a member's invitation",
        description:
          'The open link stops working (doing it twice is doing it once). 409 `invitation_accepted` once the member accepted it.',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '200': jsonResponse('The member.', ref('Member')),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/users/{id}': {
      get: {
        operationId: 'getMember',
        summary: 'Get a member',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: { '200': jsonResponse('The member.', ref('Member')), ...standardErrors({ notFound: true }) },
      },
      patch: {
        operationId: 'changeMemberRole',
        summary: "Change a member's role",
        description: "Takes effect on the member's next request, including with tokens already issued.",
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('ChangeMemberRoleRequest'), example: { role: 'approver' } } },
        },
        responses: {
          '200': jsonResponse('The member.', ref('Member')),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      delete: {
        operationId: 'removeMember',
        summary: 'Remove a person from the tenant',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: {
          '204': {
            description: 'Removed.',
            headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
          },
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/me/delegation': delegationOperations(true),
    '/api/v1/users/{id}/delegation': delegationOperations(false),
  },
};
