import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import { idempotencyClaimTakenOver } from '../core/errors';

/**
 * The idempotency claim a request holds while it does its work, visible to the tenant transactions that work opens.
 *
 * Why a request-scoped context rather than a parameter: every POST behind an `Idempotency-Key` must record, in the
 * same commit as its writes, that its work happened, and the use cases open their transactions in dozens of places.
 * `inTenantTransaction` reads this context and does it for all of them (see `markIdempotentWorkCommitted`), so a
 * retry after the owner's death can tell "the work committed" from "nothing happened" without trusting a timer.
 */
export interface IdempotentWork {
  tenantId: string;
  credential: string;
  key: string;
  /** The owner's token: a retry that took the claim over has written its own, and this request's writes are refused. */
  ownerToken: string;
  /** Cleared when the request's handler returns: later transactions (background work it started) are not its work. */
  active: boolean;
  /**
   * What a retry should be answered once this request's owner is gone, if its work committed: set by a use case
   * inside the transaction that does the work (e.g. 202 and the stored scenario), written with that commit.
   */
  outcome?: IdempotentOutcome;
  /** Removes secrets from a recorded outcome (a response shows them once; nothing stores them). */
  redact(body: unknown): unknown;
}

export interface IdempotentOutcome {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** The headers of a 202 (or 201) that points at the created resource, as the route sets them. */
export function acceptedHeaders(location: string): Record<string, string> {
  return { location, 'content-type': 'application/json; charset=utf-8' };
}

const storage = new AsyncLocalStorage<IdempotentWork>();

export function runAsIdempotentWork<T>(work: IdempotentWork, run: () => Promise<T>): Promise<T> {
  return storage.run(work, run);
}

/**
 * The current request's `Idempotency-Key`, qualified by tenant and credential (as the key is scoped), for messages
 * that Temporal deduplicates by id; undefined outside a request that sent one.
 */
export function currentIdempotencyKey(): string | undefined {
  const work = storage.getStore();
  return work?.active ? `${work.tenantId}\n${work.credential}\n${work.key}` : undefined;
}

/**
 * Records the answer a retry gets if this request's process dies after the current transaction commits. Call it
 * inside the transaction that does the work (it is written with the transaction's commit); outside an idempotent
 * request it does nothing.
 */
export function recordIdempotentOutcome(outcome: IdempotentOutcome): void {
  const work = storage.getStore();
  if (work?.active) work.outcome = outcome;
}

/**
 * Called by `inTenantTransaction` just before it commits. If the transaction wrote anything (Postgres assigned it a
 * transaction id) inside an idempotent request, the claim is marked as having committed work, and the outcome the use
 * case recorded is stored, in the same commit. The update takes the claim's row lock, so a retry deciding whether to
 * take the claim over waits for this commit and then sees it; and if a retry already took the claim over (the lease
 * had lapsed), the work is rolled back instead of done a second time.
 */
export async function markIdempotentWorkCommitted(trx: Knex.Transaction, tenantId: string): Promise<void> {
  const work = storage.getStore();
  if (!work?.active || work.tenantId !== tenantId) return;
  const wrote = await trx.raw<{ rows: Array<{ wrote: boolean }> }>(
    'select pg_current_xact_id_if_assigned() is not null as wrote',
  );
  if (!wrote.rows[0]?.wrote) return;
  const outcome = work.outcome;
  work.outcome = undefined;
  const updated = await trx.raw<{ rows: unknown[] }>(
    `update idempotency_keys
        set work_committed_at = coalesce(work_committed_at, now()),
            response_status = coalesce(?::int, response_status),
            response_body = coalesce(?::jsonb, response_body),
            response_headers = coalesce(?::jsonb, response_headers)
      where tenant_id = ? and credential = ? and idempotency_key = ? and owner_token = ? and state = 'in_progress'
      returning 1`,
    [
      outcome ? outcome.status : null,
      outcome ? JSON.stringify(work.redact(outcome.body) ?? null) : null,
      outcome ? JSON.stringify(outcome.headers) : null,
      work.tenantId,
      work.credential,
      work.key,
      work.ownerToken,
    ],
  );
  if (updated.rows.length === 0) throw idempotencyClaimTakenOver();
}
