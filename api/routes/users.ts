import type { Principal } from '../../core/principal';
import type { Role } from '../../core/roles';
import type { AppContext, AppRouter } from '../context';
import { requireScope } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import type { RequestValidators } from '../openapi/validators';
import type { MemberCreate, UserService } from '../services/users';

const principalOf = (ctx: AppContext) => ctx.state.principal as Principal;

export function registerUserRoutes(router: AppRouter, users: UserService, validators: RequestValidators): void {
  router.post('/users', requireScope('admin'), validate(validators, 'addMember'), async (ctx) => {
    const principal = principalOf(ctx);
    const member = await users.add(principal.tenantId, principal.actor, ctx.state.body as MemberCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/users/${member.id}`);
    ctx.body = member;
  });

  router.get('/users', requireScope('admin'), validate(validators, 'listMembers'), async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await users.list(principalOf(ctx).tenantId, { limit: query.limit, cursor: query.cursor });
  });

  router.get('/users/:id', requireScope('admin'), validate(validators, 'getMember'), async (ctx) => {
    ctx.body = await users.get(principalOf(ctx).tenantId, ctx.params.id as string);
  });

  router.patch('/users/:id', requireScope('admin'), validate(validators, 'changeMemberRole'), async (ctx) => {
    ctx.body = await users.changeRole(principalOf(ctx).tenantId, ctx.params.id as string, (ctx.state.body as { role: Role }).role);
  });

  router.delete('/users/:id', requireScope('admin'), validate(validators, 'removeMember'), async (ctx) => {
    await users.remove(principalOf(ctx).tenantId, ctx.params.id as string);
    ctx.status = 204;
  });
}
