import { accountPart } from '../administration/openapi-account';
import { auditExportsPart } from '../administration/openapi-audit-exports';
import { apiKeysPart } from '../administration/openapi-api-keys';
import { auditLogPart } from '../administration/openapi-audit-log';
import { decisionsPart } from '../decisions/openapi-decisions';
import { integrationsPart } from '../integrations/openapi-integrations';
import { kpisPart } from '../kpis/openapi-kpis';
import { kpiAlertsPart } from '../kpis/openapi-alerts';
import { integrationSyncsPart } from '../integrations/openapi-syncs';
import { integrationUploadsPart } from '../integrations/openapi-uploads';
import { datasetsPart } from '../integrations/openapi-datasets';
import { datasetDefinitionsPart } from '../integrations/openapi-dataset-definitions';
import { decisionApprovalsPart } from '../decisions/openapi-approvals';
import { decisionOutcomesPart } from '../decisions/openapi-outcomes';
import { approvalPoliciesPart } from '../decisions/openapi-approval-policies';
import { modelsPart } from '../models/openapi';
import { modelLifecyclePart } from '../models/openapi-lifecycle';
import { modelSimulationPart } from '../models/openapi-simulate';
import { modelReplaysPart } from '../models/openapi-replays';
import { decisionInstancesPart } from '../models/openapi-instances';
import { modelVerificationPart } from '../models/openapi-verification';
import { modelDeploymentsPart } from '../models/openapi-deployments';
import { environmentsPart } from '../environments/openapi';
import { oauthClientsPart } from '../administration/openapi-oauth-clients';
import { ALL_SCOPES } from '../../core/scopes';
import { scenariosPart } from '../scenarios/openapi';
import { usersPart } from '../administration/openapi-users';
import { webhookEventsSection, webhooksPart } from '../webhooks/openapi';
import { notificationsPart } from '../notifications/openapi';
import { failuresPart } from '../failures/openapi';
import { commonHeaders, commonParameters, commonResponses, commonSchemas, type DocumentPart } from './common';
import { systemPart } from '../administration/openapi-system';
import type { OpenApiDocument } from './types';

const DESCRIPTION = `
A multi-tenant API for decision models, scenarios, KPIs, decisions, integrations and webhooks.

## Authentication
Send \`Authorization: Bearer <API_KEY>\` or \`Authorization: Bearer <ACCESS_TOKEN>\`. Keys belong to one tenant and carry per-family scopes
(\`scenarios:read\`, \`scenarios:write\`, … \`webhooks:write\`, and \`admin\` for key management, the audit log and audit exports); \`family:write\` implies
\`family:read\`. Missing or malformed credentials answer 401 (\`authentication_required\`, \`invalid_api_key\`), expired and
revoked keys 401 with \`api_key_expired\` / \`api_key_revoked\`, a missing scope 403 \`insufficient_scope\` naming it.

**OAuth 2.0.** The built-in identity provider (issuer = this deployment's base URL, discovery at
\`/.well-known/openid-configuration\`, token endpoint \`/oauth2/token\`) issues 1-hour JWT access tokens (ES256, \`aud\` =
\`<base URL>/api/v1\`, claims \`iss\`, \`sub\`, \`exp\`, \`scope\`, \`client_id\`, \`tenant_id\`) through authorization code with
PKCE (S256) for users and client credentials for a tenant's registered clients (see *OAuth clients*). Refresh tokens rotate on
every use and live 30 days from the last refresh; presenting a rotated-out refresh token revokes the whole grant. Access and refresh tokens can be revoked at
\`/oauth2/token/revocation\` (RFC 7009) and introspected at \`/oauth2/token/introspection\` (RFC 7662) by the confidential client
they were issued to; a revoked access token answers 401 \`token_revoked\` on its next request. A user token
acts as \`{"type": "user", "id", "via_client"}\` with the token's scopes intersected with the user's *current* role scopes in the
token's tenant, checked on every request (roles: viewer = every \`*:read\`; analyst = every read plus \`scenarios\`, \`models\`,
\`kpis\`, \`decisions\`, \`integrations\` write; approver = every read plus \`decisions:write\`; admin = everything). A
client-credentials token acts as \`{"type": "oauth_client", "id": client_id}\` with at most the client's scopes. A token is only
good for its own tenant. Refused tokens answer 401 with \`WWW-Authenticate: Bearer error="invalid_token"\` and the code
\`invalid_token\`, \`token_expired\` or \`token_revoked\`. Cross-origin (CORS): discovery and JWKS answer any origin with
\`Access-Control-Allow-Origin: *\` (no credentials); the token, revocation, introspection and userinfo endpoints answer
cross-origin only to the web origins of a public client's registered redirect URIs (browser apps), and the API itself not at
all. Signing out at \`/oauth2/session/end\` asks the person and happens only when they press the button (a POST with the
page's anti-forgery token). Deployments configured with an external OpenID provider
(\`OAUTH_ISSUER\`) accept that provider's tokens instead, and the built-in \`/oauth2\` endpoints answer 404.

## Tenancy
Every resource belongs to one tenant. Another tenant's resource answers exactly like one that does not exist: 404.

## Errors
Every error is RFC 9457 \`application/problem+json\` with \`type\`, \`title\`, \`status\`, \`detail\`, \`instance\`, a stable
\`code\` to switch on, the \`request_id\` (and the \`trace_id\`, also answered in the \`Trace-Id\` header, when the service traces
requests), and for validation failures \`errors: [{path, message}]\` where \`path\` is a JSON
Pointer into the request body (query parameters as \`/query/<name>\`). Unknown body fields are refused, and so is a field
named twice in one object (\`{"a": 1, "a": 2}\`: 422 naming \`/a\`), rather than one of the values being picked. An operation
that takes no fields (most actions, \`POST /…/{id}/revoke\`, \`/test\`, \`/cancel\`) accepts no body, an empty body or \`{}\`
alike; any other body answers 422. Every date-time, in a body, a query parameter or \`as_of\`, is RFC 3339 with a real calendar
date (\`2026-02-30T00:00:00Z\` is refused, not read as March 2). Every URL field (evidence links and snapshot locations,
webhook endpoints, redirect URIs, connector base URLs) takes an absolute URL with a host using http or https only; any other
scheme (\`javascript:\`, \`data:\`, \`file:\`) answers 422 naming the field.

Request bodies are limited to 1 MiB (16 MiB for batches; 413 \`payload_too_large\`) and must be sent as \`Content-Type: application/json\`
in UTF-8 (\`charset=utf-8\` or no charset) and unencoded (no \`Content-Encoding\` other than \`identity\`); anything else
answers 415 \`unsupported_media_type\`. The body must be valid UTF-8 and parse as JSON (400 \`malformed_json\`). Whatever the
operation, no string or field name in it may contain U+0000 (NUL) or a lone surrogate (an escape such as \`\\ud800\` without
its pair), and arrays and objects may nest at most 64 levels deep (the top-level value is level 1): all answer 422
\`validation_failed\` naming the field, or the first value too deep.

Query parameters take integers and numbers in plain decimal digits only (\`20\`, not \`+20\`, \`0x14\`, \`2e1\`, \`%2020\` (a leading space) or
\`Infinity\`), within the parameter's bounds, and no value or name may contain U+0000: otherwise 400 \`invalid_parameters\`
naming \`/query/<name>\`. A cursor this API did not issue answers 400 \`invalid_cursor\` naming \`/query/cursor\`.

## Rate limits
Per tenant, across all its keys: starter 50/minute and 1,000/day; professional 200/minute and 10,000/day; enterprise as
agreed. Every authenticated response carries \`RateLimit-Policy\` and \`RateLimit\` headers in the form of
draft-ietf-httpapi-ratelimit-headers; over the quota the API answers 429 with \`Retry-After\`.

## Idempotency
Send \`Idempotency-Key\` (≤ 255 characters) on any write: POST, and PUT, PATCH and DELETE alike (a client retrying a PATCH
gets the stored answer, not a second change). The first successful response is stored for 24 hours and replayed
(with \`Idempotent-Replayed: true\`) for the same key and body sent with the same credential (API key, or user and
OAuth client, or client-credentials client): keys are scoped to the tenant *and* the credential, as Stripe scopes them per
account and key. The caller is authenticated and authorized for the operation before any replay, so a credential without
the operation's scope gets 403 whether or not the key was used; the same key with a different body answers 422
\`idempotency_key_reused\`; a repeat while the first is still running answers 409. Failed requests (4xx/5xx) are not stored,
so they can be retried with the same key.

## Pagination
Lists take \`limit\` (1–100, default 20) and \`cursor\`, and answer \`{ "data": [...], "next_cursor": "…" | null }\`, newest
first. Cursors are opaque and stable under concurrent inserts.

## Ids and timestamps
Ids are opaque strings with a type prefix (\`key_…\`, \`scn_…\`, \`mdl_…\`), sortable by creation time. Timestamps are
RFC 3339 UTC strings named \`*_at\`. A person is known to each tenant by that tenant's own member id (\`usr_…\`, minted when
they became a member): in /users, actors, owners, approvers and the audit log. Two tenants never share a member id for a
person added through this API. Every response carries \`X-Content-Type-Options: nosniff\`, and no page may be framed
(\`X-Frame-Options: DENY\`, \`frame-ancestors 'none'\`).

## Webhooks and events
Changes emit events (catalogue: \`GET /api/v1/webhooks/event-types\` and the \`webhooks\` section of this document), written in
the same database transaction as the change (an outbox: no event for a change that rolled back, none lost if a process dies).
Subscriptions receive them as signed POSTs per the Standard Webhooks specification, at least once, retried on the
subscription's retry policy; \`GET /api/v1/events\` lists the last 30 days. Events carry a per-tenant \`sequence\` in commit
order; deliveries are not ordered, so reorder by it.

## Versioning and deprecation
The major version is in the path (\`/api/v1\`). Within a version, changes are additive only (new endpoints, new optional
parameters, new response fields, new enum values in responses): clients must ignore unknown fields. A breaking change ships
only under a new major path. A deprecated operation or version is announced at least 6 months ahead, marked \`deprecated\`
here, and answered with \`Deprecation\` (RFC 9745) and \`Sunset\` (RFC 8594) headers until its sunset date.
`.trim();

const PARTS: DocumentPart[] = [
  systemPart,
  accountPart,
  apiKeysPart,
  usersPart,
  oauthClientsPart,
  modelsPart,
  modelLifecyclePart,
  modelSimulationPart,
  modelReplaysPart,
  decisionInstancesPart,
  modelVerificationPart,
  modelDeploymentsPart,
  environmentsPart,
  scenariosPart,
  decisionsPart,
  decisionApprovalsPart,
  decisionOutcomesPart,
  approvalPoliciesPart,
  kpisPart,
  kpiAlertsPart,
  integrationsPart,
  integrationSyncsPart,
  integrationUploadsPart,
  datasetsPart,
  datasetDefinitionsPart,
  webhooksPart,
  notificationsPart,
  failuresPart,
  auditLogPart,
  auditExportsPart,
];

const OAUTH_SCOPES: Record<string, string> = {
  ...Object.fromEntries(
    ALL_SCOPES.map((scope) => [
      scope,
      scope === 'admin'
        ? 'Administration: API keys, OAuth clients, users, the audit log.'
        : `${scope.endsWith(':read') ? 'Read' : 'Create and change'} ${scope.split(':')[0]}.`,
    ]),
  ),
  openid: 'OpenID Connect sign-in (an ID token).',
  offline_access: 'A refresh token (clients registered for refresh_token get one anyway).',
  profile: "The user's name in the ID token.",
  email: "The user's email in the ID token.",
};

export function buildOpenApiDocument(): OpenApiDocument {
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Decision Modeling Service API',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Decision Modeling Service' },
    },
    servers: [
      { url: '/', description: 'This deployment (paths are relative to its base URL)' },
      {
        url: 'https://{dedicated_host}',
        description:
          "An enterprise tenant's dedicated endpoint (GET /api/v1/me shows it): only that tenant's credentials are accepted there; any other is answered as an unknown credential.",
        variables: {
          dedicated_host: {
            default: 'acme.api.example.com',
            description: 'The host name a platform operator gave the tenant.',
          },
        },
      },
    ],
    tags: [],
    paths: {},
    components: {
      schemas: { ...commonSchemas },
      parameters: { ...commonParameters },
      responses: { ...commonResponses },
      headers: { ...commonHeaders },
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`dms_…`) from the administration area, as `Authorization: Bearer <API_KEY>`.',
        },
        oauth2: {
          type: 'oauth2',
          description:
            'An access token of the built-in identity provider (or of the configured external OpenID provider), as ' +
            '`Authorization: Bearer <ACCESS_TOKEN>`. Authorization code requires PKCE (S256); pass `tenant_id` in the ' +
            'authorization request to preselect the tenant of a user who belongs to several.',
          flows: {
            authorizationCode: {
              authorizationUrl: '/oauth2/auth',
              tokenUrl: '/oauth2/token',
              refreshUrl: '/oauth2/token',
              scopes: OAUTH_SCOPES,
            },
            clientCredentials: { tokenUrl: '/oauth2/token', refreshUrl: '/oauth2/token', scopes: OAUTH_SCOPES },
          },
        },
      },
    },
    security: [{ apiKey: [] }, { oauth2: [] }],
    webhooks: webhookEventsSection(),
  };
  for (const part of PARTS) {
    document.tags.push(...part.tags);
    Object.assign(document.components.schemas, part.schemas);
    for (const [path, item] of Object.entries(part.paths)) {
      // Two families may share a path (GET /datasets lists, POST /datasets defines), never an operation.
      const existing = document.paths[path];
      if (existing && Object.keys(item).some((method) => method in existing))
        throw new Error(`Path ${path} is defined twice`);
      document.paths[path] = existing ? { ...existing, ...item } : item;
    }
  }
  documentIdempotencyKeys(document);
  return document;
}

/**
 * Every write takes `Idempotency-Key` (api/middleware/idempotency.ts): each POST declares it with its family, and every
 * PUT, PATCH and DELETE gets it here, with the `Idempotent-Replayed` header on its success responses.
 */
function documentIdempotencyKeys(document: OpenApiDocument): void {
  const key = { $ref: '#/components/parameters/IdempotencyKey' };
  for (const item of Object.values(document.paths)) {
    for (const method of ['put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      if (!parameters.some((parameter) => '$ref' in parameter && parameter.$ref === key.$ref))
        operation.parameters = [...parameters, key];
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2') || '$ref' in response) continue;
        operation.responses[status] = {
          ...response,
          headers: { ...response.headers, 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } },
        };
      }
    }
  }
}
