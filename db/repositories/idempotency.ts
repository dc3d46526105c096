import { IdempotencyKeyRecord } from '../records/idempotency-key';
import { scoped, type TenantScope } from '../tenant-scope';

/** Stored responses are keyed per tenant, per credential and per `Idempotency-Key`. */
export interface IdempotencyKeyRef {
  credential: string;
  key: string;
}

/** A claim held by one request: only its owner may renew, complete or release it. */
export interface OwnedIdempotencyKey extends IdempotencyKeyRef {
  ownerToken: string;
}

export interface IdempotencyClaim extends OwnedIdempotencyKey {
  requestHash: string;
  method: string;
  path: string;
  ttlSeconds: number;
  /** An in-progress claim whose owner has not renewed it for this long is presumed dead. */
  leaseSeconds: number;
}

export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'completed'; response: StoredResponse }
  /** The owner died after its work committed: the outcome it recorded with the work, or none if it recorded none. */
  | { kind: 'committed'; response: StoredResponse | undefined }
  /** The owner is alive (or died less than a lease ago); `retryAfterSeconds` until its lease lapses. */
  | { kind: 'in_progress'; retryAfterSeconds: number }
  | { kind: 'mismatch' };

interface ClaimRow {
  request_hash: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: unknown;
  response_headers: Record<string, string> | null;
  committed: boolean;
  lease_left_seconds: number;
}

/**
 * Claims an idempotency key with a single atomic statement: either this request inserts (or takes over) the row and
 * does the work, or it learns what the earlier request did. Two concurrent requests can never both get `claimed`: the
 * primary key decides. A claim is taken over only when it expired, or when its owner stopped renewing its lease and
 * its work never committed (the owner's write transaction marks the row in its own commit and holds the row's lock
 * until then, so this statement waits for that commit and then sees it).
 */
export async function claimIdempotencyKey(scope: TenantScope, claim: IdempotencyClaim): Promise<ClaimOutcome> {
  const result = await scope.trx.raw<{ rows: Array<{ claimed: boolean }> }>(
    `insert into idempotency_keys (tenant_id, credential, idempotency_key, request_hash, method, path, state, owner_token, locked_at, created_at, expires_at)
     values (?, ?, ?, ?, ?, ?, 'in_progress', ?, now(), now(), now() + make_interval(secs => ?))
     on conflict (tenant_id, credential, idempotency_key) do update
       set request_hash = excluded.request_hash, method = excluded.method, path = excluded.path,
           state = 'in_progress', response_status = null, response_body = null, response_headers = null,
           owner_token = excluded.owner_token, work_committed_at = null,
           locked_at = now(), created_at = now(), expires_at = excluded.expires_at
       where idempotency_keys.expires_at < now()
          or (idempotency_keys.state = 'in_progress'
              and idempotency_keys.request_hash = excluded.request_hash
              and idempotency_keys.work_committed_at is null
              and idempotency_keys.locked_at < now() - make_interval(secs => ?))
     returning true as claimed`,
    [
      scope.tenantId,
      claim.credential,
      claim.key,
      claim.requestHash,
      claim.method,
      claim.path,
      claim.ownerToken,
      claim.ttlSeconds,
      claim.leaseSeconds,
    ],
  );
  if (result.rows.length > 0) return { kind: 'claimed' };
  const existing = await scope.trx.raw<{ rows: ClaimRow[] }>(
    `select request_hash, state, response_status, response_body, response_headers,
            work_committed_at is not null as committed,
            greatest(0, extract(epoch from locked_at + make_interval(secs => ?) - now()))::float8 as lease_left_seconds
       from idempotency_keys where tenant_id = ? and credential = ? and idempotency_key = ?`,
    [claim.leaseSeconds, scope.tenantId, claim.credential, claim.key],
  );
  const row = existing.rows[0];
  // Released between the two statements: the earlier request failed; a retry will claim it.
  if (!row) return { kind: 'in_progress', retryAfterSeconds: 1 };
  if (row.request_hash !== claim.requestHash) return { kind: 'mismatch' };
  const response =
    row.response_status === null
      ? undefined
      : { status: row.response_status, body: row.response_body, headers: row.response_headers ?? {} };
  if (row.state === 'completed' && response) return { kind: 'completed', response };
  if (row.committed && row.lease_left_seconds <= 0) return { kind: 'committed', response };
  return { kind: 'in_progress', retryAfterSeconds: Math.max(1, Math.ceil(row.lease_left_seconds)) };
}

/** The owner's sign of life while it works: a claim renewed within the lease is never taken over. */
export async function renewIdempotencyKey(scope: TenantScope, owned: OwnedIdempotencyKey): Promise<void> {
  await scoped(scope, IdempotencyKeyRecord)
    .where({
      credential: owned.credential,
      idempotency_key: owned.key,
      owner_token: owned.ownerToken,
      state: 'in_progress',
    })
    .patch({ locked_at: new Date() } as Partial<IdempotencyKeyRecord>);
}

export async function completeIdempotencyKey(
  scope: TenantScope,
  owned: OwnedIdempotencyKey,
  response: StoredResponse,
): Promise<void> {
  await scoped(scope, IdempotencyKeyRecord)
    .where({ credential: owned.credential, idempotency_key: owned.key, owner_token: owned.ownerToken })
    .patch({
      state: 'completed',
      response_status: response.status,
      response_body: JSON.stringify(response.body ?? null),
      response_headers: response.headers,
    } as unknown as Partial<IdempotencyKeyRecord>);
}

/** A request that failed with a server error releases its key, so the client's retry can do the work. */
export async function releaseIdempotencyKey(scope: TenantScope, owned: OwnedIdempotencyKey): Promise<void> {
  await scoped(scope, IdempotencyKeyRecord)
    .where({
      credential: owned.credential,
      idempotency_key: owned.key,
      owner_token: owned.ownerToken,
      state: 'in_progress',
    })
    .delete();
}
