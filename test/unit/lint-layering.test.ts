import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Lints one probe file written into `folder` (so the repository's eslint.config.mjs applies to it as to any file
 * there) and removes it again; returns the messages of the import rule.
 */
async function importProblems(folder: string, source: string): Promise<string[]> {
  const file = path.join(ROOT, folder, `lint-probe-${process.pid}-${Math.random().toString(36).slice(2)}.ts`);
  fs.writeFileSync(file, `${source}\n`);
  try {
    const [result] = await new ESLint({ cwd: ROOT }).lintFiles([file]);
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const refused = async (folder: string, source: string, message: RegExp) => {
  const problems = await importProblems(folder, source);
  assert.ok(problems.some((problem) => message.test(problem)), `${folder}: ${source} should fail lint with ${message}, got ${JSON.stringify(problems)}`);
};
const allowed = async (folder: string, source: string) => assert.deepEqual(await importProblems(folder, source), [], `${folder}: ${source}`);

describe('lint rules by role (eslint.config.mjs): a forbidden import fails lint', () => {
  it('routes import no db/ (nor workflows): they call a service', async () => {
    await refused('api/routes', "export { listMembers } from '../../db/repositories/users';", /api\/routes\/ parse, call a service and respond/);
    await refused('api/routes', "import { findTenant } from '../../db/repositories/tenants';\nvoid findTenant;", /no database/);
    await refused('api/routes', "import { WEBHOOK_LANE_WORKFLOW } from '../../workflows/webhooks/contracts';\nvoid WEBHOOK_LANE_WORKFLOW;", /no workflows/);
    await allowed('api/routes', "import { createUserService } from '../services/users';\nvoid createUserService;");
  });

  it('the console uses services, not repositories', async () => {
    await refused('api/console', "import { listMembers } from '../../db/repositories/users';\nvoid listMembers;", /api\/console\/ uses the services/);
    await refused('api/console', "import type { ConsoleSessionRow } from '../../db/repositories/console-sessions';\nexport type Row = ConsoleSessionRow;", /uses the services/);
    await refused('api/console', "import { createIntegrationSyncs } from '../../api/integrations/start-syncs';\nvoid createIntegrationSyncs;", /no workflows/);
    await allowed('api/console', "import { createTenantDirectory } from '../services/tenant-directory';\nvoid createTenantDirectory;");
  });

  it('a workflow imports only its contract, @temporalio/workflow and types', async () => {
    const onlyContract = /may import only its contract/;
    // Another workflow's code, even to start it as a child: by its contract's type name instead.
    await refused('workflows', "import { integrationSyncWorkflow } from './integration-sync';\nvoid integrationSyncWorkflow;", onlyContract);
    await refused('workflows', "import { newId } from '../core/ids';\nvoid newId;", onlyContract);
    await refused('workflows', "import { SearchAttributeType } from '@temporalio/common';\nvoid SearchAttributeType;", onlyContract);
    await refused('workflows', "import { readFileSync } from 'node:fs';\nvoid readFileSync;", /Node built-ins/);
    await allowed('workflows', "import { proxyActivities } from '@temporalio/workflow';\nimport { INTEGRATION_SYNC_WORKFLOW } from './contracts/integration-syncs';\nvoid proxyActivities;\nvoid INTEGRATION_SYNC_WORKFLOW;");
    await allowed('workflows', "import type { Activities } from '../activities';\nimport type { integrationSyncWorkflow } from './integration-sync';\nexport type Both = [Activities, typeof integrationSyncWorkflow];");
  });

  it('keeps the layers below: core/ imports nothing of ours but core/', async () => {
    await refused('core', "import { listMembers } from '../db/repositories/users';\nvoid listMembers;", /core\/ imports nothing of ours/);
  });
});
