import type http from 'node:http';
import { sendPinnedRequest, type ResolveHost } from '../../core/pinned-http-request';

export { systemResolveHost, type ResolveHost } from '../../core/pinned-http-request';

/** The most of a response body that is read; the rest is discarded and the connection closed. */
export const RESPONSE_READ_LIMIT_BYTES = 64 * 1024;
/** The most of it kept in the delivery log. */
export const RESPONSE_EXCERPT_CHARS = 1024;

export type SendResult =
  | { kind: 'response'; status: number; retryAfter: string | undefined; bodyExcerpt: string; latencyMs: number }
  /** Never sent: the destination is not allowed. */
  | { kind: 'refused'; reason: string; latencyMs: number }
  /** Sent (or tried to), but no response: connection error or timeout. */
  | { kind: 'error'; error: string; latencyMs: number };

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowedHosts: string[];
  resolveHost: ResolveHost;
  /** A keep-alive agent shared by one lane pass's requests to its endpoint (see PinnedRequest's `agent`). */
  agent?: http.Agent;
}

/**
 * POSTs one webhook through the SSRF-pinned request (core/pinned-http-request.ts): only to a checked address, no
 * redirects followed (a 3xx is a failed attempt), one deadline, at most RESPONSE_READ_LIMIT_BYTES of the answer read.
 */
export async function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const outcome = await sendPinnedRequest({
    url: new URL(request.url),
    method: 'POST',
    headers: request.headers,
    body: request.body,
    timeoutMs: request.timeoutMs,
    maxResponseBytes: RESPONSE_READ_LIMIT_BYTES,
    allowedHosts: request.allowedHosts,
    resolveHost: request.resolveHost,
    ...(request.agent ? { agent: request.agent } : {}),
  });
  const timedOut = `timed out after ${request.timeoutMs} ms`;
  switch (outcome.kind) {
    case 'refused':
      return { kind: 'refused', reason: outcome.reason, latencyMs: elapsed() };
    case 'unresolved':
      return { kind: 'error', error: outcome.timedOut ? timedOut : outcome.message, latencyMs: elapsed() };
    case 'error':
      return { kind: 'error', error: outcome.timedOut ? timedOut : outcome.message, latencyMs: elapsed() };
    case 'response': {
      const retryAfter = outcome.headers['retry-after'];
      return {
        kind: 'response',
        status: outcome.status,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        bodyExcerpt: outcome.body.toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS),
        latencyMs: elapsed(),
      };
    }
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
