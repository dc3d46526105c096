import pg from 'pg';
import net from 'node:net';
import type { FieldError } from '../../core/app-error';
import { isPublicAddress } from '../../core/outbound-url';
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
import { resolveAllowedAddress } from './network';

/**
 * PostgreSQL as a warehouse source. Each stream is a table or a read-only query, read in keyset order of
 * (cursor column, primary key). Every statement runs in a READ ONLY transaction with a statement timeout, and every
 * value is a bound parameter; the only SQL taken from the configuration is the stream's own query (which the
 * read-only transaction keeps from writing) and identifiers, which are checked against a pattern and quoted.
 */
export interface PostgresStreamConfig {
  name: string;
  table?: string;
  query?: string;
  cursor_column: string;
  primary_key: string[];
  lookback_seconds?: number;
}

export interface PostgresConfig {
  host: string;
  port: number;
  database: string;
  username: string;
  ssl_mode: 'disable' | 'require';
  statement_timeout_ms: number;
  streams: PostgresStreamConfig[];
}

/** Late commits are rarely later than a few minutes: a long transaction that wrote updated_at = now() at its start. */
export const DEFAULT_LOOKBACK_SECONDS = 300;

const identifier = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' };

const spec = {
  type: 'object',
  additionalProperties: false,
  required: ['host', 'database', 'username', 'streams'],
  properties: {
    host: {
      type: 'string',
      minLength: 1,
      maxLength: 253,
      pattern: '^[A-Za-z0-9.:-]+$',
      description: 'Host name or IP address (public, or on the development allow-list).',
    },
    port: { type: 'integer', minimum: 1, maximum: 65535, default: 5432 },
    database: { type: 'string', minLength: 1, maxLength: 63 },
    username: { type: 'string', minLength: 1, maxLength: 63 },
    ssl_mode: {
      enum: ['disable', 'require'],
      default: 'require',
      description: '`require`: TLS with the server certificate verified.',
    },
    statement_timeout_ms: { type: 'integer', minimum: 100, maximum: 600_000, default: 30_000 },
    streams: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'cursor_column', 'primary_key'],
        properties: {
          name: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,62}$' },
          table: {
            type: 'string',
            pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}(\\.[A-Za-z_][A-Za-z0-9_]{0,62})?$',
            description: '`table` or `schema.table`.',
          },
          query: {
            type: 'string',
            minLength: 1,
            maxLength: 20_000,
            description: 'One SELECT; run read-only. Its columns must include cursor_column and primary_key.',
          },
          cursor_column: {
            ...identifier,
            description:
              'A non-null column that grows with every change (updated_at); rows where it is null are not read.',
          },
          primary_key: { type: 'array', minItems: 1, maxItems: 4, uniqueItems: true, items: identifier },
          lookback_seconds: {
            type: 'integer',
            minimum: 0,
            maximum: 604_800,
            default: DEFAULT_LOOKBACK_SECONDS,
            description:
              'Incremental reads of a timestamp cursor start this far before the last value read, so rows committed late with an earlier ' +
              'value are picked up; rows read again are de-duplicated on the primary key (counted unchanged). 0 reads from the last value (inclusive).',
          },
        },
        oneOf: [{ required: ['table'] }, { required: ['query'] }],
      },
    },
  },
};

const credentialsSpec = {
  type: 'object',
  additionalProperties: false,
  required: ['password'],
  properties: { password: { type: 'string', minLength: 1, maxLength: 1024 } },
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function sourceSql(stream: PostgresStreamConfig): string {
  if (stream.table) return `select * from ${stream.table.split('.').map(quote).join('.')}`;
  return stream.query as string;
}

function streamOf(config: PostgresConfig, name: string): PostgresStreamConfig {
  const stream = config.streams.find((s) => s.name === name);
  if (!stream) throw new ConnectorError(`no stream named ${name}`);
  return stream;
}

const TYPE_NAMES: Record<string, FieldType> = {
  int2: 'integer',
  int4: 'integer',
  int8: 'integer',
  numeric: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  date: 'date',
  timestamp: 'date-time',
  timestamptz: 'date-time',
  json: 'object',
  jsonb: 'object',
};

/** A connection to the checked address of the source (the host is resolved and checked again on every connect). */
async function connect(
  config: PostgresConfig,
  credentials: Credentials,
  env: ConnectorEnvironment,
): Promise<pg.Client> {
  const target = await resolveAllowedAddress(config.host, env);
  const client = new pg.Client({
    host: target.address,
    port: config.port,
    database: config.database,
    user: config.username,
    password: credentials.password,
    ssl: config.ssl_mode === 'require' ? { servername: config.host, rejectUnauthorized: true } : false,
    connectionTimeoutMillis: env.timeoutMs,
    application_name: 'decision-modeling-service',
  });
  // A connection error after connect (server gone) must not crash the process: it fails the query instead.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new ConnectorError(
      `could not connect to ${config.host}:${config.port}/${config.database}: ${(error as Error).message}`,
      { retryable: true },
    );
  }
  return client;
}

/** Runs `work` in a read-only transaction with the configured statement timeout, on an open connection. */
async function readOnlyTransaction<T>(
  client: pg.Client,
  config: PostgresConfig,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  try {
    await client.query('begin transaction isolation level repeatable read read only');
    await client.query(`select set_config('statement_timeout', $1, true), set_config('timezone', 'UTC', true)`, [
      String(config.statement_timeout_ms),
    ]);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if (error instanceof ConnectorError) throw error;
    const code = (error as { code?: string }).code;
    // 57014: statement timeout; 08xxx: connection trouble. Other SQL errors are the configuration's (not retryable).
    throw new ConnectorError(`the source query failed: ${(error as Error).message}`, {
      retryable: code === '57014' || code?.startsWith('08') === true,
    });
  }
}

/** One read-only transaction on a connection of its own (checks and discovery). */
async function withReadOnlyTransaction<T>(
  config: PostgresConfig,
  credentials: Credentials,
  env: ConnectorEnvironment,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await connect(config, credentials, env);
  try {
    return await readOnlyTransaction(client, config, work);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Where a new incremental read starts: the last cursor value, moved back by the look-back window when it is a time
 * (`2026-11-05 10:00:00.123+00`, as timestamptz::text writes it under UTC, or ISO 8601). Other cursor types (numbers,
 * text) start at the value itself.
 */
export function lookBack(cursor: string, seconds: number): string {
  if (seconds <= 0) return cursor;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(cursor);
  if (!match) return cursor;
  const zone =
    match[3] === undefined
      ? 'Z'
      : match[3] === 'Z'
        ? 'Z'
        : match[3].length === 3
          ? `${match[3]}:00`
          : match[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const time = Date.parse(`${match[1]}T${match[2]}${zone}`);
  if (Number.isNaN(time)) return cursor;
  return new Date(time - seconds * 1000).toISOString();
}

function plainRecord(row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('__dms_')) continue;
    record[key] =
      value instanceof Date ? value.toISOString() : Buffer.isBuffer(value) ? value.toString('base64') : value;
  }
  return record;
}

/** Orders two cursor values as the source does for times and numbers (both as text from ::text); otherwise as text. */
function compareCursor(a: string, b: string): number {
  const [ta, tb] = [
    Date.parse(a.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')),
    Date.parse(b.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')),
  ];
  if (!Number.isNaN(ta) && !Number.isNaN(tb) && /^\d{4}-/.test(a) && /^\d{4}-/.test(b)) return ta - tb;
  const [na, nb] = [Number(a), Number(b)];
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The keyset condition "(cursor, pk…) > (values…)" written out term by term, so each parameter takes its column's type. */
function after(columns: string[], firstParameter: number): string {
  const terms = columns.map((column, i) => {
    const equalities = columns.slice(0, i).map((c, j) => `source.${quote(c)} = $${firstParameter + j}`);
    return `(${[...equalities, `source.${quote(column)} > $${firstParameter + i}`].join(' and ')})`;
  });
  return `(${terms.join(' or ')})`;
}

export const postgresConnector: Connector<PostgresConfig> = {
  type: 'postgres',
  title: 'PostgreSQL (warehouse)',
  description:
    'A table or read-only query in a PostgreSQL database, read incrementally by a cursor column in keyset order.',
  spec,
  credentialsSpec,

  validate(config, _credentials, destinations): FieldError[] {
    const errors: FieldError[] = [];
    // Host names are checked again after resolution, when connecting.
    const host = config.host.toLowerCase().replace(/\.+$/, '');
    const literalPrivate =
      (net.isIP(host) !== 0 && !isPublicAddress(host)) || host === 'localhost' || host.endsWith('.localhost');
    if (literalPrivate && !destinations.allowedHosts.includes(host)) {
      errors.push({
        path: '/config/host',
        message: 'must not point to a private, loopback, link-local or metadata address',
      });
    }
    config.streams.forEach((stream, index) => {
      if (config.streams.findIndex((s) => s.name === stream.name) !== index)
        errors.push({ path: `/config/streams/${index}/name`, message: 'must be unique' });
      if (stream.primary_key.includes(stream.cursor_column))
        errors.push({ path: `/config/streams/${index}/cursor_column`, message: 'must not be part of primary_key' });
    });
    return errors;
  },

  async check(config, credentials, env): Promise<CheckResult> {
    try {
      await withReadOnlyTransaction(config, credentials, env, async (client) => {
        for (const stream of config.streams)
          await client.query(`select * from (${sourceSql(stream)}) as source limit 1`);
      });
      return { status: 'succeeded' };
    } catch (error) {
      if (error instanceof ConnectorError) return { status: 'failed', message: error.message };
      throw error;
    }
  },

  async discover(config, credentials, env): Promise<DiscoveredStream[]> {
    return withReadOnlyTransaction(config, credentials, env, async (client) => {
      const streams: DiscoveredStream[] = [];
      for (const stream of config.streams) {
        const result = await client.query(`select * from (${sourceSql(stream)}) as source limit 0`);
        const oids = result.fields.map((f) => f.dataTypeID);
        const types = await client.query<{ oid: number; typname: string }>(
          'select oid::int as oid, typname from pg_type where oid = any($1::oid[])',
          [oids],
        );
        const nameOf = new Map(types.rows.map((t) => [t.oid, t.typname]));
        const fields = result.fields.map((f) => ({
          name: f.name,
          type: TYPE_NAMES[nameOf.get(f.dataTypeID) ?? ''] ?? ('string' as FieldType),
        }));
        for (const column of [stream.cursor_column, ...stream.primary_key]) {
          if (!fields.some((f) => f.name === column))
            throw new ConnectorError(`stream ${stream.name} has no column ${column}`);
        }
        streams.push({
          name: stream.name,
          fields,
          primary_key: stream.primary_key,
          cursor_field: stream.cursor_column,
          supported_sync_modes: ['full', 'incremental'],
        });
      }
      return streams;
    });
  },

  async *read(config, credentials, env, request: ReadRequest): AsyncGenerator<RecordPage> {
    const stream = streamOf(config, request.stream);
    const keyColumns = [stream.cursor_column, ...stream.primary_key];
    let cursor = request.state?.cursor ?? null;
    let position = (request.state?.position as string[] | null | undefined) ?? null;
    const quoted = keyColumns.map((c) => `source.${quote(c)}`);
    const selectKeys = quoted.map((column, i) => `${column}::text as "__dms_key_${i}"`).join(', ');
    // One connection for the whole read, one short read-only transaction per page (a snapshot held for a whole
    // sync would hold back the source's vacuum).
    const client = await connect(config, credentials, env);
    try {
      for (;;) {
        const where = [`${quoted[0]} is not null`];
        const parameters: unknown[] = [];
        if (position) {
          // Resuming: strictly after the last row read, in (cursor, primary key) order. The plain range on the cursor
          // column is implied by the keyset terms; it is spelled out so an index on the cursor column serves it.
          where.push(`${quoted[0]} >= $1`, after(keyColumns, 1));
          parameters.push(...position);
        } else if (cursor !== null) {
          // A new incremental read: inclusive and looking back, so rows sharing the last cursor value, or committed
          // late with an earlier one, are read again rather than missed (the dataset de-duplicates on the key).
          where.push(`${quoted[0]} >= $1`);
          parameters.push(lookBack(cursor, stream.lookback_seconds ?? DEFAULT_LOOKBACK_SECONDS));
        }
        parameters.push(request.pageSize);
        const sql =
          `select source.*, ${selectKeys} from (${sourceSql(stream)}) as source where ${where.join(' and ')} ` +
          `order by ${quoted.join(', ')} limit $${parameters.length}`;
        const rows = await readOnlyTransaction(
          client,
          config,
          async (c) => (await c.query(sql, parameters)).rows as Array<Record<string, unknown>>,
        );
        const last = rows[rows.length - 1];
        if (last) {
          position = keyColumns.map((_, i) => last[`__dms_key_${i}`] as string);
          // The watermark only moves forward: a look-back re-read of older rows never sets it back.
          const value = position[0] as string;
          if (cursor === null || compareCursor(value, cursor) > 0) cursor = value;
        }
        const done = rows.length < request.pageSize;
        yield { records: rows.map(plainRecord), state: { cursor, position: done ? null : position } };
        if (done) return;
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  },
};
