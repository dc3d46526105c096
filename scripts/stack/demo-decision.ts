import { findUserByEmail } from '../../db/repositories/users';
import { readDemoState, writeDemoState, type DemoTenant } from '../../db/demo-tenant';
import type { Knex } from 'knex';

type DemoCall = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** The built-in staffing model the sample decision's scenarios run (inputs: calls per hour, handle time, service level). */
const STAFFING_MODEL = 'mdl_service_queue_staffing';
const STAFFING_INPUTS = { average_handle_time_seconds: 180, target_service_level: 0.8, target_answer_time_seconds: 20 };

/** A scenario of the staffing model at this call volume, once its run completed (a slow machine may answer 202 first). */
async function completedScenario(call: DemoCall, name: string, arrivalRatePerHour: number): Promise<string> {
  let scenario = await call('POST', '/scenarios', {
    model_id: STAFFING_MODEL,
    name,
    tags: ['demo'],
    inputs: { ...STAFFING_INPUTS, arrival_rate_per_hour: arrivalRatePerHour },
  });
  for (let attempt = 0; scenario.status !== 'completed' && attempt < 120; attempt++) {
    if (scenario.status === 'failed' || scenario.status === 'cancelled')
      throw new Error(`the sample scenario "${name}" ${String(scenario.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    scenario = await call('GET', `/scenarios/${String(scenario.id)}`);
  }
  if (scenario.status !== 'completed') throw new Error(`the sample scenario "${name}" did not complete`);
  return scenario.id as string;
}

/**
 * The sample decision of the demo tenant: a one-step "Demo review" policy whose approver is the demo approver, and a
 * decision owned by the demo analyst, submitted under it, so the console's inbox shows a pending step at once.
 * Submission starts a Temporal workflow, so this runs through the real API once the stack is up. Seeded once: the ids
 * are saved in DATA_DIR/demo-tenant.json as soon as they exist, and the decision is submitted only while it is still a
 * draft (a start interrupted between creating and submitting it). Once people have acted on it (approved, withdrawn,
 * deleted it…) later starts leave it alone. Answers the decision's id while it awaits the approver, otherwise undefined.
 */
export async function ensureSampleDecision(input: {
  baseUrl: string;
  dataDir: string;
  db: Knex;
  demo: DemoTenant;
}): Promise<string | undefined> {
  const { baseUrl, demo } = input;
  const call: DemoCall = async (method, path, body) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    // A sample decision someone deleted stays deleted.
    if (response.status === 404 && method === 'GET') return {};
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${String(json.detail ?? '')}`);
    return json;
  };
  const save = (patch: { samplePolicyId?: string; sampleDecisionId?: string }) => {
    const state = readDemoState(input.dataDir);
    if (state) writeDemoState(input.dataDir, { ...state, ...patch });
  };

  const approver = await findUserByEmail(input.db, demo.approver.email);
  const analyst = await findUserByEmail(input.db, demo.analyst.email);
  if (!approver || !analyst) throw new Error('the demo approver or analyst is missing');

  let policyId = demo.samplePolicyId;
  if (!policyId) {
    const policy = await call('POST', '/approval-policies', {
      name: 'Demo review',
      description: 'The sample policy of the demo tenant: one step, approved by the demo approver.',
      steps: [
        {
          name: 'Approver review',
          approvals_required: 1,
          approvers: { user_ids: [approver.id] },
          sla: 'P2D',
          escalate_to: { role: 'admin' },
        },
      ],
    });
    policyId = policy.id as string;
    save({ samplePolicyId: policyId });
  }
  let decisionId = demo.sampleDecisionId;
  if (!decisionId) {
    // Each option links a completed scenario of the staffing model (its run frozen into the decision), so the decision
    // page compares the two options' figures side by side.
    const current = await completedScenario(call, 'Q3 staffing: current volume', 100);
    const growth = await completedScenario(call, 'Q3 staffing: growth case', 140);
    const decision = await call('POST', '/decisions', {
      title: 'Support desk staffing for Q3',
      context: 'Call volume has grown every month since March. Do we staff for today or for the growth case from July?',
      options: [
        { label: 'Current volume', description: 'Keep 12 agents; overtime covers the peaks.', scenario_id: current },
        { label: 'Growth case', description: 'Hire 4 agents in June, trained by July.', scenario_id: growth },
      ],
      chosen_option: 'opt_2',
      rationale: 'Growth is already visible in the queue times.',
      owner_id: analyst.id,
      tags: ['demo', 'q3'],
      due_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    });
    decisionId = decision.id as string;
    save({ sampleDecisionId: decisionId });
  }
  const current = await call('GET', `/decisions/${decisionId}`);
  if (current.status === 'draft') {
    const submitted = await call('POST', `/decisions/${decisionId}/submit`, { approval_policy_id: policyId });
    return submitted.status === 'pending_approval' ? decisionId : undefined;
  }
  return current.status === 'pending_approval' ? decisionId : undefined;
}
