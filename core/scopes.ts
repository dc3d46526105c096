/** The per-family read/write scopes shared by API keys and (later) OAuth roles. */
export const RESOURCE_FAMILIES = ['scenarios', 'models', 'kpis', 'decisions', 'integrations', 'webhooks'] as const;
export type ResourceFamily = (typeof RESOURCE_FAMILIES)[number];

export const ALL_SCOPES: string[] = [
  ...RESOURCE_FAMILIES.flatMap((family) => [`${family}:read`, `${family}:write`]),
  'admin',
];

/** Scopes a client may ask for: every concrete scope, plus `family:*` as shorthand for read and write. */
export const REQUESTABLE_SCOPES: string[] = [...ALL_SCOPES, ...RESOURCE_FAMILIES.map((family) => `${family}:*`)];

export function expandScopes(requested: string[]): string[] {
  const expanded = new Set<string>();
  for (const scope of requested) {
    if (scope.endsWith(':*')) {
      const family = scope.slice(0, -2);
      expanded.add(`${family}:read`);
      expanded.add(`${family}:write`);
    } else {
      expanded.add(scope);
    }
  }
  return ALL_SCOPES.filter((scope) => expanded.has(scope));
}

/** `family:write` implies `family:read`; `admin` grants key management only. */
export function hasScope(granted: readonly string[], required: string): boolean {
  if (granted.includes(required)) return true;
  if (required.endsWith(':read')) return granted.includes(`${required.slice(0, -':read'.length)}:write`);
  return false;
}
