import { RESOURCE_FAMILIES } from '../../core/scopes';
import { ROLES } from '../../core/roles';
import { html, unsafe, type SafeHtml } from './html';
import { layout, noticeBlock, relativeTime, type Notice, type Viewer } from './layout';
import { awayBadge, type DelegationView } from './away-notes';

/**
 * The administration area's pages (tenant admins only): API keys, people and roles, OAuth clients, webhooks,
 * approval policies and the tenant overview. Same rules as the rest of the console: server-rendered, every value
 * escaped by the `html` tag, no inline script or style, every form with the session's CSRF token, readable and
 * usable with the keyboard alone and without JavaScript (admin.js only adds the copy buttons).
 */

export type AdminSection =
  | 'overview'
  | 'api-keys'
  | 'people'
  | 'oauth-clients'
  | 'webhooks'
  | 'approval-policies'
  | 'notifications'
  | 'operations'
  | 'operator';

const SECTIONS: Array<[AdminSection, string, string]> = [
  ['overview', 'Overview', '/console/admin'],
  ['api-keys', 'API keys', '/console/admin/api-keys'],
  ['people', 'People and roles', '/console/admin/people'],
  ['oauth-clients', 'OAuth clients', '/console/admin/oauth-clients'],
  ['webhooks', 'Webhooks', '/console/admin/webhooks'],
  ['approval-policies', 'Approval policies', '/console/admin/approval-policies'],
  ['notifications', 'Notifications', '/console/admin/notifications'],
  ['operations', 'Operations', '/console/admin/operations'],
];

/** Keys expiring within this many days are marked. */
export const EXPIRING_SOON_DAYS = 7;

const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—';
const timeTag = (iso: string | null | undefined): SafeHtml =>
  iso ? html`<time datetime="${iso}">${formatDate(iso)}</time>` : html`—`;
const csrf = (viewer: Viewer) => html`<input type="hidden" name="_csrf" value="${viewer.csrfToken}">`;
const checked = (on: boolean) => (on ? unsafe(' checked') : '');
const selected = (on: boolean) => (on ? unsafe(' selected') : '');

interface ActorView {
  type: string;
  id: string;
  via_client?: string;
}

export function actorLabel(actor: ActorView | null | undefined, names: Map<string, string>): string {
  if (!actor) return '—';
  if (actor.type === 'user')
    return `${names.get(actor.id) ?? actor.id}${actor.via_client ? ` (via ${actor.via_client})` : ''}`;
  if (actor.type === 'api_key') return names.has(actor.id) ? `API key “${names.get(actor.id)}”` : `API key ${actor.id}`;
  if (actor.type === 'oauth_client')
    return names.has(actor.id) ? `OAuth client “${names.get(actor.id)}”` : `OAuth client ${actor.id}`;
  if (actor.type === 'system' && actor.id.startsWith('platform-operator/'))
    return `A platform operator (${actor.id.slice('platform-operator/'.length)})`;
  if (actor.type === 'system')
    return actor.id === 'bootstrap' ? 'The system (tenant set-up)' : `The system (${actor.id.replace(/[-_]/g, ' ')})`;
  return `${actor.type} ${actor.id}`;
}

export function adminLayout(input: {
  title: string;
  viewer: Viewer;
  section: AdminSection;
  notice?: Notice | undefined;
  body: SafeHtml;
}): SafeHtml {
  return layout({
    title: `${input.title} – Administration`,
    viewer: input.viewer,
    section: 'admin',
    stylesheets: ['admin.css'],
    scripts: ['admin.js'],
    body: html`<nav aria-label="Administration" class="admin-nav">
  <ul>${SECTIONS.map(([key, label, href]) => html`<li><a href="${href}"${key === input.section ? unsafe(' aria-current="page"') : ''}>${label}</a></li>`)}</ul>
</nav>
<h1>${input.title}</h1>
${noticeBlock(input.notice)}
${input.body}`,
  });
}

/** A secret shown this once: selectable text, a copy button (admin.js), and what to do now. */
function secretBlock(label: string, secret: string, extra?: SafeHtml): SafeHtml {
  return html`<section class="secret" aria-labelledby="secret-heading">
  <h2 id="secret-heading">${label}</h2>
  <p><strong>Copy it now: you will not see this again.</strong> Only a hash is stored; if it is lost, rotate it.</p>
  <p class="secret-row"><code id="secret-value" class="secret-value">${secret}</code>
    <button type="button" class="secondary copy" data-copy="secret-value" hidden>Copy</button>
    <span class="copy-status" role="status" aria-live="polite"></span></p>
  ${extra ?? ''}
</section>`;
}

// ---------------------------------------------------------------------------------------------------- overview

export interface UsageWindow {
  window: string;
  limit: number;
  used: number;
  resetsAt: string | null;
}

export interface AuditEntryView {
  id: string;
  occurred_at: string;
  actor: ActorView;
  action: string;
  resource_type: string;
  resource_id: string;
  /** What changed; its names (name, title, display name, email, URL) name the resource when the directory does not. */
  payload?: Record<string, unknown>;
}

/** The name an audit record's resource goes by: the directory's, else the one its payload recorded; undefined without one. */
function auditResourceName(entry: AuditEntryView, names: Map<string, string>): string | undefined {
  const known = names.get(entry.resource_id);
  if (known) return known;
  const payload = entry.payload ?? {};
  for (const field of ['name', 'title', 'display_name', 'email', 'url']) {
    const value = payload[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** A resource by its name, its id in the title; by its id when it has no name. */
function auditResource(entry: AuditEntryView, names: Map<string, string>): SafeHtml {
  const name = auditResourceName(entry, names);
  return name
    ? html`${entry.resource_type} <span title="${entry.resource_id}">“${name}”</span>`
    : html`${entry.resource_type} <code>${entry.resource_id}</code>`;
}

/** A tenant's volume quotas and their use (GET /api/v1/usage). */
export interface VolumeUsageView {
  policy: string;
  quotas: Array<{
    kind: string;
    period: string;
    limit: number;
    used: number;
    remaining: number;
    overage: number;
    percent_used: number;
    period_end: string;
  }>;
}

export function overviewPage(input: {
  viewer: Viewer;
  plan: string;
  usage: UsageWindow[];
  volume: VolumeUsageView;
  endpoint: { base_url: string; shared_host_open: boolean } | null;
  dedicatedWorkers: boolean;
  operator: boolean;
  audit: AuditEntryView[];
  names: Map<string, string>;
}): SafeHtml {
  const label: Record<string, string> = { 'per-minute': 'This minute', 'per-day': 'This day (24 h window)' };
  return adminLayout({
    title: 'Tenant overview',
    viewer: input.viewer,
    section: 'overview',
    body: html`<dl class="facts">
  <div><dt>Tenant</dt><dd>${input.viewer.tenantName}</dd></div>
  <div><dt>Plan</dt><dd>${input.plan}</dd></div>
  <div><dt>API endpoint</dt><dd>${
    input.endpoint
      ? html`<code>${input.endpoint.base_url}/api/v1</code> (dedicated${input.endpoint.shared_host_open ? '; the shared endpoint still answers too, until the migration window ends' : ''})`
      : 'The shared endpoint'
  }</dd></div>
  <div><dt>Workers</dt><dd>${input.dedicatedWorkers ? 'Dedicated: this tenant’s runs, batches, syncs, webhooks and approvals have workers of their own' : 'Shared with other tenants'}</dd></div>
</dl>
${input.operator ? html`<p><a href="/console/admin/operator">Platform operator: endpoints and workers of the enterprise tenants</a></p>` : ''}
<h2>Usage against the plan’s limits</h2>
<p class="muted">The counters the rate limiter uses for this tenant’s API requests (every key and token together).</p>
<table>
  <caption>API requests</caption>
  <thead><tr><th scope="col">Window</th><th scope="col">Used</th><th scope="col">Limit</th><th scope="col">Left</th><th scope="col">Resets</th></tr></thead>
  <tbody>${input.usage.map(
    (u) => html`<tr>
    <th scope="row">${label[u.window] ?? u.window}</th>
    <td>${u.used}</td><td>${u.limit}</td><td>${Math.max(0, u.limit - u.used)}${u.used >= u.limit ? html` <span class="badge warn">Limit reached</span>` : ''}</td>
    <td>${u.resetsAt ? timeTag(u.resetsAt) : 'No requests in this window'}</td>
  </tr>`,
  )}</tbody>
</table>
<h2>Volume quotas</h2>
${
  input.volume.quotas.length === 0
    ? html`<p class="empty">No volume quotas: this tenant’s work is limited by the request rates above only.</p>`
    : html`<p class="muted">Beyond a quota, work of its kind is ${input.volume.policy === 'refuse' ? 'refused until the period ends (a running sync and webhook deliveries go on)' : 'done and counted as overage'}. Periods are calendar months and days in UTC.</p>
<table>
  <caption>Use in the current period</caption>
  <thead><tr><th scope="col">Kind of work</th><th scope="col">Period</th><th scope="col">Used</th><th scope="col">Quota</th><th scope="col">Left</th><th scope="col">Resets</th></tr></thead>
  <tbody>${input.volume.quotas.map(
    (q) => html`<tr>
    <th scope="row">${q.kind.replace(/_/g, ' ')}</th><td>${q.period}</td>
    <td>${q.used} (${q.percent_used} %)</td><td>${q.limit}</td>
    <td>${q.remaining}${q.overage > 0 ? html` <span class="badge warn">${q.overage} over</span>` : q.used >= q.limit ? html` <span class="badge warn">Quota reached</span>` : q.percent_used >= 80 ? html` <span class="badge">80 % used</span>` : ''}</td>
    <td>${timeTag(q.period_end)}</td>
  </tr>`,
  )}</tbody>
</table>`
}
<h2>Recent audit-log entries</h2>
${
  input.audit.length === 0
    ? html`<p class="empty">Nothing recorded yet.</p>`
    : html`<table>
  <caption>The latest ${input.audit.length} entries of the tenant’s audit log</caption>
  <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Resource</th></tr></thead>
  <tbody>${input.audit.map(
    (a) =>
      html`<tr><td>${timeTag(a.occurred_at)}</td><td>${actorLabel(a.actor, input.names)}</td><td><code>${a.action}</code></td><td>${auditResource(a, input.names)}</td></tr>`,
  )}</tbody>
</table>`
}`,
  });
}

// ---------------------------------------------------------------------------------------------------- API keys

export interface ApiKeyView {
  id: string;
  name: string;
  key_prefix: string;
  scopes: string[];
  status: string;
  created_by: ActorView;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  previous_secret_expires_at: string | null;
  revoked_at?: string | null;
}

const FAMILY_LABELS: Record<string, string> = {
  scenarios: 'Scenarios',
  models: 'Models',
  kpis: 'KPIs',
  decisions: 'Decisions',
  integrations: 'Integrations',
  webhooks: 'Webhooks',
};

/** The per-family read/write grid (plus `admin`), as checkboxes named `scopes`. */
function scopeGrid(legend: string, chosen: Set<string>, withAdmin: boolean): SafeHtml {
  return html`<fieldset class="scope-grid">
  <legend>${legend}</legend>
  <table class="compact">
    <thead><tr><th scope="col">Resource</th><th scope="col">Read</th><th scope="col">Write (includes read)</th></tr></thead>
    <tbody>${RESOURCE_FAMILIES.map(
      (family) => html`<tr><th scope="row">${FAMILY_LABELS[family] ?? family}</th>
      <td><input type="checkbox" name="scopes" value="${family}:read" id="scope-${family}-read" aria-label="${FAMILY_LABELS[family] ?? family}: read"${checked(chosen.has(`${family}:read`))}></td>
      <td><input type="checkbox" name="scopes" value="${family}:write" id="scope-${family}-write" aria-label="${FAMILY_LABELS[family] ?? family}: write"${checked(chosen.has(`${family}:write`))}></td></tr>`,
    )}</tbody>
  </table>
  ${
    withAdmin
      ? html`<p><input type="checkbox" name="scopes" value="admin" id="scope-admin"${checked(chosen.has('admin'))}> <label for="scope-admin"><code>admin</code>: API keys, OAuth clients, people, the audit log</label></p>`
      : ''
  }
</fieldset>`;
}

const GRACE_CHOICES: Array<[number, string]> = [
  [0, 'End it now'],
  [3600, '1 hour'],
  [86_400, '24 hours'],
  [604_800, '7 days'],
];

function graceSelect(id: string): SafeHtml {
  return html`<label for="${id}">Old secret keeps working for</label>
  <select id="${id}" name="grace_period_seconds">${GRACE_CHOICES.map(([seconds, label]) => html`<option value="${seconds}"${selected(seconds === 86_400)}>${label}</option>`)}</select>`;
}

export interface ApiKeyForm {
  name?: string;
  scopes?: string[];
  expires_on?: string;
}

export function apiKeysPage(input: {
  viewer: Viewer;
  keys: ApiKeyView[];
  names: Map<string, string>;
  now: Date;
  form?: ApiKeyForm;
  notice?: Notice | undefined;
}): SafeHtml {
  const { now } = input;
  const soon = (iso: string | null) =>
    iso !== null &&
    new Date(iso).getTime() > now.getTime() &&
    new Date(iso).getTime() - now.getTime() <= EXPIRING_SOON_DAYS * 86_400_000;
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const form = input.form ?? {};
  return adminLayout({
    title: 'API keys',
    viewer: input.viewer,
    section: 'api-keys',
    notice: input.notice,
    body: html`<p>Keys for programs calling the API for this tenant. A key carries exactly the scopes ticked here; its secret is shown once.</p>
${
  input.keys.length === 0
    ? html`<p class="empty">No API keys yet.</p>`
    : html`<div class="scroll" role="region" aria-label="API keys" tabindex="0"><table class="keys">
  <caption>API keys of ${input.viewer.tenantName}</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Key prefix</th><th scope="col">Scopes</th><th scope="col">Created by</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
  <tbody>${input.keys.map(
    (
      key,
    ) => html`<tr id="key-${key.id}" class="${soon(key.expires_at) && key.status === 'active' ? 'row-expiring' : ''}">
    <td>${key.name}</td>
    <td><code>${key.key_prefix}</code></td>
    <td>${key.scopes.map((s) => html`<code class="scope">${s}</code> `)}</td>
    <td>${actorLabel(key.created_by, input.names)}<br><span class="muted">${timeTag(key.created_at)}</span></td>
    <td>${key.last_used_at ? timeTag(key.last_used_at) : 'Never'}</td>
    <td>${key.expires_at ? html`${timeTag(key.expires_at)}${soon(key.expires_at) && key.status === 'active' ? html` <span class="badge warn">Expires ${relativeTime(new Date(key.expires_at), now)}</span>` : ''}` : 'Never'}</td>
    <td><span class="badge status-${key.status}">${key.status}</span>${
      // A revoked key refuses both secrets; an expired grace period is over.
      key.status === 'active' &&
      key.previous_secret_expires_at &&
      Date.parse(key.previous_secret_expires_at) > now.getTime()
        ? html`<br><span class="muted">Old secret works until ${timeTag(key.previous_secret_expires_at)}</span>`
        : key.status === 'revoked' && key.revoked_at
          ? html`<br><span class="muted">Refused since ${timeTag(key.revoked_at)}</span>`
          : ''
    }</td>
    <td>${
      key.status === 'revoked'
        ? '—'
        : html`<form method="post" action="/console/admin/api-keys/${key.id}/rotate" class="stacked">
        ${csrf(input.viewer)}
        ${graceSelect(`grace-${key.id}`)}
        <button type="submit" class="secondary">Rotate “${key.name}”</button>
      </form>
      <p><a href="/console/admin/api-keys/${key.id}/revoke">Revoke “${key.name}”…</a></p>`
    }</td>
  </tr>`,
  )}</tbody>
</table></div>`
}
<h2 id="create-heading">Create a key</h2>
<form method="post" action="/console/admin/api-keys" class="admin-form" aria-labelledby="create-heading">
  ${csrf(input.viewer)}
  <p><label for="key-name">Name</label>
  <input id="key-name" name="name" required maxlength="200" value="${form.name ?? ''}" aria-describedby="key-name-help">
  <span id="key-name-help" class="muted">What uses it, e.g. “Nightly warehouse sync”.</span></p>
  ${scopeGrid('Scopes (at least one)', new Set(form.scopes ?? []), true)}
  <p><label for="key-expires">Expires on (optional)</label>
  <input type="date" id="key-expires" name="expires_on" min="${tomorrow}" value="${form.expires_on ?? ''}" aria-describedby="key-expires-help">
  <span id="key-expires-help" class="muted">At 00:00 UTC that day. Leave empty for a key that does not expire.</span></p>
  <div class="buttons"><button type="submit">Create key</button></div>
</form>`,
  });
}

export function apiKeySecretPage(input: {
  viewer: Viewer;
  key: ApiKeyView & { key: string };
  rotated: boolean;
  names: Map<string, string>;
}): SafeHtml {
  const { key } = input;
  return adminLayout({
    title: input.rotated ? `Key “${key.name}” rotated` : `Key “${key.name}” created`,
    viewer: input.viewer,
    section: 'api-keys',
    notice: { kind: 'success', title: input.rotated ? 'The key has a new secret.' : 'The key is ready.' },
    body: html`${secretBlock(
      'The API key',
      key.key,
      html`<p>Send it as <code>Authorization: Bearer …</code>.${
        input.rotated
          ? key.previous_secret_expires_at
            ? html` The old secret keeps working until ${timeTag(key.previous_secret_expires_at)}.`
            : html` The old secret stopped working now.`
          : ''
      }</p>`,
    )}
<dl class="facts">
  <div><dt>Name</dt><dd>${key.name}</dd></div>
  <div><dt>Key prefix</dt><dd><code>${key.key_prefix}</code></dd></div>
  <div><dt>Scopes</dt><dd>${key.scopes.map((s) => html`<code class="scope">${s}</code> `)}</dd></div>
  <div><dt>Expires</dt><dd>${key.expires_at ? timeTag(key.expires_at) : 'Never'}</dd></div>
</dl>
<p><a href="/console/admin/api-keys">Back to the API keys</a></p>`,
  });
}

/** A confirmation page for an irreversible action: one form, one button, a way back. */
export function confirmPage(input: {
  viewer: Viewer;
  section: AdminSection;
  title: string;
  message: string;
  action: string;
  button: string;
  back: { href: string; text: string };
}): SafeHtml {
  return adminLayout({
    title: input.title,
    viewer: input.viewer,
    section: input.section,
    body: html`<p>${input.message}</p>
<form method="post" action="${input.action}" class="admin-form">
  ${csrf(input.viewer)}
  <div class="buttons"><button type="submit" class="danger">${input.button}</button> <a href="${input.back.href}">${input.back.text}</a></div>
</form>`,
  });
}

// ---------------------------------------------------------------------------------------------------- people

export interface MemberView {
  id: string;
  email: string;
  display_name: string | null;
  role: string;
  created_at: string;
  invitation: { id: string; status: string; expires_at: string } | null;
}

const INVITATION_LABELS: Record<string, string> = {
  pending: 'Invited, not yet accepted',
  accepted: 'Accepted',
  expired: 'Invitation expired',
  revoked: 'Invitation revoked',
};

function invitationCell(viewer: Viewer, m: MemberView): SafeHtml {
  const name = m.display_name ?? m.email;
  if (!m.invitation) return html`—`;
  const resend = html`<form method="post" action="/console/admin/people/${m.id}/invitation" class="inline-form">${csrf(viewer)}<button type="submit" class="secondary">Send again<span class="visually-hidden"> to ${name}</span></button></form>`;
  const revoke = html`<form method="post" action="/console/admin/people/${m.id}/invitation/revoke" class="inline-form">${csrf(viewer)}<button type="submit" class="secondary">Revoke<span class="visually-hidden"> the invitation of ${name}</span></button></form>`;
  if (m.invitation.status === 'accepted') return html`${INVITATION_LABELS.accepted}`;
  return html`${INVITATION_LABELS[m.invitation.status] ?? m.invitation.status}${m.invitation.status === 'pending' ? html` (until ${timeTag(m.invitation.expires_at)})` : ''} ${resend}${m.invitation.status === 'pending' ? revoke : ''}`;
}

/** A member's "away until …", with the name of who acts for them. */
function awayOf(input: { members: MemberView[]; delegations?: Map<string, DelegationView> }, memberId: string) {
  const delegation = input.delegations?.get(memberId);
  if (!delegation) return '';
  const names = new Map(input.members.map((m) => [m.id, m.display_name ?? m.email]));
  return awayBadge(delegation, names);
}

export function peoplePage(input: {
  viewer: Viewer;
  members: MemberView[];
  me: string;
  /** Delegations not yet ended, by the member who is (or will be) away. */
  delegations?: Map<string, DelegationView>;
  form?: { email?: string; display_name?: string; role?: string };
  notice?: Notice | undefined;
}): SafeHtml {
  const form = input.form ?? {};
  const roleOptions = (current: string) =>
    ROLES.map((role) => html`<option value="${role}"${selected(role === current)}>${role}</option>`);
  return adminLayout({
    title: 'People and roles',
    viewer: input.viewer,
    section: 'people',
    notice: input.notice,
    body: html`<p>Members of ${input.viewer.tenantName} and their roles. A role decides what the person may read and change, in the console and through the API. The last admin can be neither demoted nor removed.</p>
<table>
  <caption>Members</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Member since</th><th scope="col">Invitation</th><th scope="col">Remove</th></tr></thead>
  <tbody>${input.members.map(
    (m) => html`<tr id="member-${m.id}">
    <td>${m.display_name ?? m.email}${m.id === input.me ? html` <span class="badge">You</span>` : ''}${awayOf(input, m.id)}</td>
    <td>${m.email}</td>
    <td><form method="post" action="/console/admin/people/${m.id}/role" class="inline-form">
      ${csrf(input.viewer)}
      <label for="role-${m.id}" class="visually-hidden">Role of ${m.display_name ?? m.email}</label>
      <select id="role-${m.id}" name="role">${roleOptions(m.role)}</select>
      <button type="submit" class="secondary">Change role<span class="visually-hidden"> of ${m.display_name ?? m.email}</span></button>
    </form></td>
    <td>${timeTag(m.created_at)}</td>
    <td>${invitationCell(input.viewer, m)}</td>
    <td><a href="/console/admin/people/${m.id}/remove">Remove<span class="visually-hidden"> ${m.display_name ?? m.email}</span>…</a></td>
  </tr>`,
  )}</tbody>
</table>
<h2 id="add-heading">Add a person</h2>
<p class="muted">As through the API: the person gets an invitation by email, a link valid for a week to set their password (or to join with the one they have, or to sign in through your identity provider).</p>
<form method="post" action="/console/admin/people" class="admin-form" aria-labelledby="add-heading">
  ${csrf(input.viewer)}
  <p><label for="person-email">Email</label> <input type="email" id="person-email" name="email" required maxlength="320" value="${form.email ?? ''}"></p>
  <p><label for="person-name">Name</label> <input id="person-name" name="display_name" required maxlength="200" value="${form.display_name ?? ''}"></p>
  <p><label for="person-role">Role</label> <select id="person-role" name="role">${roleOptions(form.role ?? 'viewer')}</select></p>
  <div class="buttons"><button type="submit">Add person</button></div>
</form>`,
  });
}

// ---------------------------------------------------------------------------------------------------- OAuth clients

export interface OAuthClientView {
  id: string;
  name: string;
  redirect_uris: string[];
  grant_types: string[];
  scopes: string[];
  token_endpoint_auth_method: string;
  status: string;
  created_by: ActorView;
  created_at: string;
}

export interface OAuthClientForm {
  name?: string;
  redirect_uris?: string;
  grant_types?: string[];
  scopes?: string[];
  token_endpoint_auth_method?: string;
}

const GRANT_TYPES: Array<[string, string]> = [
  ['authorization_code', 'Authorization code (people sign in; PKCE)'],
  ['refresh_token', 'Refresh token (with authorization code)'],
  ['client_credentials', 'Client credentials (a program acting for itself)'],
];

export function oauthClientsPage(input: {
  viewer: Viewer;
  clients: OAuthClientView[];
  names: Map<string, string>;
  form?: OAuthClientForm;
  notice?: Notice | undefined;
}): SafeHtml {
  const form = input.form ?? {};
  const grants = new Set(form.grant_types ?? ['authorization_code', 'refresh_token']);
  const method = form.token_endpoint_auth_method ?? 'client_secret_basic';
  return adminLayout({
    title: 'OAuth clients',
    viewer: input.viewer,
    section: 'oauth-clients',
    notice: input.notice,
    body: html`<p>Applications that get tokens from this service’s OpenID provider. A person’s token carries only what their role allows of these scopes.</p>
${
  input.clients.length === 0
    ? html`<p class="empty">No OAuth clients yet.</p>`
    : html`<div class="scroll" role="region" aria-label="OAuth clients" tabindex="0"><table>
  <caption>OAuth clients</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Client id</th><th scope="col">Grant types</th><th scope="col">Redirect URIs</th><th scope="col">Scopes</th><th scope="col">Created by</th><th scope="col">Status</th><th scope="col">Delete</th></tr></thead>
  <tbody>${input.clients.map(
    (c) => html`<tr id="client-${c.id}">
    <td>${c.name}</td><td><code>${c.id}</code></td><td>${c.grant_types.join(', ')}</td>
    <td>${c.redirect_uris.length === 0 ? '—' : html`<ul class="plain">${c.redirect_uris.map((u) => html`<li><code>${u}</code></li>`)}</ul>`}</td>
    <td>${c.scopes.map((s) => html`<code class="scope">${s}</code> `)}</td>
    <td>${actorLabel(c.created_by, input.names)}</td>
    <td><span class="badge status-${c.status}">${c.status}</span></td>
    <td>${c.status === 'revoked' ? '—' : html`<a href="/console/admin/oauth-clients/${c.id}/delete">Delete “${c.name}”…</a>`}</td>
  </tr>`,
  )}</tbody>
</table></div>`
}
<h2 id="register-heading">Register a client</h2>
<form method="post" action="/console/admin/oauth-clients" class="admin-form" aria-labelledby="register-heading">
  ${csrf(input.viewer)}
  <p><label for="client-name">Name</label> <input id="client-name" name="name" required maxlength="200" value="${form.name ?? ''}"></p>
  <p><label for="client-redirects">Redirect URIs (one per line)</label>
  <textarea id="client-redirects" name="redirect_uris" rows="3" aria-describedby="client-redirects-help">${form.redirect_uris ?? ''}</textarea>
  <span id="client-redirects-help" class="muted">https, or http for localhost. Needed with authorization code, not allowed without it.</span></p>
  <fieldset><legend>Grant types</legend>${GRANT_TYPES.map(
    ([value, label]) =>
      html`<p><input type="checkbox" id="grant-${value}" name="grant_types" value="${value}"${checked(grants.has(value))}> <label for="grant-${value}">${label}</label></p>`,
  )}</fieldset>
  <p><label for="client-auth">Client authentication</label>
  <select id="client-auth" name="token_endpoint_auth_method">
    <option value="client_secret_basic"${selected(method === 'client_secret_basic')}>Secret, HTTP Basic (confidential)</option>
    <option value="client_secret_post"${selected(method === 'client_secret_post')}>Secret, in the form body (confidential)</option>
    <option value="none"${selected(method === 'none')}>None: a public client (PKCE only)</option>
  </select></p>
  ${scopeGrid('Scopes the client may ask for (at least one)', new Set(form.scopes ?? []), true)}
  <div class="buttons"><button type="submit">Register client</button></div>
</form>`,
  });
}

export function oauthClientSecretPage(input: {
  viewer: Viewer;
  client: OAuthClientView & { client_secret?: string };
}): SafeHtml {
  const { client } = input;
  return adminLayout({
    title: `Client “${client.name}” registered`,
    viewer: input.viewer,
    section: 'oauth-clients',
    notice: { kind: 'success', title: 'The client is registered.' },
    body: html`<dl class="facts">
  <div><dt>Client id</dt><dd><code>${client.id}</code></dd></div>
  <div><dt>Grant types</dt><dd>${client.grant_types.join(', ')}</dd></div>
  <div><dt>Scopes</dt><dd>${client.scopes.map((s) => html`<code class="scope">${s}</code> `)}</dd></div>
</dl>
${client.client_secret ? secretBlock('The client secret', client.client_secret) : html`<p>A public client has no secret: it proves itself with PKCE.</p>`}
<p><a href="/console/admin/oauth-clients">Back to the OAuth clients</a></p>`,
  });
}

// ---------------------------------------------------------------------------------------------------- webhooks

export interface RetryPolicyView {
  schedule: string;
  max_attempts: number;
  initial_interval_ms: number;
  backoff_coefficient: number;
  max_interval_ms: number;
  max_duration_seconds: number;
}

export interface WebhookView {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  retry_policy: RetryPolicyView;
  secret_rotated_at: string | null;
  previous_secret_expires_at: string | null;
  failing_since: string | null;
  created_at: string;
}

export interface WebhookForm {
  url?: string;
  description?: string;
  event_types?: string;
  enabled?: boolean;
  schedule?: string;
  max_attempts?: string;
}

export interface EventTypeView {
  type: string;
  summary: string;
}

function eventCatalogue(types: EventTypeView[]): SafeHtml {
  const families = [...new Set(types.map((t) => t.type.split('.')[0] as string))];
  return html`<details class="catalogue"><summary>The event catalogue (${types.length} types)</summary>
  <p>Wildcards: <code>*</code> (everything), ${families.map((f, i) => html`${i > 0 ? ', ' : ''}<code>${f}.*</code>`)}.</p>
  <ul class="plain">${types.map((t) => html`<li><code>${t.type}</code> — ${t.summary}</li>`)}</ul>
</details>`;
}

function webhookFields(input: { form: WebhookForm; types: EventTypeView[]; prefix: string }): SafeHtml {
  const { form, prefix } = input;
  const schedule = form.schedule ?? 'standard';
  return html`<p><label for="${prefix}-url">Endpoint URL</label> <input type="url" id="${prefix}-url" name="url" required maxlength="2000" value="${form.url ?? ''}"></p>
  <p><label for="${prefix}-description">Description</label> <input id="${prefix}-description" name="description" maxlength="500" value="${form.description ?? ''}"></p>
  <p><label for="${prefix}-events">Event types (one per line)</label>
  <textarea id="${prefix}-events" name="event_types" rows="4" required aria-describedby="${prefix}-events-help">${form.event_types ?? ''}</textarea>
  <span id="${prefix}-events-help" class="muted">Exact names, <code>family.*</code> wildcards or <code>*</code>; each must match the catalogue below.</span></p>
  ${eventCatalogue(input.types)}
  <fieldset><legend>Retry policy</legend>
    <p><label for="${prefix}-schedule">Schedule</label>
    <select id="${prefix}-schedule" name="schedule">
      <option value="standard"${selected(schedule === 'standard')}>Standard Webhooks: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h</option>
      <option value="exponential"${selected(schedule === 'exponential')}>Exponential backoff</option>
    </select></p>
    <p><label for="${prefix}-attempts">Attempts in all (1–50)</label> <input type="number" id="${prefix}-attempts" name="max_attempts" min="1" max="50" value="${form.max_attempts ?? ''}" aria-describedby="${prefix}-attempts-help">
    <span id="${prefix}-attempts-help" class="muted">Empty: the schedule’s default (8 standard, 10 exponential).</span></p>
  </fieldset>
  <p><input type="checkbox" id="${prefix}-enabled" name="enabled" value="true"${checked(form.enabled ?? true)}> <label for="${prefix}-enabled">Enabled (deliver events)</label></p>`;
}

export function webhooksPage(input: {
  viewer: Viewer;
  webhooks: WebhookView[];
  types: EventTypeView[];
  form?: WebhookForm;
  notice?: Notice | undefined;
}): SafeHtml {
  return adminLayout({
    title: 'Webhooks',
    viewer: input.viewer,
    section: 'webhooks',
    notice: input.notice,
    body: html`<p>Subscriptions that receive this tenant’s events, signed (Standard Webhooks), with their delivery logs.</p>
${
  input.webhooks.length === 0
    ? html`<p class="empty">No webhook subscriptions yet.</p>`
    : html`<div class="scroll" role="region" aria-label="Webhook subscriptions" tabindex="0"><table>
  <caption>Subscriptions</caption>
  <thead><tr><th scope="col">Endpoint</th><th scope="col">Event types</th><th scope="col">Status</th><th scope="col">Retry policy</th><th scope="col">Created</th></tr></thead>
  <tbody>${input.webhooks.map(
    (w) => html`<tr>
    <td><a href="/console/admin/webhooks/${w.id}">${w.url}</a>${w.description ? html`<br><span class="muted">${w.description}</span>` : ''}</td>
    <td>${w.event_types.map((t) => html`<code class="scope">${t}</code> `)}</td>
    <td>${webhookStatus(w)}</td>
    <td>${w.retry_policy.schedule}, ${w.retry_policy.max_attempts} attempts</td>
    <td>${timeTag(w.created_at)}</td>
  </tr>`,
  )}</tbody>
</table></div>`
}
<h2 id="subscribe-heading">Add a subscription</h2>
<form method="post" action="/console/admin/webhooks" class="admin-form" aria-labelledby="subscribe-heading">
  ${csrf(input.viewer)}
  ${webhookFields({ form: input.form ?? {}, types: input.types, prefix: 'new' })}
  <div class="buttons"><button type="submit">Add subscription</button></div>
</form>`,
  });
}

function webhookStatus(w: WebhookView): SafeHtml {
  if (!w.enabled)
    return html`<span class="badge warn">Disabled</span>${w.disabled_reason ? html` <span class="muted">(${w.disabled_reason.replace(/_/g, ' ')})</span>` : ''}`;
  if (w.failing_since) return html`<span class="badge warn">Failing since ${timeTag(w.failing_since)}</span>`;
  return html`<span class="badge">Enabled</span>`;
}

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempt_count: number;
  last_response_status: number | null;
  redelivery_of: string | null;
  created_at: string;
  attempts: Array<{
    attempt: number;
    attempted_at: string;
    outcome: string;
    request_headers: Record<string, string>;
    response_status: number | null;
    response_body_excerpt: string | null;
    latency_ms: number | null;
    error: string | null;
  }>;
}

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;

/** The delivery log of a subscription: each delivery with its attempts (headers, response excerpt, error) and a redeliver button. */
function deliveryLog(input: {
  viewer: Viewer;
  webhook: WebhookView;
  deliveries: DeliveryView[];
  statusFilter: string | undefined;
}): SafeHtml {
  const { webhook: w } = input;
  return input.deliveries.length === 0
    ? html`<p class="empty">No deliveries${input.statusFilter ? ` with status ${input.statusFilter}` : ''}.</p>`
    : html`<ol class="deliveries">${input.deliveries.map(
        (d) => html`<li class="delivery" id="delivery-${d.id}">
    <p><span class="badge status-${d.status}">${d.status}</span> <code>${d.event_type}</code> · event <code>${d.event_id}</code> · ${timeTag(d.created_at)} · ${d.attempt_count} attempt${d.attempt_count === 1 ? '' : 's'}${
      d.redelivery_of ? html` · redelivery of <code>${d.redelivery_of}</code>` : ''
    }</p>
    ${
      d.attempts.length === 0
        ? html`<p class="muted">No attempt yet.</p>`
        : html`<table class="compact attempts"><caption class="visually-hidden">Attempts of delivery ${d.id}</caption>
      <thead><tr><th scope="col">#</th><th scope="col">When</th><th scope="col">Outcome</th><th scope="col">Response</th><th scope="col">Latency</th><th scope="col">Details</th></tr></thead>
      <tbody>${d.attempts.map(
        (
          a,
        ) => html`<tr><td>${a.attempt}</td><td>${timeTag(a.attempted_at)}</td><td>${a.outcome}</td><td>${a.response_status ?? '—'}</td><td>${a.latency_ms === null ? '—' : `${a.latency_ms} ms`}</td>
        <td><details><summary>Request headers, response body${a.error ? ', error' : ''}</summary>
          <dl class="headers">${Object.entries(a.request_headers).map(([name, value]) => html`<dt>${name}</dt><dd><code>${value}</code></dd>`)}</dl>
          <p><strong>Response body (excerpt)</strong></p><pre>${a.response_body_excerpt ?? '—'}</pre>
          ${a.error ? html`<p><strong>Error:</strong> ${a.error}</p>` : ''}
        </details></td></tr>`,
      )}</tbody></table>`
    }
    <form method="post" action="/console/admin/webhooks/${w.id}/deliveries/${d.id}/redeliver" class="inline">${csrf(input.viewer)}<button type="submit" class="secondary">Redeliver<span class="visually-hidden"> ${d.event_type} ${d.id}</span></button></form>
  </li>`,
      )}</ol>`;
}

export function webhookPage(input: {
  viewer: Viewer;
  webhook: WebhookView;
  types: EventTypeView[];
  deliveries: DeliveryView[];
  statusFilter: string | undefined;
  nextPage: string | null;
  secret?: string;
  notice?: Notice | undefined;
  form?: WebhookForm;
}): SafeHtml {
  const { webhook: w } = input;
  const form: WebhookForm = input.form ?? {
    url: w.url,
    description: w.description,
    event_types: w.event_types.join('\n'),
    enabled: w.enabled,
    schedule: w.retry_policy.schedule,
    max_attempts: String(w.retry_policy.max_attempts),
  };
  return adminLayout({
    title: `Webhook ${w.url}`,
    viewer: input.viewer,
    section: 'webhooks',
    notice: input.notice,
    body: html`<p class="crumbs"><a href="/console/admin/webhooks">Webhooks</a> › <span title="${w.id}">${w.url}</span></p>
${
  input.secret
    ? secretBlock(
        'The signing secret',
        input.secret,
        w.previous_secret_expires_at
          ? html`<p>The old secret keeps signing beside the new one until ${timeTag(w.previous_secret_expires_at)}.</p>`
          : undefined,
      )
    : ''
}
<dl class="facts">
  <div><dt>Status</dt><dd>${webhookStatus(w)}</dd></div>
  <div><dt>Signing secret</dt><dd>${w.secret_rotated_at ? html`Rotated ${timeTag(w.secret_rotated_at)}` : 'Set at creation'}${
    w.previous_secret_expires_at ? html`; the old one signs too until ${timeTag(w.previous_secret_expires_at)}` : ''
  }</dd></div>
</dl>
<div class="buttons">
  <form method="post" action="/console/admin/webhooks/${w.id}/test" class="inline">${csrf(input.viewer)}<button type="submit" class="secondary"${w.enabled ? '' : unsafe(' disabled')}>Send a test event</button></form>
  <form method="post" action="/console/admin/webhooks/${w.id}/rotate-secret" class="inline">${csrf(input.viewer)}
    ${graceSelect('webhook-grace')}
    <button type="submit" class="secondary">Rotate the signing secret</button></form>
  <a href="/console/admin/webhooks/${w.id}/delete">Delete this subscription…</a>
</div>
<h2 id="deliveries-heading">Delivery log</h2>
<form method="get" action="/console/admin/webhooks/${w.id}" class="filters" aria-label="Filter deliveries">
  <p><label for="delivery-status">Status</label>
  <select id="delivery-status" name="status"><option value="">Any</option>${DELIVERY_STATUSES.map((s) => html`<option value="${s}"${selected(s === input.statusFilter)}>${s}</option>`)}</select></p>
  <div class="actions"><button type="submit" class="secondary">Show</button></div>
</form>
${deliveryLog(input)}
${input.nextPage ? html`<p><a href="${input.nextPage}">Older deliveries</a></p>` : ''}
<h2 id="edit-heading">Edit the subscription</h2>
<form method="post" action="/console/admin/webhooks/${w.id}" class="admin-form" aria-labelledby="edit-heading">
  ${csrf(input.viewer)}
  ${webhookFields({ form, types: input.types, prefix: 'edit' })}
  <div class="buttons"><button type="submit">Save changes</button></div>
</form>`,
  });
}

export function webhookSecretPage(input: { viewer: Viewer; webhook: WebhookView; secret: string }): SafeHtml {
  return adminLayout({
    title: 'Subscription added',
    viewer: input.viewer,
    section: 'webhooks',
    notice: { kind: 'success', title: 'The subscription is active.' },
    body: html`${secretBlock('The signing secret', input.secret, html`<p>Verify the <code>webhook-signature</code> header of every delivery with it (Standard Webhooks).</p>`)}
<p><a href="/console/admin/webhooks/${input.webhook.id}">Open the subscription and its delivery log</a></p>`,
  });
}

// ---------------------------------------------------------------------------------------------------- approval policies

export interface PolicyStepView {
  name: string;
  approvals_required: number;
  approvers: { role?: string; user_ids?: string[] };
  sla?: string | null;
  escalate_to?: { role?: string; user_ids?: string[] } | null;
}

export interface PolicyView {
  id: string;
  name: string;
  description: string;
  current_version: number;
  archived_at: string | null;
  version: { version: number; steps: PolicyStepView[]; created_at: string };
  updated_at: string;
}

export interface InFlightView {
  decision_id: string;
  policy_id: string;
  title: string;
  status: string;
  version: number;
}

/** The members to tick for a step, and any id the step names that is no longer a member (kept, shown as its id). */
const namedPeopleChoices = (members: Array<{ id: string; name: string }>, userIds: string) => [
  ...members,
  ...userIds
    .split(/[\s,]+/)
    .filter((id) => id !== '' && !members.some((m) => m.id === id))
    .map((id) => ({ id, name: id })),
];

const approversText = (a: { role?: string; user_ids?: string[] } | null | undefined, names: Map<string, string>) =>
  !a ? '—' : a.role ? `role ${a.role}` : (a.user_ids ?? []).map((id) => names.get(id) ?? id).join(', ');

function stepsTable(steps: PolicyStepView[], names: Map<string, string>, caption: string): SafeHtml {
  return html`<table class="compact"><caption>${caption}</caption>
  <thead><tr><th scope="col">Step</th><th scope="col">Approvals</th><th scope="col">Approvers</th><th scope="col">SLA</th><th scope="col">Escalates to</th></tr></thead>
  <tbody>${steps.map(
    (s, i) =>
      html`<tr><td>${i + 1}. ${s.name}</td><td>${s.approvals_required}</td><td>${approversText(s.approvers, names)}</td><td>${s.sla ?? '—'}</td><td>${approversText(s.escalate_to, names)}</td></tr>`,
  )}</tbody></table>`;
}

export function approvalPoliciesPage(input: {
  viewer: Viewer;
  policies: PolicyView[];
  inFlight: InFlightView[];
  names: Map<string, string>;
}): SafeHtml {
  const inFlightOf = (id: string) => input.inFlight.filter((d) => d.policy_id === id);
  return adminLayout({
    title: 'Approval policies',
    viewer: input.viewer,
    section: 'approval-policies',
    body: html`<p>Who approves decisions, in which steps. Editing a policy creates a new version; decisions already in review keep running under the version they were submitted with.</p>
${
  input.policies.length === 0
    ? html`<p class="empty">No approval policies yet (create them through the API).</p>`
    : input.policies.map((p) => {
        const flights = inFlightOf(p.id);
        return html`<section class="policy" aria-labelledby="policy-${p.id}">
  <h2 id="policy-${p.id}"><a href="/console/admin/approval-policies/${p.id}">${p.name}</a> <span class="muted">version ${p.current_version}</span>${p.archived_at ? html` <span class="badge warn">Archived</span>` : ''}</h2>
  ${p.description ? html`<p>${p.description}</p>` : ''}
  ${stepsTable(p.version.steps, input.names, `Steps of version ${p.current_version}`)}
  <p>${flights.length === 0 ? 'No decision in review under this policy.' : html`Decisions in review: ${flights.length} (${[...new Set(flights.map((f) => f.version))].sort().map((v, i) => html`${i > 0 ? ', ' : ''}${flights.filter((f) => f.version === v).length} under version ${v}`)}).`}</p>
</section>`;
      })
}`,
  });
}

export interface PolicyStepForm {
  name: string;
  approvals_required: string;
  role: string;
  user_ids: string;
  sla: string;
}

export function approvalPolicyPage(input: {
  viewer: Viewer;
  policy: PolicyView;
  inFlight: InFlightView[];
  names: Map<string, string>;
  members: Array<{ id: string; name: string }>;
  steps?: PolicyStepForm[];
  notice?: Notice | undefined;
}): SafeHtml {
  const { policy } = input;
  const steps: PolicyStepForm[] =
    input.steps ??
    policy.version.steps.map((s) => ({
      name: s.name,
      approvals_required: String(s.approvals_required),
      role: s.approvers.role ?? '',
      user_ids: (s.approvers.user_ids ?? []).join(' '),
      sla: s.sla ?? '',
    }));
  // One empty row to add a step; a row left without a name is dropped.
  const rows = [...steps, { name: '', approvals_required: '1', role: '', user_ids: '', sla: '' }];
  return adminLayout({
    title: `Approval policy “${policy.name}”`,
    viewer: input.viewer,
    section: 'approval-policies',
    notice: input.notice,
    body: html`<p class="crumbs"><a href="/console/admin/approval-policies">Approval policies</a> › <span title="${policy.id}">${policy.name}</span></p>
<p>Current version: <strong>${policy.current_version}</strong>, since ${timeTag(policy.version.created_at)}.</p>
${stepsTable(policy.version.steps, input.names, `Steps of version ${policy.current_version}`)}
<h2>Decisions in review under this policy</h2>
${
  input.inFlight.length === 0
    ? html`<p class="empty">None.</p>`
    : html`<table class="compact"><caption class="visually-hidden">Decisions in review</caption>
  <thead><tr><th scope="col">Decision</th><th scope="col">Status</th><th scope="col">Runs under version</th></tr></thead>
  <tbody>${input.inFlight.map(
    (d) =>
      html`<tr><td><a href="/console/decisions/${d.decision_id}">${d.title}</a></td><td>${d.status.replace(/_/g, ' ')}</td><td>${d.version}${d.version !== policy.current_version ? html` <span class="badge warn">older version</span>` : ''}</td></tr>`,
  )}</tbody></table>`
}
${
  policy.archived_at
    ? html`<p class="muted">This policy is archived: it cannot be edited.</p>`
    : html`<h2 id="edit-policy-heading">Edit the steps (creates version ${policy.current_version + 1})</h2>
<form method="post" action="/console/admin/approval-policies/${policy.id}/versions" class="admin-form" aria-labelledby="edit-policy-heading">
  ${csrf(input.viewer)}
  <p class="muted">Approvers: a role, or the people named. SLA as an ISO 8601 duration (PT4H, P1D). Leave a step’s name empty to remove it.</p>
  ${rows.map(
    (s, i) => html`<fieldset class="policy-step"><legend>Step ${i + 1}${i === steps.length ? ' (new)' : ''}</legend>
    <p><label for="step-${i}-name">Name</label> <input id="step-${i}-name" name="step_name" maxlength="200" value="${s.name}"></p>
    <p><label for="step-${i}-approvals">Approvals required</label> <input type="number" min="1" id="step-${i}-approvals" name="step_approvals_required" value="${s.approvals_required}"></p>
    <p><label for="step-${i}-role">Approver role</label> <select id="step-${i}-role" name="step_role"><option value="">— named people instead —</option>${[
      'analyst',
      'approver',
      'admin',
    ].map((r) => html`<option value="${r}"${selected(r === s.role)}>${r}</option>`)}</select></p>
    <fieldset class="named-people"><legend>Or named people</legend>${namedPeopleChoices(input.members, s.user_ids).map(
      (m) => {
        const chosen = s.user_ids.split(/[\s,]+/).includes(m.id);
        return html`<label title="${m.id}"><input type="checkbox" name="step_${i}_member" value="${m.id}"${checked(chosen)}> ${m.name}</label> `;
      },
    )}</fieldset>
    <p><label for="step-${i}-sla">SLA</label> <input id="step-${i}-sla" name="step_sla" value="${s.sla}" placeholder="PT4H"></p>
  </fieldset>`,
  )}
  <div class="buttons"><button type="submit">Save as version ${policy.current_version + 1}</button></div>
</form>`
}`,
  });
}

export interface OperatorTenantView {
  id: string;
  name: string;
  dedicatedHost: string | null;
  sharedHostOpen: boolean;
  workers: 'shared' | 'dedicated';
}

/**
 * The platform operator's page: every enterprise tenant's endpoint and workers, each changeable here as with the
 * admin CLI (`tenant endpoint`, `tenant workers`). Only for people the CLI made operators; everyone else gets a 404.
 */
export function operatorPage(input: {
  viewer: Viewer;
  tenants: OperatorTenantView[];
  notice?: Notice | undefined;
}): SafeHtml {
  return adminLayout({
    title: 'Enterprise tenants: endpoints and workers',
    viewer: input.viewer,
    section: 'operator',
    notice: input.notice,
    body: html`<p class="muted">Platform operators only. A move applies to new work within seconds; work in flight finishes where it started, and approvals under way follow. Every change is recorded in the tenant’s own audit log.</p>
${
  input.tenants.length === 0
    ? html`<p class="empty">No enterprise tenants.</p>`
    : input.tenants.map(
        (t) => html`<section aria-labelledby="tenant-${t.id}">
<h2 id="tenant-${t.id}">${t.name} <code>${t.id}</code></h2>
<dl class="facts">
  <div><dt>Endpoint</dt><dd>${t.dedicatedHost ? html`<code>https://${t.dedicatedHost}/api/v1</code>${t.sharedHostOpen ? ' (the shared endpoint still answers too)' : ' (the shared endpoint refuses this tenant)'}` : 'The shared endpoint'}</dd></div>
  <div><dt>Workers</dt><dd>${t.workers === 'dedicated' ? 'Dedicated' : 'Shared'}</dd></div>
</dl>
<form method="post" action="/console/admin/operator/tenants/${t.id}/workers">
  ${csrf(input.viewer)}
  <label for="workers-${t.id}">Workers</label>
  <select id="workers-${t.id}" name="workers">
    <option value="shared"${selected(t.workers === 'shared')}>Shared</option>
    <option value="dedicated"${selected(t.workers === 'dedicated')}>Dedicated</option>
  </select>
  <button type="submit">Move ${t.name}’s workers</button>
</form>
<form method="post" action="/console/admin/operator/tenants/${t.id}/endpoint">
  ${csrf(input.viewer)}
  <label for="host-${t.id}">Dedicated host name</label>
  <input id="host-${t.id}" name="host" value="${t.dedicatedHost ?? ''}" autocomplete="off" aria-describedby="host-help-${t.id}">
  <p id="host-help-${t.id}" class="muted">A full host name, or one label under the configured domain. Empty: no dedicated endpoint.</p>
  <label for="shared-${t.id}">Shared endpoint for this tenant</label>
  <select id="shared-${t.id}" name="shared_host">
    <option value="open"${selected(t.sharedHostOpen)}>Still answers (migration window)</option>
    <option value="closed"${selected(!t.sharedHostOpen)}>Refuses (window ended)</option>
  </select>
  <button type="submit">Save ${t.name}’s endpoint</button>
</form>
</section>`,
      )
}`,
  });
}
