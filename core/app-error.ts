/**
 * The one error family thrown below the routes. The error-handler middleware renders it as RFC 9457
 * problem+json; anything that is not an AppError is a bug and is answered with a generic 500.
 */
import type { ErrorCode } from './errors';

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

export class AppError extends Error {
  readonly type: string;
  constructor(
    readonly status: number,
    /** One of the listed codes (core/errors.ts): the compiler refuses an unlisted one. */
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: Record<string, unknown> & { errors?: FieldError[]; headers?: Record<string, string>; type?: string } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.type = extras.type ?? `${PROBLEM_BASE}${code.replace(/_/g, '-')}`;
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
  return new AppError(404, 'resource_not_found', `No ${resource} with id "${id}" exists.`);
}

export function validationFailed(errors: FieldError[], detail = 'The request is not valid.'): AppError {
  return new AppError(422, 'validation_failed', detail, { errors });
}
