/**
 * Just enough of a browser for the OAuth login and consent pages: follows nothing by itself, keeps cookies per
 * origin+path-free jar (the provider sets path-scoped cookies; sending them all is what a browser would do for these
 * paths), and posts forms as application/x-www-form-urlencoded.
 */
export interface BrowserResponse {
  status: number;
  location: string | undefined;
  html: string;
  headers: Headers;
}

export function createBrowser() {
  const cookies = new Map<string, string>();
  /** `headers` adds request headers (e.g. an `origin` no browser on the console would send, for refusal tests). */
  const request = async (
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> => {
    const headers: Record<string, string> = { ...init.headers };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    // A JSON call, as the console's browser code makes them (the model editor's save).
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, {
      method: init.method ?? (init.form || init.json !== undefined ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, index).trim();
      const value = (pair as string).slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = response.headers.get('location') ?? undefined;
    return {
      status: response.status,
      location: location ? new URL(location, url).toString() : undefined,
      html: await response.text(),
      headers: response.headers,
    };
  };
  return { request };
}

/** The action URL of the page's first form (or of the form whose action contains `hint`). */
export function formAction(html: string, base: string, hint?: string): string {
  const actions = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));
  const action = hint ? actions.find((a) => a.includes(hint)) : actions[0];
  if (!action) throw new Error(`no form${hint ? ` with ${hint}` : ''} on the page:\n${html.slice(0, 500)}`);
  return new URL(action, base).toString();
}
