import type { Context } from 'koa';
import { PlacementRefused, type EndpointChange } from '../administration/tenant-placement';
import { ADMIN_PREFIX, noticeOf, seeOther, type AdminArea } from './admin-area';
import { operatorPage } from './admin-pages';
import type { Notice } from './layout';
import type { ConsoleSession } from './session';

/**
 * The platform operator's page (/console/admin/operator): every enterprise tenant's dedicated endpoint and workers,
 * moved here as with `npm run admin -- tenant endpoint | tenant workers`. Only for people the admin CLI made platform
 * operators (`operator grant`), checked against the database on every request; to anyone else, tenant admins
 * included, the page and its forms do not exist (404). Every change is audited in the moved tenant's log.
 */
export function registerAdminOperatorRoutes(area: AdminArea): void {
  const { kit, services } = area;
  const { router } = kit;

  /**
   * The signed-in operator and the viewer to render with; anyone else gets the console's 404. The session acts as a
   * member of its tenant while the CLI grants the person (their account), so the member is resolved to its account,
   * which is also the id the moved tenants' audit logs record (the same in whichever tenant the operator signed in).
   */
  const operator = async (ctx: Context, session: ConsoleSession | undefined) => {
    if (!session) return undefined;
    const actor = session.principal.actor;
    const viewer = await kit.viewerOf(session, await kit.directory(session.principal.tenantId));
    const account =
      actor.type === 'user' ? await services.operator.operatorAccount(session.principal.tenantId, actor.id) : undefined;
    if (!account) {
      kit.refuse(ctx, 404, 'Not found', 'There is no such page.', viewer);
      return undefined;
    }
    return { operatorId: account, viewer };
  };

  const render = async (
    ctx: Context,
    who: NonNullable<Awaited<ReturnType<typeof operator>>>,
    status: number,
    notice?: Notice,
  ) => kit.send(ctx, status, operatorPage({ viewer: who.viewer, tenants: await services.operator.list(), notice }));

  /** A refusal the operator can fix comes back as a notice on the page (422), as the CLI's usage errors do. */
  const attempt = async (
    ctx: Context,
    who: NonNullable<Awaited<ReturnType<typeof operator>>>,
    change: () => Promise<void>,
    done: string,
  ) => {
    try {
      await change();
    } catch (error) {
      if (!(error instanceof PlacementRefused)) throw error;
      return render(ctx, who, 422, {
        kind: 'error',
        title: 'Nothing was changed.',
        detail: error.message.replace(/--host/g, 'The host name').replace(/--shared-host/g, 'the shared endpoint'),
      });
    }
    seeOther(ctx, `/console${ADMIN_PREFIX}/operator?notice=${done}`);
  };

  router.get(`${ADMIN_PREFIX}/operator`, async (ctx) => {
    const who = await operator(ctx, await kit.requireSession(ctx));
    if (who) await render(ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/operator/tenants/:id/workers`, async (ctx) => {
    const checked = await kit.checkedPost(ctx);
    const who = checked && (await operator(ctx, checked.session));
    if (!checked || !who) return;
    const target = checked.form.get('workers');
    if (target !== 'shared' && target !== 'dedicated')
      return render(ctx, who, 422, { kind: 'error', title: 'Choose shared or dedicated workers.' });
    await attempt(
      ctx,
      who,
      () => services.operator.moveWorkers(who.operatorId, ctx.params.id as string, target),
      'workers_moved',
    );
  });

  router.post(`${ADMIN_PREFIX}/operator/tenants/:id/endpoint`, async (ctx) => {
    const checked = await kit.checkedPost(ctx);
    const who = checked && (await operator(ctx, checked.session));
    if (!checked || !who) return;
    const host = (checked.form.get('host') ?? '').trim();
    const shared = checked.form.get('shared_host');
    if (shared !== 'open' && shared !== 'closed')
      return render(ctx, who, 422, { kind: 'error', title: 'Choose whether the shared endpoint still answers.' });
    const change: EndpointChange = { host: host === '' ? null : host, sharedHost: host === '' ? 'open' : shared };
    await attempt(
      ctx,
      who,
      () => services.operator.changeEndpoint(who.operatorId, ctx.params.id as string, change),
      'endpoint_saved',
    );
  });
}
