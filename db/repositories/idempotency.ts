import { IdempotencyKeyRecord } from '../records/idempotency-key';
import { scoped, type TenantScope } from '../tenant-scope';

/** Stored responses are keyed per tenant, per credential and per `Idempotency-Key`. */
export interface IdempotencyKeyRef {
  credential: string;
  key: string;
}

export interface IdempotencyClaim extends IdempotencyKeyRef {
  requestHash: string;
  method: string;
  path: string;
  ttlSeconds: number;
  /** An in-progress claim older than this is presumed abandoned by a crashed process and may be taken over. */
  staleAfterSeconds: number;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'completed'; record: IdempotencyKeyRecord }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/**
 * Claims an idempotency key with a single atomic statement: either this request inserts (or takes over an
 * expired/abandoned) row and does the work, or it learns what the earlier request did. Two concurrent requests
 * can never both get `claimed`: the primary key decides.
 */
export async function claimIdempotencyKey(scope: TenantScope, claim: IdempotencyClaim): Promise<ClaimOutcome> {
  const result = await scope.trx.raw<{ rows: Array<{ claimed: boolean }> }>(
    `insert into idempotency_keys (tenant_id, credential, idempotency_key, request_hash, method, path, state, locked_at, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?, 'in_progress', now(), now(), now() + make_interval(secs => ?))
     on conflict (tenant_id, credential, idempotency_key) do update
       set request_hash = excluded.request_hash, method = excluded.method, path = excluded.path,
           state = 'in_progress', response_status = null, response_body = null, response_headers = null,
           locked_at = now(), created_at = now(), expires_at = excluded.expires_at
       where idempotency_keys.expires_at < now()
          or (idempotency_keys.state = 'in_progress'
              and idempotency_keys.request_hash = excluded.request_hash
              and idempotency_keys.locked_at < now() - make_interval(secs => ?))
     returning true as claimed`,
    [scope.tenantId, claim.credential, claim.key, claim.requestHash, claim.method, claim.path, claim.ttlSeconds, claim.staleAfterSeconds],
  );
  if (result.rows.length > 0) return { kind: 'claimed' };
  const existing = (await scoped(scope, IdempotencyKeyRecord)
    .where({ credential: claim.credential, idempotency_key: claim.key })
    .first()) as IdempotencyKeyRecord | undefined;
  if (!existing) return { kind: 'in_progress' };
  if (existing.request_hash !== claim.requestHash) return { kind: 'mismatch' };
  if (existing.state === 'completed') return { kind: 'completed', record: existing };
  return { kind: 'in_progress' };
}

export async function completeIdempotencyKey(
  scope: TenantScope,
  ref: IdempotencyKeyRef,
  response: { status: number; body: unknown; headers: Record<string, string> },
): Promise<void> {
  await scoped(scope, IdempotencyKeyRecord)
    .where({ credential: ref.credential, idempotency_key: ref.key })
    .patch({
      state: 'completed',
      response_status: response.status,
      response_body: JSON.stringify(response.body ?? null),
      response_headers: response.headers,
    } as unknown as Partial<IdempotencyKeyRecord>);
}

/** A request that failed with a server error releases its key, so the client's retry can do the work. */
export async function releaseIdempotencyKey(scope: TenantScope, ref: IdempotencyKeyRef): Promise<void> {
  await scoped(scope, IdempotencyKeyRecord)
    .where({ credential: ref.credential, idempotency_key: ref.key, state: 'in_progress' })
    .delete();
}
