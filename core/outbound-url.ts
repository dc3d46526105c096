import net from 'node:net';

/**
 * Where the service may not call out to (webhooks, chat destinations, connectors' source systems): loopback, private
 * (RFC 1918, unique-local), link-local (which includes the cloud metadata address 169.254.169.254), carrier-grade NAT,
 * "this network", multicast, reserved and documentation ranges, and their IPv4-mapped IPv6 forms. Checked on the
 * address actually connected to, after DNS resolution.
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // The unspecified and loopback addresses, and the deprecated IPv4-compatible range (::a.b.c.d).
  ['::', 96],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1] as string);
    // The WHATWG URL parser rewrites [::ffff:127.0.0.1] as [::ffff:7f00:1]: the same IPv4 address in hex groups.
    const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (mappedHex) {
      const high = parseInt(mappedHex[1] as string, 16);
      const low = parseInt(mappedHex[2] as string, 16);
      return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

/**
 * The URL's host as every check sees it: lower case, IPv6 without brackets, and without the trailing dot(s) of a
 * fully qualified name, since `localhost.` and `example.com.` name the same hosts as `localhost` and `example.com`.
 */
export function normalisedHost(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
}

/**
 * Whether the URL as written names a host. The WHATWG parser repairs `http:///h`, `http:h` and `http:\\h` into
 * `http://h/`; an outbound URL must say where it goes as written, so these are refused rather than guessed at.
 */
function namesHost(raw: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/\\?#\s]/i.test(raw);
}

export type OutboundUrlVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether the service may call out to a URL a tenant gave (a webhook, a chat destination, a connector's base or token
 * URL). The checks that need no DNS: scheme (https required in production, except allow-listed hosts), no credentials
 * in the URL, and an IP-literal host must be public unless allow-listed. Host names are checked at delivery time.
 */
export function checkOutboundUrl(
  raw: string,
  options: { allowedHosts: string[]; requireHttps: boolean },
): OutboundUrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be an absolute URL' };
  }
  if (!namesHost(raw)) return { ok: false, reason: 'must name a host (scheme://host/…)' };
  const host = normalisedHost(url);
  if (host === '') return { ok: false, reason: 'must name a host (scheme://host/…)' };
  const allowListed = options.allowedHosts.includes(host);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'must use https' };
  if (url.protocol === 'http:' && options.requireHttps && !allowListed) return { ok: false, reason: 'must use https' };
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  if (url.hash) return { ok: false, reason: 'must not contain a fragment' };
  if (!allowListed && net.isIP(host) !== 0 && !isPublicAddress(host)) {
    return { ok: false, reason: 'must not point to a private, loopback, link-local or metadata address' };
  }
  if (!allowListed && (host === 'localhost' || host.endsWith('.localhost'))) {
    return { ok: false, reason: 'must not point to a private, loopback, link-local or metadata address' };
  }
  return { ok: true };
}
