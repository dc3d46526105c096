import type http from 'node:http';
import { checkOutboundUrl } from '../../core/outbound-url';
import { sendPinnedRequest } from '../../core/pinned-http-request';
import { ConnectorError, type ConnectorEnvironment } from './connector';
import { destinationError } from './network';

/** The most of a response body read: a source page larger than this is refused, not buffered without end. */
export const RESPONSE_LIMIT_BYTES = 32 * 1024 * 1024;
const MAX_RETRY_AFTER_MS = 60_000;

type Exchange = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** What one request sends: GET by default; a POST carries a body (a JSON document or a form). */
export interface JsonRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** A non-2xx answer other than 429/5xx (which are retried): the status lets a caller react, e.g. refresh a token on 401. */
export class HttpStatusError extends ConnectorError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** One request to an SSRF-checked, DNS-pinned address (core/pinned-http-request.ts), with one deadline and a bounded body. */
async function requestOnce(url: URL, request: JsonRequest, env: ConnectorEnvironment): Promise<Exchange> {
  const outcome = await sendPinnedRequest({
    url,
    method: request.method ?? 'GET',
    headers: { accept: 'application/json', ...request.headers },
    ...(request.body !== undefined ? { body: request.body } : {}),
    timeoutMs: env.timeoutMs,
    maxResponseBytes: RESPONSE_LIMIT_BYTES,
    allowedHosts: env.allowedHosts,
    resolveHost: env.resolveHost,
  });
  switch (outcome.kind) {
    case 'refused':
    case 'unresolved':
      throw destinationError(outcome);
    case 'error':
      throw new ConnectorError(
        outcome.timedOut ? `${url.host} did not answer within ${env.timeoutMs} ms` : `${url.host}: ${outcome.message}`,
        { retryable: true },
      );
    case 'response':
      if (outcome.truncated)
        throw new ConnectorError(`the response from ${url.host} is larger than ${RESPONSE_LIMIT_BYTES} bytes`);
      if (outcome.readError !== undefined)
        throw new ConnectorError(`reading the response from ${url.host} failed: ${outcome.readError}`, {
          retryable: true,
        });
      return { status: outcome.status, headers: outcome.headers, body: outcome.body.toString('utf8') };
  }
}

function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * Sends a request and parses its JSON answer. 429 waits for Retry-After (capped at a minute) and 5xx and connection errors back off
 * exponentially, up to `maxRetries` times; any other non-2xx, or a body that is not JSON, fails at once. Error
 * messages carry the status and URL path, never request headers (which hold credentials).
 */
export async function requestJson(
  rawUrl: string,
  request: JsonRequest,
  env: ConnectorEnvironment,
): Promise<{ body: unknown; headers: http.IncomingHttpHeaders }> {
  const verdict = checkOutboundUrl(rawUrl, { allowedHosts: env.allowedHosts, requireHttps: env.requireHttps });
  if (!verdict.ok) throw new ConnectorError(`destination_not_allowed: the URL ${verdict.reason}`);
  const url = new URL(rawUrl);
  const maxRetries = env.maxRetries ?? 5;
  const sleep = env.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    let exchange: Exchange;
    try {
      exchange = await requestOnce(url, request, env);
    } catch (error) {
      if (error instanceof ConnectorError && error.options.retryable && attempt < maxRetries) {
        await sleep(Math.min(500 * 2 ** attempt, 30_000));
        continue;
      }
      throw error;
    }
    if (exchange.status === 429 || exchange.status >= 500) {
      if (attempt >= maxRetries) {
        throw new ConnectorError(`${url.host}${url.pathname} answered ${exchange.status} ${maxRetries + 1} times`, {
          retryable: true,
        });
      }
      const wait =
        exchange.status === 429 ? (retryAfterMs(exchange.headers['retry-after']) ?? 1000) : 500 * 2 ** attempt;
      await sleep(Math.min(wait, MAX_RETRY_AFTER_MS));
      continue;
    }
    if (exchange.status < 200 || exchange.status >= 300) {
      const hint = exchange.status === 401 || exchange.status === 403 ? ' (check the credentials)' : '';
      throw new HttpStatusError(`${url.host}${url.pathname} answered ${exchange.status}${hint}`, exchange.status);
    }
    try {
      return { body: JSON.parse(exchange.body) as unknown, headers: exchange.headers };
    } catch {
      throw new ConnectorError(`${url.host}${url.pathname} did not answer with JSON`);
    }
  }
}

/** GETs a JSON document (see requestJson). */
export async function getJson(
  rawUrl: string,
  headers: Record<string, string>,
  env: ConnectorEnvironment,
): Promise<unknown> {
  return (await requestJson(rawUrl, { headers }, env)).body;
}
