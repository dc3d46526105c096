import { resolvePinnedAddress, type PinnedAddress, type Resolution } from '../../core/pinned-http-request';
import { ConnectorError, type ConnectorEnvironment } from './connector';

export { systemResolveHost } from '../../core/pinned-http-request';

/**
 * The address a connector connects to, checked like a webhook destination (core/pinned-http-request.ts): resolved
 * here, every address must be public unless the host is on the development allow-list (WEBHOOK_ALLOWED_HOSTS), and
 * the caller connects to the returned address, so a DNS answer that changes between check and connect cannot
 * redirect it. For connections that are not HTTP (Postgres); HTTP sources go through sendPinnedRequest.
 */
export async function resolveAllowedAddress(
  host: string,
  env: ConnectorEnvironment,
  signal?: AbortSignal,
): Promise<PinnedAddress> {
  const resolution = await resolvePinnedAddress(host, env, signal);
  if (resolution.kind !== 'resolved') throw destinationError(resolution);
  return resolution.target;
}

/** A refused or unresolved destination as the connector error it is (a temporary resolver failure is retryable). */
export function destinationError(resolution: Exclude<Resolution, { kind: 'resolved' }>): ConnectorError {
  return resolution.kind === 'refused'
    ? new ConnectorError(resolution.reason)
    : new ConnectorError(resolution.message, { retryable: resolution.temporary });
}
