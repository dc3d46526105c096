import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { auditRecordHash, GENESIS_HASH, verifyChain, type AuditChainRecord } from '../../core/audit-chain';

/** A valid chain of `count` records, built the way the repository appends them. */
function chain(count: number, tenantId = 'ten_01jaaaaaaaaaaaaaaaaaaaaaaa'): AuditChainRecord[] {
  const records: AuditChainRecord[] = [];
  let previousHash = GENESIS_HASH;
  for (let sequence = 1; sequence <= count; sequence++) {
    const unhashed = {
      tenant_id: tenantId,
      sequence,
      id: `aud_${String(sequence).padStart(26, '0')}`,
      occurred_at: new Date(Date.UTC(2026, 10, 23, 10, 0, sequence)).toISOString(),
      actor: { type: 'user', id: 'usr_01jbbbbbbbbbbbbbbbbbbbbbbb', via_client: 'cli_01jccccccccccccccccccccccc' },
      action: 'member.role_changed',
      resource_type: 'member',
      resource_id: `usr_${sequence}`,
      payload: { role: { from: 'viewer', to: 'analyst' }, note: `change ${sequence}` },
      previous_hash: previousHash,
    };
    const record = { ...unhashed, hash: auditRecordHash(unhashed) };
    records.push(record);
    previousHash = record.hash;
  }
  return records;
}

describe('audit chain', () => {
  it('hashes the canonical JSON of every field but the hash, as docs/security.md tells customers to', () => {
    const [record] = chain(1) as [AuditChainRecord];
    // Written out by hand, independent of canonicalJson: keys sorted, no whitespace.
    const text =
      `{"action":"member.role_changed","actor":{"id":"usr_01jbbbbbbbbbbbbbbbbbbbbbbb","type":"user","via_client":"cli_01jccccccccccccccccccccccc"},` +
      `"id":"aud_00000000000000000000000001","occurred_at":"2026-11-23T10:00:01.000Z",` +
      `"payload":{"note":"change 1","role":{"from":"viewer","to":"analyst"}},"previous_hash":"${GENESIS_HASH}",` +
      `"resource_id":"usr_1","resource_type":"member","sequence":1,"tenant_id":"ten_01jaaaaaaaaaaaaaaaaaaaaaaa"}`;
    assert.equal(record.hash, crypto.createHash('sha256').update(text).digest('hex'));
    assert.match(GENESIS_HASH, /^0{64}$/);
  });

  it('does not depend on key order in the record or its payload', () => {
    const [record] = chain(1) as [AuditChainRecord];
    const reordered = { ...record, payload: { role: { to: 'analyst', from: 'viewer' }, note: 'change 1' } };
    assert.equal(auditRecordHash(reordered), record.hash);
  });

  it('accepts an intact chain, whole or in slices', () => {
    const records = chain(50);
    assert.equal(verifyChain(records, GENESIS_HASH, 1), null);
    assert.equal(verifyChain(records, GENESIS_HASH), null);
    assert.equal(verifyChain(records.slice(20), (records[19] as AuditChainRecord).hash, 21), null);
    assert.equal(verifyChain([], GENESIS_HASH, 1), null);
  });

  it('names the sequence of an edited record, a deleted record, a replaced link and a wrong start', () => {
    const records = chain(10);
    const edited = records.map((r) =>
      r.sequence === 4 ? { ...r, payload: { role: { from: 'viewer', to: 'admin' } } } : r,
    );
    assert.equal(verifyChain(edited, GENESIS_HASH, 1), 4);

    const deleted = records.filter((r) => r.sequence !== 6);
    assert.equal(verifyChain(deleted, GENESIS_HASH, 1), 6, 'the missing sequence is named');
    assert.equal(verifyChain(records.slice(1), GENESIS_HASH, 1), 1, 'a deleted first record is named');

    // Record 7 rewritten with a recomputed hash: its own hash holds, but record 8 no longer links to it.
    const rewritten = records.map((r) => {
      if (r.sequence !== 7) return r;
      const { hash: _hash, ...unhashed } = { ...r, action: 'member.created' };
      return { ...unhashed, hash: auditRecordHash(unhashed) };
    });
    assert.equal(verifyChain(rewritten, GENESIS_HASH, 1), 8);

    assert.equal(verifyChain(records, 'f'.repeat(64), 1), 1, 'a chain that does not start from the expected hash');
    const swapped = [records[0], records[2], records[1], ...records.slice(3)] as AuditChainRecord[];
    assert.equal(verifyChain(swapped, GENESIS_HASH, 1), 2);
  });

  it('detects any single changed field of any record (property)', () => {
    const records = chain(8);
    const fields = [
      'tenant_id',
      'id',
      'occurred_at',
      'action',
      'resource_type',
      'resource_id',
      'hash',
      'previous_hash',
    ] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 }),
        fc.constantFrom(...fields),
        fc.string({ minLength: 1 }),
        (index, field, suffix) => {
          const tampered = records.map((r, i) => (i === index ? { ...r, [field]: `${r[field]}${suffix}` } : r));
          assert.equal(verifyChain(tampered, GENESIS_HASH, 1), index + 1, `tampered ${index + 1}.${field}`);
        },
      ),
    );
  });
});
