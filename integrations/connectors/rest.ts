import type { FieldError } from '../../core/app-error';
import { checkWebhookUrl } from '../../core/network-address';
import { ConnectorError, type CheckResult, type Connector, type ConnectorEnvironment, type Credentials, type DiscoveredStream, type RecordPage, type ReadRequest } from './connector';
import { inferFields } from './field-types';
import { getJson } from './http-json';

/**
 * A generic REST/JSON source: each stream is a GET endpoint under `base_url` whose answer holds an array of records
 * (at `records_path`), paged by a cursor the answer carries or by page number. Incremental reads pass the last
 * cursor value back as a query parameter (inclusive: the source answers records at or after it).
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
  auth: { type: 'none' | 'bearer' | 'basic' | 'api_key'; username?: string; header_name?: string };
  pagination: { type: 'none' | 'cursor' | 'page'; cursor_path?: string; cursor_param?: string; page_param?: string; page_size_param?: string; page_size?: number };
  streams: RestStreamConfig[];
}

const fieldName = { type: 'string', minLength: 1, maxLength: 200 };
const dotPath = { type: 'string', maxLength: 200, pattern: '^$|^[^.]+(\\.[^.]+)*$', description: 'Dot-separated path into the JSON answer (`data.items`); empty for the top level.' };
const queryParam = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-\\[\\]]+$' };

const spec = {
  type: 'object',
  additionalProperties: false,
  required: ['base_url', 'streams'],
  properties: {
    base_url: { type: 'string', format: 'uri', maxLength: 2000, description: 'https (http only for allow-listed development hosts outside production).' },
    auth: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { enum: ['none', 'bearer', 'basic', 'api_key'], description: '`bearer` sends credentials.token; `basic` username + credentials.password; `api_key` credentials.api_key in `header_name`.' },
        username: { type: 'string', minLength: 1, maxLength: 200 },
        header_name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' },
      },
      default: { type: 'none' },
    },
    pagination: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { enum: ['none', 'cursor', 'page'] },
        cursor_path: { ...dotPath, description: 'cursor: where the answer holds the next cursor (null or absent on the last page).' },
        cursor_param: { ...queryParam, description: 'cursor: the query parameter that takes it (default `cursor`).' },
        page_param: { ...queryParam, description: 'page: the page-number parameter, from 1 (default `page`).' },
        page_size_param: { ...queryParam, description: 'The page-size parameter (default `limit`).' },
        page_size: { type: 'integer', minimum: 1, maximum: 1000, description: 'Records asked for per page (default 100).' },
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
          path: { type: 'string', minLength: 1, maxLength: 500, pattern: '^/[^?#]*$', description: 'Path under base_url (`/v1/employees`).' },
          records_path: dotPath,
          primary_key: { type: 'array', minItems: 1, maxItems: 4, items: fieldName },
          incremental_field: { ...fieldName, description: 'The record field incremental reads follow (an updated-at time).' },
          incremental_param: { ...queryParam, description: 'The query parameter taking the last value read (records at or after it).' },
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

function authHeaders(config: RestConfig, credentials: Credentials): Record<string, string> {
  switch (config.auth.type) {
    case 'bearer':
      return { authorization: `Bearer ${credentials.token ?? ''}` };
    case 'basic':
      return { authorization: `Basic ${Buffer.from(`${config.auth.username ?? ''}:${credentials.password ?? ''}`).toString('base64')}` };
    case 'api_key':
      return { [(config.auth.header_name ?? 'x-api-key').toLowerCase()]: credentials.api_key ?? '' };
    default:
      return {};
  }
}

function streamOf(config: RestConfig, name: string): RestStreamConfig {
  const stream = config.streams.find((s) => s.name === name);
  if (!stream) throw new ConnectorError(`no stream named ${name}`);
  return stream;
}

interface PagePosition {
  cursor?: string;
  page?: number;
  /** The incremental bound the read began with: a resumed read keeps asking for the same set of records. */
  since?: string | null;
}

async function fetchPage(config: RestConfig, credentials: Credentials, env: ConnectorEnvironment, stream: RestStreamConfig, position: PagePosition, since: string | null) {
  const url = new URL(config.base_url.replace(/\/+$/, '') + stream.path);
  const pagination = config.pagination;
  const pageSize = pagination.page_size ?? 100;
  if (pagination.type !== 'none') url.searchParams.set(pagination.page_size_param ?? 'limit', String(pageSize));
  if (pagination.type === 'cursor' && position.cursor !== undefined) url.searchParams.set(pagination.cursor_param ?? 'cursor', position.cursor);
  if (pagination.type === 'page') url.searchParams.set(pagination.page_param ?? 'page', String(position.page ?? 1));
  if (since !== null && stream.incremental_param) url.searchParams.set(stream.incremental_param, since);
  const body = await getJson(url.toString(), authHeaders(config, credentials), env);
  const records = at(body, stream.records_path);
  if (!Array.isArray(records)) throw new ConnectorError(`the answer of ${stream.path} has no array at "${stream.records_path ?? ''}"`);
  if (records.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) throw new ConnectorError(`the answer of ${stream.path} holds records that are not objects`);
  let next: PagePosition | null = null;
  if (pagination.type === 'cursor') {
    const cursor = at(body, pagination.cursor_path ?? 'next_cursor');
    if (typeof cursor === 'string' && cursor !== '') next = { cursor };
    else if (typeof cursor === 'number') next = { cursor: String(cursor) };
  } else if (pagination.type === 'page' && records.length >= pageSize) {
    next = { page: (position.page ?? 1) + 1 };
  }
  return { records: records as Array<Record<string, unknown>>, next };
}

export const restConnector: Connector<RestConfig> = {
  type: 'rest',
  title: 'Generic REST/JSON',
  description: 'Any HTTP API answering JSON: bearer, basic or API-key header auth; cursor or page-number pagination; incremental by an updated-at field.',
  spec,
  credentialsSpec,

  validate(config, credentials, destinations): FieldError[] {
    const errors: FieldError[] = [];
    const verdict = checkWebhookUrl(config.base_url, destinations);
    if (!verdict.ok) errors.push({ path: '/config/base_url', message: verdict.reason });
    const need = { bearer: 'token', basic: 'password', api_key: 'api_key', none: undefined }[config.auth.type];
    if (need && !credentials[need]) errors.push({ path: `/credentials/${need}`, message: `is required for auth type ${config.auth.type}` });
    if (config.auth.type === 'basic' && !config.auth.username) errors.push({ path: '/config/auth/username', message: 'is required for auth type basic' });
    if (config.auth.type === 'api_key' && !config.auth.header_name) errors.push({ path: '/config/auth/header_name', message: 'is required for auth type api_key' });
    config.streams.forEach((stream, index) => {
      if (config.streams.findIndex((s) => s.name === stream.name) !== index) errors.push({ path: `/config/streams/${index}/name`, message: 'must be unique' });
      if (stream.incremental_param && !stream.incremental_field) errors.push({ path: `/config/streams/${index}/incremental_field`, message: 'is required with incremental_param' });
    });
    return errors;
  },

  async check(config, credentials, env): Promise<CheckResult> {
    try {
      await fetchPage(config, credentials, env, config.streams[0] as RestStreamConfig, {}, null);
      return { status: 'succeeded' };
    } catch (error) {
      if (error instanceof ConnectorError) return { status: 'failed', message: error.message };
      throw error;
    }
  },

  async discover(config, credentials, env): Promise<DiscoveredStream[]> {
    const streams: DiscoveredStream[] = [];
    for (const stream of config.streams) {
      const { records } = await fetchPage(config, credentials, env, stream, {}, null);
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
    const resumed = request.state?.position as PagePosition | null | undefined;
    let cursor = request.state?.cursor ?? null;
    const since = resumed ? (resumed.since ?? null) : cursor;
    let position: PagePosition = resumed ?? {};
    for (;;) {
      const { records, next } = await fetchPage(config, credentials, env, stream, position, since);
      if (stream.incremental_field) {
        for (const record of records) {
          const value = record[stream.incremental_field];
          if ((typeof value === 'string' || typeof value === 'number') && (cursor === null || String(value) > cursor)) cursor = String(value);
        }
      }
      yield { records, state: { cursor, position: next ? { ...next, since } : null } };
      if (!next) return;
      position = next;
    }
  },
};
