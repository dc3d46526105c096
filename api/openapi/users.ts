import { ROLES, ROLE_SCOPES } from '../../core/roles';
import { createdHeaders, jsonResponse, listOf, parameterRef, ref, standardErrors, timestamp, type DocumentPart } from './common';

const idParameter = { name: 'id', in: 'path' as const, required: true, description: 'User id (`usr_…`).', schema: { type: 'string' } };

const roleTable = ROLES.map((role) => `| \`${role}\` | ${ROLE_SCOPES[role].map((s) => `\`${s}\``).join(', ')} |`).join('\n');

export const usersPart: DocumentPart = {
  tags: [
    {
      name: 'Users',
      description:
        'The people of the caller\'s tenant and their roles (scope `admin`). A person (email, name, password) can belong to several ' +
        'tenants with a role in each; OAuth access tokens issued to them carry at most their role\'s scopes:\n\n' +
        `| role | scopes |\n|---|---|\n${roleTable}\n\nThe last admin of a tenant cannot be demoted or removed (409 \`last_admin\`).`,
    },
  ],
  schemas: {
    Member: {
      type: 'object',
      required: ['id', 'object', 'email', 'display_name', 'role', 'scopes', 'has_password', 'created_at', 'updated_at'],
      properties: {
        id: { type: 'string', example: 'usr_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'member' },
        email: { type: 'string', format: 'email' },
        display_name: { type: 'string' },
        role: { type: 'string', enum: [...ROLES] },
        scopes: { type: 'array', items: { type: 'string' }, description: 'What the role allows.' },
        has_password: { type: 'boolean', description: 'False for an invited user who cannot sign in yet.' },
        created_by: ref('Actor'),
        created_at: timestamp('When the person joined this tenant.'),
        updated_at: timestamp('Last change of the membership.'),
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
        password: {
          type: 'string',
          minLength: 12,
          maxLength: 256,
          description: 'Sets the password of a new person (stored as an argon2id hash). An existing person keeps theirs.',
        },
      },
    },
    ChangeMemberRoleRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['role'],
      properties: { role: { type: 'string', enum: [...ROLES] } },
    },
  },
  paths: {
    '/api/v1/users': {
      post: {
        operationId: 'addMember',
        summary: 'Add a person to the tenant with a role',
        description: 'Creates the person when the email is new (invited without a password unless one is given). 409 `already_member`.',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: { required: true, content: { 'application/json': { schema: ref('AddMemberRequest') } } },
        responses: {
          '201': jsonResponse('The member.', ref('Member'), createdHeaders),
          ...standardErrors({ body: true, conflict: true }),
        },
      },
      get: {
        operationId: 'listMembers',
        summary: 'List the tenant\'s people',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [parameterRef('Limit'), parameterRef('Cursor')],
        responses: { '200': jsonResponse('A page of members.', ref('MemberList')), ...standardErrors() },
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
        summary: 'Change a member\'s role',
        description: 'Takes effect on the member\'s next request, including with tokens already issued.',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        requestBody: { required: true, content: { 'application/json': { schema: ref('ChangeMemberRoleRequest') } } },
        responses: { '200': jsonResponse('The member.', ref('Member')), ...standardErrors({ body: true, notFound: true, conflict: true }) },
      },
      delete: {
        operationId: 'removeMember',
        summary: 'Remove a person from the tenant',
        tags: ['Users'],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: {
          '204': { description: 'Removed.', headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } } },
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
  },
};
