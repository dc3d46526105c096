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
import { laterCursor } from './cursor-values';
import { inferFields } from './field-types';
import { requestJson } from './http-json';

/**
 * A Merge-style unified HRIS API (https://docs.merge.dev/hris/employees/): `GET {base_url}/hris/v1/employees`
 * answering `{ next, previous, results }`, paged by the opaque `cursor` the answer's `next` holds, `page_size` at most
 * 100, incremental by `modified_after`. Auth: the API key as a bearer token plus the linked account's token in
 * `X-Account-Token`. `modified_after` is strict, so an incremental read asks from 1 ms before the last `modified_at`
 * to keep the inclusive-cursor contract (rows sharing the last value are read again, never missed).
 */
export interface MergeHrisConfig {
  base_url?: string;
  include_remote_deleted?: boolean;
}

const MAX_PAGE_SIZE = 100;

const spec = {
  type: 'object',
  additionalProperties: false,
  properties: {
    base_url: {
      type: 'string',
      format: 'uri',
      maxLength: 2000,
      description:
        'The API base (default `https://api.merge.dev/api`; `https://api-eu.merge.dev/api` for the EU region).',
    },
    include_remote_deleted: {
      type: 'boolean',
      default: false,
      description: 'Also read employees deleted in the third-party system (`include_deleted_data`).',
    },
  },
};

const credentialsSpec = {
  type: 'object',
  additionalProperties: false,
  required: ['api_key', 'account_token'],
  properties: {
    api_key: { type: 'string', minLength: 1, maxLength: 4096, description: 'The Merge API key (bearer).' },
    account_token: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      description: "The linked account's token (X-Account-Token).",
    },
  },
};

const baseUrlOf = (config: MergeHrisConfig) => (config.base_url ?? 'https://api.merge.dev/api').replace(/\/+$/, '');

/** The instant 1 ms before an RFC 3339 time, or the value unchanged when it is not one. */
function justBefore(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time - 1).toISOString();
}

interface MergePosition {
  cursor: string;
  since: string | null;
}

async function fetchPage(
  config: MergeHrisConfig,
  credentials: Credentials,
  env: ConnectorEnvironment,
  pageSize: number,
  cursor: string | null,
  since: string | null,
) {
  const url = new URL(`${baseUrlOf(config)}/hris/v1/employees`);
  url.searchParams.set('page_size', String(Math.min(MAX_PAGE_SIZE, Math.max(1, pageSize))));
  if (cursor !== null) url.searchParams.set('cursor', cursor);
  if (since !== null) url.searchParams.set('modified_after', justBefore(since));
  if (config.include_remote_deleted) url.searchParams.set('include_deleted_data', 'true');
  const { body } = await requestJson(
    url.toString(),
    {
      headers: {
        authorization: `Bearer ${credentials.api_key ?? ''}`,
        'x-account-token': credentials.account_token ?? '',
      },
    },
    env,
  );
  const answer = (typeof body === 'object' && body !== null ? body : {}) as { next?: unknown; results?: unknown };
  if (
    !Array.isArray(answer.results) ||
    answer.results.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))
  ) {
    throw new ConnectorError('the employees answer has no results array of records');
  }
  const next = typeof answer.next === 'string' && answer.next !== '' ? answer.next : null;
  return { records: answer.results as Array<Record<string, unknown>>, next };
}

export const mergeHrisConnector: Connector<MergeHrisConfig> = {
  type: 'merge_hris',
  title: 'Merge HRIS (unified API)',
  description:
    'Employees from any HRIS linked through a Merge-style unified API: cursor pagination, incremental by modified_at, API key plus account token.',
  spec,
  credentialsSpec,
  streamNames: () => ['employees'],

  validate(config, credentials, destinations): FieldError[] {
    const errors: FieldError[] = [];
    const verdict = checkOutboundUrl(baseUrlOf(config), destinations);
    if (!verdict.ok) errors.push({ path: '/config/base_url', message: verdict.reason });
    if (!credentials.api_key) errors.push({ path: '/credentials/api_key', message: 'is required' });
    if (!credentials.account_token) errors.push({ path: '/credentials/account_token', message: 'is required' });
    return errors;
  },

  async check(config, credentials, env): Promise<CheckResult> {
    try {
      await fetchPage(config, credentials, env, 1, null, null);
      return { status: 'succeeded' };
    } catch (error) {
      if (error instanceof ConnectorError) return { status: 'failed', message: error.message };
      throw error;
    }
  },

  async discover(config, credentials, env): Promise<DiscoveredStream[]> {
    const { records } = await fetchPage(config, credentials, env, MAX_PAGE_SIZE, null, null);
    return [
      {
        name: 'employees',
        fields: inferFields(records),
        primary_key: ['id'],
        cursor_field: 'modified_at',
        supported_sync_modes: ['full', 'incremental'],
      },
    ];
  },

  async *read(config, credentials, env, request: ReadRequest): AsyncGenerator<RecordPage> {
    if (request.stream !== 'employees') throw new ConnectorError(`no stream named ${request.stream}`);
    const resumed = request.state?.position as MergePosition | null | undefined;
    let cursor = request.state?.cursor ?? null;
    const since = resumed ? resumed.since : cursor;
    let pageCursor = resumed?.cursor ?? null;
    for (;;) {
      const { records, next } = await fetchPage(config, credentials, env, request.pageSize, pageCursor, since);
      for (const record of records) cursor = laterCursor(cursor, record.modified_at);
      yield { records, state: { cursor, position: next ? { cursor: next, since } : null } };
      if (!next) return;
      pageCursor = next;
    }
  },
};
