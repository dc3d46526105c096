import type { SuiteCoverage } from '../../decision/model-test-suite';
import { html, unsafe, type SafeHtml } from './html';
import { actorName, formatMetric, layout, noticeBlock, timeTag, type Notice, type Viewer } from './layout';

/**
 * The Models section's catalogue and model pages, and what the version page shares with them (status badges, the test
 * report with its coverage). Every model name, description, rule id and expression is tenant-authored: all of it goes
 * through the `html` tag's escaping.
 */

type ActorView = { type: string; id: string };

/** A model as the catalogue lists it (GET /models), with its published version. */
export interface ModelListRow {
  id: string;
  source: 'builtin' | 'tenant';
  name: string;
  category: string;
  status: 'active' | 'deprecated';
  latest_version: string;
  published_version: string | null;
}

/** A model as GET /models/{id} presents it (the fields the console shows). */
export interface ModelView extends Omit<ModelListRow, 'published_version'> {
  description: string;
  created_by: ActorView;
  created_at: string;
}

/** A version with its lifecycle (the models family's history use case). */
export interface ModelVersionView {
  model_id: string;
  version: string;
  status: 'draft' | 'in_review' | 'published' | 'retired' | 'rejected';
  content_revision: number;
  review_decision_id: string | null;
  created_by: ActorView;
  created_at: string;
  submitted_at: string | null;
  published_at: string | null;
  retired_at: string | null;
}

export interface ModelReleaseView {
  id: string;
  version: string;
  replaced_version: string | null;
  kind: 'review' | 'rollback';
  reason: string | null;
  decision_id: string | null;
  released_by: ActorView;
  released_at: string;
}

/** Who approved a version: the approvals recorded on its release decision. */
export interface VersionApproval {
  user_id: string;
  step: number;
  comment: string | null;
  approved_at: string;
}

/** A stored test report (GET /models/{id}/test-runs/{run}). */
export interface TestRunView {
  id: string;
  version: string;
  status: 'passed' | 'failed';
  passed: number;
  failed: number;
  duration_ms: number;
  created_by: ActorView;
  created_at: string;
  cases: Array<{
    test_case_id: string;
    name: string;
    status: 'passed' | 'failed';
    differences?: Array<{ output: string; expected: unknown; actual: unknown; message: string }>;
    missing_rules?: string[];
    errors?: Array<{ path: string; message: string }>;
    error?: string;
  }>;
  coverage: SuiteCoverage;
}

const VERSION_STATUS_LABELS: Record<ModelVersionView['status'], string> = {
  draft: 'Draft',
  in_review: 'In review',
  published: 'Published',
  retired: 'Retired',
  rejected: 'Rejected',
};

export const versionStatusBadge = (status: ModelVersionView['status']) =>
  html`<span class="badge status-${status}">${VERSION_STATUS_LABELS[status] ?? status}</span>`;
export const modelVersionHref = (modelId: string, version: string) =>
  `/console/models/${encodeURIComponent(modelId)}/versions/${encodeURIComponent(version)}`;
const modelHref = (modelId: string) => `/console/models/${encodeURIComponent(modelId)}`;
const sourceLabel = (source: ModelListRow['source']) => (source === 'builtin' ? 'Built-in' : 'Tenant');

export function modelsPage(input: {
  viewer: Viewer;
  rows: ModelListRow[];
  filters: { source?: string | undefined; status?: string | undefined };
  nextPage: string | null;
  notice?: Notice | undefined;
  /** The person may create models (models:write): the "New model" link to the form. */
  canCreate?: boolean;
}): SafeHtml {
  const option = (field: 'source' | 'status', value: string, label: string) =>
    html`<option value="${value}"${(input.filters[field] ?? '') === value ? unsafe(' selected') : ''}>${label}</option>`;
  return layout({
    title: 'Models',
    viewer: input.viewer,
    section: 'models',
    body: html`<h1>Models</h1>
${noticeBlock(input.notice)}
${input.canCreate ? html`<p><a href="/console/models/new" class="button">New model</a> <span class="muted">from a blank JDM graph, a blank DMN model, or a copy of a published version</span></p>` : ''}
<form method="get" action="/console/models" class="filters" aria-label="Filter models">
  <div><label for="f-model-source">Source</label>
    <select id="f-model-source" name="source">${option('source', '', 'Any')}${option('source', 'builtin', 'Built-in')}${option('source', 'tenant', 'Tenant')}</select></div>
  <div><label for="f-model-status">Status</label>
    <select id="f-model-status" name="status">${option('status', '', 'Any')}${option('status', 'active', 'Active')}${option('status', 'deprecated', 'Deprecated')}</select></div>
  <div class="actions"><button type="submit">Apply filters</button> <a href="/console/models">Clear</a></div>
</form>
${
  input.rows.length === 0
    ? html`<p class="empty">No models match.</p>`
    : html`<div class="scroll" role="region" aria-label="Models" tabindex="0"><table class="models">
  <caption>Built-in and tenant models</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Source</th><th scope="col">Category</th><th scope="col">Status</th><th scope="col">Published version</th><th scope="col">Latest version</th></tr></thead>
  <tbody>${input.rows.map(
    (row) => html`<tr data-model-id="${row.id}">
      <td><a href="${modelHref(row.id)}">${row.name}</a></td>
      <td>${sourceLabel(row.source)}</td>
      <td>${row.category}</td>
      <td><span class="badge status-${row.status}">${row.status === 'active' ? 'Active' : 'Deprecated'}</span></td>
      <td>${row.published_version ?? html`<span class="muted">none yet</span>`}</td>
      <td>${row.latest_version}</td>
    </tr>`,
  )}</tbody>
</table></div>`
}
${input.nextPage ? html`<p><a href="${input.nextPage}" rel="next">Next page</a></p>` : ''}`,
  });
}

function versionsTable(
  model: ModelView,
  versions: ModelVersionView[],
  approvals: Map<string, VersionApproval[]>,
  names: Map<string, string>,
): SafeHtml {
  const approvedBy = (version: ModelVersionView) => {
    const given = approvals.get(version.version) ?? [];
    if (given.length === 0) return html`—`;
    return html`${given.map((a, i) => html`${i > 0 ? ', ' : ''}${names.get(a.user_id) ?? a.user_id} <span class="muted">(step ${a.step}, ${timeTag(a.approved_at)})</span>`)}`;
  };
  return html`<div class="scroll" role="region" aria-labelledby="versions-heading" tabindex="0"><table class="versions">
  <caption>Versions, newest first</caption>
  <thead><tr><th scope="col">Version</th><th scope="col">Status</th><th scope="col">Author</th><th scope="col">Created</th><th scope="col">Submitted</th><th scope="col">Approved by</th><th scope="col">Published</th></tr></thead>
  <tbody>${versions.map(
    (v) => html`<tr data-version="${v.version}">
      <th scope="row">${model.source === 'tenant' ? html`<a href="${modelVersionHref(model.id, v.version)}">Version ${v.version}</a>` : html`Version ${v.version}`}</th>
      <td>${versionStatusBadge(v.status)}</td>
      <td>${actorName(v.created_by, names)}</td>
      <td>${timeTag(v.created_at)}</td>
      <td>${timeTag(v.submitted_at)}</td>
      <td>${approvedBy(v)}</td>
      <td>${timeTag(v.published_at)}${v.retired_at ? html`<br><span class="muted">retired ${timeTag(v.retired_at)}</span>` : ''}</td>
    </tr>`,
  )}</tbody>
</table></div>`;
}

function releasesTable(releases: ModelReleaseView[], names: Map<string, string>): SafeHtml {
  if (releases.length === 0) return html`<p class="empty">No releases recorded yet.</p>`;
  return html`<div class="scroll" role="region" aria-labelledby="releases-heading" tabindex="0"><table class="releases">
  <caption>Every time a version went live, newest first</caption>
  <thead><tr><th scope="col">When</th><th scope="col">Version</th><th scope="col">How</th><th scope="col">Replaced</th><th scope="col">By</th><th scope="col">Why</th></tr></thead>
  <tbody>${releases.map(
    (r) => html`<tr>
      <td>${timeTag(r.released_at)}</td>
      <td>${r.version}</td>
      <td>${r.kind === 'review' ? 'Through a review' : 'Rollback'}${r.decision_id ? html` (<a href="/console/decisions/${encodeURIComponent(r.decision_id)}">release decision</a>)` : ''}</td>
      <td>${r.replaced_version ?? '—'}</td>
      <td>${actorName(r.released_by, names)}</td>
      <td>${r.reason ?? '—'}</td>
    </tr>`,
  )}</tbody>
</table></div>`;
}

function failingCases(run: TestRunView): SafeHtml {
  const failing = run.cases.filter((c) => c.status === 'failed');
  if (failing.length === 0) return html`<p>Every case passed.</p>`;
  const why = (c: TestRunView['cases'][number]): SafeHtml =>
    html`<ul class="plain">${[
      ...(c.differences ?? []).map(
        (d) =>
          html`<li><code>${d.output}</code>: expected <code>${JSON.stringify(d.expected)}</code>, got <code>${JSON.stringify(d.actual)}</code> (${d.message})</li>`,
      ),
      ...(c.missing_rules ?? []).map(
        (rule) => html`<li>Rule <code>${rule}</code> was expected to match and did not</li>`,
      ),
      ...(c.errors ?? []).map((e) => html`<li>Input <code>${e.path}</code> ${e.message}</li>`),
      ...(c.error ? [html`<li>${c.error}</li>`] : []),
    ]}</ul>`;
  return html`<table class="compact failing-cases">
  <caption>Failing cases</caption>
  <thead><tr><th scope="col">Case</th><th scope="col">What differed</th></tr></thead>
  <tbody>${failing.map((c) => html`<tr><th scope="row">${c.name}</th><td>${why(c)}</td></tr>`)}</tbody>
</table>`;
}

const ruleLabel = (rule: { index: number; id: string | null }) => html`<code>${rule.id ?? `#${rule.index + 1}`}</code>`;

/** Rules hit and never hit per decision table, branches taken and never taken per switch. */
function coverageTables(coverage: TestRunView['coverage']): SafeHtml {
  return html`<p>Rule coverage: <strong>${formatMetric(coverage.rule_coverage_percent)} %</strong> (${coverage.rules_hit} of ${coverage.rules_total} rules hit).</p>
${
  coverage.decision_tables.length === 0
    ? ''
    : html`<table class="compact coverage">
  <caption>Rules per decision table</caption>
  <thead><tr><th scope="col">Decision table</th><th scope="col">Hit</th><th scope="col">Rules hit (cases)</th><th scope="col">Never hit</th></tr></thead>
  <tbody>${coverage.decision_tables.map(
    (t) => html`<tr data-node-id="${t.node_id}">
      <th scope="row">${t.name}</th>
      <td>${t.hit.length} of ${t.rules}</td>
      <td>${t.hit.length === 0 ? '—' : t.hit.map((r, i) => html`${i > 0 ? ', ' : ''}${ruleLabel(r)} (${r.cases})`)}</td>
      <td class="never-hit">${t.never_hit.length === 0 ? html`<span class="muted">none</span>` : t.never_hit.map((r, i) => html`${i > 0 ? ', ' : ''}<strong>${ruleLabel(r)}</strong>${r.description ? html` <span class="muted">${r.description}</span>` : ''}`)}</td>
    </tr>`,
  )}</tbody>
</table>`
}
${
  coverage.switches.length === 0
    ? ''
    : html`<table class="compact coverage">
  <caption>Branches per switch</caption>
  <thead><tr><th scope="col">Switch</th><th scope="col">Taken (cases)</th><th scope="col">Never taken</th></tr></thead>
  <tbody>${coverage.switches.map(
    (s) => html`<tr>
      <th scope="row">${s.name}</th>
      <td>${s.taken.length === 0 ? '—' : s.taken.map((b, i) => html`${i > 0 ? ', ' : ''}<code>${b.condition || 'otherwise'}</code> (${b.cases})`)}</td>
      <td>${s.never_taken.length === 0 ? html`<span class="muted">none</span>` : s.never_taken.map((b, i) => html`${i > 0 ? ', ' : ''}<code>${b.condition || 'otherwise'}</code>`)}</td>
    </tr>`,
  )}</tbody>
</table>`
}`;
}

/** The latest stored test report: verdict, counts, the failing cases and what differed, and the coverage. */
export function testReport(
  run: TestRunView | null,
  names: Map<string, string>,
  modelId: string,
  emptyText: string,
): SafeHtml {
  if (!run) return html`<p class="empty">${emptyText}</p>`;
  return html`<dl class="facts test-facts">
  <div><dt>Verdict</dt><dd><span class="badge status-${run.status}">${run.status === 'passed' ? 'Passed' : 'Failed'}</span></dd></div>
  <div><dt>Cases</dt><dd>${run.passed} passed, ${run.failed} failed</dd></div>
  <div><dt>Version</dt><dd><a href="${modelVersionHref(modelId, run.version)}">Version ${run.version}</a></dd></div>
  <div><dt>Run</dt><dd>${timeTag(run.created_at)} by ${actorName(run.created_by, names)} (${formatMetric(run.duration_ms)} ms)</dd></div>
</dl>
${failingCases(run)}
${coverageTables(run.coverage)}`;
}

export function modelPage(input: {
  viewer: Viewer;
  model: ModelView;
  publishedVersion: string | null;
  versions: ModelVersionView[];
  releases: ModelReleaseView[];
  approvals: Map<string, VersionApproval[]>;
  latestRun: TestRunView | null;
  names: Map<string, string>;
  /** The latest replay's impact (model-replay-impact.ts); no section without a replay source. */
  replay?: SafeHtml | undefined;
}): SafeHtml {
  const { model, names } = input;
  return layout({
    title: model.name,
    viewer: input.viewer,
    section: 'models',
    body: html`<p class="crumbs"><a href="/console/models">Models</a> › <span title="${model.id}">${model.name}</span></p>
<h1>${model.name}</h1>
${model.description ? html`<p class="prose">${model.description}</p>` : ''}
<dl class="facts">
  <div><dt>Source</dt><dd>${sourceLabel(model.source)}</dd></div>
  <div><dt>Category</dt><dd>${model.category}</dd></div>
  <div><dt>Status</dt><dd><span class="badge status-${model.status}">${model.status === 'active' ? 'Active' : 'Deprecated'}</span></dd></div>
  <div><dt>Published version</dt><dd>${input.publishedVersion ?? html`<span class="muted">none yet</span>`}</dd></div>
  <div><dt>Latest version</dt><dd>${model.latest_version}</dd></div>
  <div><dt>Created</dt><dd>${timeTag(model.created_at)} by ${actorName(model.created_by, names)}</dd></div>
</dl>
<p id="instances-link"><a href="${modelHref(model.id)}/instances">Decision instances</a> <span class="muted">— the evaluations recorded of this model, by correlation id, time, rule and status</span></p>
<section aria-labelledby="versions-heading">
  <h2 id="versions-heading">Versions</h2>
  ${versionsTable(model, input.versions, input.approvals, names)}
</section>
<section aria-labelledby="releases-heading">
  <h2 id="releases-heading">Release history</h2>
  ${releasesTable(input.releases, names)}
</section>
${
  model.source === 'tenant'
    ? html`<section aria-labelledby="tests-heading">
  <h2 id="tests-heading">Latest test report</h2>
  ${testReport(input.latestRun, names, model.id, 'The test suite has not been run yet.')}
</section>`
    : ''
}
${
  input.replay && model.source === 'tenant'
    ? html`<section aria-labelledby="replay-heading">
  <h2 id="replay-heading">Latest replay of live runs</h2>
  ${input.replay}
</section>`
    : ''
}`,
  });
}
