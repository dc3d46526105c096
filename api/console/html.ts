/**
 * Escaping by default for the console's server-rendered pages: every value interpolated into an `html` template is
 * escaped for HTML text and attribute context, unless it is itself the result of `html` (already safe) or wrapped in
 * `unsafe()` (markup this code built, never input). Arrays are joined, null, undefined and false render nothing.
 */
const SAFE = Symbol('safe-html');

export interface SafeHtml {
  readonly [SAFE]: true;
  readonly value: string;
  toString(): string;
}

function safe(value: string): SafeHtml {
  return { [SAFE]: true, value, toString: () => value };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => ESCAPES[char] as string);
}

export function isSafeHtml(value: unknown): value is SafeHtml {
  return typeof value === 'object' && value !== null && (value as { [SAFE]?: unknown })[SAFE] === true;
}

/** Markup built by this code, passed through as it is. Never pass anything that came from a request or the database. */
export function unsafe(markup: string): SafeHtml {
  return safe(markup);
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map((item) => render(item)).join('');
  if (isSafeHtml(value)) return value.value;
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] as string;
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] as string);
  });
  return safe(out);
}
