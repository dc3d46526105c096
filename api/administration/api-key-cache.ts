import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import type { ApiKeyCredentials } from '../../db/repositories/api-keys';
import { API_KEY_CHANGES_CHANNEL } from '../../db/repositories/api-keys';
import { listenOnChannel, type ChannelListener } from '../../db/listen';

interface Entry {
  credentials: ApiKeyCredentials;
  fetchedAt: number;
}

const MAX_ENTRIES = 10_000;
const RECONNECT_DELAY_MS = 1_000;

/**
 * Keeps recently used API key credentials in memory so authentication costs no query on the hot path.
 * Revocation and rotation still take effect at once in every API process: they NOTIFY on commit, and each process
 * LISTENs and evicts the key. The TTL is a safety net; while the listener is down the cache is bypassed entirely.
 */
export function createApiKeyCache(deps: { db: Knex; logger: Logger; ttlMs: number; changeNoticeTimeoutMs?: number }) {
  const entries = new Map<string, Entry>();
  /** Changes this process made and waits to hear of (see expectChange), by key id. */
  const expected = new Map<string, Set<() => void>>();
  let listener: ChannelListener | undefined;
  let listening = false;
  let closed = false;

  const connect = async (): Promise<void> => {
    if (closed || deps.ttlMs === 0) return;
    try {
      const lost = () => {
        if (!listening) return;
        listening = false;
        entries.clear();
        if (!closed) setTimeout(() => void connect(), RECONNECT_DELAY_MS).unref();
      };
      listener = await listenOnChannel(deps.db, API_KEY_CHANGES_CHANNEL, {
        notified: (keyId) => {
          if (!keyId) return;
          entries.delete(keyId);
          for (const heard of expected.get(keyId) ?? []) heard();
        },
        lost: (error) => {
          if (error) deps.logger.warn({ err: error }, 'API key change listener lost its connection');
          lost();
        },
      });
      listening = true;
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not listen for API key changes; authenticating without cache');
      if (!closed) setTimeout(() => void connect(), RECONNECT_DELAY_MS).unref();
    }
  };
  const ready = connect();

  return {
    ready,
    get(keyId: string, now: number): ApiKeyCredentials | undefined {
      if (!listening) return undefined;
      const entry = entries.get(keyId);
      if (!entry) return undefined;
      if (now - entry.fetchedAt > deps.ttlMs) {
        entries.delete(keyId);
        return undefined;
      }
      return entry.credentials;
    },
    set(credentials: ApiKeyCredentials, now: number): void {
      if (!listening) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(credentials.id, { credentials, fetchedAt: now });
    },
    evict(keyId: string): void {
      entries.delete(keyId);
    },
    /**
     * Call before the transaction that changes the key; `heard` resolves once this process's listener has received
     * that change's NOTIFY (at once when the cache is off or not listening, and after API_KEY_CHANGE_NOTICE_TIMEOUT_MS
     * at worst). Postgres signals every listening session at the same commit, so once this process has heard it, the
     * other API processes have been sent it too: a revocation answered after `heard` is refused by whichever process
     * the client's next request reaches.
     */
    expectChange(keyId: string): { heard: () => Promise<void>; cancel: () => void } {
      if (!listening) return { heard: () => Promise.resolve(), cancel: () => undefined };
      let resolve!: () => void;
      const received = new Promise<void>((done) => (resolve = done));
      const waiters = expected.get(keyId) ?? new Set<() => void>();
      expected.set(keyId, waiters);
      waiters.add(resolve);
      const cancel = () => {
        waiters.delete(resolve);
        if (waiters.size === 0 && expected.get(keyId) === waiters) expected.delete(keyId);
      };
      return {
        heard: async () => {
          let timer: NodeJS.Timeout | undefined;
          const timedOut = new Promise<void>((done) => (timer = setTimeout(done, deps.changeNoticeTimeoutMs ?? 2000)));
          try {
            await Promise.race([received, timedOut]);
          } finally {
            clearTimeout(timer);
            cancel();
          }
        },
        cancel,
      };
    },
    async close(): Promise<void> {
      closed = true;
      listening = false;
      for (const waiters of expected.values()) for (const heard of waiters) heard();
      entries.clear();
      await listener?.end().catch(() => undefined);
    },
  };
}

export type ApiKeyCache = ReturnType<typeof createApiKeyCache>;
