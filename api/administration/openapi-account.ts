import { jsonResponse, ref, standardErrors, type DocumentPart } from '../openapi/common';

export const accountPart: DocumentPart = {
  tags: [{ name: 'Account', description: 'The caller\'s own identity and quota.' }],
  schemas: {
    Principal: {
      type: 'object',
      required: ['object', 'tenant_id', 'actor', 'scopes', 'rate_limits'],
      properties: {
        object: { type: 'string', const: 'principal' },
        tenant_id: { type: 'string' },
        actor: ref('Actor'),
        scopes: { type: 'array', items: { type: 'string' } },
        rate_limits: {
          type: 'object',
          required: ['per_minute', 'per_day'],
          properties: { per_minute: { type: 'integer' }, per_day: { type: 'integer' } },
        },
      },
    },
  },
  paths: {
    '/api/v1/me': {
      get: {
        operationId: 'getCurrentPrincipal',
        summary: 'Who am I',
        description: 'The tenant, actor and scopes of the presented credentials, and the tenant\'s rate limits. Needs no particular scope.',
        tags: ['Account'],
        'x-required-scope': 'none',
        responses: { '200': jsonResponse('The caller.', ref('Principal')), ...standardErrors() },
      },
    },
  },
};
