/**
 * The login, consent and error pages of the built-in provider: plain, server-rendered HTML forms that work without
 * JavaScript, with labelled fields, a language, and errors announced to assistive technology (role="alert").
 */
const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} – Decision Modeling Service</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
    label { display: block; margin-top: 1rem; font-weight: 600; }
    input, select, button { font: inherit; padding: .5rem; width: 100%; box-sizing: border-box; margin-top: .25rem; }
    button { margin-top: 1.5rem; cursor: pointer; }
    button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
    .error { border: 2px solid #a4001d; padding: .5rem 1rem; color: #a4001d; }
  </style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const errorBlock = (message: string | undefined) =>
  message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';

export function renderLoginPage(input: { action: string; clientName: string; email?: string; error?: string }): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to <strong>${escapeHtml(input.clientName)}</strong>.</p>
${errorBlock(input.error)}
<form method="post" action="${escapeHtml(input.action)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? '')}" ${input.email ? '' : 'autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required ${input.email ? 'autofocus' : ''}>
  <button type="submit">Sign in</button>
</form>`,
  );
}

export function renderConsentPage(input: {
  action: string;
  abortAction: string;
  clientName: string;
  userEmail: string;
  scopes: string[];
  tenants: Array<{ id: string; name: string; role: string }>;
  selectedTenant?: string | undefined;
  error?: string | undefined;
}): string {
  const tenantField =
    input.tenants.length === 1
      ? `<p>Organisation: <strong>${escapeHtml((input.tenants[0] as { name: string }).name)}</strong></p>
  <input type="hidden" name="tenant_id" value="${escapeHtml((input.tenants[0] as { id: string }).id)}">`
      : `<label for="tenant_id">Organisation</label>
  <select id="tenant_id" name="tenant_id" required>
    ${input.tenants
      .map(
        (tenant) =>
          `<option value="${escapeHtml(tenant.id)}"${tenant.id === input.selectedTenant ? ' selected' : ''}>${escapeHtml(tenant.name)} (${escapeHtml(tenant.role)})</option>`,
      )
      .join('\n    ')}
  </select>`;
  return page(
    'Authorize',
    `<h1>Authorize ${escapeHtml(input.clientName)}</h1>
<p>Signed in as <strong>${escapeHtml(input.userEmail)}</strong>.</p>
${errorBlock(input.error)}
<form method="post" action="${escapeHtml(input.action)}">
  ${tenantField}
  <p id="scopes-label">${escapeHtml(input.clientName)} asks to:</p>
  <ul aria-labelledby="scopes-label">
    ${input.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('\n    ')}
  </ul>
  <p>It gets at most what your role in the chosen organisation allows.</p>
  <button type="submit">Allow</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
  <button type="submit">Deny</button>
</form>`,
  );
}

export function renderErrorPage(error: string, description?: string): string {
  return page(
    'Error',
    `<h1>Something went wrong</h1>${errorBlock(description ?? error)}<p><code>${escapeHtml(error)}</code></p>`,
  );
}

/**
 * The provider's sign-out question (RP-initiated logout): nothing signs anyone out until they press the button, and
 * the page cannot be framed (see middleware/security-headers.ts), so another site can neither submit nor trick a press.
 * `form` is the provider's own form (its action and anti-forgery token), which the button submits.
 */
export function renderSignOutPage(form: string, signedIn: boolean): string {
  return page(
    'Sign out',
    `<h1>Sign out?</h1>
<p>${signedIn ? 'Sign out of Decision Modeling Service in this browser.' : 'You are not signed in to Decision Modeling Service in this browser; continue to finish signing out of the application that sent you here.'}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">${signedIn ? 'Sign out' : 'Continue'}</button>
<p>To stay signed in, close this page.</p>`,
  );
}

export function renderSignedOutPage(clientName: string | undefined): string {
  return page(
    'Signed out',
    `<h1>Signed out</h1><p>You are signed out${clientName ? ` of ${escapeHtml(clientName)}` : ''}.</p>`,
  );
}

/** The provider's own form for the confirmation POST: its action and anti-forgery token. */
export function signOutForm(action: string, xsrf: string): string {
  return `<form id="op.logoutForm" method="post" action="${escapeHtml(action)}"><input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}"></form>`;
}
