import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appendAuditRecord, verifyAuditChain } from '../../db/repositories/audit-log';
import { noteAuditRecord, noteEvent, withDeferredAppends } from '../../db/repositories/deferred-appends';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createTenantForTest, useDatabase } from './harness';

/**
 * Events and audit records held to the end of a transaction (what the deployment clock's batches do): written in the
 * order noted, the audit chain whole, nothing written when the work fails.
 */
describe('deferred events and audit records (use cases)', () => {
  const db = useDatabase();
  const audited = (tenantId: string) =>
    db()('audit_log').where({ tenant_id: tenantId }).orderBy('sequence').select('sequence', 'resource_id');
  const evented = (tenantId: string) =>
    db()('events').where({ tenant_id: tenantId, type: 'model.version.published' }).orderBy('sequence');

  it('writes what was noted, in order, after the work and the appends written at once beside it', async () => {
    const tenant = await createTenantForTest(db());
    const before = (await audited(tenant.id)).length;
    const seen = await inTenantTransaction(db(), tenant.id, async (scope) => {
      return withDeferredAppends(scope, async () => {
        for (const id of ['mdl_a', 'mdl_b', 'mdl_c']) {
          await noteEvent(scope, 'model.version.published', { model: { id } });
          await noteAuditRecord(scope, {
            actor: tenant.actor,
            action: 'model.version.published',
            resourceType: 'model',
            resourceId: id,
            payload: { n: id },
          });
        }
        // Written at once (not noted): it comes first in the chain although the notes were made before it.
        const direct = await appendAuditRecord(scope, {
          actor: tenant.actor,
          action: 'model.version.published',
          resourceType: 'model',
          resourceId: 'mdl_direct',
          payload: {},
        });
        // Nothing noted is written yet.
        const inside = await scope.trx('audit_log').where({ tenant_id: tenant.id, resource_id: 'mdl_a' });
        return { direct, inside: inside.length };
      });
    });
    assert.equal(seen.inside, 0, 'held until the work ended');
    const records = (await audited(tenant.id)).slice(before);
    assert.deepEqual(
      records.map((record) => record.resource_id),
      ['mdl_direct', 'mdl_a', 'mdl_b', 'mdl_c'],
    );
    assert.deepEqual(
      records.map((record) => Number(record.sequence)),
      [before + 1, before + 2, before + 3, before + 4],
    );
    const events = await evented(tenant.id);
    assert.deepEqual(
      events.map((event) => event.data.model.id),
      ['mdl_a', 'mdl_b', 'mdl_c'],
    );
    assert.deepEqual(
      events.map((event) => Number(event.sequence) - Number(events[0].sequence)),
      [0, 1, 2],
    );
    const verification = await inTenantTransaction(db(), tenant.id, (scope) => verifyAuditChain(scope));
    assert.equal(verification.verified, true, JSON.stringify(verification));
    assert.equal(verification.head_sequence, before + 4);
  });

  it('writes nothing when the work fails, and notes outside it are written at once', async () => {
    const tenant = await createTenantForTest(db());
    const before = (await audited(tenant.id)).length;
    await assert.rejects(
      inTenantTransaction(db(), tenant.id, (scope) =>
        withDeferredAppends(scope, async () => {
          await noteEvent(scope, 'model.version.published', { model: { id: 'mdl_lost' } });
          throw new Error('the work failed');
        }),
      ),
      /the work failed/,
    );
    assert.equal((await evented(tenant.id)).length, 0);
    await inTenantTransaction(db(), tenant.id, async (scope) => {
      await noteAuditRecord(scope, {
        actor: tenant.actor,
        action: 'model.version.published',
        resourceType: 'model',
        resourceId: 'mdl_now',
        payload: {},
      });
      assert.equal((await scope.trx('audit_log').where({ tenant_id: tenant.id, resource_id: 'mdl_now' })).length, 1);
    });
    assert.equal((await audited(tenant.id)).length, before + 1);
  });
});
