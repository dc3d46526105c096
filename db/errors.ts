import { AppError } from '../core/app-error';

/**
 * Turns the Postgres errors a request can legitimately cause into client errors; everything else stays a 500.
 * Constraint names are not exposed: they describe our schema, not the client's request.
 */
export function translateDatabaseError(error: unknown): AppError | undefined {
  // objection wraps driver errors (UniqueViolationError …) and keeps the original as `nativeError`.
  const native = (error as { nativeError?: unknown })?.nativeError ?? error;
  const code = (native as { code?: unknown })?.code;
  if (typeof code !== 'string') return undefined;
  switch (code) {
    case '23505':
      return new AppError(409, 'conflict', 'The resource conflicts with one that already exists.');
    case '23503':
      return new AppError(422, 'invalid_reference', 'The request refers to a resource that does not exist.');
    case '23514':
    case '22P02':
    case '22003':
      return new AppError(422, 'invalid_value', 'A value in the request is outside what the resource allows.');
    case '40001':
    case '40P01':
      return new AppError(409, 'concurrent_update', 'The resource was changed concurrently; retry the request.', { headers: { 'Retry-After': '1' } });
    default:
      return undefined;
  }
}
