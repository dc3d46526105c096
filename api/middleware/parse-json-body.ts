import type { Context, Middleware } from 'koa';
import { malformedBody, malformedJson, payloadTooLarge, unsupportedMediaType } from '../../core/errors';
import getRawBody from 'raw-body';
import { validationFailed } from '../../core/app-error';
import { findBodyStructureErrors, findDuplicateKey, MAX_BODY_DEPTH } from '../body-structure';
import type { AppState } from '../context';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Reads a JSON body within the size limit; every way a body can be wrong is a specific 4xx. Operations that stream
 * their body (uploads) are left to read it themselves.
 */
export function parseJsonBody(
  limitFor: (method: string, path: string) => number,
  streamed: (method: string, path: string) => boolean = () => false,
): Middleware<AppState> {
  return async (ctx, next) => {
    if (!METHODS_WITH_BODY.has(ctx.method)) return next();
    if (streamed(ctx.method, ctx.path)) {
      ctx.state.streamedBody = true;
      return next();
    }
    const limitBytes = limitFor(ctx.method, ctx.path);
    const length = ctx.request.length;
    const hasBody = ctx.request.headers['transfer-encoding'] !== undefined || (length !== undefined && length > 0);
    if (!hasBody) {
      ctx.state.body = undefined;
      return next();
    }
    refuseUnsupportedRepresentation(ctx);
    if (length !== undefined && length > limitBytes) throw tooLarge(limitBytes);
    let bytes: Buffer;
    try {
      bytes = await getRawBody(ctx.req, { limit: limitBytes, length });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') throw tooLarge(limitBytes);
      throw malformedBody();
    }
    const text = decodeUtf8(bytes);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw malformedJson(`The request body is not valid JSON: ${(error as Error).message}`);
    }
    const structureErrors = findBodyStructureErrors(body);
    if (structureErrors.length > 0) {
      throw validationFailed(
        structureErrors,
        `The request body breaks a rule every body follows (no U+0000 characters, at most ${MAX_BODY_DEPTH} levels of nesting); see "errors".`,
      );
    }
    const duplicate = findDuplicateKey(text);
    if (duplicate !== undefined) {
      throw validationFailed(
        [{ path: duplicate, message: 'appears twice in the same object: send each field once' }],
        `The request body names the field "${duplicate}" twice in one object; send each field once.`,
      );
    }
    ctx.state.body = body;
    await next();
  };
}

/**
 * Only plain JSON in UTF-8, unencoded, is accepted. Anything else used to be read as if it were that (a UTF-16 body as
 * UTF-8, a gzip body as text, a JSON Patch document as a plain body), so it is refused up front instead.
 */
function refuseUnsupportedRepresentation(ctx: Context): void {
  const contentType = parseContentType(ctx.get('content-type'));
  if (contentType?.mediaType !== 'application/json') {
    throw unsupportedMediaType('Send the request body as JSON with "Content-Type: application/json".');
  }
  if (contentType.charset !== undefined && contentType.charset.toLowerCase() !== 'utf-8') {
    throw unsupportedMediaType(
      `The charset "${contentType.charset}" is not supported; send the body in UTF-8 (charset=utf-8, or no charset).`,
    );
  }
  const encodings = (ctx.get('content-encoding') || 'identity').split(',').map((coding) => coding.trim().toLowerCase());
  if (encodings.some((coding) => coding !== 'identity')) {
    throw unsupportedMediaType(
      `The Content-Encoding "${ctx.get('content-encoding')}" is not supported; send the body unencoded (no Content-Encoding, or "identity").`,
      // RFC 9110 §15.5.16: a 415 caused by a content coding names the codings that would have been accepted.
      { headers: { 'Accept-Encoding': 'identity' } },
    );
  }
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);
const PARAMETER = new RegExp(`^(${TOKEN})=(${TOKEN}|"(?:[^"\\\\]|\\\\.)*")$`);

/**
 * Content-Type per RFC 9110 §8.3 (media type and parameters, names case-insensitive); undefined when it does not
 * parse, so a malformed header is refused rather than guessed at. Koa's own helpers accept `application/json; charset`
 * as JSON yet report no charset for it.
 */
export function parseContentType(header: string): { mediaType: string; charset?: string } | undefined {
  const [type = '', ...parameters] = header.split(';').map((part) => part.trim());
  if (!MEDIA_TYPE.test(type)) return undefined;
  let charset: string | undefined;
  for (const parameter of parameters) {
    if (parameter === '') continue; // RFC 9110 allows empty parameters ("application/json;")
    const match = PARAMETER.exec(parameter);
    if (!match) return undefined;
    const [, name = '', value = ''] = match;
    if (name.toLowerCase() === 'charset')
      charset = value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
  }
  return { mediaType: type.toLowerCase(), ...(charset !== undefined ? { charset } : {}) };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Strict UTF-8: invalid bytes are a malformed body, not silently replaced by U+FFFD. A leading BOM is dropped. */
function decodeUtf8(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw malformedJson('The request body is not valid UTF-8.');
  }
}

function tooLarge(limitBytes: number) {
  return payloadTooLarge(limitBytes);
}
