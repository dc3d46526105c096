import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { AppError, TITLES } from '../../core/app-error';
import type { AppState } from '../context';
import { readSessionCookie, type ConsoleSession, type ConsoleSessions } from './session';

/**
 * The console's JSON calls (the model editor's save): made by the console's own browser code with the session cookie
 * and the session's CSRF token in `X-CSRF-Token`, never with an API key. Answers are problem+json, as the API's are.
 */

export const CSRF_HEADER = 'x-csrf-token';
const PROBLEM = 'application/problem+json';

/** A problem+json answer: an AppError as the API's error handler renders it, or a console refusal (no code). */
export function sendProblem(ctx: Context, error: AppError | { status: number; detail: string }): void {
  const state = ctx.state as AppState;
  ctx.status = error.status;
  ctx.type = PROBLEM;
  if (error instanceof AppError) {
    const { errors, headers, type: _type, ...extras } = error.extras;
    for (const [name, value] of Object.entries(headers ?? {})) ctx.set(name, value);
    ctx.body = {
      type: error.type,
      title: TITLES[error.status] ?? 'Error',
      status: error.status,
      detail: error.detail,
      instance: ctx.path,
      code: error.code,
      request_id: state.requestId,
      ...(errors ? { errors } : {}),
      ...extras,
    };
    return;
  }
  ctx.body = {
    type: 'about:blank',
    title: TITLES[error.status] ?? 'Error',
    status: error.status,
    detail: error.detail,
    instance: ctx.path,
    request_id: state.requestId,
  };
}

async function readJson(ctx: Context, limitBytes: number): Promise<{ body: unknown } | AppError> {
  if (!ctx.is('application/json')) return new AppError('unsupported_media_type', 'The body must be application/json.');
  let text: string;
  try {
    text = await getRawBody(ctx.req, { limit: limitBytes, encoding: 'utf8' });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large')
      return new AppError('payload_too_large', `The body exceeds ${limitBytes} bytes.`);
    throw error;
  }
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return new AppError('malformed_json', 'The request body is not valid JSON.');
  }
}

/**
 * A same-origin request, a live session and its CSRF token in the header, then the JSON body; anything else is
 * answered here (403, 401, 415, 413, 400) and undefined returned.
 */
export async function checkedJsonRequest(
  ctx: Context,
  deps: { sessions: ConsoleSessions; publicOrigin: string; limitBytes: number },
): Promise<{ session: ConsoleSession; body: unknown } | undefined> {
  const origin = ctx.get('origin');
  if (origin && origin !== deps.publicOrigin) {
    sendProblem(ctx, { status: 403, detail: 'This request was not sent from the console.' });
    return undefined;
  }
  const session = await deps.sessions.load(readSessionCookie(ctx.get('cookie')));
  if (!session) {
    sendProblem(ctx, new AppError('authentication_required', 'Your console session has ended: sign in again.'));
    return undefined;
  }
  if (!deps.sessions.csrfMatches(session, ctx.get(CSRF_HEADER) || null)) {
    sendProblem(ctx, {
      status: 403,
      detail: `The request did not carry this session's CSRF token (${CSRF_HEADER}): reload the page and try again.`,
    });
    return undefined;
  }
  const read = await readJson(ctx, deps.limitBytes);
  if (read instanceof AppError) {
    sendProblem(ctx, read);
    return undefined;
  }
  return { session, body: read.body };
}
