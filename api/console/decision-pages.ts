import type { Band, KpiHealth, Line, Period, Trend } from '../../rules/kpis/status';
import { coordinate, kpiChartGeometry, OUTCOME_FRAME, valueDomain, xScaleOf, yScaleOf, type ChartAlertSpan, type ChartFrame } from './chart';
import { html, unsafe, type SafeHtml } from './html';

/**
 * The console's pages: plain server-rendered HTML that reads without JavaScript and acts with the keyboard alone
 * (real links, real forms, labelled fields, a skip link, visible focus). console.js only enhances: live countdowns
 * and actions without a full reload. No inline script or style anywhere (the Content-Security-Policy allows none).
 */

export interface Viewer {
  name: string;
  email: string;
  tenantName: string;
  role: string;
  csrfToken: string;
  /** The session carries `admin`: the administration area is shown (and reachable). */
  admin?: boolean;
}

export interface Notice {
  kind: 'success' | 'error';
  title: string;
  detail?: string | undefined;
}

type Section = 'inbox' | 'decisions' | 'kpis' | 'models' | 'notifications' | 'admin' | 'none';

const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  implemented: 'Implemented',
  closed: 'Closed',
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

export function layout(input: {
  title: string;
  viewer?: Viewer | undefined;
  section?: Section;
  body: SafeHtml;
  status?: number;
  /** Further files under /console/assets/ (the administration area's admin.css and admin.js). */
  stylesheets?: string[];
  scripts?: string[];
}): SafeHtml {
  const { viewer } = input;
  const nav = viewer
    ? html`<nav aria-label="Console">
        <ul class="nav">
          <li><a href="/console"${input.section === 'inbox' ? unsafe(' aria-current="page"') : ''}>Inbox</a></li>
          <li><a href="/console/decisions"${input.section === 'decisions' ? unsafe(' aria-current="page"') : ''}>Decisions</a></li>
          <li><a href="/console/kpis"${input.section === 'kpis' ? unsafe(' aria-current="page"') : ''}>KPIs</a></li>
          <li><a href="/console/models"${input.section === 'models' ? unsafe(' aria-current="page"') : ''}>Models</a></li>
          <li><a href="/console/notifications"${input.section === 'notifications' ? unsafe(' aria-current="page"') : ''}>Notifications</a></li>
          ${viewer.admin ? html`<li><a href="/console/admin"${input.section === 'admin' ? unsafe(' aria-current="page"') : ''}>Administration</a></li>` : ''}
        </ul>
      </nav>
      <div class="who">
        <span>${viewer.name} · ${viewer.tenantName} (${viewer.role})</span>
        <form method="post" action="/console/logout" class="inline">
          <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
          <button type="submit" class="link">Sign out</button>
        </form>
      </div>`
    : '';
  return html`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${input.title} – Governance console</title>
  <link rel="stylesheet" href="/console/assets/console.css">${(input.stylesheets ?? []).map((name) => html`
  <link rel="stylesheet" href="/console/assets/${name}">`)}
  <script src="/console/assets/console.js" defer></script>${(input.scripts ?? []).map((name) => html`
  <script src="/console/assets/${name}" defer></script>`)}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="/console">Governance console</a>
  ${nav}
</header>
<main id="main" tabindex="-1">
${input.body}
</main>
</body>
</html>`;
}

export function noticeBlock(notice: Notice | undefined): SafeHtml {
  if (!notice) return html`<div id="notice" class="notice-slot"></div>`;
  return html`<div id="notice" class="notice-slot"><div class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}" tabindex="-1">
  <p><strong>${notice.title}</strong></p>${notice.detail ? html`<p>${notice.detail}</p>` : ''}
</div></div>`;
}

/** "in 3 h 12 min" / "2 h 5 min ago", to the minute. */
export function relativeTime(target: Date, now: Date): string {
  const ms = target.getTime() - now.getTime();
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = days > 0 ? [`${days} d`, `${hours} h`] : hours > 0 ? [`${hours} h`, `${mins} min`] : [`${mins} min`];
  const text = parts.join(' ');
  return ms >= 0 ? `in ${text}` : `${text} ago`;
}

export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');

export function timeTag(iso: string | null | undefined): SafeHtml {
  return iso ? html`<time datetime="${iso}">${formatDate(iso)}</time>` : html`—`;
}

function countdown(iso: string | null, now: Date): SafeHtml {
  if (!iso) return html`<span>No SLA</span>`;
  const due = new Date(iso);
  const overdue = due.getTime() <= now.getTime();
  return html`<span class="countdown${overdue ? ' overdue' : ''}" data-deadline="${iso}">${overdue ? html`<strong>Overdue</strong> by ${relativeTime(due, now).replace(' ago', '')}` : `Due ${relativeTime(due, now)}`}</span>
    <span class="muted">(${timeTag(iso)})</span>`;
}

export interface InboxTask {
  item_kind: 'decision' | 'model_review';
  decision_id: string;
  title: string;
  step: number;
  step_name: string;
  approvals_required: number;
  approvals_given: number;
  sla_due_at: string | null;
  deadline_at: string | null;
  escalated: boolean;
  submitted_at: string;
}

export function inboxPage(input: { viewer: Viewer; tasks: InboxTask[]; statusCounts: Record<string, number>; now: Date; canAct: boolean }): SafeHtml {
  const { tasks, now } = input;
  const overdue = tasks.filter((t) => t.sla_due_at && new Date(t.sla_due_at).getTime() <= now.getTime()).length;
  const escalated = tasks.filter((t) => t.escalated).length;
  const rows = tasks.map(
    (task) => html`<tr class="${task.sla_due_at && new Date(task.sla_due_at).getTime() <= now.getTime() ? 'row-overdue' : ''}">
      <td>${task.item_kind === 'model_review' ? 'Model review' : 'Decision'}</td>
      <td><a href="/console/decisions/${task.decision_id}">${task.title}</a></td>
      <td>Step ${task.step}: ${task.step_name}</td>
      <td>${task.approvals_given} of ${task.approvals_required}</td>
      <td>${countdown(task.sla_due_at, now)}${task.escalated ? html` <span class="badge warn">Escalated</span>` : ''}</td>
      <td>${timeTag(task.submitted_at)}</td>
    </tr>`,
  );
  const counts = Object.entries(input.statusCounts).filter(([, n]) => n > 0);
  return layout({
    title: 'Inbox',
    viewer: input.viewer,
    section: 'inbox',
    body: html`<h1>Inbox</h1>
<p>Decision steps and model reviews awaiting you, oldest first.</p>
<ul class="counts" aria-label="Your inbox">
  <li><span class="count">${tasks.length}</span> awaiting you</li>
  <li><span class="count${overdue > 0 ? ' overdue' : ''}">${overdue}</span> overdue</li>
  <li><span class="count">${escalated}</span> escalated</li>
</ul>
${
  tasks.length === 0
    ? html`<p class="empty">Nothing awaits you right now.</p>`
    : html`<table>
  <caption>Steps awaiting your approval</caption>
  <thead><tr><th scope="col">Kind</th><th scope="col">Title</th><th scope="col">Step</th><th scope="col">Approvals</th><th scope="col">SLA</th><th scope="col">Submitted</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`
}
<h2>Decisions by state</h2>
${
  counts.length === 0
    ? html`<p class="empty">No decisions yet.</p>`
    : html`<ul class="counts" aria-label="Decisions by state">${counts.map(
        ([status, n]) => html`<li><a href="/console/decisions?status=${status}"><span class="count">${n}</span> ${statusLabel(status)}</a></li>`,
      )}</ul>`
}`,
  });
}

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
  const option = (value: string, label: string, selected: boolean) => html`<option value="${value}"${selected ? unsafe(' selected') : ''}>${label}</option>`;
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
    scenario_snapshot: { model_id: string; model_version: string; run_number: number; metrics: Record<string, string | number>; completed_at: string } | null;
  }>;
  approval_steps: Array<{ number: number; name: string; approvals_required: number; approvals_given: number; status: string }>;
  approvals: Array<{ step: number; user_id: string; comment: string | null; approved_at: string }>;
  /** Who may act on the current step now: roles and named people. */
  awaiting?: { roles: string[]; user_ids: string[] };
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

export function actorName(actor: { type: string; id: string }, names: Map<string, string>): string {
  if (actor.type === 'user') return names.get(actor.id) ?? actor.id;
  if (actor.type === 'api_key') return names.has(actor.id) ? `API key “${names.get(actor.id)}”` : `API key ${actor.id}`;
  if (actor.type === 'oauth_client') return names.has(actor.id) ? `OAuth client “${names.get(actor.id)}”` : `OAuth client ${actor.id}`;
  if (actor.type === 'system') return 'The approval workflow';
  return `${actor.type} ${actor.id}`;
}

export function formatMetric(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  return value;
}

function optionsTable(decision: DecisionView, comparison: ComparisonView | null): SafeHtml {
  const linked = decision.options.filter((o) => o.scenario_snapshot);
  const metricNames = comparison
    ? comparison.metrics.map((m) => m.metric)
    : [...new Set(linked.flatMap((o) => Object.keys(o.scenario_snapshot?.metrics ?? {})))].sort();
  const bestOf = new Map(comparison?.metrics.map((m) => [m.metric, new Set(m.best ?? [])]) ?? []);
  return html`<div class="scroll" role="region" aria-labelledby="options-heading" tabindex="0"><table class="options">
  <caption>Options side by side${comparison ? ', best value per metric marked ★' : ''}</caption>
  <thead><tr><th scope="col">Option</th>${decision.options.map(
    (o) => html`<th scope="col">${o.label}${decision.chosen_option === o.id ? html` <span class="badge">Chosen</span>` : ''}</th>`,
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
      (metric) => html`<tr><th scope="row">${metric}</th>${decision.options.map((o) => {
        const value = o.scenario_snapshot?.metrics[metric];
        const best = bestOf.get(metric)?.has(o.id) ?? false;
        return best ? html`<td class="best"><strong>${formatMetric(value)}</strong> <span aria-label="best">★</span></td>` : html`<td>${formatMetric(value)}</td>`;
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
        return /^https?:\/\//i.test(url) ? html`<a href="${url}" rel="noopener noreferrer">${item.title ?? url}</a>` : html`${item.title ?? url}`;
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
    (item) => html`<li${item.detached_at ? unsafe(' class="detached"') : ''}><span class="badge">${item.type}</span> ${describe(item)}
      <span class="muted">— attached by ${actorName(item.attached_by, names)}, ${timeTag(item.attached_at)}${item.detached_at ? html`; detached ${timeTag(item.detached_at)}` : ''}</span></li>`,
  )}</ul>`;
}

function timeline(history: HistoryEntry[], names: Map<string, string>): SafeHtml {
  if (history.length === 0) return html`<p class="empty">Nothing recorded yet.</p>`;
  return html`<ol class="timeline" reversed>${history.map((entry) => {
    const step = typeof entry.payload.step === 'number' ? entry.payload.step : null;
    const stepName = typeof entry.payload.step_name === 'string' ? entry.payload.step_name : null;
    const comment = typeof entry.payload.comment === 'string' && entry.payload.comment ? entry.payload.comment : null;
    const changed = entry.action === 'decision.updated' && entry.payload.changes ? Object.keys(entry.payload.changes as object).join(', ') : null;
    return html`<li class="event ${entry.action.replace(/\./g, '-')}">
      <p><strong>${ACTION_LABELS[entry.action] ?? entry.action}</strong>${step ? html` — step ${step}${stepName ? html` (${stepName})` : ''}` : ''}${changed ? html` — ${changed}` : ''}</p>
      <p class="muted">${actorName(entry.actor, names)} · ${timeTag(entry.occurred_at)}</p>
      ${comment ? html`<blockquote>${comment}</blockquote>` : ''}
    </li>`;
  })}</ol>`;
}

/** The two axes of a chart's frame, with the value at the top and bottom of the plot area and the first and last date. */
function chartAxes(frame: ChartFrame, labels: { top: string; bottom: string; start: string; end: string }): SafeHtml {
  const { width, height, pad } = frame;
  return html`<line x1="${pad.left}" y1="${height - pad.bottom}" x2="${width - pad.right}" y2="${height - pad.bottom}" stroke="#555"/>
    <line x1="${pad.left}" y1="${pad.top}" x2="${pad.left}" y2="${height - pad.bottom}" stroke="#555"/>
    <text x="${pad.left - 6}" y="${pad.top + 4}" text-anchor="end" font-size="11" fill="#333">${labels.top}</text>
    <text x="${pad.left - 6}" y="${height - pad.bottom + 4}" text-anchor="end" font-size="11" fill="#333">${labels.bottom}</text>
    <text x="${pad.left}" y="${height - 8}" font-size="11" fill="#333">${labels.start}</text>
    <text x="${width - pad.right}" y="${height - 8}" text-anchor="end" font-size="11" fill="#333">${labels.end}</text>`;
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
    const values = points.flatMap((p) => (p.expected_value === null ? [p.actual_value] : [p.actual_value, p.expected_value]));
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
      (p) => html`<tr><td>${timeTag(p.observed_at)}</td><td>${formatMetric(p.expected_value)}</td><td>${formatMetric(p.actual_value)}</td><td>${
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
      (o) => html`<option value="${o.id}"${decision.chosen_option === o.id ? unsafe(' selected') : ''}>${o.label}</option>`,
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
export function reviewForm(input: { action: string; step: number; csrfToken: string }): SafeHtml {
  return html`<form method="post" action="${input.action}" class="action-form" data-enhance>
    <input type="hidden" name="_csrf" value="${input.csrfToken}"><input type="hidden" name="expected_step" value="${input.step}">
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
    (s) => html`<li class="step step-${s.status}"${s.number === decision.current_step && pending ? unsafe(' aria-current="step"') : ''}>Step ${s.number}: ${s.name} — ${s.status.replace(/_/g, ' ')} (${s.approvals_given} of ${s.approvals_required})</li>`,
  )}</ol>`;
}

function actionForms(decision: DecisionView, csrfToken: string, permissions: DecisionPermissions): SafeHtml {
  const step = decision.current_step;
  const pending = decision.status === 'pending_approval' && step !== null;
  const noStep = pending
    ? html`<p>Step ${step} awaits its approvers; you are not one of them (or separation of duties keeps you from it).</p>`
    : html`<p>No approval step is open: the decision is ${statusLabel(decision.status).toLowerCase()}.</p>`;
  return html`<section aria-labelledby="actions-heading" class="actions-panel">
  <h2 id="actions-heading">Act on this decision</h2>
  ${
    pending && permissions.review
      ? reviewForm({ action: `/console/decisions/${decision.id}/act`, step: step as number, csrfToken })
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
  ${pending ? html`<div><dt>Step SLA</dt><dd>${countdown(decision.step_sla_due_at, input.now)}</dd></div>` : ''}
  ${pending && decision.step_deadline_at ? html`<div><dt>Step deadline</dt><dd>${timeTag(decision.step_deadline_at)}</dd></div>` : ''}
  <div><dt>Policy</dt><dd>${decision.approval_policy_id ? `${names.get(decision.approval_policy_id) ?? decision.approval_policy_id}, version ${decision.approval_policy_version}` : '—'}</dd></div>
</dl>
${input.workflowUrl ? html`<p><a href="${input.workflowUrl}" rel="noopener noreferrer">Open the approval workflow in the Temporal UI</a> <span class="muted">(for operators)</span></p>` : ''}
${approvalStepList(decision)}
</div>
${input.canAct ? actionForms(decision, input.viewer.csrfToken, input.permissions) : ''}
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

// ---------------------------------------------------------------------------------------------------------------
// KPIs

/** A KPI as GET /kpis/{id} presents it (the fields the console shows). */
export interface KpiView {
  id: string;
  name: string;
  description: string;
  unit: string | null;
  direction: 'higher_is_better' | 'lower_is_better' | 'target_band';
  target: number | Band;
  warning_threshold: { value?: number; low?: number; high?: number; percent?: number } | null;
  critical_threshold: { value?: number; low?: number; high?: number; percent?: number } | null;
  thresholds: { warning: Line | null; critical: Line | null };
  aggregation_period: Period;
  owner_id: string | null;
  tags: string[];
  status: 'active' | 'paused' | 'archived';
  evaluation_delay_seconds: number;
  source: { type: string; [field: string]: unknown };
  current: { timestamp: string; value: number; scenario_id: string | null } | null;
  target_status: KpiHealth;
}

/** One bucket of GET /kpis/{id}/values?bucket=<period>. */
export interface KpiBucketView {
  start: string;
  end: string;
  count: number;
  min: number;
  max: number;
  avg: number;
  last: number;
}

/** An alert as GET /kpis/{id}/alerts presents it (the fields the console shows). */
export interface KpiAlertView {
  id: string;
  rule_id: string;
  severity: 'warning' | 'critical';
  state: 'pending' | 'firing' | 'acknowledged' | 'resolved';
  started_at: string;
  ended_at: string | null;
  fired_at: string | null;
  resolved_at: string | null;
  acknowledged: { at: string; by: { type: string; id: string } | null } | null;
  explanation: { summary?: unknown } | null;
}

const HEALTH_LABELS: Record<KpiHealth, string> = { on_track: 'On track', at_risk: 'At risk', off_track: 'Off track', no_data: 'No data' };
const DIRECTION_LABELS: Record<KpiView['direction'], string> = {
  higher_is_better: 'Higher is better',
  lower_is_better: 'Lower is better',
  target_band: 'Within the target band',
};
const PERIOD_WORDS: Record<Period, [string, string]> = { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'], quarter: ['quarter', 'quarters'] };
const ALERT_STATE_LABELS: Record<KpiAlertView['state'], string> = { pending: 'Pending', firing: 'Firing', acknowledged: 'Acknowledged', resolved: 'Resolved' };

/** The ranges the KPI page offers, in periods of the KPI's aggregation period; the first is the default. */
export const KPI_RANGES: Record<Period, number[]> = { day: [30, 7, 90, 365], week: [26, 8, 52, 104], month: [12, 6, 24, 60], quarter: [8, 4, 12, 20] };

const periodCount = (n: number, period: Period) => `${n} ${PERIOD_WORDS[period][n === 1 ? 0 : 1]}`;

/** The label of a period by its start: 2026-11-23, week of 2026-11-23, 2026-11, 2026 Q4. */
export function periodLabel(start: string, period: Period): string {
  const day = start.slice(0, 10);
  if (period === 'day') return day;
  if (period === 'week') return `Week of ${day}`;
  if (period === 'month') return day.slice(0, 7);
  return `${day.slice(0, 4)} Q${Math.floor(Number(day.slice(5, 7)) / 3) + 1}`;
}

const withUnit = (value: number | null | undefined, unit: string | null) => (value === null || value === undefined ? '—' : unit ? `${formatMetric(value)} ${unit}` : formatMetric(value));
const lineText = (line: Line | null, unit: string | null) =>
  line === null ? '—' : typeof line === 'object' ? `${withUnit(line.low, unit)} to ${withUnit(line.high, unit)}` : withUnit(line, unit);

function healthBadge(health: KpiHealth): SafeHtml {
  return html`<span class="badge health-${health}">${HEALTH_LABELS[health]}</span>`;
}

/** Where the KPI's values come from, in words. */
/** Where a KPI's points come from; a model is named by its name (its id in the title), read from `modelNames`. */
export function sourceText(source: KpiView['source'], modelNames: ReadonlyMap<string, string> = new Map()): SafeHtml | string {
  if (source.type === 'model_output') {
    const tag = typeof source.scenario_tag === 'string' && source.scenario_tag ? ` (scenarios tagged “${source.scenario_tag}”)` : '';
    const modelId = String(source.model_id);
    const model = modelNames.get(modelId);
    return html`Model output: ${String(source.metric)} of ${model ? html`<a href="/console/models/${encodeURIComponent(modelId)}" title="${modelId}">${model}</a>` : modelId}${tag}`;
  }
  if (source.type === 'dataset') {
    const metric = (source.metric ?? {}) as { function?: string; field?: string; percentile?: number };
    const of = metric.field ? `(${metric.field}${metric.percentile !== undefined ? `, p${metric.percentile}` : ''})` : '';
    return `Dataset ${String(source.dataset)}: ${metric.function ?? ''}${of}, after each sync`;
  }
  return 'Manual: points posted through the API';
}

function thresholdText(spec: KpiView['warning_threshold'], resolved: Line | null, unit: string | null): string {
  if (spec === null || resolved === null) return '—';
  return spec.percent !== undefined ? `${lineText(resolved, unit)} (${formatMetric(spec.percent)} % from the target)` : lineText(resolved, unit);
}

function trendText(trend: Trend & { periods: number; period: Period }): string {
  if (trend.direction === null) return `Not enough data: fewer than two of the last ${periodCount(trend.periods, trend.period)} have points.`;
  const over = `over the last ${periodCount(trend.periods, trend.period)}`;
  if (trend.direction === 'flat') return `Flat ${over}.`;
  const moving = trend.direction === 'up' ? 'Rising' : 'Falling';
  const judged = trend.improving === null ? '' : trend.improving ? ', toward the target' : ', away from the target';
  return `${moving} ${over} (${formatMetric(trend.slope_per_period)} per ${PERIOD_WORDS[trend.period][0]})${judged}.`;
}

export interface KpiListRow extends KpiView {
  open_alerts: number;
}

export function kpisPage(input: {
  viewer: Viewer;
  rows: KpiListRow[];
  status: string | undefined;
  nextPage: string | null;
  modelNames?: ReadonlyMap<string, string> | undefined;
  notice?: Notice | undefined;
}): SafeHtml {
  const option = (value: string, label: string) => html`<option value="${value}"${(input.status ?? '') === value ? unsafe(' selected') : ''}>${label}</option>`;
  return layout({
    title: 'KPIs',
    viewer: input.viewer,
    section: 'kpis',
    body: html`<h1>KPIs</h1>
${noticeBlock(input.notice)}
<form method="get" action="/console/kpis" class="filters" aria-label="Filter KPIs">
  <div><label for="f-kpi-status">Status</label>
    <select id="f-kpi-status" name="status">${option('', 'Any')}${option('active', 'Active')}${option('paused', 'Paused')}${option('archived', 'Archived')}</select></div>
  <div class="actions"><button type="submit">Apply filter</button> <a href="/console/kpis">Clear</a></div>
</form>
${
  input.rows.length === 0
    ? html`<p class="empty">No KPIs match.</p>`
    : html`<div class="scroll" role="region" aria-label="KPIs" tabindex="0"><table class="kpis">
  <caption>KPIs, newest first</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Unit</th><th scope="col">Source</th><th scope="col">Against target</th><th scope="col">Current value</th><th scope="col">Open alerts</th></tr></thead>
  <tbody>${input.rows.map(
    (row) => html`<tr>
      <td><a href="/console/kpis/${row.id}">${row.name}</a>${row.status !== 'active' ? html` <span class="badge">${row.status}</span>` : ''}</td>
      <td>${row.unit ?? '—'}</td>
      <td>${sourceText(row.source, input.modelNames)}</td>
      <td>${healthBadge(row.target_status)}</td>
      <td>${row.current ? html`${withUnit(row.current.value, row.unit)} <span class="muted">(${timeTag(row.current.timestamp)})</span>` : '—'}</td>
      <td>${row.open_alerts > 0 ? html`<strong class="alert-count">${row.open_alerts}</strong>` : '0'}</td>
    </tr>`,
  )}</tbody>
</table></div>`
}
${input.nextPage ? html`<p><a href="${input.nextPage}" rel="next">Next page</a></p>` : ''}`,
  });
}

/**
 * The KPI's values over the range as an inline SVG: one mark per bucket (its average) joined by a line, the target
 * line or band, the warning and critical lines, and the periods alerts were open shaded; the numbers as a table.
 */
export function kpiChart(input: { kpi: KpiView; from: string; to: string; buckets: KpiBucketView[]; alerts: ChartAlertSpan[]; frame?: ChartFrame }): SafeHtml {
  const { kpi } = input;
  const period = kpi.aggregation_period;
  const geometry = kpiChartGeometry({ frame: input.frame, from: input.from, to: input.to, buckets: input.buckets, target: kpi.target, warning: kpi.thresholds.warning, critical: kpi.thresholds.critical, alerts: input.alerts });
  const { frame, marks, target, lines, shaded } = geometry;
  const { width, height, pad } = frame;
  const [plotTop, plotBottom] = [pad.top, height - pad.bottom];
  const rangeText = `${input.from.slice(0, 10)} to ${new Date(Date.parse(input.to) - 1).toISOString().slice(0, 10)}`;
  const description = `${input.buckets.length} ${PERIOD_WORDS[period][input.buckets.length === 1 ? 0 : 1]} with points from ${rangeText}; ${shaded.length} alert period${shaded.length === 1 ? '' : 's'} shaded. The table beside the chart lists the same numbers.`;
  return html`<div class="chart-with-table">
<figure class="chart kpi-chart">
  <svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="kpi-chart-title kpi-chart-desc" data-from="${input.from}" data-to="${input.to}" data-value-min="${geometry.valueDomain[0]}" data-value-max="${geometry.valueDomain[1]}">
    <title id="kpi-chart-title">${kpi.name}: average per ${PERIOD_WORDS[period][0]}, ${rangeText}</title>
    <desc id="kpi-chart-desc">${description}</desc>
    ${shaded.map(
      (s) => html`<rect class="alert-period severity-${s.severity}" data-alert-id="${s.id}" data-from="${s.from}" data-to="${s.to ?? ''}" x="${s.x}" y="${plotTop}" width="${s.width}" height="${plotBottom - plotTop}" fill="#f4c7cd" fill-opacity="0.7"/>`,
    )}
    ${
      target.kind === 'band'
        ? html`<rect class="target-band" data-low="${target.low}" data-high="${target.high}" x="${pad.left}" y="${target.y}" width="${width - pad.left - pad.right}" height="${Math.max(target.height, 1)}" fill="#cfe8d5" fill-opacity="0.8"/>`
        : html`<line class="target-line" data-value="${target.value}" x1="${pad.left}" y1="${target.y}" x2="${width - pad.right}" y2="${target.y}" stroke="#0b5a21" stroke-width="2" stroke-dasharray="2 3"/>`
    }
    ${lines.map(
      (l) => html`<line class="threshold ${l.severity}" data-edge="${l.edge}" data-value="${l.value}" x1="${pad.left}" y1="${l.y}" x2="${width - pad.right}" y2="${l.y}" stroke="${l.severity === 'critical' ? '#a4001d' : '#8a5a00'}" stroke-width="1.5"${
        l.severity === 'warning' ? unsafe(' stroke-dasharray="6 4"') : ''
      }/>`,
    )}
    ${chartAxes(frame, {
      top: formatMetric(geometry.valueDomain[1]),
      bottom: formatMetric(geometry.valueDomain[0]),
      start: input.from.slice(0, 10),
      end: new Date(Date.parse(input.to) - 1).toISOString().slice(0, 10),
    })}
    ${marks.length > 1 ? html`<polyline class="values" points="${marks.map((m) => `${m.x},${m.y}`).join(' ')}" fill="none" stroke="#1f5fbf" stroke-width="2"/>` : ''}
    ${marks.map((m) => html`<circle class="mark" data-start="${m.start}" data-value="${m.value}" cx="${m.x}" cy="${m.y}" r="3.5" fill="#1f5fbf"/>`)}
  </svg>
  <figcaption>
    <ul class="legend">
      <li><span class="key key-values" aria-hidden="true"></span> Average per ${PERIOD_WORDS[period][0]}</li>
      <li><span class="key ${target.kind === 'band' ? 'key-band' : 'key-target'}" aria-hidden="true"></span> Target${target.kind === 'band' ? ' band' : ''}: ${lineText(kpi.target, kpi.unit)}</li>
      ${kpi.thresholds.warning !== null ? html`<li><span class="key key-warning" aria-hidden="true"></span> Warning (dashed): ${lineText(kpi.thresholds.warning, kpi.unit)}</li>` : ''}
      ${kpi.thresholds.critical !== null ? html`<li><span class="key key-critical" aria-hidden="true"></span> Critical (solid): ${lineText(kpi.thresholds.critical, kpi.unit)}</li>` : ''}
      <li><span class="key key-alert" aria-hidden="true"></span> Alert open (from its first breaching point to the point that ended it)</li>
    </ul>
  </figcaption>
</figure>
<div class="scroll chart-table" role="region" aria-labelledby="kpi-values-caption" tabindex="0"><table class="compact kpi-values">
  <caption id="kpi-values-caption">Values per ${PERIOD_WORDS[period][0]}${kpi.unit ? ` (${kpi.unit})` : ''}, oldest first</caption>
  <thead><tr><th scope="col">${PERIOD_WORDS[period][0][0]?.toUpperCase()}${PERIOD_WORDS[period][0].slice(1)}</th><th scope="col">Points</th><th scope="col">Average</th><th scope="col">Min</th><th scope="col">Max</th><th scope="col">Last</th></tr></thead>
  <tbody>${
    input.buckets.length === 0
      ? html`<tr><td colspan="6" class="empty">No points in this range.</td></tr>`
      : input.buckets.map(
          (b) => html`<tr><th scope="row"><time datetime="${b.start}">${periodLabel(b.start, period)}</time></th><td>${b.count}</td><td>${formatMetric(b.avg)}</td><td>${formatMetric(b.min)}</td><td>${formatMetric(b.max)}</td><td>${formatMetric(b.last)}</td></tr>`,
        )
  }</tbody>
</table></div>
</div>`;
}

function openAlertsTable(input: { alerts: KpiAlertView[]; ruleNames: Map<string, string>; names: Map<string, string>; kpiId: string; csrfToken: string; canAcknowledge: boolean }): SafeHtml {
  if (input.alerts.length === 0) return html`<p class="empty">No open alerts.</p>`;
  return html`<div class="scroll" role="region" aria-labelledby="alerts-heading" tabindex="0"><table class="alerts">
  <caption>Open alerts, newest first</caption>
  <thead><tr><th scope="col">State</th><th scope="col">Rule</th><th scope="col">Since</th><th scope="col">What happened</th><th scope="col">Acknowledged by</th>${input.canAcknowledge ? html`<th scope="col"><span class="visually-hidden">Action</span></th>` : ''}</tr></thead>
  <tbody>${input.alerts.map((alert) => {
    const summary = typeof alert.explanation?.summary === 'string' ? alert.explanation.summary : '—';
    const by = alert.acknowledged?.by;
    return html`<tr data-alert-id="${alert.id}">
      <td><span class="badge alert-${alert.state}">${ALERT_STATE_LABELS[alert.state]}</span> <span class="badge severity-${alert.severity}">${alert.severity}</span></td>
      <td>${input.ruleNames.get(alert.rule_id) ?? alert.rule_id}</td>
      <td>${timeTag(alert.started_at)}${alert.fired_at ? html`<br><span class="muted">fired ${timeTag(alert.fired_at)}</span>` : ''}</td>
      <td>${summary}</td>
      <td>${alert.acknowledged ? html`${by ? actorName(by, input.names) : '—'} <span class="muted">(${timeTag(alert.acknowledged.at)})</span>` : '—'}</td>
      ${
        input.canAcknowledge
          ? html`<td>${
              alert.acknowledged
                ? ''
                : html`<form method="post" action="/console/kpis/${input.kpiId}/alerts/${alert.id}/acknowledge" class="inline">
          <input type="hidden" name="_csrf" value="${input.csrfToken}">
          <button type="submit" class="secondary" aria-describedby="alert-rule-${alert.id}">Acknowledge</button><span id="alert-rule-${alert.id}" class="visually-hidden">the ${alert.severity} alert of ${input.ruleNames.get(alert.rule_id) ?? alert.rule_id}</span>
        </form>`
            }</td>`
          : ''
      }
    </tr>`;
  })}</tbody>
</table></div>`;
}

export function kpiPage(input: {
  viewer: Viewer;
  kpi: KpiView;
  trend: Trend & { periods: number; period: Period };
  range: { periods: number; from: string; to: string };
  buckets: KpiBucketView[];
  alertSpans: ChartAlertSpan[];
  openAlerts: KpiAlertView[];
  ruleNames: Map<string, string>;
  names: Map<string, string>;
  modelNames?: ReadonlyMap<string, string> | undefined;
  canAcknowledge: boolean;
  notice?: Notice | undefined;
}): SafeHtml {
  const { kpi } = input;
  const period = kpi.aggregation_period;
  return layout({
    title: kpi.name,
    viewer: input.viewer,
    section: 'kpis',
    body: html`<p class="crumbs"><a href="/console/kpis">KPIs</a> › <span title="${kpi.id}">${kpi.name}</span></p>
<h1>${kpi.name}</h1>
${noticeBlock(input.notice)}
${kpi.description ? html`<p class="prose">${kpi.description}</p>` : ''}
<dl class="facts">
  <div><dt>Against target</dt><dd>${healthBadge(kpi.target_status)}</dd></div>
  <div><dt>Current value</dt><dd>${kpi.current ? html`${withUnit(kpi.current.value, kpi.unit)} <span class="muted">(${timeTag(kpi.current.timestamp)})</span>` : '—'}</dd></div>
  <div><dt>Trend</dt><dd>${trendText(input.trend)}</dd></div>
  <div><dt>Direction</dt><dd>${DIRECTION_LABELS[kpi.direction]}</dd></div>
  <div><dt>Target${typeof kpi.target === 'object' ? ' band' : ''}</dt><dd>${lineText(kpi.target, kpi.unit)}</dd></div>
  <div><dt>Warning threshold</dt><dd>${thresholdText(kpi.warning_threshold, kpi.thresholds.warning, kpi.unit)}</dd></div>
  <div><dt>Critical threshold</dt><dd>${thresholdText(kpi.critical_threshold, kpi.thresholds.critical, kpi.unit)}</dd></div>
  <div><dt>Period</dt><dd>Per ${PERIOD_WORDS[period][0]} (UTC)</dd></div>
  <div><dt>Source</dt><dd>${sourceText(kpi.source, input.modelNames)}</dd></div>
  <div><dt>Status</dt><dd>${kpi.status}</dd></div>
  <div><dt>Owner</dt><dd>${kpi.owner_id ? (input.names.get(kpi.owner_id) ?? kpi.owner_id) : '—'}</dd></div>
  <div><dt>Tags</dt><dd>${kpi.tags.join(', ') || '—'}</dd></div>
</dl>
<section aria-labelledby="chart-heading">
  <h2 id="chart-heading">Values over time</h2>
  <form method="get" action="/console/kpis/${kpi.id}" class="filters" aria-label="Range">
    <div><label for="f-range">Range</label>
      <select id="f-range" name="periods">${KPI_RANGES[period].map(
        (n) => html`<option value="${n}"${n === input.range.periods ? unsafe(' selected') : ''}>Last ${periodCount(n, period)}</option>`,
      )}</select></div>
    <div class="actions"><button type="submit">Show</button></div>
  </form>
  ${kpiChart({ kpi, from: input.range.from, to: input.range.to, buckets: input.buckets, alerts: input.alertSpans })}
</section>
<section aria-labelledby="alerts-heading">
  <h2 id="alerts-heading">Open alerts</h2>
  ${openAlertsTable({ alerts: input.openAlerts, ruleNames: input.ruleNames, names: input.names, kpiId: kpi.id, csrfToken: input.viewer.csrfToken, canAcknowledge: input.canAcknowledge })}
</section>`,
  });
}

export function messagePage(input: { title: string; message: string; viewer?: Viewer | undefined; link?: { href: string; text: string } }): SafeHtml {
  return layout({
    title: input.title,
    viewer: input.viewer,
    section: 'none',
    body: html`<h1>${input.title}</h1>
<p>${input.message}</p>
${input.link ? html`<p><a href="${input.link.href}">${input.link.text}</a></p>` : ''}`,
  });
}
