import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { call, type TestStack, type TestTenant } from './stack';
import { waitFor } from './wait';

/**
 * A sync that failed in part through the real path, with no network: a CSV integration whose upload has a salary the
 * mapping cannot read as a number (that record rejected, the sync `partially_completed`). `fix` uploads the file
 * corrected, which a sync run again reads. Needs a worker running the stack's syncs.
 */
export async function createFailedSync(stack: Pick<TestStack, 'baseUrl'>, tenant: TestTenant) {
  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, path, { key: tenant.key, body });
  const upload = async (csv: string) => {
    const uploaded = await call(stack.baseUrl, 'POST', `/api/v1/integrations/${integrationId}/uploads`, {
      key: tenant.key,
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
  };
  const created = await api('POST', '/api/v1/integrations', {
    name: `failing ${crypto.randomBytes(4).toString('hex')}`,
    connector_type: 'csv',
    config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const integrationId = created.body.id as string;
  const mapped = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, {
    stream: 'employees',
    target: 'employees',
    fields: {
      employee_id: { source: 'id' },
      salary: { source: 'pay', transforms: [{ type: 'cast', to: 'number' }] },
    },
  });
  assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
  await upload('id,pay\r\ne1,5000\r\ne2,lots\r\n');
  const sync = await api('POST', `/api/v1/integrations/${integrationId}/syncs`, { mode: 'full' });
  assert.equal(sync.status, 202, JSON.stringify(sync.body));
  const syncId = sync.body.id as string;
  await waitFor(
    'the sync to end with a rejected record',
    async () =>
      (await api('GET', `/api/v1/integrations/${integrationId}/syncs/${syncId}`)).body.status === 'partially_completed',
    120_000,
  );
  return {
    integrationId,
    syncId,
    /** Its id in GET /failures. */
    failureId: `integration_sync_${syncId}`,
    fix: () => upload('id,pay\r\ne1,5000\r\ne2,6000\r\n'),
  };
}
