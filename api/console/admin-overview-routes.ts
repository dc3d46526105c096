import { ADMIN_PREFIX, type AdminArea } from './admin-area';
import { overviewPage, type AuditEntryView } from './admin-pages';

/** The overview: the plan's limits, this minute's counted requests, the volume quotas' use and the latest audit entries. */
export function registerAdminOverviewRoutes(area: AdminArea): void {
  const { kit, services } = area;
  kit.router.get(ADMIN_PREFIX, async (ctx) => {
    const who = await area.adminGet(ctx);
    if (!who) return;
    const { session, context } = who;
    const userId = session.principal.actor.type === 'user' ? session.principal.actor.id : undefined;
    const [usage, volume, endpoint, plan, audit, workers, operator] = await Promise.all([
      services.usage(session.principal.tenantId, session.principal.limits),
      services.account.usage(context),
      services.account.dedicatedEndpoint(session.principal.tenantId),
      services.planOf(session.principal.tenantId),
      services.auditLog.list(context, {}, { limit: 20 }),
      services.operator.tenantWorkers(session.principal.tenantId),
      userId
        ? services.operator.operatorAccount(session.principal.tenantId, userId).then((account) => account !== undefined)
        : false,
    ]);
    kit.send(
      ctx,
      200,
      overviewPage({
        viewer: who.viewer,
        plan,
        usage: usage.map((u) => ({
          window: u.window,
          limit: u.limit,
          used: u.used,
          resetsAt: u.resetsAt?.toISOString() ?? null,
        })),
        volume,
        endpoint,
        dedicatedWorkers: workers === 'dedicated',
        operator,
        audit: audit.data as unknown as AuditEntryView[],
        names: who.names,
      }),
    );
  });
}
