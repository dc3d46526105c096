import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A real second database on the test Postgres server, standing in for a tenant's warehouse: its own database and a
 * login role that may only read it (both dropped by `drop()`), reachable on the server's address.
 */
export interface SourceDatabase {
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
  /** A superuser connection to the source database, for the test to write rows the connector then reads. */
  admin: pg.Client;
  /** A `postgres` connector's config reading this database as its read-only role (the password goes in credentials). */
  connectorConfig(streams: unknown[], extra?: Record<string, unknown>): Record<string, unknown>;
  drop(): Promise<void>;
}

/**
 * The create-integration body of a `postgres` integration named Warehouse, reading the source's `public.employees`
 * (primary key `id`) incrementally by `updated_at`.
 */
export function employeesWarehouseIntegration(source: SourceDatabase) {
  return {
    name: 'Warehouse',
    connector_type: 'postgres',
    config: source.connectorConfig([
      { name: 'employees', table: 'public.employees', cursor_column: 'updated_at', primary_key: ['id'] },
    ]),
    credentials: { password: source.password },
  };
}

export async function createSourceDatabase(): Promise<SourceDatabase> {
  const url = new URL(process.env.DATABASE_URL as string);
  const suffix = crypto.randomBytes(5).toString('hex');
  const database = `dms_source_${suffix}`;
  const username = `dms_source_reader_${suffix}`;
  const password = crypto.randomBytes(18).toString('base64url');
  const server = new pg.Client({ connectionString: url.toString() });
  await server.connect();
  await server.query(`create database ${database}`);
  await server.query(`create role ${username} login password '${password}'`);
  await server.query(`grant connect on database ${database} to ${username}`);
  url.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`alter default privileges in schema public grant select on tables to ${username}`);
  await admin.query(`grant usage on schema public to ${username}`);
  const host = url.hostname;
  const port = Number(url.port || 5432);
  return {
    host,
    port,
    database,
    username,
    password,
    admin,
    connectorConfig: (streams, extra = {}) => ({
      host,
      port,
      database,
      username,
      ssl_mode: 'disable',
      ...extra,
      streams,
    }),
    async drop() {
      await admin.end();
      await server.query(`drop database if exists ${database} with (force)`);
      await server.query(`drop role if exists ${username}`);
      await server.end();
    },
  };
}
