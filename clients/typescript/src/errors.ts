import type { components } from './generated/schema';

/** The document's error codes (new ones may be added: an unknown code is handled by its HTTP status). */
export type ProblemCode = components['schemas']['ProblemCode'];
export type Problem = components['schemas']['Problem'];
export type FieldError = NonNullable<Problem['errors']>[number];

/**
 * An error answer of the API (RFC 9457 problem details): `status`, `code` to switch on, `errors` naming each invalid
 * field, and `requestId` to quote to support.
 */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  /** The problem's code; `http_error` when the answer was not a problem document (a proxy's page, say). */
  readonly code: ProblemCode | 'http_error';
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly requestId: string | undefined;
  /** The whole problem document, with any member the `Problem` schema adds (`required_scope`, `violated-policies`). */
  readonly problem: Problem;
  /** The response's headers (`Retry-After`, `RateLimit`…). */
  readonly headers: Headers;

  constructor(status: number, problem: Omit<Problem, 'code'> & { code: ProblemCode | 'http_error' }, headers: Headers) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.status = status;
    this.code = problem.code;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
    this.requestId = problem.request_id ?? headers.get('x-request-id') ?? undefined;
    this.problem = problem as Problem;
    this.headers = headers;
  }

  /** A problem from a response that is not problem+json (a proxy's HTML page, say): kept as the status says. */
  static fromResponse(status: number, body: unknown, headers: Headers): ProblemError {
    if (isProblem(body)) return new ProblemError(status, body, headers);
    const text = typeof body === 'string' ? body.slice(0, 200) : (JSON.stringify(body)?.slice(0, 200) ?? '');
    return new ProblemError(
      status,
      {
        type: 'about:blank',
        title: `HTTP ${status}`,
        status,
        detail: text || `HTTP ${status}`,
        code: 'http_error',
        request_id: headers.get('x-request-id') ?? '',
      },
      headers,
    );
  }
}

function isProblem(body: unknown): body is Problem {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Problem).code === 'string' &&
    typeof (body as Problem).status === 'number'
  );
}

/** The wait of `createAndWait` / `waitFor` ended before the work did (the work goes on: wait again, or cancel it). */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
  constructor(
    readonly url: string,
    readonly last: unknown,
    timeoutMs: number,
  ) {
    super(`${url} did not finish within ${timeoutMs} ms`);
  }
}

/** A list's `next_cursor` came back a second time in one walk: following it would fetch the same pages forever. */
export class RepeatedCursorError extends Error {
  override readonly name = 'RepeatedCursorError';
  constructor(
    readonly cursor: string,
    readonly pagesFollowed: number,
  ) {
    super(
      `the API gave next_cursor ${JSON.stringify(cursor)} again after ${pagesFollowed} page(s): stopping instead of fetching the same pages forever`,
    );
  }
}

/**
 * A redirect the client does not follow: off the API's origin (`off_origin`), one whose target the runtime hides (a
 * browser's opaque redirect: `hidden`), or a chain longer than five (`too_many`).
 */
export class RedirectRefusedError extends Error {
  override readonly name = 'RedirectRefusedError';
  constructor(
    readonly from: string,
    readonly location: string | null,
    readonly reason: 'off_origin' | 'hidden' | 'too_many',
  ) {
    super(
      reason === 'hidden'
        ? `${from} answered a redirect whose target the client cannot see: not followed`
        : reason === 'too_many'
          ? `${from} redirected to ${location} after too many redirects: not followed`
          : `${from} redirected to ${location}, off the API's origin: not followed`,
    );
  }
}
