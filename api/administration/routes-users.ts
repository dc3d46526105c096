import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { UserService } from './service';

export function registerUserRoutes(router: AppRouter, operation: BindOperation, users: UserService): void {
  operation(router, 'addMember', async (ctx, { body }) => {
    // Named fields only: a password is never taken from a tenant (see MemberCreate).
    const { email, display_name, role } = body;
    const member = await users.add(requestContext(ctx), { email, display_name, role });
    ctx.status = 201;
    ctx.set('Location', `/api/v1/users/${member.id}`);
    ctx.body = member;
  });

  operation(router, 'listMembers', async (ctx, { query }) => {
    ctx.body = await users.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getMember', async (ctx, { params }) => {
    ctx.body = await users.get(requestContext(ctx), params.id);
  });

  operation(router, 'changeMemberRole', async (ctx, { params, body }) => {
    ctx.body = await users.changeRole(requestContext(ctx), params.id, body.role);
  });

  operation(router, 'resendInvitation', async (ctx, { params }) => {
    ctx.status = 201;
    ctx.body = await users.resendInvitation(requestContext(ctx), params.id);
  });

  operation(router, 'revokeInvitation', async (ctx, { params }) => {
    ctx.body = await users.revokeInvitation(requestContext(ctx), params.id);
  });

  operation(router, 'removeMember', async (ctx, { params }) => {
    await users.remove(requestContext(ctx), params.id);
    ctx.status = 204;
  });

  // Delegations: the signed-in person's own (`me`), or a member's, set by an admin.
  operation(router, 'getMyDelegation', async (ctx) => {
    ctx.body = await users.getDelegation(requestContext(ctx), 'me');
  });
  operation(router, 'setMyDelegation', async (ctx, { body }) => {
    ctx.body = await users.setDelegation(requestContext(ctx), 'me', body);
  });
  operation(router, 'clearMyDelegation', async (ctx) => {
    await users.clearDelegation(requestContext(ctx), 'me');
    ctx.status = 204;
  });
  operation(router, 'getMemberDelegation', async (ctx, { params }) => {
    ctx.body = await users.getDelegation(requestContext(ctx), { memberId: params.id });
  });
  operation(router, 'setMemberDelegation', async (ctx, { params, body }) => {
    ctx.body = await users.setDelegation(requestContext(ctx), { memberId: params.id }, body);
  });
  operation(router, 'clearMemberDelegation', async (ctx, { params }) => {
    await users.clearDelegation(requestContext(ctx), { memberId: params.id });
    ctx.status = 204;
  });
}
