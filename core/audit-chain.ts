import { canonicalJson, sha256Hex } from './canonical-json';

/**
 * The tenant audit log's hash chain. Pure and dependency-free (node:crypto through canonical-json only), so the
 * API's verify endpoint and an offline verifier of an export run exactly the same code and definition:
 *
 *   hash = lowercase hex SHA-256 of the canonical JSON (keys sorted at every depth, no whitespace) of the object
 *          { tenant_id, sequence, id, occurred_at, actor, action, resource_type, resource_id, payload, previous_hash }
 *
 * where `sequence` is a JSON number (1, 2, … per tenant), `occurred_at` the RFC 3339 UTC string with milliseconds,
 * and `previous_hash` the `hash` of the tenant's record `sequence - 1`, or GENESIS_HASH for sequence 1.
 */

/** The `previous_hash` of a tenant's first record (sequence 1): 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of one audit record as stored, exported and hashed. `hash` is the only field not hashed. */
export interface AuditChainRecord {
  tenant_id: string;
  sequence: number;
  id: string;
  /** RFC 3339 UTC with milliseconds, e.g. 2026-11-23T10:00:00.000Z. */
  occurred_at: string;
  actor: { type: string; id: string; via_client?: string };
  action: string;
  resource_type: string;
  resource_id: string;
  /** Plain JSON (what JSON.parse returns): no Dates, no undefined inside arrays. */
  payload: unknown;
  previous_hash: string;
  hash: string;
}

export function auditRecordHash(record: Omit<AuditChainRecord, 'hash'>): string {
  return sha256Hex(
    canonicalJson({
      tenant_id: record.tenant_id,
      sequence: record.sequence,
      id: record.id,
      occurred_at: record.occurred_at,
      actor: record.actor,
      action: record.action,
      resource_type: record.resource_type,
      resource_id: record.resource_id,
      payload: record.payload,
      previous_hash: record.previous_hash,
    }),
  );
}

/**
 * Walks records in ascending sequence order and returns the sequence number of the first one that breaks the chain,
 * or null if all hold. A record breaks it when its own hash does not match its fields (it was edited), when its
 * `previous_hash` is not the hash of the record before (one was edited or replaced before it), or when its sequence
 * is not the next one (one was deleted: the missing sequence number is returned).
 *
 * Records may come in slices (batches, or an export of a range): pass the hash of the record before the first one
 * and, to also catch a deletion right at the start of the slice, the sequence expected first.
 */
export function verifyChain(
  records: Iterable<AuditChainRecord>,
  expectedPreviousHash: string,
  expectedFirstSequence?: number,
): number | null {
  let previousHash = expectedPreviousHash;
  let expectedSequence = expectedFirstSequence;
  for (const record of records) {
    if (expectedSequence !== undefined && record.sequence !== expectedSequence)
      return Math.min(expectedSequence, record.sequence);
    if (record.previous_hash !== previousHash) return record.sequence;
    if (auditRecordHash(record) !== record.hash) return record.sequence;
    previousHash = record.hash;
    expectedSequence = record.sequence + 1;
  }
  return null;
}
