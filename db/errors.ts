import { AppError } from '../core/app-error';
import { concurrentUpdate, conflict, databaseUnavailable, invalidReference, invalidValue } from '../core/errors';

/** Socket-level failures reaching Postgres (refused while it is down, reset when it goes away mid-query). */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs meaning "the server cannot serve you now", not "your request is wrong": class 08 (connection exception),
 * 57P01-57P03 (admin/crash shutdown, cannot connect now: starting up or shutting down), 57014 (statement_timeout),
 * 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300'].includes(code);
}

/**
 * pg reports a dropped or timed-out connection by message only (no code): "Connection terminated unexpectedly",
 * "Connection terminated due to connection timeout", "Query read timeout", "Client has encountered a connection
 * error and is not queryable". knex reports a pool wait past DATABASE_ACQUIRE_TIMEOUT_MS as a KnexTimeoutError.
 */
function isConnectionFailureMessage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'KnexTimeoutError') return true;
  // "timeout expired": pg destroys the socket of a connection not established within DATABASE_CONNECT_TIMEOUT_MS
  // (a hung server accepts the TCP connection and never answers the startup).
  return /Connection terminated|Query read timeout|connection error and is not queryable|timeout exceeded when trying to connect|^timeout expired$/i.test(
    error.message,
  );
}

/** True when Postgres could not be reached or dropped the connection: the request may succeed once it is back. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const native = (error as { nativeError?: unknown })?.nativeError ?? error;
  const code = (native as { code?: unknown })?.code;
  if (typeof code === 'string' && (NETWORK_ERROR_CODES.has(code) || isUnavailableSqlState(code))) return true;
  return isConnectionFailureMessage(native) || isConnectionFailureMessage(error);
}

export { databaseUnavailable };

/**
 * Turns the Postgres errors a request can legitimately cause into client errors, and an unreachable database into
 * 503 `database_unavailable`; everything else stays a 500. Constraint names are not exposed: they describe our
 * schema, not the client's request.
 */
export function translateDatabaseError(error: unknown): AppError | undefined {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  // objection wraps driver errors (UniqueViolationError …) and keeps the original as `nativeError`.
  const native = (error as { nativeError?: unknown })?.nativeError ?? error;
  const code = (native as { code?: unknown })?.code;
  if (typeof code !== 'string') return undefined;
  switch (code) {
    case '23505':
      return conflict();
    case '23503':
      return invalidReference();
    case '23514':
    case '22P02':
    case '22003':
      return invalidValue();
    case '40001':
    case '40P01':
      return concurrentUpdate();
    default:
      return undefined;
  }
}
