import type { Role } from '../../core/roles';
import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { MemberCreate, UserService } from './users';


export function registerUserRoutes(router: AppRouter, operation: BindOperation, users: UserService): void {
  operation(router, 'addMember', async (ctx) => {
    // Named fields only: a password is never taken from a tenant (see MemberCreate).
    const { email, display_name, role } = ctx.state.body as MemberCreate;
    const member = await users.add(requestContext(ctx), { email, display_name, role });
    ctx.status = 201;
    ctx.set('Location', `/api/v1/users/${member.id}`);
    ctx.body = member;
  });

  operation(router, 'listMembers', async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await users.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getMember', async (ctx) => {
    ctx.body = await users.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'changeMemberRole', async (ctx) => {
    ctx.body = await users.changeRole(requestContext(ctx), ctx.params.id as string, (ctx.state.body as { role: Role }).role);
  });

  operation(router, 'removeMember', async (ctx) => {
    await users.remove(requestContext(ctx), ctx.params.id as string);
    ctx.status = 204;
  });
}
