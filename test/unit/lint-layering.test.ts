import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Lints one probe file written into `folder` (so the repository's eslint.config.mjs applies to it as to any file
 * there), its name starting with `role` (`routes-…`, `start-…`: the rules by role go by file name), and removes it
 * again; returns the messages of the import rule.
 */
async function importProblems(where: string, source: string): Promise<string[]> {
  const [folder, role] = where.split(':') as [string, string | undefined];
  const file = path.join(ROOT, folder, `${role ? `${role}-` : ''}lint-probe-${process.pid}-${Math.random().toString(36).slice(2)}.ts`);
  fs.writeFileSync(file, `${source}\n`);
  try {
    const [result] = await new ESLint({ cwd: ROOT }).lintFiles([file]);
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** `where` is a folder, or `folder:role` for a probe named as that role's files are (`api/scenarios:routes`). */
const refused = async (folder: string, source: string, message: RegExp) => {
  const problems = await importProblems(folder, source);
  assert.ok(problems.some((problem) => message.test(problem)), `${folder}: ${source} should fail lint with ${message}, got ${JSON.stringify(problems)}`);
};
const allowed = async (folder: string, source: string) => assert.deepEqual(await importProblems(folder, source), [], `${folder}: ${source}`);

describe('lint rules by role (eslint.config.mjs): a forbidden import fails lint', () => {
  it('routes import no db/ (nor workflows): they call a use case', async () => {
    await refused('api/administration:routes', "export { listMembers } from '../../db/repositories/users';", /A family's routes \(api\/<family>\/routes\*\.ts\) parse, call a use case and respond/);
    await refused('api/administration:routes', "import { findTenant } from '../../db/repositories/tenants';\nvoid findTenant;", /no database/);
    await refused('api/webhooks:routes', "import { WEBHOOK_LANE_WORKFLOW } from '../../workflows/webhooks/contracts';\nvoid WEBHOOK_LANE_WORKFLOW;", /no workflows/);
    await refused('api/integrations:routes', "import { createIntegrationSyncs } from './start-syncs';\nvoid createIntegrationSyncs;", /no workflows/);
    await allowed('api/administration:routes', "import { createUserService } from './users';\nvoid createUserService;");
  });

  it('the console uses use cases, not repositories', async () => {
    await refused('api/console', "import { listMembers } from '../../db/repositories/users';\nvoid listMembers;", /api\/console\/ uses the use cases/);
    await refused('api/console', "import type { ConsoleSessionRow } from '../../db/repositories/console-sessions';\nexport type Row = ConsoleSessionRow;", /uses the use cases/);
    await refused('api/console', "import { createIntegrationSyncs } from '../integrations/start-syncs';\nvoid createIntegrationSyncs;", /no workflows/);
    await allowed('api/console', "import { createTenantDirectory } from '../administration/tenant-directory';\nvoid createTenantDirectory;");
  });

  it("a family's start-*.ts (its orchestration) imports no other api/ module; the worker may import it, and nothing else of api/", async () => {
    await refused('api/integrations:start', "import { createIntegrationService } from './service';\nvoid createIntegrationService;", /imports no other api\/ module/);
    await refused('api/integrations:start', "import { requestContext } from '../context';\nvoid requestContext;", /imports no other api\/ module/);
    await allowed('api/integrations:start', "import { INTEGRATION_SYNC_WORKFLOW } from '../../workflows/integrations/contracts-syncs';\nimport { withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';\nvoid INTEGRATION_SYNC_WORKFLOW;\nvoid withWorkflowEngineDeadline;");
    await refused('api/integrations:start', "import { createWorkers } from '../../orchestration/workers';\nvoid createWorkers;", /composing the process/);
    await refused('worker', "import { createIntegrationService } from '../api/integrations/service';\nvoid createIntegrationService;", /worker\/ never imports api\//);
    await allowed('worker', "import { createIntegrationSyncs } from '../api/integrations/start-syncs';\nvoid createIntegrationSyncs;");
  });

  it('a workflow imports only its contract, @temporalio/workflow and types', async () => {
    const onlyContract = /may import only its contract/;
    // Another workflow's code, even to start it as a child: by its contract's type name instead.
    await refused('workflows/integrations', "import { integrationSyncWorkflow } from './integration-sync';\nvoid integrationSyncWorkflow;", onlyContract);
    // Another family's contract is not its contract.
    await refused('workflows/integrations', "import { SCENARIO_RUN_WORKFLOW } from '../scenarios/contracts-runs';\nvoid SCENARIO_RUN_WORKFLOW;", onlyContract);
    await refused('workflows/integrations', "import { newId } from '../../core/ids';\nvoid newId;", onlyContract);
    await refused('workflows/integrations', "import { SearchAttributeType } from '@temporalio/common';\nvoid SearchAttributeType;", onlyContract);
    await refused('workflows/integrations', "import { readFileSync } from 'node:fs';\nvoid readFileSync;", /Node built-ins/);
    await allowed('workflows/integrations', "import { proxyActivities } from '@temporalio/workflow';\nimport { INTEGRATION_SYNC_WORKFLOW } from './contracts-syncs';\nimport { DEFAULT_RETRY } from '../contracts/activity-retry';\nvoid proxyActivities;\nvoid INTEGRATION_SYNC_WORKFLOW;\nvoid DEFAULT_RETRY;");
    await allowed('workflows/integrations', "import type { Activities } from '../../activities';\nimport type { integrationSyncWorkflow } from './integration-sync';\nexport type Both = [Activities, typeof integrationSyncWorkflow];");
  });

  it('keeps the layers below: core/ imports nothing of ours but core/', async () => {
    await refused('core', "import { listMembers } from '../db/repositories/users';\nvoid listMembers;", /core\/ imports nothing of ours/);
  });
});
