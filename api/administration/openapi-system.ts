import type { DocumentPart } from '../openapi/common';

const plain = (description: string, schema: Record<string, unknown>) => ({
  description,
  content: { 'application/json': { schema } },
});

export const systemPart: DocumentPart = {
  tags: [{ name: 'System', description: 'Liveness, readiness and the contract itself. No authentication.' }],
  schemas: {
    Health: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['ok'] } },
    },
    Readiness: {
      type: 'object',
      required: ['status', 'checks'],
      properties: {
        status: { type: 'string', enum: ['ready', 'not_ready'] },
        checks: {
          type: 'object',
          required: ['postgres', 'temporal', 'scenario_runner'],
          properties: {
            postgres: { type: 'string', enum: ['ok', 'unavailable'] },
            temporal: { type: 'string', enum: ['ok', 'unavailable'] },
            scenario_runner: {
              type: 'string',
              enum: ['ok', 'starting', 'disabled'],
              description:
                'The runner in this API process that executes quick scenario runs started eagerly. Informational: while it is ' +
                '`starting` (or `disabled`: by default with run lanes, which the worker executes, or by SCENARIO_RUNNER=false) runs go ' +
                'through the task queue to the worker.',
            },
          },
        },
      },
    },
  },
  paths: {
    '/health': {
      get: {
        operationId: 'getHealth',
        summary: 'Liveness',
        description: 'Answers 200 while the process serves HTTP. Does not touch dependencies.',
        tags: ['System'],
        security: [],
        responses: { '200': plain('Alive.', { $ref: '#/components/schemas/Health' }) },
      },
    },
    '/ready': {
      get: {
        operationId: 'getReadiness',
        summary: 'Readiness',
        description:
          'Answers 200 when Postgres and Temporal are reachable, 503 otherwise. `checks.scenario_runner` does not affect the status.',
        tags: ['System'],
        security: [],
        responses: {
          '200': plain('Ready to serve.', { $ref: '#/components/schemas/Readiness' }),
          '503': plain('A dependency is unreachable.', { $ref: '#/components/schemas/Readiness' }),
        },
      },
    },
    '/api/v1/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI document',
        tags: ['System'],
        security: [],
        responses: { '200': plain('The OpenAPI 3.1 document.', { type: 'object' }) },
      },
    },
  },
};
