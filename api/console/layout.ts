import type { ChartFrame } from './chart';
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

type Section = 'inbox' | 'decisions' | 'kpis' | 'models' | 'environments' | 'notifications' | 'admin' | 'none';

export const STATUS_LABELS: Record<string, string> = {
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
          <li><a href="/console/environments"${input.section === 'environments' ? unsafe(' aria-current="page"') : ''}>Environments</a></li>
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
  <link rel="stylesheet" href="/console/assets/console.css">${(input.stylesheets ?? []).map(
    (name) => html`
  <link rel="stylesheet" href="/console/assets/${name}">`,
  )}
  <script src="/console/assets/console.js" defer></script>${(input.scripts ?? []).map(
    (name) => html`
  <script src="/console/assets/${name}" defer></script>`,
  )}
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

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—';

export function timeTag(iso: string | null | undefined): SafeHtml {
  return iso ? html`<time datetime="${iso}">${formatDate(iso)}</time>` : html`—`;
}

export function countdown(iso: string | null, now: Date): SafeHtml {
  if (!iso) return html`<span>No SLA</span>`;
  const due = new Date(iso);
  const overdue = due.getTime() <= now.getTime();
  return html`<span class="countdown${overdue ? ' overdue' : ''}" data-deadline="${iso}">${overdue ? html`<strong>Overdue</strong> by ${relativeTime(due, now).replace(' ago', '')}` : `Due ${relativeTime(due, now)}`}</span>
    <span class="muted">(${timeTag(iso)})</span>`;
}

export function actorName(actor: { type: string; id: string }, names: Map<string, string>): string {
  if (actor.type === 'user') return names.get(actor.id) ?? actor.id;
  if (actor.type === 'api_key') return names.has(actor.id) ? `API key “${names.get(actor.id)}”` : `API key ${actor.id}`;
  if (actor.type === 'oauth_client')
    return names.has(actor.id) ? `OAuth client “${names.get(actor.id)}”` : `OAuth client ${actor.id}`;
  if (actor.type === 'system') return 'The approval workflow';
  return `${actor.type} ${actor.id}`;
}

export function formatMetric(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number')
    return Number.isInteger(value)
      ? value.toLocaleString('en-US')
      : value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  return value;
}

/** The two axes of a chart's frame, with the value at the top and bottom of the plot area and the first and last date. */
export function chartAxes(
  frame: ChartFrame,
  labels: { top: string; bottom: string; start: string; end: string },
): SafeHtml {
  const { width, height, pad } = frame;
  return html`<line x1="${pad.left}" y1="${height - pad.bottom}" x2="${width - pad.right}" y2="${height - pad.bottom}" stroke="#555"/>
    <line x1="${pad.left}" y1="${pad.top}" x2="${pad.left}" y2="${height - pad.bottom}" stroke="#555"/>
    <text x="${pad.left - 6}" y="${pad.top + 4}" text-anchor="end" font-size="11" fill="#333">${labels.top}</text>
    <text x="${pad.left - 6}" y="${height - pad.bottom + 4}" text-anchor="end" font-size="11" fill="#333">${labels.bottom}</text>
    <text x="${pad.left}" y="${height - 8}" font-size="11" fill="#333">${labels.start}</text>
    <text x="${width - pad.right}" y="${height - 8}" text-anchor="end" font-size="11" fill="#333">${labels.end}</text>`;
}

export function messagePage(input: {
  title: string;
  message: string;
  viewer?: Viewer | undefined;
  link?: { href: string; text: string };
}): SafeHtml {
  return layout({
    title: input.title,
    viewer: input.viewer,
    section: 'none',
    body: html`<h1>${input.title}</h1>
<p>${input.message}</p>
${input.link ? html`<p><a href="${input.link.href}">${input.link.text}</a></p>` : ''}`,
  });
}
