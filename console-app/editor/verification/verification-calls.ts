/**
 * The verification panel's call (api/console/model-verification-routes.ts): the unsaved working copy analysed by the
 * service, with the session cookie and the page's CSRF token. The answer is the service's VersionAnalysis (the shapes
 * of decision/verification/report.ts, restated here: this bundle never imports server modules).
 */

export type Bound = { value: string; inclusive: boolean } | null;

export type ColumnRegion =
  | { kind: 'any' }
  | { kind: 'intervals'; type: string; intervals: ReadonlyArray<{ from: Bound; to: Bound }> }
  | { kind: 'values'; values: ReadonlyArray<string | number | boolean | null>; negated: boolean }
  | { kind: 'not_analysed'; text: string; reason: string };

export type Severity = 'error' | 'warning' | 'info';

export interface TableAnalysis {
  node: string;
  name: string;
  hit_policy: string;
  rules: number;
  rule_ids: Array<string | null>;
  inputs: Array<{ label: string; domain?: ColumnRegion }>;
  gaps: Array<{ region: Record<string, ColumnRegion>; text: string; depends_on_rules?: number[] }>;
  overlaps: Array<{ rules: number[]; severity: Severity; text: string }>;
  subsumed: Array<{ rule: number; by: number; severity: Severity }>;
  masked: Array<{ rule: number; by: number[]; severity: Severity }>;
  domain_violations: Array<{ rule: number; column: string; side: string; message: string; severity: Severity }>;
  advice: Array<{ code: string; message: string }>;
  not_analysed: Array<{ rule: number; column: string; text: string; reason: string }>;
  complete: boolean;
}

export interface VersionAnalysis {
  tables: TableAnalysis[];
  complete: boolean;
  summary: { tables: number; errors: number; warnings: number; gaps: number; overlaps: number; not_analysed: number };
}

export type AnalysisOutcome =
  | { ok: true; analysis: VersionAnalysis }
  | { ok: false; status: number; detail: string; errors: Array<{ path: string; message: string }> };

/** POSTs the working copy (`{ content, input_schema?, output_schema? }`) to the panel's route. */
export async function requestAnalysis(url: string, csrfToken: string, body: unknown): Promise<AnalysisOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, detail: 'The service did not answer.', errors: [] };
  }
  const answer = (await response.json().catch(() => ({}))) as VersionAnalysis & {
    detail?: string;
    errors?: Array<{ path: string; message: string }>;
  };
  if (response.ok) return { ok: true, analysis: answer };
  return {
    ok: false,
    status: response.status,
    detail: answer.detail ?? `HTTP ${response.status}`,
    errors: answer.errors ?? [],
  };
}
