import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from './outbound-url';

/**
 * The one way the service sends an HTTP request to an address a tenant chose (webhook deliveries, connector sources):
 * the host is resolved here, every address it resolves to is checked (public only, unless the host is on the
 * development allow-list), and the connection goes to the checked address through the request's `lookup`, so a DNS
 * answer that changes between check and connect (rebinding) cannot redirect it. One deadline covers the resolution
 * and the whole exchange; redirects are not followed; at most `maxResponseBytes` of the answer is read.
 */

/** Resolves a host name to its addresses; injectable so tests can make a name resolve to a private address. */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolveHost: ResolveHost = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface PinnedAddress {
  address: string;
  family: number;
}

export interface DestinationRules {
  /** Hosts (normalised: lower case, no brackets, no trailing dot) that may be private: development only. */
  allowedHosts: string[];
  resolveHost: ResolveHost;
}

export type Resolution =
  | { kind: 'resolved'; target: PinnedAddress }
  /** Not allowed: the reason starts with `destination_not_allowed:`. */
  | { kind: 'refused'; reason: string }
  /** No address: `temporary` when trying again later may help (a resolver failure, a timeout, an empty answer). */
  | { kind: 'unresolved'; message: string; temporary: boolean; timedOut: boolean };

/** The host as every check sees it: lower case, IPv6 without brackets, no trailing dot(s). */
function normalised(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
}

/** Resolves `host` and checks every address it names; the caller connects to `target` and nowhere else. */
export async function resolvePinnedAddress(
  host: string,
  rules: DestinationRules,
  signal?: AbortSignal,
): Promise<Resolution> {
  const name = normalised(host);
  const allowListed = rules.allowedHosts.includes(name);
  if (!allowListed && (name === 'localhost' || name.endsWith('.localhost'))) {
    return { kind: 'refused', reason: `destination_not_allowed: ${name} is a loopback name` };
  }
  let addresses: PinnedAddress[];
  if (net.isIP(name) !== 0) addresses = [{ address: name, family: net.isIP(name) }];
  else {
    try {
      addresses = await (signal ? withDeadline(rules.resolveHost(name), signal) : rules.resolveHost(name));
    } catch (error) {
      const timedOut = signal?.aborted ?? false;
      // A temporary resolver failure (or a timeout) is worth retrying; a name that does not exist is not.
      const temporary = timedOut || (error as NodeJS.ErrnoException).code === 'EAI_AGAIN';
      return {
        kind: 'unresolved',
        message: `could not resolve ${name}: ${(error as Error).message}`,
        temporary,
        timedOut,
      };
    }
  }
  if (addresses.length === 0)
    return { kind: 'unresolved', message: `could not resolve ${name}`, temporary: true, timedOut: false };
  if (!allowListed) {
    const forbidden = addresses.find((a) => !isPublicAddress(a.address));
    if (forbidden)
      return {
        kind: 'refused',
        reason: `destination_not_allowed: ${name} resolves to ${forbidden.address}, a non-public address`,
      };
  }
  return { kind: 'resolved', target: addresses[0] as PinnedAddress };
}

export interface PinnedRequest extends DestinationRules {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Sent with its content-length; none for a GET. */
  body?: string;
  /** The deadline of the resolution and the whole exchange together. */
  timeoutMs: number;
  /** The most of the answer read; beyond it the connection is closed and the answer marked `truncated`. */
  maxResponseBytes: number;
  /**
   * A keep-alive agent shared by requests to one endpoint. Safe with the pinned lookup: every socket in it was
   * opened to an address checked here. Without one, each request has a connection of its own.
   */
  agent?: http.Agent;
}

export type PinnedResponse = {
  kind: 'response';
  status: number;
  headers: http.IncomingHttpHeaders;
  /** At most `maxResponseBytes`. */
  body: Buffer;
  /** The answer was longer than `maxResponseBytes`: `body` is its beginning only. */
  truncated: boolean;
  /** The answer broke off while it was read (`body` is what arrived). */
  readError?: string;
};

export type PinnedOutcome =
  | PinnedResponse
  | Exclude<Resolution, { kind: 'resolved' }>
  /** Sent (or tried to), but no answer: a connection error, or the deadline (`timedOut`). */
  | { kind: 'error'; message: string; timedOut: boolean };

/** Sends one request to the checked address of the URL's host (see the module's comment). Never throws. */
export async function sendPinnedRequest(request: PinnedRequest): Promise<PinnedOutcome> {
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const resolution = await resolvePinnedAddress(request.url.hostname, request, deadline);
  if (resolution.kind !== 'resolved') return resolution;
  const target = resolution.target;

  return new Promise<PinnedOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PinnedOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const pinnedLookup = (_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const headers =
      request.body !== undefined
        ? { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }
        : request.headers;
    const client = request.url.protocol === 'https:' ? https : http;
    const req = client.request(
      request.url,
      {
        method: request.method,
        headers,
        lookup: pinnedLookup as unknown as net.LookupFunction,
        signal: deadline,
        agent: request.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let received = 0;
        const answer = (extra: { truncated: boolean; readError?: string }) =>
          finish({
            kind: 'response',
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ...extra,
          });
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received <= request.maxResponseBytes) chunks.push(chunk);
          else {
            answer({ truncated: true });
            res.destroy();
          }
        });
        res.on('end', () => answer({ truncated: false }));
        res.on('error', (error) => answer({ truncated: false, readError: error.message }));
        res.on('aborted', () =>
          answer({ truncated: false, readError: 'the connection closed before the answer was complete' }),
        );
      },
    );
    req.on('error', (error) => finish({ kind: 'error', message: error.message, timedOut: deadline.aborted }));
    req.end(request.body);
  });
}

function withDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new Error('timed out'));
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
