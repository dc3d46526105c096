import { html, unsafe, type SafeHtml } from './html';
import { layout, noticeBlock, relativeTime, timeTag, type Notice, type Viewer } from './layout';

/**
 * The Environments page (/console/environments): per model, the version each active environment serves and the
 * releases scheduled there, each with its instant and how far off it is; for a member with `models:write`, a Cancel
 * button on each scheduled release and a Promote form per model. Model names, reasons and environment names are
 * tenant-authored: all of it goes through the `html` tag's escaping.
 */

/** A deployment as the models family presents it (api/models/deployment-presenter.ts): the fields the page shows. */
export interface DeploymentView {
  id: string;
  model_id: string;
  environment: { id: string; name: string };
  version: string;
  status: 'pending_review' | 'scheduled' | 'active' | 'superseded' | 'ended' | 'cancelled' | 'rejected';
  effective_from: string | null;
  effective_until: string | null;
  time_zone: string | null;
  reason: string | null;
  decision_id: string | null;
  activated_at: string | null;
  created_at: string;
}

/** An active environment, a column of the grid, in promotion order. */
export interface EnvironmentColumn {
  id: string;
  name: string;
  requires_review: boolean;
  approval_policy_id: string | null;
}

/** A model with any deployment: its deployments by environment id, and the versions it may promote (released ones). */
export interface EnvironmentGridRow {
  modelId: string;
  modelName: string;
  deployments: Map<string, DeploymentView[]>;
  releasedVersions: string[];
}

/** What the Promote form sends, kept when it comes back refused. */
export interface PromoteFormValues {
  version: string;
  environment: string;
  effective_from: string;
  time_zone: string;
  reason: string;
  approval_policy_id: string;
}

export const EMPTY_PROMOTE_FORM: PromoteFormValues = {
  version: '',
  environment: '',
  effective_from: '',
  time_zone: 'UTC',
  reason: '',
  approval_policy_id: '',
};

/** A refused promotion: shown beside the form of its model, with what was entered. */
export interface PromoteRefusal {
  modelId: string;
  notice: Notice;
  values: PromoteFormValues;
}

export interface EnvironmentsPageInput {
  viewer: Viewer;
  environments: EnvironmentColumn[];
  rows: EnvironmentGridRow[];
  /** The person may promote and cancel (`models:write`): the forms are shown. */
  canWrite: boolean;
  /** The tenant's approval policies, for a promotion into an environment that reviews (id and name). */
  policies: Array<{ id: string; name: string }>;
  now: Date;
  notice?: Notice | undefined;
  refusal?: PromoteRefusal | undefined;
}

const modelHref = (modelId: string) => `/console/models/${encodeURIComponent(modelId)}`;

/** The wall-clock time of an instant in the zone a promotion named ("2030-01-01 09:00 Europe/Berlin"), if not UTC. */
function zonedTime(iso: string, zone: string | null): string | undefined {
  if (!zone || zone === 'UTC') return undefined;
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(iso));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${zone}`;
  } catch {
    return undefined;
  }
}

/** "in 2 d 3 h" until a scheduled instant; "taking effect now" once it is due (the timer is about to fire). */
function untilText(iso: string, now: Date): string {
  return new Date(iso).getTime() > now.getTime() ? relativeTime(new Date(iso), now) : 'taking effect now';
}

function cancelForm(deployment: DeploymentView, csrfToken: string): SafeHtml {
  return html`<form method="post" action="/console/environments/models/${encodeURIComponent(deployment.model_id)}/deployments/${encodeURIComponent(deployment.id)}/cancel" class="inline">
        <input type="hidden" name="_csrf" value="${csrfToken}">
        <button type="submit" class="secondary">Cancel<span class="visually-hidden"> the release of version ${deployment.version} in ${deployment.environment.name}</span></button>
      </form>`;
}

/** One cell: the version in effect and since when, then what is scheduled (with its countdown) and awaiting review. */
function cell(deployments: DeploymentView[], input: EnvironmentsPageInput): SafeHtml {
  const active = deployments.filter((d) => d.status === 'active');
  const scheduled = deployments
    .filter((d) => d.status === 'scheduled')
    .sort((a, b) => (a.effective_from ?? '').localeCompare(b.effective_from ?? ''));
  const pending = deployments.filter((d) => d.status === 'pending_review');
  const inEffect =
    active.length === 0
      ? html`<p class="muted">Nothing in effect</p>`
      : active.map(
          (d) =>
            html`<p class="in-effect" data-deployment-id="${d.id}"><strong>Version ${d.version}</strong> <span class="muted">since ${timeTag(d.activated_at ?? d.effective_from ?? d.created_at)}</span>${d.effective_until ? html` <span class="muted">until ${timeTag(d.effective_until)}</span>` : ''}</p>`,
        );
  const scheduledItems = scheduled.map((d) => {
    const from = d.effective_from as string;
    const local = zonedTime(from, d.time_zone);
    return html`<li class="scheduled" data-deployment-id="${d.id}">
      <span class="badge status-scheduled">Scheduled</span> Version ${d.version} from ${timeTag(from)}${local ? html` <span class="muted">(${local})</span>` : ''},
      <span class="countdown-text">${untilText(from, input.now)}</span>${d.reason ? html` <span class="muted">— ${d.reason}</span>` : ''}
      ${input.canWrite ? cancelForm(d, input.viewer.csrfToken) : ''}
    </li>`;
  });
  const pendingItems = pending.map(
    (d) =>
      html`<li class="pending-review" data-deployment-id="${d.id}"><span class="badge status-pending">Awaiting review</span> Version ${d.version}${d.effective_from ? html` from ${timeTag(d.effective_from)}` : ''}${d.decision_id ? html` (<a href="/console/decisions/${encodeURIComponent(d.decision_id)}">release decision</a>)` : ''}</li>`,
  );
  const waiting = [...scheduledItems, ...pendingItems];
  return html`${inEffect}${waiting.length > 0 ? html`<ul class="plain upcoming">${waiting}</ul>` : ''}`;
}

function grid(input: EnvironmentsPageInput): SafeHtml {
  if (input.environments.length === 0) return html`<p class="empty">There is no active environment.</p>`;
  if (input.rows.length === 0)
    return html`<p class="empty">No model is deployed in any environment yet. A version approved in its review goes into the release target; promote it from there.</p>`;
  return html`<div class="scroll" role="region" aria-labelledby="grid-heading" tabindex="0"><table class="environments">
  <caption>Per model, the version each environment serves and the releases scheduled in it</caption>
  <thead><tr><th scope="col">Model</th>${input.environments.map(
    (e) =>
      html`<th scope="col" data-environment="${e.name}">${e.name}${e.requires_review ? html` <span class="muted">(reviewed)</span>` : ''}</th>`,
  )}</tr></thead>
  <tbody>${input.rows.map(
    (row) => html`<tr data-model-id="${row.modelId}">
    <th scope="row"><a href="${modelHref(row.modelId)}">${row.modelName}</a></th>
    ${input.environments.map((e) => html`<td data-environment="${e.name}">${cell(row.deployments.get(e.id) ?? [], input)}</td>`)}
  </tr>`,
  )}</tbody>
</table></div>`;
}

const option = (value: string, label: string, chosen: string) =>
  html`<option value="${value}"${value === chosen ? unsafe(' selected') : ''}>${label}</option>`;

/** The Promote form of one model (its fields numbered by the row, so every label names one field). */
function promoteForm(row: EnvironmentGridRow, index: number, input: EnvironmentsPageInput): SafeHtml {
  const refused = input.refusal?.modelId === row.modelId ? input.refusal : undefined;
  const values = refused?.values ?? EMPTY_PROMOTE_FORM;
  const id = (field: string) => `promote-${index}-${field}`;
  const reviewed = input.environments.filter((e) => e.requires_review);
  const invalid = refused ? unsafe(` aria-describedby="${id('error')}"`) : unsafe('');
  if (row.releasedVersions.length === 0)
    return html`<section class="promote" aria-labelledby="${id('heading')}"><h3 id="${id('heading')}">${row.modelName}</h3>
  <p class="empty">No version of this model is released yet: only a version approved in its review can be promoted.</p></section>`;
  return html`<section class="promote" aria-labelledby="${id('heading')}"><h3 id="${id('heading')}">${row.modelName}</h3>
  <form method="post" action="/console/environments/promote" class="action-form" id="promote-${row.modelId}" novalidate${invalid}>
    <input type="hidden" name="_csrf" value="${input.viewer.csrfToken}">
    <input type="hidden" name="model_id" value="${row.modelId}">
    ${refused ? html`<div class="notice error" role="alert" id="${id('error')}"><p><strong>${refused.notice.title}</strong></p>${refused.notice.detail ? html`<p>${refused.notice.detail}</p>` : ''}</div>` : ''}
    <div class="filters">
      <div><label for="${id('version')}">Version</label>
        <select id="${id('version')}" name="version">${row.releasedVersions.map((v) => option(v, `Version ${v}`, values.version))}</select></div>
      <div><label for="${id('environment')}">Into environment</label>
        <select id="${id('environment')}" name="environment">${input.environments.map((e) => option(e.name, e.name, values.environment))}</select></div>
      <div><label for="${id('from')}">Effective from (optional)</label>
        <input type="datetime-local" id="${id('from')}" name="effective_from" value="${values.effective_from}"></div>
      <div><label for="${id('zone')}">Time zone</label>
        <input id="${id('zone')}" name="time_zone" value="${values.time_zone}" maxlength="64" size="16"></div>
      <div><label for="${id('reason')}">Reason (optional)</label>
        <input id="${id('reason')}" name="reason" value="${values.reason}" maxlength="2000"></div>
      ${
        reviewed.length > 0
          ? html`<div><label for="${id('policy')}">Approval policy (${reviewed.map((e) => e.name).join(', ')} reviews)</label>
        <select id="${id('policy')}" name="approval_policy_id">${option('', 'The environment’s own', values.approval_policy_id)}${input.policies.map((p) => option(p.id, p.name, values.approval_policy_id))}</select></div>`
          : ''
      }
      <div class="actions"><button type="submit">Promote<span class="visually-hidden"> ${row.modelName}</span></button></div>
    </div>
  </form>
  <p class="muted">Leave “Effective from” empty to promote at once (on approval, where the environment reviews); the time is read in the time zone given (an IANA name such as <code>Europe/Berlin</code>).</p>
</section>`;
}

export function environmentsPage(input: EnvironmentsPageInput): SafeHtml {
  return layout({
    title: 'Environments',
    viewer: input.viewer,
    section: 'environments',
    body: html`<h1>Environments</h1>
${noticeBlock(input.notice)}
<p>The environments in promotion order: ${input.environments.map((e, i) => html`${i > 0 ? ' → ' : ''}<strong>${e.name}</strong>`)}. Each serves its own version of a model; a release can be scheduled to take effect at an instant.</p>
<section aria-labelledby="grid-heading">
  <h2 id="grid-heading">Versions in effect</h2>
  ${grid(input)}
</section>
${
  input.canWrite && input.rows.length > 0
    ? html`<section aria-labelledby="promote-heading">
  <h2 id="promote-heading">Promote a version</h2>
  ${input.rows.map((row, index) => promoteForm(row, index, input))}
</section>`
    : ''
}`,
  });
}
