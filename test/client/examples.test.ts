import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DecisionModelingClient, apiKey } from '../../clients/typescript/src/index';
import { ensureDemoTenant, type DemoTenant } from '../../db/demo-tenant';
import { createSignInClient } from '../helpers/people';
import { adoptTestTenant, startTestStack, type TestStack } from '../helpers/stack';

/**
 * The typed client's examples (clients/typescript/examples), each run as a reader runs it (`npx tsx …` with the
 * API's address and a key in the environment) against a real stack with the demo tenant `npm start` makes: each must
 * exit 0, and each checks what it did as it goes (a `check` that fails exits 1).
 */

const REPO = path.resolve(__dirname, '..', '..');
const EXAMPLES = path.join(REPO, 'clients', 'typescript', 'examples');

function runExample(
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(EXAMPLES, file)], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the typed client's examples", () => {
  let stack: TestStack;
  let demo: DemoTenant;
  let dataDir: string;
  let env: Record<string, string>;

  before(async () => {
    // The webhook example's receiver listens on 127.0.0.1.
    stack = await startTestStack({
      worker: true,
      env: { EVENT_RELAY_POLL_MS: '200', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-client-examples-'));
    demo = await ensureDemoTenant(stack.db, dataDir, {
      emailDomain: `${path.basename(dataDir).toLowerCase()}.example.com`,
    });
    // Its events (the webhook example's deliveries, the KPI's alert) are this stack's relay's to handle.
    adoptTestTenant(stack.db, demo.tenantId);
    env = { DMS_BASE_URL: stack.baseUrl, DMS_API_KEY: demo.apiKey };
  });
  after(async () => {
    await stack?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const expectations: Record<string, RegExp[]> = {
    'api-keys.ts': [/^signed in to ten_\w+ as api_key key_\w+$/m, /^created key_\w+ /m, /^refused: \/name /m],
    'scenario-with-uncertainty.ts': [/^scn_\w+: completed$/m, /"service_level"/],
    'batch.ts': [/^bat_\w+: \{"total":3,"done":3,"completed":3/m, /^ {2}scn_\w+ completed arrival rate 300$/m],
    'webhook-receiver.ts': [
      /^test event evt_\w+$/m,
      /^scenario scn_\w+ completed$/m,
      /^ {2}delivery dlv_\w+ scenario\.completed succeeded$/m,
    ],
    'integration-sync.ts': [
      /^syn_\w+: partially_completed, \{"read":4,"inserted":3/m,
      /^ {2}rejected e003: \/salary/m,
      /^Engineering headcount: 2$/m,
    ],
    'kpi-alert.ts': [/^kal_\w+ firing critical: /m, /^acknowledged at \d{4}-/m],
  };

  for (const [file, patterns] of Object.entries(expectations)) {
    it(`${file} runs against the service`, async () => {
      const result = await runExample(file, env);
      const context = `\n--- stdout ---\n${result.stdout.slice(-3000)}\n--- stderr ---\n${result.stderr.slice(-3000)}`;
      assert.equal(result.code, 0, `${file} exited ${result.code}${context}`);
      for (const pattern of patterns) assert.match(result.stdout, pattern, `${file}: ${pattern}${context}`);
    });
  }

  it("decision-approval.ts runs with a person's access token from a real sign-in", async () => {
    const people = await createSignInClient(stack, demo.apiKey, ['decisions:read', 'decisions:write']);
    const approver = await people.person('approver', demo.tenantId, 'approver');
    const result = await runExample('decision-approval.ts', { ...env, DMS_USER_TOKEN: approver.token });
    const context = `\n--- stdout ---\n${result.stdout.slice(-3000)}\n--- stderr ---\n${result.stderr.slice(-3000)}`;
    assert.equal(result.code, 0, `exited ${result.code}${context}`);
    assert.match(result.stdout, new RegExp(`^approver: ${approver.id}$`, 'm'), context);
    assert.match(result.stdout, /^dec_\w+ approved$/m, context);
    assert.match(result.stdout, /decision\.step\.approved/, context);
  });

  it('follows an audit export to its end and downloads its lines (a waiter the examples do not use)', async () => {
    const client = new DecisionModelingClient({ baseUrl: stack.baseUrl, auth: apiKey(demo.apiKey) });
    const exported = await client.auditExports.createAndWait({}, { timeoutMs: 120_000 });
    assert.equal(exported.status, 'completed', JSON.stringify(exported));
    const lines = await client.auditExports.download(exported.id, { format: 'jsonl' });
    assert.equal(typeof lines, 'string');
    // One record per line, each with its chain hash.
    const records = lines
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { hash?: unknown });
    assert.ok(records.length > 0 && records.every((record) => typeof record.hash === 'string'), lines.slice(0, 500));
  });

  it('has a test for every example', () => {
    const files = fs.readdirSync(EXAMPLES).filter((name) => name.endsWith('.ts') && name !== 'connect.ts');
    assert.deepEqual(files.sort(), [...Object.keys(expectations), 'decision-approval.ts'].sort());
  });
});
