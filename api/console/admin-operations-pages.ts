import type { PresentedFailure, PresentedFailureRetry } from '../failures/presenter';
import { adminLayout } from './admin-pages';
import { html, unsafe, type SafeHtml } from './html';
import { timeTag, type Notice, type Viewer } from './layout';

/**
 * The Operations page (/console/admin/operations): every failure of the tenant (GET /api/v1/failures) grouped by
 * cause, and bulk retries (POST /api/v1/failures/retry) of those a retry can fix. Server-rendered forms only: a
 * retry is a POST of checked boxes, or of one cause's button; its progress page is read again by reloading.
 */

const KIND_LABELS: Record<string, string> = {
  scenario: 'Scenario run',
  batch_item: 'Batch item',
  integration_sync: 'Integration sync',
  webhook_delivery: 'Webhook delivery',
  webhook_subscription: 'Webhook subscription',
  notification: 'Notification',
  kpi_check: 'KPI check',
  model_replay: 'Model replay',
};

export const FAILURE_KIND_OPTIONS = Object.keys(KIND_LABELS);

const csrf = (viewer: Viewer) => html`<input type="hidden" name="_csrf" value="${viewer.csrfToken}">`;
const selected = (on: boolean) => (on ? unsafe(' selected') : '');

interface CauseGroup {
  key: string;
  kind: string;
  code: string;
  message: string;
  failures: PresentedFailure[];
}

/** Failures of one kind with one cause code, in the order listed (the most recently seen first). */
function groupByCause(failures: PresentedFailure[]): CauseGroup[] {
  const groups = new Map<string, CauseGroup>();
  for (const failure of failures) {
    const key = `${failure.kind}|${failure.cause.code}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, kind: failure.kind, code: failure.cause.code, message: failure.cause.message, failures: [] };
      groups.set(key, group);
    }
    group.failures.push(failure);
  }
  return [...groups.values()];
}

function causeSection(group: CauseGroup, index: number): SafeHtml {
  const heading = `cause-${index}`;
  return html`<section class="cause" aria-labelledby="${heading}">
  <h2 id="${heading}">${KIND_LABELS[group.kind] ?? group.kind}: <code>${group.code}</code> (${group.failures.length})</h2>
  <p>${group.message || '—'}</p>
  <div class="scroll" role="region" aria-label="${KIND_LABELS[group.kind] ?? group.kind} failures with cause ${group.code}" tabindex="0"><table>
  <thead><tr><th scope="col">Retry</th><th scope="col">Resource</th><th scope="col">Belongs to</th><th scope="col">First seen</th><th scope="col">Last seen</th><th scope="col">Attempts</th></tr></thead>
  <tbody>${group.failures.map(
    (f) => html`<tr>
    <td><input type="checkbox" name="ids" value="${f.id}" id="retry-${f.id}" aria-label="Retry ${f.resource_id}"></td>
    <td><code>${f.resource_id}</code></td>
    <td>${f.parent_id ? html`<code>${f.parent_id}</code>` : '—'}</td>
    <td>${timeTag(f.first_seen_at)}</td>
    <td>${timeTag(f.last_seen_at)}</td>
    <td>${f.attempts}</td>
  </tr>`,
  )}</tbody>
  </table></div>
  <div class="buttons"><button type="submit" name="cause" value="${group.key}">Retry every ${KIND_LABELS[group.kind]?.toLowerCase() ?? group.kind} failing with ${group.code}</button></div>
</section>`;
}

function retryRows(retries: PresentedFailureRetry[]): SafeHtml {
  if (retries.length === 0) return html`<p class="empty">No retries yet.</p>`;
  return html`<ul>${retries.map(
    (r) =>
      html`<li><a href="/console/admin/operations/retries/${r.id}">Retry of ${timeTag(r.created_at)}</a>: ${r.status}, ${r.progress.succeeded} succeeded, ${r.progress.failed} failed of ${r.progress.total}</li>`,
  )}</ul>`;
}

export function operationsPage(input: {
  viewer: Viewer;
  failures: PresentedFailure[];
  filters: { kind?: string | undefined; code?: string | undefined };
  nextPage: string | null;
  retries: PresentedFailureRetry[];
  notice?: Notice | undefined;
}): SafeHtml {
  const groups = groupByCause(input.failures);
  return adminLayout({
    title: 'Operations',
    viewer: input.viewer,
    section: 'operations',
    notice: input.notice,
    body: html`<p>Everything that failed, in one place, grouped by cause. Webhook deliveries and integration syncs can be retried here, in bulk; each is retried through its own family (a redelivery, a new sync).</p>
<form method="get" action="/console/admin/operations" class="admin-form filters" aria-label="Filter failures">
  <label for="filter-kind">Kind</label>
  <select id="filter-kind" name="kind">
    <option value="">Every kind</option>
    ${FAILURE_KIND_OPTIONS.map((kind) => html`<option value="${kind}"${selected(input.filters.kind === kind)}>${KIND_LABELS[kind]}</option>`)}
  </select>
  <label for="filter-code">Cause code</label>
  <input id="filter-code" name="code" value="${input.filters.code ?? ''}" pattern="[a-z0-9_]+">
  <div class="buttons"><button type="submit" class="secondary">Filter</button></div>
</form>
${
  groups.length === 0
    ? html`<p class="empty">No failures${input.filters.kind || input.filters.code ? ' match the filter' : ''}.</p>`
    : html`<form method="post" action="/console/admin/operations/retry" aria-label="Retry failures">
  ${csrf(input.viewer)}
  ${groups.map((group, index) => causeSection(group, index))}
  <div class="buttons"><button type="submit">Retry the checked failures</button></div>
</form>`
}
${input.nextPage ? html`<p><a href="${input.nextPage}">Older failures</a></p>` : ''}
<h2 id="retries-heading">Recent retries</h2>
${retryRows(input.retries)}`,
  });
}

export function failureRetryPage(input: {
  viewer: Viewer;
  retry: PresentedFailureRetry;
  notice?: Notice | undefined;
}): SafeHtml {
  const { retry } = input;
  const p = retry.progress;
  return adminLayout({
    title: 'Retry of failures',
    viewer: input.viewer,
    section: 'operations',
    notice: input.notice,
    body: html`<p class="crumbs"><a href="/console/admin/operations">Operations</a> › <code>${retry.id}</code></p>
<dl class="facts">
  <div><dt>Status</dt><dd><span class="badge status-${retry.status}">${retry.status}</span></dd></div>
  <div><dt>Progress</dt><dd>${p.succeeded} succeeded, ${p.failed} failed, ${p.started} under way, ${p.pending} waiting, ${p.cancelled} cancelled, of ${p.total}</dd></div>
  <div><dt>Asked for</dt><dd>${timeTag(retry.created_at)}</dd></div>
</dl>
${
  retry.status === 'pending' || retry.status === 'running'
    ? html`<p>Reload this page to see how it goes.</p>
<form method="post" action="/console/admin/operations/retries/${retry.id}/cancel" aria-label="Cancel the retry">
  ${csrf(input.viewer)}
  <div class="buttons"><button type="submit" class="secondary">Cancel the retry</button></div>
</form>`
    : ''
}
<div class="scroll" role="region" aria-label="Retried failures" tabindex="0"><table>
  <caption>Retried failures</caption>
  <thead><tr><th scope="col">Failure</th><th scope="col">Outcome</th><th scope="col">New attempt</th><th scope="col">Why it failed again</th></tr></thead>
  <tbody>${retry.items.map(
    (item) => html`<tr>
    <td>${KIND_LABELS[item.kind] ?? item.kind} <code>${item.resource_id}</code></td>
    <td><span class="badge status-${item.status}">${item.status}</span></td>
    <td>${item.retried_resource_id ? html`<code>${item.retried_resource_id}</code>` : '—'}</td>
    <td>${item.error ? html`<code>${item.error.code}</code> ${item.error.message}` : '—'}</td>
  </tr>`,
  )}</tbody>
</table></div>`,
  });
}
