import type { FieldError } from '../../core/app-error';
import { checkOutboundUrl } from '../../core/outbound-url';
import {
  ConnectorError,
  type CheckResult,
  type Connector,
  type ConnectorEnvironment,
  type Credentials,
  type DiscoveredStream,
  type RecordPage,
  type ReadRequest,
} from './connector';
import { inferFields } from './field-types';
import { laterCursor } from './cursor-values';
import { HttpStatusError, requestJson } from './http-json';
import { clientCredentialsTokenSource } from './oauth2-client-credentials';

/**
 * A generic REST/JSON source: each stream is a GET endpoint under `base_url` whose answer holds an array of records
 * (at `records_path`), paged by a cursor the answer carries, by page number, by offset, or by the `Link: <…>;
 * rel="next"` header (RFC 8288, same origin as `base_url` only). Incremental reads pass the last cursor value back as
 * a query parameter (inclusive: the source answers records at or after it). Auth: bearer token, basic, an API-key
 * header, or OAuth 2.0 client credentials (a token fetched and cached, refreshed once when the source answers 401).
 */
export interface RestStreamConfig {
  name: string;
  path: string;
  records_path?: string;
  primary_key: string[];
  incremental_field?: string;
  incremental_param?: string;
}

export interface RestConfig {
  base_url: string;
  auth: {
    type: 'none' | 'bearer' | 'basic' | 'api_key' | 'oauth2_client_credentials';
    username?: string;
    header_name?: string;
    token_url?: string;
    client_id?: string;
    scopes?: string[];
    client_auth?: 'client_secret_basic' | 'client_secret_post';
  };
  pagination: {
    type: 'none' | 'cursor' | 'page' | 'offset' | 'link_header';
    cursor_path?: string;
    cursor_param?: string;
    page_param?: string;
    offset_param?: string;
    page_size_param?: string;
    page_size?: number;
  };
  streams: RestStreamConfig[];
}

const fieldName = { type: 'string', minLength: 1, maxLength: 200 };
const dotPath = {
  type: 'string',
  maxLength: 200,
  pattern: '^$|^[^.]+(\\.[^.]+)*$',
  description: 'Dot-separated path into the JSON answer (`data.items`); empty for the top level.',
};
const queryParam = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$' };

const spec = {
  type: 'object',
  additionalProperties: false,
  required: ['base_url', 'streams'],
  properties: {
    base_url: {
      type: 'string',
      format: 'uri',
      maxLength: 2000,
      description: 'https (http only for allow-listed development hosts outside production).',
    },
    auth: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: {
          enum: ['none', 'bearer', 'basic', 'api_key', 'oauth2_client_credentials'],
          description:
            '`bearer` sends credentials.token; `basic` username + credentials.password; `api_key` credentials.api_key in `header_name`; `oauth2_client_credentials` gets a bearer token from `token_url` with `client_id` + credentials.client_secret.',
        },
        username: { type: 'string', minLength: 1, maxLength: 200 },
        header_name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' },
        token_url: {
          type: 'string',
          format: 'uri',
          maxLength: 2000,
          description: 'oauth2_client_credentials: the token endpoint (same destination rules as base_url).',
        },
        client_id: { type: 'string', minLength: 1, maxLength: 500 },
        scopes: {
          type: 'array',
          maxItems: 50,
          items: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' },
        },
        client_auth: {
          enum: ['client_secret_basic', 'client_secret_post'],
          description:
            'How the client authenticates at the token endpoint: HTTP Basic (default; every OAuth server must support it) or id and secret in the form body.',
        },
      },
      default: { type: 'none' },
    },
    pagination: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { enum: ['none', 'cursor', 'page', 'offset', 'link_header'] },
        cursor_path: {
          ...dotPath,
          description: 'cursor: where the answer holds the next cursor (null or absent on the last page).',
        },
        cursor_param: { ...queryParam, description: 'cursor: the query parameter that takes it (default `cursor`).' },
        page_param: { ...queryParam, description: 'page: the page-number parameter, from 1 (default `page`).' },
        offset_param: {
          ...queryParam,
          description:
            'offset: the parameter taking the number of records to skip, from 0 (default `offset`); a page shorter than page_size is the last.',
        },
        page_size_param: { ...queryParam, description: 'The page-size parameter (default `limit`).' },
        page_size: {
          type: 'integer',
          minimum: 1,
          maximum: 1000,
          description: 'Records asked for per page (default 100).',
        },
      },
      default: { type: 'none' },
    },
    streams: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'path', 'primary_key'],
        properties: {
          name: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,62}$' },
          path: {
            type: 'string',
            minLength: 1,
            maxLength: 500,
            pattern: '^/[^?#]*$',
            description: 'Path under base_url (`/v1/employees`).',
          },
          records_path: dotPath,
          primary_key: { type: 'array', minItems: 1, maxItems: 4, items: fieldName },
          incremental_field: {
            ...fieldName,
            description: 'The record field incremental reads follow (an updated-at time).',
          },
          incremental_param: {
            ...queryParam,
            description: 'The query parameter taking the last value read (records at or after it).',
          },
        },
      },
    },
  },
};

const credentialsSpec = {
  type: 'object',
  additionalProperties: false,
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 4096 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    api_key: { type: 'string', minLength: 1, maxLength: 4096 },
    client_secret: { type: 'string', minLength: 1, maxLength: 4096 },
  },
};

function at(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let node = value;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The headers that authenticate a request. For OAuth client credentials the token comes from the (cached) token
 * source, and `refused` drops a token the source answered 401 to, so the next `headers()` gets a fresh one.
 */
interface Authenticator {
  headers(): Promise<Record<string, string>>;
  /** Whether a refused request is worth one more try with fresh credentials. */
  refreshable: boolean;
  refused(sent: Record<string, string>): void;
}

function authenticator(config: RestConfig, credentials: Credentials, env: ConnectorEnvironment): Authenticator {
  const auth = config.auth;
  if (auth.type === 'oauth2_client_credentials') {
    const tokens = clientCredentialsTokenSource(
      {
        token_url: auth.token_url ?? '',
        client_id: auth.client_id ?? '',
        scopes: auth.scopes,
        client_auth: auth.client_auth,
      },
      credentials.client_secret ?? '',
      env,
    );
    return {
      headers: async () => ({ authorization: `Bearer ${await tokens.token()}` }),
      refreshable: true,
      refused: (sent) => tokens.invalidate((sent.authorization ?? '').replace(/^Bearer /, '')),
    };
  }
  let fixed: Record<string, string> = {};
  if (auth.type === 'bearer') fixed = { authorization: `Bearer ${credentials.token ?? ''}` };
  else if (auth.type === 'basic')
    fixed = {
      authorization: `Basic ${Buffer.from(`${auth.username ?? ''}:${credentials.password ?? ''}`).toString('base64')}`,
    };
  else if (auth.type === 'api_key')
    fixed = { [(auth.header_name ?? 'x-api-key').toLowerCase()]: credentials.api_key ?? '' };
  return { headers: async () => fixed, refreshable: false, refused: () => undefined };
}

/**
 * One authenticated GET. Under OAuth a 401 (a token that expired mid-read, or was revoked) drops the token and the
 * request is sent once more with a fresh one; a fresh token refused again means the credentials are wrong.
 */
async function authorizedGet(url: string, auth: Authenticator, env: ConnectorEnvironment) {
  const headers = await auth.headers();
  try {
    return await requestJson(url, { headers }, env);
  } catch (error) {
    if (!(error instanceof HttpStatusError && error.status === 401 && auth.refreshable)) throw error;
    auth.refused(headers);
  }
  return requestJson(url, { headers: await auth.headers() }, env);
}

function streamOf(config: RestConfig, name: string): RestStreamConfig {
  const stream = config.streams.find((s) => s.name === name);
  if (!stream) throw new ConnectorError(`no stream named ${name}`);
  return stream;
}

interface PagePosition {
  cursor?: string;
  page?: number;
  offset?: number;
  /** link_header: the next page's full URL, as the source gave it. */
  url?: string;
  /** The incremental bound the read began with: a resumed read keeps asking for the same set of records. */
  since?: string | null;
}

/** The `rel="next"` target of an RFC 8288 Link header, resolved against the URL that answered. */
export function nextLink(header: string | string[] | undefined, base: string): string | null {
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (!value) return null;
  for (const link of value.split(/,\s*(?=<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/s.exec(link);
    if (!match) continue;
    const params = (match[2] ?? '').split(';').map((p) => p.trim());
    const rel = params.find((p) => /^rel\s*=/i.test(p));
    if (!rel) continue;
    const relations = rel
      .replace(/^rel\s*=\s*/i, '')
      .replace(/^"|"$/g, '')
      .toLowerCase()
      .split(/\s+/);
    if (!relations.includes('next')) continue;
    try {
      return new URL(match[1] ?? '', base).toString();
    } catch {
      throw new ConnectorError('the Link header names a next page that is not a URL');
    }
  }
  return null;
}

async function fetchPage(
  config: RestConfig,
  auth: Authenticator,
  env: ConnectorEnvironment,
  stream: RestStreamConfig,
  position: PagePosition,
  since: string | null,
) {
  const pagination = config.pagination;
  const pageSize = pagination.page_size ?? 100;
  let url: URL;
  if (pagination.type === 'link_header' && position.url !== undefined) {
    // The source's own next URL carries every parameter (page size and incremental bound included).
    url = new URL(position.url);
  } else {
    url = new URL(config.base_url.replace(/\/+$/, '') + stream.path);
    if (pagination.type !== 'none') url.searchParams.set(pagination.page_size_param ?? 'limit', String(pageSize));
    if (pagination.type === 'cursor' && position.cursor !== undefined)
      url.searchParams.set(pagination.cursor_param ?? 'cursor', position.cursor);
    if (pagination.type === 'page') url.searchParams.set(pagination.page_param ?? 'page', String(position.page ?? 1));
    if (pagination.type === 'offset')
      url.searchParams.set(pagination.offset_param ?? 'offset', String(position.offset ?? 0));
    if (since !== null && stream.incremental_param) url.searchParams.set(stream.incremental_param, since);
  }
  const { body, headers } = await authorizedGet(url.toString(), auth, env);
  const records = at(body, stream.records_path);
  if (!Array.isArray(records))
    throw new ConnectorError(`the answer of ${stream.path} has no array at "${stream.records_path ?? ''}"`);
  if (records.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
    throw new ConnectorError(`the answer of ${stream.path} holds records that are not objects`);
  let next: PagePosition | null = null;
  if (pagination.type === 'cursor') {
    const cursor = at(body, pagination.cursor_path ?? 'next_cursor');
    if (typeof cursor === 'string' && cursor !== '') next = { cursor };
    else if (typeof cursor === 'number') next = { cursor: String(cursor) };
  } else if (pagination.type === 'page' && records.length >= pageSize) {
    next = { page: (position.page ?? 1) + 1 };
  } else if (pagination.type === 'offset' && records.length >= pageSize) {
    next = { offset: (position.offset ?? 0) + records.length };
  } else if (pagination.type === 'link_header') {
    const link = nextLink(headers.link, url.toString());
    if (link !== null) {
      // The credentials go wherever the next link points: only to the origin the integration was configured with.
      if (new URL(link).origin !== new URL(config.base_url).origin) {
        throw new ConnectorError(
          `the Link header of ${stream.path} points to another origin (${new URL(link).host}); only ${new URL(config.base_url).host} is followed`,
        );
      }
      if (link === url.toString())
        throw new ConnectorError(`the Link header of ${stream.path} names the same page as next`);
      next = { url: link };
    }
  }
  return { records: records as Array<Record<string, unknown>>, next };
}

export const restConnector: Connector<RestConfig> = {
  type: 'rest',
  title: 'Generic REST/JSON',
  description:
    'Any HTTP API answering JSON: bearer, basic, API-key header or OAuth 2.0 client credentials auth; cursor, page-number, offset or Link-header pagination; incremental by an updated-at field.',
  spec,
  credentialsSpec,

  validate(config, credentials, destinations): FieldError[] {
    const errors: FieldError[] = [];
    const verdict = checkOutboundUrl(config.base_url, destinations);
    if (!verdict.ok) errors.push({ path: '/config/base_url', message: verdict.reason });
    const need = {
      bearer: 'token',
      basic: 'password',
      api_key: 'api_key',
      oauth2_client_credentials: 'client_secret',
      none: undefined,
    }[config.auth.type];
    if (need && !credentials[need])
      errors.push({ path: `/credentials/${need}`, message: `is required for auth type ${config.auth.type}` });
    if (config.auth.type === 'basic' && !config.auth.username)
      errors.push({ path: '/config/auth/username', message: 'is required for auth type basic' });
    if (config.auth.type === 'api_key' && !config.auth.header_name)
      errors.push({ path: '/config/auth/header_name', message: 'is required for auth type api_key' });
    if (config.auth.type === 'oauth2_client_credentials') {
      if (!config.auth.client_id)
        errors.push({ path: '/config/auth/client_id', message: 'is required for auth type oauth2_client_credentials' });
      if (!config.auth.token_url)
        errors.push({ path: '/config/auth/token_url', message: 'is required for auth type oauth2_client_credentials' });
      else {
        const tokenVerdict = checkOutboundUrl(config.auth.token_url, destinations);
        if (!tokenVerdict.ok) errors.push({ path: '/config/auth/token_url', message: tokenVerdict.reason });
      }
    }
    config.streams.forEach((stream, index) => {
      if (config.streams.findIndex((s) => s.name === stream.name) !== index)
        errors.push({ path: `/config/streams/${index}/name`, message: 'must be unique' });
      if (stream.incremental_param && !stream.incremental_field)
        errors.push({
          path: `/config/streams/${index}/incremental_field`,
          message: 'is required with incremental_param',
        });
    });
    return errors;
  },

  async check(config, credentials, env): Promise<CheckResult> {
    try {
      await fetchPage(
        config,
        authenticator(config, credentials, env),
        env,
        config.streams[0] as RestStreamConfig,
        {},
        null,
      );
      return { status: 'succeeded' };
    } catch (error) {
      if (error instanceof ConnectorError) return { status: 'failed', message: error.message };
      throw error;
    }
  },

  async discover(config, credentials, env): Promise<DiscoveredStream[]> {
    const auth = authenticator(config, credentials, env);
    const streams: DiscoveredStream[] = [];
    for (const stream of config.streams) {
      const { records } = await fetchPage(config, auth, env, stream, {}, null);
      streams.push({
        name: stream.name,
        fields: inferFields(records),
        primary_key: stream.primary_key,
        cursor_field: stream.incremental_field ?? null,
        supported_sync_modes: stream.incremental_field && stream.incremental_param ? ['full', 'incremental'] : ['full'],
      });
    }
    return streams;
  },

  async *read(config, credentials, env, request: ReadRequest): AsyncGenerator<RecordPage> {
    const stream = streamOf(config, request.stream);
    const auth = authenticator(config, credentials, env);
    const resumed = request.state?.position as PagePosition | null | undefined;
    let cursor = request.state?.cursor ?? null;
    const since = resumed ? (resumed.since ?? null) : cursor;
    let position: PagePosition = resumed ?? {};
    for (;;) {
      const { records, next } = await fetchPage(config, auth, env, stream, position, since);
      if (stream.incremental_field) {
        for (const record of records) cursor = laterCursor(cursor, record[stream.incremental_field]);
      }
      yield { records, state: { cursor, position: next ? { ...next, since } : null } };
      if (!next) return;
      position = next;
    }
  },
};
