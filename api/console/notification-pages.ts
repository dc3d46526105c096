import { CHAT_FORMATS, NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS } from '../../core/notification-kinds';
import { adminLayout } from './admin-pages';
import { html, unsafe, type SafeHtml } from './html';
import { layout, noticeBlock, type Notice, type Viewer } from './layout';

export interface PreferenceView {
  kind: string;
  title: string;
  description: string;
  default: string;
  mandatory: boolean;
  chosen: string | null;
  delivery: string;
}

export interface NotificationView {
  id: string;
  channel: string;
  kind: string;
  user_id: string | null;
  chat_destination_id: string | null;
  recipient: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  delivery: string;
  due_at: string;
  sent_at: string | null;
  created_at: string;
}

export interface ChatDestinationView {
  id: string;
  name: string;
  format: string;
  url_host: string;
  kinds: string[];
  enabled: boolean;
}

const DELIVERY_LABELS: Record<string, string> = { immediate: 'Immediately', digest: 'In my daily digest', off: 'Off' };
const STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Not sent',
  digested: 'In a digest',
};
export const LOG_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;

const csrf = (viewer: Viewer) => html`<input type="hidden" name="_csrf" value="${viewer.csrfToken}">`;
const checked = (on: boolean) => (on ? unsafe(' checked') : '');
const selected = (on: boolean) => (on ? unsafe(' selected') : '');
const when = (iso: string | null) =>
  iso ? html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 16)} UTC</time>` : html`—`;
const kindTitle = (kind: string) =>
  kind in NOTIFICATION_KINDS
    ? NOTIFICATION_KINDS[kind as keyof typeof NOTIFICATION_KINDS].title
    : kind === 'digest'
      ? 'Daily digest'
      : kind === 'invitation'
        ? 'Invitation'
        : kind;

/** The time zones offered: the runtime's list (every IANA zone), the person's own first if it is not in it. */
function timeZoneOptions(current: string): SafeHtml[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
  if (!all.includes(current)) all.unshift(current);
  return all.map((zone) => html`<option value="${zone}"${selected(zone === current)}>${zone}</option>`);
}

function logTable(caption: string, rows: NotificationView[], options: { showRecipient: boolean }): SafeHtml {
  if (rows.length === 0) return html`<p class="muted">Nothing yet.</p>`;
  return html`<div class="scroll" role="region" aria-label="${caption}" tabindex="0"><table>
  <caption>${caption}</caption>
  <thead><tr><th scope="col">Subject</th><th scope="col">Kind</th><th scope="col">Channel</th>${options.showRecipient ? html`<th scope="col">To</th>` : ''}<th scope="col">Status</th><th scope="col">Sent</th><th scope="col">Created</th></tr></thead>
  <tbody>${rows.map(
    (n) => html`<tr id="notification-${n.id}">
    <td>${n.subject}</td>
    <td>${kindTitle(n.kind)}</td>
    <td>${n.channel === 'email' ? 'Email' : 'Chat'}</td>
    ${options.showRecipient ? html`<td>${n.recipient}</td>` : ''}
    <td><span class="status status-${n.status}">${STATUS_LABELS[n.status] ?? n.status}</span>${n.status === 'pending' && n.delivery === 'digest' ? html` <span class="muted">(digest, ${when(n.due_at)})</span>` : ''}${
      n.last_error && n.status !== 'sent' ? html`<br><span class="muted">${n.last_error}</span>` : ''
    }</td>
    <td>${when(n.sent_at)}</td>
    <td>${when(n.created_at)}</td>
  </tr>`,
  )}</tbody>
</table></div>`;
}

/** A person's notification preferences (per kind: immediately, daily digest, off), their time zone, and what they were sent. */
export function preferencesPage(input: {
  viewer: Viewer;
  timeZone: string;
  kinds: PreferenceView[];
  recent: NotificationView[];
  notice?: Notice | undefined;
}): SafeHtml {
  return layout({
    title: 'Notifications',
    viewer: input.viewer,
    section: 'notifications',
    body: html`<h1>Notifications</h1>
${noticeBlock(input.notice)}
<p>How you hear of what happens in ${input.viewer.tenantName}, by email to ${input.viewer.email}. The daily digest arrives at the same hour every morning in your time zone.</p>
<form method="post" action="/console/notifications" class="admin-form">
  ${csrf(input.viewer)}
  <p><label for="time-zone">Your time zone</label> <select id="time-zone" name="time_zone">${timeZoneOptions(input.timeZone)}</select></p>
  ${input.kinds.map(
    (kind) => html`<fieldset id="kind-${kind.kind}">
    <legend>${kind.title}</legend>
    <p class="muted" id="kind-${kind.kind}-description">${kind.description}${kind.mandatory ? ' Your organisation requires it: you can choose when, not whether.' : ''}</p>
    ${(['immediate', 'digest', 'off'] as const).map((delivery) =>
      delivery === 'off' && kind.mandatory
        ? ''
        : html`<label class="choice"><input type="radio" name="${kind.kind}" value="${delivery}" aria-describedby="kind-${kind.kind}-description"${checked(kind.delivery === delivery)}> ${DELIVERY_LABELS[delivery]}${
            kind.default === delivery ? html` <span class="muted">(default)</span>` : ''
          }</label>`,
    )}
  </fieldset>`,
  )}
  <div class="buttons"><button type="submit">Save preferences</button></div>
</form>
<h2>Recently sent to you</h2>
${logTable('Your notifications', input.recent, { showRecipient: false })}`,
  });
}

/** The administration area's notifications: the tenant's log (failures first to see), mandatory kinds, chat destinations. */
export function adminNotificationsPage(input: {
  viewer: Viewer;
  log: NotificationView[];
  statusFilter: string | undefined;
  nextPage: string | null;
  mandatoryKinds: string[];
  destinations: ChatDestinationView[];
  form?: { name?: string; format?: string; url?: string; kinds?: string[] };
  notice?: Notice | undefined;
}): SafeHtml {
  const form = input.form ?? {};
  const kindBoxes = (name: string, chosen: string[], idPrefix: string) =>
    NOTIFICATION_KIND_NAMES.map(
      (kind) =>
        html`<label class="choice"><input type="checkbox" id="${idPrefix}-${kind}" name="${name}" value="${kind}"${checked(chosen.includes(kind))}> ${NOTIFICATION_KINDS[kind].title}</label>`,
    );
  return adminLayout({
    title: 'Notifications',
    viewer: input.viewer,
    section: 'notifications',
    notice: input.notice,
    body: html`<h2 id="log-heading">Sent and failed</h2>
<form method="get" action="/console/admin/notifications" class="inline-form" aria-labelledby="log-heading">
  <label for="status-filter">Status</label>
  <select id="status-filter" name="status"><option value="">Any</option>${LOG_STATUSES.map(
    (status) =>
      html`<option value="${status}"${selected(status === input.statusFilter)}>${STATUS_LABELS[status]}</option>`,
  )}</select>
  <button type="submit" class="secondary">Show</button>
</form>
${logTable('Notifications of the tenant', input.log, { showRecipient: true })}
${input.nextPage ? html`<p><a href="${input.nextPage}">Older notifications</a></p>` : ''}
<h2 id="mandatory-heading">Mandatory kinds</h2>
<p class="muted">People cannot turn these off (they still choose immediately or the daily digest), and their emails carry no unsubscribe link.</p>
<form method="post" action="/console/admin/notifications/settings" class="admin-form" aria-labelledby="mandatory-heading">
  ${csrf(input.viewer)}
  <fieldset><legend>Kinds everyone receives</legend>${kindBoxes('mandatory_kinds', input.mandatoryKinds, 'mandatory')}</fieldset>
  <div class="buttons"><button type="submit">Save mandatory kinds</button></div>
</form>
<h2 id="chat-heading">Chat channels</h2>
${
  input.destinations.length === 0
    ? html`<p class="muted">No chat channel receives notifications.</p>`
    : html`<table><caption>Chat destinations</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Format</th><th scope="col">Host</th><th scope="col">Kinds</th><th scope="col">Remove</th></tr></thead>
  <tbody>${input.destinations.map(
    (
      d,
    ) => html`<tr id="destination-${d.id}"><td>${d.name}${d.enabled ? '' : html` <span class="badge">Disabled</span>`}</td><td>${d.format === 'slack' ? 'Slack' : 'Microsoft Teams'}</td><td>${d.url_host}</td>
    <td>${d.kinds.map((kind) => kindTitle(kind)).join(', ')}</td>
    <td><form method="post" action="/console/admin/notifications/chat-destinations/${d.id}/delete" class="inline-form">${csrf(input.viewer)}<button type="submit" class="secondary">Remove<span class="visually-hidden"> ${d.name}</span></button></form></td></tr>`,
  )}</tbody></table>`
}
<h3 id="add-chat-heading">Add a chat channel</h3>
<p class="muted">Paste the channel's incoming-webhook URL (Slack: an incoming webhook; Teams: a Workflows webhook). It is checked like webhook URLs and never shown again.</p>
<form method="post" action="/console/admin/notifications/chat-destinations" class="admin-form" aria-labelledby="add-chat-heading">
  ${csrf(input.viewer)}
  <p><label for="chat-name">Name</label> <input id="chat-name" name="name" required maxlength="200" value="${form.name ?? ''}"></p>
  <p><label for="chat-format">Format</label> <select id="chat-format" name="format">${CHAT_FORMATS.map((format) => html`<option value="${format}"${selected(format === form.format)}>${format === 'slack' ? 'Slack' : 'Microsoft Teams'}</option>`)}</select></p>
  <p><label for="chat-url">Webhook URL</label> <input type="url" id="chat-url" name="url" required maxlength="2000" value="${form.url ?? ''}"></p>
  <fieldset><legend>Kinds posted to it</legend>${kindBoxes('kinds', form.kinds ?? [], 'chat-kind')}</fieldset>
  <div class="buttons"><button type="submit">Add chat channel</button></div>
</form>`,
  });
}
