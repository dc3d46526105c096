import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  idempotencyKeyReused,
  idempotencyOutcomeUnknown,
  idempotencyRequestInProgress,
  invalidIdempotencyKey,
} from '../../core/errors';
import type { Middleware } from 'koa';
import type { Actor } from '../../core/actor';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { runAsIdempotentWork, type IdempotentWork } from '../../db/idempotent-work';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  renewIdempotencyKey,
  type StoredResponse,
} from '../../db/repositories/idempotency';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { AppState } from '../context';

const REPLAYED_HEADERS = ['location', 'content-type'];
/**
 * Every write takes a key, not only POST: a client retrying a PATCH (or PUT, DELETE) with the key it sent expects the
 * stored answer, as Stripe-like APIs give it, rather than a second application that may answer differently (a DELETE
 * repeated answers 404; a PATCH repeated records a second change).
 */
const KEYED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Secrets are shown once and stored nowhere in plain text, not even in a stored response. */
const SECRET_FIELDS = ['key', 'client_secret', 'secret'];
export const REDACTED_SECRET = '[shown once; not stored]';

function withoutSecrets(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of SECRET_FIELDS) if (typeof copy[field] === 'string') copy[field] = REDACTED_SECRET;
  return copy;
}
/**
 * The credential a stored response belongs to. A user is one credential per OAuth client they act through, as API
 * keys are one each: a response is replayed only to the credential that was authorized to receive it.
 */
function credentialOf(actor: Actor): string {
  return actor.type === 'user' && actor.via_client
    ? `user:${actor.id}@${actor.via_client}`
    : `${actor.type}:${actor.id}`;
}

const RELEASE_RETRY_MS = 2000;
const RELEASE_RETRY_ATTEMPTS = 30;

/**
 * A request that failed because Postgres went away could not release its claim either. Retrying for a minute in
 * the background frees the key as soon as Postgres is back, instead of answering the client's retries with 409 until
 * the claim is presumed abandoned.
 */
function releaseLater(release: () => Promise<void>, attempt = 1): void {
  const timer = setTimeout(() => {
    release().catch(() => {
      if (attempt < RELEASE_RETRY_ATTEMPTS) releaseLater(release, attempt + 1);
    });
  }, RELEASE_RETRY_MS);
  timer.unref();
}

/**
 * `Idempotency-Key` on any write (POST, PUT, PATCH, DELETE), scoped to the tenant and the credential that sent it, and
 * reached only after the caller was authenticated and authorized for the operation (see app.ts): the first request
 * with a key does the work and its successful response is stored; a repeat with the same body replays it, a repeat
 * with another body is refused, and a concurrent repeat gets 409 with `Retry-After`. Failed requests release the key,
 * so a retry after an error does the work. A replay of a response that carried a secret (a new API key) shows the
 * record with the secret redacted: secrets are never stored in plain text.
 *
 * Exactly once across process deaths: the owner renews a lease on its claim while it works, and every write
 * transaction of its work marks the claim in the same commit (db/idempotent-work.ts). A retry after the owner died
 * (the lease lapsed) either finds the work committed, and answers with the outcome the work recorded (e.g. 202 and the
 * created scenario), or finds nothing committed and does the work itself; the dead owner's work can no longer commit.
 */
export function idempotency(db: Knex, options: { ttlSeconds: number; leaseSeconds: number }): Middleware<AppState> {
  return async (ctx, next) => {
    if (!KEYED_METHODS.has(ctx.method)) return next();
    // A streamed body (an upload) is not held, so it cannot be hashed before the work: such operations take no key.
    if (ctx.state.streamedBody) return next();
    const key = ctx.get('idempotency-key');
    if (key === '') return next();
    if (key.length > 255) {
      throw invalidIdempotencyKey();
    }
    const principal = ctx.state.principal;
    if (!principal) throw new Error('idempotency middleware needs an authenticated principal');
    const owned = { credential: credentialOf(principal.actor), key, ownerToken: randomUUID() };
    const requestHash = sha256Hex(`${ctx.method} ${ctx.path}\n${canonicalJson(ctx.state.body ?? null)}`);
    const inTenant = <T>(work: Parameters<typeof inTenantTransaction<T>>[2]) =>
      inTenantTransaction(db, principal.tenantId, work);

    const outcome = await inTenant((scope) =>
      claimIdempotencyKey(scope, {
        ...owned,
        requestHash,
        method: ctx.method,
        path: ctx.path,
        ttlSeconds: options.ttlSeconds,
        leaseSeconds: options.leaseSeconds,
      }),
    );
    if (outcome.kind === 'mismatch') {
      throw idempotencyKeyReused();
    }
    if (outcome.kind === 'in_progress') {
      throw idempotencyRequestInProgress(outcome.retryAfterSeconds);
    }
    if (outcome.kind === 'committed' && !outcome.response) {
      throw idempotencyOutcomeUnknown();
    }
    if (outcome.kind === 'completed' || outcome.kind === 'committed') {
      const response = outcome.response as StoredResponse;
      for (const [name, value] of Object.entries(response.headers)) ctx.set(name, value);
      ctx.set('Idempotent-Replayed', 'true');
      ctx.status = response.status;
      ctx.body = response.body;
      return;
    }

    const work: IdempotentWork = { tenantId: principal.tenantId, ...owned, active: true, redact: withoutSecrets };
    // Renewed well within the lease, so a slow request is never mistaken for a dead one.
    const renewal = setInterval(
      () => {
        inTenant((scope) => renewIdempotencyKey(scope, owned)).catch((error: unknown) => {
          ctx.state.log.warn({ err: error }, 'could not renew the idempotency lease');
        });
      },
      (options.leaseSeconds * 1000) / 3,
    );
    renewal.unref();
    try {
      await runAsIdempotentWork(work, () => next());
    } catch (error) {
      await inTenant((scope) => releaseIdempotencyKey(scope, owned)).catch((releaseError: unknown) => {
        ctx.state.log.warn({ err: releaseError }, 'could not release idempotency key; retrying in the background');
        releaseLater(() => inTenant((scope) => releaseIdempotencyKey(scope, owned)));
      });
      throw error;
    } finally {
      work.active = false;
      clearInterval(renewal);
    }
    if (ctx.status >= 500) {
      await inTenant((scope) => releaseIdempotencyKey(scope, owned));
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = ctx.response.get(name);
      if (value) headers[name] = String(value);
    }
    await inTenant((scope) =>
      completeIdempotencyKey(scope, owned, { status: ctx.status, body: withoutSecrets(ctx.body), headers }),
    );
  };
}
