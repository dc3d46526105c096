/**
 * A bound on things one process holds open for its tenants (waiting long-polls, event streams): at most `total` at
 * once, and at most `perTenant` for one tenant, so one tenant cannot take every slot of a process.
 */
export interface TenantSlots {
  /** A slot for the tenant and the function that gives it back (once), or which bound refused it. */
  take(tenantId: string): { release: () => void } | { refused: 'tenant' | 'process'; limit: number };
  /** Slots held now, in all or by one tenant. */
  held(tenantId?: string): number;
}

export function createTenantSlots(limits: { total: number; perTenant: number }): TenantSlots {
  const byTenant = new Map<string, number>();
  let total = 0;
  return {
    take(tenantId) {
      const mine = byTenant.get(tenantId) ?? 0;
      if (mine >= limits.perTenant) return { refused: 'tenant', limit: limits.perTenant };
      if (total >= limits.total) return { refused: 'process', limit: limits.total };
      byTenant.set(tenantId, mine + 1);
      total += 1;
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          total -= 1;
          const left = (byTenant.get(tenantId) ?? 1) - 1;
          if (left === 0) byTenant.delete(tenantId);
          else byTenant.set(tenantId, left);
        },
      };
    },
    held: (tenantId) => (tenantId === undefined ? total : (byTenant.get(tenantId) ?? 0)),
  };
}
