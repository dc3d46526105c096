import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// COUNT(*) and bigint columns come back as strings by default; every count we keep fits in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export type { Knex };

/**
 * Bounds on every wait for Postgres, so an outage turns into a prompt error (answered 503) instead of requests
 * hanging until the client gives up. See DATABASE_*_TIMEOUT_MS in core/config.ts.
 */
export interface DatabaseTimeouts {
  /** Opening a new connection (TCP + authentication). */
  connectTimeoutMs: number;
  /** Waiting for a pooled connection, including opening one. */
  acquireTimeoutMs: number;
  /** One statement: Postgres cancels it (statement_timeout); the client gives up a moment later if the server is gone. */
  statementTimeoutMs: number;
  /**
   * The longest the client waits for the answer to one query, whatever the server does (a hung server enforces no
   * statement_timeout). Unset: the statement timeout and a little more.
   */
  queryTimeoutMs?: number;
  /**
   * Postgres ends a session whose transaction has waited this long for its client's next statement
   * (idle_in_transaction_session_timeout). A request that gave up on a query (the client's read timeout) leaves its
   * connection's transaction behind it; this bounds how long its row locks can hold up everyone else. Unset: none.
   */
  idleInTransactionTimeoutMs?: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 3000,
  acquireTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
};

/** The client-side limit is a little longer than the server's, so a live server's own, clearer cancellation wins. */
const CLIENT_QUERY_TIMEOUT_SLACK_MS = 2000;

/**
 * The API's timeouts: a request waits at most DATABASE_ACQUIRE_TIMEOUT_MS for a connection and then at most
 * DATABASE_QUERY_TIMEOUT_MS for any one answer, so a hung Postgres (frozen, or a network that drops packets) is
 * answered 503 `database_unavailable` within their sum. Statements are capped at the same limit: no request runs one
 * longer than it would wait for it. The worker keeps DATABASE_STATEMENT_TIMEOUT_MS for its long statements.
 */
export function apiDatabaseTimeouts(
  timeouts: DatabaseTimeouts & { queryTimeoutMs: number },
  temporalRpcTimeoutMs: number,
): DatabaseTimeouts {
  const statementTimeoutMs =
    timeouts.statementTimeoutMs > 0
      ? Math.min(timeouts.statementTimeoutMs, timeouts.queryTimeoutMs)
      : timeouts.queryTimeoutMs;
  // Longer than any wait inside an API transaction (a query, or a Temporal call bounded by TEMPORAL_RPC_TIMEOUT_MS):
  // only a transaction whose request is gone reaches it.
  return {
    ...timeouts,
    statementTimeoutMs,
    idleInTransactionTimeoutMs: Math.max(statementTimeoutMs, temporalRpcTimeoutMs) + CLIENT_QUERY_TIMEOUT_SLACK_MS,
  };
}

export function createKnex(databaseUrl: string, options: { poolMax?: number; timeouts?: DatabaseTimeouts } = {}): Knex {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  return knexFactory({
    client: 'pg',
    // Passed to each pg.Client as it is: pg applies statement_timeout at connect and enforces the others itself.
    connection: {
      connectionString: databaseUrl,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      ...(timeouts.statementTimeoutMs > 0 ? { statement_timeout: timeouts.statementTimeoutMs } : {}),
      ...(timeouts.idleInTransactionTimeoutMs
        ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs }
        : {}),
      ...(timeouts.queryTimeoutMs !== undefined || timeouts.statementTimeoutMs > 0
        ? { query_timeout: timeouts.queryTimeoutMs ?? timeouts.statementTimeoutMs + CLIENT_QUERY_TIMEOUT_SLACK_MS }
        : {}),
    } as Knex.PgConnectionConfig,
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: timeouts.acquireTimeoutMs,
    // Objection/knex stay quiet; the app logs through pino with request ids.
    log: { warn: () => undefined, deprecate: () => undefined, debug: () => undefined, error: () => undefined },
  });
}

/** One round trip to Postgres (readiness checks): resolves when the database answers. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('select 1');
}
