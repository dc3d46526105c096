import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { STAFFING_MODEL_ID, staffingInputs } from '../fixtures/model-bodies';
import { call, createTestTenant, startTestStack, type ApiResponse, type TestStack, type TestTenant } from './stack';

/** An API call (path under /api/v1) as `key`; each test file defaults `key` to its tenant's. */
export type TenantApi = (method: string, path: string, body?: unknown, key?: string) => Promise<ApiResponse>;

export interface DecisionOutcomeContext {
  stack: TestStack;
  tenant: TestTenant;
  /** Another tenant, to prove isolation. */
  other: TestTenant;
  /** The staffing run the fixtures' chosen option links: its metrics are the default expected values. */
  scenario: { id: string; metrics: Record<string, number> };
}

/** The setup of the decision-outcome test files: one stack with a worker for the whole `describe`, its tenants and a completed run. */
export function useDecisionOutcomeStack(tenantName: string, assign: (context: DecisionOutcomeContext) => void): void {
  let stack: TestStack | undefined;
  before(async () => {
    const started = await startTestStack({ worker: true });
    stack = started;
    const tenant = await createTestTenant(started.db, { name: tenantName });
    const other = await createTestTenant(started.db, { name: 'Elsewhere' });
    const api: TenantApi = (method, path, body, key = tenant.key) =>
      call(started.baseUrl, method, `/api/v1${path}`, { key, body });
    assign({ stack: started, tenant, other, scenario: await completedStaffingScenario(api, tenant.key) });
  });
  after(async () => stack?.close());
}

/** Runs the built-in staffing model as `key`'s tenant; the run completes at once. */
export async function completedStaffingScenario(api: TenantApi, key: string) {
  const response = await api('POST', '/scenarios', { model_id: STAFFING_MODEL_ID, inputs: staffingInputs }, key);
  assert.equal(response.status, 201, JSON.stringify(response.body));
  assert.equal(response.body.status, 'completed');
  return response.body as { id: string; metrics: Record<string, number> };
}

/** A draft decision whose chosen option (opt_1) links the run `scenarioId`; `fields` override the body. */
export async function draftStaffingDecision(
  api: TenantApi,
  scenarioId: string,
  fields: Record<string, unknown>,
  key: string,
) {
  const created = await api(
    'POST',
    '/decisions',
    {
      title: 'Support desk staffing',
      options: [{ label: 'Staff for today', scenario_id: scenarioId }, { label: 'Wait' }],
      chosen_option: 'opt_1',
      ...fields,
    },
    key,
  );
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body as { id: string };
}

/** Metric names every outcome endpoint refuses with 422 at `/metric`: not a string, empty, over 100 characters, padded, two lines. */
export const invalidMetricNames: unknown[] = [5, '', 'm'.repeat(101), ' padded', 'two\nlines'];
