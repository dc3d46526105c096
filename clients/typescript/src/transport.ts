/**
 * Sends an operation: builds the request from the operation table (through openapi-fetch), authenticates it, gives
 * every write an `Idempotency-Key` (so a retry can never do the work twice), retries network failures, 429 and 503
 * (honouring `Retry-After` and the `RateLimit` header) with backoff, follows redirects only on the API's origin, and
 * turns error answers into `ProblemError`s.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { Authenticator } from './auth';
import { ProblemError, RedirectRefusedError } from './errors';
import { EventStream, type StreamOptions } from './events';
import { OPERATIONS, type OperationId, type OperationSpec } from './generated/operations';
import type { paths } from './generated/schema';
import { PagePromise } from './pagination';

export interface TransportOptions {
  /** The API's base URL, e.g. `https://api.example.com` (the paths carry `/api/v1`). */
  baseUrl: string;
  /** How to authenticate: `apiKey(…)`, `clientCredentials(…)`, `userToken(…)`, or an API key as a string. */
  auth?: Authenticator | string | undefined;
  /** Retries after the first attempt, for network failures, 429 and 503 (default 3; 0 turns retrying off). */
  maxRetries?: number;
  /** The first backoff delay; each next one doubles, with jitter (default 500 ms). */
  retryBaseDelayMs?: number;
  /** The longest wait before a retry; a `Retry-After` beyond it is not waited for (default 30 s). */
  maxRetryDelayMs?: number;
  /** A time limit for each attempt (default none). */
  timeoutMs?: number;
  /** A fetch of your own (a proxy agent, a test double); defaults to the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Added to the User-Agent (a name and version of your application). */
  userAgent?: string;
}

export interface RequestOptions {
  /** Your own key for this write; one is generated for every POST, PUT, PATCH and DELETE otherwise. */
  idempotencyKey?: string;
  /** Extra headers (`X-Request-Id`, say). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

export interface Exchange<T> {
  data: T;
  response: Response;
}

interface SendSettings {
  authenticated?: boolean;
  maxRetries?: number | undefined;
  timeoutMs?: number | undefined;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
const USER_AGENT = 'decision-modeling-client/1.0.0';

export class Transport {
  readonly baseUrl: string;
  /** The typed low-level client (openapi-fetch) sharing this transport: `raw.GET('/api/v1/scenarios/{id}', …)`. */
  readonly raw: Client<paths>;
  private readonly auth: Authenticator | undefined;
  private readonly fetchImpl: (request: Request) => Promise<Response>;

  constructor(private readonly options: TransportOptions) {
    if (!options.baseUrl) throw new TypeError('baseUrl is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.auth =
      typeof options.auth === 'string'
        ? { authorization: async () => `Bearer ${options.auth as string}` }
        : options.auth;
    this.fetchImpl = options.fetch ?? ((request) => globalThis.fetch(request));
    this.raw = createFetchClient<paths>({ baseUrl: this.baseUrl, fetch: (request) => this.send(request) });
  }

  /** Sends an operation by id and gives its body; throws `ProblemError` for an error answer. */
  async call<T>(
    operationId: OperationId,
    pathValues: string[],
    input: unknown,
    options?: RequestOptions & { query?: unknown },
  ): Promise<T> {
    return (await this.exchange<T>(operationId, pathValues, input, options)).data;
  }

  /** As `call`, with the response (its status and headers: `Location`, `RateLimit`…). */
  async exchange<T>(
    operationId: OperationId,
    pathValues: string[],
    input: unknown,
    options: (RequestOptions & { query?: unknown }) | undefined,
  ): Promise<Exchange<T>> {
    const spec: OperationSpec = OPERATIONS[operationId];
    const pathParams = Object.fromEntries(
      spec.pathParameters.map((name, index) => {
        const value = pathValues[index];
        if (typeof value !== 'string' || value === '')
          throw new TypeError(`${operationId}: the path parameter ${name} is missing`);
        return [name, value];
      }),
    );
    const query = spec.input === 'query' ? input : options?.query;
    const headers: Record<string, string> = { ...options?.headers };
    if (options?.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (spec.bodyMediaType) headers['content-type'] = spec.bodyMediaType;
    const body = spec.input === 'body' ? input : undefined;
    const init = {
      params: { path: pathParams, ...(query ? { query } : {}) },
      ...(body !== undefined ? { body } : {}),
      ...(spec.bodyMediaType && !spec.bodyMediaType.endsWith('json')
        ? { bodySerializer: (value: unknown) => value }
        : {}),
      headers,
      parseAs: spec.response === 'json' ? 'json' : spec.response === 'text' ? 'text' : 'stream',
      ...(options?.signal ? { signal: options.signal } : {}),
      fetch: (request: Request) =>
        this.send(request, {
          authenticated: spec.authenticated,
          maxRetries: options?.maxRetries,
          timeoutMs: options?.timeoutMs,
        }),
    };
    const result = (await this.raw.request(spec.method as never, spec.path as never, init as never)) as {
      data?: unknown;
      error?: unknown;
      response: Response;
    };
    if (!result.response.ok)
      throw ProblemError.fromResponse(result.response.status, result.error, result.response.headers);
    if (spec.response === 'none') await result.response.body?.cancel();
    return { data: (spec.response === 'none' ? undefined : result.data) as T, response: result.response };
  }

  /** A paginated operation: the first page when awaited, every item when iterated. */
  page<Page extends { data: ReadonlyArray<unknown>; next_cursor?: string | null }, Item>(
    operationId: OperationId,
    pathValues: string[],
    query: unknown,
    options?: RequestOptions,
  ): PagePromise<Page, Item> {
    return new PagePromise<Page, Item>((cursor) =>
      this.call<Page>(
        operationId,
        pathValues,
        { ...(query as object | undefined), ...(cursor ? { cursor } : {}) },
        options,
      ),
    );
  }

  /** An operation that answers Server-Sent Events: an async iterable of its events, reconnecting after a drop. */
  stream(operationId: OperationId, pathValues: string[], query: unknown, options: StreamOptions = {}): EventStream {
    const { lastEventId: _lastEventId, reconnect: _reconnect, signal: _signal, ...request } = options;
    return new EventStream(async (lastEventId, signal) => {
      const headers: Record<string, string> = { ...request.headers, accept: 'text/event-stream' };
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      // No time limit: a stream is meant to stay open.
      const opened = await this.exchange<unknown>(operationId, pathValues, query, {
        ...request,
        headers,
        signal,
        timeoutMs: 0,
      });
      return opened.response;
    }, options);
  }

  /**
   * GETs a URL the API gave (a `Location`), relative to the base URL or absolute on it. With `preferWaitSeconds`, asks
   * the API to hold the answer until the work changes (`Prefer: wait=N`, a long-poll), with a time limit that leaves it room.
   */
  async getUrl<T>(url: string, signal?: AbortSignal, preferWaitSeconds?: number): Promise<Exchange<T>> {
    const target = new URL(url, `${this.baseUrl}/`);
    if (target.origin !== new URL(this.baseUrl).origin)
      throw new Error(`refusing to follow ${url} off the API's origin`);
    const headers: Record<string, string> = { accept: 'application/json' };
    const settings: SendSettings = {};
    if (preferWaitSeconds !== undefined && preferWaitSeconds > 0) {
      headers.prefer = `wait=${preferWaitSeconds}`;
      const timeoutMs = this.options.timeoutMs ?? 0;
      if (timeoutMs > 0) settings.timeoutMs = Math.max(timeoutMs, (preferWaitSeconds + 15) * 1000);
    }
    const response = await this.send(
      new Request(target, { method: 'GET', headers, ...(signal ? { signal } : {}) }),
      settings,
    );
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw ProblemError.fromResponse(response.status, body, response.headers);
    return { data: body as T, response };
  }

  /** One request with authentication, an idempotency key for writes, and retries. */
  async send(request: Request, settings: SendSettings = {}): Promise<Response> {
    const headers = new Headers(request.headers);
    const maxRetries = settings.maxRetries ?? this.options.maxRetries ?? 3;
    const timeoutMs = settings.timeoutMs ?? this.options.timeoutMs ?? 0;
    const authenticated = settings.authenticated ?? true;
    if (WRITES.has(request.method) && !headers.has('idempotency-key'))
      headers.set('idempotency-key', crypto.randomUUID());
    headers.set('user-agent', this.options.userAgent ? `${this.options.userAgent} ${USER_AGENT}` : USER_AGENT);
    // Read once, so each attempt can send it again.
    let body = request.body ? await request.arrayBuffer() : undefined;
    let url = request.url;
    let method = request.method;
    let redirects = 0;
    let refreshed = false;
    for (let attempt = 0; ; attempt += 1) {
      const signal = timeoutMs > 0 ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) : request.signal;
      if (authenticated && this.auth) {
        headers.set(
          'authorization',
          await this.auth.authorization({ baseUrl: this.baseUrl, fetch: this.fetchImpl, signal }),
        );
      }
      let response: Response;
      try {
        // Redirects are followed here, not by fetch, so that one off the API's origin is never requested.
        response = await this.fetchImpl(
          new Request(url, { method, headers, ...(body ? { body } : {}), signal, redirect: 'manual' }),
        );
      } catch (error) {
        if (request.signal.aborted || attempt >= maxRetries) throw error;
        await sleep(this.backoff(attempt), request.signal);
        continue;
      }
      const target = this.redirectTarget(url, response);
      if (target !== undefined) {
        await response.body?.cancel();
        redirects += 1;
        if (redirects > MAX_REDIRECTS) throw new RedirectRefusedError(url, target, 'too_many');
        // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers.delete('content-type');
        }
        url = target;
        attempt -= 1;
        continue;
      }
      if (response.status === 401 && authenticated && this.auth?.unauthorized && !refreshed) {
        refreshed = true;
        if (await this.auth.unauthorized({ baseUrl: this.baseUrl, fetch: this.fetchImpl, signal })) {
          await response.body?.cancel();
          attempt -= 1;
          continue;
        }
      }
      if (attempt >= maxRetries || !(await retryable(response))) return response;
      const delay = retryAfterMs(response) ?? this.backoff(attempt);
      if (delay > (this.options.maxRetryDelayMs ?? 30_000)) return response;
      await response.body?.cancel();
      await sleep(delay, request.signal);
    }
  }

  /**
   * Where a redirect answer sends the request next, when it stays on the API's origin; undefined for an answer that is
   * not a redirect. A redirect off the origin (a `Location` elsewhere, or a fetch of one's own that followed one anyway)
   * throws `RedirectRefusedError`, as does one the runtime hides the target of (a browser's opaque redirect).
   */
  private redirectTarget(from: string, response: Response): string | undefined {
    const origin = new URL(this.baseUrl).origin;
    if (response.type === 'opaqueredirect') throw new RedirectRefusedError(from, null, 'hidden');
    if (response.redirected && response.url && new URL(response.url).origin !== origin)
      throw new RedirectRefusedError(from, response.url, 'off_origin');
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return undefined;
    const target = new URL(location, from);
    if (target.origin !== origin) throw new RedirectRefusedError(from, target.href, 'off_origin');
    return target.href;
  }

  private backoff(attempt: number): number {
    const base = this.options.retryBaseDelayMs ?? 500;
    const ceiling = Math.min(this.options.maxRetryDelayMs ?? 30_000, base * 2 ** attempt);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }
}

/** 429, 503, and a repeat of a write whose first request is still running (409 idempotency_request_in_progress). */
async function retryable(response: Response): Promise<boolean> {
  if (response.status === 429 || response.status === 503) return true;
  if (response.status !== 409) return false;
  const problem = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: string } | undefined;
  return problem?.code === 'idempotency_request_in_progress';
}

/** `Retry-After` (seconds or a date), else the `RateLimit` header's longest reset among exhausted policies. */
export function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header) {
    if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const rateLimit = response.headers.get('ratelimit');
  if (rateLimit) {
    const resets = rateLimit
      .split(',')
      .map((item) => ({ remaining: /;\s*r=(\d+)/.exec(item)?.[1], reset: /;\s*t=(\d+)/.exec(item)?.[1] }))
      .filter((item) => item.remaining === '0' && item.reset !== undefined)
      .map((item) => Number(item.reset) * 1000);
    if (resets.length > 0) return Math.max(...resets);
  }
  return undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
