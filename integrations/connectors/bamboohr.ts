import type { FieldError } from '../../core/app-error';
import { checkOutboundUrl } from '../../core/outbound-url';
import {
  ConnectorError,
  type CheckResult,
  type Connector,
  type ConnectorEnvironment,
  type Credentials,
  type DiscoveredStream,
  type FieldType,
  type RecordPage,
  type ReadRequest,
} from './connector';
import { laterCursor } from './cursor-values';
import { HttpStatusError, requestJson } from './http-json';

/**
 * BambooHR, following its published API (https://documentation.bamboohr.com/reference):
 * - base `https://api.bamboohr.com/api/gateway.php/{company_domain}/v1`, HTTP Basic with the API key as user name and
 *   any password ("x");
 * - a full read of the `employees` stream runs one custom report (`POST /reports/custom?format=JSON`, the configured
 *   fields, `onlyCurrent=false` unless only current employees are wanted), which answers every employee at once; it is
 *   handed out in pages, ordered by employee id, and a resumed read runs the report again and skips what was committed;
 * - an incremental read asks `GET /employees/changed/?since=<last lastChanged>` (inclusive) for the ids inserted or
 *   updated since, ordered by (lastChanged, id), then fetches those employees' fields (`GET /employees/{id}/?fields=`)
 *   a page at a time. Deletions are not read incrementally: a full sync marks them.
 * - `check` and `discover` read `GET /meta/fields` (field names and types), which is cheap and needs the key.
 * BambooHR writes an empty date as `0000-00-00`; it is read as null.
 */
export interface BambooHrConfig {
  company_domain: string;
  base_url?: string;
  fields?: string[];
  include_terminated?: boolean;
}

export const BAMBOOHR_DEFAULT_FIELDS = [
  'employeeNumber',
  'firstName',
  'lastName',
  'displayName',
  'workEmail',
  'department',
  'division',
  'jobTitle',
  'location',
  'supervisorEId',
  'employmentHistoryStatus',
  'status',
  'hireDate',
  'terminationDate',
];

/** Employees fetched at once during an incremental read (BambooHR limits request rates per company). */
const EMPLOYEE_FETCH_CONCURRENCY = 4;

const spec = {
  type: 'object',
  additionalProperties: false,
  required: ['company_domain'],
  properties: {
    company_domain: {
      type: 'string',
      pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,62}$',
      description: "The company's BambooHR subdomain (`acme` for acme.bamboohr.com).",
    },
    base_url: {
      type: 'string',
      format: 'uri',
      maxLength: 2000,
      description:
        'Overrides `https://api.bamboohr.com/api/gateway.php/{company_domain}/v1` (a proxy, or an allow-listed development host).',
    },
    fields: {
      type: 'array',
      minItems: 1,
      maxItems: 400,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,100}$' },
      description: `BambooHR field names or ids read for every employee (id and lastChanged always are). Default: ${BAMBOOHR_DEFAULT_FIELDS.join(', ')}.`,
    },
    include_terminated: {
      type: 'boolean',
      default: true,
      description: 'Full reads include former employees (onlyCurrent=false).',
    },
  },
};

const credentialsSpec = {
  type: 'object',
  additionalProperties: false,
  required: ['api_key'],
  properties: {
    api_key: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      description: 'A BambooHR API key (sent as the Basic user name).',
    },
  },
};

const baseUrlOf = (config: BambooHrConfig) =>
  (
    config.base_url ?? `https://api.bamboohr.com/api/gateway.php/${encodeURIComponent(config.company_domain)}/v1`
  ).replace(/\/+$/, '');

const fieldsOf = (config: BambooHrConfig) =>
  [...new Set([...(config.fields ?? BAMBOOHR_DEFAULT_FIELDS), 'lastChanged'])].filter((f) => f !== 'id');

const headersOf = (credentials: Credentials) => ({
  authorization: `Basic ${Buffer.from(`${credentials.api_key ?? ''}:x`).toString('base64')}`,
});

/** BambooHR's empty date becomes null; ids are strings in its answers. */
function normalised(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = value === '0000-00-00' ? null : value;
  if (out.id !== undefined && out.id !== null) out.id = String(out.id);
  return out;
}

const byId = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Number(a.id) - Number(b.id) || String(a.id).localeCompare(String(b.id));

async function customReport(
  config: BambooHrConfig,
  credentials: Credentials,
  env: ConnectorEnvironment,
): Promise<Array<Record<string, unknown>>> {
  const url = new URL(`${baseUrlOf(config)}/reports/custom`);
  url.searchParams.set('format', 'JSON');
  url.searchParams.set('onlyCurrent', config.include_terminated === false ? 'true' : 'false');
  const { body } = await requestJson(
    url.toString(),
    {
      method: 'POST',
      headers: { ...headersOf(credentials), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Decision Modeling Service sync', fields: fieldsOf(config) }),
    },
    env,
  );
  const employees = (body as { employees?: unknown } | null)?.employees;
  if (
    !Array.isArray(employees) ||
    employees.some((e) => typeof e !== 'object' || e === null || (e as { id?: unknown }).id === undefined)
  ) {
    throw new ConnectorError('the BambooHR custom report answered without an employees array of records with ids');
  }
  return (employees as Array<Record<string, unknown>>).map(normalised).sort(byId);
}

interface ChangedEmployee {
  id: string;
  action: string;
  lastChanged: string;
}

async function changedSince(
  config: BambooHrConfig,
  credentials: Credentials,
  env: ConnectorEnvironment,
  since: string,
): Promise<ChangedEmployee[]> {
  const url = new URL(`${baseUrlOf(config)}/employees/changed/`);
  url.searchParams.set('since', since);
  const { body } = await requestJson(url.toString(), { headers: headersOf(credentials) }, env);
  const employees = (body as { employees?: unknown } | null)?.employees;
  // An object keyed by employee id; an empty result may come as an empty array.
  if (typeof employees !== 'object' || employees === null)
    throw new ConnectorError('the BambooHR changed-employees answer has no employees object');
  const changed = Object.values(employees as Record<string, unknown>).map((entry) => {
    const e = entry as Partial<ChangedEmployee> | null;
    if (!e || e.id === undefined || typeof e.lastChanged !== 'string')
      throw new ConnectorError('the BambooHR changed-employees answer holds an entry without id or lastChanged');
    return { id: String(e.id), action: String(e.action ?? ''), lastChanged: e.lastChanged };
  });
  return changed
    .filter((e) => e.action.toLowerCase() !== 'deleted')
    .sort(
      (a, b) =>
        Date.parse(a.lastChanged) - Date.parse(b.lastChanged) ||
        Number(a.id) - Number(b.id) ||
        a.id.localeCompare(b.id),
    );
}

/** One employee's fields, or null when it no longer exists (deleted between the change list and now). */
async function employee(
  config: BambooHrConfig,
  credentials: Credentials,
  env: ConnectorEnvironment,
  changed: ChangedEmployee,
): Promise<Record<string, unknown> | null> {
  const url = new URL(`${baseUrlOf(config)}/employees/${encodeURIComponent(changed.id)}/`);
  url.searchParams.set('fields', fieldsOf(config).join(','));
  try {
    const { body } = await requestJson(url.toString(), { headers: headersOf(credentials) }, env);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new ConnectorError(`BambooHR answered employee ${changed.id} with something other than an object`);
    return normalised({
      ...(body as Record<string, unknown>),
      id: changed.id,
      lastChanged: (body as Record<string, unknown>).lastChanged ?? changed.lastChanged,
    });
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 404) return null;
    throw error;
  }
}

async function fetchEmployees(
  config: BambooHrConfig,
  credentials: Credentials,
  env: ConnectorEnvironment,
  changed: ChangedEmployee[],
) {
  const out: Array<Record<string, unknown> | null> = new Array(changed.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < changed.length) {
      const index = next++;
      out[index] = await employee(config, credentials, env, changed[index] as ChangedEmployee);
    }
  };
  await Promise.all(Array.from({ length: Math.min(EMPLOYEE_FETCH_CONCURRENCY, changed.length) }, worker));
  return out.filter((e): e is Record<string, unknown> => e !== null);
}

const META_TYPES: Record<string, FieldType> = {
  date: 'date',
  int: 'integer',
  integer: 'integer',
  bool: 'boolean',
  checkbox: 'boolean',
  timestamp: 'date-time',
};

async function metaFields(config: BambooHrConfig, credentials: Credentials, env: ConnectorEnvironment) {
  const { body } = await requestJson(`${baseUrlOf(config)}/meta/fields`, { headers: headersOf(credentials) }, env);
  if (!Array.isArray(body)) throw new ConnectorError('the BambooHR field list is not an array');
  return body as Array<{ id?: unknown; name?: unknown; type?: unknown; alias?: unknown }>;
}

/** Where a read stands: the full report's offset, or the incremental change list's `since` and offset. */
type BambooHrPosition = { mode: 'report'; offset: number } | { mode: 'changed'; since: string; offset: number };

export const bambooHrConnector: Connector<BambooHrConfig> = {
  type: 'bamboohr',
  title: 'BambooHR',
  description:
    'BambooHR employees: a custom report for full reads, the changed-since endpoint for incremental reads; API-key Basic auth.',
  spec,
  credentialsSpec,
  streamNames: () => ['employees'],

  validate(config, credentials, destinations): FieldError[] {
    const errors: FieldError[] = [];
    const verdict = checkOutboundUrl(baseUrlOf(config), destinations);
    if (!verdict.ok)
      errors.push({ path: config.base_url ? '/config/base_url' : '/config/company_domain', message: verdict.reason });
    if (!credentials.api_key) errors.push({ path: '/credentials/api_key', message: 'is required' });
    return errors;
  },

  async check(config, credentials, env): Promise<CheckResult> {
    try {
      await metaFields(config, credentials, env);
      return { status: 'succeeded' };
    } catch (error) {
      if (error instanceof ConnectorError) return { status: 'failed', message: error.message };
      throw error;
    }
  },

  async discover(config, credentials, env): Promise<DiscoveredStream[]> {
    const meta = await metaFields(config, credentials, env);
    const typeOf = (name: string): FieldType => {
      const found = meta.find((f) => f.alias === name || String(f.id) === name);
      return (typeof found?.type === 'string' && META_TYPES[found.type]) || 'string';
    };
    return [
      {
        name: 'employees',
        fields: [
          { name: 'id', type: 'string' },
          ...fieldsOf(config).map((name) => ({
            name,
            type: name === 'lastChanged' ? ('date-time' as const) : typeOf(name),
          })),
        ],
        primary_key: ['id'],
        cursor_field: 'lastChanged',
        supported_sync_modes: ['full', 'incremental'],
      },
    ];
  },

  async *read(config, credentials, env, request: ReadRequest): AsyncGenerator<RecordPage> {
    if (request.stream !== 'employees') throw new ConnectorError(`no stream named ${request.stream}`);
    const pageSize = Math.max(1, request.pageSize);
    let cursor = request.state?.cursor ?? null;
    const resumed = request.state?.position as BambooHrPosition | null | undefined;
    const position: BambooHrPosition =
      resumed ?? (cursor === null ? { mode: 'report', offset: 0 } : { mode: 'changed', since: cursor, offset: 0 });

    if (position.mode === 'report') {
      const employees = await customReport(config, credentials, env);
      let offset = position.offset;
      do {
        const records = employees.slice(offset, offset + pageSize);
        offset += records.length;
        for (const record of records) cursor = laterCursor(cursor, record.lastChanged);
        yield { records, state: { cursor, position: offset < employees.length ? { mode: 'report', offset } : null } };
      } while (offset < employees.length);
      return;
    }

    const changed = await changedSince(config, credentials, env, position.since);
    let offset = position.offset;
    do {
      const slice = changed.slice(offset, offset + pageSize);
      const records = await fetchEmployees(config, credentials, env, slice);
      offset += slice.length;
      for (const entry of slice) cursor = laterCursor(cursor, entry.lastChanged);
      yield {
        records,
        state: {
          cursor,
          position: offset < changed.length ? { mode: 'changed', since: position.since, offset } : null,
        },
      };
    } while (offset < changed.length);
  },
};
