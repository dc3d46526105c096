import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { ALL_SCOPES } from '../core/scopes';
import { issueApiKey } from './repositories/api-keys';
import { createTenant, findTenant } from './repositories/tenants';
import { inTenantTransaction } from './tenant-scope';

interface DemoState {
  tenantId: string;
  apiKey: string;
}

/**
 * The one-command start prints a ready-to-use key. It is created on the first start only and kept (mode 0600)
 * under DATA_DIR, next to the database it belongs to, so later starts print the same key.
 */
export async function ensureDemoTenant(
  db: Knex,
  dataDir: string,
): Promise<{ tenantId: string; apiKey: string; created: boolean }> {
  const statePath = path.join(dataDir, 'demo-tenant.json');
  if (fs.existsSync(statePath)) {
    const saved = JSON.parse(fs.readFileSync(statePath, 'utf8')) as DemoState;
    if (await findTenant(db, saved.tenantId)) return { ...saved, created: false };
  }
  // Tenant and key in one transaction: a crash in between leaves neither behind.
  const { tenant, key } = await db.transaction(async (trx) => {
    const created = await createTenant(trx, { name: 'demo', plan: 'professional' });
    const issued = await inTenantTransaction(trx, created.id, (scope) =>
      issueApiKey(scope, { name: 'demo key', scopes: ALL_SCOPES, expiresAt: null }, { type: 'system', id: 'bootstrap' }),
    );
    return { tenant: created, key: issued.key };
  });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(statePath, `${JSON.stringify({ tenantId: tenant.id, apiKey: key }, null, 2)}\n`, { mode: 0o600 });
  return { tenantId: tenant.id, apiKey: key, created: true };
}
