import type { Middleware } from 'koa';
import { insufficientScope } from '../../core/errors';
import type { Principal } from '../../core/principal';
import { hasScope } from '../../core/scopes';
import type { AppState } from '../context';
import { documentedOperations, findOperation } from '../openapi/operations';
import type { OpenApiDocument } from '../openapi/types';

/**
 * Authorization from the contract: the scope an operation requires (`x-required-scope` in the OpenAPI document) is
 * checked right after authentication, before anything that could answer on the operation's behalf (an idempotent
 * replay of a stored response, a body-parsing error that reveals what the operation accepts). A caller without the
 * scope gets the same 403 whatever it sends.
 */
export function authorizeOperation(document: OpenApiDocument): Middleware<AppState> {
  const operations = documentedOperations(document).filter((operation) => operation.scope !== undefined);
  return async (ctx, next) => {
    const operation = findOperation(operations, ctx.method, ctx.path);
    if (operation?.scope) {
      assertScope(ctx.state.principal, operation.scope);
    }
    await next();
  };
}

/** 403 naming the scope the caller lacks. */
export function assertScope(principal: Principal | undefined, scope: string): void {
  if (!principal || !hasScope(principal.scopes, scope)) {
    throw insufficientScope(scope);
  }
}
