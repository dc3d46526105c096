import type { ApiKeyCredentials } from '../../db/repositories/api-keys';
import type { CacheFeed } from '../../db/cache-feed';

interface Entry {
  credentials: ApiKeyCredentials;
  fetchedAt: number;
}

const MAX_ENTRIES = 10_000;

/**
 * Keeps recently used API key credentials in memory so authentication costs no query on the hot path, on the cache
 * change feed (db/cache-feed.ts): a key's revocation, rotation or scope change, or its tenant's plan or limits, drop
 * it in every process, and a revocation or rotation answers only once every serving process has dropped it
 * (`settled`), so the next request anywhere is refused. While the feed's lease is not live, nothing is served from
 * here. The TTL is a safety net; 0 turns the cache off (every request reads its key's row).
 */
export function createApiKeyCache(deps: { feed: CacheFeed; ttlMs: number }) {
  const entries = new Map<string, Entry>();
  const on = deps.ttlMs > 0;
  deps.feed.subscribe('api_key', (keyId) => (keyId === undefined ? entries.clear() : entries.delete(keyId)));
  deps.feed.subscribe('tenant', (tenantId) => {
    if (tenantId === undefined) return entries.clear();
    for (const [id, entry] of entries) if (entry.credentials.tenant_id === tenantId) entries.delete(id);
  });

  return {
    get(keyId: string, now: number): ApiKeyCredentials | undefined {
      if (!on || !deps.feed.serving()) return undefined;
      const entry = entries.get(keyId);
      if (!entry) return undefined;
      if (now - entry.fetchedAt > deps.ttlMs) {
        entries.delete(keyId);
        return undefined;
      }
      return entry.credentials;
    },
    /** A token to take before reading credentials that `set` may then keep. */
    fillStarted: () => deps.feed.fillStarted(),
    set(credentials: ApiKeyCredentials, now: number, token: number): void {
      if (!on || !deps.feed.mayFill(token)) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(credentials.id, { credentials, fetchedAt: now });
    },
    evict(keyId: string): void {
      entries.delete(keyId);
    },
    /** After the commit of transaction `xid` that changed a key: resolves once no process serves the old state. */
    settled: (xid: string) => deps.feed.settled(xid),
  };
}

export type ApiKeyCache = ReturnType<typeof createApiKeyCache>;
