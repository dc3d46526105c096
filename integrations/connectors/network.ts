import dns from 'node:dns';
import net from 'node:net';
import { isPublicAddress } from '../../core/network-address';
import { ConnectorError, type ConnectorEnvironment, type ResolveHost } from './connector';

export const systemResolveHost: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The address a connector connects to, checked like a webhook destination: resolved here, every address must be
 * public unless the host is on the development allow-list (WEBHOOK_ALLOWED_HOSTS), and the caller connects to the
 * returned address, so a DNS answer that changes between check and connect cannot redirect it.
 */
export async function resolveAllowedAddress(host: string, env: ConnectorEnvironment): Promise<{ address: string; family: number }> {
  const normalised = host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  const allowListed = env.allowedHosts.includes(normalised);
  if (!allowListed && (normalised === 'localhost' || normalised.endsWith('.localhost'))) {
    throw new ConnectorError(`destination_not_allowed: ${normalised} is a loopback name`);
  }
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(normalised) !== 0) addresses = [{ address: normalised, family: net.isIP(normalised) }];
  else {
    try {
      addresses = await env.resolveHost(normalised);
    } catch (error) {
      // A temporary resolver failure is worth retrying; a name that does not exist is not.
      throw new ConnectorError(`could not resolve ${normalised}: ${(error as Error).message}`, { retryable: (error as NodeJS.ErrnoException).code === 'EAI_AGAIN' });
    }
  }
  if (addresses.length === 0) throw new ConnectorError(`could not resolve ${normalised}`, { retryable: true });
  if (!allowListed) {
    const forbidden = addresses.find((a) => !isPublicAddress(a.address));
    if (forbidden) throw new ConnectorError(`destination_not_allowed: ${normalised} resolves to ${forbidden.address}, a non-public address`);
  }
  return addresses[0] as { address: string; family: number };
}
