import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress, normalisedHost } from '../core/network-address';

/** Resolves a host name to its addresses; injectable so tests can make a name resolve to a private address. */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolveHost: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

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
  /**
   * A keep-alive agent shared by one lane pass's requests to its endpoint. Safe with the pinned lookup: every socket
   * in it was opened to an address this function checked. Without one, each request has a connection of its own.
   */
  agent?: http.Agent;
}

/**
 * POSTs one webhook. The host name is resolved here, every address is checked, and the connection goes to the
 * checked address (through the request's `lookup`), so a DNS answer that changes between check and connect
 * (rebinding) cannot redirect it. Redirects are not followed (a 3xx is a failed attempt), the whole exchange has one
 * deadline, and at most RESPONSE_READ_LIMIT_BYTES of the answer is read.
 */
export async function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const host = normalisedHost(url);
  const allowListed = request.allowedHosts.includes(host);
  let target: { address: string; family: number };
  const deadline = AbortSignal.timeout(request.timeoutMs);
  try {
    const addresses = net.isIP(host) !== 0 ? [{ address: host, family: net.isIP(host) }] : await withDeadline(request.resolveHost(host), deadline);
    if (addresses.length === 0) return { kind: 'error', error: `could not resolve ${host}`, latencyMs: elapsed() };
    if (!allowListed) {
      const forbidden = addresses.find((a) => !isPublicAddress(a.address));
      if (forbidden) {
        return { kind: 'refused', reason: `destination_not_allowed: ${host} resolves to ${forbidden.address}, a non-public address`, latencyMs: elapsed() };
      }
    }
    target = addresses[0] as { address: string; family: number };
  } catch (error) {
    return { kind: 'error', error: deadline.aborted ? `timed out after ${request.timeoutMs} ms` : `could not resolve ${host}: ${(error as Error).message}`, latencyMs: elapsed() };
  }

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const pinnedLookup = (_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinnedLookup as unknown as net.LookupFunction,
        signal: deadline,
        agent: request.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let received = 0;
        const done = () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const retryAfter = res.headers['retry-after'];
          finish({
            kind: 'response',
            status: res.statusCode ?? 0,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
            bodyExcerpt: body.slice(0, RESPONSE_EXCERPT_CHARS),
            latencyMs: elapsed(),
          });
        };
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received <= RESPONSE_READ_LIMIT_BYTES) chunks.push(chunk);
          else {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
        res.on('aborted', done);
      },
    );
    req.on('error', (error) => {
      finish({ kind: 'error', error: deadline.aborted ? `timed out after ${request.timeoutMs} ms` : error.message, latencyMs: elapsed() });
    });
    req.end(request.body);
  });
}

function withDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('timed out'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
