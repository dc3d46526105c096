import { hasScope } from './scopes';

/**
 * The read scope an event's family needs: a caller sees an event on the event stream only if it may read what the
 * event is about (a key without `decisions:read` never sees a decision's events, whatever else it may read). Event
 * types are `family.…`; the first segment decides. A family not listed here needs `admin`, so a new family is
 * hidden until someone decides who may see it.
 */
const READ_SCOPE_BY_FAMILY: Record<string, string> = {
  scenario: 'scenarios:read',
  batch: 'scenarios:read',
  model: 'models:read',
  kpi: 'kpis:read',
  decision: 'decisions:read',
  integration: 'integrations:read',
  webhook: 'webhooks:read',
  api_key: 'admin',
  usage: 'admin',
};

export function readScopeOfEventType(type: string): string {
  return READ_SCOPE_BY_FAMILY[type.split('.')[0] as string] ?? 'admin';
}

/** Whether credentials with `scopes` may see an event of `type`. */
export function mayReadEventType(scopes: readonly string[], type: string): boolean {
  return hasScope(scopes, readScopeOfEventType(type));
}
