import { accountPart } from './account';
import { apiKeysPart } from './api-keys';
import { modelsPart } from './models';
import { scenariosPart } from './scenarios';
import { usersPart } from './users';
import { commonHeaders, commonParameters, commonResponses, commonSchemas, type DocumentPart } from './common';
import { systemPart } from './system';
import type { OpenApiDocument } from './types';

const DESCRIPTION = `
A multi-tenant API for decision models, scenarios, KPIs, decisions, integrations and webhooks.

## Authentication
Send \`Authorization: Bearer <API_KEY>\`. Keys belong to one tenant and carry per-family scopes
(\`scenarios:read\`, \`scenarios:write\`, … \`webhooks:write\`, and \`admin\` for key management); \`family:write\` implies
\`family:read\`. Missing or malformed credentials answer 401 (\`authentication_required\`, \`invalid_api_key\`), expired and
revoked keys 401 with \`api_key_expired\` / \`api_key_revoked\`, a missing scope 403 \`insufficient_scope\` naming it.

## Tenancy
Every resource belongs to one tenant. Another tenant's resource answers exactly like one that does not exist: 404.

## Errors
Every error is RFC 9457 \`application/problem+json\` with \`type\`, \`title\`, \`status\`, \`detail\`, \`instance\`, a stable
\`code\` to switch on, the \`request_id\`, and for validation failures \`errors: [{path, message}]\` where \`path\` is a JSON
Pointer into the request body (query parameters as \`/query/<name>\`). Unknown body fields are refused. Bodies are limited to
1 MiB (413), must be JSON (415), and must parse (400 \`malformed_json\`).

## Rate limits
Per tenant, across all its keys: starter 50/minute and 1,000/day; professional 200/minute and 10,000/day; enterprise as
agreed. Every authenticated response carries \`RateLimit-Policy\` and \`RateLimit\` headers in the form of
draft-ietf-httpapi-ratelimit-headers; over the quota the API answers 429 with \`Retry-After\`.

## Idempotency
Send \`Idempotency-Key\` (≤ 255 characters) on any POST. The first successful response is stored for 24 hours and replayed
(with \`Idempotent-Replayed: true\`) for the same key and body; the same key with a different body answers 422
\`idempotency_key_reused\`; a repeat while the first is still running answers 409. Failed requests (4xx/5xx) are not stored,
so they can be retried with the same key.

## Pagination
Lists take \`limit\` (1–100, default 20) and \`cursor\`, and answer \`{ "data": [...], "next_cursor": "…" | null }\`, newest
first. Cursors are opaque and stable under concurrent inserts.

## Ids and timestamps
Ids are opaque strings with a type prefix (\`key_…\`, \`scn_…\`, \`mdl_…\`), sortable by creation time. Timestamps are
RFC 3339 UTC strings named \`*_at\`.

## Versioning and deprecation
The major version is in the path (\`/api/v1\`). Within a version, changes are additive only (new endpoints, new optional
parameters, new response fields, new enum values in responses): clients must ignore unknown fields. A breaking change ships
only under a new major path. A deprecated operation or version is announced at least 6 months ahead, marked \`deprecated\`
here, and answered with \`Deprecation\` (RFC 9745) and \`Sunset\` (RFC 8594) headers until its sunset date.
`.trim();

const PARTS: DocumentPart[] = [systemPart, accountPart, apiKeysPart, usersPart, modelsPart, scenariosPart];

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
    servers: [{ url: '/', description: 'This deployment (paths are relative to its base URL)' }],
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
      },
    },
    security: [{ apiKey: [] }],
  };
  for (const part of PARTS) {
    document.tags.push(...part.tags);
    Object.assign(document.components.schemas, part.schemas);
    for (const [path, item] of Object.entries(part.paths)) {
      if (document.paths[path]) throw new Error(`Path ${path} is defined twice`);
      document.paths[path] = item;
    }
  }
  return document;
}
