import { ALL_SCOPES, RESOURCE_FAMILIES } from './scopes';

/** A user's role in a tenant; each maps to a documented set of the same scopes API keys carry. */
export const ROLES = ['viewer', 'analyst', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const READ_ALL = RESOURCE_FAMILIES.map((family) => `${family}:read`);

export const ROLE_SCOPES: Record<Role, string[]> = {
  /** Reads everything, changes nothing. */
  viewer: READ_ALL,
  /** Builds and runs the analysis: scenarios, models, KPIs, decision logs, integration syncs. */
  analyst: [...READ_ALL, 'scenarios:write', 'models:write', 'kpis:write', 'decisions:write', 'integrations:write'],
  /** Reviews and approves decisions in governance workflows. */
  approver: [...READ_ALL, 'decisions:write'],
  /** Everything, including API keys, OAuth clients, users and webhooks. */
  admin: ALL_SCOPES,
};

export function scopesForRole(role: Role): string[] {
  return ROLE_SCOPES[role];
}
