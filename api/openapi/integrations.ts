import { CONNECTOR_TYPES } from '../../integrations/connectors';
import { createdHeaders, jsonResponse, listOf, parameterRef, pathParameter, postSuccessHeaders, ref, responseRef, standardErrors, timestamp, type DocumentPart } from './common';

const idParameter = pathParameter('Integration id (`int_…`).');
const tag = 'Integrations';

const credentials = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: 'string', maxLength: 4096 },
  description:
    'Write-only secrets (password, token, API key) as the connector type\'s `credentials_spec` describes. Stored encrypted; never returned or logged. ' +
    'On update, replaces the stored credentials as a whole.',
};

const config = {
  type: 'object',
  description: 'The configuration, valid against the connector type\'s `spec` (GET /api/v1/integrations/connector-types); errors name `/config/…`.',
};

const name = { type: 'string', minLength: 1, maxLength: 200 };

const restExample = {
  name: 'HRIS directory',
  connector_type: 'rest',
  config: {
    base_url: 'https://hris.example.com',
    auth: { type: 'bearer' },
    pagination: { type: 'cursor', cursor_path: 'next_cursor', cursor_param: 'cursor', page_size: 100 },
    streams: [{ name: 'employees', path: '/v1/employees', records_path: 'data', primary_key: ['id'], incremental_field: 'updated_at', incremental_param: 'updated_since' }],
  },
  credentials: { token: 'example-token' },
};

export const integrationsPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        'Connections to source systems (HRIS and data warehouses). A connector type publishes the JSON Schema of its configuration (`spec`) and of ' +
        'its credentials; an integration is one configured connection. `check` tests it, `discover` lists its streams and their fields. ' +
        'Destinations follow the webhook rules: public addresses only (plus the development allow-list). Needs `integrations:read` / `integrations:write`.',
    },
  ],
  schemas: {
    ConnectorType: {
      type: 'object',
      required: ['object', 'type', 'title', 'description', 'spec', 'credentials_spec'],
      properties: {
        object: { type: 'string', const: 'connector_type' },
        type: { type: 'string', enum: CONNECTOR_TYPES },
        title: { type: 'string' },
        description: { type: 'string' },
        spec: { type: 'object', description: 'JSON Schema (2020-12) of `config`.' },
        credentials_spec: { type: 'object', description: 'JSON Schema of `credentials`.' },
      },
    },
    ConnectorTypeList: listOf('ConnectorType'),
    Integration: {
      type: 'object',
      required: ['id', 'object', 'name', 'connector_type', 'config', 'has_credentials', 'created_by', 'created_at', 'updated_at'],
      properties: {
        id: { type: 'string', example: 'int_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'integration' },
        name: { type: 'string' },
        connector_type: { type: 'string', enum: CONNECTOR_TYPES },
        config: { type: 'object', description: 'The configuration, with the spec\'s defaults filled in.' },
        has_credentials: { type: 'boolean', description: 'Whether credentials are stored (they are never returned).' },
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    IntegrationList: listOf('Integration'),
    CreateIntegrationRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'connector_type', 'config'],
      properties: { name, connector_type: { type: 'string', enum: CONNECTOR_TYPES }, config, credentials },
    },
    UpdateIntegrationRequest: { type: 'object', additionalProperties: false, minProperties: 1, properties: { name, config, credentials } },
    ConnectionCheck: {
      type: 'object',
      required: ['object', 'integration_id', 'status', 'message', 'latency_ms'],
      properties: {
        object: { type: 'string', const: 'connection_check' },
        integration_id: { type: 'string' },
        status: { type: 'string', enum: ['succeeded', 'failed'] },
        message: { type: ['string', 'null'], description: 'Why it failed (unreachable, refused destination, rejected credentials, bad query).' },
        latency_ms: { type: 'integer' },
      },
    },
    Catalog: {
      type: 'object',
      required: ['object', 'integration_id', 'streams'],
      properties: {
        object: { type: 'string', const: 'catalog' },
        integration_id: { type: 'string' },
        streams: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'fields', 'primary_key', 'cursor_field', 'supported_sync_modes'],
            properties: {
              name: { type: 'string' },
              fields: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'type'],
                  properties: {
                    name: { type: 'string' },
                    type: { type: 'string', enum: ['string', 'number', 'integer', 'boolean', 'date', 'date-time', 'object', 'array', 'unknown'] },
                  },
                },
              },
              primary_key: { type: 'array', items: { type: 'string' } },
              cursor_field: { type: ['string', 'null'] },
              supported_sync_modes: { type: 'array', items: { type: 'string', enum: ['full', 'incremental'] } },
            },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/integrations/connector-types': {
      get: {
        operationId: 'listConnectorTypes',
        summary: 'List connector types with their specs',
        description: 'Every connector type, with the JSON Schema of its configuration and credentials. One page.',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        responses: { '200': jsonResponse('The connector types.', ref('ConnectorTypeList')), ...standardErrors() },
      },
    },
    '/api/v1/integrations': {
      post: {
        operationId: 'createIntegration',
        summary: 'Create an integration',
        description: 'Validates `config` against the connector type\'s spec and `credentials` against its credentials spec; does not connect (see `check`).',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: { required: true, content: { 'application/json': { schema: ref('CreateIntegrationRequest'), example: restExample } } },
        responses: { '201': jsonResponse('The integration (never its credentials).', ref('Integration'), createdHeaders), ...standardErrors({ body: true }) },
      },
      get: {
        operationId: 'listIntegrations',
        summary: 'List integrations',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [parameterRef('Limit'), parameterRef('Cursor')],
        responses: { '200': jsonResponse('A page of integrations, newest first.', ref('IntegrationList')), ...standardErrors() },
      },
    },
    '/api/v1/integrations/{id}': {
      get: {
        operationId: 'getIntegration',
        summary: 'Get an integration',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [idParameter],
        responses: { '200': jsonResponse('The integration (never its credentials).', ref('Integration')), ...standardErrors({ notFound: true }) },
      },
      patch: {
        operationId: 'updateIntegration',
        summary: 'Update an integration',
        description: 'Renames it, replaces its configuration (validated like on create) or replaces its credentials. The connector type cannot change.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter],
        requestBody: { required: true, content: { 'application/json': { schema: ref('UpdateIntegrationRequest'), example: { name: 'HRIS directory (production)' } } } },
        responses: { '200': jsonResponse('The updated integration.', ref('Integration')), ...standardErrors({ body: true, notFound: true }) },
      },
      delete: {
        operationId: 'deleteIntegration',
        summary: 'Delete an integration',
        description: 'Its stored credentials are erased with it.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter],
        responses: { '204': { description: 'Deleted.' }, ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/integrations/{id}/check': {
      post: {
        operationId: 'checkIntegration',
        summary: 'Test the connection',
        description: 'Connects to the source with the stored configuration and credentials. A source that cannot be reached is a `failed` check (200), not an error.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: { '200': jsonResponse('The outcome of the check.', ref('ConnectionCheck'), postSuccessHeaders), ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/integrations/{id}/discover': {
      post: {
        operationId: 'discoverIntegration',
        summary: 'Discover streams and fields',
        description:
          'Reads the source\'s streams and their fields with types (Postgres: the column types; REST: inferred from the first page). ' +
          'A source that cannot be read answers 422 `connector_failed`.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: { '200': jsonResponse('The streams.', ref('Catalog'), postSuccessHeaders), ...standardErrors({ notFound: true }), '422': responseRef('UnprocessableContent') },
      },
    },
  },
};
