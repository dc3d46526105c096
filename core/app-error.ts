/**
 * The one error family thrown below the routes. The error-handler middleware renders it as RFC 9457
 * problem+json; anything that is not an AppError is a bug and is answered with a generic 500.
 */
import { ERROR_CODES, type ErrorCode } from './error-codes';

export interface FieldError {
  /** JSON Pointer into the request (body fields as /field, query as /query/name, path as /path/name). */
  path: string;
  message: string;
}

/** Extends a JSON Pointer by one field name or index, escaping `~` and `/` as RFC 6901 requires. */
export function pointerTo(parent: string, key: string | number): string {
  return `${parent}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

export const PROBLEM_BASE = 'https://docs.decision-modeling.dev/problems/';

/** The stable URI of a code's problem type (`api_key_revoked` → …/problems/api-key-revoked). */
export const problemTypeOf = (code: ErrorCode) => `${PROBLEM_BASE}${code.replace(/_/g, '-')}`;

/**
 * The status is not an argument: it is the one listed for the code in ERROR_CODES (core/error-codes.ts), so a code answers
 * with one status wherever it is thrown. A different status is a different code, added to the list.
 */
export class AppError extends Error {
  readonly type: string;
  readonly status: number;
  constructor(
    /** One of the listed codes (core/error-codes.ts): the compiler refuses an unlisted one. */
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: Record<string, unknown> & {
      errors?: FieldError[];
      headers?: Record<string, string>;
      type?: string;
    } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    // The compiler refuses an unlisted code; this refuses one that reaches here untyped (e.g. a status passed first).
    if (!Object.hasOwn(ERROR_CODES, code))
      throw new TypeError(`AppError: "${String(code)}" is not a code listed in core/error-codes.ts`);
    this.status = ERROR_CODES[code].status;
    this.type = extras.type ?? problemTypeOf(code);
  }
}

export const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export function notFound(resource: string, id: string): AppError {
  return new AppError('resource_not_found', `No ${resource} with id "${id}" exists.`);
}

export function validationFailed(errors: FieldError[], detail = 'The request is not valid.'): AppError {
  return new AppError('validation_failed', detail, { errors });
}
