import type { FieldProblem } from '../save';

/**
 * The simulator panel's calls to the console's JSON routes (api/console/model-simulator-routes.ts): the session cookie
 * and the page's CSRF token in `X-CSRF-Token`, never an API key. Format-neutral: `content` is what the editor holds
 * (a JDM graph, or DMN XML), sent as the API's working-copy requests take it.
 */

export interface SimulatorLinks {
  /** POST: the working copy run on inputs beside the published version. */
  simulate: string;
  /** POST: the model's suite run on the working copy. */
  simulate_tests: string;
  /** POST: a new case of the model's suite. */
  test_cases: string;
  /** POST: the saved draft submitted for review. */
  submit: string;
  /** GET: the approval policies a submission may name. */
  review_policies: string;
}

export interface WorkingCopy {
  content: unknown;
  /** Absent: the API derives them (a DMN model's come from the model). */
  input_schema?: Record<string, unknown>;
  output_schema?: Record<string, unknown>;
}

export interface TraceStep {
  node_id?: string;
  name: string;
  kind: string;
  input?: unknown;
  output: unknown;
  matched_rules?: Array<{ index: number; id: string | null }>;
  taken_branches?: Array<{ id: string; condition: string }>;
  performance?: string;
}

export interface Evaluation {
  outputs?: Record<string, unknown>;
  trace?: TraceStep[];
  matched_rules?: Array<{ node_id: string; name: string; rule_ids: Array<string | null>; rule_indexes: number[] }>;
  duration_ms?: number;
  error?: { code: string; message: string; node_id?: string; errors?: FieldProblem[] };
}

export interface SimulationAnswer {
  working: Evaluation;
  compared?: Evaluation & { version?: string };
  differences: Array<{ path: string; [key: string]: unknown }>;
}

export interface SuiteAnswer {
  passed?: number;
  failed?: number;
  cases: Array<{ test_case_id: string; name: string; status: string; differences?: unknown[]; error?: unknown }>;
  coverage: {
    rules_total: number;
    rules_hit: number;
    decision_tables: Array<{
      node_id: string;
      name: string;
      never_hit: Array<{ index: number; id: string | null }>;
    }>;
  };
}

/** A refusal as the panel shows it: the problem's detail and its field errors. */
export interface CallProblem {
  status: number;
  detail: string;
  errors: FieldProblem[];
}

export type CallOutcome<T> = { ok: true; body: T } | { ok: false; problem: CallProblem };

async function call<T>(
  url: string,
  csrfToken: string,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<CallOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json', 'x-csrf-token': csrfToken } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
  } catch {
    return { ok: false, problem: { status: 0, detail: 'The service did not answer.', errors: [] } };
  }
  const answer = (await response.json().catch(() => ({}))) as { detail?: string; errors?: FieldProblem[] };
  if (response.ok) return { ok: true, body: answer as T };
  return {
    ok: false,
    problem: {
      status: response.status,
      detail: answer.detail ?? `HTTP ${response.status}`,
      errors: answer.errors ?? [],
    },
  };
}

export function createSimulatorCalls(links: SimulatorLinks, csrfToken: string) {
  return {
    simulate: (copy: WorkingCopy, inputs: Record<string, unknown>) =>
      call<SimulationAnswer>(links.simulate, csrfToken, 'POST', { ...copy, inputs }),
    runSuite: (copy: WorkingCopy) => call<SuiteAnswer>(links.simulate_tests, csrfToken, 'POST', copy),
    saveCase: (testCase: { name: string; inputs: Record<string, unknown>; expected: Record<string, unknown> }) =>
      call<{ id: string; name: string }>(links.test_cases, csrfToken, 'POST', testCase),
    submit: (body: { approval_policy_id?: string; comment?: string }) =>
      call<{ status: string }>(links.submit, csrfToken, 'POST', body),
    reviewPolicies: () => call<{ data: Array<{ id: string; name: string }> }>(links.review_policies, csrfToken, 'GET'),
  };
}

export type SimulatorCalls = ReturnType<typeof createSimulatorCalls>;
