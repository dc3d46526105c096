import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError } from '../../core/app-error';
import type { AppState } from '../context';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Reads a JSON body within the size limit; every way a body can be wrong is a specific 4xx. */
export function parseJsonBody(limitFor: (path: string) => number): Middleware<AppState> {
  return async (ctx, next) => {
    if (!METHODS_WITH_BODY.has(ctx.method)) return next();
    const limitBytes = limitFor(ctx.path);
    const length = ctx.request.length;
    const hasBody = ctx.request.headers['transfer-encoding'] !== undefined || (length !== undefined && length > 0);
    if (!hasBody) {
      ctx.state.body = undefined;
      return next();
    }
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new AppError(415, 'unsupported_media_type', 'Send the request body as JSON with "Content-Type: application/json".');
    }
    if (length !== undefined && length > limitBytes) throw tooLarge(limitBytes);
    let text: string;
    try {
      text = await getRawBody(ctx.req, { limit: limitBytes, length, encoding: 'utf8' });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') throw tooLarge(limitBytes);
      throw new AppError(400, 'malformed_body', 'The request body could not be read.');
    }
    try {
      ctx.state.body = JSON.parse(text);
    } catch (error) {
      throw new AppError(400, 'malformed_json', `The request body is not valid JSON: ${(error as Error).message}`);
    }
    await next();
  };
}

function tooLarge(limitBytes: number): AppError {
  return new AppError(413, 'payload_too_large', `The request body exceeds the limit of ${limitBytes} bytes.`, {
    limit_bytes: limitBytes,
  });
}
