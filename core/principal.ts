import type { Actor } from './actor';
import type { RateLimits } from './plans';

/** Who is calling, for which tenant, with what rights: set by the authenticate middleware. */
export interface Principal {
  tenantId: string;
  actor: Actor;
  scopes: readonly string[];
  limits: RateLimits;
  /** The environment an API key or OAuth client is pinned to (its id); absent: any (production unless one is named). */
  environmentId?: string | null;
}
