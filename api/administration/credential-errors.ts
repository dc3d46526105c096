// The 401s a refused credential answers, with the challenge RFC 6750 asks for.
import { AppError } from '../../core/app-error';
import type { ErrorCodeWithStatus } from '../../core/errors';

const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api"' };

/** A 401 with the Bearer challenge (also what a dedicated host answers for another tenant's key). */
export function unauthorized(code: ErrorCodeWithStatus<401>, detail: string): AppError {
  return new AppError(code, detail, { headers: BEARER_CHALLENGE });
}

/** RFC 6750 §3: a refused access token names the error in the challenge as well as in our problem+json body. */
export function invalidToken(code: ErrorCodeWithStatus<401>, detail: string): AppError {
  const description = detail.replace(/["\\]/g, '');
  return new AppError(code, detail, {
    headers: { 'WWW-Authenticate': `Bearer realm="api", error="invalid_token", error_description="${description}"` },
  });
}
