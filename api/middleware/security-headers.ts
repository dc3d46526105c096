import type { Middleware } from 'koa';
import type { AppState } from '../context';

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * Headers every response carries, whoever answers it (the API, the console, /docs, the identity provider's own pages,
 * which write to the response themselves): no MIME sniffing of any body (`nosniff`), and no framing of any page by
 * another site (clickjacking: `X-Frame-Options: DENY` for older browsers, CSP `frame-ancestors 'none'` for current
 * ones). They are set before the request goes on, so they are there however it is answered; a page that sets its own
 * Content-Security-Policy keeps it, with `frame-ancestors 'none'` added if it did not say.
 */
export function securityHeaders(): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Content-Security-Policy', FRAME_ANCESTORS);
    try {
      await next();
    } finally {
      if (ctx.respond !== false && !ctx.headerSent) {
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('X-Frame-Options', 'DENY');
        const policy = ctx.response.get('Content-Security-Policy');
        if (typeof policy !== 'string' || policy === '') ctx.set('Content-Security-Policy', FRAME_ANCESTORS);
        else if (!/(^|;)\s*frame-ancestors\s/i.test(policy))
          ctx.set('Content-Security-Policy', `${policy}; ${FRAME_ANCESTORS}`);
      }
    }
  };
}
