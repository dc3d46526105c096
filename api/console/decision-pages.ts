import { OUTCOME_FRAME, coordinate, valueDomain, xScaleOf, yScaleOf } from './chart';
import { awayApproverNotes, type AwayApproverView } from './away-notes';
import { html, unsafe, type SafeHtml } from './html';
import {
  actorName,
  chartAxes,
  countdown,
  formatDate,
  formatMetric,
  layout,
  noticeBlock,
  STATUS_LABELS,
  statusLabel,
  timeTag,
  type Notice,
  type Viewer,
} from './layout';

/**
 * The Decisions section: the decision log with its filters, and a decision's page (options, evidence, history,
 * outcomes, approval steps and the actions the person may take).
 */

export interface DecisionListRow {
  id: string;
  title: string;
  status: string;
  owner_id: string | null;
  tags: string[];
  due_at: string | null;
  current_step: number | null;
  updated_at: string;
}

export interface DecisionFilterValues {
  status?: string | undefined;
  owner_id?: string | undefined;
  tag?: string | undefined;
  due_after?: string | undefined;
  due_before?: string | undefined;
}

export function decisionsPage(input: {
  viewer: Viewer;
  filters: DecisionFilterValues;
  rows: DecisionListRow[];
  nextPage: string | null;
  members: Array<{ id: string; name: string }>;
  names: Map<string, string>;
  notice?: Notice | undefined;
}): SafeHtml {
  const { filters } = input;
  const option = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}"${selected ? unsafe(' selected') : ''}>${label}</option>`;
  return layout({
    title: 'Decisions',
    viewer: input.viewer,
    section: 'decisions',
    body: html`<h1>Decisions</h1>
${noticeBlock(input.notice)}
<form method="get" action="/console/decisions" class="filters" aria-label="Filter decisions">
  <div><label for="f-status">Status</label>
    <select id="f-status" name="status">${option('', 'Any', !filters.status)}${Object.keys(STATUS_LABELS).map((s) => option(s, statusLabel(s), filters.status === s))}</select></div>
  <div><label for="f-owner">Owner</label>
    <select id="f-owner" name="owner_id">${option('', 'Anyone', !filters.owner_id)}${input.members.map((m) => option(m.id, m.name, filters.owner_id === m.id))}</select></div>
  <div><label for="f-tag">Tag</label><input id="f-tag" name="tag" value="${filters.tag ?? ''}" maxlength="100"></div>
  <div><label for="f-due-after">Due from</label><input id="f-due-after" name="due_after" type="date" value="${filters.due_after ?? ''}"></div>
  <div><label for="f-due-before">Due before</label><input id="f-due-before" name="due_before" type="date" value="${filters.due_before ?? ''}"></div>
  <div class="actions"><button type="submit">Apply filters</button> <a href="/console/decisions">Clear</a></div>
</form>
${
  input.rows.length === 0
    ? html`<p class="empty">No decisions match.</p>`
    : html`<table>
  <caption>Decisions, newest first</caption>
  <thead><tr><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Owner</th><th scope="col">Tags</th><th scope="col">Due</th></tr></thead>
  <tbody>${input.rows.map(
    (row) => html`<tr>
      <td><a href="/console/decisions/${row.id}">${row.title}</a></td>
      <td><span class="badge status-${row.status}">${statusLabel(row.status)}</span>${row.current_step ? ` (step ${row.current_step})` : ''}</td>
      <td>${row.owner_id ? (input.names.get(row.owner_id) ?? row.owner_id) : '—'}</td>
      <td>${row.tags.join(', ') || '—'}</td>
      <td>${timeTag(row.due_at)}</td>
    </tr>`,
  )}</tbody>
</table>`
}
${input.nextPage ? html`<p><a href="${input.nextPage}" rel="next">Next page</a></p>` : ''}`,
  });
}

export interface DecisionView {
  id: string;
  title: string;
  context: string;
  status: string;
  owner_id: string | null;
  chosen_option: string | null;
  rationale: string | null;
  tags: string[];
  due_at: string | null;
  current_step: number | null;
  approval_policy_id: string | null;
  approval_policy_version: number | null;
  step_sla_due_at: string | null;
  step_deadline_at: string | null;
  escalated: boolean;
  scenario_moved_on: boolean;
  options: Array<{
    id: string;
    label: string;
    description: string;
    scenario_id: string | null;
    scenario_moved_on: boolean | null;
    scenario_snapshot: {
      model_id: string;
      model_version: string;
      run_number: number;
      metrics: Record<string, string | number>;
      completed_at: string;
    } | null;
  }>;
  approval_steps: Array<{
    number: number;
    name: string;
    approvals_required: number;
    approvals_given: number;
    status: string;
  }>;
  approvals: Array<{ step: number; user_id: string; comment: string | null; approved_at: string }>;
  /** Who may act on the current step now: roles and named people. */
  awaiting?: { roles: string[]; user_ids: string[] };
  /** A release decision's model version; a promotion's names its environment and when it takes effect. */
  model_release?: {
    model_id: string;
    version: number | string;
    environment?: { id: string; name: string };
    effective_from?: string | null;
  } | null;
  created_at: string;
}

export interface EvidenceView {
  id: string;
  type: string;
  title: string | null;
  attached_by: { type: string; id: string };
  attached_at: string;
  detached_at: string | null;
  [field: string]: unknown;
}

export interface HistoryEntry {
  sequence: number;
  occurred_at: string;
  actor: { type: string; id: string };
  action: string;
  payload: Record<string, unknown>;
}

export interface ComparisonView {
  metrics: Array<{ metric: string; values: Record<string, string | number | null>; best: string[] | null }>;
}

/** One outcome measurement: what was expected of a metric and what was observed, at a date. */
export interface OutcomePoint {
  metric: string;
  expected_value: number | null;
  actual_value: number;
  observed_at: string;
}

const ACTION_LABELS: Record<string, string> = {
  'decision.created': 'Created',
  'decision.updated': 'Edited',
  'decision.deleted': 'Deleted',
  'decision.evidence_attached': 'Evidence attached',
  'decision.evidence_detached': 'Evidence detached',
  'decision.submitted': 'Submitted for approval',
  'decision.step.approved': 'Approved a step',
  'decision.approved': 'Decision approved',
  'decision.rejected': 'Rejected',
  'decision.changes_requested': 'Changes requested',
  'decision.resubmitted': 'Resubmitted',
  'decision.step.escalated': 'Escalated: the SLA passed',
  'decision.step.reminder': 'Reminder sent',
  'decision.step.reassigned': 'Step reassigned',
  'decision.commented': 'Comment',
  'decision.withdrawn': 'Withdrawn',
  'decision.expired': 'Expired: the step deadline passed',
  'decision.implemented': 'Implemented',
  'decision.closed': 'Closed',
  'decision.outcome.due': 'Outcome review due',
};

function optionsTable(decision: DecisionView, comparison: ComparisonView | null): SafeHtml {
  const linked = decision.options.filter((o) => o.scenario_snapshot);
  const metricNames = comparison
    ? comparison.metrics.map((m) => m.metric)
    : [...new Set(linked.flatMap((o) => Object.keys(o.scenario_snapshot?.metrics ?? {})))].sort();
  const bestOf = new Map(comparison?.metrics.map((m) => [m.metric, new Set(m.best ?? [])]) ?? []);
  return html`<div class="scroll" role="region" aria-labelledby="options-heading" tabindex="0"><table class="options">
  <caption>Options side by side${comparison ? ', best value per metric marked ★' : ''}</caption>
  <thead><tr><th scope="col">Option</th>${decision.options.map(
    (o) =>
      html`<th scope="col">${o.label}${decision.chosen_option === o.id ? html` <span class="badge">Chosen</span>` : ''}</th>`,
  )}</tr></thead>
  <tbody>
    <tr><th scope="row">Description</th>${decision.options.map((o) => html`<td>${o.description || '—'}</td>`)}</tr>
    <tr><th scope="row">Scenario (frozen run)</th>${decision.options.map((o) =>
      o.scenario_snapshot
        ? html`<td>${o.scenario_id} · run ${o.scenario_snapshot.run_number} · ${o.scenario_snapshot.model_id} ${o.scenario_snapshot.model_version}${
            o.scenario_moved_on ? html` <span class="badge warn">Scenario has moved on since</span>` : ''
          }</td>`
        : html`<td>—</td>`,
    )}</tr>
    ${metricNames.map(
      (metric) =>
        html`<tr><th scope="row">${metric}</th>${decision.options.map((o) => {
          const value = o.scenario_snapshot?.metrics[metric];
          const best = bestOf.get(metric)?.has(o.id) ?? false;
          return best
            ? html`<td class="best"><strong>${formatMetric(value)}</strong> <span aria-label="best">★</span></td>`
            : html`<td>${formatMetric(value)}</td>`;
        })}</tr>`,
    )}
  </tbody>
</table></div>`;
}

function evidenceList(evidence: EvidenceView[], names: Map<string, string>): SafeHtml {
  if (evidence.length === 0) return html`<p class="empty">No evidence attached.</p>`;
  const describe = (item: EvidenceView): SafeHtml => {
    switch (item.type) {
      case 'link': {
        const url = String(item.url ?? '');
        return /^https?:\/\//i.test(url)
          ? html`<a href="${url}" rel="noopener noreferrer">${item.title ?? url}</a>`
          : html`${item.title ?? url}`;
      }
      case 'note':
        return html`${item.title ? html`<strong>${item.title}</strong>: ` : ''}${String(item.text ?? item.body ?? '')}`;
      case 'document':
        return html`${String(item.name ?? item.title ?? 'document')} (${String(item.media_type ?? '')}, ${formatMetric(item.size_bytes as number)} bytes, SHA-256 <code>${String(item.sha256 ?? '').slice(0, 12)}…</code>)`;
      case 'scenario': {
        const snapshot = item.scenario_snapshot as { scenario_id: string; run_number: number } | undefined;
        return html`Scenario ${snapshot?.scenario_id ?? ''}, run ${snapshot?.run_number ?? ''}${item.scenario_moved_on ? html` <span class="badge warn">moved on since</span>` : ''}`;
      }
      default:
        return html`${item.title ?? item.type}`;
    }
  };
  return html`<ul class="evidence">${evidence.map(
    (
      item,
    ) => html`<li${item.detached_at ? unsafe(' class="detached"') : ''}><span class="badge">${item.type}</span> ${describe(item)}
      <span class="muted">— attached by ${actorName(item.attached_by, names)}, ${timeTag(item.attached_at)}${item.detached_at ? html`; detached ${timeTag(item.detached_at)}` : ''}</span></li>`,
  )}</ul>`;
}

function timeline(history: HistoryEntry[], names: Map<string, string>): SafeHtml {
  if (history.length === 0) return html`<p class="empty">Nothing recorded yet.</p>`;
  return html`<ol class="timeline" reversed>${history.map((entry) => {
    const step = typeof entry.payload.step === 'number' ? entry.payload.step : null;
    const stepName = typeof entry.payload.step_name === 'string' ? entry.payload.step_name : null;
    const comment = typeof entry.payload.comment === 'string' && entry.payload.comment ? entry.payload.comment : null;
    // A delegate's act names the approver who is away, for whom they acted.
    const onBehalfOf = typeof entry.payload.on_behalf_of === 'string' ? entry.payload.on_behalf_of : null;
    const changed =
      entry.action === 'decision.updated' && entry.payload.changes
        ? Object.keys(entry.payload.changes as object).join(', ')
        : null;
    return html`<li class="event ${entry.action.replace(/\./g, '-')}">
      <p><strong>${ACTION_LABELS[entry.action] ?? entry.action}</strong>${step ? html` — step ${step}${stepName ? html` (${stepName})` : ''}` : ''}${changed ? html` — ${changed}` : ''}</p>
      <p class="muted">${actorName(entry.actor, names)}${onBehalfOf ? html` on behalf of ${names.get(onBehalfOf) ?? onBehalfOf}` : ''} · ${timeTag(entry.occurred_at)}</p>
      ${comment ? html`<blockquote>${comment}</blockquote>` : ''}
    </li>`;
  })}</ol>`;
}

/** Expected vs. actual per metric over time: one small inline SVG per metric, with the same numbers as a table. */
export function outcomesChart(outcomes: OutcomePoint[]): SafeHtml {
  if (outcomes.length === 0) return html`<p class="empty">No outcomes recorded.</p>`;
  const byMetric = new Map<string, OutcomePoint[]>();
  for (const point of outcomes) byMetric.set(point.metric, [...(byMetric.get(point.metric) ?? []), point]);
  const frame = OUTCOME_FRAME;
  const { width, height } = frame;
  return html`${[...byMetric.entries()].map(([metric, unsorted], index) => {
    const points = [...unsorted].sort((a, b) => a.observed_at.localeCompare(b.observed_at));
    const times = points.map((p) => new Date(p.observed_at).getTime());
    const values = points.flatMap((p) =>
      p.expected_value === null ? [p.actual_value] : [p.actual_value, p.expected_value],
    );
    const [vMin, vMax] = valueDomain(values);
    const x = xScaleOf(frame, [Math.min(...times), Math.max(...times)]);
    const y = yScaleOf(frame, [vMin, vMax]);
    const line = (pick: (p: OutcomePoint) => number | null) =>
      points
        .flatMap((p, k) => {
          const v = pick(p);
          return v === null ? [] : [`${coordinate(x(times[k] as number))},${coordinate(y(v))}`];
        })
        .join(' ');
    const titleId = `outcome-${index}-title`;
    return html`<figure class="chart">
  <svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${titleId}">
    <title id="${titleId}">${metric}: expected (dashed) and actual (solid) over time</title>
    ${chartAxes(frame, { top: formatMetric(vMax), bottom: formatMetric(vMin), start: formatDate(points[0]?.observed_at).slice(0, 10), end: formatDate(points[points.length - 1]?.observed_at).slice(0, 10) })}
    <polyline points="${line((p) => p.expected_value)}" fill="none" stroke="#6b6b6b" stroke-width="2" stroke-dasharray="6 4"/>
    <polyline points="${line((p) => p.actual_value)}" fill="none" stroke="#1f5fbf" stroke-width="2"/>
    ${points.map((p, k) => html`<circle cx="${coordinate(x(times[k] as number))}" cy="${coordinate(y(p.actual_value))}" r="3" fill="#1f5fbf"/>`)}
  </svg>
  <figcaption>${metric}</figcaption>
  <table class="compact"><caption class="visually-hidden">${metric} outcomes</caption>
    <thead><tr><th scope="col">Observed</th><th scope="col">Expected</th><th scope="col">Actual</th><th scope="col">Variance</th></tr></thead>
    <tbody>${points.map(
      (p) =>
        html`<tr><td>${timeTag(p.observed_at)}</td><td>${formatMetric(p.expected_value)}</td><td>${formatMetric(p.actual_value)}</td><td>${
          p.expected_value === null ? '—' : formatMetric(p.actual_value - p.expected_value)
        }</td></tr>`,
    )}</tbody>
  </table>
</figure>`;
  })}`;
}

/** What the signed-in person may do with this decision (DecisionService.permissions): the page offers only that. */
export interface DecisionPermissions {
  review: boolean;
  manage: boolean;
  /** The approver who is away and for whom the person reviews, as their delegate (null: for themselves). */
  on_behalf_of?: { user_id: string; until: string } | null;
}

/** Resubmit, and the edits that matter most, for the owner, author or an admin while changes are requested. */
function revisionForms(decision: DecisionView, csrfToken: string): SafeHtml {
  const hidden = html`<input type="hidden" name="_csrf" value="${csrfToken}">`;
  return html`<form method="post" action="/console/decisions/${decision.id}/edit" class="action-form" data-enhance>
    ${hidden}
    <h3>Make the requested changes</h3>
    <label for="edit-title">Title</label>
    <input id="edit-title" name="title" value="${decision.title}" maxlength="200" required>
    <label for="edit-chosen">Chosen option</label>
    <select id="edit-chosen" name="chosen_option">${decision.options.map(
      (o) =>
        html`<option value="${o.id}"${decision.chosen_option === o.id ? unsafe(' selected') : ''}>${o.label}</option>`,
    )}</select>
    <label for="edit-rationale">Rationale</label>
    <textarea id="edit-rationale" name="rationale" rows="3" maxlength="10000">${decision.rationale ?? ''}</textarea>
    <div class="buttons"><button type="submit" class="secondary">Save changes</button></div>
  </form>
  <form method="post" action="/console/decisions/${decision.id}/act" class="action-form" data-enhance>
    ${hidden}
    <h3>Send it back for review</h3>
    <label for="resubmit-comment">Comment (optional)</label>
    <textarea id="resubmit-comment" name="comment" rows="2" maxlength="2000"></textarea>
    <div class="buttons"><button type="submit" name="action" value="resubmit">Resubmit for review</button></div>
  </form>`;
}

/**
 * Approve / request changes / reject the current step, with a comment: the one review form of the console, on a
 * decision's page and on the page of a model version its release decision reviews. It posts `action`, `comment` and
 * the step the page showed (`expected_step`, so a step that moved on meanwhile is refused, not acted on).
 */
export function reviewForm(input: {
  action: string;
  step: number;
  csrfToken: string;
  /** As a delegate: the approver who is away (their name) and until when. */
  onBehalfOf?: { name: string; until: string } | null;
}): SafeHtml {
  return html`<form method="post" action="${input.action}" class="action-form" data-enhance>
    <input type="hidden" name="_csrf" value="${input.csrfToken}"><input type="hidden" name="expected_step" value="${input.step}">
    ${input.onBehalfOf ? html`<p class="on-behalf">You act on behalf of ${input.onBehalfOf.name}, who is <span class="badge warn">away until ${timeTag(input.onBehalfOf.until)}</span>: the timeline and the audit log will say so.</p>` : ''}
    <label for="action-comment">Comment (optional for approval, recommended otherwise)</label>
    <textarea id="action-comment" name="comment" rows="3" maxlength="2000"></textarea>
    <div class="buttons">
      <button type="submit" name="action" value="approve">Approve step ${input.step}</button>
      <button type="submit" name="action" value="request_changes" class="secondary">Request changes</button>
      <button type="submit" name="action" value="reject" class="danger">Reject</button>
    </div>
  </form>`;
}

/** A decision's approval steps, each with where it stands and its approvals, the current one marked. */
export function approvalStepList(decision: Pick<DecisionView, 'status' | 'current_step' | 'approval_steps'>): SafeHtml {
  if (decision.approval_steps.length === 0) return html``;
  const pending = decision.status === 'pending_approval';
  return html`<ol class="steps" aria-label="Approval steps">${decision.approval_steps.map(
    (s) =>
      html`<li class="step step-${s.status}"${s.number === decision.current_step && pending ? unsafe(' aria-current="step"') : ''}>Step ${s.number}: ${s.name} — ${s.status.replace(/_/g, ' ')} (${s.approvals_given} of ${s.approvals_required})</li>`,
  )}</ol>`;
}

function actionForms(
  decision: DecisionView,
  csrfToken: string,
  permissions: DecisionPermissions,
  names: Map<string, string>,
): SafeHtml {
  const delegated = permissions.on_behalf_of;
  const onBehalfOf = delegated
    ? { name: names.get(delegated.user_id) ?? delegated.user_id, until: delegated.until }
    : null;
  const step = decision.current_step;
  const pending = decision.status === 'pending_approval' && step !== null;
  const noStep = pending
    ? html`<p>Step ${step} awaits its approvers; you are not one of them (or separation of duties keeps you from it).</p>`
    : html`<p>No approval step is open: the decision is ${statusLabel(decision.status).toLowerCase()}.</p>`;
  return html`<section aria-labelledby="actions-heading" class="actions-panel">
  <h2 id="actions-heading">Act on this decision</h2>
  ${
    pending && permissions.review
      ? reviewForm({ action: `/console/decisions/${decision.id}/act`, step: step as number, csrfToken, onBehalfOf })
      : decision.status === 'changes_requested' && permissions.manage
        ? revisionForms(decision, csrfToken)
        : noStep
  }
  ${
    decision.status !== 'draft'
      ? html`<form method="post" action="/console/decisions/${decision.id}/act" class="action-form" data-enhance>
    <input type="hidden" name="_csrf" value="${csrfToken}">
    <label for="comment-only">Add a comment</label>
    <textarea id="comment-only" name="comment" rows="2" maxlength="2000" required></textarea>
    <div class="buttons"><button type="submit" name="action" value="comment" class="secondary">Comment</button></div>
  </form>`
      : ''
  }
</section>`;
}

/** A promotion's release decision: the environment it promotes into, and from when (else on approval). */
function promotionFact(decision: DecisionView): SafeHtml {
  const release = decision.model_release;
  if (!release?.environment) return html``;
  return html`<div class="promotion"><dt>Release</dt><dd>Promotion to ${release.environment.name} of <a href="/console/models/${encodeURIComponent(release.model_id)}/versions/${encodeURIComponent(String(release.version))}">version ${release.version}</a>, ${release.effective_from ? html`effective from ${timeTag(release.effective_from)}` : 'effective on approval'}</dd></div>`;
}

export function decisionPage(input: {
  viewer: Viewer;
  decision: DecisionView;
  evidence: EvidenceView[];
  history: HistoryEntry[];
  comparison: ComparisonView | null;
  outcomes: OutcomePoint[];
  names: Map<string, string>;
  canAct: boolean;
  permissions: DecisionPermissions;
  /** The current step's approvers who are away now, and who acts for them. */
  away?: AwayApproverView[];
  workflowUrl: string | null;
  notice?: Notice | undefined;
  now: Date;
}): SafeHtml {
  const { decision, names } = input;
  const pending = decision.status === 'pending_approval';
  return layout({
    title: decision.title,
    viewer: input.viewer,
    section: 'decisions',
    body: html`<p class="crumbs"><a href="/console/decisions">Decisions</a> › <span title="${decision.id}">${decision.title}</span></p>
<h1>${decision.title}</h1>
${noticeBlock(input.notice)}
<div id="decision-state" aria-live="polite">
<dl class="facts">
  <div><dt>Status</dt><dd><span class="badge status-${decision.status}">${statusLabel(decision.status)}</span>${
    pending && decision.current_step ? ` — step ${decision.current_step} of ${decision.approval_steps.length}` : ''
  }${decision.escalated ? html` <span class="badge warn">Escalated</span>` : ''}</dd></div>
  <div><dt>Owner</dt><dd>${decision.owner_id ? (names.get(decision.owner_id) ?? decision.owner_id) : '—'}</dd></div>
  <div><dt>Due</dt><dd>${timeTag(decision.due_at)}</dd></div>
  <div><dt>Tags</dt><dd>${decision.tags.join(', ') || '—'}</dd></div>
  ${promotionFact(decision)}
  ${pending ? html`<div><dt>Step SLA</dt><dd>${countdown(decision.step_sla_due_at, input.now)}</dd></div>` : ''}
  ${pending && decision.step_deadline_at ? html`<div><dt>Step deadline</dt><dd>${timeTag(decision.step_deadline_at)}</dd></div>` : ''}
  <div><dt>Policy</dt><dd>${decision.approval_policy_id ? `${names.get(decision.approval_policy_id) ?? decision.approval_policy_id}, version ${decision.approval_policy_version}` : '—'}</dd></div>
</dl>
${input.workflowUrl ? html`<p><a href="${input.workflowUrl}" rel="noopener noreferrer">Open the approval workflow in the Temporal UI</a> <span class="muted">(for operators)</span></p>` : ''}
${approvalStepList(decision)}
${awayApproverNotes(input.away ?? [], names)}
</div>
${input.canAct ? actionForms(decision, input.viewer.csrfToken, input.permissions, names) : ''}
<section aria-labelledby="context-heading">
  <h2 id="context-heading">Context</h2>
  <p class="prose">${decision.context || '—'}</p>
  ${decision.rationale ? html`<h3>Rationale</h3><p class="prose">${decision.rationale}</p>` : ''}
</section>
<section aria-labelledby="options-heading">
  <h2 id="options-heading">Options</h2>
  ${decision.scenario_moved_on ? html`<p class="badge warn">A linked scenario has been re-run or deleted since it was linked; the figures below are the frozen ones.</p>` : ''}
  ${optionsTable(decision, input.comparison)}
</section>
<section aria-labelledby="evidence-heading">
  <h2 id="evidence-heading">Evidence</h2>
  ${evidenceList(input.evidence, names)}
</section>
<section aria-labelledby="timeline-heading">
  <h2 id="timeline-heading">Approval timeline</h2>
  <div id="timeline">${timeline(input.history, names)}</div>
</section>
<section aria-labelledby="outcomes-heading">
  <h2 id="outcomes-heading">Outcomes: expected vs. actual</h2>
  ${outcomesChart(input.outcomes)}
</section>`,
  });
}
