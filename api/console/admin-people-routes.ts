import type { Context } from 'koa';
import type { Role } from '../../core/roles';
import { ADMIN_PREFIX, noticeOf, seeOther, type Admin, type AdminArea } from './admin-area';
import { confirmPage, peoplePage, type MemberView } from './admin-pages';
import type { Notice } from './layout';

async function renderPeople(
  area: AdminArea,
  ctx: Context,
  who: Admin,
  status = 200,
  notice?: Notice,
  form?: Record<string, string>,
) {
  const members = await area.services.users.list(who.context, { limit: 100 });
  const delegations = await area.services.users.listDelegations(who.context);
  area.kit.send(
    ctx,
    status,
    peoplePage({
      viewer: who.viewer,
      members: members.data as unknown as MemberView[],
      me: who.session.principal.actor.id,
      delegations: new Map(delegations.map((d) => [d.member_id, d])),
      form,
      notice,
    }),
  );
}

/** People and roles: list, add a member, change a role, remove a member after a confirmation page. */
export function registerAdminPeopleRoutes(area: AdminArea): void {
  const { kit, services, base } = area;
  const { router, send } = kit;

  router.get(`${ADMIN_PREFIX}/people`, async (ctx) => {
    const who = await area.adminGet(ctx, 'listMembers');
    if (who) await renderPeople(area, ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/people`, async (ctx) => {
    const who = await area.adminPost(ctx, 'addMember');
    if (!who) return;
    // Named fields only, as the API's route: a password is never taken from a tenant.
    const body = {
      email: (who.form.get('email') ?? '').trim(),
      display_name: (who.form.get('display_name') ?? '').trim(),
      role: who.form.get('role') ?? '',
    };
    const result = await area.attempt('addMember', body, () =>
      services.users.add(who.context, body as { email: string; display_name: string; role: Role }),
    );
    if (!result.ok) return renderPeople(area, ctx, who, result.status, result.notice, body);
    seeOther(ctx, `${base}/people?notice=member_added`);
  });

  router.post(`${ADMIN_PREFIX}/people/:id/invitation`, async (ctx) => {
    const who = await area.adminPost(ctx, 'resendInvitation');
    if (!who) return;
    const result = await area.attempt('resendInvitation', undefined, () =>
      services.users.resendInvitation(who.context, ctx.params.id as string),
    );
    if (!result.ok) return renderPeople(area, ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/people?notice=invitation_sent`);
  });

  router.post(`${ADMIN_PREFIX}/people/:id/invitation/revoke`, async (ctx) => {
    const who = await area.adminPost(ctx, 'revokeInvitation');
    if (!who) return;
    const result = await area.attempt('revokeInvitation', undefined, () =>
      services.users.revokeInvitation(who.context, ctx.params.id as string),
    );
    if (!result.ok) return renderPeople(area, ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/people?notice=invitation_revoked`);
  });

  router.post(`${ADMIN_PREFIX}/people/:id/role`, async (ctx) => {
    const who = await area.adminPost(ctx, 'changeMemberRole');
    if (!who) return;
    const body = { role: who.form.get('role') ?? '' };
    const result = await area.attempt('changeMemberRole', body, () =>
      services.users.changeRole(who.context, ctx.params.id as string, body.role as Role),
    );
    if (!result.ok) return renderPeople(area, ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/people?notice=role_changed`);
  });

  router.get(`${ADMIN_PREFIX}/people/:id/remove`, async (ctx) => {
    const who = await area.adminGet(ctx, 'removeMember');
    if (!who) return;
    const member = await services.users.get(who.context, ctx.params.id as string);
    const name = member.display_name ?? member.email;
    send(
      ctx,
      200,
      confirmPage({
        viewer: who.viewer,
        section: 'people',
        title: `Remove ${name}?`,
        message: `${name} (${member.email}) will lose access to ${who.viewer.tenantName} at once: console sessions and tokens for this tenant stop working. Their decisions and audit records stay.`,
        action: `${base}/people/${member.id}/remove`,
        button: `Remove ${name}`,
        back: { href: `${base}/people`, text: 'Keep them' },
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/people/:id/remove`, async (ctx) => {
    const who = await area.adminPost(ctx, 'removeMember');
    if (!who) return;
    const result = await area.attempt('removeMember', undefined, () =>
      services.users.remove(who.context, ctx.params.id as string),
    );
    if (!result.ok) return renderPeople(area, ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/people?notice=member_removed`);
  });
}
