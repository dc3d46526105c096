import type { Context, Middleware } from 'koa';
import { invalidHost } from '../../core/errors';

/**
 * The host a request names, as the dedicated endpoints compare it (api/middleware/dedicated-endpoints.ts): lower case,
 * without the port, and without one trailing dot, since DNS resolves `acme.api.example.com.` to the same name as
 * `acme.api.example.com` (otherwise the dotted name would count as the shared host and take every tenant's keys).
 * A Host that is not a host name, or a request with more than one Host header (Node keeps the first, a proxy in front
 * may have routed on another), is refused 400 `invalid_host` before anything else looks at it.
 *
 * The app does not trust `X-Forwarded-Host` (Koa's `app.proxy` is off): a load balancer in front passes the name the
 * client asked for in `Host` itself.
 */
export function requestHost(): Middleware {
  return async (ctx, next) => {
    if (hostHeaderCount(ctx.req.rawHeaders) > 1) throw invalidHost('The request has more than one Host header.');
    requestHostName(ctx);
    await next();
  };
}

/**
 * The request's host name, normalised; throws `invalid_host` when the Host header is not one. The header is read as
 * sent: Koa's `ctx.host` keeps only what comes before a comma, which would hide a comma-joined pair of names.
 */
export function requestHostName(ctx: Pick<Context, 'get' | 'host'>): string {
  const host = ctx.get('host') || ctx.host;
  const name = normaliseHostName(host);
  if (name === undefined)
    throw invalidHost(`The Host header ${JSON.stringify(host)} is not a host name with an optional port.`);
  return name;
}

// A bracketed IPv6 literal or dot-separated labels (underscores too, as container names have them), then a port.
const HOST = /^(?<name>\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)?(?::\d{1,5})?$/;

/**
 * `Acme.API.example.com.:8443` → `acme.api.example.com`; undefined for what is not a host (empty labels, two trailing
 * dots, a comma-joined list, spaces). An empty Host (an HTTP/1.0 request without one) is the empty name.
 */
export function normaliseHostName(host: string): string | undefined {
  const match = HOST.exec(host.toLowerCase());
  if (!match) return undefined;
  const name = match.groups?.name ?? '';
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]!.toLowerCase() === 'host') count += 1;
  }
  return count;
}
