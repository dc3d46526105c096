import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Lints `source` as if it were a file in `folder` (so the repository's eslint.config.mjs applies to it as to any file
 * there), its name starting with `role` (`routes-…`, `start-…`: the rules by role go by file name); returns the
 * messages of `rule`. Nothing is written to the working tree: other tests (the documentation's) watch it.
 */
async function importProblems(where: string, source: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [folder, role] = where.split(':') as [string, string | undefined];
  const filePath = path.join(ROOT, folder, `${role ? `${role}-` : ''}lint-probe.ts`);
  const [result] = await new ESLint({ cwd: ROOT }).lintText(`${source}\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** `where` is a folder, or `folder:role` for a probe named as that role's files are (`api/scenarios:routes`). */
const refused = async (folder: string, source: string, message: RegExp) => {
  const problems = await importProblems(folder, source);
  assert.ok(
    problems.some((problem) => message.test(problem)),
    `${folder}: ${source} should fail lint with ${message}, got ${JSON.stringify(problems)}`,
  );
};
const allowed = async (folder: string, source: string) =>
  assert.deepEqual(await importProblems(folder, source), [], `${folder}: ${source}`);

describe('lint rules by role (eslint.config.mjs): a forbidden import fails lint', () => {
  it('routes import no db/ (nor workflows): they call a use case', async () => {
    await refused(
      'api/administration:routes',
      "export { listMembers } from '../../db/repositories/users';",
      /A family's routes \(api\/<family>\/routes\*\.ts\) parse, call a use case and respond/,
    );
    await refused(
      'api/administration:routes',
      "import { findTenant } from '../../db/repositories/tenants';\nvoid findTenant;",
      /no database/,
    );
    await refused(
      'api/webhooks:routes',
      "import { WEBHOOK_LANE_WORKFLOW } from '../../workflows/webhooks/contracts';\nvoid WEBHOOK_LANE_WORKFLOW;",
      /no workflows/,
    );
    await refused(
      'api/integrations:routes',
      "import { createIntegrationSyncs } from './start-syncs';\nvoid createIntegrationSyncs;",
      /no workflows/,
    );
    await allowed('api/administration:routes', "import { createUserService } from './users';\nvoid createUserService;");
  });

  it('the console uses use cases, not repositories', async () => {
    await refused(
      'api/console',
      "import { listMembers } from '../../db/repositories/users';\nvoid listMembers;",
      /api\/console\/ uses the use cases/,
    );
    await refused(
      'api/console',
      "import type { ConsoleSessionRow } from '../../db/repositories/console-sessions';\nexport type Row = ConsoleSessionRow;",
      /uses the use cases/,
    );
    await refused(
      'api/console',
      "import { createIntegrationSyncs } from '../integrations/start-syncs';\nvoid createIntegrationSyncs;",
      /no workflows/,
    );
    await allowed(
      'api/console',
      "import { createTenantDirectory } from '../administration/tenant-directory';\nvoid createTenantDirectory;",
    );
  });

  it("a family's start-*.ts (its orchestration) imports no other api/ module; the worker may import it, and nothing else of api/", async () => {
    await refused(
      'api/integrations:start',
      "import { createIntegrationService } from './service';\nvoid createIntegrationService;",
      /imports no other api\/ module/,
    );
    await refused(
      'api/integrations:start',
      "import { requestContext } from '../context';\nvoid requestContext;",
      /imports no other api\/ module/,
    );
    await allowed(
      'api/integrations:start',
      "import { INTEGRATION_SYNC_WORKFLOW } from '../../workflows/integrations/contracts-syncs';\nimport { withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';\nvoid INTEGRATION_SYNC_WORKFLOW;\nvoid withWorkflowEngineDeadline;",
    );
    await refused(
      'api/integrations:start',
      "import { createWorkers } from '../../orchestration/workers';\nvoid createWorkers;",
      /composing the process/,
    );
    await refused(
      'worker',
      "import { createIntegrationService } from '../api/integrations/service';\nvoid createIntegrationService;",
      /worker\/ never imports api\//,
    );
    await allowed(
      'worker',
      "import { createIntegrationSyncs } from '../api/integrations/start-syncs';\nvoid createIntegrationSyncs;",
    );
  });

  it('a workflow imports only its contract, @temporalio/workflow and types', async () => {
    const onlyContract = /may import only its contract/;
    // Another workflow's code, even to start it as a child: by its contract's type name instead.
    await refused(
      'workflows/integrations',
      "import { integrationSyncWorkflow } from './integration-sync';\nvoid integrationSyncWorkflow;",
      onlyContract,
    );
    // Another family's contract is not its contract.
    await refused(
      'workflows/integrations',
      "import { SCENARIO_RUN_WORKFLOW } from '../scenarios/contracts-runs';\nvoid SCENARIO_RUN_WORKFLOW;",
      onlyContract,
    );
    await refused('workflows/integrations', "import { newId } from '../../core/ids';\nvoid newId;", onlyContract);
    await refused(
      'workflows/integrations',
      "import { SearchAttributeType } from '@temporalio/common';\nvoid SearchAttributeType;",
      onlyContract,
    );
    await refused(
      'workflows/integrations',
      "import { readFileSync } from 'node:fs';\nvoid readFileSync;",
      /Node built-ins/,
    );
    await allowed(
      'workflows/integrations',
      "import { proxyActivities } from '@temporalio/workflow';\nimport { INTEGRATION_SYNC_WORKFLOW } from './contracts-syncs';\nimport { DEFAULT_RETRY } from '../contracts/activity-retry';\nvoid proxyActivities;\nvoid INTEGRATION_SYNC_WORKFLOW;\nvoid DEFAULT_RETRY;",
    );
    await allowed(
      'workflows/integrations',
      "import type { Activities } from '../../activities';\nimport type { integrationSyncWorkflow } from './integration-sync';\nexport type Both = [Activities, typeof integrationSyncWorkflow];",
    );
  });

  it('fences the browser code (console-app/) from the server, and the server from it', async () => {
    await refused(
      'console-app/editor',
      "import { AppError } from '../../core/app-error';\nvoid AppError;",
      /console-app\/ runs in the browser: it imports no server code/,
    );
    await refused(
      'console-app/editor',
      "import type { JdmGraph } from '../../decision/jdm';\nexport type Graph = JdmGraph;",
      /console-app\/ runs in the browser: it imports no server code/,
    );
    await refused('console-app', "import fs from 'node:fs';\nvoid fs;", /runs in the browser: no Node modules/);
    await allowed('console-app/editor', "import { createRoot } from 'react-dom/client';\nvoid createRoot;");
    await refused(
      'api/console',
      "import { mountEditor } from '../../console-app/editor/main';\nvoid mountEditor;",
      /console-app\/ is browser code/,
    );
    await refused(
      'decision',
      "import type { EditorBootstrap } from '../console-app/editor/bootstrap';\nexport type B = EditorBootstrap;",
      /console-app\/ is browser code/,
    );
  });

  it('keeps the layers below: core/ imports nothing of ours but core/', async () => {
    await refused(
      'core',
      "import { listMembers } from '../db/repositories/users';\nvoid listMembers;",
      /core\/ imports nothing of ours/,
    );
  });
});

describe('no SQL outside db/ (eslint.config.mjs, rooms/no-sql-outside-db)', () => {
  const SQL_RULE = 'rooms/no-sql-outside-db';
  const sqlProblems = (where: string, source: string) => importProblems(where, source, SQL_RULE);
  const hasSql = async (where: string, source: string) => {
    const problems = await sqlProblems(where, source);
    assert.ok(
      problems.some((problem) => /^SQL lives in db\//.test(problem)),
      `${where}: ${source} should fail lint with ${SQL_RULE}, got ${JSON.stringify(problems)}`,
    );
  };
  const noSql = async (where: string, source: string) =>
    assert.deepEqual(await sqlProblems(where, source), [], `${where}: ${source}`);

  // The same snippets: refused in a use case, passed in a repository.
  const QUERIES = [
    "import type { Knex } from 'knex';\nexport const count = (trx: Knex.Transaction) => trx('decisions').count('id');",
    "import type { Knex } from 'knex';\nexport const names = (db: Knex) => db.raw('select name from users');",
    "import type { Knex } from 'knex';\nexport const live = (db: Knex) => db('webhooks').whereRaw('disabled_at is null');",
    "import type { TenantScope } from '../../db/tenant-scope';\nexport const list = (scope: TenantScope) => scope.trx('kpis').where({ tenant_id: scope.tenantId });",
    "import type { Knex } from 'knex';\nexport const stamp = (db: Knex) => ({ updated_at: db.fn.now() });",
    "import type { Knex } from 'knex';\nexport const listen = async (db: Knex) => { const connection = await db.client.acquireRawConnection(); return connection; };",
    'export const listen = async (connection: { query(text: string): Promise<unknown> }) => connection.query(`LISTEN changes`);',
  ];
  const IMPORTS = [
    "import knex from 'knex';\nvoid knex;",
    "import { Model } from 'objection';\nvoid Model;",
    "import pg from 'pg';\nvoid pg;",
    "import { Knex } from 'knex';\nexport type Trx = Knex.Transaction;",
    "import { KpiRecord } from '../../db/records/kpi';\nexport const all = () => KpiRecord.query();",
    "import { scoped, type TenantScope } from '../../db/tenant-scope';\nimport type { KpiRecord } from '../../db/records/kpi';\nexport const q = (scope: TenantScope, model: typeof KpiRecord) => scoped(scope, model);",
  ];

  it('refuses a query written in a use case (api/), and passes the same in db/repositories', async () => {
    for (const source of QUERIES) {
      await hasSql('api/kpis', source);
      await noSql('db/repositories', source);
    }
  });

  it('refuses value imports of the SQL clients, record classes and scoped builders outside db/, and passes them in db/', async () => {
    for (const source of IMPORTS) {
      await hasSql('api/kpis', source);
      await noSql('db/repositories', source.replaceAll('../../db/', '../'));
    }
  });

  it('bites in every product folder, a new one included; scripts/ and test/ are exempt', async () => {
    const source = QUERIES[0] as string;
    for (const folder of [
      'activities/kpis',
      'worker',
      'orchestration',
      'core',
      'rules/kpis',
      'integrations',
      'workflows/kpis',
    ])
      await hasSql(folder, source);
    // A top-level folder no list names yet.
    await hasSql('lint-probe-folder', source);
    await noSql('scripts', source);
    await noSql('test/helpers', source);
  });

  it('lets through what is not SQL: type-only imports, a transaction passed on, record helpers, other query() calls', async () => {
    await noSql(
      'api/kpis',
      "import type { Knex } from 'knex';\nimport type { KpiRecord } from '../../db/records/kpi';\nexport type Both = [Knex.Transaction, KpiRecord];",
    );
    await noSql(
      'api/kpis',
      "import { inTenantTransaction } from '../../db/tenant-scope';\nimport { listKpis } from '../../db/repositories/kpis';\nimport type { Knex } from 'knex';\nexport const list = (db: Knex, tenantId: string) => inTenantTransaction(db, tenantId, (scope) => listKpis(scope, {}, { limit: 10 }));",
    );
    await noSql('api/kpis', "import { presentSync } from '../../db/records/integration-sync';\nvoid presentSync;");
    await noSql(
      'api/kpis',
      'export const state = (handle: { query(name: string): Promise<unknown> }, name: string) => handle.query(name);',
    );
    await noSql('api/kpis', 'export const label = String.raw`a\\b`;');
  });
});
